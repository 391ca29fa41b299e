import NavigationCore

/// How one navigation controller's stack differs between two states.
public struct StackDifference: Hashable, Sendable {
    /// The navigation controller.
    public var navigation: ControllerID
    /// Its stack in the first state, bottom to top.
    public var before: [ControllerID]
    /// Its stack in the second state, bottom to top.
    public var after: [ControllerID]

    /// Creates a stack difference.
    public init(navigation: ControllerID, before: [ControllerID], after: [ControllerID]) {
        self.navigation = navigation
        self.before = before
        self.after = after
    }

    /// The controllers only in ``after``, bottom to top.
    public var added: [ControllerID] { after.filter { !before.contains($0) } }
    /// The controllers only in ``before``, bottom to top.
    public var removed: [ControllerID] { before.filter { !after.contains($0) } }
    /// Whether the top differs.
    public var topChanged: Bool { before.last != after.last }
}

/// One structural difference between two states, as found by ``diff(_:_:)``.
///
/// `description` prints controller IDs; ``description(in:)`` prints screen names.
public enum StateChange: Hashable, Sendable, CustomStringConvertible {
    /// The split's style (ST-1): only differs between states of two different splits.
    case style(from: SplitStyle, to: SplitStyle)
    /// Whether the split is on screen (SZ-3).
    case isLaunched(from: Bool, to: Bool)
    /// The environment (ST-7).
    case traits(from: Traits, to: Traits)
    /// Collapsed or expanded (ST-6).
    case isCollapsed(from: Bool, to: Bool)
    /// The actual display mode (ST-4).
    case displayMode(from: DisplayMode, to: DisplayMode)
    /// `preferredDisplayMode` (ST-4).
    case preferredDisplayMode(from: DisplayMode, to: DisplayMode)
    /// The split's primary child.
    case primary(from: ControllerID?, to: ControllerID?)
    /// The split's secondary child (`nil` while collapsed).
    case secondary(from: ControllerID?, to: ControllerID?)
    /// The modally presented controller.
    case presented(from: ControllerID?, to: ControllerID?)
    /// A split property (ST-8..ST-10); both values are the same case of ``NavigationCore/SplitProperty``.
    case property(from: SplitProperty, to: SplitProperty)
    /// The resolved primary column width in points (WD-1).
    case primaryColumnWidth(from: Double, to: Double)
    /// The secondary the split falls back to on expand (ST-13, EX-1.5).
    case rememberedSecondary(from: ControllerID?, to: ControllerID?)
    /// Column style: the supplementary or compact column's controller (ST-3).
    case column(Column, from: ControllerID?, to: ControllerID?)
    /// Column style: the actual split behaviour (ST-5).
    case splitBehavior(from: SplitBehavior, to: SplitBehavior)
    /// Column style: `preferredSplitBehavior` (ST-5).
    case preferredSplitBehavior(from: SplitBehavior, to: SplitBehavior)
    /// A navigation controller in either hierarchy whose stack differs.
    case stack(StackDifference)
    /// A controller in the first state's hierarchy that is not in the second's.
    case leftHierarchy(ControllerID)
    /// A controller in the second state's hierarchy that was not in the first's.
    case enteredHierarchy(ControllerID)
    /// The controllers on screen (AP-1, AP-6), along each visible path.
    case visibleControllers(from: [ControllerID], to: [ControllerID])
    /// Controllers the second state knows and the first does not.
    case controllersCreated([ControllerID])

    /// The change with controller IDs (`#3`).
    public var description: String { render { "\($0)" } }

    /// The change with the screen names `state` gives the controllers (pass the later state:
    /// it knows every controller the earlier one does).
    public func description(in state: NavigationState) -> String {
        render { state.name(of: $0) }
    }

