/// `UISplitViewControllerDelegate` for the model: the questions UIKit asks a split's delegate, at
/// the points UIKit asks them, for every style the model has. Port an app's delegate almost line by
/// line: the same method names, a ``SplitView`` for the split and ``ViewController`` handles for its
/// controllers.
///
/// Every method has UIKit's default when it is not implemented (a protocol extension gives it), so
/// a delegate implements only what the app does. `decide` calls the delegate; the events record its
/// answers and their effects (stacks it rearranged, controllers it created), so a replay never
/// needs it and a what-if can swap it for another, written in Swift or as a ``SplitPolicy``.
///
/// ```swift
/// struct WordPressDelegate: SplitViewDelegate {
///     func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController,
///                              onto primary: ViewController) -> Bool {
///         if split.flag("detailDimmed") { return true }
///         if primary.isNavigationController, secondary.isNavigationController, split.flag("detailModified") {
///             primary.viewControllers += secondary.viewControllers
///         }
///         return true
///     }
/// }
/// ```
///
/// A delegate reads the app's state through ``SplitView/flag(_:)`` (flags the app sets with a
/// recorded command), not through state of its own, so that the log says why an answer changed and
/// a what-if decides as the recording did.
public protocol SplitViewDelegate {
    /// The delegate's name, for log headers and output.
    var name: String { get }

    // MARK: classic collapse and separate (CO-1, EX-1)

    /// `primaryViewController(forCollapsing:)`: the single child after a collapse, or `nil` for the
    /// current primary (CO-1.1, CO-7). Default: `nil`.
    func primaryViewController(forCollapsing split: SplitView) -> ViewController?

    /// `splitViewController(_:collapseSecondary:onto:)`: `true` when the delegate handled the
    /// collapse (whatever it did not move is discarded, CO-2); `false` lets the primary do its
    /// default (a navigation primary pushes the secondary, CO-1.4). Default: `false`.
    func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool

    /// `primaryViewController(forExpanding:)`: the primary after a separate, or `nil` for the current
    /// one (EX-1.1). Default: `nil`.
    func primaryViewController(forExpanding split: SplitView) -> ViewController?

    /// `splitViewController(_:separateSecondaryFrom:)`: the new secondary, or `nil` for the primary's
    /// default (a navigation primary pops its top, EX-1.4). A controller still in `primary`'s stack
    /// counts as `nil` (DECOMP). Default: `nil`.
    func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController?

    // MARK: display mode and show

    /// `targetDisplayModeForAction(in:)`: where the button and the gesture lead (BTN-2);
    /// `.automatic` for UIKit's heuristics (BTN-3). Default: `.automatic`.
    func targetDisplayModeForAction(in split: SplitView) -> DisplayMode

    /// `splitViewController(_:show:sender:)`: `true` when the delegate showed `controller` itself
    /// (SH-4). Default: `false`.
    func splitViewController(_ split: SplitView, show controller: ViewController, sender: ViewController) -> Bool

    /// `splitViewController(_:showDetail:sender:)`: `true` when the delegate showed `controller`
    /// itself (SH-8). Default: `false`.
    func splitViewController(_ split: SplitView, showDetail controller: ViewController, sender: ViewController) -> Bool

    // MARK: column style (iOS 14+)

    /// `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)` (CO-12). Default: `proposed`.
    func splitViewController(_ split: SplitView, topColumnForCollapsingToProposedTopColumn proposed: Column) -> Column

    /// `splitViewController(_:displayModeForExpandingToProposedDisplayMode:)` (EX-4). Default: `proposed`.
    func splitViewController(_ split: SplitView, displayModeForExpandingToProposedDisplayMode proposed: DisplayMode) -> DisplayMode

    // MARK: legacy (iOS 3.2–7)

    /// `splitViewController(_:shouldHide:in:)` (LG-4). Default: hidden in portrait, shown in landscape.
    func splitViewController(_ split: SplitView, shouldHide controller: ViewController, in orientation: Orientation) -> Bool

    /// Whether the delegate implements the legacy `willHideViewController…`, which enables the
    /// swipe (LG-6). Default: `false`.
    var implementsLegacyWillHide: Bool { get }

    // MARK: notifications

