extension NavigationCommand {
    /// The command a commit (the events one `decide` call produced) recorded, so what-if replays can
    /// re-decide recorded intents under another policy or other traits.
    ///
    /// The first event of every commit names its intent; an `instantiate` commit is rebuilt from
    /// its creation events (`names` resolves the interned strings, including those the commit
    /// itself interns). Returns `nil` for an empty or unrecognisable commit.
    public init?(commit events: [NavigationEvent], names: NameTable) {
        // Delegate notifications may precede the intent (the legacy popover's willPresent), and so may
        // the app state a delegate sets while the command is decided (a show override's `setFlag`: the
        // flag's name interned, then `flagSet`). Those name the intent only when nothing else does:
        // then the commit is a `setFlag` command's.
        func isAppState(_ index: Int) -> Bool {
            switch events[index] {
            case .flagSet: return true
            case .nameInterned:
                if index + 1 < events.count, case .flagSet = events[index + 1] { return true }
                return false
            default: return false
            }
        }
        guard
            let intent = events.indices.first(where: {
                if case .delegateNotified = events[$0] { return false }
                return !isAppState($0)
            })
        else {
            guard case .flagSet(let name, let value)? = events.first(where: { if case .flagSet = $0 { return true } else { return false } }) else {
                return nil
            }
            var table = names
            for case .nameInterned(let string) in events { table.append(string) }
            self = .setFlag(table[name], value)
            return
        }
        let first = events[intent]
        // A column assignment may mint its wrapper first; the assignment names the intent.
        for case .columnSet(let controller, let column, let resolution) in events {
            if case .wrapped(let wrapper) = resolution {
                let root = events.lazy.compactMap { event -> ControllerID? in
                    if case .stackInitialized(wrapper, let stack) = event { return stack.first } else { return nil }
                }.first
                self = .setViewController(root, for: column)
            } else {
                self = .setViewController(controller, for: column)
            }
            return
        }
        switch first {
        case .nameInterned, .controllerCreated, .stackInitialized:
            guard let spec = Self.rebuildSpec(events, names: names) else { return nil }
            self = .instantiate(spec)
        case .launched(let traits): self = .launch(traits)
        case .traitsChanged(let traits): self = .changeTraits(traits)
        case .propertySet(let property): self = .setProperty(property)
        case .preferredDisplayModeSet(let mode): self = .setPreferredDisplayMode(mode)
        case .displayModeChanged(_, let cause):
            guard let command = cause.userCommand else { return nil }
            self = command
        case .splitViewControllersSet(let primary, let secondary):
            self = .setSplitViewControllers([primary] + (secondary.map { [$0] } ?? []))
        case .shown(let target, let sender, _): self = .show(target, sender: sender)
        case .detailShown(let target, let sender, _): self = .showDetail(target, sender: sender)
        case .pushed(let controller, let navigation): self = .push(controller, onto: navigation)
        case .popped(let navigation, let interactive):
            self = interactive ? .interactivePop(navigation, completed: true) : .pop(navigation)
        case .poppedToRoot(let navigation): self = .popToRoot(navigation)
        case .poppedTo(let controller, let navigation): self = .popTo(controller, in: navigation)
        case .stackSet(let list, let navigation, _): self = .setViewControllers(list, of: navigation)
        case .presented(let controller): self = .present(controller)
        case .dismissed: self = .dismiss
        case .rejected(let command, _, _), .ignored(let command, _, _): self = command
        case .columnShown(let column): self = .showColumn(column)
        case .columnHidden(let column): self = .hideColumn(column)
        case .preferredSplitBehaviorSet(let behavior): self = .setPreferredSplitBehavior(behavior)
        case .policyChanged(let policy): self = .setPolicy(policy)
        case .itemRepresented(let controller, let item): self = .representItem(controller, item.map { names[$0] })
        case .collapsed, .separated, .columnSet, .columnStacked, .columnUnstacked, .splitBehaviorChanged,
            .delegateNotified, .flagSet, .controllerReleased, .diverged, .detailMarked, .resynced:
            return nil
        }
    }

