import NavTape
import NavigationCore

extension ScriptLine {
    /// Every command keyword and alias, from the vocabulary (for messages and suggestions).
    static var commandKeywords: [String] { CommandKind.allCases.flatMap { $0.signature.keywords } }

    /// Parses a command line (the keyword is `tokens[0]`), with an optional trailing `at TIME`: the
    /// keyword names a ``NavigationCore/CommandSignature`` whose parameters are read in order.
    mutating func command(device: Device?, initialTraits: Traits) throws(ScriptError) -> ScriptCommand {
        var time: SessionTime.Value?
        if tokens.count >= 3, tokens[tokens.count - 2].text == "at", let last = tokens.last {
            guard let value = SessionTime.parse(last.text) else {
                throw error(at: last, "expected a time such as +250ms, +2s or 2026-11-22T14:00:05.000Z, found '\(last.text)'")
            }
            time = value
            timeToken = last
            tokens.removeLast(2)
        }
        var slots = SlotTable()
        let keyword = tokens[0]
        guard let kind = CommandKind(keyword: keyword.text) else {
            let known = CommandKind.allCases.flatMap(\.signature.keywords) + Array(ScriptLine.setupKeywords) + ["expect", "query"]
            let hint = CommandKind.suggestion(for: keyword.text, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            throw error(at: keyword, "unknown command '\(keyword.text)'" + hint)
        }
        var arguments: [CommandArgument] = []
        for parameter in kind.signature.parameters {
            if parameter.isOptional && atEnd {
                switch parameter.type {
                case .flag: arguments.append(.flag(true))
                default: arguments.append(.traits(initialTraits))
                }
                continue
            }
            if let word = parameter.word { try self.word(word) }
            arguments.append(try argument(parameter, device: device, &slots))
        }
        try expectEnd()
        guard let command = NavigationCommand(kind: kind, arguments: arguments) else {
            throw error(at: keyword, "cannot build '\(keyword.text)' from its arguments")
        }
        return ScriptCommand(template: command, slots: slots.slots, time: time)
    }

    /// The value of one parameter, by its type.
    mutating func argument(_ parameter: CommandParameter, device: Device?, _ slots: inout SlotTable) throws(ScriptError) -> CommandArgument {
        switch parameter.type {
        case .controller:
            return .controller(try reference(target: parameter.createsNamedController, &slots))
        case .optionalController:
            if peek()?.text == "nil" {
                cursor += 1
                return .optionalController(nil)
            }
            return .optionalController(try reference(target: parameter.createsNamedController, &slots))
        case .controllers:
            return .controllers(try referenceList(&slots))
        case .tree:
            return .tree(try specToken("a controller tree"))
        case .traits:
            return .traits(try environment(device: device, isSetup: false).0)
        case .displayMode:
            return .displayMode(try displayMode())
        case .column:
            return .column(try column())
        case .splitBehavior:
            return .splitBehavior(try one(of: SplitBehavior.allCases.map { ("\($0)", $0) }, "automatic, tile, overlay or displace"))
        case .property:
            return .property(try property())
        case .flag(let yes, let no):
            return .flag(try one(of: [(yes, true), (no, false)], "\(yes) or \(no)"))
        case .text:
            let token = try next("a name")
            guard token.text.unicodeScalars.allSatisfy(ControllerSpec.isNameCharacter) else {
                throw error(at: token, "expected a name of letters, digits, '_', '-' or '.', found '\(token.text)'")
            }
            return .text(token.text)
        case .policy:
            var policy = currentPolicy
            try self.policy(&policy)
            return .policy(policy)
        }
    }

    mutating func word(_ expected: String) throws(ScriptError) {
        let token = try next("'\(expected)'")
        guard token.text == expected else { throw error(at: token, "expected '\(expected)', found '\(token.text)'") }
    }

    /// A controller reference; returns its slot placeholder.
    mutating func reference(target: Bool, _ slots: inout SlotTable) throws(ScriptError) -> ControllerID {
        let token = try next(target ? "a controller (name, #N or tree)" : "a controller (name or #N)")
        return slots.add(try reference(token.text, column: token.column), column: token.column, isTarget: target)
    }

    /// `[A, B, DN3[D3]]`: every item is a target.
    mutating func referenceList(_ slots: inout SlotTable) throws(ScriptError) -> [ControllerID] {
        let token = try next("a list such as [A, B]")
        let scalars = Array(token.text.unicodeScalars)
        guard scalars.first == "[", scalars.last == "]", scalars.count >= 2 else {
            throw error(at: token, "expected a list such as [A, B], found '\(token.text)'")
        }
        var result: [ControllerID] = []
        var depth = 0
        var start = 1
        func item(_ end: Int) throws(ScriptError) {
            var first = start
            while first < end, Self.isBlank(scalars[first]) { first += 1 }
            var last = end
            while last > first, Self.isBlank(scalars[last - 1]) { last -= 1 }
            guard first < last else {
                if result.isEmpty && end == scalars.count - 1 && start == 1 { return }  // `[]`
                throw error(column: token.column + first, "expected a controller in the list")
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[first..<last])
            let column = token.column + first
            result.append(slots.add(try reference(text, column: column), column: column, isTarget: true))
        }
        for i in 1..<(scalars.count - 1) {
            switch scalars[i] {
            case "[": depth += 1
            case "]": depth -= 1
            case "," where depth == 0:
                try item(i)
                start = i + 1
            default: break
            }
        }
        try item(scalars.count - 1)
        return result
    }

    /// `#3`, `#m0`, a bare name, or a bracket tree.
    func reference(_ text: String, column: Int) throws(ScriptError) -> ScriptReference {
        if text.hasPrefix("#") {
            guard let id = ControllerID(parsing: text) else {
                throw error(column: column, "expected a controller ID such as #3 or #m0, found '\(text)'")
            }
            return .id(id)
        }
        let spec = try spec(text, column: column)
        if text.contains(where: { $0 == "[" || $0 == ":" || $0 == "@" }) { return .tree(spec) }
        return .name(spec.name)
    }

    /// `NAME VALUE`: a split property from the vocabulary and its value.
    mutating func property() throws(ScriptError) -> SplitProperty {
        let names = SplitProperty.Name.allCases.map { ($0.rawValue, $0) }
        let name = try one(of: names, "a property (\(names.map(\.0).joined(separator: ", ")))")
        let token = try next(name.valueType.expectation)
        guard let property = SplitProperty(name: name, text: token.text) else {
            throw error(at: token, "expected \(name.valueType.expectation), found '\(token.text)'")
        }
        return property
    }
}

/// The references of one command line, numbered left to right.
struct SlotTable {
    var slots: [ScriptSlot] = []

    /// Adds a slot; returns the placeholder ID that stands for it in the command template.
    mutating func add(_ reference: ScriptReference, column: Int, isTarget: Bool) -> ControllerID {
        slots.append(ScriptSlot(reference: reference, column: column, isTarget: isTarget))
        return ControllerID(app: slots.count - 1)
    }
}
