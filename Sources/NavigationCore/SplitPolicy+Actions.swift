/// What a policy's rule does besides answering, in order, after the answer's own changes: what a
/// real delegate does inside a callback (Lister 1.0 sets `preferredDisplayMode` while collapsing, a
/// `showDetail` override pushes a navigation controller it builds onto the primary, Mullvad
/// dismisses a sheet when the split expands). Each action is the call UIKit would see, decided as it
/// would be (``SplitView``), so its events belong to the command being decided.
public enum PolicyAction: Hashable, Sendable {
    /// Sets (`true`) or clears an app flag: `flag NAME true|false`.
    case setFlag(String, Bool)
    /// `preferredDisplayMode = mode`: `preferredDisplayMode MODE`.
    case setPreferredDisplayMode(DisplayMode)
    /// Column style: `preferredSplitBehavior = behavior`: `preferredSplitBehavior BEHAVIOR`.
    case setPreferredSplitBehavior(SplitBehavior)
    /// A split property: `set PROPERTY VALUE`, as in scripts.
    case setProperty(SplitProperty)
    /// `navigation.pushViewController(operand)`: `push OPERAND onto PLACE`.
    case push(PolicyOperand, onto: PolicyPlace)
    /// The split's `viewControllers = [primary, operand]`, replacing the secondary: `replaceSecondary OPERAND`.
    case replaceSecondary(PolicyOperand)
    /// `primary.showDetailViewController(operand)`, decided by UIKit's rules: `showDetail OPERAND`.
    case showDetail(PolicyOperand)
    /// `present(operand)` from the window's root: `present OPERAND`.
    case present(PolicyOperand)
    /// Dismisses the presented controller: `dismiss`.
    case dismiss
    /// `navigation.popViewController()`: `pop PLACE`.
    case pop(PolicyPlace)
    /// `navigation.popToRootViewController()`: `popToRoot PLACE`.
    case popToRoot(PolicyPlace)
    /// `navigation.viewControllers = [operand, …]`, the whole stack at once (DoroDoro's
    /// `secondaryNavigationController.viewControllers = [vc]`): `setStack PLACE [OPERAND, …]`.
    case setStack(PolicyPlace, [PolicyOperand])
    /// `destination.viewControllers += source.viewControllers`, then `source.viewControllers = []`
    /// (DoroDoro's collapse, Mastodon's stack moves): `moveStack PLACE onto PLACE`.
    case moveStack(PolicyPlace, onto: PolicyPlace)
    /// Column style: `split.show(column)`: `showColumn COLUMN`.
    case showColumn(Column)
    /// Column style: `split.hide(column)`: `hideColumn COLUMN`.
    case hideColumn(Column)
    /// Column style: `split.setViewController(operand, for: column)`: `setColumn COLUMN OPERAND`.
    case setColumn(Column, PolicyOperand)
}

/// The controller an action acts on: a subject as it is, wrapped in a new navigation controller, or
/// unwrapped (a navigation controller's root, as GitHawk's `showDetail` takes it); or a new
/// controller the delegate creates (`EmptyViewController()`, `storyboard.instantiate…`).
public enum PolicyOperand: Hashable, Sendable {
    /// How a subject is taken.
    public enum Form: Hashable, Sendable {
        /// The subject itself.
        case itself
        /// A new navigation controller shaped like the tree (a name and restoration ID), holding the subject.
        case wrapped(ControllerSpec)
        /// A navigation controller's first controller (the subject itself when it is not one).
        case unwrapped
        /// A navigation controller's top controller (the subject itself when it is not one):
        /// `(secondary as? UINavigationController)?.topViewController`.
        case top
    }

    /// A subject of the rule, taken as `Form` says: `target`, `target wrapped DetailNav`.
    case subject(PolicySubject, Form)
    /// New controllers made from a tree, minted as `make` does (EX-3): `new ArticleDetail`,
    /// `new DetailNav[Empty]`.
    case new(ControllerSpec)

    /// An operand of a subject.
    public init(_ subject: PolicySubject, _ form: Form = .itself) {
        self = .subject(subject, form)
    }
}

/// The navigation controller an action pushes onto or pops: a subject (`primary`) or the newest
/// controller in the hierarchy that matches (`DetailNav`).
public enum PolicyPlace: Hashable, Sendable {
    /// A subject of the rule.
    case subject(PolicySubject)
    /// The newest controller in the hierarchy that matches.
    case matching(ControllerMatch)
}

