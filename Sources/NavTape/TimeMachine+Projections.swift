import NavigationCore
import NavigationProjections

extension TimeMachine {
    /// Runs `projection` over events `start ..< end` (the whole log by default) at replay speed:
    /// it starts from the state at `start` (one checkpoint plus a few `evolve`s away) and sees every
    /// event with the state after it and the commit boundaries the log recorded.
    /// - Complexity: O(events folded); memory bounded by one block and the projection's own output.
    public func run<P: Projection>(_ projection: inout P, from start: UInt64 = 0, to end: UInt64? = nil) throws(NavTapeError) {
        let initial = try state(at: Swift.min(start, eventCount))
        projection.start(from: initial)
        var context: EventContext?
        try forEachEvent(from: start, to: end) { recorded in
            if context == nil {
                var state = initial
                state.evolve(recorded.event)
                context = EventContext(index: recorded.index, time: recorded.time, event: recorded.event,
                                       state: state, startsCommit: recorded.startsCommit)
            } else {
                context?.advance(index: recorded.index, time: recorded.time, event: recorded.event,
                                 startsCommit: recorded.startsCommit)
            }
            if let context { projection.consume(context) }
            return true
        }
    }
}

/// Re-exported so users of the NavTape library get the projections and the model in one import.
@_exported import NavigationCore
@_exported import NavigationProjections
