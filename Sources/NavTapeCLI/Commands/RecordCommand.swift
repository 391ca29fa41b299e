import NavTapeScript
import ArgumentParser
import EventLog
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
            event is recorded and printed (see `navtape conformance`); a `resync` line (UIKit changed \
            with no recorded cause) makes the model adopt what UIKit showed, printed as a resync. The log appears at once and grows \
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
            throw ValidationError(
                "--force cannot be used with --intents: a live recording appears at its path at once, "
                    + "so it never replaces a file (remove \(output.output) first, or record to another path).")
        }
    }

    func run() throws {
        if let intents { return try recordIntents(intents) }
        let file = script ?? "-"
        let sessions = try ScriptParser.sessions(Files.readText(file, limit: ScriptParser.maximumScriptBytes), file: file == "-" ? "stdin" : file)
        let outputs = ScriptBatch.outputs(for: sessions, output: output.output)
        for case (_, let log?) in outputs { try Files.prepareOutput(log, force: output.force) }
        var passed = true
        for (session, log) in outputs {
            let result = try ScriptRunner.run(session, recordingTo: log, options: output.logOptions)
            let name = sessions.count > 1 ? session.sessionName : nil
            if format.json {
                Output.standard.json(ScriptOutcome(file: file, session: name, run: result, log: log))
                passed = result.passed && passed
            } else {
                passed = ScriptReport.summarize(result, session: name, recordedTo: log) && passed
            }
        }
        if !passed { throw ExitCode(ExitStatus.expectationsFailed.rawValue) }
    }

    /// `--intents`: the stream recorded as it arrives, each line acknowledged once durable.
    func recordIntents(_ intents: String) throws {
        var recording = IntentRecording(
            input: try LineReader(intents, maximumLineLength: IntentStream.maximumLineLength),
            path: output.output, now: WallClock.milliseconds)
        // A live recording never replaces a file, so the hint is not --force.
        try Files.prepareOutput(output.output, force: false, replaceable: false)
        Interrupt.install()
        Interrupt.reportBrokenPipe()
        let summary = try recording.run(interrupted: { Interrupt.wasRequested }) { lines in
            for entry in lines {
                if format.json {
                    for object in entry.json { Output.standard.json(object) }
                } else {
                    Output.standard.line("line \(entry.line): acknowledged, \(Plural.count(entry.events, "event")) (\(entry.durable) in the log)")
                    if let resync = entry.resync { Output.standard.line("line \(entry.line): resync: \(resync)") }
                    for divergence in entry.divergences { Output.standard.line("line \(entry.line): diverged \(divergence)") }
                }
            }
            try Output.standard.flush()
        }
        if format.json {
            Output.standard.json(summary.json(log: output.output, interrupted: Interrupt.wasRequested))
        } else {
            let see = summary.divergences + summary.resyncs > 0 ? " (navtape conformance \(output.output))" : ""
            let resyncs = summary.resyncs > 0 ? "; \(Plural.count(summary.resyncs, "resync")) (UIKit's state adopted)" : ""
            Output.standard.line(
                "recorded \(Plural.count(summary.commands, "command")), \(Plural.count(summary.events, "event")) to \(output.output)"
                    + (Interrupt.wasRequested ? " (interrupted)" : "") + "; divergences from UIKit: \(summary.divergences)\(resyncs)\(see)")
        }
        try Output.standard.flush()
    }
}
