/// What a query over a library found: the matching sessions (the first ones listed) and aggregates
/// over all of them (docs/JSON.md, "Query").
public struct QueryReport: Codable, Hashable, Sendable {
    /// A rule's occurrences and the sessions they were in.
    public struct RuleCount: Codable, Hashable, Sendable {
        public var occurrences: Int
        public var sessions: Int
    }

    /// A device's collapses.
    public struct DeviceCollapses: Codable, Hashable, Sendable {
        public var collapses: Int
        public var atLaunch: Int
        public var sessions: Int
    }

    /// Always `query`.
    public var type = "query"
    /// The sessions read.
    public var read: Int
    /// The logs that could not be read (left out of everything else).
    public var unreadable: Int
    /// The sessions that passed the filters.
    public var matching: Int
    /// The filters in words.
    public var filters: String
    /// The first matching sessions.
    public var sessions: [SessionSummary]
    /// Milliseconds on screen by screen name, over the matching sessions.
    public var screens: [String: Int64] = [:]
    /// Milliseconds by display mode.
    public var displayModes: [String: Int64] = [:]
    public var collapsesByDevice: [String: DeviceCollapses] = [:]
    public var bugs: [String: RuleCount] = [:]
    public var rejected: [String: RuleCount] = [:]
    public var divergences = 0
    public var divergentSessions = 0

    /// The aggregates over `matching` (of `read` sessions read; `unreadable` logs could not be),
    /// listing the first `listing`.
    public init(_ matching: [SessionSummary], read: Int, unreadable: Int = 0, filter: SessionFilter, listing: Int) {
        self.read = read
        self.unreadable = unreadable
        self.matching = matching.count
        filters = filter.text
        sessions = Array(matching.prefix(listing))
        for session in matching {
            screens.merge(session.screens, uniquingKeysWith: +)
            displayModes.merge(session.displayModes, uniquingKeysWith: +)
            let device = collapsesByDevice[session.device] ?? DeviceCollapses(collapses: 0, atLaunch: 0, sessions: 0)
            collapsesByDevice[session.device] = DeviceCollapses(
                collapses: device.collapses + session.collapses,
                atLaunch: device.atLaunch + session.collapsesAtLaunch,
                sessions: device.sessions + 1)
            for (rule, count) in session.bugs {
                let entry = bugs[rule] ?? RuleCount(occurrences: 0, sessions: 0)
                bugs[rule] = RuleCount(occurrences: entry.occurrences + count, sessions: entry.sessions + 1)
            }
            for (rule, count) in session.rejected {
                let entry = rejected[rule] ?? RuleCount(occurrences: 0, sessions: 0)
                rejected[rule] = RuleCount(occurrences: entry.occurrences + count, sessions: entry.sessions + 1)
            }
            divergences += session.divergences
            if session.divergences > 0 { divergentSessions += 1 }
        }
    }

    /// Reads every log of `paths`, `jobs` at a time (``SessionSummary/read(_:jobs:tornTail:done:)``),
    /// and reports on the sessions `filter` keeps, listing the first `listing`; with the errors of
    /// the logs that could not be read, in the order of `paths`.
    public static func read(
        _ paths: [String], jobs: Int, tornTail: TornTailPolicy, filter: SessionFilter, listing: Int,
        done: (@Sendable (Int) -> Void)? = nil
    ) -> (report: QueryReport, failures: [NavTapeError]) {
        var matching: [SessionSummary] = [], failures: [NavTapeError] = [], read = 0
        for row in SessionSummary.read(paths, jobs: jobs, tornTail: tornTail, done: done) {
            switch row {
            case .success(let summary):
                read += 1
                if filter.matches(summary) { matching.append(summary) }
            case .failure(let error): failures.append(error)
            }
        }
        return (QueryReport(matching, read: read, unreadable: failures.count, filter: filter, listing: listing), failures)
    }

    /// Largest first, then by name.
    public static func ranked<V: Comparable>(_ table: [String: V]) -> [(key: String, value: V)] {
        table.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    }
}
