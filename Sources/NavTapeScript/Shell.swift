/// Command lines as a POSIX shell reads them, for the lines NavTape writes into files that say how
/// to make them again (a generated test's "regenerate with", a shrunk script's "Written by").
public enum Shell {
    /// `words` as one command line: each word as it is when the shell would read it back unchanged,
    /// else in single quotes (a quote inside written `'\''`).
    public static func command(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }

    /// `word`, quoted when it holds anything but letters, digits and `@%+=:,./-_`.
    public static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "@", "%", "+", "=", ":", ",", ".", "/", "-", "_": return true
                default: return false
                }
            }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
