extension NavigationState {
    /// Folds one event into the state: the hot reduction loop of replay.
    ///
    /// Total: an event that does not fit the state (an unknown ID, a pop at the root, a creation
    /// that is not the next free ID) changes nothing, so no log, however damaged or forged, can trap
    /// here or make the state grow without bound. Allocation-free in steady state: stacks grow within
    /// their capacity; only creations, name interning and whole-stack assignments allocate.
    /// In checked builds (`NAVTAPE_CHECKED`) the structural invariants are verified afterwards.
    /// - Complexity: O(1) for push, pop and display-mode events; O(stack) for stack-wide ones.
    public mutating func evolve(_ event: NavigationEvent) {
        #if NAVTAPE_CHECKED
        let refusal = refusal(of: event)
        apply(event)
        assert(refusal != nil || structuralInvariantsHold, "structural invariant broken by \(event), which fits the state before it")
        #else
        apply(event)
        #endif
    }

    /// Folds a sequence of events (the same as calling ``evolve(_:)`` for each).
    public mutating func evolve<Events: Sequence>(contentsOf events: Events) where Events.Element == NavigationEvent {
        for event in events { evolve(event) }
    }

    /// Folds `events[range]` (all of them by default): the fast path of replay over decoded events.
    /// The loop borrows each event from the array and inlines the per-event apply; no one else sees
    /// the state meanwhile, so the store is made unique once, not at every step.
    public mutating func evolve(contentsOf events: [NavigationEvent], range: Range<Int>? = nil) {
        withControllersKnownUnique { (state: inout NavigationState) in
            events.withUnsafeBufferPointer { buffer in
                let range = range.map { $0.clamped(to: buffer.indices) } ?? buffer.indices
                for i in range {
                    #if NAVTAPE_CHECKED
                    state.evolve(buffer[i])
                    #else
                    state.apply(buffer[i])
                    #endif
                }
            }
        }
    }

    /// Whether `list` names no controller twice, without allocating for the short lists stacks are.
    static func isDuplicateFree<List: RandomAccessCollection<ControllerID>>(_ list: List) -> Bool {
        if list.count <= 16 {
            for i in list.indices {
                for j in list.indices where j > i && list[j] == list[i] { return false }
            }
            return true
        }
        return Set(list).count == list.count
    }

    @inline(__always)
    mutating func apply(_ event: NavigationEvent) {
        switch event {
        case .pushed(let controller, let navigation):
            push(controller, onto: navigation)
        case .popped(let navigation, _):
            popTop(of: navigation)
        case .shown(let target, _, let resolution):
            applyShow(target, resolution, asDetail: false)
        case .detailShown(let target, _, let resolution):
            if let target { applyShow(target, resolution, asDetail: true) }
        case .displayModeChanged(let mode, _):
            changeDisplayMode(to: mode)
        case .traitsChanged(let newTraits):
            changeTraits(to: newTraits)
        case .collapsed(let resolution):
            collapse(resolution)
        case .separated(let resolution):
            separate(resolution)
        case .poppedToRoot(let navigation):
            popAbove(index: 0, of: navigation)
        case .poppedTo(let controller, let navigation):
            if let index = stackPosition(of: controller, in: navigation) { popAbove(index: index, of: navigation) }
        case .stackSet(let list, let navigation, _):
            setStack(list, of: navigation)
        case .stackInitialized(let navigation, let list):
            setStack(list, of: navigation)
        case .presented(let controller):
            guard presented == nil, record(controller)?.parent == ControllerParent.none else { return }
            presented = controller
            makeControllersUnique()
            setParent(controller, .presented)
        case .dismissed(let controller):
            guard presented == controller else { return }
            presented = nil
            makeControllersUnique()
            setParent(controller, .none)
        case .splitViewControllersSet(let newPrimary, let newSecondary):
            if splitChildrenRule(newPrimary, newSecondary) == nil { applySplitViewControllers(newPrimary, newSecondary) }
        case .preferredDisplayModeSet(let mode):
            preferredDisplayMode = mode
        case .propertySet(let property):
            applyProperty(property)
        case .launched(let newTraits):
            isLaunched = true
            traits = newTraits
            primaryColumnWidth = widthPreferences.resolvedWidth(splitWidth: newTraits.width)
        case .nameInterned(let string):
            // Past a cap (Limits) a forged log would grow the state without bound.
            if internLimitProblem(string) == nil { names.append(string) }
        case .controllerCreated(let id, let kind, let name, let restorationID):
            createIfFits(id, kind: kind, name: name, restorationID: restorationID)
        case .columnSet(let controller, let column, let resolution):
            if columnRule(controller, column, resolution) == nil { applyColumnSet(controller, column, resolution) }
        case .columnStacked(let column):
            if stackColumnRule(column) == nil { stackColumn(column) }
        case .columnUnstacked(let column):
            unstackColumn(column)
        case .preferredSplitBehaviorSet(let behavior):
            if style.isColumnStyle { preferredSplitBehavior = behavior }
        case .splitBehaviorChanged(let behavior):
            if style.isColumnStyle && behavior != .automatic { splitBehavior = behavior }
        case .flagSet(let name, let value):
            setFlag(name, value)
        case .policyChanged(let newPolicy):
            policy = newPolicy
        case .controllerReleased(let id):
            release(id)
        case .detailMarked(let id):
            if contains(id) {
                makeControllersUnique()
                markDetail(id)
            }
        case .itemRepresented(let id, let item):
            represent(item, by: id)
        case .resynced(let resync):
            applyResync(resync)
        case .rejected, .ignored, .columnShown, .columnHidden, .delegateNotified, .diverged:
            break
        }
    }

