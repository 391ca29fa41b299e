import NavigationCore

/// The history of one navigation controller's stack: only the events that changed it, each with
/// the stack before and after.
///
/// Pushes, pops, `setViewControllers`, collapses that push the secondary, separates that pop it,
/// and `stackInitialized` all count; an event that leaves the stack as it was (a rejected push, a
/// `setViewControllers` with the same list) does not.
///
/// - Complexity: O(1) per event that leaves the stack alone (the stored stack shares its buffer
///   with the state's, so comparing them is an identity check); O(stack) per change.
public struct StackHistory: Projection, Sendable {
    /// One change of the stack.
    public struct Change: Hashable, Sendable {
        /// The index of the event that changed the stack.
        public var index: UInt64
        /// The time of that event.
        public var time: Int64
        /// The event that changed the stack.
        public var event: NavigationEvent
        /// The stack before the event, bottom to top.
        public var before: [ControllerID]
        /// The stack after the event, bottom to top.
        public var after: [ControllerID]

        /// Creates a change.
        public init(index: UInt64, time: Int64, event: NavigationEvent, before: [ControllerID], after: [ControllerID]) {
            self.index = index
            self.time = time
            self.event = event
            self.before = before
            self.after = after
        }

        /// The controllers in ``after`` but not in ``before``, bottom to top.
        public var added: [ControllerID] { after.filter { !before.contains($0) } }
        /// The controllers in ``before`` but not in ``after``, bottom to top.
        public var removed: [ControllerID] { before.filter { !after.contains($0) } }
        /// Whether the top of the stack changed.
        public var topChanged: Bool { before.last != after.last }
    }

    /// The navigation controller whose stack is tracked.
    public let navigation: ControllerID
    /// The stack when the projection started (empty for a controller not created yet).
    public private(set) var initialStack: [ControllerID] = []
    /// The changes, in log order.
    public private(set) var changes: [Change] = []
    private var current: [ControllerID] = []

    /// Tracks the stack of `navigation`.
    public init(navigation: ControllerID) {
        self.navigation = navigation
    }

    /// Seeds the stack the first event starts from.
    public mutating func start(from state: NavigationState) {
        current = state.stack(of: navigation)
        initialStack = current
    }

    /// Records the event if the tracked stack differs from the stack before it.
    public mutating func consume(_ context: EventContext) {
        let stack = context.state.stack(of: navigation)
        if stack != current {
            changes.append(Change(index: context.index, time: context.time, event: context.event, before: current, after: stack))
        }
        // Share the state's buffer again even when equal, to keep the identity fast path.
        current = stack
    }

    /// The stack after the last event.
    public var stack: [ControllerID] { current }

    /// The changes, in log order.
    public var output: [Change] { changes }
}
