import NavigationCore

/// Where the split's time goes for display-mode dwell: one bucket per actual display mode while
/// expanded, and one for collapsed.
public enum DisplayModeBucket: Hashable, Sendable, CustomStringConvertible {
    /// Expanded (and launched) in this display mode.
    case expanded(DisplayMode)
    /// Collapsed onto one stack (the display mode is not on screen).
    case collapsed

    /// The bucket of `state`, or `nil` before launch.
    public init?(_ state: NavigationState) {
        guard state.isLaunched else { return nil }
        self = state.isCollapsed ? .collapsed : .expanded(state.displayMode)
    }

    /// Every bucket: collapsed, then each display mode.
    static let all: [DisplayModeBucket] = [.collapsed] + DisplayMode.allCases.map(DisplayModeBucket.expanded)

    /// The bucket's place in a table of all of them (``all``'s order is not assumed).
    var slot: Int {
        switch self {
        case .collapsed: return 0
        case .expanded(let mode): return Int(mode.rawValue) + 1
        }
    }

    /// The size of a table indexed by ``slot``.
    static let slots = Int(DisplayMode.allCases.map(\.rawValue).max() ?? 0) + 2

    /// The display mode's classic name (`allVisible`), or `collapsed`.
    public var description: String {
        switch self {
        case .expanded(let mode): return mode.classicName
        case .collapsed: return "collapsed"
        }
    }
}

/// Counts and times over a session: events per kind, collapses and separates, rejected and
/// ignored commands by reason, the deepest stack seen, and how long each screen and each display
/// mode was on screen.
///
/// Dwell time runs from the event that put something on screen to the event that changed it and
/// is attributed to every distinct screen name visible (two columns showing `Detail` count once).
/// The clock starts at the first event consumed; the open interval after the last event counts up
/// to that event's time. Intervals of zero length (several events of one commit share a time) add
/// nothing, and a clock running backwards adds nothing.
///
/// - Complexity: O(1) per event, plus one walk down the visible paths after events that may change
///   what is on screen and one over the hierarchy's stacks after events that may change a stack.
public struct SessionStatistics: Projection, Sendable {
    private var kindCounts = Self.counters(EventKind.allCases.map(\.rawValue))
    private var rejectionCounts = Self.counters(RejectionReason.allCases.map(\.rawValue))
    private var ignoreCounts = Self.counters(IgnoreReason.allCases.map(\.rawValue))

    /// The number of events consumed.
    public private(set) var eventCount = 0
    /// The number of collapses at launch (SZ-3), included in ``collapses``.
    public private(set) var collapsesAtLaunch = 0
    /// The depth of the deepest navigation stack in the hierarchy so far.
    public private(set) var maximumStackDepth = 0
    /// The time of the first event consumed.
    public private(set) var firstTime: Int64?
    /// The time of the last event consumed.
    public private(set) var lastTime: Int64?

    private var content: [ControllerID] = []
    /// The distinct screens on screen after the last event, primary column first.
    private var visibleScreens: [Screen] = []
    /// The name table when the screens last changed: it names every screen seen so far (names are
    /// only ever added), so dwell is kept by name ID and spelled out only when asked for.
    private var names = NameTable()
    private var contentSince: Int64 = 0
    private var closedScreenDwell = ScreenDwell()
    private var bucket: DisplayModeBucket?
    private var bucketSince: Int64 = 0
    /// Closed dwell by ``DisplayModeBucket/slot``: a table, so a change of mode hashes nothing.
    private var closedDisplayModeDwell = [Int64](repeating: 0, count: DisplayModeBucket.slots)

    /// Creates empty statistics.
    public init() {}

    /// Seeds what is on screen and the stack depth before the first event.
    public mutating func start(from state: NavigationState) {
        state.visibleContent(into: &content)
        names = state.names
        Self.screens(content, in: state, into: &visibleScreens)
        bucket = DisplayModeBucket(state)
        maximumStackDepth = Swift.max(maximumStackDepth, state.maximumStackDepth)
    }

