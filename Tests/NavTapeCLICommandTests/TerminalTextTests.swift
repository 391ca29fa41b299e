import NavigationCore
import NavTape
import Testing

@testable import NavTapeCLI

@Suite("Terminal text")
struct TerminalTextTests {
    /// Every scalar of the ranges `DisplaySafety` names, their neighbours, and scalars of every
    /// UTF-8 length, alone and between other text.
    static let scalars: [Unicode.Scalar] = {
        let values: [ClosedRange<UInt32>] = [
            0...0x7F, 0x80...0xA0, 0x7FF...0x800, 0x2000...0x2070, 0xFEFE...0xFF00,
            0xFFFD...0xFFFD, 0x10000...0x10001, 0x1F600...0x1F600, 0x10FFFF...0x10FFFF,
        ]
        return values.flatMap { $0.compactMap(Unicode.Scalar.init) }
    }()

    @Test("a scalar is escaped exactly when DisplaySafety says so, whatever its UTF-8 length")
    func escapesWhatDisplaySafetyNames() {
        for scalar in Self.scalars {
            for text in [String(scalar), "a\(scalar)é", "▸ \(scalar)\u{1F600}"] {
                let escaped = DisplaySafety.escaped(text)
                #expect(
                    escaped.unicodeScalars.contains(scalar) == !DisplaySafety.needsEscape(scalar),
                    "U+\(String(scalar.value, radix: 16)) in \(text.debugDescription)")
                #expect(!escaped.unicodeScalars.contains(where: DisplaySafety.needsEscape))
            }
        }
        #expect(DisplaySafety.escaped("Evil\u{1B}[31m\u{202E}") == #"Evil\u{1B}[31m\u{202E}"#)
        #expect(DisplaySafety.escaped("Détail → ▸") == "Détail → ▸")
    }
}
