import ArgumentParser
import NavTape
import NavTapeInterchange

/// `navtape stats LOG…`.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Summarize logs: counts, collapses, rejections, time per display mode and screen, bugs.",
        discussion: """
            Takes several logs and directories (searched for .navtape files); each log's summary starts \
            with its path, and the exit status is the worst of them. With --json, one object per log \
            (docs/JSON.md, "Stats").

            Examples:
              navtape stats navtape-demo.navtape
              navtape stats navtape-demo-stale.navtape
              navtape stats recordings/ --json
            """)

    @OptionGroup var input: LogsArgument

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard !input.logs.isEmpty else { throw ValidationError("Give at least one log or directory.") }
    }

    func run() throws {
        let paths = try input.paths()
        var first = true
        try ManyLogs.each(paths, json: format.json) { path in
            let machine = try Logs.open(path, tornTail: input.strict ? .refuse : .warn)
            let progress = Progress("stats \(Progress.file(path))", total: machine.eventCount)
            let summary = try LogSummary(machine, observe: progress.update)
            progress.finish()
            if format.json {
                Output.standard.raw(JSONStats.encode(summary, machine: machine).text + "\n")
            } else {
                if !first { Output.standard.line() }
                Output.standard.lines(StatsText.render(summary, machine: machine))
            }
            first = false
        }
    }
}