    private func render(_ name: (ControllerID) -> String) -> String {
        func optional(_ id: ControllerID?) -> String { id.map(name) ?? "none" }
        func list(_ ids: [ControllerID]) -> String { "[" + ids.map(name).joined(separator: ", ") + "]" }
        switch self {
        case .style(let from, let to): return "style: \(from) → \(to)"
        case .isLaunched(let from, let to): return "isLaunched: \(from) → \(to)"
        case .traits(let from, let to): return "traits: \(describe(from)) → \(describe(to))"
        case .isCollapsed(let from, let to): return "isCollapsed: \(from) → \(to)"
        case .displayMode(let from, let to): return "displayMode: \(from.classicName) → \(to.classicName)"
        case .preferredDisplayMode(let from, let to):
            return "preferredDisplayMode: \(from.classicName) → \(to.classicName)"
        case .primary(let from, let to): return "primary: \(optional(from)) → \(optional(to))"
        case .secondary(let from, let to): return "secondary: \(optional(from)) → \(optional(to))"
        case .presented(let from, let to): return "presented: \(optional(from)) → \(optional(to))"
        case .property(let from, let to):
            let (key, old) = describe(from), (_, new) = describe(to)
            return "\(key): \(old) → \(new)"
        case .primaryColumnWidth(let from, let to):
            return "primaryColumnWidth: \(describe(from)) → \(describe(to))"
        case .rememberedSecondary(let from, let to):
            return "rememberedSecondary: \(optional(from)) → \(optional(to))"
        case .column(let column, let from, let to):
            return "\(column.name) column: \(optional(from)) → \(optional(to))"
        case .splitBehavior(let from, let to): return "splitBehavior: \(from) → \(to)"
        case .preferredSplitBehavior(let from, let to): return "preferredSplitBehavior: \(from) → \(to)"
        case .stack(let difference):
            var parts: [String] = []
            if !difference.added.isEmpty { parts.append("added " + difference.added.map(name).joined(separator: ", ")) }
            if !difference.removed.isEmpty { parts.append("removed " + difference.removed.map(name).joined(separator: ", ")) }
            let suffix = parts.isEmpty ? " (reordered)" : " (" + parts.joined(separator: "; ") + ")"
            return "\(name(difference.navigation)) stack: \(list(difference.before)) → \(list(difference.after))\(suffix)"
        case .leftHierarchy(let id): return "\(name(id)) left the hierarchy"
        case .enteredHierarchy(let id): return "\(name(id)) entered the hierarchy"
        case .visibleControllers(let from, let to): return "visible: \(list(from)) → \(list(to))"
        case .controllersCreated(let ids): return "created \(list(ids))"
        }
    }
}

/// The structural differences from `a` to `b`: split fields, stacks, hierarchy membership, what is
/// on screen, and new controllers. `diff(a, a)` is empty.
///
/// Order: split fields (style, launch, traits, collapse, display modes, children, presented,
/// properties, width, remembered secondary); then every navigation controller in either
/// hierarchy whose stack differs (`a`'s hierarchy order, then `b`'s newcomers); then controllers
/// that left `a`'s hierarchy and entered `b`'s, each in pre-order; then the visible controllers;
/// then controllers created.
///
/// Not compared: the name table, restoration identifiers, the `hasBeenDetail` marks, the
/// `nestingNavigation` and `rememberedSecondaryWasPushed` bookkeeping, and the stacks of navigation
/// controllers outside both hierarchies. Two states whose diff is empty can therefore still differ
/// by `==` in those.
///
/// - Complexity: O(size of both hierarchies); not meant for every event (use it on demand, e.g.
///   between two checkpoints or around one event).
public func diff(_ a: NavigationState, _ b: NavigationState) -> [StateChange] {
    var changes: [StateChange] = []
    if a.style != b.style { changes.append(.style(from: a.style, to: b.style)) }
    if a.isLaunched != b.isLaunched { changes.append(.isLaunched(from: a.isLaunched, to: b.isLaunched)) }
    if a.traits != b.traits { changes.append(.traits(from: a.traits, to: b.traits)) }
    if a.isCollapsed != b.isCollapsed { changes.append(.isCollapsed(from: a.isCollapsed, to: b.isCollapsed)) }
    if a.displayMode != b.displayMode { changes.append(.displayMode(from: a.displayMode, to: b.displayMode)) }
    if a.preferredDisplayMode != b.preferredDisplayMode {
        changes.append(.preferredDisplayMode(from: a.preferredDisplayMode, to: b.preferredDisplayMode))
    }
    if a.primary != b.primary { changes.append(.primary(from: a.primary, to: b.primary)) }
    if a.secondary != b.secondary { changes.append(.secondary(from: a.secondary, to: b.secondary)) }
    if a.presented != b.presented { changes.append(.presented(from: a.presented, to: b.presented)) }
    for (old, new) in zip(properties(of: a), properties(of: b)) where old != new {
        changes.append(.property(from: old, to: new))
    }
    if a.primaryColumnWidth != b.primaryColumnWidth {
        changes.append(.primaryColumnWidth(from: a.primaryColumnWidth, to: b.primaryColumnWidth))
    }
    if a.rememberedSecondary != b.rememberedSecondary {
        changes.append(.rememberedSecondary(from: a.rememberedSecondary, to: b.rememberedSecondary))
    }
    for column in [Column.supplementary, .compact] where a.controller(for: column) != b.controller(for: column) {
        changes.append(.column(column, from: a.controller(for: column), to: b.controller(for: column)))
    }
    if a.splitBehavior != b.splitBehavior { changes.append(.splitBehavior(from: a.splitBehavior, to: b.splitBehavior)) }
    if a.preferredSplitBehavior != b.preferredSplitBehavior {
        changes.append(.preferredSplitBehavior(from: a.preferredSplitBehavior, to: b.preferredSplitBehavior))
    }

    var navigations = a.navigationControllersInHierarchy
    for navigation in b.navigationControllersInHierarchy where !navigations.contains(navigation) {
        navigations.append(navigation)
    }
    for navigation in navigations {
        let before = a.stack(of: navigation), after = b.stack(of: navigation)
        if before != after { changes.append(.stack(StackDifference(navigation: navigation, before: before, after: after))) }
    }

    let membersA = a.hierarchyMembers, membersB = b.hierarchyMembers
    let setA = Set(membersA), setB = Set(membersB)
    for id in membersA where !setB.contains(id) { changes.append(.leftHierarchy(id)) }
    for id in membersB where !setA.contains(id) { changes.append(.enteredHierarchy(id)) }

    let visibleA = a.visibleControllers, visibleB = b.visibleControllers
    if visibleA != visibleB { changes.append(.visibleControllers(from: visibleA, to: visibleB)) }

    let created = b.allControllerIDs.filter { !a.contains($0) }
    if !created.isEmpty { changes.append(.controllersCreated(created)) }
    return changes
}

