import Dispatch
import NavigationCore
import NavigationProjections
import Synchronization

/// Counts commits: the events one command produced, the first marked `startsCommit`.
public struct CommitCount: Projection {
    public var output = 0

    /// No commits counted yet.
    public init() {}

    public mutating func consume(_ context: EventContext) {
        if context.startsCommit { output += 1 }
    }
}

/// Statistics and violations of a whole log, gathered in one pass, in memory that stays flat
/// however long the log (the first bugs and the counts, not every occurrence).
public struct LogSummary: Sendable {
    public var statistics: SessionStatistics
    public var violations: ViolationReport
    /// The number of commands (commits).
    public var commits: Int
    /// The state after the last event.
    public var final: NavigationState

    /// A summary of parts gathered elsewhere (the facts' fold gathers them with the moments).
    public init(statistics: SessionStatistics, violations: ViolationReport, commits: Int, final: NavigationState) {
        self.statistics = statistics
        self.violations = violations
        self.commits = commits
        self.final = final
    }

    /// Summarizes `machine`'s log; `observe` is called with the events done (progress).
    public init(_ machine: TimeMachine, observe: ((UInt64) -> Void)? = nil) throws(NavTapeError) {
        var projections = Observed(
            ProjectionPair(ProjectionPair(SessionStatistics(), ViolationReport(keepingBugs: 10)), CommitCount()),
            from: 0, observe: observe)
        try machine.run(&projections)
        statistics = projections.wrapped.first.first
        violations = projections.wrapped.first.second
        commits = projections.wrapped.second.output
        final = try machine.state(at: machine.eventCount)
    }
}

/// One session of a library, as `navtape query`, the library page and `/api/sessions` list it
/// (docs/JSON.md, "Query"), and as the library's catalogue keeps it between runs.
public struct SessionSummary: Codable, Hashable, Sendable {
    /// The log's path.
    public var log: String
    public var sessionID: String
    public var device: String
    /// The policy's name.
    public var policy: String
    /// The split's generation (`unspecified`, `doubleColumn`, …).
    public var style: String
    /// `SESSION @EVENT` for a fork, else `nil`.
    public var parent: String?
    public var events: UInt64
    public var commands: Int
    /// Milliseconds from the start to the last event.
    public var duration: Int64
    public var collapses: Int
    public var collapsesAtLaunch: Int
    public var divergences: Int
    /// The `resynced` events: where a capture adopted UIKit's state without a recorded cause.
    public var resyncs: Int
    /// Occurrences by rule.
    public var bugs: [String: Int]
    /// Rejections and ignores by rule.
    public var rejected: [String: Int]
    /// Milliseconds on screen by screen name.
    public var screens: [String: Int64]
    /// Milliseconds by display mode (`collapsed` while collapsed).
    public var displayModes: [String: Int64]
    /// The session's start, milliseconds since the epoch.
    public var start: Int64
    public var separates: Int
    /// The depth of the deepest navigation stack the session had.
    public var deepestStack: Int
    /// Who recorded it (``SessionOrigin``), each `nil` when unknown.
    public var app: String?
    public var appVersion: String?
    public var build: String?
    public var os: String?
    public var deviceModel: String?

    /// The summary of `machine`'s log, found at `path`.
    public init(path: String, machine: TimeMachine, observe: ((UInt64) -> Void)? = nil) throws(NavTapeError) {
        self.init(path: path, machine: machine, summary: try LogSummary(machine, observe: observe))
    }

