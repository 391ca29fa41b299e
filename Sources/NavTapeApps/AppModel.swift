import NavigationCore

/// What a real app's screens let a user do, beside the app's delegate: a list selects an item, a
/// detail pushes its sub-screens, a button presents a sheet. ``AppSession`` random-walks it, so a
/// generated session holds only what a user of that app could produce (issue 26, point 4), unlike
/// ``SessionGenerator``'s walk over every command, which is for fuzzing.
///
/// An action is offered only while its screen is on screen (``NavigationState/visibleContent``):
/// a collapsed master list covered by a detail cannot select, so a detail is never pushed onto
/// another detail by a user. Back, rotation, Slide Over sizes, the display-mode button and the edge
/// swipe are offered to every app where the device and the state allow them.
public struct AppModel: Sendable {
    /// The name `navtape generate --app` takes: `calendar-paste`, `wordpress`.
    public var name: String
    /// What the app is, with the source its delegate and screens were read from.
    public var summary: String
    /// How the split is created.
    public var style: SplitStyle
    /// The devices the app runs on, the default first.
    public var devices: [Device]
    /// The app's delegate, as data (the same policy as its ported scripts).
    public var policy: SplitPolicy
    /// The primary's tree (bracket notation).
    public var primary: String
    /// The supplementary column's tree (triple column), if any.
    public var supplementary: String?
    /// The secondary's tree, if any.
    public var secondary: String?
    /// What the app sets before the split is put on screen (`preferredDisplayMode`, properties, flags).
    public var preparation: [NavigationCommand]
    /// The screens that offer actions, by the name of their content controller.
    public var screens: [AppScreen]
    /// What the app's code does when Back returns to a screen (a navigation controller's
    /// `didShow`): clear a selection, undim a detail.
    public var reactions: [AppReaction]
    /// How often the app-wide gestures are chosen against the screens' actions.
    public var gestures: AppGestures
    /// Bugs the app really has, which its sessions may show, each with the evidence (the app's
    /// issue or the commit that fixed it): the audit counts their reports as true.
    public var knownBugs: [AppKnownBug]

    /// Creates a model.
    public init(
        name: String, summary: String, style: SplitStyle = .unspecified, devices: [Device], policy: SplitPolicy,
        primary: String, supplementary: String? = nil, secondary: String?, preparation: [NavigationCommand] = [],
        screens: [AppScreen], reactions: [AppReaction] = [], gestures: AppGestures = AppGestures(),
        knownBugs: [AppKnownBug] = []
    ) {
        self.name = name
        self.summary = summary
        self.style = style
        self.devices = devices
        self.policy = policy
        self.primary = primary
        self.supplementary = supplementary
        self.secondary = secondary
        self.preparation = preparation
        self.screens = screens
        self.reactions = reactions
        self.gestures = gestures
        self.knownBugs = knownBugs
    }

    /// The actions of the screen named `name`.
    public func actions(of name: String) -> [AppAction] {
        screens.first { $0.name == name }?.actions ?? []
    }
}

/// A bug an app really has: the rule NavTape reports it under and the evidence.
public struct AppKnownBug: Hashable, Sendable {
    /// The rule (`BUG-9`).
    public var rule: RuleID
    /// Where it is shown to be real: the app's issue, or the commit that fixed it.
    public var evidence: String

    /// Creates a known bug.
    public init(_ rule: RuleID, evidence: String) {
        self.rule = rule
        self.evidence = evidence
    }
}

/// What the app does when Back (a pop, or a completed back swipe) returns to a screen.
public struct AppReaction: Sendable {
    /// The screen Back returns to.
    public var screen: String
    /// What the app's code does then: flags, mostly.
    public var steps: [AppStep]

    /// Creates a reaction.
    public init(backTo screen: String, _ steps: [AppStep]) {
        self.screen = screen
        self.steps = steps
    }
}

/// A screen of an app and what a user can do on it.
public struct AppScreen: Sendable {
    /// The screen's content controller's name.
    public var name: String
    /// What the screen offers.
    public var actions: [AppAction]

    /// A screen offering `actions`.
    public init(_ name: String, _ actions: [AppAction]) {
        self.name = name
        self.actions = actions
    }
}

/// One thing a user does on a screen, as the app's code does it: a few steps in order.
public struct AppAction: Sendable {
    /// What the user does, for listings: "select a paste".
    public var name: String
    /// How often it is chosen, against the other actions and gestures on screen.
    public var weight: Int
    /// What the app's code does, in order.
    public var steps: [AppStep]
    /// When the action is offered (always when `nil`).
    public var condition: PolicyCondition?

    /// Creates an action.
    public init(_ name: String, weight: Int = 10, if condition: PolicyCondition? = nil, _ steps: [AppStep]) {
        self.name = name
        self.weight = weight
        self.steps = steps
        self.condition = condition
    }
}

/// What an app's code does for an action. Trees are created from bounded pools: a controller off
/// screen is shown again, as an app reusing its view controllers would, so the state stays small.
public enum AppStep: Hashable, Sendable {
    /// `screen.showDetailViewController(tree)`: a list's selection. `item`: the tree's content
    /// shows a random item (`represent`), as a detail's `detailItem`.
    case showDetail(ControllerSpec, item: Bool = false)
    /// `screen.show(tree)`: a drill-down.
    case show(ControllerSpec, item: Bool = false)
    /// `screen.navigationController.pushViewController(tree)`.
    case push(ControllerSpec)
    /// `present(tree)` from the window's root.
    case present(ControllerSpec)
    /// Column style: `setViewController(tree, for: column)`.
    case setColumn(ControllerSpec, Column)
    /// Column style: `show(column)`.
    case showColumn(Column)
    /// Column style: `hide(column)`.
    case hideColumn(Column)
    /// The app sets or clears a flag its delegate reads.
    case flag(String, Bool)
    /// The screen's navigation controller pops to its root (a Home or Done button).
    case popToRoot
    /// The presented controller is dismissed.
    case dismiss
}

/// How often the app-wide gestures are chosen (0: never).
public struct AppGestures: Hashable, Sendable {
    /// Back (or the interactive back swipe) on the deepest visible stack.
    public var back: Int
    /// A rotation.
    public var rotate: Int
    /// An iPad Slide Over or Split View size (a third, a half, two thirds, full screen).
    public var resize: Int
    /// The display-mode button, where it is shown.
    public var button: Int
    /// The edge swipe that shows or hides the primary.
    public var swipe: Int
    /// Closing what is presented.
    public var dismiss: Int

    /// The usual mix.
    public init(back: Int = 25, rotate: Int = 5, resize: Int = 3, button: Int = 5, swipe: Int = 2, dismiss: Int = 30) {
        self.back = back
        self.rotate = rotate
        self.resize = resize
        self.button = button
        self.swipe = swipe
        self.dismiss = dismiss
    }
}
