/// Column-style splits (iOS 14+, ST-3, DM-3/4/6/10, BTN-7/8, SH-15/16, CO-10..13, EX-4).
extension Decision {
    // MARK: resolution

    /// The actual split behaviour for `preferred` in `traits` (DM-6, inferred: tile when wide enough
    /// for side by side, overlay otherwise).
    static func resolveBehavior(_ preferred: SplitBehavior, traits: Traits) -> SplitBehavior {
        preferred != .automatic ? preferred : (traits.isWideEnoughForSideBySide ? .tile : .overlay)
    }

    /// `mode` interpreted to match `behavior` (DM-3: the documented rows and the inferred ones).
    static func interpret(_ mode: DisplayMode, behavior: SplitBehavior) -> DisplayMode {
        switch mode {
        case .automatic, .secondaryOnly: return mode
        case .oneBesideSecondary, .oneOverSecondary: return behavior == .overlay ? .oneOverSecondary : .oneBesideSecondary
        case .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary:
            switch behavior {
            case .overlay: return .twoOverSecondary
            case .displace: return .twoDisplaceSecondary
            case .tile, .automatic: return .twoBesideSecondary
            }
        }
    }

    /// The display mode a column-style split resolves to (DM-3, DM-6): automatic shows one column
    /// beside the secondary when tiling or displacing in a wide environment, the secondary only
    /// otherwise (inferred).
    static func resolveColumnMode(_ preferred: DisplayMode, behavior: SplitBehavior, traits: Traits) -> DisplayMode {
        if preferred == .automatic {
            return traits.isWideEnoughForSideBySide && behavior != .overlay ? .oneBesideSecondary : .secondaryOnly
        }
        return interpret(preferred, behavior: behavior)
    }

    /// Whether `mode` exists for this style (DM-10: the two-column modes are triple only).
    func isValid(_ mode: DisplayMode) -> Bool {
        switch state.style {
        case .tripleColumn: return true
        case .doubleColumn: return mode.rawValue <= DisplayMode.oneOverSecondary.rawValue
        case .unspecified, .legacy, .manual: return mode.isClassic
        }
    }

    mutating func resolveColumnLayout(cause: DisplayModeCause, proposed: DisplayMode? = nil) {
        let behavior = Self.resolveBehavior(state.preferredSplitBehavior, traits: state.traits)
        if behavior != state.splitBehavior { emit(.splitBehaviorChanged(behavior)) }
        let mode = proposed ?? Self.resolveColumnMode(state.preferredDisplayMode, behavior: behavior, traits: state.traits)
        if mode != state.displayMode { emit(.displayModeChanged(mode, cause: cause)) }
    }

    mutating func setPreferredSplitBehavior(_ behavior: SplitBehavior) {
        guard state.style.isColumnStyle else { return ignore(.notForThisStyle) }
        emit(.preferredSplitBehaviorSet(behavior))
        if state.isLaunched && !state.isCollapsed && !defersLayout { resolveColumnLayout(cause: .preference) }
    }

    // MARK: columns

    func controller(for column: Column) -> ControllerID? {
        switch column {
        case .primary: return state.primary
        case .supplementary: return state.supplementary
        case .secondary: return state.secondary
        case .compact: return state.compactColumn
        }
    }

    /// The columns whose navigation controllers are stacked on the primary's, bottom to top.
    func stackedColumns() -> [Column] {
        guard state.isCollapsed, let primary = state.primary else { return [] }
        return state.stack(of: primary).compactMap { id in
            [Column.supplementary, .secondary].first { controller(for: $0) == id }
        }
    }

    /// The column on top of the collapsed stack, or `nil` when a plain controller covers the columns.
    func topColumn() -> Column? {
        guard let primary = state.primary, let top = state.top(of: primary) else { return .primary }
        if let column = [Column.supplementary, .secondary].first(where: { controller(for: $0) == top }) { return column }
        return stackedColumns().isEmpty ? .primary : nil
    }

    /// Pops plain controllers pushed above the topmost stacked column (model choice, uncertain #7).
    mutating func popAboveTopColumn() {
        guard let primary = state.primary, let last = stackedColumns().last, let nav = controller(for: last),
            state.top(of: primary) != nav
        else { return }
        emit(.poppedTo(nav, navigation: primary))
    }

