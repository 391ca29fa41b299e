import NavTape
import NavigationCodec
import NavigationProjections
import NavigationCore

extension ScriptRunner {
    /// Whether `expectation` holds after a command whose `events` took the state from `before` to
    /// `after` under `policy`: the check an `expect` line makes, outside a script (`navtape shrink
    /// --expect`). A `query` answer is never set here, so `expect answer` does not hold.
    public static func holds(
        _ expectation: ScriptExpectation, before: NavigationState, events: [NavigationEvent],
        after: NavigationState, policy: SplitPolicy
    ) -> Bool {
        let description = SessionDescription(style: after.style, initialTraits: after.traits, policy: policy, device: "", layout: "")
        var execution = ScriptExecution(script: Script(file: ""), description: description, recorder: nil, delegate: nil)
        execution.state = after
        execution.before = before
        execution.lastEvents = events
        execution.observation = CommitObservation(before: before, events: events)
        execution.created = execution.observation.created
        return execution.check(expectation) == nil
    }
}

extension ScriptExecution {
    /// `nil` when `expectation` holds, else what was expected and what was found.
    func check(_ expectation: ScriptExpectation) -> (expected: String, actual: String)? {
        switch expectation {
        case .hierarchy(let text):
            return compare("hierarchy \(text)", "hierarchy \(state.hierarchyDescription)", text == state.hierarchyDescription)
        case .collapsed(let flag):
            return compare("collapsed \(flag)", "collapsed \(state.isCollapsed)", flag == state.isCollapsed)
        case .displayMode(let mode):
            return compare("displayMode \(name(mode))", "displayMode \(name(state.displayMode))", mode == state.displayMode)
        case .preferredDisplayMode(let mode):
            return compare(
                "preferredDisplayMode \(name(mode))", "preferredDisplayMode \(name(state.preferredDisplayMode))",
                mode == state.preferredDisplayMode)
        case .visible(let names):
            let actual = state.visibleContent.map(state.name(of:))
            return compare("visible \(Self.list(names))", "visible \(Self.list(actual))", names == actual)
        case .violation(let rule):
            let raised = raisedRules()
            return compare("violation \(rule)", "violations \(Self.list(raised))", raised.contains(rule))
        case .violations(let rules):
            let raised = raisedRules()
            return compare("violations \(Self.list(rules))", "violations \(Self.list(raised))", raised == rules)
        case .rejected(let rule):
            let found = lastEvents.compactMap { event -> RejectionReason? in
                if case .rejected(_, let reason, _) = event { return reason } else { return nil }
            }
            let matches = found.contains { "\($0)" == rule || $0.rule.description == rule }
            return compare("rejected \(rule)", outcome(), matches)
        case .ignored(let rule):
            let found = lastEvents.compactMap { event -> IgnoreReason? in
                if case .ignored(_, let reason, _) = event { return reason } else { return nil }
            }
            let matches = found.contains { "\($0)" == rule || $0.rule.description == rule }
            return compare("ignored \(rule)", outcome(), matches)
        case .accepted:
            let actual = outcome()
            return compare("accepted", actual, actual == "accepted")
        case .unchanged:
            let changed = state != before
            return compare("unchanged", changed ? "hierarchy \(state.hierarchyDescription) (changed)" : "unchanged", !changed)
        case .button(let target):
            let button = state.displayModeButton(delegate: currentDelegate)?.target
            return compare("button \(target.map(name) ?? "hidden")", "button \(button.map(name) ?? "hidden")", button == target)
        case .presented(let name):
            let actual = state.presented.map(state.name(of:))
            return compare("presented \(name ?? "none")", "presented \(actual ?? "none")", actual == name)
        case .primaryColumnWidth(let width):
            return compare(
                "primaryColumnWidth \(Self.points(width))", "primaryColumnWidth \(Self.points(state.primaryColumnWidth))",
                width == state.primaryColumnWidth)
        case .splitBehavior(let behavior):
            return compare("splitBehavior \(behavior)", "splitBehavior \(state.splitBehavior)", behavior == state.splitBehavior)
        case .callbacks(let calls):
            let actual = observation.callbacks.map { $0.description(in: state) }
            return compare("callbacks \(Self.list(calls))", "callbacks \(Self.list(actual))", calls == actual)
        case .notifications(let calls):
            let actual = observation.notifications.map { $0.name(in: state.style) }
            return compare("notifications \(Self.list(calls))", "notifications \(Self.list(actual))", calls == actual)
        case .transitions(let calls):
            let actual = observation.transitions.map { $0.description(in: state) }
            return compare("transitions \(Self.list(calls))", "transitions \(Self.list(actual))", calls == actual)
        case .popped(let names):
            let actual = (observation.popped ?? []).map(state.name(of:))
            return compare("popped \(Self.list(names))", "popped \(Self.list(actual))", names == actual)
        case .same(let name, let id):
            let actual = state.controller(named: name)
            return compare("same \(name) as \(id)", actual.map { "\(name) is \($0)" } ?? "no controller named \(name)", actual == id)
        case .fresh(let name):
            let actual = state.controller(named: name)
            let isFresh = actual.map { created.contains($0) } ?? false
            return compare(
                "fresh \(name)",
                actual.map { isFresh ? "fresh \(name) (\($0))" : "\(name) is \($0), created before the command" }
                    ?? "no controller named \(name)", isFresh)
        case .noViolation(let rule):
            let raised = raisedRules()
            return compare("no violation \(rule)", "violations \(Self.list(raised))", !raised.contains(rule))
        case .answer(let push):
            let actual = answer.map { $0 ? "push" : "noPush" } ?? "no query before"
            return compare("answer \(push ? "push" : "noPush")", "answer \(actual)", answer == push)
        }
    }

    /// The iOS 14 name on a column-style split, the classic name otherwise.
    func name(_ mode: DisplayMode) -> String { state.style.isColumnStyle ? mode.name : mode.classicName }

    func compare(_ expected: String, _ actual: String, _ holds: Bool) -> (expected: String, actual: String)? {
        holds ? nil : (expected, actual)
    }

    /// The distinct rules the last command raised, in order of first appearance: the bugs its events
    /// triggered, then the invariants its resulting state breaks (a state inside one command, such as
    /// a detail stack a delegate emptied just before UIKit drops it, is never seen by the app).
    func raisedRules() -> [String] {
        NavigationState.rulesRaised(from: before, by: lastEvents).map(\.description)
    }

    /// `accepted`, or the rejections and ignores of the last command: `rejected alreadyInStack (NV-1)`.
    func outcome() -> String {
        var parts: [String] = []
        for event in lastEvents {
            switch event {
            case .rejected(_, let reason, _): parts.append("rejected \(reason) (\(reason.rule))")
            case .ignored(_, let reason, _): parts.append("ignored \(reason) (\(reason.rule))")
            default: break
            }
        }
        return parts.isEmpty ? "accepted" : parts.joined(separator: ", ")
    }

    static func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: ", ") }

    /// `320` for whole points, else the shortest exact decimal.
    static func points(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
