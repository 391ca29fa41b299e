import CBaselines
import NavigationCore

/// The C-fold baseline's input: the same events as 16-byte C structs in one flat array, and the
/// stack lists they point into.
public struct FlatEvents {
    public var events: [nt_event]
    public var lists: [UInt32]

    static let none = UInt32(NT_NONE)

    public init(_ source: [NavigationEvent]) {
        events = []
        lists = []
        events.reserveCapacity(source.count)
        for event in source { events.append(Self.flat(event, lists: &lists)) }
    }

    static func resolution(_ r: ShowResolution) -> (UInt8, UInt32) {
        switch r {
        case .pushed(let nav): return (UInt8(NT_SHOW_PUSHED), nav.rawValue)
        case .installedAsPrimary: return (UInt8(NT_SHOW_PRIMARY), none)
        case .installedAsSecondary: return (UInt8(NT_SHOW_SECONDARY), none)
        case .presentedModally: return (UInt8(NT_SHOW_MODAL), none)
        case .handledByDelegate: return (UInt8(NT_SHOW_DELEGATE), none)
        case .unchanged: return (UInt8(NT_SHOW_UNCHANGED), none)
        case .replacedStack(let nav): return (UInt8(NT_SHOW_REPLACED), nav.rawValue)
        }
    }

    static func traits(_ tag: EventKind, _ t: Traits) -> nt_event {
        nt_event(
            tag: tag.rawValue, x: t.horizontalSizeClass.rawValue, y: t.idiom.rawValue, z: t.sideBySide.rawValue,
            a: UInt32(bitPattern: t.width), b: UInt32(bitPattern: t.height), c: 0)
    }

    static func flat(_ event: NavigationEvent, lists: inout [UInt32]) -> nt_event {
        let tag = event.kind.rawValue
        func make(x: UInt8 = 0, y: UInt8 = 0, a: UInt32 = 0, b: UInt32 = 0, c: UInt32 = 0) -> nt_event {
            nt_event(tag: tag, x: x, y: y, z: 0, a: a, b: b, c: c)
        }
        func list(_ ids: [ControllerID]) -> (UInt32, UInt32) {
            let offset = UInt32(lists.count)
            lists.append(contentsOf: ids.map(\.rawValue))
            return (UInt32(ids.count), offset)
        }
        switch event {
        case .nameInterned: return make()
        case .controllerCreated(let id, let kind, let name, let rid):
            return make(x: kind.rawValue, a: id.rawValue, b: name.rawValue, c: rid?.rawValue ?? none)
        case .stackInitialized(let nav, let ids), .stackSet(let ids, let nav, _):
            let (count, offset) = list(ids)
            return make(a: nav.rawValue, b: count, c: offset)
        case .launched(let t): return traits(.launched, t)
        case .traitsChanged(let t): return traits(.traitsChanged, t)
        case .propertySet(let p):
            func double(_ property: Int, _ value: Double?) -> nt_event {
                let bits = (value ?? 0).bitPattern
                return make(x: UInt8(property), y: value == nil ? 0 : 1, a: UInt32(truncatingIfNeeded: bits), b: UInt32(truncatingIfNeeded: bits >> 32))
            }
            switch p {
            case .presentsWithGesture(let v): return make(x: UInt8(NT_PROP_GESTURE), y: 1, a: v ? 1 : 0)
            case .primaryEdge(let e): return make(x: UInt8(NT_PROP_EDGE), y: 1, a: UInt32(e.rawValue))
            case .preferredPrimaryColumnWidthFraction(let v): return double(NT_PROP_FRACTION, v)
            case .preferredPrimaryColumnWidth(let v): return double(NT_PROP_WIDTH, v)
            case .minimumPrimaryColumnWidth(let v): return double(NT_PROP_MIN, v)
            case .maximumPrimaryColumnWidth(let v): return double(NT_PROP_MAX, v)
            case .showsSecondaryOnlyButton(let v): return make(x: UInt8(NT_PROP_SECONDARY_ONLY_BUTTON), y: 1, a: v ? 1 : 0)
            case .displayModeButtonVisibility(let v): return make(x: UInt8(NT_PROP_BUTTON_VISIBILITY), y: 1, a: UInt32(v.rawValue))
            }
        case .preferredDisplayModeSet(let m): return make(x: m.rawValue)
        case .displayModeChanged(let m, _): return make(x: m.rawValue)
        case .splitViewControllersSet(let p, let s): return make(a: p.rawValue, b: s?.rawValue ?? none)
        case .collapsed(let r): return make(x: r.outcome.rawValue, a: r.newPrimary.rawValue)
        case .separated(let r): return make(x: r.source.rawValue, a: r.newPrimary.rawValue, b: r.secondary?.rawValue ?? none)
        case .shown(let t, _, let r):
            let (x, nav) = resolution(r)
            return make(x: x, a: t.rawValue, b: nav)
        case .detailShown(let t, _, let r):
            let (x, nav) = resolution(r)
            return make(x: x, a: t?.rawValue ?? none, b: nav)
        case .pushed(let c, let n): return make(a: c.rawValue, b: n.rawValue)
        case .popped(let n, _): return make(a: n.rawValue)
        case .poppedToRoot(let n): return make(a: n.rawValue)
        case .poppedTo(let c, let n): return make(a: c.rawValue, b: n.rawValue)
        case .presented(let c): return make(a: c.rawValue)
        case .dismissed(let c): return make(a: c.rawValue)
        case .rejected, .ignored, .columnShown, .columnHidden, .delegateNotified, .diverged: return make()
        case .controllerReleased(let id): return make(a: id.rawValue)
        case .resynced:
            return make()  // captures' resyncs: the app models' sessions record none
        case .detailMarked, .itemRepresented:
            return make()  // detail marks and items: read by the detectors, not by the C fold
        case .flagSet, .policyChanged:
            return make()  // a policy's state: the C fold follows the decisions, not the delegate
        case .columnSet, .columnStacked, .columnUnstacked, .preferredSplitBehaviorSet, .splitBehaviorChanged:
            return make()  // column style: no-ops in the C fold, which models the classic split only
        }
    }

