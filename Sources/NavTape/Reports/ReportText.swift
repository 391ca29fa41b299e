import NavigationCore
import NavigationProjections

/// The text of `stats`.
public enum StatsText {
    /// The lines `navtape stats` prints for `machine`'s log: totals, time by display mode and screen, rules, bugs.
    public static func render(_ summary: LogSummary, machine: TimeMachine) -> [String] {
        let stats = summary.statistics, report = summary.violations
        let description = machine.sessionDescription
        let span = (stats.lastTime ?? machine.startTime) - machine.startTime
        var lines = [
            "\(machine.path): \(Plural.count(stats.eventCount, "event")), \(Plural.count(summary.commits, "command")) over \(SessionTime.duration(span))"
                + " (\(machine.sessionID) · \(description.device) · \(description.policy.name))",
            "collapses: \(stats.collapses) (\(stats.collapsesAtLaunch) at launch) · separates: \(stats.separates)"
                + " · deepest stack: \(stats.maximumStackDepth)",
            "rejected: \(counts(stats.rejectionsByRule)) · ignored: \(counts(stats.ignoresByRule))",
        ]
        if !description.origin.isUnknown { lines.insert("recorded by: " + description.origin.text, at: 1) }
        let modes = stats.displayModeDwell.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.description < $1.key.description }
        lines.append("time by display mode: " + (modes.isEmpty ? "none" : modes.map { "\($0.key) \(SessionTime.duration($0.value))" }.joined(separator: " · ")))
        let screens = stats.screenDwell.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let shown = screens.prefix(8).map { "\($0.key) \(SessionTime.duration($0.value))" }
        lines.append("time on screen: " + (shown.isEmpty ? "none" : shown.joined(separator: " · ")) + (screens.count > 8 ? " · …" : ""))
        lines += bugLines(report)
        let divergences = stats.count(of: .diverged)
        if divergences > 0 {
            lines.append("divergences from UIKit: \(divergences) (navtape conformance \(machine.path))")
        }
        let resyncs = stats.count(of: .resynced)
        if resyncs > 0 {
            lines.append("resyncs: \(resyncs) (UIKit's state adopted with no recorded cause; navtape conformance \(machine.path))")
        }
        return lines
    }

    /// `NV-1 ×2 · SH-9 ×1`: occurrences by rule, in rule order (`none` when empty).
    public static func counts(_ table: [RuleID: Int]) -> String {
        guard !table.isEmpty else { return "none" }
        return table.sorted { $0.key.description < $1.key.description }.map { "\($0.key) ×\($0.value)" }.joined(separator: " · ")
    }

    /// `bugs: none`, or one line per bug; then any invariant still broken at the end.
    public static func bugLines(_ report: ViolationReport, limit: Int = 10) -> [String] {
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
public enum TimelineText {
    /// The title and the line of what was visible at the starting point (`start`, or `after @N`).
    public static func header(_ entry: TimelineEntry, machine: TimeMachine) -> [String] {
        [
            "\(machine.path): what the user sees, after each event that changed it",
            (entry.index.map { "after @\($0)" } ?? "start").padding(16) + content(entry.visible),
        ]
    }

    /// One change: `@12   +1.000s   M | D   ← displayModeChanged …`.
    public static func line(_ entry: TimelineEntry, machine: TimeMachine) -> String {
        var text = TextWriter()
        EventText.writePosition(entry.index ?? 0, time: entry.time, start: machine.startTime, to: &text)
        writeContent(entry.visible.count, to: &text) { entry.visible[$0] }
        text.append("← ")
        text.append(entry.text ?? "")
        return text.text
    }

    /// Appends ``line(_:machine:)``'s text for the change that event `index` made, the screens
    /// named as `state` names them: the form ``TimeMachine/forEachTimelineLine(from:to:observe:_:)``
    /// writes.
    static func writeLine(
        index: UInt64, time: Int64, start: Int64, content: [ControllerID], event: NavigationEvent, in state: NavigationState,
        to text: inout TextWriter
    ) {
        EventText.writePosition(index, time: time, start: start, to: &text)
        writeContent(content.count, to: &text) { state.name(of: content[$0]) }
        text.append("← ")
        EventText.write(event, in: state, to: &text)
    }

    /// Appends ``content(_:)`` of the `count` names `name` gives, padded to 28 characters as
    /// ``Swift/String/padding(_:)`` pads it (counted before escaping).
    static func writeContent(_ count: Int, to text: inout TextWriter, name: (Int) -> String) {
        let mark = text.mark
        if count == 0 { text.append("(nothing)") }
        for position in 0..<count {
            if position > 0 { text.append(" | ") }
            text.append(name(position))
        }
        if !text.pad(from: mark, to: 28) {
            text.appendSpaces(Swift.max(1, 28 - content((0..<count).map(name)).paddedWidth))
        }
    }

    /// What is visible as the timeline writes it: the names joined by ` | ` (`(nothing)` for none).
    public static func content(_ names: [String]) -> String {
        names.isEmpty ? "(nothing)" : names.joined(separator: " | ")
    }
}

/// The text of `diff`.
public enum DiffText {
    /// `title: N changes` and one line per change.
    public static func render(_ report: DiffReport, title: String) -> [String] {
        guard !report.changes.isEmpty else { return [title + ": no differences"] }
        let count = report.changes.count
        return ["\(title): \(Plural.count(count, "change"))"] + report.changes.map { "  " + $0.text }
    }

    /// `final states SOURCE → BRANCH: N changes` and the changes (`fork`, `skip`).
    public static func finalStates(_ machine: TimeMachine, _ branch: TimeMachine) throws -> [String] {
        render(try DiffReport(finalStatesOf: machine, and: branch), title: "final states \(machine.path) → \(branch.path)")
    }
}

/// The text of `blame`.
public enum BlameText {
    /// What `navtape blame` prints: the subject's value, the change that set it, and its history.
    public static func render(_ report: BlameReport, machine: TimeMachine) -> [String] {
        var lines = ["\(machine.path): \(report.what) \(LogPoint.caption(report.events, of: machine.eventCount)) is \(report.value)"]
        if let change = report.setBy {
            lines.append("set by @\(change.index) \(SessionTime.offset(change.time - machine.startTime)) \(change.text) (was \(change.before))")
        } else {
            lines.append(report.from.map { "unchanged since @\($0)" } ?? "unchanged since the start")
        }
        if !report.history.isEmpty {
            let shown = report.history.count < report.changes ? ", the last \(report.history.count) shown (--limit)" : ""
            lines.append("history (\(Plural.count(report.changes, "change"))\(shown)):")
            for change in report.history {
                lines.append(
                    "  " + EventText.position(change.index, time: change.time, start: machine.startTime)
                        + "\(change.before) → \(change.after)".padding(40) + change.text)
            }
        }
        return lines
    }
}

/// The text of `state`: where in the log, the split's summary, the diagram, the hierarchy, and
/// the violations at that point.
public enum StateText {
    /// What `navtape state` prints for `state`, the state after `index` events, `last` the last of them.
    public static func render(_ state: NavigationState, index: UInt64, last: RecordedEvent?, machine: TimeMachine) -> [String] {
        let time = last?.time ?? machine.startTime
        let description = machine.sessionDescription
        var lines = [
            "\(machine.path): \(LogPoint.caption(index, of: machine.eventCount)) · \(SessionTime.iso8601(time)) (\(SessionTime.offset(time - machine.startTime)))"
                + " · \(description.device) · \(description.policy.name)"
        ]
        if let last { lines.append("last event " + EventListing.line(last, names: state, start: machine.startTime)) }
        lines += picture(state, lastEvent: last?.event, policy: description.policy)
        return lines
    }

    /// The summary, the diagram, the hierarchy and the violations, without the log position.
    public static func picture(_ state: NavigationState, lastEvent: NavigationEvent?, policy: SplitPolicy) -> [String] {
        var lines = [StateDiagram.header(state, policy: policy)]
        lines += StateDiagram.render(state)
        lines.append("hierarchy: " + (state.hierarchyDescription.isEmpty ? "(empty)" : state.hierarchyDescription))
        let violations = lastEvent.map { state.violations(after: $0) } ?? state.invariantViolations()
        for violation in violations { lines.append("violation: \(violation)") }
        return lines
    }
}