    /// A notification UIKit sends (DM-2's `willChangeTo`, `didCollapse`, `didExpand`, column
    /// `willShow`/`willHide`, the legacy popover calls), with a read-only view of the split.
    /// Default: nothing.
    func splitViewController(_ split: SplitView, notified notification: SplitNotification)

    /// `navigationController(_:didShow:animated:)` of a navigation controller's delegate, after a
    /// navigation controller on screen shows a new top (a push, a pop, a new stack). Default: nothing.
    func navigationController(_ split: SplitView, didShow controller: ViewController, in navigation: ViewController)

    /// Whether `decide` delivers notifications to this delegate (`true` for a delegate written in
    /// Swift; a policy only when it implements one, so a plain policy's hot path stays lean).
    var wantsNotifications: Bool { get }
}

extension SplitViewDelegate {
    public var name: String { "\(Self.self)" }
    public func primaryViewController(forCollapsing split: SplitView) -> ViewController? { nil }
    public func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool { false }
    public func primaryViewController(forExpanding split: SplitView) -> ViewController? { nil }
    public func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? { nil }
    public func targetDisplayModeForAction(in split: SplitView) -> DisplayMode { .automatic }
    public func splitViewController(_ split: SplitView, show controller: ViewController, sender: ViewController) -> Bool { false }
    public func splitViewController(_ split: SplitView, showDetail controller: ViewController, sender: ViewController) -> Bool { false }
    public func splitViewController(_ split: SplitView, topColumnForCollapsingToProposedTopColumn proposed: Column) -> Column { proposed }
    public func splitViewController(_ split: SplitView, displayModeForExpandingToProposedDisplayMode proposed: DisplayMode) -> DisplayMode {
        proposed
    }
    public func splitViewController(_ split: SplitView, shouldHide controller: ViewController, in orientation: Orientation) -> Bool {
        orientation == .portrait
    }
    public var implementsLegacyWillHide: Bool { false }
    public func splitViewController(_ split: SplitView, notified notification: SplitNotification) {}
    public func navigationController(_ split: SplitView, didShow controller: ViewController, in navigation: ViewController) {}
    public var wantsNotifications: Bool { true }
}

/// A notification UIKit sends the split's delegate.
public enum SplitNotification: Hashable, Sendable {
    /// `splitViewController(_:willChangeTo:)`, before the display mode changes (DM-2).
    case willChangeDisplayMode(DisplayMode)
    /// `splitViewControllerDidCollapse(_:)` (CO-1.6, CO-13).
    case didCollapse
    /// `splitViewControllerDidExpand(_:)` (EX-1.7, EX-4).
    case didExpand
    /// Column style: `splitViewController(_:willShow:)` (BTN-8, EX-4).
    case willShowColumn(Column)
    /// Column style: `splitViewController(_:willHide:)` (BTN-8, CO-13).
    case willHideColumn(Column)
    /// Legacy `willHideViewController:withBarButtonItem:forPopoverController:` (LG-5).
    case legacyWillHideMaster
    /// Legacy `willShowViewController:invalidatingBarButtonItem:` (LG-5).
    case legacyWillShowMaster
    /// Legacy `popoverController:willPresentViewController:` (LG-5).
    case legacyPopoverWillPresent

    /// The name on a split of `style`: display modes by their iOS 14 names on a column-style split
    /// (`willChangeTo(secondaryOnly)`), by their classic names otherwise.
    public func name(in style: SplitStyle) -> String {
        if case .willChangeDisplayMode(let mode) = self, style.isColumnStyle { return "willChangeTo(\(mode.name))" }
        return name
    }

    /// The delegate method's name: `willChangeTo(allVisible)`, `didCollapse`, `willShow(primary)`.
    public var name: String {
        switch self {
        case .willChangeDisplayMode(let mode): return "willChangeTo(\(mode.classicName))"
        case .didCollapse: return "didCollapse"
        case .didExpand: return "didExpand"
        case .willShowColumn(let column): return "willShow(\(column.name))"
        case .willHideColumn(let column): return "willHide(\(column.name))"
        case .legacyWillHideMaster: return "willHideViewController"
        case .legacyWillShowMaster: return "willShowViewController"
        case .legacyPopoverWillPresent: return "popoverWillPresent"
        }
    }
}

