extension Decision {
    /// Why pushing `controller` onto `navigation` would raise (NV-1, INV-1, INV-4, INV-5), if it would.
    func pushRejection(_ controller: ControllerID, onto navigation: ControllerID) -> RejectionReason? {
        guard state.contains(controller) else { return .unknownController }
        guard state.kind(of: navigation) == .navigation else { return .notNavigationController }
        if state.stackContains(controller, of: navigation) { return .alreadyInStack }
        switch state.kind(of: controller) {
        case .tabBar: return .tabBarController
        case .split: return .splitViewController
        case .navigation:
            // Nesting is allowed only onto the primary of a collapsed split (INV-4, SH-9).
            if !state.allowsNesting(in: navigation) || controller == navigation {
                return .navigationController
            }
        case .content, nil: break
        }
        if state.parent(of: controller) != .none { return .hasOtherParent }
        return nil
    }

    mutating func push(_ controller: ControllerID, onto navigation: ControllerID) {
        guard state.contains(navigation) else { return reject(.unknownController, navigation) }
        if let reason = pushRejection(controller, onto: navigation) { return reject(reason, controller) }
        emit(.pushed(controller, onto: navigation))
    }

    /// Checks that `navigation` names a navigation controller.
    func navigationRejection(_ navigation: ControllerID) -> RejectionReason? {
        guard state.contains(navigation) else { return .unknownController }
        guard state.kind(of: navigation) == .navigation else { return .notNavigationController }
        return nil
    }

    mutating func pop(_ navigation: ControllerID, interactive: Bool) {
        if let reason = navigationRejection(navigation) { return reject(reason, navigation) }
        guard state.stackCount(of: navigation) > 1 else { return ignore(.atRoot, navigation) }
        emit(.popped(navigation: navigation, interactive: interactive))
    }

    mutating func popToRoot(_ navigation: ControllerID) {
        if let reason = navigationRejection(navigation) { return reject(reason, navigation) }
        guard state.stackCount(of: navigation) > 1 else { return ignore(.rootOnly, navigation) }
        emit(.poppedToRoot(navigation: navigation))
    }

    mutating func popTo(_ controller: ControllerID, in navigation: ControllerID) {
        if let reason = navigationRejection(navigation) { return reject(reason, navigation) }
        let stack = state.stack(of: navigation)
        guard stack.contains(controller) else { return reject(.notInStack, controller) }
        guard stack.last != controller else { return ignore(.alreadyTop, controller) }
        emit(.poppedTo(controller, navigation: navigation))
    }

    mutating func setViewControllers(_ list: [ControllerID], of navigation: ControllerID) {
        if let reason = navigationRejection(navigation) { return reject(reason, navigation) }
        guard !list.isEmpty else { return reject(.emptyList, navigation) }
        var seen = Set<ControllerID>()
        let current = state.stack(of: navigation)
        for (index, controller) in list.enumerated() {
            guard seen.insert(controller).inserted else { return reject(.duplicateInList, controller) }
            guard state.contains(controller) else { return reject(.unknownController, controller) }
            // A stacked column's navigation controller belongs to its column, not to this list (CO-11).
            if state.style.isColumnStyle, [state.supplementary, state.secondary, state.compactColumn].contains(controller) {
                return reject(.hasOtherParent, controller)
            }
            if current.contains(controller) { continue }
            // A tab bar controller may be the root (Semantics §15), as Element's `setViewControllers([tabBar])`.
            if index == 0, state.kind(of: controller) == .tabBar, state.parent(of: controller) == .none { continue }
            // NV-5: the nested-navigation rule of NV-1 applies to each element.
            if let reason = pushRejection(controller, onto: navigation) { return reject(reason, controller) }
        }
        emit(.stackSet(list, navigation: navigation, transition: StackTransition(from: current, to: list)))
    }
}

extension NavigationState {
    /// Why UIKit would raise on `navigation.viewControllers = list` done by a delegate, or `nil`:
    /// each controller known, listed once, not a tab bar or split controller (NV-1, INV-5), not
    /// `navigation` or anything holding it, not one of the split's columns or the presented
    /// controller, and a navigation controller only where nesting is allowed (INV-4: `nesting`
    /// while a collapse asks the delegate, CO-1.2). Controllers in other stacks may be taken.
    func stackEditFault(_ list: [ControllerID], of navigation: ControllerID, nesting: ControllerID?)
        -> (reason: RejectionReason, subject: ControllerID?, message: String)?
    {
        guard contains(navigation), kind(of: navigation) == .navigation else {
            return (.notNavigationController, navigation, "\(navigation) is not a navigation controller")
        }
        guard !list.isEmpty else { return (.emptyList, navigation, "a navigation stack cannot be emptied (INV-6)") }
        guard Self.isDuplicateFree(list) else { return (.duplicateInList, navigation, "a controller is listed twice (NV-5)") }
        let allowsNested = navigation == nesting || allowsNesting(in: navigation)
        for (index, id) in list.enumerated() {
            guard contains(id) else { return (.unknownController, nil, "\(id) is not a controller") }
            guard id != navigation, !subtree(of: id).contains(navigation) else {
                return (.hasOtherParent, id, "\(name(of: id)) holds \(name(of: navigation))")
            }
            switch kind(of: id) {
            case .tabBar where index == 0: break  // the root (Semantics §15)
            case .tabBar: return (.tabBarController, id, "a tab bar controller can only be a stack's root (NV-1, Semantics §15)")
            case .split: return (.splitViewController, id, "a split view controller cannot be in a stack (INV-5)")
            case .navigation where !allowsNested:
                return (.navigationController, id, "pushing a navigation controller is not supported (NV-1, INV-4)")
            default: break
            }
            switch parent(of: id) {
            case .split: return (.hasOtherParent, id, "\(name(of: id)) is a column of the split (INV-1)")
            case .presented: return (.hasOtherParent, id, "\(name(of: id)) is presented (INV-1)")
            case .none, .navigation: break
            }
        }
        return nil
    }
}
