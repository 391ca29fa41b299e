import ArgumentParser
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavTape
import NavigationCore
import NavTapeInterchange
import Synchronization

/// `navtape query DIR|LOG…`.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Ask a library of sessions: which hit a bug, where users spend time, how often the split collapses.",
        discussion: """
            Reads every log (directories are searched for .navtape files), one session per task on all \
            cores, keeps the sessions that pass every filter (a filter given several times matches any \
            of its values), and prints them with aggregates over them: time per screen and per display \
            mode, collapses by device, bugs, rejections and ignores by rule, divergences from UIKit. \
            Progress is drawn on a terminal. A log that cannot be read is reported on standard error \
            and left out (the exit status is then the worst of them). With --json, one object \
            (docs/JSON.md, "Query").

            Examples:
              navtape query recordings/ --bug BUG-6
              navtape query recordings/ --device iphone-plus --screen PasteDetail --json
              navtape query recordings/ --rejected NV-1 --sessions 50
            """)

    @OptionGroup var input: LogsArgument

    @Option(help: ArgumentHelp("Only sessions that raised this bug or invariant (BUG-6, INV-4).", valueName: "rule"))
    var bug: [String] = []

    @Option(help: ArgumentHelp("Only sessions with a command rejected or ignored under this rule (NV-1).", valueName: "rule"))
    var rejected: [String] = []

    @Option(help: ArgumentHelp("Only sessions recorded on this device (its label: iphone-plus, ipad, …).", valueName: "device"))
    var device: [String] = []

    @Option(help: ArgumentHelp("Only sessions where this screen was on screen.", valueName: "name"))
    var screen: [String] = []

    @Flag(help: "Only captured sessions where UIKit differed from the model (docs/Capture.md).")
    var diverged = false

    @Option(help: "How many matching sessions to list (the aggregates cover all of them).")
    var sessions = 20

    @Option(help: "Sessions read at once (default: the number of cores).")
    var jobs = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard !input.logs.isEmpty else { throw ValidationError("Give at least one log or directory.") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        guard sessions >= 0 else { throw ValidationError("--sessions must be 0 or more.") }
        for rule in bug + rejected where RuleID(parsing: rule) == nil {
            throw ValidationError("'\(rule)' is not a rule ID such as BUG-6 or NV-1.")
        }
    }

    func run() throws {
        let paths = try ManyLogs.paths(input.logs)
        let rows = QuerySummary.read(paths, jobs: jobs, strict: input.strict)
        var worst = ExitStatus.success
        var matching: [QuerySummary] = []
        for row in rows {
            switch row {
            case .success(let summary):
                if filter.matches(summary) { matching.append(summary) }
            case .failure(let failure):
                Diagnostics.line(failure.message)
                if failure.status.rawValue > worst.rawValue { worst = failure.status }
            }
        }
        let report = QueryReport(matching, read: rows.count, filters: filter.text)
        if format.json {
            Output.standard.raw(report.json(listing: sessions).text + "\n")
        } else {
            Output.standard.lines(report.text(listing: sessions))
        }
        if worst != .success { throw ExitCode(worst.rawValue) }
    }

    /// The filters the options give.
    var filter: QueryFilter {
        QueryFilter(bugs: bug, rejected: rejected, devices: device, screens: screen, diverged: diverged)
    }
}

/// Which sessions a query keeps: every filter must pass; a filter of several values passes when any
/// does. `navtape query`'s options, and `serve`'s library page and `/api/sessions` parameters.
struct QueryFilter: Sendable, Equatable {
    var bugs: [String] = []
    var rejected: [String] = []
    var devices: [String] = []
    var screens: [String] = []
    var diverged = false

    /// Whether `summary` passes every filter.
    func matches(_ summary: QuerySummary) -> Bool {
        (bugs.isEmpty || bugs.contains { summary.bugs[$0] != nil })
            && (rejected.isEmpty || rejected.contains { summary.rejected[$0] != nil })
            && (devices.isEmpty || devices.contains(summary.device))
            && (screens.isEmpty || screens.contains { summary.screens[$0] != nil })
            && (!diverged || summary.divergences > 0)
    }

    /// No filter at all.
    var isEmpty: Bool { self == QueryFilter() }

    /// The filters in words (`bug BUG-6|BUG-3, device ipad`).
    var text: String {
        var parts: [String] = []
        if !bugs.isEmpty { parts.append("bug " + bugs.joined(separator: "|")) }
        if !rejected.isEmpty { parts.append("rejected " + rejected.joined(separator: "|")) }
        if !devices.isEmpty { parts.append("device " + devices.joined(separator: "|")) }
        if !screens.isEmpty { parts.append("screen " + screens.joined(separator: "|")) }
        if diverged { parts.append("diverged") }
        return parts.joined(separator: ", ")
    }
}