    /// `displayModeChanged`: UIKit's display mode is now `mode` (`automatic` is a preference only).
    @inline(__always)
    package mutating func changeDisplayMode(to mode: DisplayMode) {
        if mode != .automatic { displayMode = mode }
    }

    /// `traitsChanged`: the environment, and the primary column's width in it.
    @inline(__always)
    package mutating func changeTraits(to newTraits: Traits) {
        traits = newTraits
        primaryColumnWidth = widthPreferences.resolvedWidth(splitWidth: newTraits.width)
    }

    /// `itemRepresented`: the item `id` shows, for a known controller and an interned item.
    /// Inlinable, as ``popTop(of:)``: the fused decoder's most frequent steps, inlined into it.
    @inlinable @inline(__always)
    package mutating func represent(_ item: NameID?, by id: ControllerID) {
        guard item.map(isInterned) ?? true else { return }
        makeControllersUnique()  // before the lookup, so that the record is looked up once
        if let record = controllers.slot(id), !record.pointee.isReleased { record.pointee.item = item }
    }

    /// The parent a controller popped off a stack gets: a column-style column's controller goes back
    /// to its column; anything else leaves the hierarchy.
    @inlinable @inline(__always)
    func releasedParent(_ id: ControllerID) -> ControllerParent {
        style.isColumnStyle && (id == secondary || id == supplementary) ? .split : .none
    }

    @inline(__always)
    package mutating func push(_ controller: ControllerID, onto navigation: ControllerID) {
        // A controller with a parent is never taken (INV-1): decide never emits such a push, and a
        // forged one must not leave a controller in two places.
        makeControllersUnique()  // before the lookups, so that each record is looked up once
        if let child = controllers.slot(controller) { push(controller, child, onto: navigation) }
    }

    /// ``push(_:onto:)`` of `controller`, whose record `child` the caller has looked up (and not
    /// `navigation`); the store must be this state's own.
    @inline(__always)
    mutating func push(_ controller: ControllerID, _ child: UnsafeMutablePointer<ControllerRecord>, onto navigation: ControllerID) {
        guard controller != navigation, child.pointee.parent == ControllerParent.none,
            let stackRecord = controllers.slot(navigation), stackRecord.pointee.kind == .navigation
        else { return }
        controllers.push(controller, onto: stackRecord)
        child.pointee.parent = .navigation(navigation)
        // Content pushed inside a detail stack is detail.
        if stackRecord.pointee.hasBeenDetail { child.pointee.hasBeenDetail = true }
    }

    /// Marks `id` and everything in its stacks as detail content (BUG-2, BUG-7).
    ///
    /// A marked controller's whole subtree is already marked (pushes and stack assignments inherit
    /// the mark), so the walk stops there: marking a shown detail again costs one read.
    mutating func markDetail(_ id: ControllerID, depth: Int = 0) {
        guard depth < 64 else { return }
        assertControllersUnique()
        guard let r = controllers.slot(id), !r.pointee.hasBeenDetail else { return }
        r.pointee.hasBeenDetail = true
        var k = 0
        while k < Int(r.pointee.stackCount) {
            markDetail(controllers.stack(of: r)[k], depth: depth + 1)
            k += 1
        }
    }

