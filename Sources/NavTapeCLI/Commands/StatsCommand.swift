import ArgumentParser
import NavTape
import NavigationCore
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
                Output.standard.raw(StatsJSON.encode(summary, machine: machine).text + "\n")
            } else {
                if !first { Output.standard.line() }
                Output.standard.lines(StatsText.render(summary, machine: machine))
            }
            first = false
        }
    }
}

/// `navtape stats --json`: one object per log (docs/JSON.md, "Stats").
enum StatsJSON {
    static func encode(_ summary: LogSummary, machine: TimeMachine) -> JSONValue {
        let stats = summary.statistics, report = summary.violations
        let description = machine.sessionDescription
        func table<K>(_ entries: [K: Int], _ key: (K) -> String) -> JSONValue {
            .object(Dictionary(uniqueKeysWithValues: entries.map { (key($0.key), JSONValue.int(Int64($0.value))) }))
        }
        let bugs = Dictionary(uniqueKeysWithValues: report.bugCounts.map { ($0.key.description, $0.value) })
        return .object([
            "type": .string("stats"),
            "log": .string(machine.path),
            "sessionID": .string(machine.sessionID),
            "device": .string(description.device),
            "policy": .string(description.policy.name),
            "events": .int(Int64(stats.eventCount)),
            "commands": .int(Int64(summary.commits)),
            "duration": .int((stats.lastTime ?? machine.startTime) - machine.startTime),
            "collapses": .int(Int64(stats.collapses)),
            "collapsesAtLaunch": .int(Int64(stats.collapsesAtLaunch)),
            "separates": .int(Int64(stats.separates)),
            "divergences": .int(Int64(stats.count(of: .diverged))),
            "deepestStack": .int(Int64(stats.maximumStackDepth)),
            "rejected": table(stats.rejectionsByRule, \.description),
            "ignored": table(stats.ignoresByRule, \.description),
            "displayModes": .object(Dictionary(uniqueKeysWithValues: stats.displayModeDwell.map { ("\($0.key)", JSONValue.int($0.value)) })),
            "screens": .object(Dictionary(uniqueKeysWithValues: stats.screenDwell.map { ($0.key, JSONValue.int($0.value)) })),
            "bugs": table(bugs) { $0 },
            "firstBugs": .array(
                report.bugs.prefix(10).map {
                    .object([
                        "index": .int(Int64(bitPattern: $0.index)), "rule": .string($0.violation.rule.description),
                        "message": .string($0.violation.message),
                    ])
                }),
            "brokenAtEnd": .array(
                report.ongoingEpisodes.map {
                    .object(["rule": .string($0.rule.description), "message": .string($0.message)])
                }),
        ])
    }
}
