/// A broken invariant (§1.3) or a detected classic bug (§12), with the controller concerned.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    /// The rule, e.g. `INV-4` or `BUG-6`.
    public var rule: RuleID
    /// The controller the violation is about, if one.
    public var subject: ControllerID?
    /// A one-line explanation.
    public var message: String

    /// Creates a violation.
    public init(_ rule: RuleID, _ subject: ControllerID?, _ message: String) {
        self.rule = rule
        self.subject = subject
        self.message = message
    }

    /// `BUG-6 #4: …`.
    public var description: String {
        subject.map { "\(rule) \($0): \(message)" } ?? "\(rule): \(message)"
    }
}

extension NavigationState {
    /// The invariants `evolve` maintains by construction whatever the event (checked builds assert
    /// them after every event): INV-2 and INV-3, and the split's children hang from the split.
    public var structuralInvariantsHold: Bool {
        if displayMode == .automatic { return false }  // INV-3
        if style.isColumnStyle {
            // Columns hang from the split, or from the primary's stack while collapsed (CO-11).
            // Three optionals, not an array: replay checks this after every event (no allocation).
            func hangsFromSplit(_ column: ControllerID?) -> Bool {
                guard let column else { return true }
                let parent = parent(of: column)
                return parent == .split || (isCollapsed && primary.map { parent == .navigation($0) } == true)
            }
            if !hangsFromSplit(supplementary) || !hangsFromSplit(secondary) || !hangsFromSplit(compactColumn) { return false }
            if let primary, parent(of: primary) != .split { return false }
            return true
        }
        if isCollapsed && secondary != nil { return false }  // INV-2
        if let primary, parent(of: primary) != .split { return false }
        if let secondary, parent(of: secondary) != .split { return false }
        return true
    }

    /// The invariants INV-1..INV-6 that do not hold in this state.
    ///
    /// INV-1, INV-4 and INV-5 can break through delegate answers UIKit accepts (EX-3 leaves a nested
    /// navigation controller in an expanded primary); `decide` never breaks them by itself.
    public func invariantViolations() -> [Violation] {
        var result: [Violation] = []
        forEachInvariantViolation { rule, subject, message in result.append(Violation(rule, subject, message())) }
        return result
    }

