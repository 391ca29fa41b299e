/// Why an event cannot follow a state: the precondition of ``NavigationState/evolve(_:)`` it breaks.
///
/// `decide` never emits such an event; a forged or damaged log, an import or a capture can. `evolve`
/// leaves the state as it was for the events whose partial application could break the containment
/// links; ``NavigationState/admit(_:)`` names the rule for a caller that must refuse the event.
public struct EventRefusal: Hashable, Sendable, CustomStringConvertible {
    /// The kind of event refused.
    public var event: EventKind
    /// The rule it breaks, as a clause: `the primary #0 is not a child of the split`.
    public var rule: String

    /// Creates a refusal of an event of `event`'s kind.
    public init(_ event: EventKind, _ rule: String) {
        self.event = event
        self.rule = rule
    }

    /// `collapsed: …`.
    public var description: String { "\(event.name): \(rule)" }
}

extension NavigationState {
    /// Whether `event` fits this state: `nil` when it does, else the precondition it breaks.
    ///
    /// The preconditions are the ones `evolve` relies on to keep the state one a checkpoint can
    /// hold (the structural invariants, the split's columns, the containment links, every name
    /// interned): the identities an event names exist and have the kind and place it assumes, and
    /// a collapse, a separate or a column change is one this split's style makes. An event that
    /// fits never breaks ``structuralInvariantsHold`` (checked builds assert it after each one).
    /// - Complexity: O(1) for most events; O(list) for stack assignments.
    public func refusal(of event: NavigationEvent) -> EventRefusal? {
        let refusal = rule(for: event)
        return refusal.map { EventRefusal(event.kind, $0) }
    }

    /// Applies `event` if it fits this state, then checks the structural invariants; returns why it
    /// was refused, or `nil`. The boundary form of ``evolve(_:)``, in every build, for a caller that
    /// must refuse what does not fit instead of folding it. A refused event may have been
    /// applied (when only the invariants after it fail): the caller gives the state up.
    /// - Complexity: that of ``refusal(of:)`` plus one ``evolve(_:)``.
    public mutating func admit(_ event: NavigationEvent) -> EventRefusal? {
        if let refusal = refusal(of: event) { return refusal }
        apply(event)
        guard structuralInvariantsHold else {
            return EventRefusal(event.kind, "it breaks the split's structure (INV-2, INV-3: the split's children hang from it)")
        }
        return nil
    }

    /// Why this state is not one a checkpoint can hold, or `nil`: the structural invariants, the
    /// split's columns, the containment links and every name reference, as the state decoder
    /// checks them. What an import checks after each command.
    /// - Complexity: O(controllers + total stack length).
    public func holdingProblem() -> String? {
        if !structuralInvariantsHold { return "the split's structure is broken (INV-2, INV-3)" }
        if let problem = columnProblem() { return problem }
        if let problem = containmentProblem() { return problem }
        for id in allControllerIDs {
            guard let record = record(id) else { continue }
            for name in [record.name] + [record.restorationID, record.item].compactMap({ $0 }) where !isInterned(name) {
                return "\(id) names \(name.rawValue), which was never interned"
            }
        }
        return nil
    }

    /// Whether `name` is in the name table.
    @inlinable @inline(__always)
    func isInterned(_ name: NameID) -> Bool { Int(name.rawValue) < names.count }

    /// Whether `id` is the identity a creation may take now: the next app ID, or a minted slot that
    /// is new or released (``create(_:_:)``).
    func isCreatable(_ id: ControllerID) -> Bool {
        guard id.isMinted else { return id.index == appControllerCount }
        return id.index == mintedControllerCount || record(id)?.isReleased == true
    }

    /// Whether `id` may become one of the split's children: a known controller that is not a split
    /// view controller (INV-5) and that no container holds.
    private func installProblem(_ id: ControllerID) -> String? {
        guard contains(id) else { return "\(id) is not a known controller" }
        if kind(of: id) == .split { return "\(id) is a split view controller (INV-5)" }
        if parent(of: id) != .none { return "\(id) is held elsewhere (\(parent(of: id)))" }
        return nil
    }