    @inlinable @inline(__always)
    package mutating func popTop(of navigation: ControllerID) {
        makeControllersUnique()  // before the lookup, so that the stack's record is looked up once
        if let stackRecord = controllers.slot(navigation) { popTop(of: stackRecord) }
    }

    /// Pops the top of the stack of `stackRecord`, never its root (INV-6, NV-2); the store must be
    /// this state's own.
    @inlinable @inline(__always)
    package mutating func popTop(of stackRecord: UnsafeMutablePointer<ControllerRecord>) {
        guard stackRecord.pointee.stackCount > 1, let popped = controllers.popLast(of: stackRecord) else { return }
        setParent(popped, releasedParent(popped))
    }

    mutating func popAbove(index: Int, of navigation: ControllerID) {
        let count = stackCount(of: navigation)
        guard index >= 0, index < count - 1 else { return }
        makeControllersUnique()
        guard let stackRecord = controllers.slot(navigation) else { return }
        for k in (index + 1)..<count {
            let controller = controllers.stack(of: stackRecord)[k]
            setParent(controller, releasedParent(controller))
        }
        controllers.truncate(stackRecord, to: index + 1)
    }

    /// A `collapsed` event's step. The events whose partial application could break the containment
    /// links are checked whole first (NavigationState+Admission.swift): a forged one changes nothing.
    package mutating func collapse(_ resolution: CollapseResolution) {
        if Self.admits(&self, { $0.pointee.collapseRule(resolution) }) { applyCollapse(resolution) }
    }

    /// A `separated` event's step, checked whole first as ``collapse(_:)`` is.
    package mutating func separate(_ resolution: SeparateResolution) {
        if Self.admits(&self, { $0.pointee.separateRule(resolution) }) { applySeparate(resolution) }
    }

    /// Whether `rule`, asked of `state` where it lies, finds nothing wrong. A rule called directly
    /// from a mutating step is handed a copy of the whole state (a 296-byte `memcpy` per event);
    /// read through a pointer, it reads only the fields it needs.
    @inline(__always)
    static func admits(_ state: inout NavigationState, _ rule: (UnsafeMutablePointer<NavigationState>) -> String?) -> Bool {
        withUnsafeMutablePointer(to: &state) { rule($0) == nil }
    }

    /// A `controllerCreated` event's step: nothing unless its names are interned (a name never
    /// interned would make a state no checkpoint can hold) and the controller cap allows it.
    package mutating func createIfFits(_ id: ControllerID, kind: ControllerKind, name: NameID, restorationID: NameID?) {
        guard isInterned(name), restorationID.map(isInterned) ?? true, creationLimitProblem(id) == nil else { return }
        create(id, kind: kind, name: name, restorationID: restorationID)
    }

    /// Folds one event through its step, without building it: a fused decoder's path (the step is
    /// what ``evolve(_:)`` does for that event). Checked builds (`NAVTAPE_CHECKED`) build the event
    /// and fold it whole instead, verifying the invariants.
    @inlinable @inline(__always)
    package mutating func evolve(_ event: @autoclosure () -> NavigationEvent, step: (inout NavigationState) -> Void) {
        #if NAVTAPE_CHECKED
        evolve(event())
        #else
        step(&self)
        #endif
    }

    /// Sets `navigation`'s stack to `list`, as a `stackSet` or `stackInitialized` event with that list
    /// does, reading the list where it lies: the fused decoder's step, which builds no event.
    package mutating func evolveStack(_ list: UnsafeBufferPointer<ControllerID>, of navigation: ControllerID) {
        evolve(.stackSet(Array(list), navigation: navigation)) { $0.setStack(list, of: navigation) }
    }