    /// Calls `body` with each invariant this state breaks, in the order of
    /// ``invariantViolations()``, the message built only if `body` calls for it: a report that
    /// checks after every event (`navtape stats`) allocates nothing while the violations stay the same.
    public func forEachInvariantViolation(_ body: (_ rule: RuleID, _ subject: ControllerID?, _ message: () -> String) -> Void) {
        if displayMode == .automatic { body(RuleID(.INV, 3), nil, { "displayMode is automatic" }) }
        if style == .unspecified && isCollapsed {
            let count = viewControllerList.count
            if count != 1 { body(RuleID(.INV, 2), nil, { "collapsed with \(count) view controllers" }) }
        }
        // The walk allocates nothing for controllers below the 1,024th of each ID space (a hashed
        // set per event cost most of a `stats` pass, a list scan much of the rest), and recurses
        // through a method with `inout` state, not a local function capturing it (which the
        // runtime checks for exclusive access at every use).
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: SeenControllers.words) { buffer in
            var seen = SeenControllers(buffer)
            let roots = hierarchyRoots
            for position in 0..<roots.count {
                checkInvariants(roots[position], container: nil, depth: 0, seen: &seen, body)
            }
        }
    }

    private func checkInvariants(
        _ id: ControllerID, container: ControllerID?, depth: Int, seen: inout SeenControllers,
        _ body: (_ rule: RuleID, _ subject: ControllerID?, _ message: () -> String) -> Void
    ) {
        guard depth < 64 else { return }
        if !seen.insert(id) {
            body(RuleID(.INV, 1), id, { "\(name(of: id)) appears twice in the hierarchy" })
            return
        }
        // One lookup per controller: its kind and its stack are read from the record in place.
        guard let record = controllers.slot(id) else { return }
        let kind = record.pointee.kind
        if let container {
            switch kind {
            case .split:
                body(RuleID(.INV, 5), id, { "split view controller \(name(of: id)) inside \(name(of: container))" })
            case .navigation where !allowsNesting(in: container):
                body(RuleID(.INV, 4), id, { "navigation controller \(name(of: id)) nested in \(name(of: container))" })
            default: break
            }
        }
        guard kind == .navigation else { return }
        // INV-6 is about pops (NV-2..NV-4), which never empty a stack here; an empty navigation
        // controller an app made (`UINavigationController()`, DoroDoro's detail) is UIKit's own
        // state, and one a merging delegate emptied is judged when it comes back (bugs(after:)).
        for child in controllers.stack(of: record) {
            checkInvariants(child, container: id, depth: depth + 1, seen: &seen, body)
        }
    }

    /// The classic bugs (§12) that `event`, just applied to this state, triggered, and INV-2's
    /// expanded direction (judged on the event); `launching` says the event belongs to the commit
    /// that put the split on screen.
    ///
    /// Detectors fire at the event that causes the defect, so a session report lists each
    /// occurrence once with its event index. BUG-10 is an environment bug and is not modelled.
    ///
    /// - Parameter invariantsHold: `true` only when ``forEachInvariantViolation(_:)`` reported
    ///   nothing for this state, as a replay that has just checked knows. No navigation controller
    ///   is then nested outside a collapse (that is INV-4), and BUG-8 skips its walk.
    public func bugs(after event: NavigationEvent, launching: Bool = false, invariantsHold: Bool = false) -> [Violation] {
        var result: [Violation] = []
        guard event.kind.mayRaiseBug else { return result }
        func bug(_ n: UInt8, _ subject: ControllerID?, _ message: String) {
            result.append(Violation(RuleID(.BUG, n), subject, message))
        }
        switch event {
        case .separated(let resolution):
            if let secondary = resolution.secondary {
                // BUG-1, BUG-3 (harm: a detail with no navigation bar, so no Back and no title): UIKit's
                // default pop (EX-2) made content that a collapsed showDetail pushed (SH-9) the
                // secondary, where the app had a navigation controller. A delegate that returns a plain
                // controller chose it, as an app may launch with one: not a bug.
                if resolution.source == .poppedFromPrimary, kind(of: secondary) == .content,
                    let remembered = rememberedSecondary, kind(of: remembered) == .navigation
                {
                    bug(1, secondary, "detail \(name(of: secondary)) separated without a navigation controller (was \(name(of: remembered)))")
                    bug(3, secondary, "\(name(of: secondary)) has no navigationController")
                }
                if resolution.source == .rememberedStale {
                    bug(6, secondary, "stale detail \(bracketNotation(secondary)) restored although the user left it")
                }
                // INV-6 (harm: an empty detail, no content and no Back): UIKit's fallback (EX-1.5)
                // installed the remembered secondary a merging delegate emptied on collapse (CO-4).
                if resolution.source == .remembered || resolution.source == .rememberedStale, kind(of: secondary) == .navigation,
                    stackCount(of: secondary) == 0
                {
                    result.append(Violation(RuleID(.INV, 6), secondary, "\(name(of: secondary)), emptied by the collapse, installed again empty"))
                }
                // BUG-7 (harm: the master's own drill-down screen moves to the detail column): UIKit's
                // default pop took a controller that holds nothing ever shown as detail.
                // A navigation controller can only have been pushed onto the collapsed primary as a
                // detail (nesting is allowed there and nowhere else), so it is never a drill-down.
                if resolution.source == .poppedFromPrimary, kind(of: secondary) != .navigation, !holdsDetail(secondary) {
                    bug(7, secondary, "master drill-down \(name(of: secondary)) became the detail")
                }
            }
            appendDuplicateDetail(into: &result)
        case .detailShown(let target?, _, .presentedModally), .shown(let target, _, .presentedModally):
            if kind(of: target) == .content { bug(3, target, "\(name(of: target)) presented modally without a navigationController") }
        case .detailShown(let target?, _, .pushed(let nav)), .shown(let target, _, .pushed(let nav)), .pushed(let target, let nav):
            if !isInHierarchy(nav) { bug(3, target, "\(name(of: target)) pushed onto \(name(of: nav)), which is not on screen") }
        case .detailShown(_, _, .installedAsSecondary):
            appendDuplicateDetail(into: &result)
        case .splitViewControllersSet:
            if isCollapsed {
                bug(4, rememberedSecondary, "viewControllers set while collapsed: the detail changed behind the scenes")
            } else if displayMode == .primaryOverlay {
                bug(4, secondary, "viewControllers set while the primary overlays the secondary")
            }
            // INV-2 the other way (docs/Semantics.md): an expanded classic split shows one child only
            // when a separate found no secondary at all (EX-1.6); the app setting `[primary]` on a
            // launched, expanded split is reported. Judged on the event, since the state after it
            // cannot tell EX-1.6's `[primary]` from the app's.
            if style == .unspecified, isLaunched, !isCollapsed, secondary == nil, let primary {
                result.append(Violation(RuleID(.INV, 2), primary, "expanded with only \(name(of: primary)): viewControllers set to one child"))
            }
        case .launched(let traits):
            // INV-2 expanded, at launch: a classic split put on screen in a regular width with one
            // child shows it alone, which no separate made (EX-1.6 applies to separates only).
            if style == .unspecified, traits.horizontalSizeClass == .regular, secondary == nil, let primary {
                result.append(Violation(RuleID(.INV, 2), primary, "launched expanded with only \(name(of: primary)): a classic split needs two children"))
            }
        case .collapsed(let resolution):
            // BUG-5 (harm: the first screen is an empty placeholder detail): a detail that shows an
            // item (`representItem`) is the selection the app restored, whoever put it on top.
            if resolution.atLaunch && resolution.outcome == .secondaryPushed && shownItem(of: resolution.newPrimary) == nil {
                bug(5, resolution.newPrimary, "launched collapsed on the detail \(bracketNotation(visibleEnd(from: resolution.newPrimary)))")
            }
        case .columnStacked(.secondary) where launching:
            // CO-12: the column-style equivalent, the secondary column on top of the launch collapse.
            if let secondary, shownItem(of: secondary) == nil {
                bug(5, secondary, "launched collapsed on the secondary column \(bracketNotation(secondary))")
            }
        case .rejected(_, .navigationController, let subject):
            bug(8, subject, "pushing a navigation controller is not supported")
        case .rejected(_, .alreadyInStack, let subject):
            bug(9, subject, "the same view controller pushed twice")
        default:
            break
        }
        // BUG-8: any event that puts controllers into the hierarchy can surface a navigation
        // controller nested outside a collapse (left by EX-2's single pop, or nested while collapsed
        // and installed again later).
        // It fires at the event that causes it — the expand, or the event that moves the nested
        // controller or its container — not again at every later event while it lasts.
        if !invariantsHold, event.canNestOutsideCollapse, let (nested, container) = nestedNavigationOutsideCollapse(),
            event.kind == .separated || event.kind == .columnSet || event.kind == .collapsed
                || event.subjects.contains(where: { isInSubtree(nested, of: $0) || $0 == container })
        {
            let context = event.kind == .separated ? "left nested after expand" : "nested outside a collapse"
            bug(8, nested, "navigation controller \(name(of: nested)) \(context) in \(name(of: container))")
        }
        return result
    }

    /// Whether `id` or anything in its stacks has been shown as detail (a navigation controller an
    /// app's override wrapped around a detail holds it).
    func holdsDetail(_ id: ControllerID) -> Bool {
        if record(id)?.hasBeenDetail == true { return true }
        return subtree(of: id).contains { record($0)?.hasBeenDetail == true }
    }

    /// The first navigation controller in the hierarchy nested where INV-4 forbids it, with its container.
    func nestedNavigationOutsideCollapse() -> (ControllerID, ControllerID)? {
        struct FirstNested: NavigationControllerVisitor {
            var found: (ControllerID, ControllerID)?
            @inline(__always) mutating func visit(_ container: ControllerID, in state: NavigationState) -> Bool {
                guard !state.allowsNesting(in: container) else { return true }
                for position in 0..<state.stackCount(of: container) {
                    let child = state.stackChild(position, of: container)
                    if state.kind(of: child) == .navigation {
                        found = (child, container)
                        return false
                    }
                }
                return true
            }
        }
        var first = FirstNested()
        walkNavigationControllers(&first)
        return first.found
    }

    /// BUG-2: the same content in both columns, or detail content left in the primary column.
    func appendDuplicateDetail(into result: inout [Violation]) {
        guard !isCollapsed, let primary, let secondary else { return }
        let left = visibleEnd(from: primary), right = visibleEnd(from: secondary)
        if left != right, record(left)?.name == record(right)?.name {
            result.append(Violation(RuleID(.BUG, 2), right, "\(name(of: right)) shown in both columns"))
            return
        }
        // The visible path below the primary (appendVisiblePath's walk, without the list).
        var current = primary
        for _ in 0..<64 {
            guard kind(of: current) == .navigation, let top = top(of: current) else { return }
            current = top
            if knownRecordIsDetail(current) {
                result.append(Violation(RuleID(.BUG, 2), current, "detail \(name(of: current)) left in the primary column"))
                return
            }
        }
    }

    /// Every violation to report after `event`: the invariants that do not hold plus the bugs the
    /// event triggered (`launching`: the event is part of the launch commit).
    public func violations(after event: NavigationEvent, launching: Bool = false) -> [Violation] {
        invariantViolations() + bugs(after: event, launching: launching)
    }
}

