/// A fact: what happened to the split and its stacks, with the intent and how UIKit semantics
/// resolved it. Replay needs only ``NavigationState/evolve(_:)``; `decide` may change and old logs
/// still replay identically.
///
/// Each case has a frozen wire tag in `NavigationCodec`; never reorder-dependent.
public enum NavigationEvent: Hashable, Sendable {
    /// A string entered the name table (it gets ``NameTable/nextID``).
    case nameInterned(String)
    /// A controller was created; `id` is the next free ID of its space.
    case controllerCreated(ControllerID, kind: ControllerKind, name: NameID, restorationID: NameID?)
    /// A navigation controller's stack was set at creation (no transition, no appearance).
    case stackInitialized(ControllerID, [ControllerID])
    /// The split was put on screen in these traits (SZ-3).
    case launched(Traits)
    /// The environment changed (SZ-*); any collapse, separate or display-mode change follows as its
    /// own event in the same commit.
    case traitsChanged(Traits)
    /// A split property was set (ST-8..ST-10).
    case propertySet(SplitProperty)
    /// `preferredDisplayMode` was assigned (DM-1, DM-7).
    case preferredDisplayModeSet(DisplayMode)
    /// The actual display mode changed, `willChangeTo:` first (DM-2), for `cause`.
    case displayModeChanged(DisplayMode, cause: DisplayModeCause)
    /// `viewControllers` was assigned; while collapsed the secondary goes behind the scenes (BUG-4).
    case splitViewControllersSet(primary: ControllerID, secondary: ControllerID?)
    /// The split collapsed onto one stack (CO-1..CO-8).
    case collapsed(CollapseResolution)
    /// The split separated into two columns (EX-1..EX-3).
    case separated(SeparateResolution)
    /// `sender.show(target)` and where it went (SH-1..SH-6).
    case shown(ControllerID, sender: ControllerID, resolution: ShowResolution)
    /// `sender.showDetailViewController(target)` and where it went (SH-7..SH-12).
    case detailShown(ControllerID?, sender: ControllerID, resolution: ShowResolution)
    /// A controller was pushed onto a navigation stack (NV-1).
    case pushed(ControllerID, onto: ControllerID)
    /// The top of `navigation` was popped (NV-2, NV-6 when interactive).
    case popped(navigation: ControllerID, interactive: Bool)
    /// Everything above the root of `navigation` was popped (NV-3).
    case poppedToRoot(navigation: ControllerID)
    /// Everything above `controller` in `navigation` was popped (NV-4).
    case poppedTo(ControllerID, navigation: ControllerID)
    /// `navigation.setViewControllers(list)`, with the transition UIKit animates it with (NV-5).
    case stackSet([ControllerID], navigation: ControllerID, transition: StackTransition = .unrecorded)
    /// A controller was presented modally from the window's root.
    case presented(ControllerID)
    /// The presented controller was dismissed.
    case dismissed(ControllerID)
    /// Column style: a column was assigned (ST-3, SH-15).
    case columnSet(ControllerID?, column: Column, resolution: ColumnResolution)
    /// Column style: `show(column)` was asked; its effect follows in the same commit (BTN-8).
    case columnShown(Column)
    /// Column style: `hide(column)` was asked; its effect follows in the same commit (BTN-8).
    case columnHidden(Column)
    /// Collapsed column style: the column's navigation controller was pushed onto the primary
    /// column's stack (CO-11, BTN-8).
    case columnStacked(Column)
    /// Collapsed column style: the column's navigation controller was popped back to its column.
    case columnUnstacked(Column)
    /// Column style: `preferredSplitBehavior` was assigned (ST-5).
    case preferredSplitBehaviorSet(SplitBehavior)
    /// Column style: the actual split behaviour changed (DM-3, DM-6).
    case splitBehaviorChanged(SplitBehavior)
    /// UIKit called a delegate notification (legacy willHide/willShow, popover; LG-5).
    case delegateNotified(DelegateNotification)
    /// The app set (`true`) or cleared a flag its delegate reads.
    case flagSet(NameID, value: Bool)
    /// The delegate's policy changed (the whole new policy). Boxed, as are ``diverged(_:)`` and
    /// ``resynced(_:)``: an event is as large as its largest inline case, and a fold reads them all.
    indirect case policyChanged(SplitPolicy)
    /// A controller minted for a delegate left the hierarchy with nothing referencing it: it is
    /// deallocated, and its slot may hold a later mint (EX-3).
    case controllerReleased(ControllerID)
    /// The app showed this controller as detail through its own `showDetail` override (SH-8): detail
    /// content from then on, as a shown detail is (BUG-2, BUG-7). Recorded after the override's
    /// `detailShown`; state otherwise unchanged.
    case detailMarked(ControllerID)
    /// The app set the item a controller shows (its `detailItem`), or cleared it (`nil`).
    case itemRepresented(ControllerID, item: NameID?)
    /// UIKit would reject the command (kept whole, so the intent can be re-decided); state unchanged.
    case rejected(NavigationCommand, reason: RejectionReason, subject: ControllerID?)
    /// UIKit accepts the command silently with no effect; state unchanged.
    case ignored(NavigationCommand, reason: IgnoreReason, subject: ControllerID?)
    /// What UIKit showed the app after the command differs from the model (a captured
    /// observation, `docs/Capture.md`); state unchanged.
    indirect case diverged(Divergence)
    /// UIKit changed what it shows without a recorded cause and the capture reported it: the model
    /// adopts what UIKit showed, with no rule to blame (`docs/Capture.md`, "Resync lines"). Boxed, so the
    /// hot loop's events stay small.
    indirect case resynced(Resync)

