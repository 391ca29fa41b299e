/// The command vocabulary, described once: for every ``CommandKind`` its keyword and its labelled
/// parameters. The script parser and renderer, the JSON mirror, the Swift literal writer, the byte
/// codec and the help text are all derived from these signatures and from ``NavigationCommand/arguments``
/// / ``NavigationCommand/init(kind:arguments:)``, so a new command is added here (and given a wire tag
/// in the codec) and nowhere else.
///
/// ```swift
/// CommandKind.push.signature.parameters.map(\.name)   // ["controller", "onto"]
/// NavigationCommand.push(#3, onto: #0).arguments        // [.controller(#3), .controller(#0)]
/// ```

/// The type of a command's parameter: every form knows how to spell each type.
public enum CommandParameterType: Hashable, Sendable {
    /// A controller (`#3`, or a name in scripts).
    case controller
    /// A controller or nothing (`nil`).
    case optionalController
    /// A list of controllers (`[A, B]`).
    case controllers
    /// A tree of new controllers (`MN[M, DN[D]]`).
    case tree
    /// An environment.
    case traits
    /// A display mode.
    case displayMode
    /// A column of a column-style split.
    case column
    /// A split behaviour.
    case splitBehavior
    /// A split property and its value.
    case property
    /// A Boolean that scripts spell with two words (`completed` / `cancelled`).
    case flag(true: String, false: String)
    /// A word: a flag's name.
    case text
    /// A delegate policy, in the policy language (the rest of a script line).
    case policy
}

/// One labelled parameter of a command.
public struct CommandParameter: Hashable, Sendable {
    /// The parameter's name: its JSON member (`onto`, `navigation`).
    public var name: String
    /// The Swift argument label, or `nil` for an unlabelled argument.
    public var label: String?
    /// The word a script line writes before the value (`from`, `onto`), if any.
    public var word: String?
    /// The value's type.
    public var type: CommandParameterType
    /// Whether a script may name a controller that does not exist yet here: a controller being shown
    /// is created (`showDetail Paste from M` creates `Paste`).
    public var createsNamedController: Bool
    /// Whether a script line may leave the value out at its end: a flag then takes its `true` word, a
    /// launch the session's initial traits.
    public var isOptional: Bool

    /// Creates a parameter.
    public init(
        _ name: String, _ type: CommandParameterType, label: String? = nil, word: String? = nil,
        createsNamedController: Bool = false, isOptional: Bool = false
    ) {
        self.name = name
        self.label = label
        self.word = word
        self.type = type
        self.createsNamedController = createsNamedController
        self.isOptional = isOptional
    }
}

/// How a command is written: its keyword, its parameters and what it models.
public struct CommandSignature: Hashable, Sendable {
    /// The kind.
    public var kind: CommandKind
    /// The keyword script lines are written with (`traits` for a trait change).
    public var keyword: String
    /// Other keywords scripts accept (`rotate`, `changeTraits`); the kind's ``CommandKind/name`` is
    /// always accepted.
    public var aliases: [String]
    /// The parameters, in order.
    public var parameters: [CommandParameter]
    /// What the command models, for help texts: the UIKit call and its rules.
    public var summary: String

    /// Every keyword a script accepts for this command.
    public var keywords: [String] {
        var result = [keyword]
        for alias in aliases + [kind.name] where !result.contains(alias) { result.append(alias) }
        return result
    }

    /// A synopsis for help texts: `push CONTROLLER onto CONTROLLER`.
    public var synopsis: String {
        var parts = [keyword]
        for parameter in parameters {
            if let word = parameter.word { parts.append(word) }
            let value: String
            switch parameter.type {
            case .controller: value = parameter.createsNamedController ? "CONTROLLER|TREE" : "CONTROLLER"
            case .optionalController: value = "CONTROLLER|TREE|nil"
            case .controllers: value = "[CONTROLLER, …]"
            case .tree: value = "TREE"
            case .traits: value = "ENVIRONMENT"
            case .displayMode: value = "DISPLAY-MODE"
            case .column: value = "COLUMN"
            case .splitBehavior: value = "BEHAVIOR"
            case .property: value = "PROPERTY VALUE"
            case .flag(let yes, let no): value = "\(yes)|\(no)"
            case .text: value = "NAME"
            case .policy: value = "POLICY"
            }
            parts.append(parameter.isOptional ? "[\(value)]" : value)
        }
        return parts.joined(separator: " ")
    }
}

