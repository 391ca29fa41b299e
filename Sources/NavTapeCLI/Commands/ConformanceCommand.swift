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
            involved. Takes several logs and directories. Exit status 1 when any log has a \
            divergence, else 0 (or the worst error). With --json, one object per log (docs/JSON.md, \
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
            var projections = Observed(ProjectionPair(ConformanceReport(), CommitCount()), from: 0, observe: progress.update)
            try machine.run(&projections)
            progress.finish()
            let report = projections.wrapped.first, commands = projections.wrapped.second.output
            diverged = diverged || !report.entries.isEmpty
            var entries: [(entry: ConformanceReport.Entry, command: String, text: String)] = []
            for entry in report.entries {
                let state = try machine.state(at: entry.index + 1)
                entries.append((entry, entry.command.map { $0.scriptLine(in: state) } ?? "?",
                                EventText.describe(entry.divergence, in: state)))
            }
            if format.json {
                Output.standard.raw(JSONValue.object([
                    "type": .string("conformance"), "log": .string(path), "sessionID": .string(machine.sessionID),
                    "commands": .int(Int64(commands)), "divergentCommands": .int(Int64(report.divergentCommands)),
                    "divergences": .array(entries.map { item in
                        let event = RecordedEvent(index: item.entry.index, time: item.entry.time, event: .diverged(item.entry.divergence),
                                                  startsCommit: false)
                        guard case .object(var object) = JSONEvent.encode(event) else { return .null }
                        object["commit"] = .int(Int64(bitPattern: item.entry.commitIndex))
                        object["command"] = .string(item.command)
                        object["text"] = .string(item.text)
                        return .object(object)
                    }),
                ]).text + "\n")
                return
            }
            let plural = report.entries.count == 1 ? "" : "s"
            Output.standard.line("\(path): \(report.entries.count) divergence\(plural) in \(report.divergentCommands) of \(commands) commands")
            for item in entries {
                let offset = SessionTime.offset(item.entry.time - machine.startTime)
                Output.standard.line("  @\(item.entry.index) \(offset) `\(item.command)`: \(item.text)")
            }
        }
        if diverged { throw ExitCode(ExitStatus.expectationsFailed.rawValue) }
    }
}