extension NavigationState {
    /// Whether `id` is `root` or in its stacks, recursively: ``subtree(of:)``'s answer found by
    /// walking up from `id` through its parents (the containment links agree both ways, which
    /// `evolve` keeps and the state decoder checks), so nothing is allocated; at most 4,096 steps.
    func isInSubtree(_ id: ControllerID, of root: ControllerID) -> Bool {
        var current = id
        for _ in 0..<4_096 {
            if current == root { return true }
            guard case .navigation(let owner) = parent(of: current) else { return false }
            current = owner
        }
        return false
    }

    /// `id` and every controller in its stacks, recursively.
    func subtree(of id: ControllerID) -> Set<ControllerID> {
        var result: Set<ControllerID> = []
        var pending = [id]
        while let next = pending.popLast(), result.count < 4_096 {
            guard result.insert(next).inserted else { continue }
            pending += stack(of: next)
        }
        return result
    }
}

extension NavigationEvent {
    /// The controllers this event moves (for detectors that blame an event, not a state).
    var subjects: [ControllerID] {
        switch self {
        case .pushed(let controller, let navigation): return [controller, navigation]
        case .shown(let target, _, let resolution), .detailShown(let target?, _, let resolution):
            if case .pushed(let navigation) = resolution { return [target, navigation] }
            return [target]
        case .presented(let controller): return [controller]
        case .splitViewControllersSet(let primary, let secondary): return [primary] + (secondary.map { [$0] } ?? [])
        case .stackSet(let list, let navigation, _): return list + [navigation]
        case .resynced(let resync): return (resync.viewControllers ?? []) + resync.stacks.flatMap { [$0.navigation] + $0.viewControllers }
        default: return []
        }
    }

