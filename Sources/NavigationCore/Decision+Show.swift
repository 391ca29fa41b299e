/// What handles an action sent from a controller (SH-1): the first ancestor that overrides it.
enum ShowHandler: Equatable {
    case navigation(ControllerID)
    case split
    /// No container handles it: present modally from the window's root.
    case window
    /// The sender is not attached to anything that is on screen.
    case detached
}

extension NavigationState {
    /// Walks up from `sender` to the first container that handles `show` (navigation controllers
    /// and the split, SH-2) or `showDetail` (the split only): what `decide` does with the action
    /// and what the SH-14 oracle predicts.
    func showHandler(for sender: ControllerID, navigationHandles: Bool) -> ShowHandler {
        var current = sender
        for _ in 0..<64 {
            if navigationHandles, kind(of: current) == .navigation { return .navigation(current) }
            switch parent(of: current) {
            case .navigation(let nav): current = nav
            case .split: return .split
            case .presented: return .window
            case .none: return .detached
            }
        }
        return .detached
    }
}

extension Decision {
    typealias Handler = ShowHandler

    func handler(for sender: ControllerID, navigationHandles: Bool) -> Handler {
        state.showHandler(for: sender, navigationHandles: navigationHandles)
    }

    mutating func show(_ target: ControllerID, sender: ControllerID) {
        guard state.contains(sender) else { return reject(.unknownController, sender) }
        guard state.contains(target) else { return reject(.unknownController, target) }
        switch handler(for: sender, navigationHandles: true) {
        case .navigation(let nav):
            // SH-2, SH-3, NV-8: a navigation controller always pushes, even when expanded.
            if let reason = pushRejection(target, onto: nav) { return reject(reason, target) }
            emit(.shown(target, sender: sender, resolution: .pushed(onto: nav)))
        case .split:
            // SH-4; the delegate's `show` "only applies to classic split view interfaces" (§0).
            if !state.style.isColumnStyle,
                ask(access: .free, { $0.splitViewController($1, show: $1.handle(target), sender: $1.handle(sender)) })
            {
                return emit(.shown(target, sender: sender, resolution: .handledByDelegate))
            }
            if !state.isCollapsed, moveFromPrimaryStack(target) {
                // SH-5: a controller the primary already shows goes to the secondary position
                // (`show(_:sender:)`: "installs it as the secondary" when it is a child of the primary).
                return emit(.shown(target, sender: sender, resolution: .installedAsSecondary))
            }
            if let reason = installRejection(target) { return reject(reason, target) }
            if state.isCollapsed {
                // SH-6: "defaults to a full screen presentation".
                guard state.presented == nil else { return reject(.alreadyPresenting, target) }
                emit(.shown(target, sender: sender, resolution: .presentedModally))
            } else {
                if target == state.primary { return emit(.shown(target, sender: sender, resolution: .unchanged)) }
                emit(.shown(target, sender: sender, resolution: .installedAsPrimary))  // SH-5
            }
        case .window:
            guard state.presented == nil else { return reject(.alreadyPresenting, target) }
            if let reason = installRejection(target) { return reject(reason, target) }
            emit(.shown(target, sender: sender, resolution: .presentedModally))
        case .detached:
            reject(.senderNotInHierarchy, sender)
        }
    }

    /// Takes `target` out of the primary's navigation stack, where it is above the root, so that it
    /// can be installed as the secondary (SH-5); `false` (nothing emitted) when it is not there.
    mutating func moveFromPrimaryStack(_ target: ControllerID) -> Bool {
        guard state.style == .unspecified || state.style == .legacy, let primary = state.primary,
            state.parent(of: target) == .navigation(primary)
        else { return false }
        let stack = state.stack(of: primary)
        guard stack.count > 1, stack.first != target else { return false }
        let remaining = stack.filter { $0 != target }
        emit(.stackSet(remaining, navigation: primary, transition: StackTransition(from: stack, to: remaining)))
        return true
    }

