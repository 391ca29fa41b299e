import NavigationCore

/// The history of the split itself: its `viewControllers`, `isCollapsed` and `displayMode`,
/// recording only the events that changed one of them.
///
/// - Complexity: O(1) per event (a few field comparisons; no array is built unless it changed).
public struct SplitHistory: Projection, Sendable {
    /// The split's observable configuration at one point.
    public struct Snapshot: Hashable, Sendable {
        /// The primary, if any.
        public var primary: ControllerID?
        /// The secondary while expanded, if any (always `nil` while collapsed).
        public var secondary: ControllerID?
        /// Whether the split is collapsed.
        public var isCollapsed: Bool
        /// The actual display mode.
        public var displayMode: DisplayMode

        /// Creates a snapshot.
        public init(primary: ControllerID?, secondary: ControllerID?, isCollapsed: Bool, displayMode: DisplayMode) {
            self.primary = primary
            self.secondary = secondary
            self.isCollapsed = isCollapsed
            self.displayMode = displayMode
        }

        /// The snapshot of `state`.
        public init(_ state: NavigationState) {
            self.init(
                primary: state.primary, secondary: state.isCollapsed ? nil : state.secondary,
                isCollapsed: state.isCollapsed, displayMode: state.displayMode)
        }

        /// The split's `viewControllers`: `[primary]` collapsed, `[primary, secondary]` expanded.
        public var viewControllers: [ControllerID] {
            var result: [ControllerID] = []
            if let primary { result.append(primary) }
            if let secondary { result.append(secondary) }
            return result
        }
    }

    /// One change of the split.
    public struct Change: Hashable, Sendable {
        /// The index of the event that changed the split.
        public var index: UInt64
        /// The time of that event.
        public var time: Int64
        /// The event.
        public var event: NavigationEvent
        /// The split before the event.
        public var before: Snapshot
        /// The split after the event.
        public var after: Snapshot

        /// Creates a change.
        public init(index: UInt64, time: Int64, event: NavigationEvent, before: Snapshot, after: Snapshot) {
            self.index = index
            self.time = time
            self.event = event
            self.before = before
            self.after = after
        }
    }

    /// The split when the projection started.
    public private(set) var initial = Snapshot(primary: nil, secondary: nil, isCollapsed: false, displayMode: .secondaryOnly)
    /// The changes, in log order.
    public private(set) var changes: [Change] = []
    /// The split after the last event.
    public private(set) var current = Snapshot(primary: nil, secondary: nil, isCollapsed: false, displayMode: .secondaryOnly)

    /// Creates an empty history (the defaults of a new ``NavigationCore/NavigationState``).
    public init() {}

    /// Seeds the split the first event starts from.
    public mutating func start(from state: NavigationState) {
        current = Snapshot(state)
        initial = current
    }

    /// Records the event if it changed the split's children, collapse or display mode.
    public mutating func consume(_ context: EventContext) {
        let snapshot = Snapshot(context.state)
        guard snapshot != current else { return }
        changes.append(Change(index: context.index, time: context.time, event: context.event, before: current, after: snapshot))
        current = snapshot
    }

    /// The changes, in log order.
    public var output: [Change] { changes }
}