    /// Whether this event can bring a nested navigation controller into view outside a collapse.
    var canNestOutsideCollapse: Bool {
        switch self {
        case .separated, .splitViewControllersSet, .presented, .stackSet, .pushed, .resynced: return true
        // A compact column set while collapsed, or a collapse onto one (CO-10), ends the primary's
        // nesting allowance (INV-4).
        case .columnSet(_, .compact, _): return true
        case .collapsed(let resolution): return resolution.outcome == .compactColumn
        case .shown(_, _, let resolution), .detailShown(_, _, let resolution):
            return resolution != .handledByDelegate && resolution != .unchanged
        default: return false
        }
    }
}

extension NavigationState {
    /// The distinct rules one commit raised, in order of first appearance: the bugs its events
    /// triggered (each judged on the state right after it), then the invariants the state after
    /// the whole commit breaks. A state inside the commit is never drawn by UIKit, so an invariant
    /// broken and mended within it is not listed (docs/Semantics.md). The one description behind
    /// `expect violations`, generated tests and `navtape shrink`'s scripts.
    public static func rulesRaised(from before: NavigationState, by events: [NavigationEvent]) -> [RuleID] {
        violationsRaised(from: before, by: events).map(\.rule)
    }

    /// ``rulesRaised(from:by:)`` with each rule's first violation: the controller it is about and
    /// the sentence that says what is wrong (what the inspector shows beside a bug's marker).
    public static func violationsRaised(from before: NavigationState, by events: [NavigationEvent]) -> [Violation] {
        var state = before
        var raised: [Violation] = []
        let launching = events.contains { if case .launched = $0 { true } else { false } }
        for event in events {
            state.evolve(event)
            for violation in state.bugs(after: event, launching: launching) where !raised.contains(where: { $0.rule == violation.rule }) {
                raised.append(violation)
            }
        }
        for violation in state.invariantViolations() where !raised.contains(where: { $0.rule == violation.rule }) {
            raised.append(violation)
        }
        return raised
    }
}

