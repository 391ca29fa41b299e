import NavTapeScript
import NavTapeInterchange
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLog
import NavTape
import NavigationCore

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
              navtape run T18.navscript -o t18.navtape
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
        // A malformed or unreadable script is that script's outcome: the run goes on, the exit status is the worst.
        if let junit { try Files.prepareOutput(junit, force: force) }
        let started = Self.now()
        var outcomes: [ScriptOutcome] = []
        func record(_ outcome: ScriptOutcome, recordedTo log: String? = nil) {
            outcomes.append(outcome)
            report(outcome, recordedTo: log)
        }
        var missing = false
        let (paths, empty) = Self.scripts(in: scripts)
        for directory in empty {
            missing = true
            record(ScriptOutcome(file: directory, run: nil, error: ScriptError(file: directory, line: 0, column: 0,
                                                                              "no .navscript scripts in this directory"), seconds: 0))
        }
        for path in paths {
            let clock = Self.now()
            let sessions: [Script]
            do {
                sessions = try ScriptParser.sessions(Files.readText(path, limit: ScriptParser.maximumScriptBytes), file: path)
            } catch let error as ScriptError {
                record(ScriptOutcome(file: path, run: nil, error: error, seconds: Self.now() - clock))
                continue
            } catch let error as CLIError {
                // A script that cannot be read is this script's error; the others still run.
                missing = missing || error.status == .noInput
                let message = error.message.hasPrefix(path + ": ") ? String(error.message.dropFirst(path.count + 2)) : error.message
                record(ScriptOutcome(file: path, run: nil, error: ScriptError(file: path, line: 0, column: 0, message), seconds: Self.now() - clock))
                continue
            }
            for (script, log) in ScriptReport.outputs(for: sessions, output: output) {
                let clock = Self.now()
                let session = sessions.count > 1 ? script.sessionName : nil
                if let log { try Files.prepareOutput(log, force: force) }
                do {
                    let result = try ScriptRunner.run(script, recordingTo: log, options: Files.logOptions(force: force))
                    record(ScriptOutcome(file: path, session: session, run: result, seconds: Self.now() - clock), recordedTo: log)
                } catch let error as ScriptError {
                    record(ScriptOutcome(file: path, session: session, run: nil, error: error, seconds: Self.now() - clock), recordedTo: log)
                }
            }
        }
        if let junit {
            try Files.writeText(JUnitReport.render(outcomes, timestamp: Int64(started * 1000)), to: junit, force: force)
        }
        if missing { throw ExitCode(ExitStatus.noInput.rawValue) }
        if outcomes.contains(where: { $0.error != nil }) { throw ExitCode(ExitStatus.dataError.rawValue) }
        if outcomes.contains(where: { $0.run.map { !$0.passed } ?? false }) { throw ExitCode(ExitStatus.expectationsFailed.rawValue) }
    }

    /// One outcome as it happens: a JSON line, or the usual PASS/FAIL line and messages.
    func report(_ outcome: ScriptOutcome, recordedTo log: String? = nil) {
        if format.json {
            Output.standard.raw(ScriptRunJSON.encode(outcome).text + "\n")
        } else if let run = outcome.run {
            _ = ScriptReport.summarize(run, session: outcome.session, recordedTo: log)
        } else if let error = outcome.error {
            Diagnostics.line(error.description)
        }
    }

    /// The scripts `arguments` name: files as they are, directories expanded to the `.navscript` files
    /// under them, in name order; and the directories that hold none.
    static func scripts(in arguments: [String]) -> (scripts: [String], empty: [String]) {
        var result: [String] = [], empty: [String] = []
        for argument in arguments {
            guard Files.isDirectory(argument) else {
                result.append(argument)
                continue
            }
            let found = LogFiles.files(under: argument, suffix: ".navscript").files
            if found.isEmpty { empty.append(argument) }
            result += found
        }
        return (result, empty)
    }

    /// Seconds since the Unix epoch, from the real-time clock.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
