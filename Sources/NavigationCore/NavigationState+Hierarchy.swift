extension NavigationState {
    /// Whether `id` is in the split's containment tree or presented: its parent chain ends at the
    /// split or the window. Controllers dropped from the split (a discarded secondary, a popped
    /// detail) are not, even though they still exist and keep their own stacks.
    public func isInHierarchy(_ id: ControllerID) -> Bool {
        var current = id
        for _ in 0..<64 {
            switch parent(of: current) {
            case .split, .presented: return true
            case .none: return false
            case .navigation(let nav): current = nav
            }
        }
        return false
    }

    /// The nearest navigation controller that contains `id` (ST-22): inside a nested `DN` that is
    /// `DN`, not the outer primary.
    public func navigationController(of id: ControllerID) -> ControllerID? {
        if case .navigation(let nav) = parent(of: id) { return nav }
        return nil
    }

    /// The controllers on screen (AP-1, AP-6): containers and content along each visible path.
    ///
    /// Collapsed: the primary and, through navigation tops, down to the visible content. Expanded:
    /// the primary column unless `primaryHidden`, and the secondary column. A presented controller
    /// covers the split (model: full-screen presentation), so only its path is on screen. Nothing is
    /// on screen before launch.
    public var visibleControllers: [ControllerID] {
        var result: [ControllerID] = []
        for root in visibleRoots { appendVisiblePath(from: root, into: &result) }
        return result
    }

    /// The content controller a user sees in each on-screen column (the ends of the visible paths).
    public var visibleContent: [ControllerID] {
        var result: [ControllerID] = []
        visibleContent(into: &result)
        return result
    }

    /// Makes `content` ``visibleContent`` in one walk, keeping its storage, and says whether it
    /// changed: a projection that follows what is on screen after every event allocates nothing
    /// for it and walks the visible paths once.
    @discardableResult
    public func visibleContent(into content: inout [ControllerID]) -> Bool {
        let roots = visibleRootList
        var changed = false
        for position in 0..<roots.count {
            let end = visibleEnd(from: roots[position])
            if position == content.count {
                content.append(end)
                changed = true
            } else if content[position] != end {
                content[position] = end
                changed = true
            }
        }
        if content.count > roots.count {
            content.removeLast(content.count - roots.count)
            changed = true
        }
        return changed
    }

    /// The roots of the on-screen paths, one per visible column or the presented controller.
    public var visibleRoots: [ControllerID] { visibleRootList.array }

    /// ``visibleRoots`` held inline.
    var visibleRootList: InlineControllers {
        var result = InlineControllers()
        guard isLaunched else { return result }
        if let presented {
            result.append(presented)
            return result
        }
        if isCollapsed { return viewControllerList }
        switch style {
        case .manual:
            return viewControllerList
        case .doubleColumn, .tripleColumn:
            let columns = Decision.visibleColumns(displayMode, style: style)
            if let primary, columns.contains(.primary) { result.append(primary) }
            if let supplementary, columns.contains(.supplementary) { result.append(supplementary) }
            if let secondary, columns.contains(.secondary) { result.append(secondary) }
        case .unspecified, .legacy:
            if let primary, displayMode != .secondaryOnly { result.append(primary) }
            if let secondary { result.append(secondary) }
        }
        return result
    }

    /// Whether `navigation` may hold nested navigation controllers (INV-4, ST-13): the primary of a
    /// collapsed split, unless a column-style split shows its compact column instead.
    @inlinable
    public func allowsNesting(in navigation: ControllerID) -> Bool {
        isCollapsed && navigation == primary && !(style.isColumnStyle && compactColumn != nil)
    }

    /// The navigation controller that may hold nested navigation controllers (ST-13's
    /// `primaryAllowsNestedNav`): the navigation primary of a collapsed split, unless a column-style
    /// split shows its compact column. Derived, never stored.
    public var nestingNavigation: ControllerID? {
        guard let primary, kind(of: primary) == .navigation, allowsNesting(in: primary) else { return nil }
        return primary
    }

    /// Follows navigation tops from `id` down to the visible end (AP-6).
    public func visibleEnd(from id: ControllerID) -> ControllerID {
        var current = id
        for _ in 0..<64 {
            guard kind(of: current) == .navigation, let top = top(of: current) else { return current }
            current = top
        }
        return current
    }

    func appendVisiblePath(from id: ControllerID, into result: inout [ControllerID]) {
        var current = id
        for _ in 0..<64 {
            result.append(current)
            guard kind(of: current) == .navigation, let top = top(of: current) else { return }
            current = top
        }
    }

    /// Every navigation controller in the hierarchy, outer before nested, primary before secondary.
    public var navigationControllersInHierarchy: [ControllerID] {
        struct Collect: NavigationControllerVisitor {
            var result: [ControllerID] = []
            @inline(__always) mutating func visit(_ id: ControllerID, in state: NavigationState) -> Bool {
                result.append(id)
                return true
            }
        }
        var collect = Collect()
        walkNavigationControllers(&collect)
        return collect.result
    }

    /// Shows `visitor` each of ``navigationControllersInHierarchy`` in that order, without building
    /// the array, until it returns `false`: the one walk behind that list, ``maximumStackDepth`` and
    /// BUG-8's search, made after every event by a report. A visitor value rather than a closure:
    /// a closure over the state copied it (retaining all its storage) at every call.
    func walkNavigationControllers<Visitor: NavigationControllerVisitor>(_ visitor: inout Visitor) {
        let roots = hierarchyRoots
        for position in 0..<roots.count where !walkNavigationControllers(under: roots[position], depth: 0, &visitor) { return }
    }

    private func walkNavigationControllers<Visitor: NavigationControllerVisitor>(
        under id: ControllerID, depth: Int,
        _ visitor: inout Visitor
    ) -> Bool {
        guard depth < 64, let record = controllers.slot(id), record.pointee.kind == .navigation else { return true }
        guard visitor.visit(id, in: self) else { return false }
        for child in controllers.stack(of: record) where !walkNavigationControllers(under: child, depth: depth + 1, &visitor) {
            return false
        }
        return true
    }

    /// The depth of the deepest navigation stack in the hierarchy.
    public var maximumStackDepth: Int {
        struct Deepest: NavigationControllerVisitor {
            var depth = 0
            @inline(__always) mutating func visit(_ id: ControllerID, in state: NavigationState) -> Bool {
                depth = Swift.max(depth, state.stackCount(of: id))
                return true
            }
        }
        var deepest = Deepest()
        walkNavigationControllers(&deepest)
        return deepest.depth
    }

    /// The bracket notation of `id` (`MN[M, DN[D]]`).
    public func bracketNotation(_ id: ControllerID) -> String {
        var out = ""
        writeBracket(id, into: &out, depth: 0)
        return out
    }

    func writeBracket(_ id: ControllerID, into out: inout String, depth: Int) {
        out += name(of: id)
        guard depth < 64, kind(of: id) == .navigation else { return }
        out += "["
        for (i, child) in stack(of: id).enumerated() {
            if i > 0 { out += ", " }
            writeBracket(child, into: &out, depth: depth + 1)
        }
        out += "]"
    }

    /// The split's hierarchy in bracket notation: its `viewControllers` joined by ` | `, e.g.
    /// `MN[M] | DN[D]` expanded or `MN[M, DN[D]]` collapsed.
    public var hierarchyDescription: String {
        viewControllers.map(bracketNotation).joined(separator: " | ")
    }

    /// Finds the controller named `name` in the hierarchy first, then anywhere (newest first).
    public func controller(named name: String) -> ControllerID? {
        guard let nameID = names.id(of: name) else { return nil }
        var fallback: ControllerID?
        for id in allControllerIDs.reversed() where record(id).map({ $0.name == nameID && !$0.isReleased }) == true {
            if isInHierarchy(id) { return id }
            if fallback == nil { fallback = id }
        }
        return fallback
    }

    /// The "will it push?" oracle of SH-14 (AAPL-AP): whether `sender.showDetail(_:)` would push.
    /// Only a split handles `showDetail`; it pushes iff it is collapsed and its primary's `show`
    /// would push, that is, the primary is a navigation controller. A sender outside the split
    /// (presented, detached, unknown) presents instead.
    public func showDetailWouldPush(sender: ControllerID) -> Bool {
        guard isCollapsed, let primary, showHandler(for: sender, navigationHandles: false) == .split else { return false }
        return kind(of: primary) == .navigation
    }

    /// SH-14 for `sender.show(_:)`: a navigation controller on the way up from the sender pushes; a
    /// split's `show` never does.
    public func showWouldPush(sender: ControllerID) -> Bool {
        guard contains(sender), case .navigation = showHandler(for: sender, navigationHandles: true) else { return false }
        return true
    }
}