    /// Returns every stacked column above `column` (all of them for `nil`) to its column, popping
    /// plain controllers pushed above each first (they leave the hierarchy, model choice #7), so that
    /// `column`, if given, ends on top.
    mutating func unstack(downTo column: Column?) {
        guard let primary = state.primary else { return }
        for stacked in stackedColumns().reversed() {
            guard let navigation = controller(for: stacked) else { continue }
            if state.top(of: primary) != navigation { emit(.poppedTo(navigation, navigation: primary)) }
            if stacked == column { return }
            emit(.columnUnstacked(stacked))
        }
    }

    mutating func setViewController(_ controller: ControllerID?, for column: Column) {
        guard state.style.isColumnStyle else { return ignore(.notForThisStyle) }
        if column == .supplementary && state.style == .doubleColumn { return reject(.supplementaryOnDoubleColumn) }
        let current = self.controller(for: column)
        guard let controller else {
            guard current != nil else { return ignore(.columnUnchanged) }
            if state.isCollapsed, column != .compact { unstack(downTo: column == .primary ? nil : column) }
            if state.isCollapsed, stackedColumns().contains(column) { emit(.columnUnstacked(column)) }
            return emit(.columnSet(nil, column: column, resolution: .cleared))
        }
        guard state.contains(controller) else { return reject(.unknownController, controller) }
        if state.kind(of: controller) == .split { return reject(.splitViewController, controller) }
        // ST-3: "UITabBarController is unsupported as viewController for -[UISplitViewController
        // setViewController:forColumn:]" in the primary and supplementary columns (UIKit raises).
        if state.kind(of: controller) == .tabBar, column == .primary || column == .supplementary {
            return reject(.tabBarController, controller)
        }
        if controller == current { return ignore(.columnUnchanged, controller) }
        // SH-15: a plain controller for the secondary is pushed onto its navigation controller (a tab
        // bar controller cannot be pushed: it is wrapped, as any other new secondary).
        if column == .secondary, let current, state.kind(of: current) == .navigation, state.kind(of: controller) == .content {
            if let reason = pushRejection(controller, onto: current) { return reject(reason, controller) }
            return emit(.columnSet(controller, column: column, resolution: .pushed(onto: current)))
        }
        guard state.parent(of: controller) == .none else { return reject(.hasOtherParent, controller) }
        // The wrapper below must fit the state's caps (NavigationState.Limits).
        if column != .compact, state.kind(of: controller) != .navigation,
            state.creationLimitProblem(ControllerID(minted: state.mintedControllerCount)) != nil
                || state.internLimitProblem(state.name(of: controller) + "Nav") != nil
        {
            return reject(.invalidValue, controller)
        }
        if state.isCollapsed, column != .compact {
            unstack(downTo: column == .primary ? nil : column)
            if stackedColumns().contains(column) { emit(.columnUnstacked(column)) }
        }
        if column == .compact || state.kind(of: controller) == .navigation {
            return emit(.columnSet(controller, column: column, resolution: .installed))
        }
        // ST-3: any other controller is wrapped in a navigation controller.
        var next = state.mintedControllerCount
        let wrapper = ControllerID(minted: next)
        next += 1
        let name = intern(state.name(of: controller) + "Nav")
        emit(.controllerCreated(wrapper, kind: .navigation, name: name, restorationID: nil))
        emit(.stackInitialized(wrapper, [controller]))
        emit(.columnSet(controller, column: column, resolution: .wrapped(in: wrapper)))
    }

    // MARK: show / hide a column (BTN-8)

    /// The columns on screen in an expanded column-style split (DM-4).
    static func visibleColumns(_ mode: DisplayMode, style: SplitStyle) -> Set<Column> {
        switch (mode, style) {
        case (.secondaryOnly, _), (.automatic, _): return [.secondary]
        case (.oneBesideSecondary, .tripleColumn), (.oneOverSecondary, .tripleColumn): return [.supplementary, .secondary]
        case (.oneBesideSecondary, _), (.oneOverSecondary, _): return [.primary, .secondary]
        default: return [.primary, .supplementary, .secondary]
        }
    }