    /// `navigation.setViewControllers(list)`: controllers in other navigation stacks are taken from
    /// them, as UIKit does (a delegate rearranging stacks); the split's own children, the presented
    /// controller and anything that holds `navigation` are never taken. The list is copied into the
    /// stack's own storage (kept from the last stack), so neither an event's list nor a decoder's
    /// buffer is retained.
    mutating func setStack<List: RandomAccessCollection<ControllerID>>(_ list: List, of navigation: ControllerID) {
        guard kind(of: navigation) == .navigation, !list.isEmpty, Self.isDuplicateFree(list) else { return }
        var stolen = false
        for id in list {
            guard id != navigation, contains(id), let parent = knownParent(of: id) else { return }
            switch parent {
            case .none: continue
            case .navigation(let owner) where owner == navigation: continue
            case .navigation: stolen = true
            case .split, .presented: return
            }
        }
        // Taking an ancestor of `navigation` into its own stack would make a cycle.
        if stolen && list.contains(where: { subtree(of: $0).contains(navigation) }) { return }
        makeControllersUnique()
        if stolen {
            for id in list {
                guard case .navigation(let owner) = parent(of: id), owner != navigation else { continue }
                detachFromNavigation(id)
            }
        }
        guard let stackRecord = controllers.slot(navigation) else { return }
        var k = 0
        while k < Int(stackRecord.pointee.stackCount) {
            let controller = controllers.stack(of: stackRecord)[k]
            if !list.contains(controller) { setParent(controller, releasedParent(controller)) }
            k += 1
        }
        controllers.setStack(list, of: stackRecord)
        let inDetail = knownRecordIsDetail(navigation)
        for controller in list {
            setParent(controller, .navigation(navigation))
            if inDetail { markDetail(controller) }
        }
    }

    package mutating func applyShow(_ target: ControllerID, _ resolution: ShowResolution, asDetail: Bool) {
        makeControllersUnique()  // once for the step: the helpers below write unchecked
        // The target's record is looked up once; no step below creates a record, so it stays put.
        guard let targetRecord = controllers.slot(target) else { return }
        let targetParent = targetRecord.pointee.parent
        switch resolution {
        case .pushed(let navigation):
            guard targetParent == .none else { return }
            push(target, targetRecord, onto: navigation)
        case .installedAsPrimary:
            guard targetParent == .none, !isCollapsed || primary == nil else { return }
            if let primary, primary != target { setParent(primary, .none) }
            primary = target
            targetRecord.pointee.parent = .split
        case .installedAsSecondary:
            guard targetParent == .none, !isCollapsed || style.isColumnStyle else { return }
            if let secondary, secondary != target { removeFromHierarchy(secondary) }
            secondary = target
            targetRecord.pointee.parent = .split
        case .presentedModally:
            guard presented == nil, targetParent == .none else { return }
            presented = target
            targetRecord.pointee.parent = .presented
        case .replacedStack(let navigation):
            guard style == .manual, kind(of: navigation) == .navigation, targetRecord.pointee.kind != .navigation,
                targetParent == .none || targetParent == .navigation(navigation)
            else { return }
            setStack([target], of: navigation)
        case .handledByDelegate, .unchanged:
            return
        }
        if asDetail, !targetRecord.pointee.hasBeenDetail { markDetail(target) }
    }

    /// Takes `id` out of the stack that holds it, if any, and gives it no parent: a column's or
    /// the secondary's controller replaced.
    @inline(__always)
    mutating func removeFromHierarchy(_ id: ControllerID) {
        guard let record = controllers.slot(id) else { return }
        if case .navigation(let nav) = record.pointee.parent { removeFromStack(id, of: nav) }
        record.pointee.parent = .none
    }

    /// Removes `id` from the navigation stack that holds it, if any (UIKit reparents on install).
    /// Inlined: most controllers detached are in no stack, and then this is one read.
    @inline(__always)
    mutating func detachFromNavigation(_ id: ControllerID) {
        guard case .navigation(let nav) = parent(of: id) else { return }
        removeFromStack(id, of: nav)
    }

    /// Takes `id` out of `nav`'s stack and gives it no parent.
    mutating func removeFromStack(_ id: ControllerID, of nav: ControllerID) {
        assertControllersUnique()
        if let stackRecord = controllers.slot(nav), let index = controllers.stack(of: stackRecord).firstIndex(of: id) {
            controllers.remove(at: index, fromStackOf: stackRecord)
        }
        setParent(id, .none)
    }

    mutating func applySplitViewControllers(_ newPrimary: ControllerID, _ newSecondary: ControllerID?) {
        makeControllersUnique()  // once for the step: the helpers below write unchecked
        guard contains(newPrimary), newSecondary.map(contains) ?? true, newPrimary != newSecondary,
            parent(of: newPrimary) != .presented, newSecondary.map({ parent(of: $0) != .presented }) ?? true
        else { return }
        detachFromNavigation(newPrimary)
        if let newSecondary { detachFromNavigation(newSecondary) }
        if let primary, primary != newPrimary, primary != newSecondary { setParent(primary, .none) }
        if isCollapsed {
            // BUG-4: the detail changes behind the scenes; the visible stack stays as it is.
            primary = newPrimary
            setParent(newPrimary, .split)
            rememberedSecondary = newSecondary
            rememberedSecondaryWasPushed = false
            if let newSecondary { markDetail(newSecondary) }
        } else {
            if let secondary, secondary != newPrimary, secondary != newSecondary { setParent(secondary, .none) }
            primary = newPrimary
            secondary = newSecondary
            setParent(newPrimary, .split)
            if let newSecondary {
                setParent(newSecondary, .split)
                markDetail(newSecondary)
            }
        }
    }

