import NavigationCore

/// One navigation stack change and the transition UIKit animates it with (NV-5).
public struct StackChange: Hashable, Sendable {
    /// The navigation controller whose stack changed.
    public var navigation: ControllerID
    /// `push`, `pop` or `none`; `unrecorded` for a `stackSet` from a log written before NV-5 was modelled.
    public var transition: StackTransition

    /// Creates a change.
    public init(navigation: ControllerID, transition: StackTransition) {
        self.navigation = navigation
        self.transition = transition
    }

    /// `pop(MN)`, with the navigation controller's name in `state`.
    public func description(in state: NavigationState) -> String {
        var text = TextWriter(capacity: 32)
        write(in: state, to: &text)
        return text.text
    }

    /// Appends ``description(in:)``'s text to `text`.
    public func write(in state: NavigationState, to text: inout TextWriter) {
        text.append(transition.name)
        text.append("(")
        text.append(state.name(of: navigation))
        text.append(")")
    }
}

/// Everything UIKit tells the app about one commit (the events of one command), worked out from the
/// state before it and its events: the one description behind `expect callbacks`, `expect
/// notifications`, `expect transitions`, `expect popped`, `expect fresh`, and the annotations of
/// `navtape log` (text and JSON).
///
/// - Appearance callbacks are net for the commit (AP-1..AP-6), as ``AppearanceCallbacks`` reports them.
/// - Notifications: the display-mode and legacy calls of each event, in order (DM-2, LG-5); then
///   the column-style `willShow`/`willHide` of each column whose visibility differs between the
///   start and the end of the commit (BTN-8, CO-13, EX-4: a column shown and hidden again inside
///   one command is never on screen; none when the command launches the split); then `didCollapse` / `didExpand`, which UIKit sends once the
///   transition is over (CO-1.6, EX-1.7).
/// - Transitions: every push or pop of a navigation stack, and each `setViewControllers` with the
///   kind NV-5 gives it (recorded in the event).
/// - ``popped`` is the return value of `pop`, `popTo` and `popToRoot` (NV-2..NV-4): `nil` when the
///   commit is not one of them, empty when nothing was popped.
public struct CommitObservation: Hashable, Sendable {
    /// The appearance callbacks, `will`s before `did`s.
    public var callbacks: [AppearanceCallback] = []
    /// The delegate notifications, in order.
    public var notifications: [SplitNotification] = []
    /// The stack changes, in order.
    public var transitions: [StackChange] = []
    /// What `pop`, `popTo` or `popToRoot` returned, bottom to top; `nil` for any other command.
    public var popped: [ControllerID]?
    /// The controllers the commit created (the app's trees and the delegate's fresh instances).
    public var created: [ControllerID] = []
    /// The state after the commit (worked out on the way, so a caller need not fold it again).
    public private(set) var after: NavigationState

