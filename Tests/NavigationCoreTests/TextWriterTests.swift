import Testing
import NavigationCore

/// The byte writer behind the per-event listings: numbers, padding, escaping and growth, each
/// against what `String` gives.
@Suite("TextWriter")
struct TextWriterTests {
    @Test("decimal numbers, zero-padded to a width, as String(_:) writes them")
    func numbers() {
        var values: [UInt64] = [0, 1, 9, 10, 99, 100, 101, 999, 1_000, 65_535, 1_234_567, UInt64(Int64.max), .max]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        for value in values {
            for width in [1, 2, 3, 7, 21, 25] {
                var text = TextWriter()
                text.append(value, width: width)
                let digits = String(value)
                #expect(text.text == String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits, "\(value), width \(width)")
            }
        }
        var signed = TextWriter()
        for value in [0, -1, 42, -1_000, Int.min, Int.max] {
            signed.append(value)
            signed.append(" ")
        }
        #expect(signed.text == "0 -1 42 -1000 \(Int.min) \(Int.max) ")
    }

    @Test("padding counts bytes of printable ASCII and refuses anything else, leaving the count to the caller")
    func padding() {
        var text = TextWriter(escaping: true)
        let start = text.mark
        text.append("@")
        text.append(UInt64(12))
        var padded = text.pad(from: start, to: 6)
        #expect(padded)
        #expect(text.text == "@12   ")
        let wide = text.mark
        text.append("ABCDEFGH")
        padded = text.pad(from: wide, to: 4)
        #expect(padded)
        #expect(text.text == "@12   ABCDEFGH ", "one space at least")
        let accented = text.mark
        text.append("École")
        padded = text.pad(from: accented, to: 10)
        #expect(!padded)
        text.truncate(to: accented)
        #expect(text.text == "@12   ABCDEFGH ")
        padded = text.pad(from: text.mark, to: 3)
        #expect(padded, "truncating restores the count of irregular appends")
        #expect(text.text == "@12   ABCDEFGH    ")
        let arrow = text.mark
        text.append("← ")
        padded = text.pad(from: arrow, to: 5)
        #expect(!padded, "a literal outside ASCII counts as irregular too")
    }

    @Test("strings are escaped as DisplaySafety escapes them when the writer escapes, and kept otherwise")
    func escaping() {
        let samples = ["plain", "École", "名前", "Evil\u{1B}[31mRED\u{202E}\n", "tab\tname", "\u{7F}", "a\r\nb", "", "\u{200B}x", "👩‍👩‍👧"]
        for sample in samples {
            var escaped = TextWriter(escaping: true), raw = TextWriter()
            escaped.append(sample)
            raw.append(sample)
            #expect(escaped.text == DisplaySafety.escaped(sample), "\(sample.debugDescription)")
            #expect(raw.text == sample, "\(sample.debugDescription)")
            #expect(raw.bytes == Array(sample.utf8))
        }
    }

    @Test("the buffer grows past its capacity and keeps what was written; removeAll empties it")
    func growth() {
        var text = TextWriter(capacity: 16)
        var expected = ""
        for round in 0..<2_000 {
            text.append(UInt64(round))
            text.appendSpaces(round % 70)
            text.append("|")
            expected += String(round) + String(repeating: " ", count: round % 70) + "|"
        }
        #expect(text.count == expected.utf8.count)
        #expect(text.text == expected)
        let copied = text.withBytes { Array($0) }
        #expect(copied == Array(expected.utf8))
        text.removeAll()
        #expect(text.count == 0 && text.text.isEmpty)
        text.append("again")
        #expect(text.text == "again")
    }
}
