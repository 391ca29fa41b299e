import NavTape
import NavigationCore

/// A seeded random walk over an ``AppModel``: at each step the screens on screen offer their
/// actions and the device and state offer the gestures; one is chosen by weight and its steps are
/// sent in order. Deterministic: the same model, seed and device give the same commands.
public struct AppSession: Sendable {
    /// The app walked.
    public let model: AppModel
    /// The device the session runs on.
    public let device: Device
    private var rng: SplitMix64
    private var time: Int64
    private var orientation: Orientation
    private var fraction = 1.0
    private var pending: [NavigationCommand] = []
    /// The rest of the action being done, and the screen doing it.
    private var steps: [AppStep] = []
    private var actor: ControllerID?
    private var started = false
    /// The navigation controller the last Back popped, to run the app's reaction when it lands.
    private var poppedNavigation: ControllerID?
    /// Pooled controllers by tree: each tree's instances, newest last.
    private var pools: [ControllerSpec: [ControllerID]] = [:]

    /// How many instances of one tree are made before one off screen is shown again, as an app
    /// reusing its view controllers would, so a session of any length keeps a small state.
    public static let poolSize = 8
    /// The most instances of one tree: past ``poolSize`` only when every instance is in use or was
    /// changed by a delegate (a merging collapse takes a detail's children), as a real app makes new ones.
    public static let poolLimit = 64
    /// The items a represented detail shows.
    public static let itemCount = 24

    /// A walk of `model` on `device` (its first device by default).
    public init(model: AppModel, seed: UInt64, device: Device? = nil, startTime: Int64 = 1_700_000_000_000) {
        self.model = model
        self.device = device ?? model.devices.first ?? .iPhonePlus
        self.rng = SplitMix64(seed: seed)
        self.time = startTime
        self.orientation = .portrait
    }

    /// The split the generated commands drive.
    public var setup: SessionSetup {
        SessionSetup(
            device: device, orientation: .portrait, policy: model.policy, primary: model.primary,
            secondary: model.secondary, style: model.style, supplementary: model.supplementary)
    }

    /// The next command and its time, given the live state it will be sent to.
    public mutating func next(in state: NavigationState) -> (time: Int64, command: NavigationCommand) {
        time += Int64(50 + rng.below(2_950))
        if !started {
            started = true
            pending = model.preparation + [.launch(device.traits(orientation))]
        }
        if let navigation = poppedNavigation {
            poppedNavigation = nil
            react(toBackIn: navigation, state: state)
        }
        while pending.isEmpty {
            if steps.isEmpty { choose(in: state) } else { perform(steps.removeFirst(), in: state) }
        }
        return (time, pending.removeFirst())
    }

    // MARK: choosing

    private enum Choice {
        case action(AppAction, ControllerID)
        case back, rotate, resize, button, swipe, dismiss
    }

    private mutating func choose(in state: NavigationState) {
        var choices: [(Choice, Int)] = []
        let gestures = model.gestures
        let presented = state.presented != nil
        for screen in state.visibleContent {
            for action in model.actions(of: state.name(of: screen)) where action.condition?.holds(in: state) ?? true {
                choices.append((.action(action, screen), action.weight))
            }
        }
        if backTarget(in: state) != nil { choices.append((.back, gestures.back)) }
        if presented {
            choices.append((.dismiss, gestures.dismiss))
        } else {
            choices.append((.rotate, gestures.rotate))
            if device == .iPad || device == .iPadPro { choices.append((.resize, gestures.resize)) }
            if state.displayModeButton(delegate: model.policy) != nil { choices.append((.button, gestures.button)) }
            if !state.isCollapsed, state.style != .manual { choices.append((.swipe, gestures.swipe)) }
        }
        let total = choices.reduce(0) { $0 + $1.1 }
        guard total > 0 else {
            pending.append(.changeTraits(flip()))
            return
        }
        var roll = rng.below(total)
        var chosen = choices[0].0
        for (choice, weight) in choices {
            if roll < weight {
                chosen = choice
                break
            }
            roll -= weight
        }
        switch chosen {
        case .action(let action, let screen):
            steps = action.steps
            actor = screen
        case .back:
            if let target = backTarget(in: state) {
                pending.append(rng.chance(15) ? .interactivePop(target, completed: rng.chance(70)) : .pop(target))
                poppedNavigation = target
            }
        case .rotate: pending.append(.changeTraits(flip()))
        case .resize:
            fraction = rng.pick([1.0 / 3.0, 0.5, 2.0 / 3.0, 1.0])
            pending.append(.changeTraits(traits))
        case .button: pending.append(.tapDisplayModeButton)
        case .swipe: pending.append(.edgeSwipe)
        case .dismiss: pending.append(.dismiss)
        }
    }

