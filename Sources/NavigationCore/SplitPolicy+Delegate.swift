/// A data policy answers through the delegate protocol: each method tries its rules in order and
/// gives the first answer that applies; with none, UIKit's default, as if not implemented.
extension SplitPolicy: SplitViewDelegate {
    /// The rules of `method` in turn: the first whose condition holds and whose answer applies,
    /// after its actions.
    func answer<Result>(_ method: DelegateMethod, _ context: PolicyContext, _ apply: (PolicyAnswer) -> Result?) -> Result? {
        guard let rules = methods[method] else { return nil }
        for rule in rules where rule.condition.map({ context.holds($0) }) ?? true {
            if let result = apply(rule.answer) {
                context.perform(rule.actions)
                return result
            }
        }
        return nil
    }

    /// Whether the policy implements a notification: only then does `decide` deliver them.
    public var wantsNotifications: Bool { methods.keys.contains(where: \.isNotification) }

    public func splitViewController(_ split: SplitView, notified notification: SplitNotification) {
        var context = PolicyContext(split: split, primary: split.viewController(for: .primary), secondary: split.viewController(for: .secondary))
        let method: DelegateMethod
        switch notification {
        case .didCollapse: method = .didCollapse
        case .didExpand: method = .didExpand
        case .willChangeDisplayMode(let mode):
            method = .willChangeTo
            context.proposedMode = mode
        case .willShowColumn(let column):
            method = .willShowColumn
            context.proposedColumn = column
        case .willHideColumn(let column):
            method = .willHideColumn
            context.proposedColumn = column
        case .legacyWillHideMaster, .legacyWillShowMaster, .legacyPopoverWillPresent: return
        }
        _ = answer(method, context) { $0 == .nothing ? true : nil }
    }

    public func navigationController(_ split: SplitView, didShow controller: ViewController, in navigation: ViewController) {
        var context = PolicyContext(split: split, primary: split.viewController(for: .primary), secondary: split.viewController(for: .secondary))
        context.target = controller
        context.navigation = navigation
        _ = answer(.didShow, context) { $0 == .nothing ? true : nil }
    }

    public func primaryViewController(forCollapsing split: SplitView) -> ViewController? {
        let context = PolicyContext(split: split, primary: split.viewController(for: .primary), secondary: split.viewController(for: .secondary))
        let state = split.state
        let chosen: ViewController?? = answer(.primaryForCollapsing, context) { answer in
            answer == .secondary
                ? .some(context.secondary)
                : context.controller(for: answer) { id in
                    id == state.primary || id == state.secondary || state.parent(of: id) == .none  // CO-7
                }
        }
        return chosen ?? nil
    }

    public func splitViewController(_ split: SplitView, collapseSecondary secondary: ViewController, onto primary: ViewController) -> Bool {
        let context = PolicyContext(split: split, primary: primary, secondary: secondary)
        return answer(.collapseSecondary, context) { answer -> Bool? in
            switch answer {
            case .keep: return false
            case .discard: return true
            case .merge:
                // CO-4's merge: the secondary navigation controller's children go onto the primary's stack.
                if primary.isNavigationController, secondary.isNavigationController, !secondary.viewControllers.isEmpty {
                    primary.viewControllers += secondary.viewControllers
                }
                return true
            case .mergeTop:
                let top = secondary.isNavigationController ? secondary.topViewController : secondary
                if primary.isNavigationController, let top { primary.pushViewController(top) }
                return true
            case .filter(let match):
                if primary.isNavigationController {
                    let kept = primary.viewControllers.filter { match.matches($0.id, in: split.state) }
                    if !kept.isEmpty { primary.viewControllers = kept }
                }
                return false
            default:
                return nil
            }
        } ?? false
    }

    public func primaryViewController(forExpanding split: SplitView) -> ViewController? {
        let context = PolicyContext(split: split, primary: split.viewController(for: .primary), secondary: nil)
        let state = split.state
        let chosen: ViewController?? = answer(.primaryForExpanding, context) { answer in
            // The secondary on expand: the default (EX-1.1).
            answer == .secondary
                ? .some(nil)
                : context.controller(for: answer) { id in
                    id == state.primary || state.parent(of: id) == .none
                }
        }
        return chosen ?? nil
    }