/// What the classic `displayModeButtonItem` shows (BTN-4): hidden, or the mode a tap leads to.
public struct DisplayModeButton: Hashable, Sendable {
    /// The display mode a tap (or the gesture) leads to (BTN-2, BTN-3).
    public var target: DisplayMode
    /// `true` for the full-screen (double-arrow) icon: the tap hides the primary (BTN-4).
    public var isFullScreenIcon: Bool { target == .primaryHidden }
}

extension NavigationState {
    /// The display-mode button under `delegate`, or `nil` when it is hidden: before launch, while
    /// collapsed, without gestures (BTN-6), or when a tap would change nothing (BTN-4).
    public func displayModeButton(delegate: any SplitViewDelegate) -> DisplayModeButton? {
        guard isLaunched, !isCollapsed else { return nil }
        var decision = Decision(state: self, delegate: delegate, command: .tapDisplayModeButton)
        let target: DisplayMode?
        switch style {
        case .manual:
            target = nil
        case .legacy:
            // The bar button item exists while the master is hidden or in its popover (LG-5, LG-7).
            target = displayMode == .primaryHidden ? .primaryOverlay : displayMode == .primaryOverlay ? .primaryHidden : nil
        case .doubleColumn, .tripleColumn:
            // BTN-6, BTN-7: `.always` shows it without gestures, `.never` hides it.
            guard displayModeButtonVisibility != .never, presentsWithGesture || displayModeButtonVisibility == .always
            else { return nil }
            target = decision.columnButtonTarget()
        case .unspecified:
            guard presentsWithGesture else { return nil }
            target = decision.buttonTarget()
        }
        guard let target, target != displayMode else { return nil }
        return DisplayModeButton(target: target)
    }
}

