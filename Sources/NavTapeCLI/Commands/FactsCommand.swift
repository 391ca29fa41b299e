import ArgumentParser
import EventLog
import NavTape
import NavTapeInterchange
import Synchronization

/// `navtape facts LOG|DIR…`.
struct FactsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facts",
        abstract: "Write the facts of logs as JSON lines for ClickHouse: one row per session, one per command.",
        discussion: """
            The fold SQL cannot do, in ClickHouse's JSONEachRow format (docs/JSON.md, "Facts"; the \
            tables: Integrations/ClickHouse/schema.sql): the sessions table's rows (what query lists, \
            who recorded it, the log's content hash) and the moments table's (each command: its \
            events, time, rules, bugs, divergences, traits, display mode, the depth and top screen of \
            each column). Logs are read --jobs at a time, each in flat memory, and the rows come out \
            in the order of the logs. Without --sessions or --moments the sessions rows go to \
            standard output. A log that cannot be read is reported on standard error and left out \
            (the exit status is then the worst of them).

            Examples:
              navtape facts recordings/ > sessions.jsonl
              navtape facts recordings/ --sessions s.jsonl --moments m.jsonl --jobs 4
              navtape facts navtape-demo.navtape --moments - | clickhouse-client -q 'INSERT INTO moments FORMAT JSONEachRow'
            """)

    @OptionGroup var input: LogsArgument

    @Option(help: ArgumentHelp("Write the sessions rows to this file (- for standard output).", valueName: "file"))
    var sessions: String?

    @Option(help: ArgumentHelp("Write the moments rows to this file (- for standard output).", valueName: "file"))
    var moments: String?

    @Flag(help: "Replace the output files if they exist.")
    var force = false

    @Option(help: "Logs read at once (default: the number of cores).")
    var jobs = Cores.count

    func validate() throws {
        guard !input.logs.isEmpty else { throw ValidationError("Give at least one log or directory.") }
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        guard !(sessions == "-" && moments == "-") && (sessions != moments || sessions == nil) else {
            throw ValidationError("--sessions and --moments need two different outputs.")
        }
    }

    func run() throws {
        let paths = try input.paths()
        let files = try [sessions ?? (moments == nil ? "-" : nil), moments].map { try $0.map { try FactsOutput(path: $0, force: force) } }
        let worst = Atomic<Int32>(0)
        let writer = FactsWriter(
            sessions: files[0]?.write, moments: files[1]?.write,
            failed: { _, error in worst.max(Failure.report(error).rawValue) },
            progress: ProgressLine.counter("facts", total: paths.count))
        Facts.read(
            paths, jobs: jobs, tornTail: input.strict ? .refuse : .warn,
            encoder: writer.encoder, sink: writer)
        ProgressLine.erase(paths.count)
        for file in files { try file?.commit() }
        if worst.load(ordering: .relaxed) != 0 { throw ExitCode(worst.load(ordering: .relaxed)) }
    }
}

/// Where `facts` writes one table: standard output, or a file written whole.
struct FactsOutput {
    let file: OutputFile?
    let write: FactsWriter.Write

    init(path: String, force: Bool) throws {
        guard path != "-" else {
            file = nil
            write = { bytes in Output.standard.raw(bytes) }
            return
        }
        try Files.prepareOutput(path, force: force)
        let file = try OutputFile(path: path, replacing: force)
        self.file = file
        write = FactsWriter.writing(to: file)
    }

    func commit() throws { try file?.commit() }
}

extension Atomic<Int32> {
    /// Keeps the larger of the value and `value`.
    func max(_ value: Int32) {
        var current = load(ordering: .relaxed)
        while value > current {
            let (exchanged, original) = compareExchange(expected: current, desired: value, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
