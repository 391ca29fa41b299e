import NavTapeScript
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLog
import NavTape
import NavigationCore
import NavTapeInterchange

/// `navtape record SCRIPT -o LOG` and `navtape record --intents FILE|- -o LOG`.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a session to a new log: from a scenario script, or live from an app's intent stream.",
        discussion: """
            A script's expectations are checked as with `run`; the log is written either way. A line \
            that cannot be run stops with FILE:LINE:COLUMN: message (exit 65) and no log. `-` reads the \
            script from standard input.

            With --intents, the input is an app's capture (docs/Capture.md): JSON lines of what the app \
            asked UIKit, each decided with the session's delegate and appended as it arrives (from a \
            file, a FIFO or standard input). Each line is acknowledged on standard output once durable; \
            where the line carries UIKit's observed state and it differs from the model, a `diverged` \
            event is recorded and printed (see `navtape conformance`). The log appears at once and grows \
            (`navtape tail -f` follows it), so it never replaces a file: --force is refused. End of input or Ctrl-C closes it cleanly; a malformed line \
            stops with FILE:LINE: message (exit 65), keeping every line before it.

            Examples:
              navtape demo --write-scripts examples   # the scenario scripts and capture samples that ship with navtape
              navtape record examples/T18.navscript -o t18.navtape
              navtape record session.navscript -o session.navtape --force
              navtape record --intents examples/Capture/calendar-paste.intents.jsonl -o cp.navtape
              my-app-capture | navtape record --intents - -o live.navtape
            """)

    @Argument(help: ArgumentHelp("A scenario script (docs/ScriptFormat.md), or - for standard input.", valueName: "script"))
    var script: String?

    @Option(help: ArgumentHelp("An app's intent stream (docs/Capture.md), or - for standard input.", valueName: "file"))
    var intents: String?

    @OptionGroup var output: OutputOptions

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard (script == nil) != (intents == nil) else {
            throw ValidationError("Give either a script or --intents FILE.")
        }
        if intents != nil && output.force {
            throw ValidationError("--force cannot be used with --intents: a live recording appears at its path at once, "
                                  + "so it never replaces a file (remove \(output.output) first, or record to another path).")
        }
    }

    func run() throws {
        if let intents {
            var recording = IntentRecording(input: try LineReader(intents, maximumLineLength: IntentStream.maximumLineLength),
                                            output: output, json: format.json)
            try recording.run()
            return
        }
        let file = script ?? "-"
        let sessions = try ScriptParser.sessions(Files.readText(file, limit: ScriptParser.maximumScriptBytes), file: file == "-" ? "stdin" : file)
        let outputs = ScriptReport.outputs(for: sessions, output: output.output)
        for case (_, let log?) in outputs { try Files.prepareOutput(log, force: output.force) }
        var passed = true
        for (session, log) in outputs {
            let result = try ScriptRunner.run(session, recordingTo: log, options: output.logOptions)
            let name = sessions.count > 1 ? session.sessionName : nil
            if format.json {
                Output.standard.raw(ScriptRunJSON.encode(ScriptOutcome(file: file, session: name, run: result, seconds: 0), log: log).text + "\n")
                passed = result.passed && passed
            } else {
                passed = ScriptReport.summarize(result, session: name, recordedTo: log) && passed
            }
        }
        if !passed { throw ExitCode(ExitStatus.expectationsFailed.rawValue) }
    }
}

/// One `record --intents` run: reads the stream line by line, feeds each to a ``CaptureIngest``,
/// and acknowledges lines in groups, syncing whenever the next read would wait.
struct IntentRecording {
    let input: LineReader
    let output: OutputOptions
    /// JSON lines instead of text (docs/JSON.md, "Recording an intent stream").
    let json: Bool
    private var ingest: CaptureIngest
    /// Lines recorded since the last sync, with their event counts and divergences.
    private var pending: [(line: Int, events: Int, divergences: [String])] = []

    init(input: LineReader, output: OutputOptions, json: Bool = false) {
        self.input = input
        self.output = output
        self.json = json
        // A capture is published at once and grows, so `tail -f` can follow it.
        ingest = CaptureIngest(path: output.output, file: input.name,
                               options: RecorderOptions(publication: .live, replacesExisting: false), now: Self.now)
    }

    mutating func run() throws {
        try output.prepare()
        Interrupt.install()
        do {
            try readAll()
        } catch {
            // Everything before the bad line is kept and acknowledged.
            try? acknowledge()
            try? ingest.capture?.close()
            throw error
        }
        try acknowledge()
        try ingest.finish()
        let path = output.output, events = ingest.capture?.recorder.eventCount ?? 0
        if json {
            Output.standard.raw(JSONValue.object([
                "type": .string("recorded"), "log": .string(path), "commands": .int(Int64(ingest.commandCount)),
                "events": .int(Int64(events)), "divergences": .int(Int64(ingest.divergenceCount)),
                "interrupted": .bool(Interrupt.wasRequested),
            ]).text + "\n")
            try Output.standard.flush()
            return
        }
        let interrupted = Interrupt.wasRequested ? " (interrupted)" : ""
        let see = ingest.divergenceCount > 0 ? " (navtape conformance \(path))" : ""
        Output.standard.line("recorded \(ingest.commandCount) commands, \(events) events to \(path)\(interrupted);"
                             + " divergences from UIKit: \(ingest.divergenceCount)\(see)")
        try Output.standard.flush()
    }

    private mutating func readAll() throws {
        while true {
            while let line = input.bufferedLine() {
                guard let step = try ingest.feed(line, number: input.lineNumber), let capture = ingest.capture else { continue }
                pending.append((input.lineNumber, step.events.count,
                                step.divergences.map { EventText.describe($0, in: capture.state) }))
                if pending.count >= 4_096 { try acknowledge() }
            }
            // About to wait for the app: make what arrived durable and say so.
            if !input.isReady { try acknowledge() }
            if Interrupt.wasRequested { return }
            guard try input.fill(interrupted: { Interrupt.wasRequested }) else { return }
        }
    }

    /// Syncs and acknowledges every pending line.
    private mutating func acknowledge() throws {
        guard let capture = ingest.capture, !pending.isEmpty else { return }
        let durable = try capture.sync()
        for entry in pending {
            if json {
                Output.standard.raw(JSONValue.object(["type": .string("acknowledged"), "line": .int(Int64(entry.line)),
                                                      "events": .int(Int64(entry.events)), "durable": .int(Int64(durable))]).text + "\n")
                for divergence in entry.divergences {
                    Output.standard.raw(JSONValue.object(["type": .string("diverged"), "line": .int(Int64(entry.line)),
                                                          "text": .string(divergence)]).text + "\n")
                }
                continue
            }
            Output.standard.line("line \(entry.line): acknowledged, \(entry.events) events (\(durable) in the log)")
            for divergence in entry.divergences { Output.standard.line("line \(entry.line): diverged \(divergence)") }
        }
        pending.removeAll(keepingCapacity: true)
        try Output.standard.flush()
    }

    /// The wall clock in milliseconds since the Unix epoch.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000 + Int64(time.tv_nsec) / 1_000_000
    }
}
