extension Decision {
    // MARK: split children

    mutating func setSplitViewControllers(_ list: [ControllerID]) {
        if state.style.isColumnStyle { return ignore(.notForThisStyle) }  // columns are set one by one (ST-3)
        guard list.count == 1 || list.count == 2 else { return reject(.wrongControllerCount) }
        // LG-2: "must contain exactly two view controllers".
        if state.style == .legacy && list.count != 2 { return reject(.wrongControllerCount) }
        if list.count == 2, list[0] == list[1] { return reject(.duplicateInList, list[0]) }
        let current = Set([state.primary, state.secondary, state.rememberedSecondary].compactMap { $0 })
        for controller in list {
            guard state.contains(controller) else { return reject(.unknownController, controller) }
            if state.kind(of: controller) == .split { return reject(.splitViewController, controller) }
            if !current.contains(controller), state.parent(of: controller) != .none {
                return reject(.hasOtherParent, controller)
            }
        }
        emit(.splitViewControllersSet(primary: list[0], secondary: list.count == 2 ? list[1] : nil))
    }

    // MARK: environment

    mutating func launch(_ traits: Traits) {
        guard !state.isLaunched else { return reject(.alreadyLaunched) }
        if state.style == .legacy && traits.idiom != .pad { return reject(.phoneIdiom) }  // LG-1
        emit(.launched(traits))
        switch state.style {
        case .legacy:
            resolveLegacyLayout(cause: .launch, atLaunch: true)
        case .manual:
            if manualShowsTwoStacks, state.displayMode != .allVisible { emit(.displayModeChanged(.allVisible, cause: .launch)) }
        case .doubleColumn, .tripleColumn:
            resolveColumnLayout(cause: .launch)
            if traits.horizontalSizeClass == .compact { collapseColumns(atLaunch: true) }
        case .unspecified:
            // SZ-3: born expanded; resolve the display mode, then collapse when compact.
            resolveDisplayMode(cause: .launch)
            if traits.horizontalSizeClass == .compact { collapse(atLaunch: true) }
        }
    }

    mutating func changeTraits(_ traits: Traits) {
        let old = state.traits
        // LG-1 holds for every environment the split lives in, not only the one it launches in.
        if state.style == .legacy && traits.idiom != .pad { return reject(.phoneIdiom) }
        emit(.traitsChanged(traits))
        guard state.isLaunched else { return }
        let resized = old.width != traits.width || old.height != traits.height || old.sideBySide != traits.sideBySide
        switch state.style {
        case .manual:
            return  // chosen by idiom at launch: no collapse, no display modes
        case .legacy:
            if resized { resolveLegacyLayout(cause: .traits, atLaunch: false) }  // no collapse (LG-8)
            return
        case .doubleColumn, .tripleColumn:
            switch (old.horizontalSizeClass, traits.horizontalSizeClass) {
            case (.regular, .compact): collapseColumns(atLaunch: false)
            case (.compact, .regular): expandColumns()
            case (.regular, .regular): if resized { resolveColumnLayout(cause: .traits) }
            case (.compact, .compact): break
            }
            return
        case .unspecified:
            break
        }
        switch (old.horizontalSizeClass, traits.horizontalSizeClass) {
        case (.regular, .compact):
            collapse(atLaunch: false)
        case (.compact, .regular):
            separate()
            resolveDisplayMode(cause: .expand)
        case (.regular, .regular):
            // SZ-4, DM-8: no collapse; a size or orientation change re-resolves the display mode.
            if old.width != traits.width || old.height != traits.height || old.sideBySide != traits.sideBySide {
                resolveDisplayMode(cause: .traits)
            }
        case (.compact, .compact):
            break
        }
    }

    // MARK: display mode

    /// The display mode `preferred` resolves to when expanded (DM-1, DM-5, DM-10).
    static func resolve(_ preferred: DisplayMode, traits: Traits) -> DisplayMode {
        if preferred != .automatic { return preferred }
        return traits.isWideEnoughForSideBySide ? .allVisible : .primaryHidden
    }

    mutating func resolveDisplayMode(cause: DisplayModeCause) {
        let mode = Self.resolve(state.preferredDisplayMode, traits: state.traits)
        if mode != state.displayMode { emit(.displayModeChanged(mode, cause: cause)) }
    }

    mutating func setPreferredDisplayMode(_ mode: DisplayMode) {
        switch state.style {
        case .manual: return ignore(.noDisplayModes)
        case .legacy: return ignore(.notForThisStyle)  // an iOS 8 API
        default: break
        }
        guard isValid(mode) else { return reject(.invalidDisplayMode) }  // DM-10
        emit(.preferredDisplayModeSet(mode))
        // DM-2 applies at once when expanded; DM-7 stores it while collapsed or before launch, and
        // a collapse or separate under way applies it as it ends.
        guard state.isLaunched && !state.isCollapsed && !defersLayout else { return }
        if state.style.isColumnStyle { resolveColumnLayout(cause: .preference) } else { resolveDisplayMode(cause: .preference) }
    }

    /// The default heuristic target of the button and the gesture (BTN-3).
    func heuristicTarget() -> DisplayMode {
        switch state.displayMode {
        case .primaryHidden:
            let sideBySide =
                state.preferredDisplayMode == .allVisible
                || (state.preferredDisplayMode == .automatic && state.traits.isWideEnoughForSideBySide)
            return sideBySide ? .allVisible : .primaryOverlay
        case .allVisible, .primaryOverlay:
            return .primaryHidden
        default:
            return state.displayMode
        }
    }

