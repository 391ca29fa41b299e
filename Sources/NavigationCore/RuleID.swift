/// A rule of the behavioural spec (`uikit-semantics.md`), such as `NV-1` or `BUG-5`.
public struct RuleID: Hashable, Sendable, CustomStringConvertible {
    /// The rule families of the spec.
    public enum Family: UInt8, Hashable, Sendable, CaseIterable {
        case ST = 0, INV, SZ, DM, BTN, SH, CO, EX, NV, AP, LG, RS, BUG, WD

        var prefix: String {
            switch self {
            case .ST: return "ST"
            case .INV: return "INV"
            case .SZ: return "SZ"
            case .DM: return "DM"
            case .BTN: return "BTN"
            case .SH: return "SH"
            case .CO: return "CO"
            case .EX: return "EX"
            case .NV: return "NV"
            case .AP: return "AP"
            case .LG: return "LG"
            case .RS: return "RS"
            case .BUG: return "BUG"
            case .WD: return "WD"
            }
        }
    }

    /// The family, e.g. `NV`.
    public var family: Family
    /// The number within the family, e.g. `1`.
    public var number: UInt8

    /// Creates a rule ID.
    public init(_ family: Family, _ number: UInt8) {
        self.family = family
        self.number = number
    }

    /// `NV-1`.
    public var description: String { "\(family.prefix)-\(number)" }

    /// The rule written `text` (`BUG-6`, `NV-1`), or `nil`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let number = UInt8(parts[1]), String(number) == parts[1],
            let family = Family.allCases.first(where: { $0.prefix == parts[0] })
        else { return nil }
        self.init(family, number)
    }
}

/// Why a command was rejected: UIKit would raise an exception or refuse it. State is unchanged.
/// Raw values are frozen (written to logs).
public enum RejectionReason: UInt8, Hashable, Sendable, CaseIterable {
    /// The controller is already in the navigation stack (NV-1, BUG-9).
    case alreadyInStack = 0
    /// A tab bar controller cannot be pushed (NV-1).
    case tabBarController = 1
    /// "Pushing a navigation controller is not supported" (NV-1, INV-4, BUG-8).
    case navigationController = 2
    /// A split view controller cannot be inside a navigation stack (INV-5).
    case splitViewController = 3
    /// The controller already has a different parent (INV-1).
    case hasOtherParent = 4
    /// The command names a controller the state does not know.
    case unknownController = 5
    /// The command needs a navigation controller and got something else.
    case notNavigationController = 6
    /// `popTo` names a controller not in the stack (NV-4).
    case notInStack = 7
    /// `setViewControllers` with an empty list (NV-5).
    case emptyList = 8
    /// A list names the same controller twice (NV-5, INV-1).
    case duplicateInList = 9
    /// A display mode the split's style does not allow (DM-10).
    case invalidDisplayMode = 10
    /// `launch` on a split that is already on screen (SZ-3).
    case alreadyLaunched = 11
    /// `present` while something is already presented (SH-1, model: one modal level).
    case alreadyPresenting = 12
    /// A property value out of range, e.g. a width fraction outside 0…1 (ST-10).
    case invalidValue = 13
    /// The split's `viewControllers` must hold one or two controllers in the classic style (ST-2).
    case wrongControllerCount = 14
    /// The sender is not in the on-screen hierarchy, so nothing can route its action (SH-1).
    case senderNotInHierarchy = 15
    /// `show`/`hide(.compact)`: neither accepts the compact column (BTN-8).
    case compactColumn = 16
    /// A supplementary column on a double-column split (ST-3, uncertain).
    case supplementaryOnDoubleColumn = 17
    /// The legacy split exists on iPad only: "results in an exception" elsewhere (LG-1).
    case phoneIdiom = 18
    /// A delegate changed the split from a notification or a question that leaves no room for
    /// changes (`targetDisplayModeForAction`, `shouldHide`): refused (ST-12).
    case delegateCannotChange = 19

    /// The rule this rejection enforces.
    public var rule: RuleID {
        switch self {
        case .alreadyInStack, .tabBarController, .navigationController, .unknownController,
            .notNavigationController:
            return RuleID(.NV, 1)
        case .splitViewController: return RuleID(.INV, 5)
        case .hasOtherParent, .duplicateInList: return RuleID(.INV, 1)
        case .notInStack: return RuleID(.NV, 4)
        case .emptyList: return RuleID(.NV, 5)
        case .invalidDisplayMode: return RuleID(.DM, 10)
        case .alreadyLaunched: return RuleID(.SZ, 3)
        case .alreadyPresenting, .senderNotInHierarchy: return RuleID(.SH, 1)
        case .invalidValue: return RuleID(.ST, 10)
        case .wrongControllerCount: return RuleID(.ST, 2)
        case .compactColumn: return RuleID(.BTN, 8)
        case .supplementaryOnDoubleColumn: return RuleID(.ST, 3)
        case .phoneIdiom: return RuleID(.LG, 1)
        case .delegateCannotChange: return RuleID(.ST, 12)
        }
    }
}

/// Why a command had no effect although UIKit accepts it silently. Raw values are frozen.
public enum IgnoreReason: UInt8, Hashable, Sendable, CaseIterable {
    /// `pop` at the root: "you cannot pop the last item" (NV-2).
    case atRoot = 0
    /// `popTo` the current top (NV-4).
    case alreadyTop = 1
    /// The display-mode button is hidden while collapsed (BTN-3).
    case collapsed = 2
    /// `presentsWithGesture == false`: no button, no gesture (BTN-6).
    case gestureDisabled = 3
    /// The action leads to the current display mode.
    case noChange = 4
    /// A tap on the secondary that is not dimmed (BTN-5).
    case notOverlaid = 5
    /// The interactive pop was cancelled (NV-6).
    case cancelled = 6
    /// Nothing is presented (dismiss).
    case nothingPresented = 7
    /// The split is not on screen yet, so user actions cannot reach it.
    case notLaunched = 8
    /// A manual container has no display modes (SEED-MAN).
    case noDisplayModes = 9
    /// The split's style does not respond to this API (ST-1, BTN-1).
    case notForThisStyle = 10
    /// BTN-8: the column is already visible, already on top, or (hide) not visible.
    case columnUnchanged = 11
    /// BTN-8: ignored for this column (the secondary for show/hide, the primary for a collapsed hide,
    /// a column not on top).
    case columnIgnored = 12
    /// BTN-7: no button is shown in this display mode.
    case noButton = 13
    /// `popToRoot` on a stack that holds only its root: no change, nothing returned (NV-3). Logs
    /// from builds before this reason record it as `atRoot`.
    case rootOnly = 14

    /// The rule that makes this a no-op.
    public var rule: RuleID {
        switch self {
        case .atRoot: return RuleID(.NV, 2)
        case .alreadyTop: return RuleID(.NV, 4)
        case .collapsed: return RuleID(.BTN, 3)
        case .gestureDisabled: return RuleID(.BTN, 6)
        case .noChange: return RuleID(.BTN, 2)
        case .notOverlaid: return RuleID(.BTN, 5)
        case .cancelled: return RuleID(.NV, 6)
        case .nothingPresented: return RuleID(.SH, 1)
        case .notLaunched: return RuleID(.SZ, 3)
        case .noDisplayModes: return RuleID(.ST, 1)
        case .notForThisStyle: return RuleID(.ST, 1)
        case .columnUnchanged, .columnIgnored: return RuleID(.BTN, 8)
        case .noButton: return RuleID(.BTN, 7)
        case .rootOnly: return RuleID(.NV, 3)
        }
    }
}