    /// Whether a supplementary or secondary column is stacked in the primary's stack (CO-11).
    var hasStackedColumn: Bool {
        guard let primary else { return false }
        if let supplementary, parent(of: supplementary) == .navigation(primary) { return true }
        if let secondary, parent(of: secondary) == .navigation(primary) { return true }
        return false
    }

    /// Whether `id` may be presented: a known controller no container holds.
    private func presentRule(_ id: ControllerID) -> String? {
        guard let parent = knownParent(of: id), contains(id) else { return "\(id) is not a known controller" }
        return parent == .none ? nil : "\(id) is held elsewhere (\(parent))"
    }

    /// The rule `event` breaks in this state, if one (see ``refusal(of:)``).
    private func rule(for event: NavigationEvent) -> String? {
        switch event {
        case .nameInterned(let string):
            if let id = names.id(of: string) { return "the string is interned already (name \(id.rawValue))" }
            return internLimitProblem(string)
        case .controllerCreated(let id, _, let name, let restorationID):
            if !isInterned(name) { return "name \(name.rawValue) was never interned" }
            if let restorationID, !isInterned(restorationID) { return "restoration name \(restorationID.rawValue) was never interned" }
            if !isCreatable(id) { return "\(id) is not the next free identity" }
            return creationLimitProblem(id)
        case .stackInitialized(let navigation, let list), .stackSet(let list, let navigation, _):
            return stackRule(list, of: navigation)
        case .pushed(let controller, let navigation):
            return pushRule(controller, onto: navigation)
        case .popped(let navigation, _):
            if kind(of: navigation) != .navigation { return "\(navigation) is not a navigation controller" }
        case .poppedToRoot(let navigation):
            if kind(of: navigation) != .navigation { return "\(navigation) is not a navigation controller" }
        case .poppedTo(let controller, let navigation):
            if kind(of: navigation) != .navigation { return "\(navigation) is not a navigation controller" }
            if parent(of: controller) != .navigation(navigation) { return "\(controller) is not in the stack of \(navigation)" }
        case .shown(let target, _, let resolution):
            return showRule(target, resolution)
        case .detailShown(let target, _, let resolution):
            if let target { return showRule(target, resolution) }
        case .presented(let controller):
            if presented != nil { return "a controller is presented already" }
            return presentRule(controller)
        case .dismissed(let controller):
            if presented != controller { return "\(controller) is not the presented controller" }
        case .splitViewControllersSet(let newPrimary, let newSecondary):
            return splitChildrenRule(newPrimary, newSecondary)
        case .collapsed(let resolution):
            return collapseRule(resolution)
        case .separated(let resolution):
            return separateRule(resolution)
        case .columnSet(let controller, let column, let resolution):
            return columnRule(controller, column, resolution)
        case .columnStacked(let column):
            return stackColumnRule(column)
        case .columnUnstacked:
            break  // one not on top stays where it is
        case .flagSet(let name, _):
            if !isInterned(name) { return "name \(name.rawValue) was never interned" }
        case .itemRepresented(let id, let item):
            if !contains(id) { return "\(id) is not a known controller" }
            if let item, !isInterned(item) { return "name \(item.rawValue) was never interned" }
        case .detailMarked(let id):
            if !contains(id) { return "\(id) is not a known controller" }
        case .controllerReleased(let id):
            if !isReleasable(id) { return "\(id) is not a minted controller that nothing holds (EX-3)" }
        case .launched, .traitsChanged, .propertySet, .preferredDisplayModeSet, .displayModeChanged, .columnShown, .columnHidden,
            .preferredSplitBehaviorSet, .splitBehaviorChanged, .delegateNotified, .policyChanged, .rejected, .ignored, .diverged:
            break
        case .resynced:
            break  // each part is admitted as it applies (NavigationState.applyResync)
        }
        return nil
    }

    private func pushRule(_ controller: ControllerID, onto navigation: ControllerID) -> String? {
        if kind(of: navigation) != .navigation { return "\(navigation) is not a navigation controller" }
        if controller == navigation { return "\(controller) cannot be pushed onto itself" }
        guard let parent = knownParent(of: controller) else { return "\(controller) is not a known controller" }
        if parent != .none { return "\(controller) is held elsewhere (\(parent))" }
        return nil
    }

