import NavigationCore

/// The split at one point of a log, as `navtape state --json` and the server's `…/state` give it
/// (docs/JSON.md, "State"): the position, the traits, the columns and stacks, what is visible, the
/// policy in force, and the invariants that do not hold there.
///
/// Encoded through `Codable`: controllers as `"#3"`, enum cases by name, `null` for what is absent.
public struct StateReport: Codable, Hashable, Sendable {
    /// A navigation controller in the hierarchy and its stack.
    public struct Stack: Codable, Hashable, Sendable {
        /// The controller (`#3`).
        public var id: String
        /// Its screen name.
        public var name: String
        /// Its stack, bottom first.
        public var stack: [String]
    }

    /// The presented controller.
    public struct Presented: Codable, Hashable, Sendable {
        /// The controller (`#3`).
        public var id: String
        /// Its screen name.
        public var name: String
        /// Its subtree in bracket notation.
        public var hierarchy: String
    }

    /// An invariant that does not hold.
    public struct Violation: Codable, Hashable, Sendable {
        /// The rule (`INV-4`).
        public var rule: String
        /// The controller it is about, if one.
        public var subject: String?
        /// What is wrong.
        public var message: String
    }

    /// The last event applied, as event lines number it (`nil` at the start).
    public var event: UInt64?
    /// How many events were applied.
    public var events: UInt64
    /// The time of the last event applied (the session's start at the start), in milliseconds.
    public var time: Int64
    /// ``time`` in ISO 8601 UTC.
    public var date: String
    public var style: String
    public var isLaunched: Bool
    public var isCollapsed: Bool
    public var displayMode: String
    public var preferredDisplayMode: String
    public var sizeClass: String
    public var width: Int
    public var height: Int
    public var idiom: String
    public var sideBySide: String
    public var primaryColumnWidth: Double
    public var primaryEdge: String
    public var presentsWithGesture: Bool
    /// Where the display-mode button leads, or `hidden`.
    public var button: String
    public var primary: String?
    public var supplementary: String?
    public var compactColumn: String?
    public var splitBehavior: String
    public var preferredSplitBehavior: String
    /// The secondary column's controller (`nil` while collapsed).
    public var secondary: String?
    public var viewControllers: [String]
    /// The hierarchy in bracket notation.
    public var hierarchy: String
    public var stacks: [Stack]
    /// The names of the visible content controllers.
    public var visible: [String]
    /// The same controllers by ID.
    public var visibleIDs: [String]
    public var presented: Presented?
    /// The delegate policy in force, in the policy language.
    public var policy: String
    /// The app's flags that are set.
    public var flags: [String]
    public var violations: [Violation]

    /// The report of `state`, the state after `count` events, whose last event `last` was at `time`
    /// (`nil` and the session's start at point 0), under the session's `policy`.
    public init(_ state: NavigationState, count: UInt64, last: NavigationEvent?, time: Int64, policy: SplitPolicy) {
        func id(_ controller: ControllerID?) -> String? { controller?.description }
        let violations = last.map { state.violations(after: $0) } ?? state.invariantViolations()
        let delegate = state.policy(session: policy)
        event = count == 0 ? nil : count - 1
        events = count
        self.time = time
        date = SessionTime.iso8601(time)
        style = "\(state.style)"
        isLaunched = state.isLaunched
        isCollapsed = state.isCollapsed
        displayMode = state.displayMode.classicName
        preferredDisplayMode = state.preferredDisplayMode.classicName
        sizeClass = "\(state.traits.horizontalSizeClass)"
        width = Int(state.traits.width)
        height = Int(state.traits.height)
        idiom = "\(state.traits.idiom)"
        sideBySide = "\(state.traits.sideBySide)"
        primaryColumnWidth = state.primaryColumnWidth
        primaryEdge = "\(state.primaryEdge)"
        presentsWithGesture = state.presentsWithGesture
        button = state.displayModeButton(delegate: delegate).map { $0.target.classicName } ?? "hidden"
        primary = id(state.primary)
        supplementary = id(state.supplementary)
        compactColumn = id(state.compactColumn)
        splitBehavior = "\(state.splitBehavior)"
        preferredSplitBehavior = "\(state.preferredSplitBehavior)"
        secondary = id(state.isCollapsed ? nil : state.secondary)
        viewControllers = state.viewControllers.map(\.description)
        hierarchy = state.hierarchyDescription
        stacks = state.navigationControllersInHierarchy.map { navigation in
            Stack(id: navigation.description, name: state.name(of: navigation), stack: state.stack(of: navigation).map(\.description))
        }
        visible = state.visibleContent.map { state.name(of: $0) }
        visibleIDs = state.visibleContent.map(\.description)
        presented = state.presented.map { Presented(id: $0.description, name: state.name(of: $0), hierarchy: state.bracketNotation($0)) }
        self.policy = delegate.text
        flags = state.flagNames
        self.violations = violations.map { Violation(rule: $0.rule.description, subject: id($0.subject), message: $0.message) }
    }

    /// The report of the state after `count` events of `machine`'s log.
    public init(_ machine: TimeMachine, at count: UInt64) throws(NavTapeError) {
        let state = try machine.state(at: count)
        let last = try machine.lastEvent(before: count)
        self.init(
            state, count: count, last: last?.event, time: last?.time ?? machine.startTime,
            policy: machine.sessionDescription.policy)
    }
}