    /// Counts the event and advances the dwell clocks.
    public mutating func consume(_ context: EventContext) {
        let time = context.time
        if firstTime == nil {
            firstTime = time
            contentSince = time
            bucketSince = time
        }
        lastTime = time
        eventCount += 1
        kindCounts[Int(context.event.kind.rawValue)] += 1
        switch context.event {
        case .rejected(_, let reason, _): rejectionCounts[Int(reason.rawValue)] += 1
        case .ignored(_, let reason, _): ignoreCounts[Int(reason.rawValue)] += 1
        case .collapsed(let resolution) where resolution.atLaunch: collapsesAtLaunch += 1
        default: break
        }
        // A pop or a dismissal only takes controllers away, so no stack is deeper than before; a
        // content controller pushed deepens only the stack it joins, if that one is on screen.
        if context.mayChangeHierarchy && !context.onlyRemovesControllers {
            if let navigation = Self.contentPush(context.event, in: context.state) {
                if context.state.isInHierarchy(navigation) {
                    maximumStackDepth = Swift.max(maximumStackDepth, context.state.stackCount(of: navigation))
                }
            } else {
                maximumStackDepth = Swift.max(maximumStackDepth, context.state.maximumStackDepth)
            }
        }
        let newBucket = DisplayModeBucket(context.state)
        if newBucket != bucket {
            if let bucket, let duration = Self.duration(from: bucketSince, to: time) {
                Self.accumulate(duration, into: &closedDisplayModeDwell[bucket.slot])
            }
            bucket = newBucket
            bucketSince = time
        }
        if context.mayChangeVisibility {
            if context.state.visibleContent(into: &content) {
                for screen in visibleScreens { closedScreenDwell.add(from: contentSince, to: time, to: screen) }
                // Compared before it is copied: while the state's table is the one kept here, the
                // comparison finds the same storage and the copy (a retain and a release) is skipped.
                if names.strings != context.state.names.strings { names = context.state.names }
                Self.screens(content, in: context.state, into: &visibleScreens)
                contentSince = time
            }
        }
    }

    // MARK: counts

    /// The number of events of each kind (kinds never seen are absent).
    public var eventCounts: [EventKind: Int] {
        var result: [EventKind: Int] = [:]
        for kind in EventKind.allCases where kindCounts[Int(kind.rawValue)] > 0 {
            result[kind] = kindCounts[Int(kind.rawValue)]
        }
        return result
    }

    /// The number of events of `kind`.
    public func count(of kind: EventKind) -> Int { kindCounts[Int(kind.rawValue)] }

    /// The number of collapses, at launch or on a trait change.
    public var collapses: Int { count(of: .collapsed) }

    /// The number of separates (expansions).
    public var separates: Int { count(of: .separated) }

    /// The number of rejected commands for each reason (reasons never seen are absent).
    public var rejections: [RejectionReason: Int] {
        var result: [RejectionReason: Int] = [:]
        for reason in RejectionReason.allCases where rejectionCounts[Int(reason.rawValue)] > 0 {
            result[reason] = rejectionCounts[Int(reason.rawValue)]
        }
        return result
    }

    /// The number of ignored commands for each reason (reasons never seen are absent).
    public var ignores: [IgnoreReason: Int] {
        var result: [IgnoreReason: Int] = [:]
        for reason in IgnoreReason.allCases where ignoreCounts[Int(reason.rawValue)] > 0 {
            result[reason] = ignoreCounts[Int(reason.rawValue)]
        }
        return result
    }

    /// The number of rejected commands per rule they ran into (several reasons share a rule).
    public var rejectionsByRule: [RuleID: Int] {
        rejections.reduce(into: [:]) { $0[$1.key.rule, default: 0] += $1.value }
    }

    /// The number of ignored commands per rule that made them no-ops.
    public var ignoresByRule: [RuleID: Int] {
        ignores.reduce(into: [:]) { $0[$1.key.rule, default: 0] += $1.value }
    }

    // MARK: dwell

    /// The distinct screen names on screen after the last event, primary column first.
    public var visibleScreenNames: [String] { visibleScreens.map(name) }

    /// Milliseconds each screen name was visible, up to the last event.
    public var screenDwell: [String: Int64] {
        guard let lastTime else { return named(closedScreenDwell) }
        return screenDwell(until: lastTime)
    }

    /// Milliseconds each screen name was visible, counting the open interval up to `time`.
    public func screenDwell(until time: Int64) -> [String: Int64] {
        var byScreen = closedScreenDwell
        for screen in visibleScreens { byScreen.add(from: contentSince, to: time, to: screen) }
        return named(byScreen)
    }

    /// `table` keyed by the screens' names.
    private func named(_ table: ScreenDwell) -> [String: Int64] {
        var result: [String: Int64] = [:]
        for (raw, duration) in table.byName.enumerated() where duration > 0 {
            Self.accumulate(duration, into: &result[name(of: .named(NameID(rawValue: UInt32(raw)))), default: 0])
        }
        for (controller, duration) in table.unknown { Self.accumulate(duration, into: &result[name(of: .unknown(controller)), default: 0]) }
        return result
    }

