import NavTape
import NavigationCore

extension ScriptLine {
    /// The expectation keywords, for messages and docs.
    static let expectationKeywords = [
        "hierarchy", "collapsed", "displayMode", "preferredDisplayMode", "visible", "violation", "violations",
        "rejected", "ignored", "accepted", "unchanged", "button", "presented", "primaryColumnWidth", "splitBehavior",
        "callbacks", "notifications", "transitions", "popped", "same", "fresh", "no", "answer",
    ]

    /// Parses `expect WHAT …` (the keyword `expect` is `tokens[0]`).
    mutating func expectation() throws(ScriptError) -> ScriptExpectation {
        let what = try next("what to expect (\(Self.expectationKeywords.joined(separator: ", ")))")
        let result: ScriptExpectation
        switch what.text {
        case "hierarchy":
            guard !atEnd else { throw error(column: endColumn, "expected a hierarchy such as MN[M] | DN[D]") }
            result = .hierarchy(rest())
        case "collapsed":
            result = .collapsed(try bool())
        case "displayMode":
            result = .displayMode(try displayMode())
        case "preferredDisplayMode":
            result = .preferredDisplayMode(try displayMode())
        case "visible":
            result = .visible(names())
        case "violation":
            result = .violation(try rule(allowingReasons: false))
        case "violations":
            if peek()?.text == "none" {
                cursor += 1
                result = .violations([])
            } else {
                var rules = [try rule(allowingReasons: false)]
                while !atEnd { rules.append(try rule(allowingReasons: false)) }
                result = .violations(rules)
            }
        case "rejected":
            result = .rejected(try rule(allowingReasons: true, reasons: RejectionReason.allCases.map { "\($0)" }))
        case "ignored":
            result = .ignored(try rule(allowingReasons: true, reasons: IgnoreReason.allCases.map { "\($0)" }))
        case "accepted":
            result = .accepted
        case "unchanged":
            result = .unchanged
        case "button":
            let token = try next("hidden or a display mode")
            if token.text == "hidden" {
                result = .button(nil)
            } else if let mode = DisplayMode(name: token.text), mode != .automatic {
                result = .button(mode)
            } else {
                throw error(at: token, "expected hidden or a display mode, found '\(token.text)'")
            }
        case "presented":
            let token = try next("a controller name or none")
            result = .presented(token.text == "none" ? nil : token.text)
        case "primaryColumnWidth":
            result = .primaryColumnWidth(try number("a width in points"))
        case "splitBehavior":
            result = .splitBehavior(try one(of: SplitBehavior.allCases.map { ("\($0)", $0) }, "automatic, tile, overlay or displace"))
        case "callbacks":
            result = .callbacks(try calls(Self.callbackNames, "a callback such as viewWillAppear(D2)"))
        case "notifications":
            result = .notifications(try calls(Self.notificationNames, "a notification such as didCollapse or willChangeTo(allVisible)"))
        case "transitions":
            result = .transitions(try calls(StackTransition.allCases.filter { $0 != .unrecorded }.map(\.name), "a transition such as push(MN)"))
        case "popped":
            let listed = names()
            result = .popped(listed == ["none"] ? [] : listed)
            if listed.isEmpty { throw error(column: endColumn, "expected the popped controllers, or none") }
        case "same":
            let name = try next("a controller name")
            _ = try one(of: [("as", ())], "'as'")
            let idToken = try next("a controller ID such as #1")
            guard idToken.text.hasPrefix("#"), let id = ControllerID(parsing: idToken.text) else {
                throw error(at: idToken, "expected a controller ID such as #1 or #m0, found '\(idToken.text)'")
            }
            result = .same(name.text, id)
        case "fresh":
            result = .fresh(try next("a controller name").text)
        case "no":
            _ = try one(of: [("violation", ())], "'violation'")
            result = .noViolation(try rule(allowingReasons: false))
        case "answer":
            result = .answer(try one(of: [("push", true), ("noPush", false)], "push or noPush"))
        default:
            if let guess = Suggestion.closest(to: what.text, among: Self.expectationKeywords) {
                throw error(at: what, "unknown expectation '\(what.text)' (did you mean '\(guess)'?)")
            }
            throw error(at: what, "unknown expectation '\(what.text)' (\(Self.expectationKeywords.joined(separator: ", ")))")
        }
        try expectEnd()
        return result
    }

    /// Parses `query show|showDetail from SENDER` (the keyword `query` is `tokens[0]`).
    mutating func query() throws(ScriptError) -> ScriptQuery {
        let action = try one(of: [("show", CommandKind.show), ("showDetail", CommandKind.showDetail)], "show or showDetail")
        _ = try one(of: [("from", ())], "'from'")
        let token = try next("the sender")
        let sender = ScriptSlot(reference: try reference(token.text, column: token.column), column: token.column, isTarget: false)
        try expectEnd()
        return ScriptQuery(action: action, sender: sender)
    }

    static let callbackNames = ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"]
    static let notificationNames = [
        "willChangeTo", "didCollapse", "didExpand", "willShow", "willHide",
        "willHideViewController", "willShowViewController", "popoverWillPresent",
    ]

    /// `none`, or calls such as `viewWillAppear(D2), didCollapse` whose name is one of `known`.
    mutating func calls(_ known: [String], _ what: String) throws(ScriptError) -> [String] {
        guard let first = peek() else { throw error(column: endColumn, "expected \(what), or none") }
        if first.text == "none" {
            cursor += 1
            return []
        }
        var result: [String] = []
        while let token = peek() {
            cursor += 1
            for part in token.text.split(separator: ",") {
                let call = String(part)
                let name = call.split(separator: "(", maxSplits: 1).first.map(String.init) ?? call
                let arguments = call.dropFirst(name.count)
                guard known.contains(name), arguments.isEmpty || (arguments.hasPrefix("(") && arguments.hasSuffix(")") && arguments.count > 2) else {
                    throw error(at: token, "expected \(what), found '\(call)' (\(known.joined(separator: ", ")))")
                }
                result.append(call)
            }
        }
        return result
    }

    /// The remaining tokens as names, commas allowed between them.
    mutating func names() -> [String] {
        var result: [String] = []
        while let token = peek() {
            cursor += 1
            result += token.text.split(separator: ",").map(String.init)
        }
        return result
    }

    /// A rule ID such as `BUG-5` (a family of the spec and a number), or one of `reasons`.
    mutating func rule(allowingReasons: Bool, reasons: [String] = []) throws(ScriptError) -> String {
        let token = try next(allowingReasons ? "a rule such as NV-1 or a reason" : "a rule such as BUG-5")
        let text = token.text.hasSuffix(",") ? String(token.text.dropLast()) : token.text
        if allowingReasons && reasons.contains(text) { return text }
        if RuleID(parsing: text) != nil { return text }
        let hint = allowingReasons ? " or one of \(reasons.joined(separator: ", "))" : ""
        throw error(at: token, "expected a rule such as BUG-5 or NV-1\(hint), found '\(token.text)'")
    }
}
