import ArgumentParser
import NavTape
import NavTapeInterchange
import NavigationCore
import NavigationProjections

/// `navtape conformance LOG…`.
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "Report where UIKit, as an app's capture observed it, differed from the model.",
        discussion: """
            Lists the `diverged` events `record --intents` wrote (docs/Capture.md): for each, the \
            command, what was compared, what UIKit showed, what the model says and the rules \
            involved; and each resync, where a `resync` line made the model adopt what UIKit showed \
            with no recorded cause. Takes several logs and directories. Exit status 1 when any log \
            has a divergence, else 0 (resyncs alone are not failures; or the worst error). With --json, one object per log (docs/JSON.md, \
            "Conformance").

            Examples:
              navtape conformance cp.navtape
              navtape conformance captures/ --json
            """)

    @OptionGroup var input: LogsArgument

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard !input.logs.isEmpty else { throw ValidationError("Give at least one log or directory.") }
    }

    func run() throws {
        var diverged = false
        try ManyLogs.each(input.paths(), json: format.json) { path in
            let machine = try Logs.open(path, tornTail: input.strict ? .refuse : .warn)
            let progress = Progress("conformance \(Progress.file(path))", total: machine.eventCount)
            let found = try ConformanceFindings(machine, observe: progress.update)
            progress.finish()
            diverged = diverged || !found.findings.isEmpty
            guard !format.json else { return Output.standard.json(found.json) }
            let resyncs = found.resyncs.isEmpty ? "" : "; \(Plural.count(found.resyncs.count, "resync")) (UIKit's state adopted)"
            Output.standard.line(
                "\(path): \(Plural.count(found.findings.count, "divergence")) in \(found.divergentCommands) of \(Plural.count(found.commands, "command"))\(resyncs)"
            )
            for line in found.lines(start: machine.startTime) { Output.standard.line("  \(line)") }
        }
        if diverged { throw ExitCode(ExitStatus.expectationsFailed.rawValue) }
    }
}
