extension NavigationState {
    /// Why the parent links and the stacks of this state disagree, or `nil` when they agree.
    ///
    /// States that `decide` and `evolve` produce keep the containment tree in both directions:
    /// every controller in a stack names that stack's owner as its parent and appears in no other
    /// stack and only once, every controller whose parent is a navigation controller is in its
    /// stack, and the presented controller's parent is `.presented`. A decoded state must too:
    /// `decide` trusts these links, and a state that breaks them can make a later `evolve` detach
    /// the split's own children, which checked builds trap on.
    /// - Complexity: O(number of controllers + total stack length).
    public func containmentProblem() -> String? {
        let appCount = appControllerCount
        var inStack = [Bool](repeating: false, count: appCount + mintedControllerCount)
        func slot(_ id: ControllerID) -> Int { id.isMinted ? appCount + id.index : id.index }

        for owner in allControllerIDs {
            for child in stack(of: owner) {
                guard child != owner else { return "\(owner) is in its own stack" }
                guard parent(of: child) == .navigation(owner) else { return "\(child) is in the stack of \(owner) but has another parent" }
                guard !inStack[slot(child)] else { return "\(child) is in a stack twice" }
                inStack[slot(child)] = true
            }
        }
        for id in allControllerIDs {
            switch parent(of: id) {
            case .navigation(let owner):
                if !inStack[slot(id)] { return "\(id) names \(owner) as its parent but is not in its stack" }
            case .presented:
                if presented != id { return "\(id) has the parent presented but is not the presented controller" }
            case .split, .none:
                break
            }
        }
        if let presented, parent(of: presented) != .presented { return "the presented controller \(presented) has another parent" }
        return nil
    }
}

extension NavigationState {
    /// Why the split's columns are incoherent, or `nil` when they are not.
    ///
    /// What `decide` and `evolve` keep beyond ``structuralInvariantsHold``: no controller fills two
    /// of the split's slots (primary, supplementary, secondary, compact), and none of them is a split
    /// view controller; only a column-style split
    /// has supplementary or compact columns or split behaviours, and only a triple-column one a
    /// supplementary column; the compact column hangs from the split (it is never stacked, so a pop
    /// would otherwise orphan it). Stacked supplementary and secondary columns (collapsed, in the
    /// primary's stack) are left to ``structuralInvariantsHold`` and the containment check.
    public func columnProblem() -> String? {
        let slots = [primary, supplementary, secondary, compactColumn].compactMap { $0 }
        if Set(slots).count != slots.count { return "a controller fills two of the split's columns" }
        // `decide` never installs one (.splitViewController); a state holding one could not be
        // collapsed and expanded again (found by FuzzStateDecoder).
        if let nested = slots.first(where: { kind(of: $0) == .split }) { return "column \(nested) is a split view controller (INV-5)" }
        guard style.isColumnStyle else {
            if supplementary != nil || compactColumn != nil { return "\(style.name) split with a supplementary or compact column" }
            if preferredSplitBehavior != .automatic || splitBehavior != .automatic { return "\(style.name) split with a split behaviour" }
            return nil
        }
        if style == .doubleColumn && supplementary != nil { return "double-column split with a supplementary column" }
        // A stacked column (CO-11) sits above the primary column's root, supplementary below secondary.
        var lastStacked = 0
        for column in [supplementary, secondary].compactMap({ $0 }) {
            guard case .navigation(let owner) = parent(of: column) else { continue }
            guard isCollapsed, owner == primary, let index = stackPosition(of: column, in: owner), index > lastStacked else {
                return "column \(column) is stacked out of place"
            }
            lastStacked = index
        }
        if let compactColumn, parent(of: compactColumn) != .split { return "compact column \(compactColumn) does not hang from the split" }
        return nil
    }
}
