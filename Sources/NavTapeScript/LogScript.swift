import NavTape
import NavigationCodec
import NavigationCore

/// A recorded session written back as a scenario script (`docs/ScriptFormat.md`): the setup from the
/// log's session description, then one line per command after the setup, at its recorded time, and
/// `expect violation RULE` after the command that first raised each rule asked for. `navtape
/// shrink` writes its minimal session this way; `navtape run` runs it back to the same events.
public enum LogScript {
    /// The script of `machine`'s session.
    ///
    /// - Parameters:
    ///   - header: Comment lines to start with (without `# `).
    ///   - expecting: Rules (`BUG-6`) to state after the first command that raises each.
    ///   - checks: Expectation lines to state after the first command where each holds.
    /// - Throws: ``NavTapeError`` when the log cannot be read, or `.invalidArgument` for a session
    ///   decided by a Swift delegate (a script holds a policy, not code).
    public static func render(
        _ machine: TimeMachine, header: [String] = [], expecting rules: [RuleID] = [],
        checks: [(line: String, expectation: ScriptExpectation)] = []
    ) throws -> String {
        let description = machine.sessionDescription
        guard !description.policy.isSwiftDelegate else {
            throw NavTapeError(
                .invalidArgument, path: machine.path,
                "this session's delegate is Swift code (\(description.policy.name)): a script cannot hold it")
        }
        var lines = header.map { "# " + $0 }
        lines.append("device " + environment(description))
        if description.style != .unspecified { lines.append("style " + description.style.name) }
        if description.policy != .noDelegate { lines.append("policy " + description.policy.text) }
        // Bracket notation has no `|`: the layout's trees are the parts between the bars.
        let trees = description.layout.split(separator: "|").map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        if let primary = trees.first { lines.append("primary " + primary) }
        if trees.count == 3 { lines.append("supplementary " + trees[1]) }
        lines.append(trees.count >= 2 ? "secondary " + (trees.last ?? "") : "secondary none")
        lines.append("start " + SessionTime.iso8601(machine.startTime))
        for (name, value) in zip(SessionOrigin.fieldNames, description.origin.fields) {
            if let value { lines.append("\(name) \(value)") }
        }
        lines.append("")

        // The setup's commits (before the launch) are the setup lines above, not commands.
        var launched = false
        var state = machine.initialState
        var commit: [RecordedEvent] = []
        var pending = Set(rules)
        var pendingChecks = Array(checks.indices)
        func flush() {
            guard let first = commit.first else { return }
            let events = commit.map(\.event)
            defer {
                commit.removeAll(keepingCapacity: true)
            }
            let before = state
            for event in events { state.evolve(event) }
            if !launched { launched = events.contains { if case .launched = $0 { true } else { false } } }
            guard launched, let command = NavigationCommand(commit: events, names: before.names) else { return }
            let raised = pending.isEmpty ? [] : NavigationState.rulesRaised(from: before, by: events)
            lines.append(command.scriptLine(in: before) + " at " + SessionTime.iso8601(first.time))
            for rule in rules where pending.contains(rule) && raised.contains(rule) {
                lines.append("expect violation \(rule)")
                pending.remove(rule)
            }
            for index in pendingChecks
            where ScriptRunner.holds(
                checks[index].expectation, before: before, events: events, after: state,
                policy: state.policy(session: description.policy))
            {
                lines.append(checks[index].line)
                pendingChecks.removeAll { $0 == index }
            }
        }
        try machine.forEachEvent { recorded in
            if recorded.startsCommit { flush() }
            commit.append(recorded)
            return true
        }
        flush()
        return lines.joined(separator: "\n") + "\n"
    }

    /// `iphone-plus portrait` when the log's device is a preset in one of its orientations, else the
    /// raw traits (`compact 414x736 phone`).
    static func environment(_ description: SessionDescription) -> String {
        if let device = Device(rawValue: description.device) {
            for orientation in Orientation.allCases where device.traits(orientation) == description.initialTraits {
                return "\(device.rawValue) \(orientation)"
            }
        }
        return NavigationCommand.environment(description.initialTraits)
    }
}