/// What `query` keeps of one session: its header and the one-pass summary (``LogSummary``).
struct QuerySummary: Sendable {
    var path: String
    var sessionID: String
    var device: String
    var policy: String
    /// The split's generation (`unspecified`, `doubleColumn`, …).
    var style: String
    /// `SESSION @EVENT` for a fork, else `nil`.
    var parent: String?
    var events: UInt64
    var commands: Int
    var duration: Int64
    var collapses: Int
    var collapsesAtLaunch: Int
    var divergences: Int
    /// Occurrences by rule.
    var bugs: [String: Int]
    /// Rejections and ignores by rule.
    var rejected: [String: Int]
    /// Milliseconds on screen by screen name.
    var screens: [String: Int64]
    /// Milliseconds by display mode (`collapsed` while collapsed).
    var displayModes: [String: Int64]

    init(path: String, machine: TimeMachine) throws {
        let summary = try LogSummary(machine)
        let stats = summary.statistics
        self.path = path
        sessionID = machine.sessionID
        device = machine.sessionDescription.device
        policy = machine.sessionDescription.policy.name
        style = "\(machine.sessionDescription.style)"
        parent = Logs.parent(of: machine)
        events = machine.eventCount
        commands = summary.commits
        duration = (stats.lastTime ?? machine.startTime) - machine.startTime
        collapses = stats.collapses
        collapsesAtLaunch = stats.collapsesAtLaunch
        divergences = stats.count(of: .diverged)
        bugs = Dictionary(uniqueKeysWithValues: summary.violations.bugCounts.map { ($0.key.description, $0.value) })
        rejected = stats.rejectionsByRule.merging(stats.ignoresByRule, uniquingKeysWith: +)
            .reduce(into: [:]) { $0[$1.key.description] = $1.value }
        screens = stats.screenDwell
        displayModes = stats.displayModeDwell.reduce(into: [:]) { $0[$1.key.description] = $1.value }
    }

    /// Everything the row holds, for `serve`'s catalogue (``init(catalogue:)`` reads it back).
    var catalogueJSON: JSONValue {
        .object(json.merging([
            "collapses": .int(Int64(collapses)), "collapsesAtLaunch": .int(Int64(collapsesAtLaunch)),
            "rejected": .object(rejected.mapValues { .int(Int64($0)) }),
            "screens": .object(screens.mapValues { .int($0) }), "displayModes": .object(displayModes.mapValues { .int($0) }),
        ]) { $1 })
    }

    /// A row read back from ``catalogueJSON``; `nil` when anything is missing or mistyped.
    init?(catalogue value: JSONValue) {
        func text(_ key: String) -> String? { if case .string(let v)? = value[key] { v } else { nil } }
        func number(_ key: String) -> Int64? { if case .int(let v)? = value[key] { v } else { nil } }
        func counts(_ key: String) -> [String: Int64]? {
            guard case .object(let members)? = value[key] else { return nil }
            var out: [String: Int64] = [:]
            for (name, member) in members {
                guard case .int(let v) = member else { return nil }
                out[name] = v
            }
            return out
        }
        guard let path = text("log"), let sessionID = text("sessionID"), let device = text("device"), let policy = text("policy"),
              let style = text("style"), let events = number("events"), events >= 0, let commands = number("commands"),
              let duration = number("duration"), let collapses = number("collapses"), let atLaunch = number("collapsesAtLaunch"),
              let divergences = number("divergences"), let bugs = counts("bugs"), let rejected = counts("rejected"),
              let screens = counts("screens"), let displayModes = counts("displayModes")
        else { return nil }
        self.path = path
        self.sessionID = sessionID
        self.device = device
        self.policy = policy
        self.style = style
        parent = text("parent")
        self.events = UInt64(events)
        self.commands = Int(commands)
        self.duration = duration
        self.collapses = Int(collapses)
        collapsesAtLaunch = Int(atLaunch)
        self.divergences = Int(divergences)
        self.bugs = bugs.mapValues { Int($0) }
        self.rejected = rejected.mapValues { Int($0) }
        self.screens = screens
        self.displayModes = displayModes
    }

    /// The session's row in `query --json` and `serve`'s `/api/sessions`.
    var json: [String: JSONValue] {
        ["log": .string(path), "sessionID": .string(sessionID), "device": .string(device), "policy": .string(policy),
         "style": .string(style), "parent": parent.map(JSONValue.string) ?? .null,
         "events": .int(Int64(events)), "commands": .int(Int64(commands)), "duration": .int(duration),
         "bugs": .object(bugs.mapValues { .int(Int64($0)) }), "divergences": .int(Int64(divergences))]
    }

    /// Reads every log, `jobs` at a time, in the order given; each result or its failure.
    static func read(_ paths: [String], jobs: Int, strict: Bool) -> [Result<QuerySummary, CLIError>] {
        let results = Mutex<[Result<QuerySummary, CLIError>?]>(Array(repeating: nil, count: paths.count))
        let done = Atomic<Int>(0)
        let progress = Diagnostics.isTerminal && paths.count > 1
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: Swift.min(jobs, Swift.max(paths.count, 1))) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < paths.count else { return }
                let result: Result<QuerySummary, CLIError>
                do {
                    let machine = try Logs.open(paths[index], tornTail: strict ? .refuse : .warn)
                    result = .success(try QuerySummary(path: paths[index], machine: machine))
                } catch {
                    let (status, message) = Failure.describe(error)
                    result = .failure(CLIError(status, message ?? "\(paths[index]): \(error)"))
                }
                results.withLock { $0[index] = result }
                let finished = done.wrappingAdd(1, ordering: .relaxed).newValue
                if progress && (finished % 16 == 0 || finished == paths.count) {
                    Diagnostics.raw("\rquery: \(finished)/\(paths.count) sessions")
                }
            }
        }
        if progress { Diagnostics.raw("\r\u{1B}[K") }
        return results.withLock { $0.compactMap { $0 } }
    }
}