extension CommandKind {
    /// The kind's name: the Swift case, the JSON `command` member, always a script keyword.
    public var name: String { Self.table[Int(rawValue)].name }

    /// The kind whose ``name`` is `name`.
    public init?(name: String) {
        guard let entry = Self.table.first(where: { $0.name == name }) else { return nil }
        self = entry.signature.kind
    }

    /// Every kind's name and signature, by raw value, worked out once: decoders look them up per
    /// record, and reflecting a case name or rebuilding a signature there would allocate.
    private static let table: [(name: String, signature: CommandSignature)] = {
        let kinds = allCases.sorted { $0.rawValue < $1.rawValue }
        precondition(kinds.enumerated().allSatisfy { Int($1.rawValue) == $0 }, "CommandKind raw values must be 0..<count")
        return kinds.map { ("\($0)", $0.describedSignature) }
    }()

    /// The kind a script keyword (or alias) names.
    public init?(keyword: String) {
        guard let kind = CommandKind.allCases.first(where: { $0.signature.keywords.contains(keyword) }) else { return nil }
        self = kind
    }

    /// How commands of this kind are written: the one description of the vocabulary.
    public var signature: CommandSignature { Self.table[Int(rawValue)].signature }

    private var describedSignature: CommandSignature {
        typealias P = CommandParameter
        func sign(_ keyword: String, _ aliases: [String] = [], _ parameters: [P], _ summary: String) -> CommandSignature {
            CommandSignature(kind: self, keyword: keyword, aliases: aliases, parameters: parameters, summary: summary)
        }
        let navigation = P("navigation", .controller)
        switch self {
        case .instantiate:
            return sign("instantiate", [], [P("spec", .tree)], "create the controllers of a tree")
        case .setSplitViewControllers:
            return sign(
                "setSplitViewControllers", [], [P("controllers", .controllers, createsNamedController: true)],
                "split.viewControllers = [primary, secondary] (ST-2, BUG-4)")
        case .launch:
            return sign(
                "launch", [], [P("traits", .traits, isOptional: true)],
                "put the split on screen; compact collapses at once (SZ-3)")
        case .changeTraits:
            return sign(
                "traits", ["rotate"], [P("traits", .traits)],
                "a rotation, a multitasking resize, a size-class change (SZ-*, CO-*, EX-*, DM-8)")
        case .setPreferredDisplayMode:
            return sign("preferredDisplayMode", [], [P("mode", .displayMode)], "split.preferredDisplayMode = mode (DM-1, DM-2, DM-7)")
        case .tapDisplayModeButton:
            return sign("tapDisplayModeButton", ["button"], [], "a tap on displayModeButtonItem (BTN-2..BTN-6)")
        case .edgeSwipe:
            return sign("edgeSwipe", ["swipe"], [], "the edge swipe that shows or hides the primary (BTN-2, BTN-6)")
        case .tapDimmedSecondary:
            return sign("tapDimmedSecondary", ["tapDimmed"], [], "a tap on the dimmed secondary (BTN-5)")
        case .show:
            return sign(
                "show", [], [P("target", .controller, createsNamedController: true), P("sender", .controller, label: "sender", word: "from")],
                "sender.show(target, sender:) (SH-1..SH-6, NV-8)")
        case .showDetail:
            return sign(
                "showDetail", [],
                [
                    P("target", .optionalController, createsNamedController: true),
                    P("sender", .controller, label: "sender", word: "from"),
                ],
                "sender.showDetailViewController(target, sender:) (SH-7..SH-12)")
        case .push:
            return sign(
                "push", [], [P("controller", .controller, createsNamedController: true), P("onto", .controller, label: "onto", word: "onto")],
                "navigation.pushViewController(controller) (NV-1)")
        case .pop:
            return sign("pop", [], [navigation], "navigation.popViewController() (NV-2)")
        case .interactivePop:
            return sign(
                "interactivePop", [], [navigation, P("completed", .flag(true: "completed", false: "cancelled"), label: "completed", isOptional: true)],
                "the interactive back swipe, completed or cancelled (NV-6)")
        case .popToRoot:
            return sign("popToRoot", [], [navigation], "navigation.popToRootViewController() (NV-3)")
        case .popTo:
            return sign(
                "popTo", [], [P("controller", .controller), P("navigation", .controller, label: "in", word: "in")],
                "navigation.popToViewController(controller) (NV-4)")
        case .setViewControllers:
            return sign(
                "setViewControllers", [],
                [
                    P("controllers", .controllers, createsNamedController: true),
                    P("navigation", .controller, label: "of", word: "of"),
                ],
                "navigation.setViewControllers(list) (NV-5)")
        case .present:
            return sign("present", [], [P("controller", .controller, createsNamedController: true)], "present(controller) from the window's root")
        case .dismiss:
            return sign("dismiss", [], [], "dismiss the presented controller")
        case .setProperty:
            return sign("set", [], [P("property", .property)], "set a split property (ST-8..ST-11, WD-*)")
        case .setViewController:
            return sign(
                "setViewController", [],
                [
                    P("controller", .optionalController, createsNamedController: true),
                    P("column", .column, label: "for", word: "for"),
                ],
                "split.setViewController(controller, for: column) (ST-3, SH-15)")
        case .showColumn:
            return sign("showColumn", [], [P("column", .column)], "split.show(column) (BTN-8)")
        case .hideColumn:
            return sign("hideColumn", [], [P("column", .column)], "split.hide(column) (BTN-8)")
        case .setPreferredSplitBehavior:
            return sign("preferredSplitBehavior", [], [P("behavior", .splitBehavior)], "split.preferredSplitBehavior = behavior (ST-5, DM-3)")
        case .tapSecondaryOnlyButton:
            return sign("tapSecondaryOnlyButton", [], [], "a tap on the triple column's secondary-only button (BTN-7)")
        case .setFlag:
            return sign(
                "flag", [], [P("name", .text), P("value", .flag(true: "true", false: "false"))],
                "the app sets or clears a flag its delegate reads (a selection, a modified detail)")
        case .setPolicy:
            return sign("policy", [], [P("policy", .policy)], "the delegate changes its answers (docs/ScriptFormat.md, delegate policies)")
        case .representItem:
            return sign(
                "represent", [], [P("controller", .controller, createsNamedController: true), P("item", .text)],
                "the app sets the item a controller shows (its detailItem); `nothing` clears it")
        }
    }
}

