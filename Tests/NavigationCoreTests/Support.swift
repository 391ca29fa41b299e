import Testing
@testable import NavigationCore

/// A split under test: the state, the policy, the events so far, and controllers by name.
struct Scenario {
    var state: NavigationState
    var policy: SplitPolicy
    var log: [NavigationEvent] = []
    let initial: NavigationState

    /// A classic split whose children are `primary` and `secondary` (bracket notation), not launched.
    init(_ traits: Traits, primary: String = "MN[M]", secondary: String? = "DN[D]", policy: SplitPolicy = .noDelegate) throws {
        self.policy = policy
        state = NavigationState(traits: traits)
        initial = state
        let p = try make(primary)
        var children = [p]
        if let secondary { children.append(try make(secondary)) }
        send(.setSplitViewControllers(children))
    }

    /// A column-style split (or any style) whose columns are assigned with `setViewController`.
    init(style: SplitStyle, _ traits: Traits, columns: [(Column, String)], policy: SplitPolicy = .noDelegate) throws {
        self.policy = policy
        state = NavigationState(style: style, traits: traits)
        initial = state
        for (column, notation) in columns {
            let id = try make(notation)
            send(.setViewController(id, for: column))
        }
    }

    /// A legacy or manual split with the classic two children.
    init(
        style: SplitStyle, _ traits: Traits, primary: String = "MN[M]", secondary: String? = "DN[D]",
        policy: SplitPolicy = .noDelegate
    ) throws {
        self.policy = policy
        state = NavigationState(style: style, traits: traits)
        initial = state
        let p = try make(primary)
        var children = [p]
        if let secondary { children.append(try make(secondary)) }
        send(.setSplitViewControllers(children))
    }

    /// Creates the controllers of a bracket-notation tree; returns the root's ID.
    @discardableResult
    mutating func make(_ notation: String) throws -> ControllerID {
        let spec = try ControllerSpec.parse(notation)
        let id = state.nextAppControllerID
        let events = send(.instantiate(spec))
        #expect(!events.contains { if case .rejected = $0 { return true } else { return false } })
        return id
    }

    /// Sends a command; returns its events.
    @discardableResult
    mutating func send(_ command: NavigationCommand) -> [NavigationEvent] {
        let events = Navigation.send(command, to: &state, delegate: state.policy(session: policy))
        log += events
        return events
    }

    /// The newest controller called `name`.
    subscript(_ name: String) -> ControllerID {
        guard let id = state.controller(named: name) else {
            Issue.record("no controller named \(name)")
            return ControllerID(app: 9999)
        }
        return id
    }

    /// The hierarchy in bracket notation, columns joined by ` | `.
    var hierarchy: String { state.hierarchyDescription }

    /// Names of the visible content controllers.
    var visible: [String] { state.visibleContent.map(state.name) }

    /// Names of every controller on screen (containers included).
    var onScreen: [String] { state.visibleControllers.map(state.name) }

    /// Every bug and invariant violation raised by the events so far, as rule IDs.
    func rulesRaised() -> [String] {
        var replay = initial
        var rules: [String] = []
        for event in log {
            replay.evolve(event)
            rules += replay.violations(after: event).map { "\($0.rule)" }
        }
        return rules
    }
}

extension Array where Element == NavigationEvent {
    /// The rejection reasons among these events.
    var rejections: [RejectionReason] {
        compactMap { if case .rejected(_, let reason, _) = $0 { return reason } else { return nil } }
    }
    /// The ignore reasons among these events.
    var ignores: [IgnoreReason] {
        compactMap { if case .ignored(_, let reason, _) = $0 { return reason } else { return nil } }
    }
}
