import Foundation

/// A region of a committed file that a test generates (from the command vocabulary, the commands'
/// help): it must equal what the test generates, and `scripts/regenerate` rewrites it when stale.
public enum GeneratedRegion {
    /// Compares the text of `file` (relative to the package root) from `start` up to and including
    /// the first `end` after it with `content` (which must itself start with `start` and end with
    /// `end`); returns what is wrong, or nil when nothing is. With `NAVTAPE_REGENERATE=1` a stale
    /// region is rewritten (and still reported, so that the run that rewrote it fails).
    public static func problem(in file: String, from start: String, through end: String, equals content: String) throws -> String? {
        let path = Navtape.root.appendingPathComponent(file).path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let lower = text.range(of: start), let upper = text.range(of: end, range: lower.upperBound..<text.endIndex) else {
            return "\(file): the generated region from \(start.debugDescription) is missing"
        }
        let current = String(text[lower.lowerBound..<upper.upperBound])
        guard current != content else { return nil }
        if ProcessInfo.processInfo.environment["NAVTAPE_REGENERATE"] == "1" {
            try text.replacingCharacters(in: lower.lowerBound..<upper.upperBound, with: content)
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        return "\(file) is stale where it is generated: regenerate with scripts/regenerate"
    }
}
