/// A split view delegate as data: for each delegate method, either not implemented (UIKit's
/// default applies) or a list of rules, `ANSWER if CONDITION`, tried in order. Data, not closures,
/// so a log stores it (in its header and in `policyChanged` events) and a what-if replay can swap
/// it; it answers through the same ``SplitViewDelegate`` protocol as a delegate written in Swift.
///
/// Its text form is the policy language of scripts (`docs/ScriptFormat.md`, "Delegate policies"):
///
/// ```swift
/// let wordPress: SplitPolicy = """
///     name wordpress; \
///     collapseSecondary discard if flag detailDimmed else merge if flag detailModified else discard; \
///     separateSecondary unmerge firstNested or after BlogList|BlogDetails wrap DetailNC@WPDetail else fresh DetailNC@WPDetail[Stats]
///     """
/// ```
public struct SplitPolicy: Hashable, Sendable {
    /// A short name for output (`none`, `calendar-paste`, …).
    public var name: String
    /// The rules of each implemented method; a method that is absent is not implemented.
    public var methods: [DelegateMethod: [PolicyRule]]
    /// Legacy: whether the delegate implements `willHideViewController…`, which enables the swipe (LG-6).
    public var implementsWillHide: Bool
    /// Whether the session was decided by a delegate written in Swift, whose code a log cannot hold:
    /// a what-if replay of it needs that delegate again (the rules are then empty).
    public var isSwiftDelegate: Bool

    /// A policy implementing `methods`.
    public init(
        name: String = "none", methods: [DelegateMethod: [PolicyRule]] = [:], implementsWillHide: Bool = false,
        isSwiftDelegate: Bool = false
    ) {
        self.name = name
        self.methods = methods
        self.implementsWillHide = implementsWillHide
        self.isSwiftDelegate = isSwiftDelegate
    }

    /// No delegate at all. (Not called `none`: `policy: .none` on an optional parameter would mean
    /// `Optional.none`.)
    public static let noDelegate = SplitPolicy()

    /// The placeholder a log stores for a session decided by the Swift delegate `name`.
    public static func swiftDelegate(named name: String) -> SplitPolicy {
        SplitPolicy(name: name, isSwiftDelegate: true)
    }

    /// The rules of `method`, or `nil` when it is not implemented.
    public subscript(method: DelegateMethod) -> [PolicyRule]? {
        get { methods[method] }
        set { methods[method] = newValue }
    }

    /// Whether `method` is implemented.
    public func implements(_ method: DelegateMethod) -> Bool { methods[method] != nil }
}

/// The delegate methods a policy can implement (ST-12), in UIKit's words.
public enum DelegateMethod: UInt8, Hashable, Sendable, CaseIterable, Comparable {
    /// `primaryViewController(forCollapsing:)` (CO-1.1, CO-7).
    case primaryForCollapsing = 0
    /// `splitViewController(_:collapseSecondary:onto:)` (CO-1.3, CO-2).
    case collapseSecondary = 1
    /// `primaryViewController(forExpanding:)` (EX-1.1).
    case primaryForExpanding = 2
    /// `splitViewController(_:separateSecondaryFrom:)` (EX-1.3, EX-3).
    case separateSecondary = 3
    /// `targetDisplayModeForAction(in:)` (BTN-2).
    case targetDisplayMode = 4
    /// `splitViewController(_:show:sender:)` (SH-4).
    case showOverride = 5
    /// `splitViewController(_:showDetail:sender:)` (SH-8).
    case showDetailOverride = 6
    /// Column style: `topColumnForCollapsingToProposedTopColumn` (CO-12).
    case topColumnForCollapsing = 7
    /// Column style: `displayModeForExpandingToProposedDisplayMode` (EX-4).
    case displayModeForExpanding = 8
    /// Legacy: `splitViewController(_:shouldHide:in:)` (LG-4).
    case shouldHide = 9
    /// The notification `splitViewControllerDidCollapse(_:)`: no answer, only actions (CO-13).
    case didCollapse = 10
    /// The notification `splitViewControllerDidExpand(_:)`: no answer, only actions.
    case didExpand = 11
    /// A navigation controller's delegate's `navigationController(_:didShow:animated:)`: the
    /// subject `target` is the controller shown, `navigation` its navigation controller.
    case didShow = 12
    /// The notification `splitViewController(_:willChangeTo:)`, before the display mode changes
    /// (DM-2): no answer, only actions; `proposed MODE` tests the mode it changes to.
    case willChangeTo = 13
    /// Column style: the notification `splitViewController(_:willShow:)` (BTN-8, EX-4);
    /// `proposed COLUMN` tests the column.
    case willShowColumn = 14
    /// Column style: the notification `splitViewController(_:willHide:)` (BTN-8, CO-13);
    /// `proposed COLUMN` tests the column.
    case willHideColumn = 15

