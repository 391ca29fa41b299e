import NavigationCore

extension NavigationState {
    /// Every controller in the hierarchy in pre-order: the split's `viewControllers`, then the
    /// presented controller, each followed by its stack (recursively). A controller reachable
    /// twice (an INV-1 violation) is listed once.
    var hierarchyMembers: [ControllerID] {
        var result: [ControllerID] = []
        var seen = Set<ControllerID>()
        func visit(_ id: ControllerID, depth: Int) {
            guard depth < 64, seen.insert(id).inserted else { return }
            result.append(id)
            guard kind(of: id) == .navigation else { return }
            for child in stack(of: id) { visit(child, depth: depth + 1) }
        }
        for root in viewControllers { visit(root, depth: 0) }
        if let presented { visit(presented, depth: 0) }
        return result
    }
}
