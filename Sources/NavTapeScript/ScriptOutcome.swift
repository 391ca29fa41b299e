import NavigationCore

/// One script session's outcome, as `navtape run --junit` and `--json` report it (docs/JSON.md,
/// "Script runs"): the run, or why the script could not run.
public struct ScriptOutcome: Encodable, Sendable {
    /// The script file.
    public var file: String
    /// The session's name when the script holds several.
    public var session: String?
    /// The run, or `nil` when the script could not be parsed or run.
    public var run: ScriptRun?
    /// Why it could not run: `FILE:LINE:COLUMN: message`.
    public var error: ScriptError?
    /// Wall-clock seconds the run took.
    public var seconds: Double
    /// The log the session was recorded to (`record`, `run -o`), if any.
    public var log: String?
    /// Whether the script could not be read at all (no such file, or a directory with none).
    public var unreadable = false

    /// An outcome.
    public init(file: String, session: String? = nil, run: ScriptRun? = nil, error: ScriptError? = nil, seconds: Double = 0, log: String? = nil) {
        self.file = file
        self.session = session
        self.run = run
        self.error = error
        self.seconds = seconds
        self.log = log
    }

    /// The test case's name: the file, and the session when there are several.
    public var name: String { Self.label(file: file, session: session) }

    /// `FILE [session NAME]`.
    public static func label(file: String, session: String?) -> String { file + (session.map { " [session \($0)]" } ?? "") }

    private enum Keys: String, CodingKey {
        case type, file, session, log, passed, error, expectations, commands, events, failures, answers
    }

    private struct Failure: Encodable {
        var line: Int
        var expected: String
        var actual: String
    }

    private struct Answer: Encodable {
        var line: Int
        var query: String
        var answer: String
    }

    private struct Problem: Encodable {
        var line: Int
        var column: Int
        var message: String
    }

    /// `{"type":"script","file":…,"session":…,"passed":…,…}`: the run's counts, failures and SH-14
    /// answers (a query sends nothing, so it is in no log), or the error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode("script", forKey: .type)
        try container.encode(file, forKey: .file)
        try container.encode(session, forKey: .session)
        if let log { try container.encode(log, forKey: .log) }
        if let error {
            try container.encode(false, forKey: .passed)
            try container.encode(Problem(line: error.line, column: error.column, message: error.message), forKey: .error)
        } else if let run {
            try container.encode(run.passed, forKey: .passed)
            try container.encode(run.expectationsChecked, forKey: .expectations)
            try container.encode(run.commandCount, forKey: .commands)
            try container.encode(run.eventCount, forKey: .events)
            try container.encode(run.failures.map { Failure(line: $0.line, expected: $0.expected, actual: $0.actual) }, forKey: .failures)
            try container.encode(
                run.answers.map {
                    Answer(line: $0.line, query: "\($0.action.name) from \($0.sender)", answer: $0.wouldPush ? "push" : "noPush")
                }, forKey: .answers)
        }
    }
}
