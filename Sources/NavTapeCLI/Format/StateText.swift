import NavTape
import NavigationCore
import NavigationProjections

/// The text of `state`: where in the log, the split's summary, the diagram, the hierarchy, and
/// the violations at that point.
enum StateText {
    static func render(_ state: NavigationState, index: UInt64, last: RecordedEvent?, machine: TimeMachine) -> [String] {
        let time = last?.time ?? machine.startTime
        let description = machine.sessionDescription
        var lines = [
            "\(machine.path): \(EventPoint.caption(index, of: machine.eventCount)) · \(SessionTime.iso8601(time)) (\(SessionTime.offset(time - machine.startTime)))"
                + " · \(description.device) · \(description.policy.name)",
        ]
        if let last { lines.append("last event " + EventListing.line(last, names: state, start: machine.startTime)) }
        lines += picture(state, lastEvent: last?.event, policy: description.policy)
        return lines
    }

    /// The summary, the diagram, the hierarchy and the violations, without the log position.
    static func picture(_ state: NavigationState, lastEvent: NavigationEvent?, policy: SplitPolicy) -> [String] {
        var lines = [StateDiagram.header(state, policy: policy)]
        lines += StateDiagram.render(state)
        lines.append("hierarchy: " + (state.hierarchyDescription.isEmpty ? "(empty)" : state.hierarchyDescription))
        let violations = lastEvent.map { state.violations(after: $0) } ?? state.invariantViolations()
        for violation in violations { lines.append("violation: \(violation)") }
        return lines
    }
}

/// One line per event for `log`, `tail` and `state`.
enum EventListing {
    /// `                ↳ callbacks viewWillAppear(D2), … · notifications didCollapse · transitions pop(MN) · popped D2`:
    /// what UIKit told the app about a commit, under its last event; `nil` when it told nothing.
    static func annotation(_ observation: CommitObservation, names: NavigationState) -> String? {
        var parts: [String] = []
        if !observation.callbacks.isEmpty {
            parts.append("callbacks " + observation.callbacks.map { $0.description(in: names) }.joined(separator: ", "))
        }
        if !observation.notifications.isEmpty {
            parts.append("notifications " + observation.notifications.map { $0.name(in: names.style) }.joined(separator: ", "))
        }
        if !observation.transitions.isEmpty {
            parts.append("transitions " + observation.transitions.map { $0.description(in: names) }.joined(separator: ", "))
        }
        if let popped = observation.popped {
            parts.append("popped " + (popped.isEmpty ? "none" : popped.map(names.name(of:)).joined(separator: ", ")))
        }
        guard !parts.isEmpty else { return nil }
        return String(repeating: " ", count: 16) + "↳ " + parts.joined(separator: " · ")
    }

    /// `@12    +3.500s   ▸ detailShown PasteNC1 from M: pushed onto MN` (`▸` marks the first event
    /// of a command's commit).
    static func line(_ recorded: RecordedEvent, names: NavigationState, start: Int64) -> String {
        EventText.position(recorded.index, time: recorded.time, start: start) + (recorded.startsCommit ? "▸ " : "  ")
            + EventText.describe(recorded.event, in: names)
    }
}
