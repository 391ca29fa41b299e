import NavTape
import NavigationCore

/// `navtape stats --json`: one object per log (docs/JSON.md, "Stats").
public enum JSONStats {
    /// The object of `summary`, the summary of `machine`'s log.
    public static func encode(_ summary: LogSummary, machine: TimeMachine) -> JSONValue {
        let stats = summary.statistics, report = summary.violations
        let description = machine.sessionDescription
        func table<K>(_ entries: [K: Int], _ key: (K) -> String) -> JSONValue {
            .object(Dictionary(uniqueKeysWithValues: entries.map { (key($0.key), JSONValue.int(Int64($0.value))) }))
        }
        let bugs = Dictionary(uniqueKeysWithValues: report.bugCounts.map { ($0.key.description, $0.value) })
        return .object(
            JSONOrigin.members(description.origin).merging([
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
                "resyncs": .int(Int64(stats.count(of: .resynced))),
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
            ]) { _, b in b })
    }
}