    /// The delegate's target when it names one (BTN-2), else the heuristic (BTN-3).
    mutating func buttonTarget() -> DisplayMode {
        let mode = ask(access: .readOnly) { $0.targetDisplayModeForAction(in: $1) }
        return mode != .automatic && mode.isClassic ? mode : heuristicTarget()
    }

    mutating func userDisplayModeAction(cause: DisplayModeCause) {
        guard state.isLaunched else { return ignore(.notLaunched) }
        switch state.style {
        case .manual: return ignore(.noDisplayModes)
        case .legacy: return legacyButtonAction(cause: cause)
        case .doubleColumn, .tripleColumn: return columnButtonAction(cause: cause)
        case .unspecified: break
        }
        guard state.presentsWithGesture else { return ignore(.gestureDisabled) }  // BTN-6
        guard !state.isCollapsed else { return ignore(.collapsed) }  // BTN-3: button hidden
        let target = buttonTarget()
        guard target != state.displayMode else { return ignore(.noChange) }
        emit(.displayModeChanged(target, cause: cause))
    }

    mutating func tapDimmedSecondary() {
        if state.style == .manual { return ignore(.noDisplayModes) }
        if state.style.isColumnStyle { return columnDimmedTap() }
        guard state.isLaunched, !state.isCollapsed, state.displayMode == .primaryOverlay else {
            return ignore(.notOverlaid)
        }
        emit(.displayModeChanged(.primaryHidden, cause: .dimmedTap))  // BTN-5
    }

    // MARK: collapse (CO-1)

    mutating func collapse(atLaunch: Bool) {
        guard let oldPrimary = state.primary else { return }
        // CO-1.1, CO-7: a primary for collapsing; a controller the split does not hold, or one in a
        // stack, is not one UIKit can install: the current primary stays.
        var newPrimary = oldPrimary
        if let chosen = ask({ $0.primaryViewController(forCollapsing: $1) })?.id, chosen != oldPrimary,
            state.contains(chosen), chosen == state.secondary || state.parent(of: chosen) == .none, state.kind(of: chosen) != .split
        {
            newPrimary = chosen
        }
        let outcome: CollapseOutcome
        if let secondary = state.secondary {
            if newPrimary == secondary {
                outcome = .secondaryBecamePrimary
            } else if ask(
                nesting: newPrimary,
                { delegate, view in
                    // CO-1.2: the new primary allows nested navigation controllers while the delegate runs.
                    delegate.splitViewController(view, collapseSecondary: view.handle(secondary), onto: view.handle(newPrimary))
                })
            {
                outcome = .discardedByDelegate  // CO-2: handled; whatever the delegate did not move goes
            } else if state.kind(of: newPrimary) == .navigation {
                outcome = .secondaryPushed  // CO-1.4, CO-4, CO-5
            } else {
                outcome = .discardedByPrimary  // CO-6
            }
        } else {
            outcome = .noSecondary
        }
        emit(.collapsed(CollapseResolution(newPrimary: newPrimary, outcome: outcome, atLaunch: atLaunch)))
    }

    // MARK: separate (EX-1)

    mutating func separate() {
        guard let primary = state.primary else { return }
        // EX-1.1: a primary for expanding, when it is one the split can install.
        var newPrimary = primary
        if let chosen = ask({ $0.primaryViewController(forExpanding: $1) })?.id, chosen != primary,
            state.contains(chosen), state.parent(of: chosen) == .none, state.kind(of: chosen) != .split
        {
            newPrimary = chosen
        }
        // EX-1.2, EX-1.3: nesting is no longer allowed; the delegate's secondary. One still in the
        // primary's stack, or held anywhere else, counts as nil (DECOMP).
        var secondary: ControllerID?
        var source = SeparateSource.none
        // A controller no container holds may be installed; so may the primary a new one replaces
        // (Mullvad's collapsed primary becomes its secondary again). Never a split view controller
        // (INV-5), whoever names it: a delegate, the stack's top, or a remembered one a forged
        // checkpoint holds (found by FuzzStateDecoder).
        func isFree(_ id: ControllerID) -> Bool {
            (state.parent(of: id) == .none || (id == primary && newPrimary != primary)) && state.kind(of: id) != .split
        }
        if let answered = ask({ delegate, view in delegate.splitViewController(view, separateSecondaryFrom: view.handle(newPrimary)) })?.id,
            answered != newPrimary, state.contains(answered), isFree(answered)
        {
            secondary = answered
            source = .delegate
        }
        // EX-1.4: the navigation primary pops its top (EX-2); never the root (NV-2).
        if secondary == nil, state.kind(of: newPrimary) == .navigation,
            state.stackCount(of: newPrimary) > 1, let top = state.top(of: newPrimary), state.kind(of: top) != .split
        {
            secondary = top
            source = .poppedFromPrimary
        }
        // EX-1.5: fall back to the remembered secondary when it is free to install.
        if secondary == nil, let remembered = state.rememberedSecondary, remembered != newPrimary, isFree(remembered) {
            secondary = remembered
            source = state.rememberedSecondaryWasPushed ? .rememberedStale : .remembered
        }
        emit(.separated(SeparateResolution(newPrimary: newPrimary, secondary: secondary, source: source)))
    }
}
