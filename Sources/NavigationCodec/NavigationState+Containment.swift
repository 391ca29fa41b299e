import NavigationCore

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
    func containmentProblem() -> String? {
        let appCount = appControllers.count
        var inStack = [Bool](repeating: false, count: appCount + mintedControllers.count)
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