    /// Milliseconds spent in each display mode while expanded, and collapsed, up to the last event.
    public var displayModeDwell: [DisplayModeBucket: Int64] {
        dwellByBucket(until: lastTime)
    }

    /// Milliseconds per display-mode bucket, counting the open interval up to `time`.
    public func displayModeDwell(until time: Int64) -> [DisplayModeBucket: Int64] {
        dwellByBucket(until: time)
    }

    /// The closed dwell, plus the open interval up to `time` unless it is `nil`; buckets never
    /// on screen for a positive time are absent.
    private func dwellByBucket(until time: Int64?) -> [DisplayModeBucket: Int64] {
        var totals = closedDisplayModeDwell
        if let time, let bucket, let duration = Self.duration(from: bucketSince, to: time) {
            Self.accumulate(duration, into: &totals[bucket.slot])
        }
        var result: [DisplayModeBucket: Int64] = [:]
        for bucket in DisplayModeBucket.all where totals[bucket.slot] > 0 { result[bucket] = totals[bucket.slot] }
        return result
    }

    /// The statistics themselves.
    public var output: SessionStatistics { self }

    // MARK: helpers

    /// The navigation controller `event` pushed a content controller onto, when that is all it did.
    private static func contentPush(_ event: NavigationEvent, in state: NavigationState) -> ControllerID? {
        switch event {
        case .pushed(let controller, let navigation), .shown(let controller, _, .pushed(let navigation)),
            .detailShown(let controller?, _, .pushed(let navigation)):
            return state.kind(of: controller) == .content ? navigation : nil
        default:
            return nil
        }
    }

    /// A screen on display: a controller's name, by its ID in the name table (a controller the state
    /// does not know, as a forged log may name, by its own ID).
    private enum Screen: Hashable {
        case named(NameID)
        case unknown(ControllerID)
    }

    private func name(of screen: Screen) -> String {
        switch screen {
        case .named(let id): return names[id]
        case .unknown(let controller): return "\(controller)"
        }
    }

    /// Dwell per screen: by name ID in an array (names are dense and capped), so the hot path
    /// hashes nothing; screens the state does not know by their ID in a table.
    private struct ScreenDwell: Sendable {
        var byName: [Int64] = []
        var unknown: [ControllerID: Int64] = [:]

        mutating func add(from start: Int64, to end: Int64, to screen: Screen) {
            switch screen {
            case .named(let id):
                guard let duration = SessionStatistics.duration(from: start, to: end) else { return }
                let index = Int(id.rawValue)
                if index >= byName.count { byName.append(contentsOf: repeatElement(0, count: index + 1 - byName.count)) }
                SessionStatistics.accumulate(duration, into: &byName[index])
            case .unknown(let controller):
                SessionStatistics.add(from: start, to: end, to: controller, in: &unknown)
            }
        }
    }

    /// Replaces `screens` with the distinct screens of `ids`, in order, in place.
    private static func screens(_ ids: [ControllerID], in state: NavigationState, into screens: inout [Screen]) {
        var count = 0
        for id in ids {
            let screen: Screen
            if let record = state.record(id) { screen = .named(record.name) } else { screen = .unknown(id) }
            if screens[..<count].contains(screen) { continue }
            if count < screens.count { screens[count] = screen } else { screens.append(screen) }
            count += 1
        }
        if screens.count > count { screens.removeLast(screens.count - count) }
    }

    /// Adds the interval `start..<end` to `key`: nothing if it is empty, negative or overflows
    /// (a damaged log's times cannot trap here); totals saturate.
    private static func add<Key: Hashable>(from start: Int64, to end: Int64, to key: Key, in table: inout [Key: Int64]) {
        guard let duration = duration(from: start, to: end) else { return }
        accumulate(duration, into: &table[key, default: 0])  // one lookup: the entry is changed in place
    }

    /// The length of `start..<end`, or `nil` if it is empty, negative or overflows.
    private static func duration(from start: Int64, to end: Int64) -> Int64? {
        let (duration, overflow) = end.subtractingReportingOverflow(start)
        return !overflow && duration > 0 ? duration : nil
    }

    private static func accumulate(_ duration: Int64, into total: inout Int64) {
        let (sum, saturated) = total.addingReportingOverflow(duration)
        total = saturated ? Int64.max : sum
    }

    /// Zeroed counters indexed by raw value.
    private static func counters(_ rawValues: [UInt8]) -> [Int] {
        [Int](repeating: 0, count: Int(rawValues.max() ?? 0) + 1)
    }
}
