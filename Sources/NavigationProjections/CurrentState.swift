import NavigationCore

/// The state after the last event, with that event's index and time.
///
/// Rather than keep a copy of the context's state (which would make the next `evolve` copy the
/// state's storage, every event), it takes the state once — at ``start(from:)`` or the first
/// event — and then evolves its own copy with each event: one `evolve` per event, no copying.
/// It must therefore see every event of the session.
public struct CurrentState: Projection, Sendable {
    /// The state after the last event; `nil` before ``start(from:)`` or the first event.
    public private(set) var state: NavigationState?
    /// The index of the last event consumed.
    public private(set) var index: UInt64?
    /// The time of the last event consumed, in milliseconds since the epoch.
    public private(set) var time: Int64?

    /// Creates an empty projection.
    public init() {}

    /// Takes `state` as the state before the first event.
    public mutating func start(from state: NavigationState) {
        self.state = state
    }

    /// Applies the event to the projection's own state (or takes the context's state if none).
    /// - Complexity: One `evolve`.
    public mutating func consume(_ context: EventContext) {
        if state == nil {
            state = context.state
        } else {
            state!.evolve(context.event)
        }
        index = context.index
        time = context.time
    }

    /// The state after the last event.
    public var output: NavigationState? { state }
}