/// A value of a command's parameter (see ``CommandParameterType``).
public enum CommandArgument: Hashable, Sendable {
    /// A controller.
    case controller(ControllerID)
    /// A controller or nothing.
    case optionalController(ControllerID?)
    /// A list of controllers.
    case controllers([ControllerID])
    /// A tree of new controllers.
    case tree(ControllerSpec)
    /// An environment.
    case traits(Traits)
    /// A display mode.
    case displayMode(DisplayMode)
    /// A column.
    case column(Column)
    /// A split behaviour.
    case splitBehavior(SplitBehavior)
    /// A split property and its value.
    case property(SplitProperty)
    /// A Boolean.
    case flag(Bool)
    /// A word.
    case text(String)
    /// A delegate policy.
    case policy(SplitPolicy)

    /// This value with every controller ID passed through `transform`.
    public func mappingIDs(_ transform: (ControllerID) -> ControllerID) -> CommandArgument {
        switch self {
        case .controller(let id): return .controller(transform(id))
        case .optionalController(let id): return .optionalController(id.map(transform))
        case .controllers(let ids): return .controllers(ids.map(transform))
        case .tree, .traits, .displayMode, .column, .splitBehavior, .property, .flag, .text, .policy: return self
        }
    }

    /// Whether this value fits a parameter of `type`.
    public func fits(_ type: CommandParameterType) -> Bool {
        switch (self, type) {
        case (.controller, .controller), (.optionalController, .optionalController), (.controllers, .controllers),
            (.tree, .tree), (.traits, .traits), (.displayMode, .displayMode), (.column, .column),
            (.splitBehavior, .splitBehavior), (.property, .property), (.flag, .flag), (.text, .text), (.policy, .policy):
            return true
        default:
            return false
        }
    }
}