    private static func rebuildSpec(_ events: [NavigationEvent], names: NameTable) -> ControllerSpec? {
        var table = names
        var nodes: [ControllerID: ControllerSpec] = [:]
        var order: [ControllerID] = []
        var stacks: [ControllerID: [ControllerID]] = [:]
        for event in events {
            switch event {
            case .nameInterned(let string): table.append(string)
            case .controllerCreated(let id, let kind, let name, let restorationID):
                nodes[id] = ControllerSpec(kind, table[name], restorationID: restorationID.map { table[$0] })
                order.append(id)
            case .stackInitialized(let id, let children): stacks[id] = children
            default: return nil
            }
        }
        func build(_ id: ControllerID, depth: Int) -> ControllerSpec? {
            guard depth < 32, var node = nodes[id] else { return nil }
            for child in stacks[id] ?? [] {
                guard let built = build(child, depth: depth + 1) else { return nil }
                node.children.append(built)
            }
            return node
        }
        guard let root = order.first else { return nil }
        return build(root, depth: 0)
    }
}

extension NavigationCommand {
    /// This command with every controller ID passed through `transform` (used when a re-decided
    /// replay creates controllers at other IDs than the recording did).
    public func mappingIDs(_ transform: (ControllerID) -> ControllerID) -> NavigationCommand {
        NavigationCommand(kind: kind, arguments: arguments.map { $0.mappingIDs(transform) }) ?? self
    }

    /// The traits this command carries, if it is a launch or a trait change.
    public var traits: Traits? {
        switch self {
        case .launch(let traits), .changeTraits(let traits): return traits
        default: return nil
        }
    }

    /// This command with its traits replaced (launch and trait changes only).
    public func replacingTraits(_ transform: (Traits) -> Traits) -> NavigationCommand {
        switch self {
        case .launch(let traits): return .launch(transform(traits))
        case .changeTraits(let traits): return .changeTraits(transform(traits))
        default: return self
        }
    }
}

extension Device {
    /// The traits this device would have in the orientation (and multitasking slice) of `traits`:
    /// the what-if "same session on another device".
    public func translating(_ traits: Traits) -> Traits {
        let orientation: Orientation = traits.isLandscape ? .landscape : .portrait
        return self.traits(orientation)
    }
}

extension NavigationCommand {
    /// The commands that create a split's children and install them before launch, for an empty
    /// state: classic, legacy and manual splits create every tree, then set `viewControllers`
    /// (ST-2); a column-style split creates and sets each column in turn (ST-3). New controllers get
    /// the next app IDs in tree pre-order.
    public static func installing(
        primary: ControllerSpec, supplementary: ControllerSpec? = nil, secondary: ControllerSpec?,
        style: SplitStyle
    ) -> [NavigationCommand] {
        var commands: [NavigationCommand] = []
        var next = 0
        var roots: [ControllerID] = []
        func create(_ spec: ControllerSpec) -> ControllerID {
            let id = ControllerID(app: next)
            next += spec.count
            commands.append(.instantiate(spec))
            return id
        }
        if style.isColumnStyle {
            for case (let spec?, let column) in [(primary, Column.primary), (supplementary, .supplementary), (secondary, .secondary)] {
                commands.append(.setViewController(create(spec), for: column))
            }
        } else {
            for spec in [primary, secondary].compactMap({ $0 }) { roots.append(create(spec)) }
            commands.append(.setSplitViewControllers(roots))
        }
        return commands
    }
}

extension DisplayModeCause {
    /// The user action that causes a display-mode change of this cause (the button, the gesture, the
    /// dimmed tap, the secondary-only button), or `nil` when UIKit changes the mode by itself.
    public var userCommand: NavigationCommand? {
        switch self {
        case .button: return .tapDisplayModeButton
        case .gesture: return .edgeSwipe
        case .dimmedTap: return .tapDimmedSecondary
        case .secondaryOnlyButton: return .tapSecondaryOnlyButton
        case .launch, .traits, .expand, .preference, .showDetail, .showColumn, .hideColumn: return nil
        }
    }
}
