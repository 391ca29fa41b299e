import NavigationCore

/// A column of the classic split.
public enum SplitColumn: UInt8, Hashable, Sendable, CaseIterable {
    /// `viewControllers[0]`.
    case primary = 0
    /// `viewControllers[1]` (empty while collapsed).
    case secondary = 1
    /// The supplementary column of a column-style split (none in a classic split, empty while collapsed).
    case supplementary = 2
}

/// A part of the state whose changes ``Blame`` traces.
public enum StatePart: Hashable, Sendable, CustomStringConvertible {
    /// The stack of a navigation controller.
    case stack(ControllerID)
    /// Which controller is in a column of the split (not what that controller's stack holds: use
    /// ``stack(_:)`` for that).
    case column(SplitColumn)
    /// The actual display mode.
    case displayMode
    /// Whether the split is collapsed.
    case collapsed
    /// The modally presented controller.
    case presented
    /// The environment.
    case traits

    /// The part's value in `state`.
    public func value(in state: NavigationState) -> PartValue {
        withUnsafePointer(to: state) { value(at: $0) }
    }

    /// The part's value in the state at `state`, read in place: a fold's closure, lent its state
    /// `inout`, would otherwise copy the whole state to pass it by value.
    @inlinable
    func value(at state: UnsafePointer<NavigationState>) -> PartValue {
        switch self {
        case .stack(let navigation): return .stack(state.pointee.stack(of: navigation))
        case .column(.primary): return .controller(state.pointee.primary)
        case .column(.secondary): return .controller(state.pointee.isCollapsed ? nil : state.pointee.secondary)
        case .column(.supplementary): return .controller(state.pointee.isCollapsed ? nil : state.pointee.supplementary)
        case .displayMode: return .displayMode(state.pointee.displayMode)
        case .collapsed: return .collapsed(state.pointee.isCollapsed)
        case .presented: return .controller(state.pointee.presented)
        case .traits: return .traits(state.pointee.traits)
        }
    }

    /// `stack #3`, `secondary column`, `displayMode`, …
    public var description: String {
        switch self {
        case .stack(let id): return "stack \(id)"
        case .column(.primary): return "primary column"
        case .column(.secondary): return "secondary column"
        case .column(.supplementary): return "supplementary column"
        case .displayMode: return "displayMode"
        case .collapsed: return "collapsed"
        case .presented: return "presented"
        case .traits: return "traits"
        }
    }
}

/// The value of a ``StatePart`` at one point.
public enum PartValue: Hashable, Sendable {
    /// A stack, bottom to top.
    case stack([ControllerID])
    /// A column's or the presentation's controller, or none.
    case controller(ControllerID?)
    /// A display mode.
    case displayMode(DisplayMode)
    /// Collapsed or not.
    case collapsed(Bool)
    /// An environment.
    case traits(Traits)

    /// A short summary with screen names: `[M, DN[D]]` for a stack, `DN[D2]` or `none` for a
    /// controller (bracket notation, so a column shows its stack), `allVisible`, `collapsed` or
    /// `expanded`, `compact 414×736 phone`.
    public func summary(in state: NavigationState) -> String {
        switch self {
        case .stack(let ids): return "[" + ids.map(state.bracketNotation).joined(separator: ", ") + "]"
        case .controller(let id): return id.map(state.bracketNotation) ?? "none"
        case .displayMode(let mode): return mode.classicName
        case .collapsed(let flag): return flag ? "collapsed" : "expanded"
        case .traits(let traits): return describe(traits)
        }
    }
}

