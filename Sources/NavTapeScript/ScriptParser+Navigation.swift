import NavTape
import NavigationCore

extension ScriptLine {
    /// The command keywords and their aliases, for messages and docs.
    static let commandKeywords = [
        "instantiate", "launch", "rotate", "traits", "changeTraits", "preferredDisplayMode", "setPreferredDisplayMode",
        "tapDisplayModeButton", "button", "edgeSwipe", "swipe", "tapDimmedSecondary", "tapDimmed", "show", "showDetail",
        "push", "pop", "interactivePop", "popToRoot", "popTo", "setViewControllers", "setSplitViewControllers",
        "present", "dismiss", "set", "setProperty", "setViewController", "showColumn", "hideColumn", "preferredSplitBehavior",
        "setPreferredSplitBehavior", "tapSecondaryOnlyButton",
    ]

    /// Parses a command line (the keyword is `tokens[0]`), with an optional trailing `at TIME`.
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
        let command: NavigationCommand
        switch keyword.text {
        case "instantiate":
            command = .instantiate(try specToken("a controller tree"))
        case "launch":
            command = .launch(atEnd ? initialTraits : try environment(device: device, isSetup: false).0)
        case "rotate", "traits", "changeTraits":
            command = .changeTraits(try environment(device: device, isSetup: false).0)
        case "preferredDisplayMode", "setPreferredDisplayMode":
            command = .setPreferredDisplayMode(try displayMode())
        case "tapDisplayModeButton", "button":
            command = .tapDisplayModeButton
        case "edgeSwipe", "swipe":
            command = .edgeSwipe
        case "tapDimmedSecondary", "tapDimmed":
            command = .tapDimmedSecondary
        case "show":
            let target = try reference(target: true, &slots)
            try word("from")
            command = .show(target, sender: try reference(target: false, &slots))
        case "showDetail":
            var target: ControllerID?
            if peek()?.text == "nil" { cursor += 1 } else { target = try reference(target: true, &slots) }
            try word("from")
            command = .showDetail(target, sender: try reference(target: false, &slots))
        case "push":
            let target = try reference(target: true, &slots)
            try word("onto")
            command = .push(target, onto: try reference(target: false, &slots))
        case "pop":
            command = .pop(try reference(target: false, &slots))
        case "interactivePop":
            let navigation = try reference(target: false, &slots)
            var completed = true
            if !atEnd { completed = try one(of: [("completed", true), ("cancelled", false)], "completed or cancelled") }
            command = .interactivePop(navigation, completed: completed)
        case "popToRoot":
            command = .popToRoot(try reference(target: false, &slots))
        case "popTo":
            let target = try reference(target: false, &slots)
            try word("in")
            command = .popTo(target, in: try reference(target: false, &slots))
        case "setViewControllers":
            let list = try referenceList(&slots)
            try word("of")
            command = .setViewControllers(list, of: try reference(target: false, &slots))
        case "setSplitViewControllers":
            command = .setSplitViewControllers(try referenceList(&slots))
        case "present":
            command = .present(try reference(target: true, &slots))
        case "dismiss":
            command = .dismiss
        case "set", "setProperty":
            command = .setProperty(try property())
        case "setViewController":
            var target: ControllerID?
            if peek()?.text == "nil" { cursor += 1 } else { target = try reference(target: true, &slots) }
            try word("for")
            command = .setViewController(target, for: try column())
        case "showColumn":
            command = .showColumn(try column())
        case "hideColumn":
            command = .hideColumn(try column())
        case "preferredSplitBehavior", "setPreferredSplitBehavior":
            command = .setPreferredSplitBehavior(try one(of: SplitBehavior.allCases.map { ("\($0)", $0) }, "automatic, tile, overlay or displace"))
        case "tapSecondaryOnlyButton":
            command = .tapSecondaryOnlyButton
        default:
            throw error(at: keyword, "unknown command '\(keyword.text)'")
        }
        try expectEnd()
        return ScriptCommand(template: command, slots: slots.slots, time: time)
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

    mutating func property() throws(ScriptError) -> SplitProperty {
        let token = try next("a property: presentsWithGesture, primaryEdge or a column width")
        func width() throws(ScriptError) -> Double? {
            if peek()?.text == "automatic" {
                cursor += 1
                return nil
            }
            return try number("a number of points or automatic")
        }
        switch token.text {
        case "presentsWithGesture": return .presentsWithGesture(try bool())
        case "primaryEdge": return .primaryEdge(try one(of: [("leading", .leading), ("trailing", .trailing)], "leading or trailing"))
        case "preferredPrimaryColumnWidthFraction": return .preferredPrimaryColumnWidthFraction(try width())
        case "preferredPrimaryColumnWidth": return .preferredPrimaryColumnWidth(try width())
        case "minimumPrimaryColumnWidth": return .minimumPrimaryColumnWidth(try width())
        case "maximumPrimaryColumnWidth": return .maximumPrimaryColumnWidth(try width())
        case "showsSecondaryOnlyButton": return .showsSecondaryOnlyButton(try bool())
        case "displayModeButtonVisibility":
            return .displayModeButtonVisibility(try one(of: ButtonVisibility.allCases.map { ("\($0)", $0) }, "automatic, always or never"))
        default: throw error(at: token, "unknown property '\(token.text)'")
        }
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
