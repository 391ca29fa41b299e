import NavigationCore

/// What the user sees over time: the visible content controllers
/// (``NavigationCore/NavigationState/visibleContent``, one per on-screen column, or the presented
/// controller's) after each event that changed them.
///
/// - Complexity: O(1) for events that cannot change what is on screen
///   (``EventContext/mayChangeVisibility``); otherwise one walk down the visible paths and a
///   small array.
public struct VisibleTimeline: Projection, Sendable {
    /// The visible content after one event.
    public struct Entry: Hashable, Sendable {
        /// The index of the event that changed the visible content.
        public var index: UInt64
        /// The time of that event.
        public var time: Int64
        /// The event.
        public var event: NavigationEvent
        /// The visible content controllers after the event, primary column first.
        public var content: [ControllerID]

        /// Creates an entry.
        public init(index: UInt64, time: Int64, event: NavigationEvent, content: [ControllerID]) {
            self.index = index
            self.time = time
            self.event = event
            self.content = content
        }
    }

    /// The visible content when the projection started (empty before launch).
    public private(set) var initialContent: [ControllerID] = []
    /// The entries, in log order.
    public private(set) var entries: [Entry] = []
    /// The visible content after the last event.
    public private(set) var content: [ControllerID] = []

    /// Creates an empty timeline.
    public init() {}

    /// Seeds the content visible before the first event.
    public mutating func start(from state: NavigationState) {
        content = state.visibleContent
        initialContent = content
    }

    /// Records the visible content if the event changed it.
    public mutating func consume(_ context: EventContext) {
        guard context.mayChangeVisibility else { return }
        let now = context.state.visibleContent
        guard now != content else { return }
        entries.append(Entry(index: context.index, time: context.time, event: context.event, content: now))
        content = now
    }

    /// The visible content controllers at `index`: those of the last entry at or before it.
    /// - Complexity: O(log n) in the number of entries.
    public func content(at index: UInt64) -> [ControllerID] {
        lastIndex(in: entries, atOrBefore: index, by: \.index).map { entries[$0].content } ?? initialContent
    }

    /// The entries, in log order.
    public var output: [Entry] { entries }
}
