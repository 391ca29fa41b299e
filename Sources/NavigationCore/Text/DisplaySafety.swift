/// The one rule for text from a log that reaches a person (a terminal, a JSON line, a web page):
/// which Unicode scalars are never written raw. Control characters, DEL and C1 controls, the
/// zero-width and invisible formatting characters, line and paragraph separators, and the
/// bidirectional marks, embeddings, overrides and isolates: a name from a log can neither move a
/// terminal's cursor nor hide or reorder what is shown.
public enum DisplaySafety {
    /// Whether `scalar` must be written as an escape.
    @inlinable
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// `text` with every scalar ``needsEscape(_:)`` names written as `\u{…}`: what a terminal line
    /// shows of a name from a log.
    public static func escaped(_ text: String) -> String {
        // Checked over the UTF-8 bytes (every line of `log` and `timeline`): printable ASCII never
        // needs an escape, and only a multi-byte sequence is decoded to ask about its scalar.
        var bytes = text
        if bytes.withUTF8(Self.isSafe) { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether no scalar of the valid UTF-8 `bytes` needs an escape.
    static func isSafe(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                guard lead >= 0x20 && lead != 0x7F else { return false }
                i += 1
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard i + length <= bytes.count else { return false }
            var value = UInt32(lead) & (0xFF >> (length + 1))
            for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
            guard let scalar = Unicode.Scalar(value), !needsEscape(scalar) else { return false }
            i += length
        }
        return true
    }
}