extension NavigationCommand {
    /// The command's values, in the order of its kind's ``CommandSignature/parameters``.
    public var arguments: [CommandArgument] {
        switch self {
        case .instantiate(let spec): return [.tree(spec)]
        case .setSplitViewControllers(let list): return [.controllers(list)]
        case .launch(let traits), .changeTraits(let traits): return [.traits(traits)]
        case .setPreferredDisplayMode(let mode): return [.displayMode(mode)]
        case .tapDisplayModeButton, .edgeSwipe, .tapDimmedSecondary, .dismiss, .tapSecondaryOnlyButton: return []
        case .show(let target, let sender): return [.controller(target), .controller(sender)]
        case .showDetail(let target, let sender): return [.optionalController(target), .controller(sender)]
        case .push(let controller, let navigation), .popTo(let controller, let navigation):
            return [.controller(controller), .controller(navigation)]
        case .pop(let navigation), .popToRoot(let navigation): return [.controller(navigation)]
        case .interactivePop(let navigation, let completed): return [.controller(navigation), .flag(completed)]
        case .setViewControllers(let list, let navigation): return [.controllers(list), .controller(navigation)]
        case .present(let controller): return [.controller(controller)]
        case .setProperty(let property): return [.property(property)]
        case .setViewController(let controller, let column): return [.optionalController(controller), .column(column)]
        case .showColumn(let column), .hideColumn(let column): return [.column(column)]
        case .setPreferredSplitBehavior(let behavior): return [.splitBehavior(behavior)]
        case .setFlag(let name, let value): return [.text(name), .flag(value)]
        case .setPolicy(let policy): return [.policy(policy)]
        case .representItem(let controller, let item): return [.controller(controller), .text(item ?? NavigationCommand.noItem)]
        }
    }

    /// The command of `kind` with `arguments` (in signature order), or `nil` when they do not fit.
    public init?<Values: RandomAccessCollection<CommandArgument>>(kind: CommandKind, arguments: Values) where Values.Index == Int {
        var list = CommandArguments()
        for argument in arguments { list.append(argument) }
        self.init(kind: kind, arguments: list)
    }

    /// The command of `kind` with `arguments` (in signature order), or `nil` when they do not fit:
    /// the decoders' form (one concrete type, so no generic metadata is looked up per record).
    public init?(kind: CommandKind, arguments: CommandArguments) {
        let parameters = kind.signature.parameters
        guard arguments.count == parameters.count else { return nil }
        for (i, parameter) in parameters.enumerated() where !arguments[i].fits(parameter.type) {
            return nil
        }
        let values = Arguments(values: arguments)
        switch kind {
        case .instantiate: self = .instantiate(values.tree(0))
        case .setSplitViewControllers: self = .setSplitViewControllers(values.controllers(0))
        case .launch: self = .launch(values.traits(0))
        case .changeTraits: self = .changeTraits(values.traits(0))
        case .setPreferredDisplayMode: self = .setPreferredDisplayMode(values.displayMode(0))
        case .tapDisplayModeButton: self = .tapDisplayModeButton
        case .edgeSwipe: self = .edgeSwipe
        case .tapDimmedSecondary: self = .tapDimmedSecondary
        case .show: self = .show(values.controller(0), sender: values.controller(1))
        case .showDetail: self = .showDetail(values.optionalController(0), sender: values.controller(1))
        case .push: self = .push(values.controller(0), onto: values.controller(1))
        case .pop: self = .pop(values.controller(0))
        case .interactivePop: self = .interactivePop(values.controller(0), completed: values.flag(1))
        case .popToRoot: self = .popToRoot(values.controller(0))
        case .popTo: self = .popTo(values.controller(0), in: values.controller(1))
        case .setViewControllers: self = .setViewControllers(values.controllers(0), of: values.controller(1))
        case .present: self = .present(values.controller(0))
        case .dismiss: self = .dismiss
        case .setProperty: self = .setProperty(values.property(0))
        case .setViewController: self = .setViewController(values.optionalController(0), for: values.column(1))
        case .showColumn: self = .showColumn(values.column(0))
        case .hideColumn: self = .hideColumn(values.column(0))
        case .setPreferredSplitBehavior: self = .setPreferredSplitBehavior(values.splitBehavior(0))
        case .tapSecondaryOnlyButton: self = .tapSecondaryOnlyButton
        case .setFlag: self = .setFlag(values.text(0), values.flag(1))
        case .setPolicy: self = .setPolicy(values.policy(0))
        case .representItem:
            let item = values.text(1)
            self = .representItem(values.controller(0), item == NavigationCommand.noItem ? nil : item)
        }
    }

