import NavTapeScript
import ArgumentParser
import EventLog

/// `navtape run SCRIPT…`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scenario scripts and check their expectations (writes nothing unless -o).",
        discussion: """
            Every script runs to its end; each failed expectation prints FILE:LINE: expected X, got Y on \
            standard error. A malformed line prints FILE:LINE:COLUMN: message, and a script that cannot \
            be read FILE: why; the other scripts still run. A script of several sessions (`session NAME` \
            lines) runs each; with -o, each is recorded to LOG with its name before the extension.

            Examples:
              navtape demo --write-scripts examples   # the scenario scripts that ship with navtape
              navtape run examples/T10.navscript
              navtape run examples/*.navscript
              navtape run examples/            # every .navscript under it
              navtape run T18.navscript -o t18-run.navtape
              navtape run examples/*.navscript --junit results.xml
              navtape run examples/*.navscript --json

            With --junit FILE, also writes a JUnit XML report (one test case per script session; failed \
            expectations as failures with FILE:LINE, a malformed or unreadable script as an error). With \
            --json, standard output is one JSON object per script session (docs/JSON.md) instead of the \
            PASS/FAIL lines. Exit status, the worst: 66 if a script could not be read (or a directory holds \
            none), else 65 if one could not be parsed, else 1 if an expectation failed, else 0.

            Commands (each may end with `at TIME`; CONTROLLER is a name, #N or #mN; see docs/ScriptFormat.md):
            """ + "\n" + ScriptHelp.commands)

    @Argument(help: ArgumentHelp("Scenario scripts (docs/ScriptFormat.md), or directories holding them.", valueName: "script"))
    var scripts: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Also record the session to this new log (one script only).", valueName: "file"))
    var output: String?

    @Flag(help: "Replace the output log (and the JUnit report) if it exists.")
    var force = false

    @Option(help: ArgumentHelp("Also write a JUnit XML report here.", valueName: "file"))
    var junit: String?

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard !scripts.isEmpty else { throw ValidationError("Give at least one script.") }
        guard output == nil || scripts.count == 1 else { throw ValidationError("-o records one script: give exactly one.") }
    }

    func run() throws {
        if let junit { try Files.prepareOutput(junit, force: force) }
        let started = WallClock.milliseconds()
        let outcomes = try ScriptBatch.run(
            scripts, output: output, options: Files.logOptions(force: force),
            prepare: { try Files.prepareOutput($0, force: force) }, report: report)
        if let junit { try Files.writeText(JUnitReport.render(outcomes, timestamp: started), to: junit, force: force) }
        if outcomes.contains(where: \.unreadable) { throw ExitCode(ExitStatus.noInput.rawValue) }
        if outcomes.contains(where: { $0.error != nil }) { throw ExitCode(ExitStatus.dataError.rawValue) }
        if outcomes.contains(where: { $0.run.map { !$0.passed } ?? false }) { throw ExitCode(ExitStatus.expectationsFailed.rawValue) }
    }

    /// One outcome as it happens: a JSON line, or the usual PASS/FAIL line and messages.
    func report(_ outcome: ScriptOutcome) {
        if format.json {
            Output.standard.json(outcome)
        } else if let run = outcome.run {
            _ = ScriptReport.summarize(run, session: outcome.session, recordedTo: outcome.log)
        } else if let error = outcome.error {
            Diagnostics.line(error.description)
        }
    }
}
