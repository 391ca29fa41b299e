/// The reducer pair: `decide` turns a command into events (UIKit semantics plus the delegate
/// policy), `evolve` folds an event into the state. Both are pure and deterministic: no clock, no
/// randomness, no I/O; controller IDs come from the state's dense counters.
public enum Navigation {
    /// The events that `command` produces in `state` under `policy`, committed together.
    ///
    /// A command UIKit would reject becomes one ``NavigationEvent/rejected(_:reason:subject:)``
    /// event; one it accepts silently with no effect becomes ``NavigationEvent/ignored(_:reason:subject:)``.
    /// Applying the returned events in order with ``NavigationState/evolve(_:)`` gives the new state.
    /// - Complexity: O(size of the touched stacks) for most commands; no allocation beyond the result.
    public static func decide(_ command: NavigationCommand, in state: NavigationState, policy: SplitPolicy) -> [NavigationEvent] {
        var decision = Decision(state: state, policy: policy, command: command)
        decision.run(command)
        return decision.events
    }

    /// Decides `command` and moves `state` to the result: the live path of a recorder.
    ///
    /// `decide` applies each event to its own scratch copy as it emits it, so the new state is the
    /// fold of the returned events; replaying them with ``NavigationState/evolve(_:)`` gives `==`.
    @discardableResult
    public static func send(_ command: NavigationCommand, to state: inout NavigationState, policy: SplitPolicy) -> [NavigationEvent] {
        var decision = Decision(state: state, policy: policy, command: command)
        decision.run(command)
        state = decision.state
        return decision.events
    }
}

/// One run of `decide`: a scratch copy of the state that each emitted event is applied to, so
/// later steps of the same command see the effect of earlier ones (e.g. a collapse after a trait
/// change), exactly as a replay will.
struct Decision {
    var state: NavigationState
    let policy: SplitPolicy
    let command: NavigationCommand
    var events: [NavigationEvent] = []

    init(state: NavigationState, policy: SplitPolicy, command: NavigationCommand) {
        self.state = state
        self.policy = policy
        self.command = command
    }

    mutating func emit(_ event: NavigationEvent) {
        events.append(event)
        state.evolve(event)
    }

    mutating func reject(_ reason: RejectionReason, _ subject: ControllerID? = nil) {
        emit(.rejected(command, reason: reason, subject: subject))
    }

    mutating func ignore(_ reason: IgnoreReason, _ subject: ControllerID? = nil) {
        emit(.ignored(command, reason: reason, subject: subject))
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
        }
    }

    // MARK: creation and properties

    mutating func instantiate(_ spec: ControllerSpec) {
        if let reason = Self.validate(spec, depth: 0) {
            // The rejected event keeps the command, pruned so that any log can store it.
            emit(.rejected(.instantiate(spec.pruned()), reason: reason, subject: nil))
            return
        }
        var next = state.appControllerCount
        create(spec, next: &next, space: .app)
    }

    enum Space { case app, minted }

    /// A free model-minted controller tree shaped like `spec` (same kinds, names and restoration
    /// identifiers, its stack intact), which a delegate answer can return again instead of minting
    /// another: an app caching its "no selection" screen. Keeps long sessions' state bounded.
    func reusableMinted(_ spec: ControllerSpec) -> ControllerID? {
        func matches(_ id: ControllerID, _ spec: ControllerSpec, depth: Int) -> Bool {
            guard depth < 8, let record = state.record(id), record.kind == spec.kind,
                  state.names[record.name] == spec.name,
                  record.restorationID.map({ state.names[$0] }) == spec.restorationID,
                  record.stack.count == spec.children.count else { return false }
            return zip(record.stack, spec.children).allSatisfy { matches($0, $1, depth: depth + 1) }
        }
        for index in 0..<state.mintedControllerCount {
            let id = ControllerID(minted: index)
            if state.parent(of: id) == .none, matches(id, spec, depth: 0) { return id }
        }
        return nil
    }

    /// Emits the creation events of `spec` in pre-order; returns the root's ID.
    @discardableResult
    mutating func create(_ spec: ControllerSpec, next: inout Int, space: Space) -> ControllerID {
        let id = space == .app ? ControllerID(app: next) : ControllerID(minted: next)
        next += 1
        let name = intern(spec.name)
        let restoration = spec.restorationID.map { intern($0) }
        emit(.controllerCreated(id, kind: spec.kind, name: name, restorationID: restoration))
        guard !spec.children.isEmpty else { return id }
        var children: [ControllerID] = []
        for child in spec.children { children.append(create(child, next: &next, space: space)) }
        emit(.stackInitialized(id, children))
        return id
    }

    mutating func intern(_ string: String) -> NameID {
        if let id = state.names.id(of: string) { return id }
        let id = state.names.nextID
        emit(.nameInterned(string))
        return id
    }

    /// Only navigation controllers have children; a stack holds no tab bar, split or (outside a
    /// collapse) navigation controller (NV-1, INV-4, INV-5).
    static func validate(_ spec: ControllerSpec, depth: Int) -> RejectionReason? {
        guard depth < ControllerSpec.maximumDepth, spec.name.utf8.count <= ControllerSpec.maximumNameLength,
              (spec.restorationID?.utf8.count ?? 0) <= ControllerSpec.maximumNameLength else { return .invalidValue }
        if spec.kind != .navigation && !spec.children.isEmpty { return .invalidValue }
        for child in spec.children {
            switch child.kind {
            case .tabBar: return .tabBarController
            case .split: return .splitViewController
            case .navigation: return .navigationController
            case .content: break
            }
            if let reason = validate(child, depth: depth + 1) { return reason }
        }
        return nil
    }

    mutating func setProperty(_ property: SplitProperty) {
        func valid(_ width: Double?) -> Bool { width.map { $0.isFinite && $0 >= 0 } ?? true }
        switch property {
        case .preferredPrimaryColumnWidthFraction(let f):
            guard f.map({ $0.isFinite && $0 >= 0 && $0 <= 1 }) ?? true else { return reject(.invalidValue) }
        case .preferredPrimaryColumnWidth(let w), .minimumPrimaryColumnWidth(let w), .maximumPrimaryColumnWidth(let w):
            guard valid(w) else { return reject(.invalidValue) }
        case .presentsWithGesture, .primaryEdge, .showsSecondaryOnlyButton, .displayModeButtonVisibility:
            break
        }
        emit(.propertySet(property))
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
