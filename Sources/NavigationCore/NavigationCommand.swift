/// A request to the split or one of its navigation controllers (the spec's §16 catalogue).
///
/// Commands are intents: ``Navigation/decide(_:in:policy:)`` turns one into the events that say
/// what UIKit semantics made of it. Controllers are named by ID; new ones are created with
/// ``instantiate(_:)``, whose IDs are the next free app IDs in tree pre-order.
public enum NavigationCommand: Hashable, Sendable {
    /// Creates the controllers of a tree (a navigation controller with its initial stack). Boxed,
    /// as are ``setPolicy(_:)`` and ``representItem(_:_:)``: a command is as large as its largest
    /// inline case, and every rejected or ignored event holds one.
    indirect case instantiate(ControllerSpec)
    /// `splitViewController.viewControllers = [primary, secondary]` (ST-2, BUG-4).
    case setSplitViewControllers([ControllerID])
    /// Puts the split on screen in `traits` (SZ-3: collapses at once when compact).
    case launch(Traits)
    /// A trait change: rotation, multitasking resize, size-class change (SZ-*, CO-*, EX-*, DM-8).
    case changeTraits(Traits)
    /// `preferredDisplayMode = mode` (DM-1, DM-2, DM-7, DM-10).
    case setPreferredDisplayMode(DisplayMode)
    /// A tap on `displayModeButtonItem` (BTN-2..BTN-4, BTN-6).
    case tapDisplayModeButton
    /// The edge-swipe gesture that shows or hides the primary (BTN-2, BTN-6).
    case edgeSwipe
    /// A tap on the dimmed secondary while the primary overlays it (BTN-5).
    case tapDimmedSecondary
    /// `sender.show(target, sender:)` (SH-1..SH-6, NV-8).
    case show(ControllerID, sender: ControllerID)
    /// `sender.showDetailViewController(target, sender:)`; `nil` target is a no-op (SH-7..SH-12).
    case showDetail(ControllerID?, sender: ControllerID)
    /// `navigation.pushViewController(controller)` (NV-1).
    case push(ControllerID, onto: ControllerID)
    /// `navigation.popViewController()` (NV-2).
    case pop(ControllerID)
    /// The interactive back swipe on `navigation`, completed or cancelled (NV-6).
    case interactivePop(ControllerID, completed: Bool)
    /// `navigation.popToRootViewController()` (NV-3).
    case popToRoot(ControllerID)
    /// `navigation.popToViewController(controller)` (NV-4).
    case popTo(ControllerID, in: ControllerID)
    /// `navigation.setViewControllers(list)` (NV-5).
    case setViewControllers([ControllerID], of: ControllerID)
    /// `present(controller)` from the window's root.
    case present(ControllerID)
    /// Dismisses the presented controller.
    case dismiss
    /// Sets a split property (ST-8..ST-11, WD-*).
    case setProperty(SplitProperty)
    /// Column style: `setViewController(controller, for: column)`; `nil` clears the column (ST-3, SH-15).
    case setViewController(ControllerID?, for: Column)
    /// Column style: `show(column)` (BTN-8).
    case showColumn(Column)
    /// Column style: `hide(column)` (BTN-8).
    case hideColumn(Column)
    /// Column style: `preferredSplitBehavior = behavior` (ST-5, DM-3).
    case setPreferredSplitBehavior(SplitBehavior)
    /// Triple column: a tap on the secondary-only button (BTN-7).
    case tapSecondaryOnlyButton
    /// The app sets or clears a flag of its own state that its delegate reads (a selection, "the
    /// detail was modified"), so the log says why the delegate's answers change.
    case setFlag(String, Bool)
    /// The app's delegate changes its answers from here on.
    indirect case setPolicy(SplitPolicy)
    /// The app sets the item a controller shows (a detail's `detailItem`), or clears it (`nil`), so
    /// that a delegate can ask which item a controller shows.
    indirect case representItem(ControllerID, String?)

    /// The kind of this command, as recorded in rejected and ignored events.
    public var kind: CommandKind {
        switch self {
        case .instantiate: return .instantiate
        case .setSplitViewControllers: return .setSplitViewControllers
        case .launch: return .launch
        case .changeTraits: return .changeTraits
        case .setPreferredDisplayMode: return .setPreferredDisplayMode
        case .tapDisplayModeButton: return .tapDisplayModeButton
        case .edgeSwipe: return .edgeSwipe
        case .tapDimmedSecondary: return .tapDimmedSecondary
        case .show: return .show
        case .showDetail: return .showDetail
        case .push: return .push
        case .pop: return .pop
        case .interactivePop: return .interactivePop
        case .popToRoot: return .popToRoot
        case .popTo: return .popTo
        case .setViewControllers: return .setViewControllers
        case .present: return .present
        case .dismiss: return .dismiss
        case .setProperty: return .setProperty
        case .setViewController: return .setViewController
        case .showColumn: return .showColumn
        case .hideColumn: return .hideColumn
        case .setPreferredSplitBehavior: return .setPreferredSplitBehavior
        case .tapSecondaryOnlyButton: return .tapSecondaryOnlyButton
        case .setFlag: return .setFlag
        case .setPolicy: return .setPolicy
        case .representItem: return .representItem
        }
    }
}

/// The kind of a command, without its payload. The raw value is the command's wire tag: frozen, as
/// it is written to logs (a new kind takes the next unused number; docs/EventEncoding.md).
public enum CommandKind: UInt8, Hashable, Sendable, CaseIterable {
    case instantiate = 0, setSplitViewControllers = 1, launch = 2, changeTraits = 3
    case setPreferredDisplayMode = 4, tapDisplayModeButton = 5, edgeSwipe = 6, tapDimmedSecondary = 7
    case show = 8, showDetail = 9, push = 10, pop = 11, interactivePop = 12, popToRoot = 13, popTo = 14
    case setViewControllers = 15, present = 16, dismiss = 17, setProperty = 18
    case setViewController = 19, showColumn = 20, hideColumn = 21, setPreferredSplitBehavior = 22
    case tapSecondaryOnlyButton = 23, setFlag = 24, setPolicy = 25, representItem = 26

}