    /// The kind of this event, for statistics and filters.
    @inlinable
    public var kind: EventKind {
        switch self {
        case .nameInterned: return .nameInterned
        case .controllerCreated: return .controllerCreated
        case .stackInitialized: return .stackInitialized
        case .launched: return .launched
        case .traitsChanged: return .traitsChanged
        case .propertySet: return .propertySet
        case .preferredDisplayModeSet: return .preferredDisplayModeSet
        case .displayModeChanged: return .displayModeChanged
        case .splitViewControllersSet: return .splitViewControllersSet
        case .collapsed: return .collapsed
        case .separated: return .separated
        case .shown: return .shown
        case .detailShown: return .detailShown
        case .pushed: return .pushed
        case .popped: return .popped
        case .poppedToRoot: return .poppedToRoot
        case .poppedTo: return .poppedTo
        case .stackSet: return .stackSet
        case .presented: return .presented
        case .dismissed: return .dismissed
        case .rejected: return .rejected
        case .ignored: return .ignored
        case .columnSet: return .columnSet
        case .columnShown: return .columnShown
        case .columnHidden: return .columnHidden
        case .columnStacked: return .columnStacked
        case .columnUnstacked: return .columnUnstacked
        case .preferredSplitBehaviorSet: return .preferredSplitBehaviorSet
        case .splitBehaviorChanged: return .splitBehaviorChanged
        case .delegateNotified: return .delegateNotified
        case .flagSet: return .flagSet
        case .policyChanged: return .policyChanged
        case .controllerReleased: return .controllerReleased
        case .detailMarked: return .detailMarked
        case .itemRepresented: return .itemRepresented
        case .diverged: return .diverged
        case .resynced: return .resynced
        }
    }
}

/// The kind of an event, without payload. Raw values are frozen (statistics and tools key on them).
public enum EventKind: UInt8, Hashable, Sendable, CaseIterable {
    case nameInterned = 0, controllerCreated = 1, stackInitialized = 2, launched = 3, traitsChanged = 4
    case propertySet = 5, preferredDisplayModeSet = 6, displayModeChanged = 7, splitViewControllersSet = 8
    case collapsed = 9, separated = 10, shown = 11, detailShown = 12, pushed = 13, popped = 14
    case poppedToRoot = 15, poppedTo = 16, stackSet = 17, presented = 18, dismissed = 19
    case rejected = 20, ignored = 21, columnSet = 22, columnShown = 23, columnHidden = 24
    case columnStacked = 25, columnUnstacked = 26, preferredSplitBehaviorSet = 27, splitBehaviorChanged = 28
    case delegateNotified = 29, flagSet = 30, policyChanged = 31, controllerReleased = 32, diverged = 33
    case detailMarked = 34, itemRepresented = 35, resynced = 36

