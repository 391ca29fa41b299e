/// The split's delegate as data (ST-12): for each optional delegate method, whether it is
/// implemented and what it answers. Data, not closures, so a log can store it and a what-if replay
/// can swap it.
///
/// Every answer defaults to "not implemented", which UIKit treats as documented for each method.
public struct SplitPolicy: Hashable, Sendable {
    /// A short name for output (`none`, `calendar-paste`, …).
    public var name: String
    /// `primaryViewController(forCollapsing:)` (CO-1.1, CO-7).
    public var primaryForCollapsing: PrimaryChoice
    /// `splitViewController(_:collapseSecondary:onto:)` (CO-1.3, CO-2, CO-3).
    public var collapseSecondary: CollapseAnswer
    /// `primaryViewController(forExpanding:)` (EX-1.1).
    public var primaryForExpanding: PrimaryChoice
    /// `splitViewController(_:separateSecondaryFrom:)` (EX-1.3, EX-3).
    public var separateSecondary: SeparateAnswer
    /// `targetDisplayModeForAction(in:)` (BTN-2).
    public var targetDisplayMode: TargetDisplayModeAnswer
    /// `splitViewController(_:show:sender:)` (SH-4).
    public var showOverride: OverrideAnswer
    /// `splitViewController(_:showDetail:sender:)` (SH-8).
    public var showDetailOverride: OverrideAnswer
    /// Column style: `topColumnForCollapsingToProposedTopColumn` (CO-12).
    public var topColumnForCollapsing: TopColumnAnswer = .notImplemented
    /// Column style: `displayModeForExpandingToProposedDisplayMode` (EX-4).
    public var displayModeForExpanding: TargetDisplayModeAnswer = .notImplemented
    /// Legacy: `splitViewController(_:shouldHide:in:)` (LG-4).
    public var shouldHide: ShouldHideAnswer = .notImplemented
    /// Legacy: whether the delegate implements `willHideViewController…`, which enables the swipe (LG-6).
    public var implementsWillHide = false

    /// A policy; every method not implemented unless given.
    public init(
        name: String = "none",
        primaryForCollapsing: PrimaryChoice = .notImplemented,
        collapseSecondary: CollapseAnswer = .notImplemented,
        primaryForExpanding: PrimaryChoice = .notImplemented,
        separateSecondary: SeparateAnswer = .notImplemented,
        targetDisplayMode: TargetDisplayModeAnswer = .notImplemented,
        showOverride: OverrideAnswer = .notImplemented,
        showDetailOverride: OverrideAnswer = .notImplemented
    ) {
        self.name = name
        self.primaryForCollapsing = primaryForCollapsing
        self.collapseSecondary = collapseSecondary
        self.primaryForExpanding = primaryForExpanding
        self.separateSecondary = separateSecondary
        self.targetDisplayMode = targetDisplayMode
        self.showOverride = showOverride
        self.showDetailOverride = showDetailOverride
    }

    /// No delegate at all. (Not called `none`: `policy: .none` on an optional parameter would mean
    /// `Optional.none`.)
    public static let noDelegate = SplitPolicy()

    /// No delegate at all.
    @available(*, deprecated, renamed: "noDelegate", message: "`.none` is ambiguous with Optional.none")
    public static var none: SplitPolicy { noDelegate }

    /// The Xcode Master-Detail template delegate (CO-3): discard the secondary on collapse when it
    /// is a navigation controller whose top is the empty placeholder named `placeholderName`.
    public static func template(placeholderName: String = "Placeholder") -> SplitPolicy {
        SplitPolicy(name: "template", collapseSecondary: .discardWhenTopNamed(placeholderName))
    }