    mutating func showColumn(_ column: Column) {
        guard state.style.isColumnStyle else { return ignore(.notForThisStyle) }
        guard column != .compact else { return reject(.compactColumn) }
        guard state.isLaunched else { return ignore(.notLaunched) }
        if column == .supplementary && state.style == .doubleColumn { return ignore(.columnIgnored) }
        if state.isCollapsed {
            guard state.compactColumn == nil, controller(for: column) != nil else { return ignore(.columnIgnored) }
            let stacked = stackedColumns()
            if topColumn() == column { return ignore(.columnUnchanged) }
            emit(.columnShown(column))
            if column == .primary || stacked.contains(column) {
                unstack(downTo: column == .primary ? nil : column)  // pop the covering columns
            } else {
                popAboveTopColumn()
                // Push the column and any intervening columns.
                for candidate in [Column.supplementary, .secondary] where controller(for: candidate) != nil {
                    if !stacked.contains(candidate) { emit(.columnStacked(candidate)) }
                    if candidate == column { break }
                }
            }
            return
        }
        let visible = Self.visibleColumns(state.displayMode, style: state.style)
        if column == .secondary {
            // DOC:show(_:): the documented exception to "ignored for the secondary".
            guard state.displayMode == .twoDisplaceSecondary else { return ignore(.columnIgnored) }
            emit(.columnShown(column))
            return emit(.displayModeChanged(.oneBesideSecondary, cause: .showColumn))
        }
        guard !visible.contains(column) else { return ignore(.columnUnchanged) }
        let target: DisplayMode = column == .primary && state.style == .tripleColumn ? .twoBesideSecondary : .oneBesideSecondary
        emit(.columnShown(column))
        emit(.displayModeChanged(Self.interpret(target, behavior: state.splitBehavior), cause: .showColumn))
    }

    mutating func hideColumn(_ column: Column) {
        guard state.style.isColumnStyle else { return ignore(.notForThisStyle) }
        guard column != .compact else { return reject(.compactColumn) }
        guard state.isLaunched else { return ignore(.notLaunched) }
        if state.isCollapsed {
            // "Always ignored for the Primary column, or if the requested column is not on top."
            guard state.compactColumn == nil, column != .primary, topColumn() == column else { return ignore(.columnIgnored) }
            emit(.columnHidden(column))
            return emit(.columnUnstacked(column))
        }
        guard column != .secondary else { return ignore(.columnIgnored) }
        guard Self.visibleColumns(state.displayMode, style: state.style).contains(column) else { return ignore(.columnUnchanged) }
        let target: DisplayMode =
            column == .primary && state.style == .tripleColumn
            ? Self.interpret(.oneBesideSecondary, behavior: state.splitBehavior) : .secondaryOnly
        emit(.columnHidden(column))
        emit(.displayModeChanged(target, cause: .hideColumn))
    }

    // MARK: buttons (BTN-6, BTN-7)

    /// The column-style button's target in the current mode, or `nil` when no button shows (BTN-7).
    mutating func columnButtonTarget() -> DisplayMode? {
        let answer = ask(access: .readOnly) { $0.targetDisplayModeForAction(in: $1) }
        if answer != .automatic, isValid(answer) { return answer }
        let triple = state.style == .tripleColumn
        switch (state.splitBehavior, state.displayMode) {
        case (.overlay, .secondaryOnly): return .oneOverSecondary
        case (.overlay, .oneOverSecondary): return triple ? .twoOverSecondary : .secondaryOnly
        case (.overlay, _): return nil
        case (.displace, .oneBesideSecondary) where triple: return .twoDisplaceSecondary
        case (.displace, _) where triple: return nil
        case (_, .secondaryOnly): return triple ? nil : .oneBesideSecondary
        case (_, .oneBesideSecondary): return triple ? .twoBesideSecondary : .secondaryOnly
        case (_, .twoBesideSecondary): return .oneBesideSecondary
        default: return nil
        }
    }

    mutating func columnButtonAction(cause: DisplayModeCause) {
        guard state.displayModeButtonVisibility != .never || cause == .gesture else { return ignore(.noButton) }
        guard state.presentsWithGesture || (cause == .button && state.displayModeButtonVisibility == .always) else {
            return ignore(.gestureDisabled)
        }
        guard !state.isCollapsed else { return ignore(.collapsed) }
        guard let target = columnButtonTarget(), target != state.displayMode else { return ignore(.noButton) }
        emit(.displayModeChanged(target, cause: cause))
    }

    mutating func tapSecondaryOnlyButton() {
        guard state.style == .tripleColumn, state.showsSecondaryOnlyButton else { return ignore(.noButton) }
        guard state.isLaunched else { return ignore(.notLaunched) }
        guard !state.isCollapsed else { return ignore(.collapsed) }
        if state.displayMode != .secondaryOnly {
            return emit(.displayModeChanged(.secondaryOnly, cause: .secondaryOnlyButton))
        }
        var back = Self.resolveColumnMode(state.preferredDisplayMode, behavior: state.splitBehavior, traits: state.traits)
        if back == .secondaryOnly { back = Self.interpret(.twoBesideSecondary, behavior: state.splitBehavior) }
        emit(.displayModeChanged(back, cause: .secondaryOnlyButton))
    }