/// The controllers one walk of the hierarchy has seen: a bit per controller in a caller's buffer
/// for the first IDs of each space (app and minted), a hashed set for any past them.
struct SeenControllers {
    /// Bits for IDs below this index in each space; the buffer holds both spaces' words.
    static let bitsPerSpace = 1_024
    /// The words a caller's buffer must hold.
    static let words = 2 * bitsPerSpace / 64

    private let bits: UnsafeMutableBufferPointer<UInt64>
    private var overflow: Set<ControllerID> = []

    /// Uses `bits` (``words`` words), which it clears.
    init(_ bits: UnsafeMutableBufferPointer<UInt64>) {
        self.bits = bits
        bits.initialize(repeating: 0)
    }

    /// Adds `id`; whether it was new.
    @inline(__always)
    mutating func insert(_ id: ControllerID) -> Bool {
        let index = id.index
        guard index < Self.bitsPerSpace else { return overflow.insert(id).inserted }
        let bit = (id.isMinted ? Self.bitsPerSpace : 0) + index
        let mask: UInt64 = 1 << UInt64(bit & 63)
        if bits[bit >> 6] & mask != 0 { return false }
        bits[bit >> 6] |= mask
        return true
    }
}

extension EventKind {
    /// Whether ``NavigationState/bugs(after:launching:)`` can report anything after an event of
    /// this kind: the kinds its detectors judge, and those that can nest a navigation controller
    /// outside a collapse (BUG-8). A replay asks it first and skips the detectors (and the copy of
    /// the state a call takes) after the rest: pops, names, trait and display-mode changes.
    @inlinable
    public var mayRaiseBug: Bool {
        switch self {
        case .separated, .detailShown, .shown, .pushed, .splitViewControllersSet, .launched, .collapsed,
            .columnStacked, .rejected, .presented, .stackSet, .resynced, .columnSet:
            return true
        case .nameInterned, .controllerCreated, .stackInitialized, .traitsChanged, .propertySet,
            .preferredDisplayModeSet, .displayModeChanged, .popped, .poppedToRoot, .poppedTo, .dismissed, .ignored,
            .columnShown, .columnHidden, .columnUnstacked, .preferredSplitBehaviorSet, .splitBehaviorChanged,
            .delegateNotified, .flagSet, .policyChanged, .controllerReleased, .diverged, .detailMarked, .itemRepresented:
            return false
        }
    }
}