    /// Applies a collapse that ``collapseRule(_:)`` accepts (it checks the new primary, CO-7, and
    /// a column style's outcome).
    mutating func applyCollapse(_ resolution: CollapseResolution) {
        makeControllersUnique()  // once for the step: the helpers below write unchecked
        guard !isCollapsed else { return }
        if style.isColumnStyle {
            // CO-10, CO-11: the columns stay where they are; stacking follows as its own events.
            isCollapsed = true
            return
        }
        let newPrimary = resolution.newPrimary
        let oldSecondary = secondary
        if let primary, primary != newPrimary { setParent(primary, .none) }
        switch resolution.outcome {
        case .secondaryPushed:
            if let oldSecondary {
                secondary = nil
                setParent(oldSecondary, .none)
                push(oldSecondary, onto: newPrimary)
            }
        case .mergedByDelegate:
            if let oldSecondary {
                let children = stack(of: oldSecondary)
                if let old = controllers.slot(oldSecondary) { controllers.truncate(old, to: 0) }
                if let merged = controllers.slot(newPrimary) {
                    for child in children { controllers.push(child, onto: merged) }
                }
                for child in children { setParent(child, .navigation(newPrimary)) }
                setParent(oldSecondary, .none)
            }
        case .discardedByDelegate, .discardedByPrimary, .secondaryBecamePrimary:
            if let oldSecondary, oldSecondary != newPrimary { setParent(oldSecondary, .none) }
        case .noSecondary:
            break
        case .columnsStacked, .compactColumn:
            return  // column-style outcomes (handled above)
        }
        primary = newPrimary
        secondary = nil
        setParent(newPrimary, .split)
        rememberedSecondary = oldSecondary
        rememberedSecondaryWasPushed = resolution.outcome == .secondaryPushed
        isCollapsed = true
    }

    /// Applies a separate that ``separateRule(_:)`` accepts (it checks the source against the style
    /// and the new primary).
    mutating func applySeparate(_ resolution: SeparateResolution) {
        makeControllersUnique()  // once for the step: the helpers below write unchecked
        guard isCollapsed else { return }
        if style.isColumnStyle {
            isCollapsed = false
            return
        }
        let newPrimary = resolution.newPrimary
        // Known: the rule admitted it. No step below creates a record, so the pointer stays valid.
        guard let newPrimaryRecord = controllers.slot(newPrimary) else { return }
        if resolution.source == .poppedFromPrimary {
            guard let secondary = resolution.secondary, controllers.stack(of: newPrimaryRecord).last == secondary else { return }
            popTop(of: newPrimaryRecord)
        }
        if let primary, primary != newPrimary { setParent(primary, .none) }
        primary = newPrimary
        newPrimaryRecord.pointee.parent = .split
        secondary = nil
        if let newSecondary = resolution.secondary, contains(newSecondary), newSecondary != newPrimary {
            // Not marked as a detail: a master drill-down popped here stays detectable (BUG-7).
            secondary = newSecondary
            setParent(newSecondary, .split)
        }
        isCollapsed = false
    }

    mutating func applyProperty(_ property: SplitProperty) {
        switch property {
        case .presentsWithGesture(let value): presentsWithGesture = value
        case .primaryEdge(let edge): primaryEdge = edge
        case .preferredPrimaryColumnWidthFraction(let value): widthPreferences.fraction = value
        case .preferredPrimaryColumnWidth(let value): widthPreferences.width = value
        case .minimumPrimaryColumnWidth(let value): widthPreferences.minimum = value
        case .maximumPrimaryColumnWidth(let value): widthPreferences.maximum = value
        case .showsSecondaryOnlyButton(let value): showsSecondaryOnlyButton = value
        case .displayModeButtonVisibility(let value): displayModeButtonVisibility = value
        }
        primaryColumnWidth = widthPreferences.resolvedWidth(splitWidth: traits.width)
    }
}

// MARK: column style (ST-3, CO-11, SH-15)

