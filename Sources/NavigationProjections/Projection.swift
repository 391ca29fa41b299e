import NavigationCore

/// A fold over a session's events: it consumes one ``EventContext`` at a time and can report
/// its ``output`` at any point, so the same projection works live (fed by a recorder as events
/// happen) and over a file (fed by a replay loop).
///
/// Conforming types are value types holding only what they need. Drive them with
/// ``fold(_:from:into:)``, which is generic over the concrete projection type, so no existential
/// box is involved per event. Run several at once with ``ProjectionPair``.
///
/// A user-defined projection that counts pushes onto the primary navigation controller:
///
/// ```swift
/// struct PrimaryPushCount: Projection {
///     var output = 0
///
///     mutating func consume(_ context: EventContext) {
///         if case .pushed(_, let navigation) = context.event, navigation == context.state.primary {
///             output += 1
///         }
///     }
/// }
///
/// var pushes = PrimaryPushCount()
/// fold(records, from: NavigationState(traits: Device.iPad.traits(.landscape)), into: &pushes)
/// print(pushes.output)
/// ```
public protocol Projection {
    /// What the projection reports.
    associatedtype Output

    /// Called once before the first event with the state the events will be applied to: a fresh
    /// state, or a checkpoint when a replay starts in the middle of a log.
    ///
    /// The default does nothing, which is right for projections that start empty. Projections
    /// that compare each state with the previous one (the visible set, a column) seed their
    /// previous value here.
    mutating func start(from state: NavigationState)

    /// Folds one event, given with the state right after it.
    ///
    /// Called for every event, in log order; a projection may rely on seeing each one.
    mutating func consume(_ context: EventContext)

    /// The result so far.
    var output: Output { get }
}

extension Projection {
    /// Does nothing: the projection starts empty whatever the initial state.
    public mutating func start(from state: NavigationState) {}
}

/// Replays `events` from `initial` and feeds each one, with the state after it, to `projection`.
///
/// Calls ``Projection/start(from:)`` with `initial` first. The state is evolved in place inside
/// one ``EventContext``, so the loop copies no state (unless the projection keeps one). Commit
/// boundaries are inferred (``EventContext/inferredCommitStart(for:)``); use
/// ``fold(withCommitMarks:from:into:)`` when the log records them.
///
/// - Parameters:
///   - events: The events with their log index and time (milliseconds since the epoch), in order.
///   - initial: The state the first event applies to.
///   - projection: The projection to feed.
/// - Returns: The state after the last event.
/// - Complexity: One `evolve` plus one ``Projection/consume(_:)`` per event.
@inlinable
@discardableResult
public func fold<P: Projection>(
    _ events: some Sequence<(UInt64, Int64, NavigationEvent)>,
    from initial: NavigationState,
    into projection: inout P
) -> NavigationState {
    fold(withCommitMarks: events.lazy.map { ($0.0, $0.1, $0.2, EventContext.inferredCommitStart(for: $0.2)) }, from: initial, into: &projection)
}

/// Replays `events` from `initial` and feeds each one to `projection`, with the commit boundaries
/// the log recorded.
///
/// - Parameters:
///   - events: The events with their log index, time (milliseconds since the epoch) and whether
///     each starts its commit, in order.
///   - initial: The state the first event applies to.
///   - projection: The projection to feed.
/// - Returns: The state after the last event.
/// - Complexity: One `evolve` plus one ``Projection/consume(_:)`` per event.
@inlinable
@discardableResult
public func fold<P: Projection>(
    withCommitMarks events: some Sequence<(UInt64, Int64, NavigationEvent, Bool)>,
    from initial: NavigationState,
    into projection: inout P
) -> NavigationState {
    projection.start(from: initial)
    var iterator = events.makeIterator()
    guard let (index, time, event, startsCommit) = iterator.next() else { return initial }
    var state = initial
    state.evolve(event)
    var context = EventContext(index: index, time: time, event: event, state: consume state, startsCommit: startsCommit)
    projection.consume(context)
    while let (index, time, event, startsCommit) = iterator.next() {
        context.advance(index: index, time: time, event: event, startsCommit: startsCommit)
        projection.consume(context)
    }
    return context.state
}

/// Two projections fed by one pass: each event goes to ``first``, then to ``second``.
///
/// Nest pairs for more: `ProjectionPair(stats, ProjectionPair(blame, violations))`.
public struct ProjectionPair<First: Projection, Second: Projection>: Projection {
    /// The first projection.
    public var first: First
    /// The second projection.
    public var second: Second

    /// Pairs two projections.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// Starts both projections.
    public mutating func start(from state: NavigationState) {
        first.start(from: state)
        second.start(from: state)
    }

    /// Feeds the event to both projections.
    public mutating func consume(_ context: EventContext) {
        first.consume(context)
        second.consume(context)
    }

    /// Both outputs.
    public var output: (First.Output, Second.Output) { (first.output, second.output) }
}

extension ProjectionPair: Sendable where First: Sendable, Second: Sendable {}
