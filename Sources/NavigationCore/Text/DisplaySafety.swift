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
}