    /// The event's name as printed by the CLI.
    public var name: String { Self.names[Int(rawValue)] }

    /// Whether an event of this kind can change a navigation stack, a split column, the
    /// presented controller, or which controllers are in the hierarchy. Conservative: `true`
    /// means "maybe"; `false` lets a projection skip whole-hierarchy work after interned names,
    /// property changes, rejections and no-ops.
    @inlinable
    public var mayChangeHierarchy: Bool {
        switch self {
        case .pushed, .popped, .poppedToRoot, .poppedTo, .stackSet, .stackInitialized, .shown, .detailShown,
            .collapsed, .separated, .splitViewControllersSet, .presented, .dismissed, .columnSet, .columnStacked,
            .columnUnstacked, .resynced:
            return true
        case .nameInterned, .controllerCreated, .launched, .traitsChanged, .propertySet, .preferredDisplayModeSet,
            .displayModeChanged, .rejected, .ignored, .columnShown, .columnHidden, .preferredSplitBehaviorSet,
            .splitBehaviorChanged, .delegateNotified, .flagSet, .policyChanged, .controllerReleased, .diverged, .detailMarked,
            .itemRepresented:
            return false
        }
    }

    /// Whether an event of this kind can change what is on screen
    /// (``NavigationState/visibleControllers``): any hierarchy change, the launch, and
    /// display-mode changes.
    @inlinable
    public var mayChangeVisibility: Bool {
        switch self {
        case .launched, .displayModeChanged: return true
        default: return mayChangeHierarchy
        }
    }

    /// Every kind's name by raw value, spelled once by reflection (per call it cost a tenth of
    /// `navtape export`).
    private static let names: [String] = {
        var names = [String](repeating: "", count: Int(allCases.map(\.rawValue).max() ?? 0) + 1)
        for kind in allCases { names[Int(kind.rawValue)] = "\(kind)" }
        return names
    }()
}

/// Where a `show` or `showDetail` went.
public enum ShowResolution: Hashable, Sendable {
    /// Pushed onto this navigation controller (SH-2, SH-9 collapsed, SH-11 forwarded).
    case pushed(onto: ControllerID)
    /// Installed as the split's new primary (SH-5).
    case installedAsPrimary
    /// Installed as the split's new secondary, replacing the old one (SH-11).
    case installedAsSecondary
    /// Presented modally from the window's root (SH-1, SH-6, SH-10).
    case presentedModally
    /// The delegate's `show`/`showDetail` override returned `true` (SH-4, SH-8).
    case handledByDelegate
    /// The target is the controller it would replace: a no-op (SH-7).
    case unchanged
    /// A manual container on a pad replaced its detail stack with the target (SEED-MAN).
    case replacedStack(of: ControllerID)
}

/// What happened to the secondary during a collapse (CO-1.3, CO-1.4).
public enum CollapseOutcome: UInt8, Hashable, Sendable, CaseIterable {
    /// There was no secondary.
    case noSecondary = 0
    /// The navigation primary pushed the secondary itself (CO-4, CO-5).
    case secondaryPushed = 1
    /// The delegate returned `true`: the secondary is discarded (CO-2).
    case discardedByDelegate = 2
    /// The delegate merged the secondary's stack into the primary's and returned `true` (CO-4 merge).
    case mergedByDelegate = 3
    /// The primary is not a navigation controller: the secondary disappears (CO-6).
    case discardedByPrimary = 4
    /// `primaryViewController(forCollapsing:)` returned the secondary itself (CO-7).
    case secondaryBecamePrimary = 5
    /// Column style: the columns are stacked onto the primary column up to the top column, by the
    /// `columnStacked` events that follow (CO-11, CO-12).
    case columnsStacked = 6
    /// Column style: the `.compact` column's controller is shown instead (CO-10).
    case compactColumn = 7
}

