/// Sessions listed from somewhere other than the library's own files: a fleet's `sessions` table
/// (`navtape serve --clickhouse`). The filter, the order and the counts are worked out where the
/// rows are; only the page shown travels.
public protocol SessionIndex: Sendable {
    /// Where the rows come from, in words (`ClickHouse 127.0.0.1:8123, table sessions`).
    var source: String { get }
    /// The rows `view` shows (its ``LibraryView/offset`` and ``LibraryView/limit`` applied), with
    /// the counts and every value the filter menus offer.
    /// - Throws: whatever the index's own error is when it cannot answer.
    func listing(_ view: LibraryView) throws -> SessionListing
}

/// One page of a library as a ``LibraryView`` shows it.
public struct SessionListing: Sendable, Hashable {
    /// The sessions of the library, shown or not.
    public var sessions: Int
    /// The sessions passing the view's filter (the page holds at most ``LibraryView/limit`` of them).
    public var matching: Int
    /// The page: the view's rows from its offset, in its order.
    public var rows: [SessionSummary]
    /// The values the filter menus offer, over the whole library: devices, bug rules, screens.
    public var devices: [String]
    public var bugs: [String]
    public var screens: [String]

    /// A page.
    public init(sessions: Int, matching: Int, rows: [SessionSummary], devices: [String], bugs: [String], screens: [String]) {
        self.sessions = sessions
        self.matching = matching
        self.rows = rows
        self.devices = devices
        self.bugs = bugs
        self.screens = screens
    }
}
