/// The split's display mode (ST-4), with the iOS 14 names; the classic names are aliases.
public enum DisplayMode: UInt8, Hashable, Sendable, CaseIterable {
    /// Let UIKit choose (a preference only; never an actual display mode, INV-3).
    case automatic = 0
    /// Only the secondary is on screen (classic `primaryHidden`).
    case secondaryOnly = 1
    /// The primary beside the secondary (classic `allVisible`).
    case oneBesideSecondary = 2
    /// The primary over a dimmed secondary (classic `primaryOverlay`).
    case oneOverSecondary = 3
    /// Column style, triple: primary and supplementary beside the secondary.
    case twoBesideSecondary = 4
    /// Column style, triple: primary and supplementary over the secondary.
    case twoOverSecondary = 5
    /// Column style, triple: primary and supplementary displacing the secondary.
    case twoDisplaceSecondary = 6

    /// Classic alias of ``secondaryOnly``.
    public static let primaryHidden = DisplayMode.secondaryOnly
    /// Classic alias of ``oneBesideSecondary``.
    public static let allVisible = DisplayMode.oneBesideSecondary
    /// Classic alias of ``oneOverSecondary``.
    public static let primaryOverlay = DisplayMode.oneOverSecondary

    /// Whether this mode exists for the classic split (`style == .unspecified`).
    @inlinable public var isClassic: Bool { rawValue <= 3 }

    /// The classic name (`primaryHidden`, `allVisible`, `primaryOverlay`) or the iOS 14 name.
    public var classicName: String {
        switch self {
        case .secondaryOnly: return "primaryHidden"
        case .oneBesideSecondary: return "allVisible"
        case .oneOverSecondary: return "primaryOverlay"
        default: return name
        }
    }

    /// The iOS 14 name, as in the spec.
    public var name: String {
        switch self {
        case .automatic: return "automatic"
        case .secondaryOnly: return "secondaryOnly"
        case .oneBesideSecondary: return "oneBesideSecondary"
        case .oneOverSecondary: return "oneOverSecondary"
        case .twoBesideSecondary: return "twoBesideSecondary"
        case .twoOverSecondary: return "twoOverSecondary"
        case .twoDisplaceSecondary: return "twoDisplaceSecondary"
        }
    }

    /// Parses either the iOS 14 or the classic name.
    public init?(name: String) {
        for mode in DisplayMode.allCases where mode.name == name || mode.classicName == name {
            self = mode
            return
        }
        return nil
    }
}

/// How a split was created (ST-1), extended with the two other generations a recording can come
/// from: the legacy iPad-only split (iOS 3.2–7, §10) and the hand-made master/detail container of
/// SEED-MAN that apps build instead.
public enum SplitStyle: UInt8, Hashable, Sendable, CaseIterable {
    /// The classic split (`init(nibName:bundle:)`, iOS 8–13 API).
    case unspecified = 0
    /// Column style with primary and secondary (iOS 14+).
    case doubleColumn = 1
    /// Column style with primary, supplementary and secondary (iOS 14+).
    case tripleColumn = 2
    /// The legacy split of iOS 3.2–7: iPad only, two controllers, a popover master in portrait (LG-*).
    case legacy = 3
    /// A manual master/detail container chosen by idiom at launch (SEED-MAN): two stacks on a pad,
    /// one stack on a phone; no collapse, no display modes.
    case manual = 4

    /// Whether this is an iOS 14 column-style split.
    @inlinable @inline(__always) public var isColumnStyle: Bool { rawValue &- 1 < 2 }

    /// The script and CLI name.
    public var name: String {
        switch self {
        case .unspecified: return "classic"
        case .doubleColumn: return "double-column"
        case .tripleColumn: return "triple-column"
        case .legacy: return "legacy"
        case .manual: return "manual"
        }
    }

    /// Parses ``name``.
    public init?(name: String) {
        guard let style = SplitStyle.allCases.first(where: { $0.name == name }) else { return nil }
        self = style
    }
}

/// A column of a column-style split (ST-3).
public enum Column: UInt8, Hashable, Sendable, CaseIterable {
    /// The primary column (the sidebar).
    case primary = 0
    /// The supplementary column (triple-column only).
    case supplementary = 1
    /// The secondary column.
    case secondary = 2
    /// The controller shown instead of the stacked columns when collapsed (CO-10).
    case compact = 3

    /// The script name.
    public var name: String { "\(self)" }
}

/// How a column-style split lays out its columns when expanded (ST-5, DM-3).
public enum SplitBehavior: UInt8, Hashable, Sendable, CaseIterable {
    /// Chosen from width and aspect ratio (DM-6); a preference only.
    case automatic = 0
    /// Columns side by side.
    case tile = 1
    /// Columns over the secondary.
    case overlay = 2
    /// Columns push the secondary aside.
    case displace = 3
}

/// `displayModeButtonVisibility` (ST-11, BTN-6).
public enum ButtonVisibility: UInt8, Hashable, Sendable, CaseIterable {
    /// Shown when it would cause an action.
    case automatic = 0
    /// Shown even when `presentsWithGesture` is false, except where it never shows.
    case always = 1
    /// Never shown.
    case never = 2
}

/// Which side the primary column is on (ST-9, WD-4).
public enum PrimaryEdge: UInt8, Hashable, Sendable, CaseIterable {
    /// The leading side (default).
    case leading = 0
    /// The trailing side.
    case trailing = 1
}

/// Why the actual display mode changed; every change names its cause so blame can answer "why".
public enum DisplayModeCause: UInt8, Hashable, Sendable, CaseIterable {
    /// Resolved when the split was first put on screen (DM-5).
    case launch = 0
    /// Re-resolved after a size or orientation change within regular width (DM-8).
    case traits = 1
    /// Resolved for the new environment after a separate (EX-1.7).
    case expand = 2
    /// An explicit `preferredDisplayMode` assignment (DM-1, DM-2).
    case preference = 3
    /// A tap on the display-mode button (BTN-2, BTN-3).
    case button = 4
    /// The edge-swipe gesture (BTN-2).
    case gesture = 5
    /// A tap on the dimmed secondary (BTN-5).
    case dimmedTap = 6
    /// The overlay dismissed after `showDetail` (SH-12, model choice).
    case showDetail = 7
    /// `show(_ column:)` (BTN-8).
    case showColumn = 8
    /// `hide(_ column:)` (BTN-8).
    case hideColumn = 9
    /// The triple-column `showsSecondaryOnlyButton` (BTN-7).
    case secondaryOnlyButton = 10
}