    /// The observation of `events`, one commit, applied to `before`.
    public init(before: NavigationState, events: [NavigationEvent]) {
        var state = before
        for event in events {
            let previous = state
            state.evolve(event)
            notifications += event.notifications(before: previous, after: state)
            switch event {
            case .controllerCreated(let id, _, _, _):
                created.append(id)
            case .pushed(_, let navigation), .shown(_, _, .pushed(let navigation)), .detailShown(_, _, .pushed(let navigation)):
                transitions.append(StackChange(navigation: navigation, transition: .push))
            case .stackSet(_, let navigation, let transition):
                transitions.append(StackChange(navigation: navigation, transition: transition))
            case .columnSet(_, _, .pushed(let navigation)):  // SH-15: pushed onto the secondary's stack
                transitions.append(StackChange(navigation: navigation, transition: .push))
            // A collapse's navigation primary pushes the secondary (CO-1.4); an expand pops its top
            // (EX-1.4); a column stacked onto a collapsed split's stack is pushed, unstacked popped
            // (CO-11, BTN-8), whether a collapse, an expand or the app moves it.
            case .collapsed(let resolution) where resolution.outcome == .secondaryPushed:
                transitions.append(StackChange(navigation: resolution.newPrimary, transition: .push))
            case .separated(let resolution) where resolution.source == .poppedFromPrimary:
                transitions.append(StackChange(navigation: resolution.newPrimary, transition: .pop))
            case .columnStacked:
                if let primary = previous.primary, state.stackCount(of: primary) > previous.stackCount(of: primary) {
                    transitions.append(StackChange(navigation: primary, transition: .push))
                }
            case .columnUnstacked:
                if let primary = previous.primary, state.stackCount(of: primary) < previous.stackCount(of: primary) {
                    transitions.append(StackChange(navigation: primary, transition: .pop))
                }
            case .popped(let navigation, _):
                let stack = previous.stack(of: navigation)
                popped = (popped ?? []) + stack.suffix(stack.count > 1 ? 1 : 0)
                transitions.append(StackChange(navigation: navigation, transition: .pop))
            case .poppedToRoot(let navigation):
                popped = (popped ?? []) + previous.stack(of: navigation).dropFirst()
                transitions.append(StackChange(navigation: navigation, transition: .pop))
            case .poppedTo(let controller, let navigation):
                let stack = previous.stack(of: navigation)
                if let index = stack.firstIndex(of: controller) { popped = (popped ?? []) + stack[(index + 1)...] }
                transitions.append(StackChange(navigation: navigation, transition: .pop))
            case .ignored(.pop, _, _), .ignored(.popToRoot, _, _), .ignored(.popTo, _, _), .ignored(.interactivePop, _, _),
                .rejected(.pop, _, _), .rejected(.popToRoot, _, _), .rejected(.popTo, _, _), .rejected(.interactivePop, _, _):
                popped = popped ?? []  // nil in Swift: nothing was popped
            default:
                break
            }
        }
        // Columns: net for the commit. didCollapse and didExpand: "after the transition", last.
        let transitionEnds = notifications.filter { $0 == .didCollapse || $0 == .didExpand }
        notifications = notifications.filter {
            switch $0 {
            case .didCollapse, .didExpand, .willShowColumn, .willHideColumn: return false
            default: return true
            }
        }
        if before.style.isColumnStyle, before.isLaunched {  // putting the split on screen shows no column
            let shown = before.visibleColumns, now = state.visibleColumns
            for column in [Column.primary, .supplementary, .secondary] {
                if now.contains(column) && !shown.contains(column) { notifications.append(.willShowColumn(column)) }
                if shown.contains(column) && !now.contains(column) { notifications.append(.willHideColumn(column)) }
            }
        }
        notifications += transitionEnds
        callbacks = appearanceCallbacks(for: appearanceTransitions(from: before.visibleControllers, to: state.visibleControllers))
        after = state
    }

    /// Whether there is nothing to report: UIKit told the app nothing (no callback, notification,
    /// transition or return value) and the commit created no controller.
    public var isEmpty: Bool { callbacks.isEmpty && notifications.isEmpty && transitions.isEmpty && popped == nil && created.isEmpty }
}

extension AppearanceCallback {
    /// The callback's name: `viewWillAppear`.
    public var name: String {
        switch self {
        case .viewWillAppear: return "viewWillAppear"
        case .viewDidAppear: return "viewDidAppear"
        case .viewWillDisappear: return "viewWillDisappear"
        case .viewDidDisappear: return "viewDidDisappear"
        }
    }

    /// The controller that receives it.
    public var controller: ControllerID {
        switch self {
        case .viewWillAppear(let id), .viewDidAppear(let id), .viewWillDisappear(let id), .viewDidDisappear(let id): return id
        }
    }

    /// `viewWillAppear(D2)`, with the controller's name in `state`.
    public func description(in state: NavigationState) -> String {
        var text = TextWriter(capacity: 32)
        write(in: state, to: &text)
        return text.text
    }

    /// Appends ``description(in:)``'s text to `text`.
    public func write(in state: NavigationState, to text: inout TextWriter) {
        text.append(name)
        text.append("(")
        text.append(state.name(of: controller))
        text.append(")")
    }
}
