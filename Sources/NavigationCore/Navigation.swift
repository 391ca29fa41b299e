/// The reducer pair: `decide` turns a command into events (UIKit semantics plus the split's
/// delegate), `evolve` folds an event into the state. Both are pure and deterministic: no clock, no
/// randomness, no I/O; controller IDs come from the state's counters.
public enum Navigation {
    /// The events that `command` produces in `state`, asking `delegate` where UIKit asks the split's
    /// delegate, committed together.
    ///
    /// A command UIKit would reject becomes one ``NavigationEvent/rejected(_:reason:subject:)``
    /// event; one it accepts silently with no effect becomes ``NavigationEvent/ignored(_:reason:subject:)``.
    /// Applying the returned events in order with ``NavigationState/evolve(_:)`` gives the new state.
    /// - Complexity: O(size of the touched stacks) for most commands, plus the delegate's work.
    public static func decide(
        _ command: NavigationCommand, in state: NavigationState,
        delegate: any SplitViewDelegate
    ) -> [NavigationEvent] {
        var decision = Decision(state: state, delegate: delegate, command: command)
        decision.decide()
        return decision.events
    }

    /// The events of `command` under the data policy `policy`.
    public static func decide(_ command: NavigationCommand, in state: NavigationState, policy: SplitPolicy) -> [NavigationEvent] {
        decide(command, in: state, delegate: policy)
    }

    /// The events of `command` under the policy the state changed to, or no delegate.
    public static func decide(_ command: NavigationCommand, in state: NavigationState) -> [NavigationEvent] {
        decide(command, in: state, delegate: state.policy ?? .noDelegate)
    }

    /// Decides `command` and moves `state` to the result: the live path of a recorder.
    ///
    /// `decide` applies each event to its own scratch copy as it emits it, so the new state is the
    /// fold of the returned events; replaying them with ``NavigationState/evolve(_:)`` gives `==`.
    @discardableResult
    public static func send(
        _ command: NavigationCommand, to state: inout NavigationState,
        delegate: any SplitViewDelegate
    ) -> [NavigationEvent] {
        var decision = Decision(state: state, delegate: delegate, command: command)
        decision.decide()
        state = decision.state
        return decision.events
    }

    /// Decides `command` under the data policy `policy` and moves `state` to the result.
    @discardableResult
    public static func send(_ command: NavigationCommand, to state: inout NavigationState, policy: SplitPolicy) -> [NavigationEvent] {
        send(command, to: &state, delegate: policy)
    }

    /// Decides `command` under the policy the state changed to, or no delegate, and moves `state`
    /// to the result.
    @discardableResult
    public static func send(_ command: NavigationCommand, to state: inout NavigationState) -> [NavigationEvent] {
        send(command, to: &state, delegate: state.policy ?? .noDelegate)
    }
}

/// What can emit events while deciding: the decision itself and the split view a delegate changes.
/// Each event is applied to `state` as it is emitted.
protocol EventBuilding {
    var state: NavigationState { get }
    mutating func emit(_ event: NavigationEvent)
}

/// Where a new controller's ID comes from.
enum ControllerSpace { case app, minted }

extension EventBuilding {
    /// The ID of `string` in the name table, interning it first if needed.
    mutating func intern(_ string: String) -> NameID {
        if let id = state.names.id(of: string) { return id }
        let id = state.names.nextID
        emit(.nameInterned(string))
        return id
    }

    /// Emits the creation events of `spec` in pre-order (names first, then each controller, then
    /// each stack); returns the root's ID. App controllers take the next app IDs; minted ones the
    /// lowest released slot first (EX-3: a fresh instance, in a bounded space).
    @discardableResult
    mutating func create(_ spec: ControllerSpec, space: ControllerSpace) -> ControllerID {
        let id = space == .app ? state.nextAppControllerID : state.nextMintedControllerID
        let name = intern(spec.name)
        let restoration = spec.restorationID.map { intern($0) }
        emit(.controllerCreated(id, kind: spec.kind, name: name, restorationID: restoration))
        guard !spec.children.isEmpty else { return id }
        var children: [ControllerID] = []
        for child in spec.children { children.append(create(child, space: space)) }
        emit(.stackInitialized(id, children))
        return id
    }
}

/// One run of `decide`: a scratch copy of the state that each emitted event is applied to, so
/// later steps of the same command see the effect of earlier ones (e.g. a collapse after a trait
/// change), exactly as a replay will.
struct Decision: EventBuilding {
    var state: NavigationState
    let delegate: any SplitViewDelegate
    let command: NavigationCommand
    var events: [NavigationEvent] = []
    /// Whether the delegate wants notifications (a data policy only when it implements one).
    let notifies: Bool
    /// How many calls a delegate made from inside a callback led to this decision (0 for the
    /// command the app sent): bounds a delegate that calls back into the split without end.
    let depth: Int
    /// Whether a split property set now only stores its value, because a collapse or separate is
    /// under way and resolves the layout itself when it ends (a delegate setting
    /// `preferredDisplayMode` inside `collapseSecondary`, as Lister 1.0 does).
    let defersLayout: Bool
    /// How many notifications are being delivered, one inside another.
    var notifying = 0