    /// Why `target` cannot become a child of the split or be presented (INV-1, INV-5).
    func installRejection(_ target: ControllerID) -> RejectionReason? {
        if state.kind(of: target) == .split { return .splitViewController }
        if state.parent(of: target) != .none { return .hasOtherParent }
        return nil
    }

    mutating func showDetail(_ target: ControllerID?, sender: ControllerID) {
        guard state.contains(sender) else { return reject(.unknownController, sender) }
        guard let target else {
            return emit(.detailShown(nil, sender: sender, resolution: .unchanged))  // SH-7
        }
        guard state.contains(target) else { return reject(.unknownController, target) }
        switch handler(for: sender, navigationHandles: false) {
        case .split:
            showDetailOnSplit(target, sender: sender)
        case .window, .navigation:
            // Navigation controllers do not handle showDetail (SH-2); outside the split, present.
            guard state.presented == nil else { return reject(.alreadyPresenting, target) }
            if let reason = installRejection(target) { return reject(reason, target) }
            emit(.detailShown(target, sender: sender, resolution: .presentedModally))
        case .detached:
            reject(.senderNotInHierarchy, sender)
        }
    }

    /// The delegate's `showDetail` override showed `target` itself (SH-8): whatever it did is already
    /// recorded. Where it put `target` on screen as UIKit's own showDetail would (on the collapsed
    /// stack, in the secondary column, presented), `target` is detail content from now on, as a
    /// detail UIKit shows is (BUG-2, BUG-7); one it put in the expanded primary column is not.
    mutating func handledDetail(_ target: ControllerID, sender: ControllerID) {
        emit(.detailShown(target, sender: sender, resolution: .handledByDelegate))
        guard state.isInHierarchy(target), state.record(target)?.hasBeenDetail == false else { return }
        if !state.isCollapsed, let primary = state.primary, state.isInSubtree(target, of: primary) { return }
        emit(.detailMarked(target))
    }

    mutating func showDetailOnSplit(_ target: ControllerID, sender: ControllerID) {
        switch state.style {
        case .doubleColumn, .tripleColumn: return columnShowDetail(target, sender: sender)
        case .manual: return manualShowDetail(target, sender: sender)
        case .legacy, .unspecified: break
        }
        if ask(access: .free, { $0.splitViewController($1, showDetail: $1.handle(target), sender: $1.handle(sender)) }) {
            return handledDetail(target, sender: sender)  // SH-8
        }
        if state.isCollapsed {
            // SH-9: redirected to primary.show(target): a navigation primary pushes (nesting allowed).
            if let primary = state.primary, state.kind(of: primary) == .navigation {
                if let reason = pushRejection(target, onto: primary) { return reject(reason, target) }
                return emit(.detailShown(target, sender: sender, resolution: .pushed(onto: primary)))
            }
            // SH-10: a primary that does not handle show (tab bar, plain): present modally.
            guard state.presented == nil else { return reject(.alreadyPresenting, target) }
            if let reason = installRejection(target) { return reject(reason, target) }
            return emit(.detailShown(target, sender: sender, resolution: .presentedModally))
        }
        // Expanded (SH-11).
        if target == state.secondary {
            return emit(.detailShown(target, sender: sender, resolution: .unchanged))  // SH-7
        }
        if let secondary = state.secondary, state.kind(of: secondary) == .navigation,
            state.kind(of: target) != .navigation
        {
            // Forwarded to the secondary navigation controller, which pushes.
            if let reason = pushRejection(target, onto: secondary) { return reject(reason, target) }
            emit(.detailShown(target, sender: sender, resolution: .pushed(onto: secondary)))
        } else {
            if let reason = installRejection(target) { return reject(reason, target) }
            emit(.detailShown(target, sender: sender, resolution: .installedAsSecondary))
        }
        // SH-12 (model choice, uncertain): the overlay is dismissed after showDetail; the legacy
        // popover stays until the app dismisses it (LG-7).
        if state.isLaunched, state.displayMode == .primaryOverlay, state.style != .legacy {
            emit(.displayModeChanged(.primaryHidden, cause: .showDetail))
        }
    }
}
