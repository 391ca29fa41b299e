import NavigationCore

/// Every place a captured session's UIKit differed from the model (`docs/Capture.md`): the
/// `diverged` events with the command they follow, and the resyncs (`resynced` events) where the
/// model adopted what UIKit showed with no recorded cause.
///
/// Memory grows with the number of divergences and resyncs only (each is small), not with the log.
public struct ConformanceReport: Projection, Sendable {
    /// One divergence and where it was recorded.
    public struct Entry: Hashable, Sendable {
        /// The `diverged` event's index.
        public var index: UInt64
        /// The index of the first event of its commit (the command's).
        public var commitIndex: UInt64
        /// When the command happened.
        public var time: Int64
        /// The command the observation followed, as recorded (`nil` if the commit does not name one).
        public var command: NavigationCommand?
        /// Whether the observation was a resync's: a part of UIKit's state the model could not adopt.
        public var followsResync: Bool
        /// The difference.
        public var divergence: Divergence
    }

    /// A resync: UIKit showed something the capture did not cause, and the model adopted it.
    public struct ResyncEntry: Hashable, Sendable {
        /// The `resynced` event's index.
        public var index: UInt64
        /// When UIKit was seen.
        public var time: Int64
        /// What the model adopted.
        public var resync: Resync
    }

    /// The divergences, in log order.
    public private(set) var entries: [Entry] = []
    /// The resyncs, in log order.
    public private(set) var resyncs: [ResyncEntry] = []
    /// How many commands carried an observation that differed (commits with at least one divergence).
    public private(set) var divergentCommands = 0
    private var commit: [NavigationEvent] = []
    private var commitIndex: UInt64 = 0
    /// The name table before the current commit (what ``NavigationCommand/init(commit:names:)`` needs).
    private var commitNames = NameTable()
    private var lastNames = NameTable()
    private var commitCounted = false

    /// An empty report.
    public init() {}

    /// Starts from `state`.
    public mutating func start(from state: NavigationState) {
        lastNames = state.names
    }

    /// Consumes one event.
    public mutating func consume(_ context: EventContext) {
        if context.startsCommit {
            commit.removeAll(keepingCapacity: true)
            commitIndex = context.index
            commitNames = lastNames
            commitCounted = false
        }
        lastNames = context.state.names
        if case .resynced(let resync) = context.event { resyncs.append(ResyncEntry(index: context.index, time: context.time, resync: resync)) }
        guard case .diverged(let divergence) = context.event else {
            // Only the current commit's events are kept.
            commit.append(context.event)
            return
        }
        if !commitCounted {
            divergentCommands += 1
            commitCounted = true
        }
        entries.append(
            Entry(
                index: context.index, commitIndex: commitIndex, time: context.time,
                command: NavigationCommand(commit: commit, names: commitNames),
                followsResync: commit.first.map { if case .resynced = $0 { true } else { false } } ?? false,
                divergence: divergence))
    }

    /// The report.
    public var output: ConformanceReport { self }
}