extension NavigationState {
    /// The controller assigned to `column` (the navigation wrapper for wrapped columns).
    public func controller(for column: Column) -> ControllerID? {
        switch column {
        case .primary: return primary
        case .supplementary: return supplementary
        case .secondary: return secondary
        case .compact: return compactColumn
        }
    }

    mutating func setColumn(_ column: Column, _ controller: ControllerID?) {
        switch column {
        case .primary: primary = controller
        case .supplementary: supplementary = controller
        case .secondary: secondary = controller
        case .compact: compactColumn = controller
        }
    }

    mutating func applyColumnSet(_ controller: ControllerID?, _ column: Column, _ resolution: ColumnResolution) {
        makeControllersUnique()  // once for the step: the helpers below write unchecked
        guard style.isColumnStyle else { return }
        let current = self.controller(for: column)
        let new: ControllerID
        switch resolution {
        case .cleared:
            guard controller == nil, let current else { return }
            removeFromHierarchy(current)
            setColumn(column, nil)
            return
        case .pushed(let navigation):
            guard column == .secondary, navigation == current, let controller else { return }
            push(controller, onto: navigation)
            markDetail(controller)
            return
        case .installed:
            guard let controller, record(controller)?.parent == ControllerParent.none else { return }
            new = controller
        case .wrapped(let wrapper):
            guard let controller, kind(of: wrapper) == .navigation, stack(of: wrapper) == [controller],
                parent(of: wrapper) == .none
            else { return }
            new = wrapper
        }
        guard new != primary, new != supplementary, new != secondary, new != compactColumn else { return }
        if let current { removeFromHierarchy(current) }
        setColumn(column, new)
        setParent(new, .split)
        if column == .secondary { markDetail(new) }
    }

    mutating func stackColumn(_ column: Column) {
        // A stacked column sits above the root of the primary's stack (CO-11). A primary with an
        // empty stack (INV-6, which only a delegate or a damaged log can leave) keeps the column
        // where it is: stacked as its root, it could never be unstacked again (found by
        // FuzzStateDecoder: the expand broke the structural invariants, and the checkpoint of the
        // collapsed state was refused on reading).
        guard style.isColumnStyle, isCollapsed, column == .supplementary || column == .secondary,
            let primary, kind(of: primary) == .navigation, stackCount(of: primary) > 0, let navigation = controller(for: column),
            navigation != primary, parent(of: navigation) == .split
        else { return }
        makeControllersUnique()
        if let stackRecord = controllers.slot(primary) { controllers.push(navigation, onto: stackRecord) }
        setParent(navigation, .navigation(primary))
    }

    mutating func unstackColumn(_ column: Column) {
        guard style.isColumnStyle, let primary, let navigation = controller(for: column),
            navigation != primary, top(of: primary) == navigation, stackCount(of: primary) > 1
        else { return }
        makeControllersUnique()
        if let stackRecord = controllers.slot(primary) { _ = controllers.popLast(of: stackRecord) }
        setParent(navigation, .split)
    }
}

// MARK: delegates (flags, released controllers)

extension NavigationState {
    mutating func setFlag(_ name: NameID, _ value: Bool) {
        guard Int(name.rawValue) < names.count else { return }
        if value {
            guard !flags.contains(name) else { return }
            flags.append(name)
            flags.sort { $0.rawValue < $1.rawValue }
        } else {
            flags.removeAll { $0 == name }
        }
    }

    /// Whether `id` is a live minted controller nothing references: out of the hierarchy, in no
    /// stack, not a column, not presented, not the remembered secondary (EX-3).
    public func isReleasable(_ id: ControllerID) -> Bool {
        // The record read in place, once.
        guard id.isMinted, let record = controllers.slot(id), !record.pointee.isReleased, record.pointee.parent == .none else { return false }
        return id != presented && id != rememberedSecondary && id != primary && id != secondary && id != supplementary
            && id != compactColumn
    }

    /// Releases `id` (a live minted controller nothing references): its stack's controllers lose
    /// their parent, and its slot is free for a later mint.
    package mutating func release(_ id: ControllerID) {
        guard isReleasable(id) else { return }
        makeControllersUnique()
        guard let r = controllers.slot(id) else { return }
        var k = 0
        while k < Int(r.pointee.stackCount) {
            if let child = controllers.slot(controllers.stack(of: r)[k]), child.pointee.parent == .navigation(id) { child.pointee.parent = .none }
            k += 1
        }
        r.pointee.release()
    }
}
