import NavTapeScript
import ArgumentParser
import NavTape

/// `navtape record SCRIPT -o LOG`.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Run a scenario script and record its session to a new log.",
        discussion: """
            The script's expectations are checked as with `run`; the log is written either way. A line \
            that cannot be run stops with FILE:LINE:COLUMN: message (exit 65) and no log.

            Examples:
              navtape record Tests/Scenarios/T18.navscript -o t18.navtape
              navtape record session.navscript -o session.navtape --force
            """)

    @Argument(help: ArgumentHelp("A scenario script (docs/ScriptFormat.md).", valueName: "script"))
    var script: String

    @OptionGroup var output: OutputOptions

    func run() throws {
        let sessions = try ScriptParser.sessions(Files.readText(script), file: script)
        let outputs = ScriptReport.outputs(for: sessions, output: output.output)
        for case (_, let log?) in outputs { try Files.prepareOutput(log, force: output.force) }
        var passed = true
        for (session, log) in outputs {
            let result = try ScriptRunner.run(session, recordingTo: log, options: output.logOptions)
            passed = ScriptReport.summarize(result, session: sessions.count > 1 ? session.sessionName : nil, recordedTo: log) && passed
        }
        if !passed { throw ExitCode(ExitStatus.expectationsFailed.rawValue) }
    }
}