    mutating func columnDimmedTap() {
        let overlaid: Set<DisplayMode> = [.oneOverSecondary, .twoOverSecondary, .twoDisplaceSecondary]
        guard state.isLaunched, !state.isCollapsed, overlaid.contains(state.displayMode) else { return ignore(.notOverlaid) }
        emit(.displayModeChanged(.secondaryOnly, cause: .dimmedTap))  // BTN-7 (inferred beyond oneOver)
    }

    // MARK: collapse and expand

    /// CO-10..CO-12: the compact column, or the columns stacked up to the top column.
    mutating func collapseColumns(atLaunch: Bool) {
        guard let primary = state.primary else { return }
        if let compact = state.compactColumn {
            // The delegate is asked with `.compact` proposed (apps such as Mastodon move their column
            // stacks into the compact one there); the compact column is shown whatever it answers
            // (CO-10: "instead of stacking"; the spec is silent on other answers, docs/Semantics.md).
            _ = ask(access: .locked) { $0.splitViewController($1, topColumnForCollapsingToProposedTopColumn: .compact) }
            return emit(.collapsed(CollapseResolution(newPrimary: compact, outcome: .compactColumn, atLaunch: atLaunch)))
        }
        var top = Column.secondary  // the observed default proposal (KR)
        let proposal = top
        let answer = ask(access: .locked) { $0.splitViewController($1, topColumnForCollapsingToProposedTopColumn: proposal) }
        if answer != .compact { top = answer }
        emit(.collapsed(CollapseResolution(newPrimary: primary, outcome: .columnsStacked, atLaunch: atLaunch)))
        guard top != .primary else { return }
        for column in [Column.supplementary, .secondary] where controller(for: column) != nil {
            emit(.columnStacked(column))
            if column == top { break }
        }
    }

    /// EX-4: the stacked columns return, then the delegate may change the proposed display mode.
    mutating func expandColumns() {
        guard let primary = state.primary else { return }
        unstack(downTo: nil)
        emit(.separated(SeparateResolution(newPrimary: primary, secondary: state.secondary, source: .columnsRestored)))
        let behavior = Self.resolveBehavior(state.preferredSplitBehavior, traits: state.traits)
        var mode = Self.resolveColumnMode(state.preferredDisplayMode, behavior: behavior, traits: state.traits)
        let proposed = mode
        let answer = ask(access: .locked) { $0.splitViewController($1, displayModeForExpandingToProposedDisplayMode: proposed) }
        if answer != .automatic, isValid(answer) {
            mode = Self.interpret(answer, behavior: behavior)
        }
        resolveColumnLayout(cause: .expand, proposed: mode)
    }

    // MARK: showDetail (SH-16)

    mutating func columnShowDetail(_ target: ControllerID, sender: ControllerID) {
        // The delegate's `showDetail` is not asked: it "only applies to classic split view
        // interfaces" (§0), and UIKit's column-style path goes straight to the secondary column.
        guard let secondary = state.secondary else { return emit(.detailShown(target, sender: sender, resolution: .unchanged)) }
        if target == secondary { return emit(.detailShown(target, sender: sender, resolution: .unchanged)) }
        if state.isCollapsed, state.compactColumn == nil, !stackedColumns().contains(.secondary) {
            popAboveTopColumn()
            for column in [Column.supplementary, .secondary] where controller(for: column) != nil && !stackedColumns().contains(column) {
                emit(.columnStacked(column))
            }
        }
        if state.kind(of: target) == .navigation || state.kind(of: secondary) != .navigation {
            // A navigation controller replaces the secondary column (SH-15's workaround).
            if let reason = installRejection(target) { return reject(reason, target) }
            if state.isCollapsed, stackedColumns().contains(.secondary) {
                unstack(downTo: .secondary)
                emit(.columnUnstacked(.secondary))
            }
            emit(.detailShown(target, sender: sender, resolution: .installedAsSecondary))
            if state.isCollapsed, state.compactColumn == nil { emit(.columnStacked(.secondary)) }
            return
        }
        if let reason = pushRejection(target, onto: secondary) { return reject(reason, target) }
        emit(.detailShown(target, sender: sender, resolution: .pushed(onto: secondary)))
    }
}