/// Who changed a part of the state: every event that changed it, with the value before and after,
/// so "which event put `DN2` in the secondary column?" and "what last changed the display mode
/// before event 40?" are look-ups.
///
/// The summaries are rendered with the state right after the change (a column's summary shows the
/// stacks as they were then), unless the projection is made without them (``init(_:keepingLast:summaries:)``)
/// for a caller that renders only the changes it keeps (``summarize(_:in:)``).
///
/// - Complexity: O(1) per event that leaves the part alone (a stack's: a copy of it and a
///   comparison, O(depth)); a change also renders two summaries when the projection makes them.
public struct Blame: Projection, Sendable {
    /// One change of the part.
    public struct Change: Hashable, Sendable {
        /// The index of the event that changed the part.
        public var index: UInt64
        /// The time of that event.
        public var time: Int64
        /// The event.
        public var event: NavigationEvent
        /// The value before the event.
        public var before: PartValue
        /// The value after the event.
        public var after: PartValue
        /// ``before`` rendered with the state after the event.
        public var beforeSummary: String
        /// ``after`` rendered with the state after the event.
        public var afterSummary: String

        /// Creates a change.
        public init(
            index: UInt64, time: Int64, event: NavigationEvent, before: PartValue, after: PartValue,
            beforeSummary: String, afterSummary: String
        ) {
            self.index = index
            self.time = time
            self.event = event
            self.before = before
            self.after = after
            self.beforeSummary = beforeSummary
            self.afterSummary = afterSummary
        }
    }

    /// The traced part.
    public let part: StatePart
    /// The part's value when the projection started; `nil` until ``start(from:)`` or the first
    /// event.
    public private(set) var initialValue: PartValue?
    /// The part's value after the last event; `nil` until ``start(from:)`` or the first event.
    public private(set) var value: PartValue?
    /// How many of the latest changes are kept (`nil`: every change), so that memory stays flat
    /// however long the log.
    public let keepingLast: Int?
    /// Whether each change's summaries are rendered as it is seen; without them they are empty.
    public let summaries: Bool
    /// The number of changes seen, kept or not.
    public private(set) var changeCount = 0
    /// The kept changes: in log order, or, once ``keepingLast`` are kept, a ring whose oldest
    /// change is at ``oldest`` (a new change overwrites it: no array grows or shifts).
    private var kept: [Change] = []
    /// The position of the oldest change in ``kept`` (0 until the ring is full).
    private var oldest = 0

    /// The changes kept, in log order: every change, or the last ``keepingLast``.
    public var history: [Change] {
        oldest == 0 ? kept : Array(kept[oldest...] + kept[..<oldest])
    }

    /// Traces `part`, keeping every change, or only the last `keepingLast` (at least one).
    ///
    /// Call ``start(from:)`` with the state before the first event (``fold(_:from:into:)`` does).
    /// Without it the part is assumed to start at its value in a new state; for ``StatePart/traits``,
    /// which a new state takes from its creator, the first event's traits are taken instead.
    /// - Parameter summaries: Whether to render each change's summaries as it is seen (`false`:
    ///   they are empty, for a caller that renders the kept ones with ``summarize(_:in:)``, as
    ///   rendering every change of a part that changes often costs more than the fold).
    public init(_ part: StatePart, keepingLast: Int? = nil, summaries: Bool = true) {
        self.part = part
        self.keepingLast = keepingLast.map { Swift.max(1, $0) }
        self.summaries = summaries
    }

    /// `change` with its summaries rendered in `state`, the state right after its event.
    public static func summarize(_ change: Change, in state: NavigationState) -> Change {
        var change = change
        change.beforeSummary = change.before.summary(in: state)
        change.afterSummary = change.after.summary(in: state)
        return change
    }

    /// Seeds the part's value before the first event.
    public mutating func start(from state: NavigationState) {
        value = part.value(in: state)
        initialValue = value
    }

    /// Records the event if the part's value differs from the one before it.
    public mutating func consume(_ context: EventContext) {
        consume(index: context.index, time: context.time, state: context.state) { context.event }
    }

    /// ``consume(_:)`` for a pass that builds no event value unless it must: `event` is called
    /// only when the part changed at event `index`, whose state after it is `state`.
    @inlinable
    public mutating func consume<Failure: Error>(
        index: UInt64, time: Int64, state: NavigationState, event: () throws(Failure) -> NavigationEvent
    ) throws(Failure) {
        if case .stack(let navigation) = part, withUnsafePointer(to: state, { keepsStack(navigation, in: $0) }) { return }
        let now = part.value(in: state)
        if isUnchanged(now) { return }
        var state = state
        record(index: index, time: time, now: now, state: &state, event: try event())
    }