    private var traits: Traits {
        fraction == 1 ? device.traits(orientation) : device.multitaskingTraits(orientation, widthFraction: fraction)
    }

    private mutating func flip() -> Traits {
        orientation = orientation == .portrait ? .landscape : .portrait
        return traits
    }

    /// The Back button of the stack the user looks at: the deepest visible navigation controller
    /// with something to pop.
    private func backTarget(in state: NavigationState) -> ControllerID? {
        var target: ControllerID?
        for id in state.visibleControllers where state.kind(of: id) == .navigation && state.stackCount(of: id) > 1 {
            target = id
        }
        return target
    }

    /// The app's reaction to Back landing on a screen of `navigation` (its new top), as its
    /// navigation controller delegate's `didShow` runs it.
    private mutating func react(toBackIn navigation: ControllerID, state: NavigationState) {
        guard let top = state.top(of: navigation) else { return }
        let name = state.name(of: state.visibleEnd(from: top))
        for reaction in model.reactions where reaction.screen == name {
            steps += reaction.steps
            actor = state.visibleEnd(from: top)
        }
    }

    // MARK: doing

    private mutating func perform(_ step: AppStep, in state: NavigationState) {
        guard let actor, state.contains(actor) else {
            steps = []
            return
        }
        switch step {
        case .showDetail(let spec, let item):
            use(spec, item: item, in: state) { .showDetail($0, sender: actor) }
        case .show(let spec, let item):
            use(spec, item: item, in: state) { .show($0, sender: actor) }
        case .push(let spec):
            guard let navigation = state.navigationController(of: actor) else { return }
            use(spec, item: false, in: state) { .push($0, onto: navigation) }
        case .present(let spec):
            guard state.presented == nil else { return }
            use(spec, item: false, in: state) { .present($0) }
        case .setColumn(let spec, let column):
            use(spec, item: false, in: state) { .setViewController($0, for: column) }
        case .showColumn(let column): pending.append(.showColumn(column))
        case .hideColumn(let column): pending.append(.hideColumn(column))
        case .flag(let name, let value): if state.flag(name) != value { pending.append(.setFlag(name, value)) }
        case .popToRoot:
            if let navigation = state.navigationController(of: actor) { pending.append(.popToRoot(navigation)) }
        case .dismiss: pending.append(.dismiss)
        }
    }

    /// Queues `command` on an instance of `spec`: a pooled one off screen, else a new one (up to
    /// ``poolSize``, then the oldest off screen is reused anyway by the next free check), with a
    /// random item represented by its visible end first when `item` is set.
    private mutating func use(_ spec: ControllerSpec, item: Bool, in state: NavigationState, _ command: (ControllerID) -> NavigationCommand) {
        let members = pools[spec, default: []]
        var chosen: ControllerID?
        if members.count >= Self.poolSize || (!members.isEmpty && rng.chance(50)) {
            let start = rng.below(Swift.max(members.count, 1))
            for offset in 0..<members.count {
                let id = members[(start + offset) % members.count]
                if isFree(id, in: state), isIntact(id, as: spec, in: state) {
                    chosen = id
                    break
                }
            }
        }
        var predicted = state
        if chosen == nil {
            guard members.count < Self.poolLimit else { return }
            let id = state.nextAppControllerID
            pools[spec, default: []].append(id)
            pending.append(.instantiate(spec))
            chosen = id
            Navigation.send(.instantiate(spec), to: &predicted, policy: .noDelegate)
        }
        guard let id = chosen else { return }
        if item {
            let content = predicted.visibleEnd(from: id)
            let name = "item\(1 + rng.below(Self.itemCount))"
            if predicted.itemName(of: content) != name { pending.append(.representItem(content, name)) }
        }
        pending.append(command(id))
    }

    /// Whether the instance `id` still has the shape it was created with (a delegate may have moved
    /// its children elsewhere, as a merging collapse does): the app would make a new one otherwise.
    private func isIntact(_ id: ControllerID, as spec: ControllerSpec, in state: NavigationState) -> Bool {
        let stack = state.stack(of: id)
        guard stack.count == spec.children.count else { return false }
        return zip(stack, spec.children).allSatisfy { child, childSpec in
            state.name(of: child) == childSpec.name && isIntact(child, as: childSpec, in: state)
        }
    }

    /// Whether `id` is off screen and held by nothing: not in a stack or a column, not presented,
    /// not the secondary the split remembers.
    private func isFree(_ id: ControllerID, in state: NavigationState) -> Bool {
        state.parent(of: id) == .none && state.presented != id && state.rememberedSecondary != id
            && !state.isInHierarchy(id)
    }
}
