/// A count and its noun as English writes them: `1 event`, `2 events`, `1 match`, `0 sessions`.
/// The one spelling of counts in every line NavTape prints.
public enum Plural {
    /// `count` followed by `singular`, or by `plural` (default: `singular` + `s`) unless it is 1.
    public static func count(_ count: some BinaryInteger, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
    }
}