    /// ``consume(index:time:state:event:)`` for a fold that lends its state `inout` (it is not
    /// changed): the part is read in place, so the whole state is not copied to be passed on
    /// (`blame` spent a tenth of its time in that copy).
    @inlinable
    package mutating func consume<Failure: Error>(
        index: UInt64, time: Int64, lent state: inout NavigationState, event: () throws(Failure) -> NavigationEvent
    ) throws(Failure) {
        if case .stack(let navigation) = part, withUnsafePointer(to: &state, { keepsStack(navigation, in: $0) }) { return }
        let now = withUnsafePointer(to: &state) { part.value(at: $0) }
        if isUnchanged(now) { return }
        record(index: index, time: time, now: now, state: &state, event: try event())
    }

    /// Whether the state at `state` holds `navigation`'s stack (the traced part) unchanged,
    /// compared in place: built as a value only to be compared, a stack allocated for every event.
    @inlinable @inline(__always)
    func keepsStack(_ navigation: ControllerID, in state: UnsafePointer<NavigationState>) -> Bool {
        guard case .stack(let last)? = value else { return false }
        return state.pointee.stack(of: navigation, is: last)
    }

    /// Whether `now` is the part's value after the last event. A column's value is compared in
    /// line: the synthesized `==` is a call per event.
    @inlinable @inline(__always)
    func isUnchanged(_ now: PartValue) -> Bool {
        if case .controller(let id) = now, case .controller(let last)? = value { return id == last }
        if let value { return now == value }
        return false
    }

    /// Records a change to `now` (or the first value seen) at `event`, number `index`, whose state
    /// after it is `state` (not changed); `isUnchanged(now)` was `false`. Not generic, so that a
    /// caller in another module calls it specialized.
    @usableFromInline
    mutating func record(index: UInt64, time: Int64, now: PartValue, state: inout NavigationState, event: NavigationEvent) {
        let value: PartValue
        if let last = self.value {
            value = last  // `isUnchanged` found `now` different
        } else {
            value = startingValue(after: state)
            initialValue = value
            guard now != value else {
                self.value = now
                return
            }
        }
        let change = Change(
            index: index, time: time, event: event, before: value, after: now,
            beforeSummary: summaries ? value.summary(in: state) : "",
            afterSummary: summaries ? now.summary(in: state) : "")
        if let keepingLast, kept.count == keepingLast {
            kept[oldest] = change
            oldest = oldest + 1 == keepingLast ? 0 : oldest + 1
        } else {
            kept.append(change)
        }
        changeCount += 1
        self.value = now
    }

    /// The part's value in a new state, which has no controllers and is not launched.
    private func startingValue(after state: NavigationState) -> PartValue {
        switch part {
        case .stack: return .stack([])
        case .column, .presented: return .controller(nil)
        case .displayMode: return .displayMode(NavigationState(traits: state.traits).displayMode)
        case .collapsed: return .collapsed(false)
        case .traits: return .traits(state.traits)
        }
    }

    /// The last change at or before event `index`: the event to blame for the part's value then.
    /// `nil` if the part still had its initial value (or, keeping only the latest changes, if the
    /// change was dropped: ask about a point at or after the first kept change).
    /// - Complexity: O(log n) in the number of changes kept.
    public func lastChange(atOrBefore index: UInt64) -> Change? {
        lastPosition(count: kept.count, atOrBefore: index) { kept[ringPosition($0)].index }.map { kept[ringPosition($0)] }
    }

    /// Where the `n`th oldest kept change lies in ``kept``.
    private func ringPosition(_ n: Int) -> Int {
        let position = oldest + n
        return position < kept.count ? position : position - kept.count
    }

    /// Every change, in log order.
    public var output: [Change] { history }
}
