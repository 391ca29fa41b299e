import NavTapeScript
import ArgumentParser
import NavTape

/// `navtape run SCRIPT…`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario scripts and check their expectations (writes nothing unless -o).",
        discussion: """
            Every script runs to its end; each failed expectation prints FILE:LINE: expected X, got Y on \
            standard error, and the exit status is 1 if any failed. A malformed line prints \
            FILE:LINE:COLUMN: message and exits 65. A script of several sessions (`session NAME` \
            lines) runs each; with -o, each is recorded to LOG with its name before the extension.

            Examples:
              navtape run Tests/Scenarios/T10.navscript
              navtape run Tests/Scenarios/*.navscript
              navtape run T18.navscript -o t18.navtape

            Commands (each may end with `at TIME`; CONTROLLER is a name, #N or #mN; see docs/ScriptFormat.md):
            """ + "\n" + ScriptHelp.commands)

    @Argument(help: ArgumentHelp("Scenario scripts (docs/ScriptFormat.md).", valueName: "script"))
    var scripts: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Also record the session to this new log (one script only).", valueName: "file"))
    var output: String?

    @Flag(help: "Replace the output log if it exists.")
    var force = false

    func validate() throws {
        guard !scripts.isEmpty else { throw ValidationError("Give at least one script.") }
        guard output == nil || scripts.count == 1 else { throw ValidationError("-o records one script: give exactly one.") }
    }

    func run() throws {
        var passed = true
        for path in scripts {
            let sessions = try ScriptParser.sessions(Files.readText(path), file: path)
            for (script, log) in ScriptReport.outputs(for: sessions, output: output) {
                if let log { try Files.prepareOutput(log, force: force) }
                let result = try ScriptRunner.run(script, recordingTo: log, options: Files.logOptions(force: force))
                passed = ScriptReport.summarize(result, session: sessions.count > 1 ? script.sessionName : nil, recordedTo: log) && passed
            }
        }
        if !passed { throw ExitCode(ExitStatus.expectationsFailed.rawValue) }
    }
}
