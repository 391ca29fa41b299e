/// What UIKit showed when a capture resynced, as the model adopts it: the payload of
/// ``NavigationEvent/resynced(_:)`` (`docs/Capture.md`, "Resync"). Only the parts that differed
/// from the model are held.
///
/// A resync is not a decision: UIKit changed what it shows without a recorded cause (a segue, an
/// unwind, a direct UIKit call, third-party code), and the capture reported what it saw. No rule
/// governs it, so nothing it changed is blamed on the model.
public struct Resync: Hashable, Sendable {
    /// The split's children UIKit showed (primary, then secondary), if they differed.
    public var viewControllers: [ControllerID]?
    /// The navigation stacks that differed, in the order UIKit reported them.
    public var stacks: [Stack]
    /// The display mode UIKit showed, if it differed.
    public var displayMode: DisplayMode?

    /// One navigation controller's stack as UIKit showed it.
    public struct Stack: Hashable, Sendable {
        /// The navigation controller.
        public var navigation: ControllerID
        /// Its `viewControllers`, bottom first.
        public var viewControllers: [ControllerID]

        /// Creates a stack.
        public init(navigation: ControllerID, viewControllers: [ControllerID]) {
            self.navigation = navigation
            self.viewControllers = viewControllers
        }
    }

    /// Creates a resync.
    public init(viewControllers: [ControllerID]? = nil, stacks: [Stack] = [], displayMode: DisplayMode? = nil) {
        self.viewControllers = viewControllers
        self.stacks = stacks
        self.displayMode = displayMode
    }

    /// Whether it adopts nothing.
    public var isEmpty: Bool { viewControllers == nil && stacks.isEmpty && displayMode == nil }

    /// The same resync with every controller ID passed through `transform` (a what-if branch's IDs).
    public func mappingIDs(_ transform: (ControllerID) -> ControllerID) -> Resync {
        Resync(
            viewControllers: viewControllers?.map(transform),
            stacks: stacks.map { Stack(navigation: transform($0.navigation), viewControllers: $0.viewControllers.map(transform)) },
            displayMode: displayMode)
    }
}

extension NavigationState {
    /// Adopts `resync` part by part, each as the event that sets it would (`splitViewControllersSet`,
    /// `stackSet`, `displayModeChanged`): a part that does not fit the state changes nothing, so a
    /// forged resync cannot break the structure.
    mutating func applyResync(_ resync: Resync) {
        if let children = resync.viewControllers, let first = children.first, children.count <= 2 {
            let second = children.count == 2 ? children[1] : nil
            if splitChildrenRule(first, second) == nil { applySplitViewControllers(first, second) }
        }
        for stack in resync.stacks { setStack(stack.viewControllers, of: stack.navigation) }
        if let mode = resync.displayMode, mode != .automatic { displayMode = mode }
    }
}