/// The split as its delegate sees it, while UIKit asks: a view of both columns, every navigation
/// stack, controllers' names, restoration identifiers, kinds and parents, the traits, collapsed or
/// not, and the app's flags; and what UIKit lets a delegate do: rearrange a navigation stack
/// (``ViewController/viewControllers``), create controllers (``make(_:)``,
/// ``makeNavigationController(_:restorationIdentifier:viewControllers:)``), set the split's
/// properties (``preferredDisplayMode`` and the others), show, present and dismiss controllers, set
/// the split's ``viewControllers`` or a column, and set app flags.
///
/// Every change is recorded as events of the command being decided, so a replay never needs the
/// delegate. A change UIKit would raise on (a navigation controller pushed outside a collapse, a
/// controller in two places, a split mutation inside a column-style callback) is not made: it is
/// listed in ``faults`` and recorded as a rejection, so `navtape log` and `expect rejected` show it.
public final class SplitView {
    /// The state, with the delegate's changes so far.
    public private(set) var state: NavigationState
    /// The events the delegate's changes produced, in order.
    public private(set) var events: [NavigationEvent] = []
    /// The changes that were refused, in order.
    public private(set) var faults: [Fault] = []

    /// A change the split refused, as UIKit would have raised on it.
    public struct Fault: Hashable, Sendable, CustomStringConvertible {
        /// Why, as the rejection recorded for the command.
        public var reason: RejectionReason
        /// The controller at fault, if one.
        public var subject: ControllerID?
        /// What the delegate tried, in a line: `DetailNC.viewControllers = [A, A]: …`.
        public var description: String
    }

    /// What a delegate method may change.
    public enum Access: Hashable, Sendable {
        /// A question about the button (`targetDisplayModeForAction`, legacy `shouldHide`): flags only.
        case readOnly
        /// A classic collapse or separate: anything; a split property set now applies as the
        /// transition ends (the split is not collapsed until every collapse callback has returned,
        /// and stays collapsed until every separate callback has).
        case transition
        /// A column-style transition (`topColumnForCollapsing`, `displayModeForExpanding`): stacks
        /// and flags, not the split itself ("Mutating UISplitViewController … is not allowed during
        /// a delegate callback"), except the compact column while collapsing.
        case locked
        /// The show overrides and notifications: anything, with its full effect.
        case free
    }

    /// The navigation controller that may hold nested navigation controllers while the delegate
    /// runs (the new primary during a collapse, CO-1.2), if any.
    let nesting: ControllerID?
    /// What the delegate may change from the method being asked.
    public let access: Access
    /// The delegate, asked again when one of its calls makes UIKit ask (a `showDetail` it sends).
    let delegate: any SplitViewDelegate
    /// How many delegate calls deep this method runs.
    let depth: Int

    /// The deepest a delegate may call back into the split from its callbacks (a `showDetail`
    /// override that calls `showDetailViewController` again would otherwise never end).
    public static let maximumDepth = 4

    init(
        state: NavigationState, delegate: any SplitViewDelegate = SplitPolicy.noDelegate, nesting: ControllerID? = nil,
        access: Access = .transition, depth: Int = 0
    ) {
        self.state = state
        self.delegate = delegate
        self.nesting = nesting
        self.access = access
        self.depth = depth
    }

    // MARK: reading

    /// Whether the split is collapsed onto one stack (ST-6).
    public var isCollapsed: Bool { state.isCollapsed }
    /// The environment.
    public var traits: Traits { state.traits }
    /// The actual display mode.
    public var displayMode: DisplayMode { state.displayMode }
    /// How the split was created.
    public var style: SplitStyle { state.style }
    /// The controller of a column (column style), or the primary/secondary (classic).
    public func viewController(for column: Column) -> ViewController? { state.controller(for: column).map(handle) }
    /// The secondary the split remembers from before the last collapse (EX-1.5), if any.
    public var rememberedSecondary: ViewController? { state.rememberedSecondary.map(handle) }
    /// The controller presented modally from the window's root, if any.
    public var presentedViewController: ViewController? { state.presented.map(handle) }
    /// Whether the app flag `name` is set.
    public func flag(_ name: String) -> Bool { state.flag(name) }
    /// The newest controller named `name`, in the hierarchy first (``NavigationState/controller(named:)``).
    public func viewController(named name: String) -> ViewController? { state.controller(named: name).map(handle) }
    /// The handle of `id`, if the state knows it.
    public func viewController(_ id: ControllerID) -> ViewController? { state.contains(id) ? handle(id) : nil }

