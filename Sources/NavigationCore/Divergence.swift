/// A difference between what UIKit showed an app after a command (the app's capture reported it)
/// and what the model decided: the fact a ``NavigationEvent/diverged(_:)`` event records
/// (`docs/Capture.md`, "Conformance"). It does not change the state.
public struct Divergence: Hashable, Sendable {
    /// What was compared.
    public var aspect: ConformanceAspect
    /// What UIKit showed.
    public var observed: ConformanceValue
    /// What the model says.
    public var model: ConformanceValue
    /// The rules that governed the command's events, and any bug it raised: where to look.
    public var rules: [RuleID]

    /// Creates a divergence.
    public init(aspect: ConformanceAspect, observed: ConformanceValue, model: ConformanceValue, rules: [RuleID]) {
        self.aspect = aspect
        self.observed = observed
        self.model = model
        self.rules = rules
    }
}

/// The part of the state an observation reports.
public enum ConformanceAspect: Hashable, Sendable {
    /// The split's `viewControllers` (ST-2).
    case viewControllers
    /// A navigation controller's `viewControllers`.
    case stack(of: ObservedController)
    /// `isCollapsed`.
    case collapsed
    /// `displayMode`.
    case displayMode

    /// `viewControllers`, `stack`, `collapsed`, `displayMode`.
    public var name: String {
        switch self {
        case .viewControllers: return "viewControllers"
        case .stack: return "stack"
        case .collapsed: return "collapsed"
        case .displayMode: return "displayMode"
        }
    }
}

/// A controller as UIKit reported it: one the model knows, or one it cannot place (known to the
/// app only, by its screen name).
public enum ObservedController: Hashable, Sendable {
    /// A controller of the model.
    case controller(ControllerID)
    /// A controller the model has no counterpart for, by its interned screen name.
    case unmatched(name: NameID)
}

/// An observed or modelled value of an aspect.
public enum ConformanceValue: Hashable, Sendable {
    /// A list of controllers (the split's `viewControllers`, a stack).
    case controllers([ObservedController])
    /// A Boolean (`isCollapsed`).
    case flag(Bool)
    /// A display mode.
    case displayMode(DisplayMode)
}

extension NavigationEvent {
    /// The rules of the behavioural spec that govern this event (`uikit-semantics.md` §16), applied
    /// to `state` (the state before it): the rules a divergence after it points at. Empty for
    /// bookkeeping events (names, creation, flags, policies, releases).
    public func governingRules(in state: NavigationState) -> [RuleID] {
        switch self {
        case .nameInterned, .controllerCreated, .stackInitialized, .flagSet, .policyChanged, .controllerReleased, .diverged:
            return []
        case .resynced: return []  // UIKit's doing, not the model's
        case .detailMarked: return [RuleID(.SH, 8)]
        case .itemRepresented: return []
        case .launched: return [RuleID(.SZ, 3)]
        case .traitsChanged: return [RuleID(.SZ, 1)]
        case .propertySet: return [RuleID(.ST, 8)]
        case .preferredDisplayModeSet: return [RuleID(.DM, 1)]
        case .displayModeChanged: return [RuleID(.DM, 2)]
        case .splitViewControllersSet: return [RuleID(.ST, 2)]
        case .collapsed(let resolution):
            switch resolution.outcome {
            case .noSecondary: return [RuleID(.CO, 1)]
            case .secondaryPushed, .mergedByDelegate: return [RuleID(.CO, 1), RuleID(.CO, 4)]
            case .discardedByDelegate: return [RuleID(.CO, 1), RuleID(.CO, 2)]
            case .discardedByPrimary: return [RuleID(.CO, 1), RuleID(.CO, 6)]
            case .secondaryBecamePrimary: return [RuleID(.CO, 1), RuleID(.CO, 7)]
            case .columnsStacked: return [RuleID(.CO, 11)]
            case .compactColumn: return [RuleID(.CO, 10)]
            }
        case .separated(let resolution):
            switch resolution.source {
            case .none, .remembered: return [RuleID(.EX, 1)]
            case .delegate: return [RuleID(.EX, 1), RuleID(.EX, 3)]
            case .poppedFromPrimary: return [RuleID(.EX, 1), RuleID(.EX, 2)]
            case .rememberedStale: return [RuleID(.EX, 1), RuleID(.BUG, 6)]
            case .columnsRestored: return [RuleID(.EX, 4)]
            }
        case .shown(_, _, let resolution): return [Self.showRule(resolution, detail: false)]
        case .detailShown(_, _, let resolution):
            // A pushed detail is redirected to the primary while collapsed (SH-9), forwarded to a
            // navigation secondary while expanded (SH-11).
            if case .pushed = resolution, !state.isCollapsed { return [RuleID(.SH, 11)] }
            return [Self.showRule(resolution, detail: true)]
        case .pushed: return [RuleID(.NV, 1)]
        case .popped(_, let interactive): return interactive ? [RuleID(.NV, 6)] : [RuleID(.NV, 2)]
        case .poppedToRoot: return [RuleID(.NV, 3)]
        case .poppedTo: return [RuleID(.NV, 4)]
        case .stackSet: return [RuleID(.NV, 5)]
        case .presented, .dismissed: return [RuleID(.SH, 1)]
        case .rejected(_, let reason, _): return [reason.rule]
        case .ignored(_, let reason, _): return [reason.rule]
        case .columnSet(_, _, let resolution):
            if case .pushed = resolution { return [RuleID(.SH, 15)] }
            return [RuleID(.ST, 3)]
        case .columnShown, .columnHidden: return [RuleID(.BTN, 8)]
        case .columnStacked: return [RuleID(.CO, 11)]
        case .columnUnstacked: return [RuleID(.EX, 4)]
        case .preferredSplitBehaviorSet: return [RuleID(.ST, 5)]
        case .splitBehaviorChanged: return [RuleID(.DM, 6)]
        case .delegateNotified: return [RuleID(.LG, 5)]
        }
    }

    private static func showRule(_ resolution: ShowResolution, detail: Bool) -> RuleID {
        switch resolution {
        case .pushed: return detail ? RuleID(.SH, 9) : RuleID(.SH, 2)
        case .installedAsPrimary: return RuleID(.SH, 5)
        case .installedAsSecondary: return RuleID(.SH, 11)
        case .presentedModally: return detail ? RuleID(.SH, 10) : RuleID(.SH, 1)
        case .handledByDelegate: return detail ? RuleID(.SH, 8) : RuleID(.SH, 4)
        case .unchanged: return RuleID(.SH, 7)
        case .replacedStack: return detail ? RuleID(.SH, 11) : RuleID(.SH, 2)
        }
    }
}
