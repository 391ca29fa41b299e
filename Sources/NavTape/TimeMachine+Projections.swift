import NavigationCore
import NavigationProjections

extension TimeMachine {
    /// Runs `projection` over events `start ..< end` (the whole log by default) at replay speed:
    /// it starts from the state at `start` (one checkpoint plus a few `evolve`s away) and sees every
    /// event with the state after it and the commit boundaries the log recorded.
    /// - Complexity: O(events folded); memory bounded by one block and the projection's own output.
    ///   Inlinable, so the loop is specialised for the caller's projection (unspecialised, the
    ///   replay's closure looked up `ProjectionRunner<P>`'s type metadata for every event).
    @inlinable
    public func run<P: Projection>(_ projection: inout P, from start: UInt64 = 0, to end: UInt64? = nil) throws(NavTapeError) {
        var next = resumption(at: Swift.min(start, eventCount))
        let initial = try state(at: next)
        projection.start(from: initial)
        var runner = ProjectionRunner(projection: projection, initial: initial, start: start, time: startTime)
        let resumedStates = try resumedStates(from: next, to: end)
        try forEachLentEvent(from: start, to: end) { recorded in
            // Past a gap (a repaired log), from the checkpoint the log resumes at.
            if recorded.index != next { runner.context.state = try resumed(at: recorded.index, in: resumedStates) }
            next = recorded.index + 1
            if recorded.event.growsState, let failure = capFailure(recorded, in: runner.context.state) { throw failure }
            runner.step(&recorded)
            return true
        }
        projection = runner.projection
    }
}

/// A projection and the one context it is shown, advanced in place. Kept together in one value so
/// the replay's closure reaches both through one access: a context captured on its own was copied,
/// its whole state retained, to be handed to `consume`.
@usableFromInline
struct ProjectionRunner<P: Projection> {
    @usableFromInline var projection: P
    @usableFromInline var context: EventContext

    @inlinable
    init(projection: P, initial: NavigationState, start: UInt64, time: Int64) {
        self.projection = projection
        // The placeholder event is replaced before anyone sees it.
        context = EventContext(index: start, time: time, event: .columnShown(.primary), state: initial, startsCommit: false)
    }

    /// Applies `recorded` and shows it to the projection. The event is swapped into the context,
    /// not copied: a copy retained its payload through the value witness, a tenth of `stats`.
    @inlinable
    mutating func step(_ recorded: inout RecordedEvent) {
        context.advance(index: recorded.index, time: recorded.time, swapping: &recorded.event, startsCommit: recorded.startsCommit)
        projection.consume(context)
    }
}