    /// Whether the method is a notification: its rules answer nothing and only act.
    public var isNotification: Bool {
        switch self {
        case .didCollapse, .didExpand, .didShow, .willChangeTo, .willShowColumn, .willHideColumn: return true
        default: return false
        }
    }

    /// The method's name in the policy language.
    public var name: String { "\(self)" }

    /// The method named `name`.
    public init?(name: String) {
        guard let method = DelegateMethod.allCases.first(where: { $0.name == name }) else { return nil }
        self = method
    }

    /// Whether `answer` is one this method can give.
    public func accepts(_ answer: PolicyAnswer) -> Bool {
        switch (self, answer) {
        case (.primaryForCollapsing, .returnsNil), (.primaryForCollapsing, .secondary), (.primaryForCollapsing, .existing),
            (.primaryForCollapsing, .fresh),
            (.primaryForExpanding, .returnsNil), (.primaryForExpanding, .secondary), (.primaryForExpanding, .existing),
            (.primaryForExpanding, .fresh),
            (.collapseSecondary, .keep), (.collapseSecondary, .discard), (.collapseSecondary, .merge),
            (.collapseSecondary, .mergeTop), (.collapseSecondary, .filter),
            (.separateSecondary, .returnsNil), (.separateSecondary, .fresh), (.separateSecondary, .existing),
            (.separateSecondary, .unmerge),
            (.targetDisplayMode, .mode), (.displayModeForExpanding, .mode), (.displayModeForExpanding, .proposed),
            (.topColumnForCollapsing, .column), (.topColumnForCollapsing, .proposed),
            (.showOverride, .bool), (.showDetailOverride, .bool), (.shouldHide, .bool),
            (.didCollapse, .nothing), (.didExpand, .nothing), (.didShow, .nothing), (.willChangeTo, .nothing),
            (.willShowColumn, .nothing), (.willHideColumn, .nothing):
            return true
        default:
            return false
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One rule of a method: give `answer` when `condition` holds (always when it is `nil`), after
/// doing `actions`.
public struct PolicyRule: Hashable, Sendable {
    /// What the delegate answers (and does to give that answer).
    public var answer: PolicyAnswer
    /// When; `nil` for always.
    public var condition: PolicyCondition?
    /// What else the delegate does, in order, after the answer's own changes: set a property or a
    /// flag, push, present, replace the secondary (`then …` in the policy language).
    public var actions: [PolicyAction]

    /// Creates a rule.
    public init(_ answer: PolicyAnswer, if condition: PolicyCondition? = nil, actions: [PolicyAction] = []) {
        self.answer = answer
        self.condition = condition
        self.actions = actions
    }
}

/// What a delegate method answers, and what it does first (the answers a method accepts:
/// ``DelegateMethod/accepts(_:)``).
public enum PolicyAnswer: Hashable, Sendable {
    /// collapseSecondary: return `false`, so UIKit's default applies (the navigation primary pushes
    /// the secondary, CO-1.4).
    case keep
    /// collapseSecondary: return `true`: handled, the secondary is discarded (CO-2).
    case discard
    /// collapseSecondary: append the secondary navigation controller's stack to the primary's, then
    /// return `true` (CO-4's merge).
    case merge
    /// collapseSecondary: move only the secondary's top controller (the visible detail) onto the
    /// primary's stack, then return `true` (NetNewsWire 5).
    case mergeTop
    /// collapseSecondary: keep in the primary's stack only the controllers that match, then return
    /// `false` (AdaptivePhotos).
    case filter(ControllerMatch)
    /// Return `nil`: UIKit's default applies.
    case returnsNil
    /// primaryViewController(forCollapsing:): return the secondary (CO-7).
    case secondary
    /// Return the newest controller in the hierarchy that matches (no answer when none does).
    case existing(ControllerMatch)
    /// Return a new controller tree, minted for the answer (a fresh instance every time, EX-3).
    case fresh(ControllerSpec)
    /// separateSecondary: split the primary's stack at the first point that applies and return the
    /// tail: a navigation controller at the split point is returned as it is; otherwise the tail is
    /// wrapped in a new navigation controller shaped like `wrap` (no answer when the tail is empty).
    case unmerge([UnmergePoint], wrap: ControllerSpec)
    /// A display mode (`automatic`: UIKit's heuristics, BTN-3).
    case mode(DisplayMode)
    /// A column (topColumnForCollapsing).
    case column(Column)
    /// Keep UIKit's proposal (topColumnForCollapsing, displayModeForExpanding).
    case proposed
    /// A Boolean: `handled`/`notHandled` for the show overrides, `hide`/`show` for shouldHide.
    case bool(Bool)
    /// A notification's rule: no answer, only its actions.
    case nothing
}

/// Where `unmerge` splits the primary's stack.
public enum UnmergePoint: Hashable, Sendable {
    /// At the first nested navigation controller (left there by UIKit's default collapse).
    case firstNested
    /// Just after the last controller that matches (WordPress's detail providers).
    case after(ControllerMatch)
    /// At the first controller that matches.
    case from(ControllerMatch)
    /// Only the top controller (NetNewsWire 5's article).
    case top
}

/// Which controller a condition looks at.
public enum PolicySubject: String, Hashable, Sendable, CaseIterable {
    /// The primary (while collapsing: the controller being collapsed onto; while separating: the one
    /// being separated).
    case primary
    /// The secondary (while collapsing: the one being collapsed).
    case secondary
    /// The supplementary column (triple column).
    case supplementary
    /// The controller being shown (the show overrides).
    case target
    /// The controller that sent `show`/`showDetail`.
    case sender
    /// The controller presented from the window's root, if any.
    case presented
    /// The navigation controller that showed `target` (didShow).
    case navigation
}

/// What a condition tests of its subject.
public enum ControllerTest: Hashable, Sendable {
    /// The subject itself matches.
    case `is`(ControllerMatch)
    /// The subject's top (a navigation controller's last controller) matches.
    case top(ControllerMatch)
    /// The top of the subject's top (a nested navigation controller's top) matches.
    case nestedTop(ControllerMatch)
    /// A controller anywhere below the subject (its stacks, recursively) matches.
    case contains(ControllerMatch)
    /// The subject shows this item (``ControllerRecord/item``, of its visible end for a navigation
    /// controller), or none (`nil`).
    case shows(String?)
    /// The subject shows the same item as another subject (both show one).
    case showsSameItemAs(PolicySubject)
    /// The subject's stack holds more than this many controllers.
    case deeperThan(Int)
}

/// When a rule applies: a condition over the split, its stacks and the app's flags.
public indirect enum PolicyCondition: Hashable, Sendable {
    /// The app flag of this name is set (`flag NAME true`, ``NavigationCommand/setFlag(_:_:)``).
    case flag(String)
    /// The split is collapsed.
    case collapsed
    /// The split is wider than tall.
    case landscape
    /// UIKit proposes this column (topColumnForCollapsing).
    case proposedColumn(Column)
    /// UIKit proposes this display mode (displayModeForExpanding: an app that answers by what it
    /// is offered, `proposed == .secondaryOnly ? .oneBesideSecondary : proposed`).
    case proposedMode(DisplayMode)
    /// A test of one controller.
    case test(PolicySubject, ControllerTest)
    /// A test of a controller the app keeps, named instead of a subject (a delegate's stored
    /// property, `listNavigation?.topViewController is ArticleDetailViewController`): the newest
    /// controller in the hierarchy that matches, else the newest live one; false when none does.
    case testNamed(ControllerMatch, ControllerTest)
    /// The condition does not hold.
    case not(PolicyCondition)
    /// Every condition holds.
    case all([PolicyCondition])
    /// At least one condition holds.
    case any([PolicyCondition])

    /// The deepest a condition may nest (`not`, `and`, `or`): policies come from untrusted text
    /// and bytes, and neither the parser nor the decoder may recurse without bound.
    public static let maximumDepth = 32

    /// How many levels the condition nests: 1 for a leaf.
    public var depth: Int {
        switch self {
        case .not(let inner): return 1 + inner.depth
        case .all(let parts), .any(let parts): return 1 + (parts.map(\.depth).max() ?? 0)
        case .flag, .collapsed, .landscape, .proposedColumn, .proposedMode, .test, .testNamed: return 1
        }
    }
}

/// A pattern for controllers: `Name`, `A|B`, `@restorationID`, `:kind`, `*` (any), combined as in the
/// bracket notation (`*:navigation`, `Detail@DetailNC`).
public struct ControllerMatch: Hashable, Sendable {
    /// The names that match (any of them); empty for any name.
    public var names: [String]
    /// The restoration identifier that must be there, if any.
    public var restorationID: String?
    /// The kind that must be there, if any.
    public var kind: ControllerKind?

    /// Creates a match.
    public init(names: [String] = [], restorationID: String? = nil, kind: ControllerKind? = nil) {
        self.names = names
        self.restorationID = restorationID
        self.kind = kind
    }

    /// A controller named `name`.
    public static func named(_ name: String) -> ControllerMatch { ControllerMatch(names: [name]) }

    /// Any controller.
    public static let any = ControllerMatch()

    /// Whether the controller `id` of `state` matches.
    public func matches(_ id: ControllerID, in state: NavigationState) -> Bool {
        guard let record = state.record(id), !record.isReleased else { return false }
        if let kind, record.kind != kind { return false }
        if !names.isEmpty, !names.contains(state.names[record.name]) { return false }
        if let restorationID, record.restorationID.map({ state.names[$0] }) != restorationID { return false }
        return true
    }
}
