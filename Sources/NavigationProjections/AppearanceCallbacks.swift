import NavigationCore

/// One controller's change of on-screen status: a `viewWillAppear`/`viewDidAppear` pair or a
/// `viewWillDisappear`/`viewDidDisappear` pair (AP-1).
public enum AppearanceTransition: Hashable, Sendable, CustomStringConvertible {
    /// The controller came on screen.
    case appear(ControllerID)
    /// The controller went off screen.
    case disappear(ControllerID)

    /// The controller concerned.
    public var controller: ControllerID {
        switch self {
        case .appear(let id), .disappear(let id): return id
        }
    }

    /// `appear #3` or `disappear #3`.
    public var description: String {
        switch self {
        case .appear(let id): return "appear \(id)"
        case .disappear(let id): return "disappear \(id)"
        }
    }

    /// `appear D` with the controller's screen name in `state`.
    public func description(in state: NavigationState) -> String {
        switch self {
        case .appear(let id): return "appear \(state.name(of: id))"
        case .disappear(let id): return "disappear \(state.name(of: id))"
        }
    }
}

/// One UIKit appearance callback.
public enum AppearanceCallback: Hashable, Sendable {
    /// `viewWillAppear(_:)`.
    case viewWillAppear(ControllerID)
    /// `viewDidAppear(_:)`.
    case viewDidAppear(ControllerID)
    /// `viewWillDisappear(_:)`.
    case viewWillDisappear(ControllerID)
    /// `viewDidDisappear(_:)`.
    case viewDidDisappear(ControllerID)
}

/// The transitions that take the screen from `before` to `after` (AP-1, AP-4, AP-5, AP-6).
///
/// One pair per controller whose on-screen status changed: a controller on screen both before and
/// after gets nothing, even if a collapse or expand moved it (AP-5: net pairs). Disappearing
/// controllers come first, in `before`'s order, then appearing ones in `after`'s order; with
/// ``NavigationCore/NavigationState/visibleControllers`` as input that is path order, containers
/// before their content.
///
/// - Parameters:
///   - before: The controllers on screen before, e.g. `visibleControllers` of the earlier state.
///   - after: The controllers on screen after.
/// - Complexity: O(n × m) for lists of n and m controllers (a handful on any real screen).
public func appearanceTransitions(from before: [ControllerID], to after: [ControllerID]) -> [AppearanceTransition] {
    var result: [AppearanceTransition] = []
    for id in before where !after.contains(id) { result.append(.disappear(id)) }
    for id in after where !before.contains(id) { result.append(.appear(id)) }
    return result
}

/// The callbacks of `transitions` in the order UIKit sends them for one transition: every `will`
/// (in transition order), then every `did` (in the same order).
///
/// The interleaving across controllers is the standard `UINavigationController` push/pop order
/// (AP-4); for collapse and expand UIKit suspends callbacks and the exact sequence is unspecified
/// (AP-5, §15.9).
public func appearanceCallbacks(for transitions: [AppearanceTransition]) -> [AppearanceCallback] {
    var result: [AppearanceCallback] = []
    result.reserveCapacity(transitions.count * 2)
    for transition in transitions {
        switch transition {
        case .appear(let id): result.append(.viewWillAppear(id))
        case .disappear(let id): result.append(.viewWillDisappear(id))
        }
    }
    for transition in transitions {
        switch transition {
        case .appear(let id): result.append(.viewDidAppear(id))
        case .disappear(let id): result.append(.viewDidDisappear(id))
        }
    }
    return result
}

/// The appearance callbacks (§9, AP-1..AP-6) each commit caused, as the difference of
/// ``NavigationCore/NavigationState/visibleControllers`` before and after it.
///
/// Net per commit (AP-5): a commit is the events one command produced, so a launch that
/// collapses at once (T11: the launch shows `DN[D]` expanded, then the collapse discards it)
/// reports `MN` and `M` appearing, not `D` appearing and disappearing. Each entry is attributed to
/// the last event of its commit that changed what is on screen (the collapse, the separate, the
/// push). Commit boundaries come from ``EventContext/startsCommit``.
///
/// Containers count: launching on iPad in portrait makes `DN` and `D` appear, not `MN` or `M`
/// (T02). Only commits that changed something on screen get an entry; the entry of the commit in
/// progress is included in ``entries`` and may still change with the commit's next event.
///
/// - Complexity: O(1) for events that cannot change what is on screen
///   (``EventContext/mayChangeVisibility``); otherwise one walk down the visible paths.
public struct AppearanceCallbacks: Projection, Sendable {
    /// The transitions one commit caused.
    public struct Entry: Hashable, Sendable {
        /// The index of the last event of the commit that changed what is on screen.
        public var index: UInt64
        /// The time of that event.
        public var time: Int64
        /// That event.
        public var event: NavigationEvent
        /// Disappearing controllers first, then appearing ones, each in path order.
        public var transitions: [AppearanceTransition]

        /// Creates an entry.
        public init(index: UInt64, time: Int64, event: NavigationEvent, transitions: [AppearanceTransition]) {
            self.index = index
            self.time = time
            self.event = event
            self.transitions = transitions
        }

        /// The UIKit callbacks of ``transitions``, `will`s before `did`s.
        public var callbacks: [AppearanceCallback] { appearanceCallbacks(for: transitions) }
    }

    private var settled: [Entry] = []
    /// The controllers on screen after the last event.
    public private(set) var visible: [ControllerID] = []
    /// What was on screen when the current commit started.
    private var visibleAtCommitStart: [ControllerID] = []
    /// The last event of the current commit that changed what is on screen.
    private var lastChange: (index: UInt64, time: Int64, event: NavigationEvent)?

    /// Creates an empty projection (nothing on screen).
    public init() {}

    /// Seeds what is on screen before the first event.
    public mutating func start(from state: NavigationState) {
        visible = state.visibleControllers
        visibleAtCommitStart = visible
    }

    /// Settles the previous commit when this event starts a new one, and notes what changed.
    public mutating func consume(_ context: EventContext) {
        if context.startsCommit {
            if let entry = pendingEntry { settled.append(entry) }
            lastChange = nil
            visibleAtCommitStart = visible
        }
        guard context.mayChangeVisibility else { return }
        let now = context.state.visibleControllers
        guard now != visible else { return }
        visible = now
        lastChange = (context.index, context.time, context.event)
    }

    /// The entry of the commit in progress, if it changed anything on screen so far.
    private var pendingEntry: Entry? {
        guard let lastChange else { return nil }
        let transitions = appearanceTransitions(from: visibleAtCommitStart, to: visible)
        guard !transitions.isEmpty else { return nil }
        return Entry(index: lastChange.index, time: lastChange.time, event: lastChange.event, transitions: transitions)
    }

    /// The entries, in log order, including the commit in progress.
    public var entries: [Entry] {
        guard let pending = pendingEntry else { return settled }
        return settled + [pending]
    }

    /// The entries, in log order, including the commit in progress.
    public var output: [Entry] { entries }
}
