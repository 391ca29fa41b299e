/// The legacy iPad split (iOS 3.2–7, LG-*) and the manual master/detail container (SEED-MAN).
extension Decision {
    // MARK: legacy

    /// Whether the legacy master is hidden in `traits` (LG-3, LG-4).
    mutating func legacyHidesMaster(_ traits: Traits) -> Bool {
        ask(access: .readOnly) { delegate, view in
            guard let master = view.viewController(for: .primary) else { return !traits.isLandscape }
            return delegate.splitViewController(view, shouldHide: master, in: traits.isLandscape ? .landscape : .portrait)
        }
    }

    /// LG-5, LG-8: the master's visibility for the environment, with the delegate notifications.
    mutating func resolveLegacyLayout(cause: DisplayModeCause, atLaunch: Bool) {
        let hide = legacyHidesMaster(state.traits)
        let mode: DisplayMode = hide ? .primaryHidden : .allVisible
        let wasHidden = state.displayMode != .allVisible
        if hide && (atLaunch || !wasHidden) { emit(.delegateNotified(.legacyWillHideMaster)) }
        if !hide && !atLaunch && wasHidden { emit(.delegateNotified(.legacyWillShowMaster)) }
        if mode != state.displayMode { emit(.displayModeChanged(mode, cause: cause)) }
    }

    /// The bar button item and the swipe: show the master in a popover, or dismiss it (LG-5..LG-7).
    mutating func legacyButtonAction(cause: DisplayModeCause) {
        if cause == .gesture, !(state.presentsWithGesture && delegate.implementsLegacyWillHide) { return ignore(.gestureDisabled) }
        switch state.displayMode {
        case .primaryHidden:
            emit(.delegateNotified(.legacyPopoverWillPresent))
            emit(.displayModeChanged(.primaryOverlay, cause: cause))
        case .primaryOverlay:
            emit(.displayModeChanged(.primaryHidden, cause: cause))  // MGSPLIT-34: the item dismisses it
        default:
            ignore(.noButton)  // landscape: no bar button item
        }
    }

    // MARK: manual container

    /// Whether the manual container shows two stacks (chosen by idiom, SEED-MAN).
    var manualShowsTwoStacks: Bool { state.traits.idiom == .pad }

    /// A manual container's selection: replace the detail stack on a pad, push on a phone.
    mutating func manualShowDetail(_ target: ControllerID, sender: ControllerID) {
        if manualShowsTwoStacks {
            guard let detail = state.secondary else { return reject(.wrongControllerCount, target) }
            if state.kind(of: target) == .navigation || state.kind(of: detail) != .navigation {
                if target == detail { return emit(.detailShown(target, sender: sender, resolution: .unchanged)) }
                if let reason = installRejection(target) { return reject(reason, target) }
                return emit(.detailShown(target, sender: sender, resolution: .installedAsSecondary))
            }
            if state.stack(of: detail) == [target] { return emit(.detailShown(target, sender: sender, resolution: .unchanged)) }
            switch state.kind(of: target) {
            case .tabBar: return reject(.tabBarController, target)
            case .split: return reject(.splitViewController, target)
            default: break
            }
            if state.parent(of: target) != .none, state.parent(of: target) != .navigation(detail) {
                return reject(.hasOtherParent, target)
            }
            return emit(.detailShown(target, sender: sender, resolution: .replacedStack(of: detail)))
        }
        guard let master = state.primary, state.kind(of: master) == .navigation else {
            return reject(.notNavigationController, target)
        }
        // One stack: a selection pushes; a navigation controller cannot be pushed (NV-1).
        if let reason = pushRejection(target, onto: master) { return reject(reason, target) }
        emit(.detailShown(target, sender: sender, resolution: .pushed(onto: master)))
    }
}
