import NavTape
import NavigationCore

/// The text of `state`: where in the log, the split's summary, the diagram, the hierarchy, and
/// the violations at that point.
enum StateText {
    static func render(_ state: NavigationState, index: UInt64, last: RecordedEvent?, machine: TimeMachine) -> [String] {
        let time = last?.time ?? machine.startTime
        let description = machine.sessionDescription
        var lines = [
            "\(machine.path): \(EventPoint.caption(index, of: machine.eventCount)) · \(SessionTime.iso8601(time)) (\(SessionTime.offset(time - machine.startTime)))"
                + " · \(description.device) · \(description.policy.name)"
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
