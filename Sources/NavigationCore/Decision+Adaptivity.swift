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
        // DM-2 applies at once when expanded; DM-7 stores it while collapsed or before launch.
        guard state.isLaunched && !state.isCollapsed else { return }
        if state.style.isColumnStyle { resolveColumnLayout(cause: .preference) } else { resolveDisplayMode(cause: .preference) }
    }

    /// The default heuristic target of the button and the gesture (BTN-3).
    func heuristicTarget() -> DisplayMode {
        switch state.displayMode {
        case .primaryHidden:
            let sideBySide = state.preferredDisplayMode == .allVisible
                || (state.preferredDisplayMode == .automatic && state.traits.isWideEnoughForSideBySide)
            return sideBySide ? .allVisible : .primaryOverlay
        case .allVisible, .primaryOverlay:
            return .primaryHidden
        default:
            return state.displayMode
        }
    }

    /// The delegate's target when it names one (BTN-2), else the heuristic (BTN-3).
    func buttonTarget() -> DisplayMode {
        switch policy.targetDisplayMode {
        case .mode(let mode) where mode != .automatic && mode.isClassic: return mode
        default: return heuristicTarget()
        }
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
        let secondary = state.secondary
        // CO-1.1, CO-7.
        var newPrimary = oldPrimary
        if case .secondary = policy.primaryForCollapsing, let secondary { newPrimary = secondary }
        let outcome: CollapseOutcome
        if let secondary {
            if newPrimary == secondary {
                outcome = .secondaryBecamePrimary
            } else if collapseHandledByDelegate(secondary: secondary, onto: newPrimary) {
                // CO-2: "I handled it"; a merge moved the children first (CO-4).
                if case .mergeStacks = policy.collapseSecondary,
                   state.kind(of: newPrimary) == .navigation, state.kind(of: secondary) == .navigation {
                    outcome = .mergedByDelegate
                } else {
                    outcome = .discardedByDelegate
                }
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

    /// The answer of `collapseSecondary(_:onto:)` (CO-1.3); unimplemented is `false`.
    func collapseHandledByDelegate(secondary: ControllerID, onto primary: ControllerID) -> Bool {
        switch policy.collapseSecondary {
        case .notImplemented: return false
        case .returns(let value): return value
        case .discardWhenRestorationID(let identifier): return state.restorationID(of: secondary) == identifier
        case .discardWhenTopNamed(let name):
            guard state.kind(of: secondary) == .navigation, let top = state.top(of: secondary) else { return false }
            return state.name(of: top) == name
        case .mergeStacks: return true
        }
    }

    // MARK: separate (EX-1)

    mutating func separate() {
        guard let primary = state.primary else { return }
        // EX-1.1: a primary for expanding; returning the collapsed primary is the default.
        let newPrimary = primary
        // EX-1.3: the delegate's secondary, possibly freshly created.
        var secondary: ControllerID?
        var source = SeparateSource.none
        if let fresh = delegateSecondarySpec(primary: newPrimary) {
            if let reused = reusableMinted(fresh) {
                secondary = reused  // model choice: a free minted controller of the same shape is returned again
            } else {
                var next = state.mintedControllerCount
                secondary = create(fresh, next: &next, space: .minted)
            }
            source = .delegate
        }
        // EX-1.4: the navigation primary pops its top (EX-2); never the root (NV-2).
        if secondary == nil, state.kind(of: newPrimary) == .navigation,
           state.stack(of: newPrimary).count > 1, let top = state.top(of: newPrimary) {
            secondary = top
            source = .poppedFromPrimary
        }
        // EX-1.5: fall back to the remembered secondary when it is free to install.
        if secondary == nil, let remembered = state.rememberedSecondary, remembered != newPrimary,
           state.parent(of: remembered) == .none {
            secondary = remembered
            source = state.rememberedSecondaryWasPushed ? .rememberedStale : .remembered
        }
        emit(.separated(SeparateResolution(newPrimary: newPrimary, secondary: secondary, source: source)))
    }

    /// The controller tree `separateSecondary(from:)` returns, or `nil` when it returns nil.
    func delegateSecondarySpec(primary: ControllerID) -> ControllerSpec? {
        switch policy.separateSecondary {
        case .notImplemented, .returnsNil: return nil
        case .fresh(let spec): return Self.validate(spec, depth: 0) == nil ? spec : nil
        case .keepWhenNestedTopNamed(let names, let otherwise):
            if state.kind(of: primary) == .navigation, let top = state.top(of: primary),
               state.kind(of: top) == .navigation, let nestedTop = state.top(of: top),
               names.contains(state.name(of: nestedTop)) {
                return nil
            }
            return Self.validate(otherwise, depth: 0) == nil ? otherwise : nil
        }
    }
}
