import NavTape
import NavigationCore
import NavigationProjections

/// Opening logs for the read commands.
enum Logs {
    /// Opens `path` after checking it is a readable file; a log with a damaged block or a torn
    /// tail is refused (exit 65) with the byte offset, pointing at `navtape repair`.
    static func open(_ path: String, allowTornTail: Bool = false) throws -> TimeMachine {
        try Files.checkInput(path)
        let machine = try TimeMachine(path: path)
        if let damage = machine.corruption ?? (allowTornTail ? nil : machine.tornTail) {
            throw CLIError(.dataError, "\(damage.description) (navtape repair salvages the whole blocks)")
        }
        return machine
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

    init(_ machine: TimeMachine) throws {
        var projections = ProjectionPair(ProjectionPair(SessionStatistics(), ViolationReport()), CommitCount())
        try machine.run(&projections)
        statistics = projections.first.first
        violations = projections.first.second
        commits = projections.second.output
        final = try machine.state(at: machine.eventCount)
    }
}