    private func stackRule(_ list: [ControllerID], of navigation: ControllerID) -> String? {
        if kind(of: navigation) != .navigation { return "\(navigation) is not a navigation controller" }
        if list.isEmpty { return "a stack cannot be empty (NV-2)" }
        if !Self.isDuplicateFree(list) { return "the stack names a controller twice" }
        var stolen = false
        for id in list {
            guard id != navigation else { return "\(navigation) cannot be in its own stack" }
            guard let parent = knownParent(of: id), contains(id) else { return "\(id) is not a known controller" }
            switch parent {
            case .none: continue
            case .navigation(let owner): if owner != navigation { stolen = true }
            case .split, .presented: return "\(id) is held elsewhere (\(parent))"
            }
        }
        if stolen, list.contains(where: { isInSubtree(navigation, of: $0) }) {
            return "the stack holds an ancestor of \(navigation)"
        }
        return nil
    }

    private func showRule(_ target: ControllerID, _ resolution: ShowResolution) -> String? {
        guard let targetParent = knownParent(of: target), contains(target) else { return "\(target) is not a known controller" }
        switch resolution {
        case .pushed(let navigation):
            return pushRule(target, onto: navigation)
        case .installedAsPrimary:
            if isCollapsed, primary != nil { return "a collapsed split does not install a primary" }
            return installProblem(target)
        case .installedAsSecondary:
            if isCollapsed, !style.isColumnStyle { return "a collapsed classic split has no secondary (INV-2)" }
            if let problem = installProblem(target) { return problem }
            if style.isColumnStyle, target == primary || target == supplementary || target == compactColumn {
                return "\(target) fills another column"
            }
        case .presentedModally:
            if presented != nil { return "a controller is presented already" }
            return presentRule(target)
        case .replacedStack(let navigation):
            guard style == .manual, kind(of: navigation) == .navigation, kind(of: target) != .navigation,
                targetParent == .none || targetParent == .navigation(navigation)
            else { return "only a manual container replaces a stack with a content controller" }
        case .handledByDelegate, .unchanged:
            break
        }
        return nil
    }

    func splitChildrenRule(_ newPrimary: ControllerID, _ newSecondary: ControllerID?) -> String? {
        if style.isColumnStyle { return "a column-style split sets its columns one by one (ST-3)" }
        if newPrimary == newSecondary { return "the primary and the secondary are the same controller" }
        if let problem = splitChildProblem(newPrimary) { return problem }
        if let newSecondary, let problem = splitChildProblem(newSecondary) { return problem }
        return nil
    }

    /// Whether `id` may be one of the children a `setViewControllers` gives the split.
    private func splitChildProblem(_ id: ControllerID) -> String? {
        guard contains(id) else { return "\(id) is not a known controller" }
        if kind(of: id) == .split { return "\(id) is a split view controller (INV-5)" }
        let current = id == primary || id == secondary || id == rememberedSecondary
        if !current, parent(of: id) != .none { return "\(id) is held elsewhere (\(parent(of: id)))" }
        return nil
    }

    // Inlined into its step, as separateRule, which asks it through `NavigationState.admits`.
    @inline(__always)
    func collapseRule(_ resolution: CollapseResolution) -> String? {
        let newPrimary = resolution.newPrimary
        guard !isCollapsed else { return nil }  // changes nothing (decide may ask twice)
        // The new primary's record is looked up once and read in place.
        guard let record = controllers.slot(newPrimary), !record.pointee.isReleased else { return "\(newPrimary) is not a known controller" }
        if style.isColumnStyle {
            switch resolution.outcome {
            case .columnsStacked where newPrimary == primary, .compactColumn where newPrimary == compactColumn: return nil
            default: return "a column-style split collapses onto its primary or its compact column (CO-10, CO-11)"
            }
        }
        guard style == .unspecified else { return "a \(style.name) split does not collapse" }
        if resolution.outcome == .columnsStacked || resolution.outcome == .compactColumn {
            return "\(resolution.outcome) is a column-style outcome"
        }
        let parent = record.pointee.parent
        if parent != .split && parent != .none {
            return "the new primary \(newPrimary) is held elsewhere (CO-7)"
        }
        if record.pointee.kind == .split { return "\(newPrimary) is a split view controller (INV-5)" }
        return nil
    }

