import NavTape
import NavTapeInterchange

/// A fleet's sessions as a library lists them: the `sessions` table of a ClickHouse server
/// (`navtape serve --clickhouse URL`), filtered, counted, sorted and paged by SQL, so the library
/// page stays as fast over millions of sessions as over a directory. The table is the facts'
/// (`Integrations/ClickHouse/schema.sql`, or a `Distributed` table over it); rows are read `FINAL`,
/// so a session ingested twice is listed once.
public struct FleetSessions: SessionIndex {
    /// The server (one retry: a page waits for an answer).
    public var clickhouse: ClickHouse
    /// The table (`sessions`, or `database.table`).
    public let table: String

    /// The sessions of `table` on the server at `url`.
    /// - Throws: ``FleetError`` `.invalidURL` for a bad URL or a table name that is not
    ///   `[database.]name` of letters, digits and `_`.
    public init(url: String, table: String = "sessions") throws(FleetError) {
        clickhouse = try ClickHouse(url: url)
        clickhouse.retries = 1
        let parts = table.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { ($0 | 0x20) >= 97 && ($0 | 0x20) <= 122 || (48...57).contains($0) || $0 == 95 } })
        else { throw FleetError(.invalidURL, "table '\(table)': give a name of letters, digits and _ (optionally database.name)") }
        self.table = table
    }

    public var source: String { "ClickHouse \(clickhouse.endpoint), table \(table)" }

    /// The page `view` shows: three queries (the counts, the rows, the menus' values).
    /// - Throws: ``FleetError`` when the server cannot be reached, refuses, or answers rows that are
    ///   not the facts' (`.schemaMismatch`, `.badResponse`).
    public func listing(_ view: LibraryView) throws(FleetError) -> SessionListing {
        let condition = Self.condition(view.filter)
        let counts = try rows("SELECT count() AS sessions, countIf(\(condition)) AS matching FROM \(table) FINAL").first
        let columns = Self.summaryColumns.joined(separator: ", ")
        let page = try rows(
            "SELECT \(columns) FROM \(table) FINAL WHERE \(condition) ORDER BY \(Self.order(view)) "
                + "LIMIT \(Swift.max(0, view.offset)), \(Swift.max(0, view.limit ?? LibraryView.indexLimit))")
        let menus = try rows(
            "SELECT groupUniqArray(device) AS devices, groupUniqArrayArray(bugRules) AS bugs, "
                + "arraySlice(groupUniqArrayArray(screens), 1, \(Self.maximumMenuValues)) AS screens FROM \(table) FINAL"
        ).first
        func strings(_ key: String) -> [String] {
            guard case .array(let values)? = menus?[key] else { return [] }
            return values.compactMap { if case .string(let text) = $0 { text } else { nil } }.sorted()
        }
        let summaries: [SessionSummary]
        do {
            summaries = try page.map { row throws(JSONError) in try FactsRows.summary(ofSessionRow: row) }
        } catch {
            throw FleetError(.schemaMismatch, "\(clickhouse.endpoint): table \(table): a row that is not the facts' (\(error))")
        }
        return SessionListing(
            sessions: Self.count(counts?["sessions"]), matching: Self.count(counts?["matching"]), rows: summaries,
            devices: strings("devices"), bugs: strings("bugs"), screens: strings("screens"))
    }

    /// The most screens the menu offers (a fleet's apps may have thousands).
    static let maximumMenuValues = 1_000

    /// The sessions in the table, once it is known to have every column a row needs: what a server
    /// asks at start, so that a wrong URL or table is an error there rather than on every page.
    /// - Throws: ``FleetError`` (`.schemaMismatch` naming the missing columns).
    public func sessionCount() throws(FleetError) -> Int {
        try clickhouse.requireColumns(Self.summaryColumns, of: table)
        return Self.count(try rows("SELECT count() AS sessions FROM \(table) FINAL").first?["sessions"])
    }

    /// The columns a library row is made of (the table must have them).
    static let summaryColumns = [
        "log", "session", "device", "policy", "style", "parent", "events", "commands", "duration", "collapses", "collapsesAtLaunch",
        "divergences", "resyncs", "bugRules", "bugCounts", "rejectedRules", "rejectedCounts", "screens", "screenTimes", "displayModes",
        "displayModeTimes", "start", "separates", "deepestStack", "app", "appVersion", "build", "os", "deviceModel",
    ]

    /// The filter as a SQL condition: every filter must pass, a filter of several values when any does
    /// (``NavTape/SessionFilter/matches(_:)``).
    static func condition(_ filter: SessionFilter) -> String {
        func list(_ values: [String]) -> String { values.map(literal).joined(separator: ", ") }
        var parts: [String] = []
        if !filter.bugs.isEmpty { parts.append("hasAny(bugRules, [\(list(filter.bugs))])") }
        if !filter.rejected.isEmpty { parts.append("hasAny(rejectedRules, [\(list(filter.rejected))])") }
        if !filter.devices.isEmpty { parts.append("device IN (\(list(filter.devices)))") }
        if !filter.screens.isEmpty { parts.append("hasAny(screens, [\(list(filter.screens))])") }
        if filter.diverged { parts.append("divergences > 0") }
        return parts.isEmpty ? "1" : parts.joined(separator: " AND ")
    }

    /// The view's order as SQL, ties by log path (``NavTape/LibraryView/apply(_:)`` keeps ties in
    /// the library's order, which is by path; in a fleet, `number` is that order too).
    static func order(_ view: LibraryView) -> String {
        let direction = view.descending ? " DESC" : ""
        let column: String
        switch view.sort {
        case "number", "log": return "log" + direction
        case "session": column = "session"
        case "device": column = "device"
        case "policy": column = "policy"
        case "style": column = "style"
        case "parent": column = "parent"
        case "events": column = "events"
        case "commands": column = "commands"
        case "duration": column = "duration"
        case "bugs": column = "arraySum(bugCounts)"
        default: column = "divergences"
        }
        return column + direction + ", log"
    }

    /// `text` as a ClickHouse string literal: quoted, its backslashes and quotes escaped, every byte
    /// outside printable ASCII written as `\xHH` (nothing in it can end the literal).
    static func literal(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "'")]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
            case 0x20..<0x7F: out.append(byte)
            default: out += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        out.append(UInt8(ascii: "'"))
        return String(decoding: out, as: UTF8.self)
    }

    /// A count as ClickHouse writes it (a number, or a string of one for 64-bit integers).
    static func count(_ value: JSONValue?) -> Int {
        switch value {
        case .int(let n)?: Int(clamping: n)
        case .string(let text)?: Int(text) ?? 0
        default: 0
        }
    }

    /// The rows `sql` answers, one JSON object each.
    private func rows(_ sql: String) throws(FleetError) -> [JSONValue] {
        let text = try clickhouse.query(sql + " FORMAT JSONEachRow")
        var rows: [JSONValue] = []
        for line in text.split(separator: "\n") where !line.isEmpty {
            do {
                rows.append(try JSONValue.parse(String(line)))
            } catch {
                throw FleetError(.badResponse, "\(clickhouse.endpoint): an answer that is not JSON lines (\(error))")
            }
        }
        return rows
    }
}
