import ArgumentParser
import NavTape
import NavTapeInterchange
import NavigationCore

/// Opening logs for the read commands: the session layer's judgement (``TimeMachine/open(_:tornTail:)``),
/// its warning printed on standard error.
enum Logs {
    /// Opens the log `input` names, refusing a torn tail with `--strict`.
    static func open(_ input: LogArgument) throws -> TimeMachine {
        try open(input.log, tornTail: input.strict ? .refuse : .warn)
    }

    /// The point `index` (an event count), checked against the log's length (exit 64 past the end).
    static func point(_ index: UInt64, in machine: TimeMachine) throws(CLIError) -> UInt64 {
        guard index <= machine.eventCount else {
            throw CLIError(.usage, "\(machine.path): event \(index) is past the end (\(Plural.count(machine.eventCount, "event")))")
        }
        return index
    }

    /// Opens `path`; a torn tail's warning goes to standard error.
    static func open(_ path: String, tornTail: TornTailPolicy = .warn) throws -> TimeMachine {
        let (machine, warning) = try TimeMachine.open(path, tornTail: tornTail)
        if let warning { Diagnostics.line(warning) }
        return machine
    }
}

/// Several logs on one command line (`verify`, `stats`): files as given, and directories searched
/// for `.navtape` files (recursively, in name order). Each log is reported on its own; the exit
/// status is the worst of them.
struct LogsArgument: ParsableArguments {
    @Argument(help: "NavTape logs (.navtape), or directories holding them.")
    var logs: [String] = []

    @Flag(help: "Refuse a log whose last block is torn (exit 65) instead of reading the whole blocks before it.")
    var strict = false

    /// The logs named (a missing path, or a directory with none, is exit 66 before any is read).
    func paths() throws -> [String] { try SessionLibrary.paths(logs) }
}

enum ManyLogs {
    /// Runs `body` for each log, reporting a failure as one line on standard error (and, with
    /// `json`, as `{"type":"error","log":…,"status":…,"message":…}` on standard output) and going
    /// on; then exits with the worst status.
    static func each(_ paths: [String], json: Bool, _ body: (String) throws -> Void) throws {
        var worst = ExitStatus.success
        for path in paths {
            do {
                try body(path)
            } catch  where Failure.isNavtapeError(error) {
                let status = Failure.report(error)
                if json, let message = Failure.describe(error).message {
                    Output.standard.json(JSONLogFailure.encode(log: path, status: status.rawValue, message: message))
                }
                if status.rawValue > worst.rawValue { worst = status }
            }
        }
        if worst != .success { throw ExitCode(worst.rawValue) }
    }
}

/// A point of a log on the command line (`--at`, `diff`'s events): see ``LogPoint``.
typealias EventPoint = LogPoint

extension LogPoint: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}