    public func splitViewController(_ split: SplitView, separateSecondaryFrom primary: ViewController) -> ViewController? {
        let context = PolicyContext(split: split, primary: primary, secondary: nil)
        let chosen: ViewController?? = answer(.separateSecondary, context) { answer in
            if case .unmerge(let points, let wrap) = answer {
                return Self.unmerge(primary, at: points, wrap: wrap, in: split).map { .some($0) }
            }
            // EX-1.3: a controller no container holds (one still in a stack would count as nil).
            return context.controller(for: answer) { id in id != primary.id && split.state.parent(of: id) == .none }
        }
        return chosen ?? nil
    }

    /// Splits `primary`'s stack at the first point that applies and returns the tail: its first
    /// controller when that is a navigation controller (the rest of the tail leaves with it), else the
    /// tail wrapped in a new navigation controller shaped like `wrap`. `nil` when no point applies or
    /// the tail is empty.
    static func unmerge(_ primary: ViewController, at points: [UnmergePoint], wrap: ControllerSpec, in split: SplitView) -> ViewController? {
        let stack = primary.viewControllers
        let state = split.state
        var index: Int?
        for point in points {
            switch point {
            case .firstNested: index = stack.firstIndex { $0.isNavigationController }
            case .after(let match): index = stack.lastIndex { match.matches($0.id, in: state) }.map { $0 + 1 }
            case .from(let match): index = stack.firstIndex { match.matches($0.id, in: state) }
            case .top: index = stack.count > 1 ? stack.count - 1 : nil
            }
            if let found = index, found > 0, found < stack.count { break }
            index = nil
        }
        guard let index else { return nil }
        let tail = Array(stack[index...])
        primary.viewControllers = Array(stack[..<index])
        if let first = tail.first, first.isNavigationController { return first }
        return split.makeNavigationController(wrap.name, restorationIdentifier: wrap.restorationID, viewControllers: tail)
    }

    public func targetDisplayModeForAction(in split: SplitView) -> DisplayMode {
        let context = PolicyContext(split: split, primary: split.viewController(for: .primary), secondary: split.viewController(for: .secondary))
        return answer(.targetDisplayMode, context) { answer in
            if case .mode(let mode) = answer { return mode }
            return nil
        } ?? .automatic
    }

    public func splitViewController(_ split: SplitView, show controller: ViewController, sender: ViewController) -> Bool {
        override(.showOverride, split, controller, sender)
    }

    public func splitViewController(_ split: SplitView, showDetail controller: ViewController, sender: ViewController) -> Bool {
        override(.showDetailOverride, split, controller, sender)
    }

    func override(_ method: DelegateMethod, _ split: SplitView, _ controller: ViewController, _ sender: ViewController) -> Bool {
        var context = PolicyContext(split: split, primary: split.viewController(for: .primary), secondary: split.viewController(for: .secondary))
        context.target = controller
        context.sender = sender
        return answer(method, context) { answer in
            if case .bool(let handled) = answer { return handled }
            return nil
        } ?? false
    }

    public func splitViewController(_ split: SplitView, topColumnForCollapsingToProposedTopColumn proposed: Column) -> Column {
        var context = PolicyContext(split: split, primary: split.viewController(for: .primary), secondary: split.viewController(for: .secondary))
        context.proposedColumn = proposed
        return answer(.topColumnForCollapsing, context) { answer in
            switch answer {
            case .column(let column): return column
            case .proposed: return proposed
            default: return nil
            }
        } ?? proposed
    }

    public func splitViewController(_ split: SplitView, displayModeForExpandingToProposedDisplayMode proposed: DisplayMode) -> DisplayMode {
        var context = PolicyContext(split: split, primary: split.viewController(for: .primary), secondary: split.viewController(for: .secondary))
        context.proposedMode = proposed
        return answer(.displayModeForExpanding, context) { answer in
            switch answer {
            case .mode(let mode): return mode
            case .proposed: return proposed
            default: return nil
            }
        } ?? proposed
    }

    public func splitViewController(_ split: SplitView, shouldHide controller: ViewController, in orientation: Orientation) -> Bool {
        let context = PolicyContext(split: split, primary: controller, secondary: split.viewController(for: .secondary))
        return answer(.shouldHide, context) { answer in
            if case .bool(let hide) = answer { return hide }
            return nil
        } ?? (orientation == .portrait)
    }

    public var implementsLegacyWillHide: Bool { implementsWillHide }
}

/// What a policy's conditions look at while one method is asked.
struct PolicyContext {
    let split: SplitView
    var primary: ViewController?
    var secondary: ViewController?
    var target: ViewController?
    var sender: ViewController?
    var navigation: ViewController?
    var proposedColumn: Column?
    var proposedMode: DisplayMode?

