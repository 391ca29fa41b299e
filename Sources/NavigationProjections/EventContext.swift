import NavigationCore

/// One step of a session as a projection sees it: the event, where it sits in the log, and the
/// state right after it.
///
/// The context holds the state *after* the event only. Projections that need something from the
/// state before (the previous visible set, the previous value of a column) keep it in their own
/// accumulator, so no one pays for a copy of the whole state per event.
///
/// A replay loop keeps one context and moves it forward with ``advance(index:time:event:startsCommit:)``, which
/// evolves the state in place; a live recorder may do the same, or build a context around its own
/// state for each event. Either way, let the context die (or stop sharing) before the next
/// `evolve`, or that `evolve` copies the state's storage.
public struct EventContext: Sendable {
    /// The event's position in the log.
    public var index: UInt64
    /// When the event happened, in milliseconds since the Unix epoch.
    public var time: Int64
    /// The event just applied.
    public var event: NavigationEvent
    /// The state after ``event``.
    public var state: NavigationState
    /// Whether the event is the first of its commit (the events one command produced, applied
    /// together). Projections that report net effects, such as ``AppearanceCallbacks`` (AP-5),
    /// group the events of a commit.
    public var startsCommit: Bool

    /// Creates a context for `event`, with `state` the state after it.
    ///
    /// - Parameter startsCommit: Whether `event` starts its commit, as the log records it; `nil`
    ///   infers it from the event (``inferredCommitStart(for:)``).
    @inlinable
    public init(index: UInt64, time: Int64, event: NavigationEvent, state: NavigationState, startsCommit: Bool? = nil) {
        self.index = index
        self.time = time
        self.event = event
        self.state = state
        self.startsCommit = startsCommit ?? Self.inferredCommitStart(for: event)
    }

    /// Applies `event` to ``state`` in place and makes it the current event.
    ///
    /// - Parameter startsCommit: Whether `event` starts its commit; `nil` infers it.
    /// - Complexity: The cost of ``NavigationCore/NavigationState/evolve(_:)``.
    @inlinable
    public mutating func advance(index: UInt64, time: Int64, event: NavigationEvent, startsCommit: Bool? = nil) {
        var event = event
        advance(index: index, time: time, swapping: &event, startsCommit: startsCommit ?? Self.inferredCommitStart(for: event))
    }

    /// ``advance(index:time:event:startsCommit:)`` that takes `event` by swapping it with the
    /// context's last one, instead of copying it (a replay loop that owns each decoded event
    /// drops the old one and retains nothing).
    @inlinable
    public mutating func advance(index: UInt64, time: Int64, swapping event: inout NavigationEvent, startsCommit: Bool) {
        state.evolve(event)
        self.index = index
        self.time = time
        self.startsCommit = startsCommit
        swap(&self.event, &event)
    }

    /// Whether `event` starts a commit, inferred from how ``NavigationCore/Navigation/decide(_:in:policy:)``
    /// composes commits, for streams that do not record boundaries.
    ///
    /// Collapses, separates and display-mode changes that follow a launch, a trait change, a
    /// preference or a `showDetail` continue their commit; so do name, creation and stack
    /// initialisation events, which never change what is on screen (so merging an `instantiate`
    /// commit into the one before it changes no net effect). Everything else starts a commit.
    public static func inferredCommitStart(for event: NavigationEvent) -> Bool {
        switch event {
        case .collapsed, .separated, .nameInterned, .controllerCreated, .stackInitialized, .columnStacked,
            .columnUnstacked, .splitBehaviorChanged, .controllerReleased, .diverged, .detailMarked:
            return false
        case .itemRepresented, .resynced: return true
        case .displayModeChanged(_, let cause):
            return cause.userCommand != nil
        case .delegateNotified(let notification):
            return notification == .legacyPopoverWillPresent
        case .launched, .traitsChanged, .propertySet, .preferredDisplayModeSet, .splitViewControllersSet, .shown,
            .detailShown, .pushed, .popped, .poppedToRoot, .poppedTo, .stackSet, .presented, .dismissed, .rejected,
            .ignored, .columnSet, .columnShown, .columnHidden, .preferredSplitBehaviorSet, .flagSet, .policyChanged:
            return true
        }
    }

    /// Whether the event can have changed a navigation stack, a split column, the presented
    /// controller, or which controllers are in the hierarchy.
    ///
    /// Conservative: `true` means "maybe". Projections use it to skip whole-hierarchy work
    /// (``NavigationCore/NavigationState/invariantViolations()``, stack depths) after events that
    /// cannot matter, such as interned names, property changes, rejections and no-ops.
    public var mayChangeHierarchy: Bool { event.kind.mayChangeHierarchy }

    /// Whether the event can have changed what is on screen
    /// (``NavigationCore/NavigationState/visibleControllers``): any hierarchy change, the launch,
    /// and display-mode changes.
    public var mayChangeVisibility: Bool { event.kind.mayChangeVisibility }

    /// Whether the event only takes controllers out of the hierarchy or off a stack (a pop, a
    /// dismissal): no stack is deeper and nothing joins the hierarchy after it.
    public var onlyRemovesControllers: Bool {
        switch event {
        case .popped, .poppedToRoot, .poppedTo, .dismissed: return true
        default: return false
        }
    }
}