    @inline(__always)
    func separateRule(_ resolution: SeparateResolution) -> String? {
        let newPrimary = resolution.newPrimary
        guard isCollapsed else { return nil }  // changes nothing (an expand of a split that never collapsed)
        // Each controller's record is looked up once and read in place.
        guard let record = controllers.slot(newPrimary), !record.pointee.isReleased else { return "\(newPrimary) is not a known controller" }
        if style.isColumnStyle {
            guard resolution.source == .columnsRestored else { return "a column-style split separates by restoring its columns (EX-4)" }
            return hasStackedColumn ? "a column is still stacked on the primary (EX-4)" : nil
        }
        if resolution.source == .columnsRestored { return "columnsRestored is a column-style source" }
        let parent = record.pointee.parent
        if newPrimary == primary ? parent != .split : parent != .none {
            return "the new primary \(newPrimary) is held elsewhere (EX-1.1)"
        }
        if record.pointee.kind == .split { return "\(newPrimary) is a split view controller (INV-5)" }
        guard let newSecondary = resolution.secondary, newSecondary != newPrimary,
            let secondaryRecord = controllers.slot(newSecondary), !secondaryRecord.pointee.isReleased
        else { return nil }
        if secondaryRecord.pointee.kind == .split { return "\(newSecondary) is a split view controller (INV-5)" }
        if resolution.source == .poppedFromPrimary {
            // EX-2 pops the top, never the root (NV-2).
            guard record.pointee.stackCount > 1, controllers.stack(of: record).last == newSecondary else {
                return "\(newSecondary) is not above the root of \(newPrimary)'s stack (EX-2, NV-2)"
            }
            return nil
        }
        let replacedPrimary = newSecondary == primary && newPrimary != primary
        if !replacedPrimary, secondaryRecord.pointee.parent != .none { return "the secondary \(newSecondary) is held elsewhere (EX-1.2)" }
        return nil
    }

    func columnRule(_ controller: ControllerID?, _ column: Column, _ resolution: ColumnResolution) -> String? {
        guard style.isColumnStyle else { return "a \(style.name) split has no columns (ST-3)" }
        if column == .supplementary, style != .tripleColumn { return "a double-column split has no supplementary column" }
        let current = self.controller(for: column)
        switch resolution {
        case .cleared:
            guard controller == nil, current != nil else { return "the \(column) column is empty already" }
            if column == .primary, hasStackedColumn { return "a column is stacked on the primary" }
            return nil
        case .pushed(let navigation):
            guard column == .secondary, navigation == current, let controller else { return "only the secondary column's controller takes a push" }
            return pushRule(controller, onto: navigation)
        case .installed:
            guard let controller else { return "no controller to install" }
            if let problem = installProblem(controller) { return problem }
        case .wrapped(let wrapper):
            guard let controller, kind(of: wrapper) == .navigation, stack(of: wrapper) == [controller], parent(of: wrapper) == .none
            else { return "the wrapper is not a free navigation controller holding only the column's controller" }
        }
        let new: ControllerID? = if case .wrapped(let wrapper) = resolution { wrapper } else { controller }
        if let new, new == primary || new == supplementary || new == secondary || new == compactColumn {
            return "\(new) fills a column already"
        }
        if column == .primary, hasStackedColumn { return "a column is stacked on the primary" }
        return nil
    }

    func stackColumnRule(_ column: Column) -> String? {
        // A column that cannot be stacked stays where it is (decide asks for every column).
        guard style.isColumnStyle, isCollapsed, column == .supplementary || column == .secondary,
            let primary, kind(of: primary) == .navigation, stackCount(of: primary) > 0,
            let navigation = controller(for: column), navigation != primary, parent(of: navigation) == .split
        else { return nil }
        if column == .supplementary, let secondary, parent(of: secondary) == .navigation(primary) {
            return "the supplementary column stacks below the secondary (CO-11)"
        }
        return nil
    }
}