// MARK: text

extension PolicyAction {
    /// The action as the policy language writes it: `preferredDisplayMode automatic`,
    /// `push target wrapped DetailNav onto primary`.
    public var text: String {
        switch self {
        case .setFlag(let name, let value): return "flag \(name) \(value)"
        case .setPreferredDisplayMode(let mode): return "preferredDisplayMode \(mode == .automatic ? "automatic" : mode.classicName)"
        case .setPreferredSplitBehavior(let behavior): return "preferredSplitBehavior \(behavior)"
        case .setProperty(let property): return "set " + NavigationCommand.property(property)
        case .push(let operand, let place): return "push \(operand.text) onto \(place.text)"
        case .replaceSecondary(let operand): return "replaceSecondary \(operand.text)"
        case .showDetail(let operand): return "showDetail \(operand.text)"
        case .present(let operand): return "present \(operand.text)"
        case .dismiss: return "dismiss"
        case .pop(let place): return "pop \(place.text)"
        case .popToRoot(let place): return "popToRoot \(place.text)"
        case .setStack(let place, let operands): return "setStack \(place.text) [\(operands.map(\.text).joined(separator: ", "))]"
        case .moveStack(let source, let destination): return "moveStack \(source.text) onto \(destination.text)"
        case .showColumn(let column): return "showColumn \(column.name)"
        case .hideColumn(let column): return "hideColumn \(column.name)"
        case .setColumn(let column, let operand): return "setColumn \(column.name) \(operand.text)"
        }
    }
}

extension PolicyOperand {
    /// `target`, `target wrapped DetailNav@DetailNC`, `target unwrapped`, `secondary top`, `new DetailNav[Empty]`.
    public var text: String {
        switch self {
        case .subject(let subject, .itself): return subject.rawValue
        case .subject(let subject, .wrapped(let spec)): return "\(subject.rawValue) wrapped \(spec.name)" + (spec.restorationID.map { "@" + $0 } ?? "")
        case .subject(let subject, .unwrapped): return "\(subject.rawValue) unwrapped"
        case .subject(let subject, .top): return "\(subject.rawValue) top"
        case .new(let tree): return "new \(tree.notation)"
        }
    }
}

extension PolicyPlace {
    /// `primary`, or a pattern.
    public var text: String {
        switch self {
        case .subject(let subject): return subject.rawValue
        case .matching(let match): return match.text
        }
    }
}

extension PolicyParser {
    /// `then ACTION` repeated, after a rule's answer.
    mutating func actions() throws(NotationError) -> [PolicyAction] {
        var result: [PolicyAction] = []
        while take("then") { result.append(try action()) }
        return result
    }