    /// A C state like `initial` (which must hold no controllers yet).
    public static func initialState(like initial: NavigationState) -> nt_state {
        var state = nt_state()
        let t = initial.traits
        nt_state_init(&state, 64, t.horizontalSizeClass.rawValue, t.width, t.height, t.idiom.rawValue, t.sideBySide.rawValue)
        return state
    }

    /// Folds the events in C into `state`.
    @inline(__always)
    public func fold(into state: inout nt_state) {
        fold(0..<events.count, into: &state)
    }

    /// Folds events `range` in C into `state`.
    @inline(__always)
    public func fold(_ range: Range<Int>, into state: inout nt_state) {
        events.withUnsafeBufferPointer { e in
            lists.withUnsafeBufferPointer { l in nt_fold(&state, e.baseAddress! + range.lowerBound, range.count, l.baseAddress) }
        }
    }

    /// Checks that the C fold of `events` stays equal to the Swift fold at `points` evenly spaced
    /// positions (and at the end), for a classic-style session.
    public static func verify(_ flat: FlatEvents, against events: [NavigationEvent], from initial: NavigationState, points: Int = 32) throws {
        guard initial.style == .unspecified else {
            throw Mismatch(description: "the C fold models the classic split only, not \(initial.style)")
        }
        var c = initialState(like: initial)
        defer { nt_state_free(&c) }
        var swift = initial
        let step = Swift.max(1, events.count / points)
        var start = 0
        while start < events.count {
            let end = Swift.min(events.count, start + step)
            flat.fold(start..<end, into: &c)
            for i in start..<end { swift.evolve(events[i]) }
            do { try check(c, equals: swift) } catch let error as Mismatch {
                throw Mismatch(description: "\(error.description) (after event \(end))")
            }
            start = end
        }
    }

    public struct Mismatch: Error, CustomStringConvertible {
        public var description: String
    }

    /// Checks that the C fold ended where the Swift fold did: split fields and every controller's
    /// kind, parent, detail flag and stack.
    public static func check(_ c: nt_state, equals s: NavigationState) throws {
        func fail(_ what: String) -> Mismatch { Mismatch(description: "C fold differs from evolve: \(what)") }
        func raw(_ id: ControllerID?) -> UInt32 { id?.rawValue ?? none }
        guard c.overflows == 0 else { throw fail("\(c.overflows) stack overflows") }
        guard Int(c.app_count) == s.appControllerCount, Int(c.minted_count) == s.mintedControllerCount else { throw fail("controller counts") }
        guard Int(c.name_count) == s.names.count else { throw fail("name count") }
        guard c.primary == raw(s.primary), c.secondary == raw(s.secondary), c.presented == raw(s.presented),
            c.remembered_secondary == raw(s.rememberedSecondary), c.nesting_navigation == raw(s.nestingNavigation)
        else { throw fail("split children") }
        guard (c.is_collapsed != 0) == s.isCollapsed, (c.is_launched != 0) == s.isLaunched,
            c.display_mode == s.displayMode.rawValue, c.preferred_display_mode == s.preferredDisplayMode.rawValue,
            c.width == s.traits.width, c.height == s.traits.height, c.primary_column_width == s.primaryColumnWidth,
            (c.remembered_was_pushed != 0) == s.rememberedSecondaryWasPushed
        else { throw fail("split properties") }
        var copy = c
        for id in s.allControllerIDs {
            guard let record = s.record(id), let cr = nt_state_record(&copy, id.rawValue)?.pointee else { throw fail("record \(id)") }
            var stack: [ControllerID] = []
            withUnsafeBytes(of: cr.stack) { words in
                for i in 0..<Int(cr.stack_count) { stack.append(ControllerID(rawValue: words.load(fromByteOffset: 4 * i, as: UInt32.self))) }
            }
            let parent: ControllerParent
            switch Int(cr.parent_kind) {
            case NT_PARENT_NAVIGATION: parent = .navigation(ControllerID(rawValue: cr.parent_navigation))
            case NT_PARENT_SPLIT: parent = .split
            case NT_PARENT_PRESENTED: parent = .presented
            default: parent = .none
            }
            guard cr.kind == record.kind.rawValue, stack == s.stack(of: id), parent == record.parent,
                (cr.has_been_detail != 0) == record.hasBeenDetail, (cr.released != 0) == record.isReleased
            else { throw fail("controller \(id): C \(stack) \(parent) vs Swift \(s.stack(of: id)) \(record.parent)") }
        }
    }
}
