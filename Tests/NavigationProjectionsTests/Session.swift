import NavigationCore
import NavigationProjections

/// A hand-made session: commands sent through `Navigation.send`, each event recorded with its log
/// index (from 0) and a time, so projections can be folded over it exactly as over a file.
struct Session {
    /// The state before the first event.
    let initial: NavigationState
    /// The state after the last event.
    private(set) var state: NavigationState
    /// The delegate policy.
    var policy: SplitPolicy
    /// The recorded events.
    private(set) var records: [(UInt64, Int64, NavigationEvent)] = []
    /// For each event, whether it is the first of its commit (the events of one `send`).
    private(set) var commitStarts: [Bool] = []
    /// The time given to the next command when none is given.
    private var clock: Int64 = 0

    init(traits: Traits, policy: SplitPolicy = .noDelegate) {
        initial = NavigationState(traits: traits)
        state = initial
        self.policy = policy
    }

    /// Sends `command` at `time` (or the previous time) and returns the indices of its events.
    @discardableResult
    mutating func send(_ command: NavigationCommand, at time: Int64? = nil) -> [UInt64] {
        if let time { clock = time }
        let events = Navigation.send(command, to: &state, policy: policy)
        var indices: [UInt64] = []
        for (position, event) in events.enumerated() {
            let index = UInt64(records.count)
            records.append((index, clock, event))
            commitStarts.append(position == 0)
            indices.append(index)
        }
        return indices
    }

    /// Instantiates `spec` and returns the ID of its root.
    mutating func instantiate(_ spec: ControllerSpec, at time: Int64? = nil) -> ControllerID {
        let id = state.nextAppControllerID
        send(.instantiate(spec), at: time)
        return id
    }

    /// The event at `index`.
    func event(_ index: UInt64) -> NavigationEvent { records[Int(index)].2 }

    /// The events in order.
    var events: [NavigationEvent] { records.map(\.2) }

    /// The projection after folding the whole session into `projection` (commit boundaries inferred).
    func run<P: Projection>(_ projection: P) -> P {
        var projection = projection
        fold(records, from: initial, into: &projection)
        return projection
    }

    /// The events with their recorded commit marks.
    var markedRecords: [(UInt64, Int64, NavigationEvent, Bool)] {
        zip(records, commitStarts).map { ($0.0, $0.1, $0.2, $1) }
    }

    /// The projection after folding the whole session with the recorded commit boundaries.
    func runMarked<P: Projection>(_ projection: P) -> P {
        var projection = projection
        fold(withCommitMarks: markedRecords, from: initial, into: &projection)
        return projection
    }

    /// The states after each event (for brute-force cross-checks only: copies every state).
    var statesAfterEachEvent: [NavigationState] {
        var state = initial
        return records.map { record in
            state.evolve(record.2)
            return state
        }
    }
}

/// The classic master–detail setup of the spec: `MN[M]` (#0, #1) and `DN[D]` (#2, #3) installed
/// as the split's children, not launched yet (events 0–10).
func masterDetail(_ traits: Traits, policy: SplitPolicy = .noDelegate) -> Session {
    var session = Session(traits: traits, policy: policy)
    let mn = session.instantiate(.navigation("MN", [.content("M")]))
    let dn = session.instantiate(.navigation("DN", [.content("D")]))
    session.send(.setSplitViewControllers([mn, dn]))
    return session
}

/// IDs of the master–detail setup.
enum MD {
    static let mn = ControllerID(app: 0)
    static let m = ControllerID(app: 1)
    static let dn = ControllerID(app: 2)
    static let d = ControllerID(app: 3)
}