/// The settable split properties of `state`, in ``NavigationCore/SplitProperty`` declaration order.
private func properties(of state: NavigationState) -> [SplitProperty] {
    let widths = state.widthPreferences
    return [
        .presentsWithGesture(state.presentsWithGesture),
        .primaryEdge(state.primaryEdge),
        .preferredPrimaryColumnWidthFraction(widths.fraction),
        .preferredPrimaryColumnWidth(widths.width),
        .minimumPrimaryColumnWidth(widths.minimum),
        .maximumPrimaryColumnWidth(widths.maximum),
        .showsSecondaryOnlyButton(state.showsSecondaryOnlyButton),
        .displayModeButtonVisibility(state.displayModeButtonVisibility),
    ]
}

/// `compact 414×736 phone`, plus the side-by-side hint when it is explicit.
func describe(_ traits: Traits) -> String {
    let sizeClass = traits.horizontalSizeClass == .compact ? "compact" : "regular"
    let idiom = traits.idiom == .pad ? "pad" : "phone"
    var result = "\(sizeClass) \(traits.width)×\(traits.height) \(idiom)"
    switch traits.sideBySide {
    case .byOrientation: break
    case .wide: result += " wide"
    case .narrow: result += " narrow"
    }
    return result
}

/// A width in points: `320` when whole, otherwise one decimal (`245.3`).
func describe(_ points: Double) -> String {
    if points.isFinite, points == points.rounded(), abs(points) < 1e15 { return "\(Int64(points))" }
    return "\((points * 10).rounded() / 10)"
}

/// The property's name and value, `automatic` for `nil` widths.
func describe(_ property: SplitProperty) -> (name: String, value: String) {
    func width(_ value: Double?) -> String { value.map { describe($0) } ?? "automatic" }
    switch property {
    case .presentsWithGesture(let value): return ("presentsWithGesture", "\(value)")
    case .primaryEdge(let edge): return ("primaryEdge", edge == .leading ? "leading" : "trailing")
    case .preferredPrimaryColumnWidthFraction(let value):
        return ("preferredPrimaryColumnWidthFraction", value.map { "\($0)" } ?? "automatic")
    case .preferredPrimaryColumnWidth(let value): return ("preferredPrimaryColumnWidth", width(value))
    case .minimumPrimaryColumnWidth(let value): return ("minimumPrimaryColumnWidth", width(value))
    case .maximumPrimaryColumnWidth(let value): return ("maximumPrimaryColumnWidth", width(value))
    case .showsSecondaryOnlyButton(let value): return ("showsSecondaryOnlyButton", "\(value)")
    case .displayModeButtonVisibility(let value): return ("displayModeButtonVisibility", "\(value)")
    }
}