    /// The command's signature.
    public var signature: CommandSignature { kind.signature }

    /// The word that stands for no item in ``representItem(_:_:)``'s text forms.
    public static let noItem = "nothing"
}

/// Typed access to arguments already checked against their signature (``CommandArgument/fits(_:)``):
/// a mismatch cannot happen, and would yield a neutral value rather than trap.
private struct Arguments {
    let values: CommandArguments

    func controller(_ i: Int) -> ControllerID {
        if case .controller(let id) = values[i] { return id }
        return ControllerID(rawValue: 0)
    }

    func optionalController(_ i: Int) -> ControllerID? {
        if case .optionalController(let id) = values[i] { return id }
        return nil
    }

    func controllers(_ i: Int) -> [ControllerID] {
        if case .controllers(let ids) = values[i] { return ids }
        return []
    }

    func tree(_ i: Int) -> ControllerSpec {
        if case .tree(let spec) = values[i] { return spec }
        return .content("")
    }

    func traits(_ i: Int) -> Traits {
        if case .traits(let traits) = values[i] { return traits }
        return Device.iPad.traits(.landscape)
    }

    func displayMode(_ i: Int) -> DisplayMode {
        if case .displayMode(let mode) = values[i] { return mode }
        return .automatic
    }

    func column(_ i: Int) -> Column {
        if case .column(let column) = values[i] { return column }
        return .primary
    }

    func splitBehavior(_ i: Int) -> SplitBehavior {
        if case .splitBehavior(let behavior) = values[i] { return behavior }
        return .automatic
    }

    func property(_ i: Int) -> SplitProperty {
        if case .property(let property) = values[i] { return property }
        return .presentsWithGesture(true)
    }

    func flag(_ i: Int) -> Bool {
        if case .flag(let flag) = values[i] { return flag }
        return false
    }

    func text(_ i: Int) -> String {
        if case .text(let text) = values[i] { return text }
        return ""
    }

    func policy(_ i: Int) -> SplitPolicy {
        if case .policy(let policy) = values[i] { return policy }
        return .noDelegate
    }
}

// MARK: split properties

extension SplitProperty {
    /// The name of a split property: its Swift case, its JSON `name`, its script word after `set`.
    public enum Name: String, Hashable, Sendable, CaseIterable {
        case presentsWithGesture, primaryEdge, preferredPrimaryColumnWidthFraction, preferredPrimaryColumnWidth
        case minimumPrimaryColumnWidth, maximumPrimaryColumnWidth, showsSecondaryOnlyButton, displayModeButtonVisibility

        /// The type of the property's value.
        public var valueType: ValueType {
            switch self {
            case .presentsWithGesture, .showsSecondaryOnlyButton: return .bool
            case .primaryEdge: return .edge
            case .preferredPrimaryColumnWidthFraction, .preferredPrimaryColumnWidth, .minimumPrimaryColumnWidth,
                .maximumPrimaryColumnWidth:
                return .points
            case .displayModeButtonVisibility: return .visibility
            }
        }
    }

    /// The type of a property's value.
    public enum ValueType: Hashable, Sendable {
        /// `true` or `false`.
        case bool
        /// A ``PrimaryEdge``.
        case edge
        /// A number, or `nil` for `automaticDimension`.
        case points
        /// A ``ButtonVisibility``.
        case visibility
    }

    /// A property's value.
    public enum Value: Hashable, Sendable {
        /// A Boolean.
        case bool(Bool)
        /// An edge.
        case edge(PrimaryEdge)
        /// A number or automatic (`nil`).
        case points(Double?)
        /// A button visibility.
        case visibility(ButtonVisibility)
    }

    /// The property's name.
    public var name: Name {
        switch self {
        case .presentsWithGesture: return .presentsWithGesture
        case .primaryEdge: return .primaryEdge
        case .preferredPrimaryColumnWidthFraction: return .preferredPrimaryColumnWidthFraction
        case .preferredPrimaryColumnWidth: return .preferredPrimaryColumnWidth
        case .minimumPrimaryColumnWidth: return .minimumPrimaryColumnWidth
        case .maximumPrimaryColumnWidth: return .maximumPrimaryColumnWidth
        case .showsSecondaryOnlyButton: return .showsSecondaryOnlyButton
        case .displayModeButtonVisibility: return .displayModeButtonVisibility
        }
    }

