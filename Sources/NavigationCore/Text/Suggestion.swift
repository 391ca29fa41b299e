/// "Did you mean …?" for a mistyped word: the closest of a set of known words, by edit distance.
public enum Suggestion {
    /// The word of `candidates` closest to `word` (Levenshtein distance, ignoring case), if one is
    /// close enough to be a typo: at most 2 edits, and fewer than half the word's length.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        guard !typed.isEmpty else { return nil }
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
            if distance <= 2, distance * 2 < Swift.max(typed.count, 2), distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.word
    }

    /// ` (did you mean 'launch'?)`, or the empty string.
    public static func hint(for word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