/// The aggregates over the matching sessions.
struct QueryReport {
    var matching: [QuerySummary]
    var read: Int
    var filters: String
    var screens: [String: Int64] = [:]
    var displayModes: [String: Int64] = [:]
    /// Collapses, collapses at launch and sessions by device.
    var devices: [String: (collapses: Int, atLaunch: Int, sessions: Int)] = [:]
    /// Occurrences and sessions by rule.
    var bugs: [String: (occurrences: Int, sessions: Int)] = [:]
    var rejected: [String: (occurrences: Int, sessions: Int)] = [:]
    var divergences = 0, divergentSessions = 0

    init(_ matching: [QuerySummary], read: Int, filters: String) {
        self.matching = matching
        self.read = read
        self.filters = filters
        for session in matching {
            screens.merge(session.screens, uniquingKeysWith: +)
            displayModes.merge(session.displayModes, uniquingKeysWith: +)
            let device = devices[session.device] ?? (0, 0, 0)
            devices[session.device] = (device.collapses + session.collapses, device.atLaunch + session.collapsesAtLaunch, device.sessions + 1)
            for (rule, count) in session.bugs {
                let entry = bugs[rule] ?? (0, 0)
                bugs[rule] = (entry.occurrences + count, entry.sessions + 1)
            }
            for (rule, count) in session.rejected {
                let entry = rejected[rule] ?? (0, 0)
                rejected[rule] = (entry.occurrences + count, entry.sessions + 1)
            }
            divergences += session.divergences
            if session.divergences > 0 { divergentSessions += 1 }
        }
    }

    /// Largest first, then by name.
    static func ranked<V: Comparable>(_ table: [String: V]) -> [(key: String, value: V)] {
        table.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    }

    func text(listing limit: Int) -> [String] {
        var lines = ["query: \(read) sessions read, \(matching.count) match" + (filters.isEmpty ? "" : " (\(filters))")]
        for session in matching.prefix(limit) {
            let bugs = session.bugs.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            lines.append("  \(session.path)  \(session.device) · \(session.policy) · \(session.events) events · \(duration(session.duration))"
                         + (bugs.isEmpty ? "" : " · \(bugs)"))
        }
        if matching.count > limit { lines.append("  … \(matching.count - limit) more (--sessions N lists more)") }
        guard !matching.isEmpty else { return lines }
        let screens = Self.ranked(self.screens)
        lines.append("time per screen: " + (screens.isEmpty ? "none" : screens.prefix(10).map { "\($0.key) \(duration($0.value))" }
            .joined(separator: " · ") + (screens.count > 10 ? " · …" : "")))
        lines.append("time per display mode: " + Self.ranked(displayModes).map { "\($0.key) \(duration($0.value))" }.joined(separator: " · "))
        lines.append("collapses by device: " + devices.sorted { $0.key < $1.key }.map {
            "\($0.key) \($0.value.collapses) (\($0.value.atLaunch) at launch) in \($0.value.sessions) sessions"
        }.joined(separator: " · "))
        func rules(_ table: [String: (occurrences: Int, sessions: Int)]) -> String {
            table.isEmpty ? "none" : table.sorted { $0.key < $1.key }
                .map { "\($0.key) ×\($0.value.occurrences) in \($0.value.sessions) sessions" }.joined(separator: " · ")
        }
        lines.append("bugs: " + rules(bugs))
        lines.append("rejected and ignored: " + rules(rejected))
        if divergences > 0 { lines.append("divergences from UIKit: \(divergences) in \(divergentSessions) sessions") }
        return lines
    }

    func json(listing limit: Int) -> JSONValue {
        func rules(_ table: [String: (occurrences: Int, sessions: Int)]) -> JSONValue {
            .object(table.mapValues { .object(["occurrences": .int(Int64($0.occurrences)), "sessions": .int(Int64($0.sessions))]) })
        }
        return .object([
            "type": .string("query"), "read": .int(Int64(read)), "matching": .int(Int64(matching.count)), "filters": .string(filters),
            "sessions": .array(matching.prefix(limit).map { .object($0.json) }),
            "screens": .object(screens.mapValues { .int($0) }), "displayModes": .object(displayModes.mapValues { .int($0) }),
            "collapsesByDevice": .object(devices.mapValues {
                .object(["collapses": .int(Int64($0.collapses)), "atLaunch": .int(Int64($0.atLaunch)), "sessions": .int(Int64($0.sessions))])
            }),
            "bugs": rules(bugs), "rejected": rules(rejected),
            "divergences": .int(Int64(divergences)), "divergentSessions": .int(Int64(divergentSessions)),
        ])
    }
}