    /// The seeds' Calendar Paste delegate (`001_…`): always discard the empty "no selection" detail
    /// (restoration identifier `NoSelectionNC`) on collapse; on separate keep the detail when a paste
    /// detail is on top of the nested detail navigation controller, otherwise install a fresh
    /// `NoSelectionNC[NoSelection]` navigation controller.
    public static func calendarPaste(pasteDetailNames: [String] = ["PasteDetail"]) -> SplitPolicy {
        SplitPolicy(
            name: "calendar-paste",
            collapseSecondary: .discardWhenRestorationID("NoSelectionNC"),
            separateSecondary: .keepWhenNestedTopNamed(
                pasteDetailNames,
                otherwise: .navigation("NoSelectionNC", restorationID: "NoSelectionNC", [.content("NoSelection")])))
    }

    /// The merge-stacks delegate CMDSHIFT describes (CO-4): move the secondary's children onto the
    /// primary stack on collapse and rely on the default on expand — the recipe for BUG-2(a).
    public static let mergeStacks = SplitPolicy(name: "merge-stacks", collapseSecondary: .mergeStacks)
}

/// An answer of `primaryViewController(forCollapsing:)` or `(forExpanding:)`.
public enum PrimaryChoice: Hashable, Sendable {
    /// The method is not implemented: the current primary is used.
    case notImplemented
    /// The method returns `nil`: the current primary is used.
    case returnsNil
    /// The method returns the current secondary (CO-7); on expand this behaves like `returnsNil`.
    case secondary
}

/// An answer of `splitViewController(_:collapseSecondary:onto:)`.
public enum CollapseAnswer: Hashable, Sendable {
    /// Not implemented: like returning `false` (CO-1.3).
    case notImplemented
    /// Always returns this value; `true` discards the secondary (CO-2).
    case returns(Bool)
    /// Returns `true` exactly when the secondary's restoration identifier is this one (SEED-CP).
    case discardWhenRestorationID(String)
    /// Returns `true` exactly when the secondary is a navigation controller whose top is named so
    /// (the template's "no item selected" check, CO-3).
    case discardWhenTopNamed(String)
    /// Appends the secondary navigation controller's children to the primary's stack and returns
    /// `true` (CO-4 merge).
    case mergeStacks
}

/// An answer of `splitViewController(_:separateSecondaryFrom:)`.
public enum SeparateAnswer: Hashable, Sendable {
    /// Not implemented: like returning `nil` (EX-1.3).
    case notImplemented
    /// Returns `nil`: the default applies (EX-1.4).
    case returnsNil
    /// Always returns a fresh controller tree (minted by the model).
    case fresh(ControllerSpec)
    /// Returns `nil` when the primary's top is a navigation controller whose top is named one of
    /// these; otherwise a fresh controller tree (SEED-CP's `isDisplayingPasteDetailScene`).
    case keepWhenNestedTopNamed([String], otherwise: ControllerSpec)
}

/// An answer of `targetDisplayModeForAction(in:)`.
public enum TargetDisplayModeAnswer: Hashable, Sendable {
    /// Not implemented: the split applies its heuristics (BTN-3).
    case notImplemented
    /// Returns `.automatic`: the split applies its heuristics.
    case automatic
    /// Returns this display mode (BTN-2).
    case mode(DisplayMode)
}

/// An answer of `topColumnForCollapsingToProposedTopColumn` (CO-12).
public enum TopColumnAnswer: Hashable, Sendable {
    /// Not implemented: the proposed top column (`.secondary`, KR) is used.
    case notImplemented
    /// Returns this column.
    case column(Column)
}

/// An answer of the legacy `shouldHide(_:in:)` (LG-4).
public enum ShouldHideAnswer: Hashable, Sendable {
    /// Not implemented: hidden in portrait, shown in landscape.
    case notImplemented
    /// Returns these values for each orientation.
    case returns(portrait: Bool, landscape: Bool)
}

/// An answer of the delegate's `show`/`showDetail` overrides.
public enum OverrideAnswer: Hashable, Sendable {
    /// Not implemented: UIKit routes the call (SH-5, SH-9..SH-11).
    case notImplemented
    /// Returns this value; `true` means the delegate handled it and nothing else happens.
    case returns(Bool)
}