    mutating func action() throws(NotationError) -> PolicyAction {
        let start = cursor
        let words =
            "flag, preferredDisplayMode, preferredSplitBehavior, set, push, replaceSecondary, showDetail, present, dismiss, pop, popToRoot, "
            + "setStack, moveStack, showColumn, hideColumn, setColumn"
        switch try next("an action (\(words))") {
        case "flag": return .setFlag(try next("a flag name"), try boolean())
        case "preferredDisplayMode":
            let word = try next("a display mode")
            guard let mode = DisplayMode(name: word) else {
                cursor -= 1
                throw fail("unknown display mode '\(word)'")
            }
            return .setPreferredDisplayMode(mode)
        case "preferredSplitBehavior":
            let word = try next("a split behavior")
            guard let behavior = SplitBehavior.allCases.first(where: { "\($0)" == word }) else {
                cursor -= 1
                throw fail("unknown split behavior '\(word)' (automatic, tile, overlay, displace)")
            }
            return .setPreferredSplitBehavior(behavior)
        case "set":
            let nameStart = cursor
            let name = try next("a property")
            guard let property = SplitProperty.Name(rawValue: name) else {
                cursor = nameStart
                throw fail("unknown property '\(name)' (\(SplitProperty.Name.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let value = try next("a value of \(name)")
            guard let parsed = SplitProperty(name: property, text: value) else {
                cursor -= 1
                throw fail("expected \(property.valueType.expectation), found '\(value)'")
            }
            return .setProperty(parsed)
        case "push":
            let operand = try self.operand()
            try expect("onto")
            return .push(operand, onto: try place())
        case "replaceSecondary": return .replaceSecondary(try operand())
        case "showDetail": return .showDetail(try operand())
        case "present": return .present(try operand())
        case "dismiss": return .dismiss
        case "pop": return .pop(try place())
        case "popToRoot": return .popToRoot(try place())
        case "setStack":
            let place = try place()
            return .setStack(place, try operandList())
        case "moveStack":
            let source = try place()
            try expect("onto")
            return .moveStack(source, onto: try place())
        case "showColumn": return .showColumn(try column())
        case "hideColumn": return .hideColumn(try column())
        case "setColumn":
            let column = try column()
            return .setColumn(column, try operand())
        case let other:
            cursor = start
            throw fail("unknown action '\(other)' (\(words))")
        }
    }

    mutating func column() throws(NotationError) -> Column {
        let word = try next("a column (\(Column.allCases.map(\.name).joined(separator: ", ")))")
        guard let column = Column.allCases.first(where: { $0.name == word }) else {
            cursor -= 1
            throw fail("unknown column '\(word)' (\(Column.allCases.map(\.name).joined(separator: ", ")))")
        }
        return column
    }

    mutating func operand() throws(NotationError) -> PolicyOperand {
        if take("new") { return .new(try tree()) }
        let start = cursor
        let word = try next("a subject (\(PolicySubject.allCases.map(\.rawValue).joined(separator: ", "))) or new TREE")
        guard let subject = PolicySubject(rawValue: word) else {
            cursor = start
            throw fail("expected a subject (\(PolicySubject.allCases.map(\.rawValue).joined(separator: ", "))) or new TREE, found '\(word)'")
        }
        if take("unwrapped") { return PolicyOperand(subject, .unwrapped) }
        if take("top") { return PolicyOperand(subject, .top) }
        guard take("wrapped") else { return PolicyOperand(subject) }
        var wrap = try tree()
        guard wrap.children.isEmpty, wrap.kind == .content || wrap.kind == .navigation else {
            cursor -= 1
            throw fail("wrapped takes a new navigation controller's NAME or NAME@ID")
        }
        wrap.kind = .navigation
        return PolicyOperand(subject, .wrapped(wrap))
    }

    /// `[OPERAND, …]`, one token (the tokenizer keeps brackets whole); each operand is parsed on its
    /// own and an error points into the list.
    mutating func operandList() throws(NotationError) -> [PolicyOperand] {
        let expectation = "a bracketed list of operands ([target], [target wrapped DetailNav, sender] or [])"
        guard cursor < tokens.count else { throw fail("expected \(expectation)") }
        let token = tokens[cursor]
        let scalars = Array(token.text.unicodeScalars)
        guard scalars.count >= 2, scalars.first == "[", scalars.last == "]" else { throw fail("expected \(expectation), found '\(token.text)'") }
        cursor += 1
        // Pieces between top-level commas, each with its offset in the token.
        var pieces: [(offset: Int, text: String)] = []
        var start = 1
        var depth = 0
        for index in 1..<scalars.count {
            let scalar = scalars[index]
            if scalar == "[" { depth += 1 }
            if scalar == "]" && depth > 0 {
                depth -= 1
                continue
            }
            guard depth == 0, scalar == "," || index == scalars.count - 1 else { continue }
            var piece = ""
            piece.unicodeScalars.append(contentsOf: scalars[start..<index])
            pieces.append((start, piece))
            start = index + 1
        }
        if pieces.count == 1, pieces[0].text.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" }) { return [] }
        var operands: [PolicyOperand] = []
        for piece in pieces {
            var parser = PolicyParser(piece.text)
            do throws(NotationError) {
                operands.append(try parser.operand())
                if !parser.atEnd { throw parser.fail("expected ',' or ']' after an operand, found '\(parser.peek() ?? "")'") }
            } catch {
                throw NotationError(error.message, at: token.offset + piece.offset + error.offset)
            }
        }
        return operands
    }

    mutating func place() throws(NotationError) -> PolicyPlace {
        if let word = peek(), let subject = PolicySubject(rawValue: word) {
            cursor += 1
            return .subject(subject)
        }
        return .matching(try match())
    }
}

extension SplitProperty.ValueType {
    /// What a value of this type is written as, for error messages: `true or false`.
    public var expectation: String {
        switch self {
        case .bool: return "true or false"
        case .edge: return "leading or trailing"
        case .points: return "a number of points or automatic"
        case .visibility: return "automatic, always or never"
        }
    }
}

extension SplitProperty {
    /// The property `name` with its value written as in scripts and policies: `true`, `trailing`,
    /// `320`, `automatic` (for `automaticDimension`), `always`; `nil` when it does not parse.
    public init?(name: Name, text: String) {
        let value: Value
        switch name.valueType {
        case .bool:
            guard text == "true" || text == "false" else { return nil }
            value = .bool(text == "true")
        case .edge:
            guard let edge = PrimaryEdge.allCases.first(where: { "\($0)" == text }) else { return nil }
            value = .edge(edge)
        case .points:
            if text == "automatic" {
                value = .points(nil)
            } else {
                guard let number = Double(text) else { return nil }
                value = .points(number)
            }
        case .visibility:
            guard let visibility = ButtonVisibility.allCases.first(where: { "\($0)" == text }) else { return nil }
            value = .visibility(visibility)
        }
        self.init(name: name, value: value)
    }
}

// MARK: doing

extension PolicyContext {
    /// Does `actions` in order through the split view, as the delegate's own calls.
    func perform(_ actions: [PolicyAction]) {
        for action in actions { perform(action) }
    }

    func perform(_ action: PolicyAction) {
        switch action {
        case .setFlag(let name, let value): split.setFlag(name, value)
        case .setPreferredDisplayMode(let mode): split.preferredDisplayMode = mode
        case .setPreferredSplitBehavior(let behavior): split.preferredSplitBehavior = behavior
        case .setProperty(let property): split.setProperty(property)
        case .push(let operand, let place):
            guard let navigation = navigation(place), let controller = controller(operand) else { return }
            navigation.pushViewController(controller)
        case .replaceSecondary(let operand):
            guard let primary = split.viewController(for: .primary), let controller = controller(operand) else { return }
            split.viewControllers = [primary, controller]
        case .showDetail(let operand):
            guard let controller = controller(operand) else { return }
            split.showDetailViewController(controller, sender: sender)
        case .present(let operand):
            guard let controller = controller(operand) else { return }
            split.present(controller)
        case .dismiss: split.dismiss()
        case .pop(let place): navigation(place)?.popViewController()
        case .popToRoot(let place):
            guard let navigation = navigation(place), let root = navigation.viewControllers.first else { return }
            navigation.viewControllers = [root]
        case .setStack(let place, let operands):
            guard let navigation = navigation(place) else { return }
            let controllers = operands.compactMap(controller)
            guard controllers.count == operands.count else { return }
            navigation.viewControllers = controllers
        case .moveStack(let source, let destination):
            guard let from = navigation(source), let to = navigation(destination) else { return }
            to.viewControllers += from.viewControllers
            from.viewControllers = []
        case .showColumn(let column): split.show(column)
        case .hideColumn(let column): split.hide(column)
        case .setColumn(let column, let operand):
            guard let controller = controller(operand) else { return }
            split.setViewController(controller, for: column)
        }
    }

    /// The controller `operand` names, wrapping or unwrapping it as it says, or the one it makes;
    /// `nil` when the subject is absent or the controller cannot be made.
    func controller(_ operand: PolicyOperand) -> ViewController? {
        switch operand {
        case .new(let tree): return split.make(tree)
        case .subject(let subject, let form):
            guard let id = self.subject(subject) else { return nil }
            let controller = split.handle(id)
            switch form {
            case .itself: return controller
            case .unwrapped: return controller.isNavigationController ? controller.viewControllers.first ?? controller : controller
            case .top: return controller.isNavigationController ? controller.topViewController ?? controller : controller
            case .wrapped(let spec):
                return split.makeNavigationController(spec.name, restorationIdentifier: spec.restorationID, viewControllers: [controller])
            }
        }
    }

    /// The navigation controller `place` names: a subject (through to the visible navigation
    /// controller when the subject is not one), or the newest matching navigation controller in the
    /// hierarchy.
    func navigation(_ place: PolicyPlace) -> ViewController? {
        let state = split.state
        switch place {
        case .subject(let subject):
            guard let id = self.subject(subject) else { return nil }
            if state.kind(of: id) == .navigation { return split.handle(id) }
            return state.navigationController(of: id).map(split.handle)
        case .matching(let match):
            let found = state.allControllerIDs.reversed().first { state.isInHierarchy($0) && state.kind(of: $0) == .navigation && match.matches($0, in: state) }
            return found.map(split.handle)
        }
    }
}