/// How a column assignment resolved (ST-3, SH-15).
public enum ColumnResolution: Hashable, Sendable {
    /// Installed as the column's controller as it is (a navigation controller, or the compact column).
    case installed
    /// Wrapped in this navigation controller, minted in the same commit, which became the column's.
    case wrapped(in: ControllerID)
    /// Pushed onto the secondary column's navigation controller instead of replacing it (SH-15).
    case pushed(onto: ControllerID)
    /// The column was cleared (`nil`).
    case cleared
}

/// A delegate notification UIKit sends, recorded as a fact.
public enum DelegateNotification: UInt8, Hashable, Sendable, CaseIterable {
    /// Legacy `willHideViewController:withBarButtonItem:forPopoverController:` (LG-5).
    case legacyWillHideMaster = 0
    /// Legacy `willShowViewController:invalidatingBarButtonItem:` (LG-5).
    case legacyWillShowMaster = 1
    /// Legacy `popoverController:willPresentViewController:` (LG-5).
    case legacyPopoverWillPresent = 2
}

/// The resolution of one collapse.
public struct CollapseResolution: Hashable, Sendable {
    /// The single child after the collapse (CO-1.1, CO-7).
    public var newPrimary: ControllerID
    /// What happened to the secondary.
    public var outcome: CollapseOutcome
    /// Whether this collapse ran as the split was first put on screen (SZ-3, BUG-5).
    public var atLaunch: Bool

    /// Creates a resolution.
    public init(newPrimary: ControllerID, outcome: CollapseOutcome, atLaunch: Bool) {
        self.newPrimary = newPrimary
        self.outcome = outcome
        self.atLaunch = atLaunch
    }
}

/// Where the secondary came from in a separate (EX-1.3..EX-1.5).
public enum SeparateSource: UInt8, Hashable, Sendable, CaseIterable {
    /// No secondary could be found: `viewControllers == [primary]`.
    case none = 0
    /// `separateSecondary(from:)` returned it (EX-1.3, EX-3).
    case delegate = 1
    /// The navigation primary popped its top (EX-1.4, EX-2).
    case poppedFromPrimary = 2
    /// The split fell back to the secondary it remembered (EX-1.5).
    case remembered = 3
    /// The remembered secondary, although the user had popped it while collapsed (BUG-6).
    case rememberedStale = 4
    /// Column style: the stacked columns went back to their columns (EX-4).
    case columnsRestored = 5
}

/// The resolution of one separate.
public struct SeparateResolution: Hashable, Sendable {
    /// The primary after the separate (EX-1.1).
    public var newPrimary: ControllerID
    /// The secondary after the separate, if any.
    public var secondary: ControllerID?
    /// Where the secondary came from.
    public var source: SeparateSource

    /// Creates a resolution.
    public init(newPrimary: ControllerID, secondary: ControllerID?, source: SeparateSource) {
        self.newPrimary = newPrimary
        self.secondary = secondary
        self.source = source
    }
}

/// The transition `UINavigationController.setViewControllers(_:animated:)` animates a stack change
/// with (NV-5): a new top that was not in the stack is pushed, an old controller that becomes the
/// top is popped to, and the same top is no transition.
public enum StackTransition: UInt8, Hashable, Sendable, CaseIterable {
    /// The top did not change.
    case none = 0
    /// The new top was not in the stack: a push.
    case push = 1
    /// The new top was lower in the stack: a pop.
    case pop = 2
    /// Recorded by a build before the transition was modelled (read from an old log).
    case unrecorded = 3

    /// The transition of replacing the stack `old` with `new` (NV-5).
    public init(from old: [ControllerID], to new: [ControllerID]) {
        if new.last == old.last {
            self = .none
        } else if let top = new.last, old.contains(top) {
            self = .pop
        } else {
            self = .push
        }
    }

    /// The transition's name: `push`, `pop`, `none`, `unrecorded` (spelled out: reflecting on the
    /// value was a twentieth of `navtape log`).
    public var name: String {
        switch self {
        case .none: return "none"
        case .push: return "push"
        case .pop: return "pop"
        case .unrecorded: return "unrecorded"
        }
    }
}