    init(
        state: NavigationState, delegate: any SplitViewDelegate, command: NavigationCommand,
        depth: Int = 0, defersLayout: Bool = false
    ) {
        self.state = state
        self.delegate = delegate
        self.command = command
        self.depth = depth
        self.defersLayout = defersLayout
        // A nested decision's events reach the delegate's notifications through the decision that
        // asked: delivering them here too would notify twice.
        notifies = depth == 0 && delegate.wantsNotifications
    }

    mutating func emit(_ event: NavigationEvent) {
        #if NAVTAPE_CHECKED
        if let refusal = state.refusal(of: event) { assertionFailure("decide emitted \(event), which does not fit: \(refusal)") }
        #endif
        guard notifies else {
            events.append(event)
            state.evolve(event)
            return
        }
        let before = state
        for case .willChangeDisplayMode(let mode) in event.notifications(before: before, after: before) {
            notify(.willChangeDisplayMode(mode))  // DM-2: before the change
        }
        events.append(event)
        state.evolve(event)
        for notification in event.notifications(before: before, after: state) {
            if case .willChangeDisplayMode = notification { continue }
            notify(notification)
        }
        if let (shown, navigation) = event.navigationShow(before: before, after: state) {
            notifying += 1
            defer { notifying -= 1 }
            ask(access: .free) { $0.navigationController($1, didShow: $1.handle(shown), in: $1.handle(navigation)) }
        }
    }

    /// Tells the delegate; it may change the split and its stacks, as apps do in `didExpand` or a
    /// navigation controller's `didShow`.
    mutating func notify(_ notification: SplitNotification) {
        notifying += 1
        defer { notifying -= 1 }
        ask(access: .free) { $0.splitViewController($1, notified: notification) }
    }

    /// Asks the delegate through a split view, then records what it changed (before its answer's
    /// own effect) and, as rejections of the command, each change UIKit would have raised on;
    /// returns the answer. `access` says what the delegate may change from this method.
    mutating func ask<Answer>(
        access: SplitView.Access = .transition, nesting: ControllerID? = nil,
        _ question: (any SplitViewDelegate, SplitView) -> Answer
    ) -> Answer {
        let view = SplitView(state: state, delegate: delegate, nesting: nesting, access: access, depth: depth + notifying)
        let answer = question(delegate, view)
        for event in view.events { emit(event) }
        for fault in view.faults { reject(fault.reason, fault.subject) }
        return answer
    }

    mutating func reject(_ reason: RejectionReason, _ subject: ControllerID? = nil) {
        emit(.rejected(command, reason: reason, subject: subject))
    }

    mutating func ignore(_ reason: IgnoreReason, _ subject: ControllerID? = nil) {
        emit(.ignored(command, reason: reason, subject: subject))
    }

    /// Runs the command, then releases the minted controllers nothing references any more.
    mutating func decide() {
        run(command)
        releaseUnreferenced()
    }

    mutating func run(_ command: NavigationCommand) {
        switch command {
        case .instantiate(let spec): instantiate(spec)
        case .setSplitViewControllers(let list): setSplitViewControllers(list)
        case .launch(let traits): launch(traits)
        case .changeTraits(let traits): changeTraits(traits)
        case .setPreferredDisplayMode(let mode): setPreferredDisplayMode(mode)
        case .tapDisplayModeButton: userDisplayModeAction(cause: .button)
        case .edgeSwipe: userDisplayModeAction(cause: .gesture)
        case .tapDimmedSecondary: tapDimmedSecondary()
        case .show(let target, let sender): show(target, sender: sender)
        case .showDetail(let target, let sender): showDetail(target, sender: sender)
        case .push(let controller, let navigation): push(controller, onto: navigation)
        case .pop(let navigation): pop(navigation, interactive: false)
        case .interactivePop(let navigation, let completed):
            if completed { pop(navigation, interactive: true) } else { ignore(.cancelled, navigation) }
        case .popToRoot(let navigation): popToRoot(navigation)
        case .popTo(let controller, let navigation): popTo(controller, in: navigation)
        case .setViewControllers(let list, let navigation): setViewControllers(list, of: navigation)
        case .present(let controller): present(controller)
        case .dismiss: dismiss()
        case .setProperty(let property): setProperty(property)
        case .setViewController(let controller, let column): setViewController(controller, for: column)
        case .showColumn(let column): showColumn(column)
        case .hideColumn(let column): hideColumn(column)
        case .setPreferredSplitBehavior(let behavior): setPreferredSplitBehavior(behavior)
        case .tapSecondaryOnlyButton: tapSecondaryOnlyButton()
        case .setFlag(let name, let value): setFlag(name, value)
        case .representItem(let controller, let item): representItem(controller, item)
        case .setPolicy(let policy): emit(.policyChanged(policy))
        }
    }