/// Up to four controllers held inline: a split's view controllers, the presented one, the visible
/// roots (the walks made after every event build no array).
struct InlineControllers {
    private var ids: (ControllerID, ControllerID, ControllerID, ControllerID)
    /// How many there are (at most four; more are dropped, which no state has).
    private(set) var count = 0

    init() {
        let none = ControllerID(rawValue: 0)
        ids = (none, none, none, none)
    }

    mutating func append(_ id: ControllerID) {
        switch count {
        case 0: ids.0 = id
        case 1: ids.1 = id
        case 2: ids.2 = id
        default: ids.3 = id
        }
        count = Swift.min(count + 1, 4)
    }

    subscript(position: Int) -> ControllerID {
        switch position {
        case 0: ids.0
        case 1: ids.1
        case 2: ids.2
        default: ids.3
        }
    }

    /// The controllers as an array.
    var array: [ControllerID] { (0..<count).map { self[$0] } }
}

extension NavigationState {
    /// Where a walk of the hierarchy starts: ``viewControllers`` then the presented controller.
    var hierarchyRoots: InlineControllers {
        var roots = viewControllerList
        if let presented { roots.append(presented) }
        return roots
    }
}

/// What ``NavigationState/walkNavigationControllers(_:)`` shows each navigation controller to.
protocol NavigationControllerVisitor {
    /// Sees `id`, a navigation controller of `state`'s hierarchy; `false` stops the walk.
    mutating func visit(_ id: ControllerID, in state: NavigationState) -> Bool
}
