import NavTape
import NavigationCore
import NavigationProjections

/// `12.500s`.
func duration(_ milliseconds: Int64) -> String { String(SessionTime.offset(milliseconds).dropFirst()) }

/// The text of `stats`.
enum StatsText {
    static func render(_ summary: LogSummary, machine: TimeMachine) -> [String] {
        let stats = summary.statistics, report = summary.violations
        let description = machine.sessionDescription
        let span = (stats.lastTime ?? machine.startTime) - machine.startTime
        var lines = [
            "\(machine.path): \(stats.eventCount) events, \(summary.commits) commands over \(duration(span))"
                + " (\(machine.sessionID) · \(description.device) · \(description.policy.name))",
            "collapses: \(stats.collapses) (\(stats.collapsesAtLaunch) at launch) · separates: \(stats.separates)"
                + " · deepest stack: \(stats.maximumStackDepth)",
            "rejected: \(counts(stats.rejectionsByRule)) · ignored: \(counts(stats.ignoresByRule))",
        ]
        let modes = stats.displayModeDwell.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.description < $1.key.description }
        lines.append("time by display mode: " + (modes.isEmpty ? "none" : modes.map { "\($0.key) \(duration($0.value))" }.joined(separator: " · ")))
        let screens = stats.screenDwell.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let shown = screens.prefix(8).map { "\($0.key) \(duration($0.value))" }
        lines.append("time on screen: " + (shown.isEmpty ? "none" : shown.joined(separator: " · ")) + (screens.count > 8 ? " · …" : ""))
        lines += bugLines(report)
        let divergences = stats.count(of: .diverged)
        if divergences > 0 {
            lines.append("divergences from UIKit: \(divergences) (navtape conformance \(machine.path))")
        }
        return lines
    }

    static func counts(_ table: [RuleID: Int]) -> String {
        guard !table.isEmpty else { return "none" }
        return table.sorted { $0.key.description < $1.key.description }.map { "\($0.key) ×\($0.value)" }.joined(separator: " · ")
    }

    /// `bugs: none`, or one line per bug; then any invariant still broken at the end.
    static func bugLines(_ report: ViolationReport, limit: Int = 10) -> [String] {
        var lines = ["bugs: none"]
        if report.bugCount > 0 {
            let rules = report.bugCounts.sorted { $0.key.description < $1.key.description }.map { "\($0.key) ×\($0.value)" }
                .joined(separator: ", ")
            lines = ["bugs: \(report.bugCount) (\(rules))"] + report.bugs.prefix(limit).map { "  \($0)" }
            if report.bugCount > limit { lines.append("  … \(report.bugCount - limit) more (navtape log shows every event)") }
        }
        let ongoing = report.ongoingEpisodes
        if !ongoing.isEmpty { lines += ["invariants broken at the end: \(ongoing.count)"] + ongoing.map { "  \($0)" } }
        return lines
    }
}

/// The text of `timeline`.
enum TimelineText {
    /// The title and the line of what was visible `after` events (`start`, or `after @N`).
    static func header(_ initial: [ControllerID], after count: UInt64 = 0, names: NavigationState, machine: TimeMachine) -> [String] {
        ["\(machine.path): what the user sees, after each event that changed it",
         (count == 0 ? "start" : "after @\(count - 1)").padding(16) + content(initial, names: names)]
    }

    /// One change: `@12   +1.000s   M | D   ← displayModeChanged …`.
    static func line(_ entry: VisibleTimeline.Entry, names: NavigationState, machine: TimeMachine) -> String {
        EventText.position(entry.index, time: entry.time, start: machine.startTime)
            + content(entry.content, names: names).padding(28) + "← " + EventText.describe(entry.event, in: names)
    }

    static func content(_ ids: [ControllerID], names: NavigationState) -> String {
        ids.isEmpty ? "(nothing)" : ids.map(names.name(of:)).joined(separator: " | ")
    }
}

/// The text of `diff` and `fork`.
enum DiffText {
    /// The changes with screen names from `names` (the later state); controllers only `earlier`
    /// knows (a branch's minted controllers, say) get their names from it.
    static func render(_ changes: [StateChange], title: String, names: NavigationState, earlier: NavigationState? = nil) -> [String] {
        guard !changes.isEmpty else { return [title + ": no differences"] }
        let lines = changes.map { change in "  " + renamed(change.description(in: names), unknownIn: names, knownIn: earlier) }
        return ["\(title): \(changes.count) change\(changes.count == 1 ? "" : "s")"] + lines
    }

    /// `StateChange.description(in:)` prints `#m0` for a controller its state does not know;
    /// replaces each such whole token with the name `earlier` gives it.
    static func renamed(_ text: String, unknownIn names: NavigationState, knownIn earlier: NavigationState?) -> String {
        guard let earlier, text.contains("#") else { return text }
        let characters = Array(text)
        var result = ""
        var i = 0
        while i < characters.count {
            guard characters[i] == "#", i == 0 || !characters[i - 1].isLetter && !characters[i - 1].isNumber else {
                result.append(characters[i])
                i += 1
                continue
            }
            var end = i + 1
            while end < characters.count, characters[end].isLetter || characters[end].isNumber { end += 1 }
            let token = String(characters[i..<end])
            if let id = ControllerID(parsing: token), !names.contains(id), earlier.contains(id) {
                result += TerminalText.escaped(earlier.name(of: id))
            } else {
                result += token
            }
            i = end
        }
        return result
    }
}

/// The text of `blame`.
enum BlameText {
    /// `since` is the point the trace started at (`--from`): 0 for the start of the log.
    static func render(_ blame: Blame, what: String, index: UInt64, state: NavigationState, machine: TimeMachine,
                       since: UInt64 = 0) -> [String] {
        let value = blame.part.value(in: state).summary(in: state)
        var lines = ["\(machine.path): \(what) \(EventPoint.caption(index, of: machine.eventCount)) is \(value)"]
        if let change = blame.lastChange(atOrBefore: index == 0 ? 0 : index - 1), index > 0 {
            lines.append("set by @\(change.index) \(SessionTime.offset(change.time - machine.startTime)) "
                + EventText.describe(change.event, in: state) + " (was \(change.beforeSummary))")
        } else {
            lines.append(since == 0 ? "unchanged since the start" : "unchanged since @\(since - 1)")
        }
        let history = blame.history
        if !history.isEmpty {
            let shown = history.count < blame.changeCount ? ", the last \(history.count) shown (--limit)" : ""
            lines.append("history (\(blame.changeCount) change\(blame.changeCount == 1 ? "" : "s")\(shown)):")
            for change in history {
                lines.append("  " + EventText.position(change.index, time: change.time, start: machine.startTime)
                    + "\(change.beforeSummary) → \(change.afterSummary)".padding(40) + EventText.describe(change.event, in: state))
            }
        }
        return lines
    }
}
