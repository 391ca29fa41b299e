import NavTape
import NavigationCore
import NavigationProjections

/// Opening logs for the read commands.
enum Logs {
    /// Opens the log `input` names (see ``open(_:tornTail:)``), refusing a torn tail with `--strict`.
    static func open(_ input: LogArgument) throws -> TimeMachine {
        try open(input.log, tornTail: input.strict ? .refuse : .warn)
    }

    /// What a read command does with a torn last block (a writer crashed, the disk filled, or it is
    /// still being written).
    enum TornTail {
        /// Read every whole block before it and say on standard error what was left out (exit 0).
        case warn
        /// Refuse the log (exit 65), as `--strict` and `verify` do.
        case refuse
        /// Read the whole blocks without a word (`tail`, which follows a log being written).
        case ignore
    }

    /// Opens `path` after checking it is a readable file. A damaged block in the middle is refused
    /// (exit 65) with the byte offset, pointing at `navtape repair`; a torn tail as `tornTail` says.
    /// The file is never modified.
    static func open(_ path: String, tornTail: TornTail = .warn) throws -> TimeMachine {
        try Files.checkInput(path)
        let machine = try TimeMachine(path: path)
        if let damage = machine.corruption {
            throw CLIError(.dataError, "\(damage.description) (navtape repair salvages the whole blocks)")
        }
        if let torn = machine.tornTail {
            switch tornTail {
            case .refuse:
                throw CLIError(.dataError, "\(torn.description) (navtape repair salvages the whole blocks)")
            case .warn:
                let size = Files.size(of: path).map { " (\($0 - Swift.min($0, machine.readableEnd)) bytes ignored)" } ?? ""
                Diagnostics.line("warning: \(torn.description); read the \(machine.eventCount) events up to byte "
                    + "\(machine.readableEnd)\(size) (navtape repair salvages them into a clean log; --strict refuses)")
            case .ignore:
                break
            }
        }
        return machine
    }

    /// `SESSION @EVENT` for a fork (the session it was forked from and where), else `nil`.
    static func parent(of machine: TimeMachine) -> String? {
        machine.parent.map { "\($0.sessionID) \(pointName($0.forkIndex))" }
    }

    /// The point after the first `count` events as `--at` names it: `@N` for the state after event N
    /// (`@18` after 19 events), `start` before any.
    static func pointName(_ count: UInt64) -> String {
        count == 0 ? "start" : "@\(count - 1)"
    }

    /// The point `index` (an event count), checked against the log's length (exit 64 past the end).
    static func point(_ index: UInt64, in machine: TimeMachine) throws(CLIError) -> UInt64 {
        guard index <= machine.eventCount else {
            throw CLIError(.usage, "\(machine.path): event \(index) is past the end (\(machine.eventCount) events)")
        }
        return index
    }

    /// The time of the last event before point `index` (the start time at 0), and that event.
    static func lastEvent(before index: UInt64, in machine: TimeMachine) throws -> RecordedEvent? {
        guard index > 0 else { return nil }
        return try machine.events(from: index - 1, to: index).first
    }
}

/// Counts commits: the events one command produced, the first marked `startsCommit`.
struct CommitCount: Projection {
    var output = 0

    mutating func consume(_ context: EventContext) {
        if context.startsCommit { output += 1 }
    }
}

/// Statistics and violations of a whole log, gathered in one pass.
struct LogSummary {
    var statistics: SessionStatistics
    var violations: ViolationReport
    /// The number of commands (commits).
    var commits: Int
    /// The state after the last event.
    var final: NavigationState

    /// Summarizes `machine`'s log; `progress` labels the terminal's progress line (none if nil).
    init(_ machine: TimeMachine, progress label: String? = nil) throws {
        // The first bugs and the counts, not every occurrence: memory stays flat however long the log.
        let pair = ProjectionPair(ProjectionPair(SessionStatistics(), ViolationReport(keepingBugs: 10)), CommitCount())
        var projections = ProgressReporting(pair, progress: Progress(label ?? "", total: machine.eventCount, enabled: label != nil && Diagnostics.isTerminal),
                                            countingFrom: 0)
        try machine.run(&projections)
        projections.progress.finish()
        statistics = projections.wrapped.first.first
        violations = projections.wrapped.first.second
        commits = projections.wrapped.second.output
        final = try machine.state(at: machine.eventCount)
    }
}