    func handle(_ id: ControllerID) -> ViewController { ViewController(id: id, split: self) }

    // MARK: changing

    /// Sets or clears the app flag `name`, as app state a delegate keeps changes (WordPress un-dims its
    /// detail when it collapses): recorded as a `flagSet` event of the command being decided, so a
    /// replay and a later question see it. Allowed in every method, notifications included: the flag
    /// is the app's state, not UIKit's.
    public func setFlag(_ name: String, _ value: Bool) {
        guard Decision.isFlagName(name) else {
            faults.append(Fault(reason: .invalidValue, subject: nil, description: "setFlag: a flag's name is 1 to \(ControllerSpec.maximumNameLength) bytes"))
            return
        }
        if let problem = state.internLimitProblem(name) {
            faults.append(Fault(reason: .invalidValue, subject: nil, description: "setFlag: \(problem)"))
            return
        }
        guard state.flag(name) != value else { return }
        var builder = self
        let id = builder.intern(name)
        emit(.flagSet(id, value: value))
    }

    func represent(_ item: String?, by controller: ControllerID) {
        if let item, !Decision.isFlagName(item) {
            faults.append(
                Fault(
                    reason: .invalidValue, subject: controller, description: "representedItem: an item's name is 1 to \(ControllerSpec.maximumNameLength) bytes"
                ))
            return
        }
        if let item, let problem = state.internLimitProblem(item) {
            faults.append(Fault(reason: .invalidValue, subject: controller, description: "representedItem: \(problem)"))
            return
        }
        guard state.itemName(of: controller) != item else { return }
        var builder = self
        let name = item.map { builder.intern($0) }
        emit(.itemRepresented(controller, item: name))
    }

    /// Creates the controllers of `tree` (new instances, minted for the delegate) and returns the
    /// root; `nil` for a tree UIKit could not build (a stack holding a navigation controller).
    @discardableResult
    public func make(_ tree: ControllerSpec) -> ViewController? {
        guard writable("make \(tree.notation)") else { return nil }
        if let reason = tree.creationRefusal {
            faults.append(Fault(reason: reason, subject: nil, description: "cannot create \(tree.notation): \(reason) (\(reason.rule))"))
            return nil
        }
        var builder = self
        return handle(builder.create(tree, space: .minted))
    }

    /// Creates a navigation controller holding `viewControllers` (taken from wherever they are),
    /// as `UINavigationController()` followed by `viewControllers = …`; `nil` when UIKit would refuse
    /// the stack.
    @discardableResult
    public func makeNavigationController(
        _ name: String, restorationIdentifier: String? = nil,
        viewControllers: [ViewController]
    ) -> ViewController? {
        guard writable("make \(name)") else { return nil }
        var builder = self
        let navigation = builder.create(ControllerSpec(.navigation, name, restorationID: restorationIdentifier), space: .minted)
        if !viewControllers.isEmpty { setViewControllers(viewControllers.map(\.id), of: navigation) }
        return handle(navigation)
    }

    /// `navigation.viewControllers = list` (NV-5): controllers are taken from the stacks they are in.
    func setViewControllers(_ list: [ControllerID], of navigation: ControllerID) {
        guard writable("setViewControllers") else { return }
        // The stack it already has changes nothing, so there is nothing to refuse: DoroDoro's collapse
        // clears a detail stack the move before it already emptied (`secondary.viewControllers = []`).
        let current = state.stack(of: navigation)
        if list == current, state.kind(of: navigation) == .navigation { return }
        if let fault = state.stackEditFault(list, of: navigation, nesting: nesting) {
            let assignment = "\(state.name(of: navigation)).viewControllers = [\(list.map(state.name(of:)).joined(separator: ", "))]"
            faults.append(Fault(reason: fault.reason, subject: fault.subject, description: "\(assignment): \(fault.message)"))
            return
        }
        emit(.stackSet(list, navigation: navigation, transition: StackTransition(from: current, to: list)))
    }