    /// The row of `machine`'s log, found at `path`, from its `summary`.
    public init(path: String, machine: TimeMachine, summary: LogSummary) {
        let stats = summary.statistics
        log = path
        sessionID = machine.sessionID
        device = machine.sessionDescription.device
        policy = machine.sessionDescription.policy.name
        style = "\(machine.sessionDescription.style)"
        parent = machine.parentDescription
        events = machine.eventCount
        commands = summary.commits
        duration = (stats.lastTime ?? machine.startTime) - machine.startTime
        collapses = stats.collapses
        collapsesAtLaunch = stats.collapsesAtLaunch
        divergences = stats.count(of: .diverged)
        resyncs = stats.count(of: .resynced)
        bugs = Dictionary(uniqueKeysWithValues: summary.violations.bugCounts.map { ($0.key.description, $0.value) })
        rejected = stats.rejectionsByRule.merging(stats.ignoresByRule, uniquingKeysWith: +)
            .reduce(into: [:]) { $0[$1.key.description] = $1.value }
        screens = stats.screenDwell
        displayModes = stats.displayModeDwell.reduce(into: [:]) { $0[$1.key.description] = $1.value }
        start = machine.startTime
        separates = stats.separates
        deepestStack = stats.maximumStackDepth
        let origin = machine.sessionDescription.origin
        (app, appVersion, build, os, deviceModel) = (origin.app, origin.appVersion, origin.build, origin.os, origin.deviceModel)
    }

    /// Who recorded it.
    public var origin: SessionOrigin {
        SessionOrigin(app: app, appVersion: appVersion, build: build, os: os, deviceModel: deviceModel)
    }

    /// Each bug rule's occurrences, summed.
    public var bugCount: Int { bugs.values.reduce(0, +) }

    /// Reads every log, `jobs` at a time, in the order given: each summary, or why it could not be
    /// read. `done` is called with the number of logs finished so far, from any thread.
    public static func read(
        _ paths: [String], jobs: Int, tornTail: TornTailPolicy,
        done: (@Sendable (Int) -> Void)? = nil
    ) -> [Result<SessionSummary, NavTapeError>] {
        let results = Mutex<[Result<SessionSummary, NavTapeError>?]>(Array(repeating: nil, count: paths.count))
        let finished = Atomic<Int>(0)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Swift.min(Swift.max(jobs, 1), Swift.max(paths.count, 1))) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < paths.count else { return }
                let result: Result<SessionSummary, NavTapeError>
                do throws(NavTapeError) {
                    let machine = try TimeMachine.open(paths[index], tornTail: tornTail).machine
                    result = .success(try SessionSummary(path: paths[index], machine: machine))
                } catch {
                    result = .failure(error)
                }
                results.withLock { $0[index] = result }
                done?(finished.wrappingAdd(1, ordering: .relaxed).newValue)
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}

/// Which sessions a query keeps: every filter must pass; a filter of several values passes when any
/// does. `navtape query`'s options, and the library page's and `/api/sessions`'s parameters.
public struct SessionFilter: Sendable, Hashable {
    /// Sessions that raised any of these rules.
    public var bugs: [String] = []
    /// Sessions with a command rejected or ignored under any of these rules.
    public var rejected: [String] = []
    /// Sessions recorded on any of these devices.
    public var devices: [String] = []
    /// Sessions that showed any of these screens.
    public var screens: [String] = []
    /// Only sessions that diverged from UIKit.
    public var diverged = false

    /// A filter.
    public init(bugs: [String] = [], rejected: [String] = [], devices: [String] = [], screens: [String] = [], diverged: Bool = false) {
        self.bugs = bugs
        self.rejected = rejected
        self.devices = devices
        self.screens = screens
        self.diverged = diverged
    }

    /// Whether `summary` passes every filter.
    public func matches(_ summary: SessionSummary) -> Bool {
        (bugs.isEmpty || bugs.contains { summary.bugs[$0] != nil })
            && (rejected.isEmpty || rejected.contains { summary.rejected[$0] != nil })
            && (devices.isEmpty || devices.contains(summary.device))
            && (screens.isEmpty || screens.contains { summary.screens[$0] != nil })
            && (!diverged || summary.divergences > 0)
    }

    /// No filter at all.
    public var isEmpty: Bool { self == SessionFilter() }

    /// The filters in words (`bug BUG-6|BUG-3, device ipad`).
    public var text: String {
        var parts: [String] = []
        if !bugs.isEmpty { parts.append("bug " + bugs.joined(separator: "|")) }
        if !rejected.isEmpty { parts.append("rejected " + rejected.joined(separator: "|")) }
        if !devices.isEmpty { parts.append("device " + devices.joined(separator: "|")) }
        if !screens.isEmpty { parts.append("screen " + screens.joined(separator: "|")) }
        if diverged { parts.append("diverged") }
        return parts.joined(separator: ", ")
    }
}