    /// Releases every minted controller that left the hierarchy and that nothing references (not a
    /// column, not presented, not the remembered secondary, in no stack), as UIKit deallocates the
    /// controllers a delegate created once nothing holds them; their slots are reused by later mints.
    mutating func releaseUnreferenced() {
        var released = true
        while released {
            released = false
            for index in 0..<state.mintedControllerCount {
                let id = ControllerID(minted: index)
                if state.isReleasable(id) {
                    emit(.controllerReleased(id))
                    released = true
                }
            }
        }
    }

    /// Whether `name` can name an app flag: 1 to ``ControllerSpec/maximumNameLength`` bytes, as a
    /// controller's name.
    static func isFlagName(_ name: String) -> Bool { !name.isEmpty && name.utf8.count <= ControllerSpec.maximumNameLength }

    mutating func setFlag(_ name: String, _ value: Bool) {
        guard Self.isFlagName(name), state.internLimitProblem(name) == nil else { return reject(.invalidValue) }
        guard state.flag(name) != value else { return ignore(.noChange) }
        emit(.flagSet(intern(name), value: value))
    }

    mutating func representItem(_ controller: ControllerID, _ item: String?) {
        guard state.contains(controller) else { return reject(.unknownController, controller) }
        if let item, !Self.isFlagName(item) || state.internLimitProblem(item) != nil { return reject(.invalidValue, controller) }
        guard state.itemName(of: controller) != item else { return ignore(.noChange, controller) }
        emit(.itemRepresented(controller, item: item.map { intern($0) }))
    }

    // MARK: creation and properties

    mutating func instantiate(_ spec: ControllerSpec) {
        if let reason = Self.validate(spec, depth: 0) ?? (state.fitsCreation(of: spec) ? nil : .invalidValue) {
            // The rejected event keeps the command, pruned so that any log can store it.
            emit(.rejected(.instantiate(spec.pruned()), reason: reason, subject: nil))
            return
        }
        create(spec, space: .app)
    }

    /// Only navigation controllers have children; a stack holds no tab bar (except as its root),
    /// split or (outside a collapse) navigation controller (NV-1, INV-4, INV-5).
    /// ``ControllerSpec/creationRefusal`` is this check for callers outside the core.
    static func validate(_ spec: ControllerSpec, depth: Int) -> RejectionReason? {
        guard depth < ControllerSpec.maximumDepth, spec.name.utf8.count <= ControllerSpec.maximumNameLength,
            (spec.restorationID?.utf8.count ?? 0) <= ControllerSpec.maximumNameLength
        else { return .invalidValue }
        if spec.kind != .navigation && !spec.children.isEmpty { return .invalidValue }
        for (index, child) in spec.children.enumerated() {
            switch child.kind {
            case .tabBar where index == 0: break  // a tab bar controller may be the root (Semantics §15)
            case .tabBar: return .tabBarController
            case .split: return .splitViewController
            case .navigation: return .navigationController
            case .content: break
            }
            if let reason = validate(child, depth: depth + 1) { return reason }
        }
        return nil
    }

    /// Width setters never throw in UIKit (WordPress ships a fraction of 3.2): a fraction above 1 is
    /// kept and the resolved width clamped to the minimum and maximum (WD-1); a negative value is
    /// clamped to 0 and a NaN means `automaticDimension` (model choice, docs/Semantics.md: UIKit
    /// documents neither), recorded as resolved.
    mutating func setProperty(_ property: SplitProperty) {
        guard case .points(let value?) = property.value else { return emit(.propertySet(property)) }
        let resolved: Double? = value.isNaN ? nil : Swift.max(0, value)
        emit(.propertySet(SplitProperty(name: property.name, value: .points(resolved)) ?? property))
    }

    // MARK: presentation

    mutating func present(_ controller: ControllerID) {
        guard state.contains(controller) else { return reject(.unknownController, controller) }
        guard state.presented == nil else { return reject(.alreadyPresenting, controller) }
        if state.kind(of: controller) == .split { return reject(.splitViewController, controller) }
        guard state.parent(of: controller) == .none else { return reject(.hasOtherParent, controller) }
        emit(.presented(controller))
    }

    mutating func dismiss() {
        guard let presented = state.presented else { return ignore(.nothingPresented) }
        emit(.dismissed(presented))
    }
}

extension ControllerSpec {
    /// Why `instantiate` would refuse this tree (a stack holding a navigation, tab bar or split
    /// controller, children under a controller that is not a navigation controller, a name or depth
    /// past the limits), or `nil` when it can be created: what a parser checks before it sends one.
    public var creationRefusal: RejectionReason? { Decision.validate(self, depth: 0) }
}