    private func writable(_ what: String) -> Bool {
        if access == .readOnly {
            faults.append(Fault(reason: .delegateCannotChange, subject: nil, description: "\(what): this delegate method cannot change the split"))
        }
        return access != .readOnly
    }

    // MARK: the split's own API, from inside a callback

    /// `preferredDisplayMode` (DM-1); setting it applies it as the app's own assignment would (DM-2,
    /// DM-7), or as the collapse or separate under way ends.
    public var preferredDisplayMode: DisplayMode {
        get { state.preferredDisplayMode }
        set { perform(.setPreferredDisplayMode(newValue), "preferredDisplayMode = \(newValue.name)") }
    }

    /// Column style: `preferredSplitBehavior` (ST-5).
    public var preferredSplitBehavior: SplitBehavior {
        get { state.preferredSplitBehavior }
        set { perform(.setPreferredSplitBehavior(newValue), "preferredSplitBehavior = \(newValue)") }
    }

    /// `presentsWithGesture` (ST-8).
    public var presentsWithGesture: Bool {
        get { state.presentsWithGesture }
        set { setProperty(.presentsWithGesture(newValue)) }
    }

    /// Sets a split property (column widths, `primaryEdge`, the buttons; ST-8..ST-11).
    public func setProperty(_ property: SplitProperty) {
        perform(.setProperty(property), "set \(property.name.rawValue)")
    }

    /// The split's `viewControllers` (ST-2); setting it is the app's `viewControllers = …` (BUG-4
    /// while collapsed).
    public var viewControllers: [ViewController] {
        get { state.viewControllers.map(handle) }
        set { perform(.setSplitViewControllers(newValue.map(\.id)), "viewControllers = [\(newValue.map(\.name).joined(separator: ", "))]") }
    }

    /// Column style: `setViewController(_:for:)` (ST-3, SH-15); allowed for the compact column in a
    /// locked callback, as `topColumnForCollapsing` does.
    public func setViewController(_ controller: ViewController?, for column: Column) {
        perform(.setViewController(controller?.id, for: column), "setViewController(\(controller?.name ?? "nil"), for: .\(column.name))", column: column)
    }

    /// Column style: `show(_:)` for a column (BTN-8).
    public func show(_ column: Column) { perform(.showColumn(column), "show(.\(column.name))") }

    /// Column style: `hide(_:)` for a column (BTN-8).
    public func hide(_ column: Column) { perform(.hideColumn(column), "hide(.\(column.name))") }

    /// `showDetailViewController(_:sender:)` sent to the split (SH-7..SH-12); `sender` is where it
    /// starts (the primary when `nil`).
    public func showDetailViewController(_ controller: ViewController, sender: ViewController? = nil) {
        guard let from = sender?.id ?? state.primary else { return }
        perform(.showDetail(controller.id, sender: from), "showDetailViewController(\(controller.name))")
    }

    /// `present(_:animated:)` from the window's root.
    public func present(_ controller: ViewController) { perform(.present(controller.id), "present(\(controller.name))") }

    /// Dismisses the presented controller.
    public func dismiss() { perform(.dismiss, "dismiss") }

    /// Runs `command` as UIKit runs a call made from inside a delegate method: decided at once,
    /// against the state as the delegate has left it, its events recorded in order with the
    /// delegate's other changes. UIKit asks the delegate again where the command makes it ask.
    func perform(_ command: NavigationCommand, _ what: String, column: Column? = nil) {
        guard writable(what) else { return }
        if access == .locked, column != .compact {
            faults.append(
                Fault(
                    reason: .delegateCannotChange, subject: nil,
                    description: "\(what): mutating UISplitViewController is not allowed during a delegate callback"))
            return
        }
        guard depth < Self.maximumDepth else {
            faults.append(Fault(reason: .delegateCannotChange, subject: nil, description: "\(what): delegate calls nested deeper than \(Self.maximumDepth)"))
            return
        }
        var nested = Decision(state: state, delegate: delegate, command: command, depth: depth + 1, defersLayout: access == .transition)
        nested.run(command)
        for event in nested.events { emit(event) }
    }
}