    init(split: SplitView, primary: ViewController?, secondary: ViewController?) {
        self.split = split
        self.primary = primary
        self.secondary = secondary
    }

    func subject(_ subject: PolicySubject) -> ControllerID? {
        switch subject {
        case .primary: return primary?.id
        case .secondary: return secondary?.id
        case .supplementary: return split.state.supplementary
        case .target: return target?.id
        case .sender: return sender?.id
        case .presented: return split.state.presented
        case .navigation: return navigation?.id
        }
    }

    func holds(_ condition: PolicyCondition) -> Bool {
        let state = split.state
        switch condition {
        case .flag(let name): return state.flag(name)
        case .collapsed: return state.isCollapsed
        case .landscape: return state.traits.isLandscape
        case .proposedColumn(let column): return proposedColumn == column
        case .proposedMode(let mode): return proposedMode == mode
        case .not(let inner): return !holds(inner)
        case .all(let parts): return parts.allSatisfy(holds)
        case .any(let parts): return parts.contains(where: holds)
        case .test(let subject, let test):
            guard let id = self.subject(subject) else { return false }
            return holds(test, of: id)
        case .testNamed(let match, let test):
            guard let id = newest(where: { state.contains($0) && match.matches($0, in: state) }) else { return false }
            return holds(test, of: id)
        }
    }

    /// Whether `test` holds of the controller `id`.
    func holds(_ test: ControllerTest, of id: ControllerID) -> Bool {
        let state = split.state
        switch test {
        case .is(let match): return match.matches(id, in: state)
        case .top(let match):
            guard state.kind(of: id) == .navigation, let top = state.top(of: id) else { return false }
            return match.matches(top, in: state)
        case .nestedTop(let match):
            guard state.kind(of: id) == .navigation, let top = state.top(of: id), state.kind(of: top) == .navigation,
                let nested = state.top(of: top)
            else { return false }
            return match.matches(nested, in: state)
        case .contains(let match):
            return state.subtree(of: id).contains { $0 != id && match.matches($0, in: state) }
        case .shows(let item):
            return state.shownItem(of: id) == item
        case .showsSameItemAs(let other):
            guard let otherID = self.subject(other), let item = state.shownItem(of: id) else { return false }
            return state.shownItem(of: otherID) == item
        case .deeperThan(let count):
            return state.stackCount(of: id) > count
        }
    }

    /// The newest controller that `qualifies` and is in the hierarchy, else the newest that
    /// qualifies outside it (a controller the app keeps, as a delegate's stored property would).
    func newest(where qualifies: (ControllerID) -> Bool) -> ControllerID? {
        let state = split.state
        var outside: ControllerID?
        for id in state.allControllerIDs.reversed() where qualifies(id) {
            if state.isInHierarchy(id) { return id }
            if outside == nil { outside = id }
        }
        return outside
    }

    /// What an answer that returns a controller gives: `.some(nil)` for `nil` (an answer), the
    /// controller for `existing` and `fresh`; `nil` (no answer: the next rule) when no controller
    /// matches, the tree cannot be made, or the answer is of another kind.
    ///
    /// `existing` takes the newest live controller that matches and that the method can install
    /// (`installable`: UIKit installs a controller no container holds, or one the split already has
    /// there): the remembered secondary first (EX-1.5), then those in the hierarchy, then the
    /// others (a controller the app keeps, as a delegate's stored property would).
    func controller(for answer: PolicyAnswer, installable: (ControllerID) -> Bool) -> ViewController?? {
        switch answer {
        case .returnsNil: return .some(nil)
        case .existing(let match):
            let state = split.state
            func qualifies(_ id: ControllerID) -> Bool { state.contains(id) && match.matches(id, in: state) && installable(id) }
            if let remembered = state.rememberedSecondary, qualifies(remembered) { return .some(split.handle(remembered)) }
            return newest(where: qualifies).map { .some(split.handle($0)) }
        case .fresh(let spec): return split.make(spec).map { .some($0) }
        default: return nil
        }
    }
}

extension PolicyCondition {
    /// Whether the condition holds of `state`, its subjects being the split's own columns (no
    /// target, sender or proposal, which only a delegate method has): what an app model's action
    /// asks before it is offered.
    public func holds(in state: NavigationState) -> Bool {
        let split = SplitView(state: state, access: .readOnly)
        var context = PolicyContext(split: split, primary: split.viewController(for: .primary), secondary: split.viewController(for: .secondary))
        context.target = nil
        return context.holds(self)
    }
}
