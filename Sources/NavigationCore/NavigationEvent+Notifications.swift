extension NavigationEvent {
    /// The notifications UIKit sends the split's delegate for this event, which took the state from
    /// `before` to `after`: `willChangeTo` for a display-mode change (DM-2, sent before it; listed
    /// when `after` is `before`; not on the legacy split, which predates it), `didCollapse` and `didExpand`, the column-style `willShow` and
    /// `willHide` for each column whose visibility changes (BTN-8, CO-13, EX-4), and the legacy
    /// popover calls (LG-5). The one description of when UIKit notifies, for `decide` (which calls a
    /// Swift delegate) and for projections.
    public func notifications(before: NavigationState, after: NavigationState) -> [SplitNotification] {
        var result: [SplitNotification] = []
        switch self {
        // The legacy split (iOS 3.2–7) has no display modes to announce: `willChangeTo` is iOS 8's
        // (its modes are LG-8's mapping for projections; the app hears willHide/willShow, LG-5).
        case .displayModeChanged(let mode, _) where mode != before.displayMode && before.style != .legacy:
            result.append(.willChangeDisplayMode(mode))
        case .collapsed where !before.isCollapsed && after.isCollapsed:
            result.append(.didCollapse)
        case .separated where before.isCollapsed && !after.isCollapsed:
            result.append(.didExpand)
        case .delegateNotified(let notification):
            switch notification {
            case .legacyWillHideMaster: result.append(.legacyWillHideMaster)
            case .legacyWillShowMaster: result.append(.legacyWillShowMaster)
            case .legacyPopoverWillPresent: result.append(.legacyPopoverWillPresent)
            }
        default:
            break
        }
        guard before.style.isColumnStyle else { return result }
        let shown = before.visibleColumns, now = after.visibleColumns
        for column in [Column.primary, .supplementary, .secondary] {
            if now.contains(column) && !shown.contains(column) { result.append(.willShowColumn(column)) }
            if shown.contains(column) && !now.contains(column) { result.append(.willHideColumn(column)) }
        }
        return result
    }
}

extension NavigationState {
    /// The columns of a column-style split on screen: by display mode when expanded; when
    /// collapsed, the column on top of the one stack (CO-11) or none for the compact column.
    public var visibleColumns: Set<Column> {
        guard isLaunched, style.isColumnStyle else { return [] }
        guard isCollapsed else { return Decision.visibleColumns(displayMode, style: style) }
        guard compactColumn == nil, let primary else { return [] }
        let top = self.top(of: primary)
        if let top, top == secondary { return [.secondary] }
        if let top, top == supplementary { return [.supplementary] }
        return [.primary]
    }
}

extension NavigationEvent {
    /// The navigation controller whose top this event changed, and its new top, when that
    /// navigation controller is on screen afterwards: when UIKit calls its delegate's
    /// `navigationController(_:didShow:animated:)`. Not one of the split's notifications (a
    /// different delegate hears it), so projections do not list it.
    public func navigationShow(before: NavigationState, after: NavigationState) -> (shown: ControllerID, navigation: ControllerID)? {
        let navigation: ControllerID
        switch self {
        case .pushed(_, let onto), .shown(_, _, .pushed(let onto)), .detailShown(_, _, .pushed(let onto)),
            .columnSet(_, _, .pushed(let onto)):
            navigation = onto
        case .popped(let nav, _), .poppedToRoot(let nav), .poppedTo(_, let nav), .stackSet(_, let nav, _),
            .detailShown(_, _, .replacedStack(let nav)), .shown(_, _, .replacedStack(let nav)):
            navigation = nav
        default:
            return nil
        }
        guard let top = after.top(of: navigation), top != before.top(of: navigation), after.isInHierarchy(navigation) else { return nil }
        return (top, navigation)
    }
}