extension SplitView: EventBuilding {
    func emit(_ event: NavigationEvent) {
        #if NAVTAPE_CHECKED
        if let refusal = state.refusal(of: event) { assertionFailure("a delegate's call emitted \(event), which does not fit: \(refusal)") }
        #endif
        events.append(event)
        state.evolve(event)
    }
}

/// A controller as a delegate sees it: its name, kind, restoration identifier, parent and stack,
/// and (for a navigation controller) a settable `viewControllers`, as on UIKit.
public struct ViewController: Hashable, CustomStringConvertible {
    /// The controller's identity.
    public let id: ControllerID
    /// The split this handle reads and changes.
    public unowned let split: SplitView

    /// The screen name.
    public var name: String { split.state.name(of: id) }
    /// The restoration identifier (RS-1, RS-4).
    public var restorationIdentifier: String? { split.state.restorationID(of: id) }
    /// The kind.
    public var kind: ControllerKind? { split.state.kind(of: id) }
    /// Whether it is a `UINavigationController`.
    public var isNavigationController: Bool { kind == .navigation }
    /// Its navigation controller (ST-22): the nearest navigation controller holding it.
    public var navigationController: ViewController? { split.state.navigationController(of: id).map(split.handle) }
    /// Whether it is in the split's containment tree.
    public var isInHierarchy: Bool { split.state.isInHierarchy(id) }
    /// What contains it: a navigation controller's stack, the split, the window (presented), or nothing.
    public var parent: Parent {
        switch split.state.parent(of: id) {
        case .none: return .none
        case .split: return .split
        case .presented: return .presented
        case .navigation(let navigation): return .navigationController(split.handle(navigation))
        }
    }

    /// What contains a controller, as a delegate sees it.
    public enum Parent: Hashable {
        /// No container holds it (never shown, popped, discarded, or kept by the app).
        case none
        /// It is a direct child of the split (a column, or the primary or secondary).
        case split
        /// It is presented modally from the window's root.
        case presented
        /// It is in this navigation controller's stack (`parent` and `navigationController` on UIKit).
        case navigationController(ViewController)
    }

    /// A navigation controller's stack, bottom to top (empty for anything else). Setting it is
    /// `setViewControllers(_:animated:)`: controllers are taken from the stacks they are in.
    public var viewControllers: [ViewController] {
        get { split.state.stack(of: id).map(split.handle) }
        nonmutating set { split.setViewControllers(newValue.map(\.id), of: id) }
    }

    /// The top of a navigation controller's stack.
    public var topViewController: ViewController? { split.state.top(of: id).map(split.handle) }

    /// `pushViewController(_:animated:)`.
    public func pushViewController(_ controller: ViewController) { viewControllers += [controller] }

    /// `popViewController(animated:)`: the popped controller, or `nil` at the root (NV-2).
    @discardableResult
    public func popViewController() -> ViewController? {
        let stack = viewControllers
        guard stack.count > 1, let top = stack.last else { return nil }
        viewControllers = Array(stack.dropLast())
        return top
    }

    /// The item the controller shows (its `detailItem`), as the app set it; setting it is app state,
    /// allowed from any delegate method, as ``SplitView/setFlag(_:_:)`` is.
    public var representedItem: String? {
        get { split.state.itemName(of: id) }
        nonmutating set { split.represent(newValue, by: id) }
    }

    /// `show(_:sender:)` sent by this controller (SH-1..SH-6): UIKit finds the container that shows it.
    public func show(_ controller: ViewController) {
        split.perform(.show(controller.id, sender: id), "\(name).show(\(controller.name))")
    }

    /// `showDetailViewController(_:sender:)` sent by this controller (SH-7..SH-12).
    public func showDetailViewController(_ controller: ViewController) {
        split.perform(.showDetail(controller.id, sender: id), "\(name).showDetailViewController(\(controller.name))")
    }

    /// Whether `controller` is this one or anywhere in its stacks.
    public func contains(_ controller: ViewController) -> Bool { split.state.subtree(of: id).contains(controller.id) }

    public static func == (lhs: ViewController, rhs: ViewController) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// `PasteDetail#5`.
    public var description: String { "\(name)\(id)" }
}