    /// The property's value.
    public var value: Value {
        switch self {
        case .presentsWithGesture(let flag), .showsSecondaryOnlyButton(let flag): return .bool(flag)
        case .primaryEdge(let edge): return .edge(edge)
        case .preferredPrimaryColumnWidthFraction(let points), .preferredPrimaryColumnWidth(let points),
            .minimumPrimaryColumnWidth(let points), .maximumPrimaryColumnWidth(let points):
            return .points(points)
        case .displayModeButtonVisibility(let visibility): return .visibility(visibility)
        }
    }

    /// The property `name` set to `value`, or `nil` when the value's type does not fit.
    public init?(name: Name, value: Value) {
        switch (name, value) {
        case (.presentsWithGesture, .bool(let flag)): self = .presentsWithGesture(flag)
        case (.showsSecondaryOnlyButton, .bool(let flag)): self = .showsSecondaryOnlyButton(flag)
        case (.primaryEdge, .edge(let edge)): self = .primaryEdge(edge)
        case (.preferredPrimaryColumnWidthFraction, .points(let points)): self = .preferredPrimaryColumnWidthFraction(points)
        case (.preferredPrimaryColumnWidth, .points(let points)): self = .preferredPrimaryColumnWidth(points)
        case (.minimumPrimaryColumnWidth, .points(let points)): self = .minimumPrimaryColumnWidth(points)
        case (.maximumPrimaryColumnWidth, .points(let points)): self = .maximumPrimaryColumnWidth(points)
        case (.displayModeButtonVisibility, .visibility(let visibility)): self = .displayModeButtonVisibility(visibility)
        default: return nil
        }
    }
}

/// A command's arguments in signature order, without a heap allocation for the two every command
/// has at most (a longer list falls back to an array): what the decoders build per record.
public struct CommandArguments: RandomAccessCollection, Sendable {
    private var first = CommandArgument.flag(false)
    private var second = CommandArgument.flag(false)
    private var rest: [CommandArgument] = []
    /// How many arguments there are.
    public private(set) var count = 0

    /// An empty list.
    public init() {}

    /// 0.
    public var startIndex: Int { 0 }
    /// ``count``.
    public var endIndex: Int { count }

    /// The argument at `position`.
    public subscript(position: Int) -> CommandArgument {
        switch position {
        case 0: first
        case 1: second
        default: rest[position - 2]
        }
    }

    /// Adds `argument` at the end.
    public mutating func append(_ argument: CommandArgument) {
        switch count {
        case 0: first = argument
        case 1: second = argument
        default: rest.append(argument)
        }
        count += 1
    }
}

extension CommandKind {
    /// The UIKit method a command models, as an iOS engineer would type it, for "did you mean":
    /// `showDetailViewController` is the `showDetail` command.
    public var uikitName: String? {
        switch self {
        case .setSplitViewControllers: return "setViewControllersOfSplit"
        case .setPreferredDisplayMode: return "setPreferredDisplayMode"
        case .show: return "showViewController"
        case .showDetail: return "showDetailViewController"
        case .push: return "pushViewController"
        case .pop: return "popViewController"
        case .popToRoot: return "popToRootViewController"
        case .popTo: return "popToViewController"
        case .present: return "presentViewController"
        case .dismiss: return "dismissViewController"
        case .setViewController: return "setViewControllerForColumn"
        case .setPreferredSplitBehavior: return "setPreferredSplitBehavior"
        default: return nil
        }
    }

    /// The command a word that names none probably means: the kind whose UIKit method it spells
    /// (with or without `Animated`, any case), else the closest of `keywords` by edit distance.
    public static func suggestion(for word: String, among keywords: [String]) -> String? {
        let spelled = word.lowercased().replacingSuffix("animated:", with: "").replacingSuffix("animated", with: "")
            .replacingSuffix(":", with: "")
        if let kind = allCases.first(where: { $0.uikitName?.lowercased() == spelled }) { return kind.name }
        return Suggestion.closest(to: word, among: keywords)
    }
}

extension String {
    /// This string without `suffix` at its end, replaced by `replacement`.
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
