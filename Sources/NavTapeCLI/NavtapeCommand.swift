import ArgumentParser
import EventLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `navtape`: record, replay and question split-view navigation sessions. The entry point of the
/// product: parses the arguments, runs the command and exits with its status.
@main
struct NavtapeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navtape",
        abstract: "Record UISplitViewController + UINavigationController sessions to a crash-safe log and travel through them.",
        discussion: """
            Start with `navtape demo` in an empty directory: it records the built-in Calendar Paste session and \
            tours it. Scenario scripts (docs/ScriptFormat.md) drive `record` and `run`; `--json` output and \
            `export` follow docs/JSON.md.

            Exit status: 0 success; 1 a script's expectations failed; 64 usage (a bad flag or argument, an index \
            past the end); 65 data error (a malformed script or JSON line, a damaged or foreign log); 66 no input (a \
            missing file, a directory); 73 cannot create the output (it exists: use --force); 74 I/O error \
            (including a full disk); 75 the log is locked by another writer; 70 internal error.
            """,
        version: "0.1.0",
        subcommands: [
            DemoCommand.self, RecordCommand.self, RunCommand.self, GenerateCommand.self, StateCommand.self,
            LogCommand.self, TimelineCommand.self, StatsCommand.self, DiffCommand.self, BlameCommand.self,
            VerifyCommand.self, RepairCommand.self, ExportCommand.self, ImportCommand.self, TailCommand.self,
            ForkCommand.self, SkipCommand.self, ShrinkCommand.self, TestGenCommand.self, ConformanceCommand.self, InspectCommand.self, QueryCommand.self,
            ServeCommand.self, FactsCommand.self, IngestCommand.self,
        ])

    /// Parses, runs, and maps every failure to one line on standard error and a documented exit
    /// status: never a backtrace.
    static func main() {
        // Ctrl-C, SIGTERM or SIGHUP leave no hidden staging file behind (a recording command
        // installs its own clean stop over this).
        StagingCleanup.installSignalHandlers()
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            exitProcess(finish(.success).rawValue)
        } catch let error where Failure.isNavtapeError(error) {
            exitProcess(finish(Failure.report(error)).rawValue)
        } catch {
            // ArgumentParser's own outcomes: help and version (exit 0), usage errors (exit 64).
            let code = exitCode(for: error)
            if code == .success {
                Output.standard.raw(fullMessage(for: error) + "\n")
                exitProcess(finish(.success).rawValue)
            }
            let message = message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            guard code == .validationFailure else {
                Diagnostics.line("navtape: internal error: \(message)")
                exitProcess(finish(.software).rawValue)
            }
            let subcommand = configuration.subcommands.first { $0._commandName == arguments.first }
            if subcommand == nil, let typo = unknownSubcommand(arguments) {
                Diagnostics.line(typo)
                exitProcess(finish(.usage).rawValue)
            }
            let help = subcommand.map { "navtape \($0._commandName) --help" } ?? "navtape --help"
            Diagnostics.line("navtape: \(message) (see '\(help)')")
            exitProcess(finish(.usage).rawValue)
        }
    }

    /// `navtape: unknown subcommand 'stats2' (did you mean 'stats'?)` when the first argument is a
    /// near miss of a subcommand's name.
    static func unknownSubcommand(_ arguments: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.map { $0._commandName }
        guard let guess = Typo.closest(to: word, among: names) else { return nil }
        return "navtape: unknown subcommand '\(word)' (did you mean '\(guess)'?)"
    }

    /// Flushes standard output; a write error there turns success into exit 74. A command that
    /// failed has said why in its one line (often that very write error): nothing more is printed.
    static func finish(_ status: ExitStatus) -> ExitStatus {
        do {
            try Output.standard.flush()
            return status
        } catch {
            guard status == .success else { return status }
            Diagnostics.line(error.message)
            return .ioError
        }
    }
}

/// The C library's `exit`: inside the command, `ParsableCommand.exit(withError:)` hides it, and a
/// module-qualified `Glibc.exit` would not build on Apple platforms.
private func exitProcess(_ status: Int32) -> Never { exit(status) }
