/// The policy language's text: the one human form of a ``SplitPolicy``, read by scripts (`policy …`
/// lines), written by the JSON mirror, generated Swift tests and the CLI.
///
/// ```
/// policy   := clause ('; ' clause)*
/// clause   := 'reset' | 'name' WORD | 'implementsWillHide' true|false | PRESET
///           | METHOD 'notImplemented' | METHOD rule (' else ' rule)*
/// rule     := ANSWER ('then' ACTION)* ['if' condition]     (a notification: ('then' ACTION)+ ['if' condition])
/// ACTION   := 'flag' WORD BOOL | 'preferredDisplayMode' MODE | 'preferredSplitBehavior' BEHAVIOR
///           | 'set' PROPERTY VALUE | 'push' OPERAND 'onto' PLACE | 'replaceSecondary' OPERAND
///           | 'showDetail' OPERAND | 'present' OPERAND | 'dismiss' | 'pop' PLACE | 'popToRoot' PLACE
///           | 'setStack' PLACE '[' [OPERAND (',' OPERAND)*] ']' | 'moveStack' PLACE 'onto' PLACE
///           | 'showColumn' COLUMN | 'hideColumn' COLUMN | 'setColumn' COLUMN OPERAND
/// OPERAND  := SUBJECT ['wrapped' NAME[@ID] | 'unwrapped' | 'top'] | 'new' TREE ; PLACE := SUBJECT | MATCH
/// condition:= disjunct ('or' disjunct)* ; disjunct := unary ('and' unary)*
/// unary    := 'not' unary | '(' condition ')' | 'flag' WORD | 'collapsed' | 'landscape' | 'portrait'
///           | 'proposed' (COLUMN | MODE) | (SUBJECT | MATCH) ('is' | 'top is' | 'nestedTop is' | 'contains') MATCH
///           | SUBJECT 'shows' ITEM|'nothing' | SUBJECT 'showsSameItemAs' SUBJECT | SUBJECT 'deeper than' N
/// MATCH    := NAME('|'NAME)* | '*', then optionally '@'RESTORATION-ID and ':'KIND
/// ```
///
/// Clauses apply in order on top of a starting policy, so `policy collapseSecondary discard`
/// changes one method; ``SplitPolicy/text`` writes every implemented method after `reset`.
extension SplitPolicy {
    /// Parses a policy's text, applying its clauses to `base` (no delegate by default).
    /// - Throws: ``NotationError`` at the first token that does not fit (its offset in Unicode scalars).
    public init(parsing text: String, onto base: SplitPolicy = .noDelegate) throws(NotationError) {
        var parser = PolicyParser(text)
        var policy = base
        try parser.clauses(into: &policy)
        self = policy
    }

    /// The canonical text: `reset`, the name, every implemented method, `implementsWillHide`; a
    /// Swift delegate's placeholder is written `swift NAME`.
    public var text: String {
        if isSwiftDelegate { return "swift \(name)" }
        var clauses = ["reset", "name \(name)"]
        for method in DelegateMethod.allCases {
            guard let rules = methods[method] else { continue }
            clauses.append(method.name + " " + (rules.isEmpty ? "notImplemented" : rules.map { $0.text(for: method) }.joined(separator: " else ")))
        }
        if implementsWillHide { clauses.append("implementsWillHide true") }
        return clauses.joined(separator: "; ")
    }

    /// The text of the implemented methods only (no `reset`, no name): what `navtape` prints.
    public var summary: String {
        if isSwiftDelegate { return "Swift delegate \(name)" }
        let clauses = DelegateMethod.allCases.compactMap { method in
            methods[method].map { method.name + " " + ($0.isEmpty ? "notImplemented" : $0.map { $0.text(for: method) }.joined(separator: " else ")) }
        }
        return clauses.isEmpty ? "no delegate methods" : clauses.joined(separator: "; ")
    }
}

extension SplitPolicy: ExpressibleByStringLiteral {
    /// A policy written in the policy language in source code (a literal is a programmer's text:
    /// a malformed one traps with its message, as a malformed `Regex` literal does).
    public init(stringLiteral text: String) {
        do {
            try self.init(parsing: text)
        } catch {
            preconditionFailure("malformed policy literal at \(error.offset): \(error.message)")
        }
    }
}

extension PolicyRule {
    /// `discard if secondary is @NoSelectionNC`, `handled then push target wrapped DetailNav onto primary if collapsed`.
    public func text(for method: DelegateMethod) -> String {
        let parts = [answer.text(for: method)] + actions.map { "then " + $0.text }
        return parts.filter { !$0.isEmpty }.joined(separator: " ") + (condition.map { " if " + $0.text } ?? "")
    }
}

extension PolicyAnswer {
    /// The answer as `method` spells it.
    public func text(for method: DelegateMethod) -> String {
        switch self {
        case .keep: return "keep"
        case .discard: return "discard"
        case .merge: return "merge"
        case .mergeTop: return "mergeTop"
        case .filter(let match): return "filter \(match.text)"
        case .returnsNil: return "nil"
        case .secondary: return "secondary"
        case .existing(let match): return "existing \(match.text)"
        case .fresh(let spec): return "fresh \(spec.notation)"
        case .unmerge(let points, let wrap):
            return "unmerge " + points.map(\.text).joined(separator: " or ") + " wrap " + wrap.name + (wrap.restorationID.map { "@" + $0 } ?? "")
        case .mode(let mode): return mode == .automatic ? "automatic" : mode.classicName
        case .column(let column): return column.name
        case .proposed: return "proposed"
        case .bool(let value):
            return method == .shouldHide ? (value ? "hide" : "show") : (value ? "handled" : "notHandled")
        case .nothing: return ""
        }
    }
}

extension UnmergePoint {
    /// `firstNested`, `after BlogList|BlogDetails`, `from Photo`, `top`.
    public var text: String {
        switch self {
        case .firstNested: return "firstNested"
        case .after(let match): return "after \(match.text)"
        case .from(let match): return "from \(match.text)"
        case .top: return "top"
        }
    }
}

extension ControllerMatch {
    /// `A|B@rid:navigation`, `*` for any.
    public var text: String {
        var out = names.isEmpty ? "*" : names.joined(separator: "|")
        if let restorationID { out = (names.isEmpty ? "" : out) + "@" + restorationID }
        if let kind { out += ":" + kind.notationName }
        return out
    }
}

extension PolicyCondition {
    /// The condition's text, with parentheses only where needed.
    public var text: String { text(level: 0) }

    /// `level` 0: any; 1: inside `or` (an `or` needs none); 2: inside `and` or `not`.
    private func text(level: Int) -> String {
        switch self {
        case .flag(let name): return "flag \(name)"
        case .collapsed: return "collapsed"
        case .landscape: return "landscape"
        case .not(.landscape): return "portrait"
        case .proposedColumn(let column): return "proposed \(column.name)"
        case .proposedMode(let mode): return "proposed \(mode == .automatic ? "automatic" : mode.classicName)"
        case .test(let subject, let test): return "\(subject.rawValue) \(test.text)"
        case .testNamed(let match, let test): return "\(match.text) \(test.text)"
        case .not(let inner): return "not " + inner.text(level: 2)
        case .all(let parts):
            let text = parts.map { $0.text(level: 2) }.joined(separator: " and ")
            return level >= 2 && parts.count > 1 ? "(\(text))" : text
        case .any(let parts):
            let text = parts.map { $0.text(level: 1) }.joined(separator: " or ")
            return level >= 1 && parts.count > 1 ? "(\(text))" : text
        }
    }
}

extension ControllerTest {
    /// The test after its subject: `top is Photo`, `deeper than 1`.
    public var text: String {
        switch self {
        case .is(let match): return "is \(match.text)"
        case .top(let match): return "top is \(match.text)"
        case .nestedTop(let match): return "nestedTop is \(match.text)"
        case .contains(let match): return "contains \(match.text)"
        case .shows(let item): return "shows \(item ?? NavigationCommand.noItem)"
        case .showsSameItemAs(let other): return "showsSameItemAs \(other.rawValue)"
        case .deeperThan(let count): return "deeper than \(count)"
        }
    }
}

extension ControllerKind {
    /// The kind's name in the bracket notation and policies (`navigation`, `tab`, `split`, `content`).
    public var notationName: String {
        switch self {
        case .content: return "content"
        case .navigation: return "navigation"
        case .tabBar: return "tab"
        case .split: return "split"
        }
    }
}

/// The policy language's reader (see the grammar on ``SplitPolicy``'s text extension).
struct PolicyParser {
    struct Token {
        var text: String
        var offset: Int
    }

    var tokens: [Token] = []
    var cursor = 0
    let end: Int
    /// How many `not`s and parentheses the condition being parsed is inside.
    var nesting = 0

    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        end = scalars.count
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                i += 1
                continue
            }
            if scalar == ";" || scalar == "(" || scalar == ")" {
                tokens.append(Token(text: String(scalar), offset: i))
                i += 1
                continue
            }
            // A word, or a tree whose brackets may hold spaces and commas.
            let start = i
            var depth = 0
            while i < scalars.count {
                let s = scalars[i]
                if depth == 0 && (s == " " || s == "\t" || s == "\n" || s == "\r" || s == ";" || s == "(" || s == ")") { break }
                if s == "[" { depth += 1 }
                if s == "]" { depth -= 1 }
                i += 1
            }
            var word = ""
            word.unicodeScalars.append(contentsOf: scalars[start..<i])
            tokens.append(Token(text: word, offset: start))
        }
    }

    var atEnd: Bool { cursor >= tokens.count }
    func peek() -> String? { cursor < tokens.count ? tokens[cursor].text : nil }
    func peek(_ ahead: Int) -> String? { cursor + ahead < tokens.count ? tokens[cursor + ahead].text : nil }

    func fail(_ message: String) -> NotationError {
        NotationError(message, at: cursor < tokens.count ? tokens[cursor].offset : end)
    }

    mutating func next(_ what: String) throws(NotationError) -> String {
        guard cursor < tokens.count else { throw fail("expected \(what)") }
        defer { cursor += 1 }
        return tokens[cursor].text
    }

    mutating func expect(_ word: String) throws(NotationError) {
        let offsetBefore = cursor
        let found = try next("'\(word)'")
        guard found == word else {
            cursor = offsetBefore
            throw fail("expected '\(word)', found '\(found)'")
        }
    }

    mutating func take(_ word: String) -> Bool {
        guard peek() == word else { return false }
        cursor += 1
        return true
    }

    // MARK: clauses

    mutating func clauses(into policy: inout SplitPolicy) throws(NotationError) {
        guard !atEnd else { throw fail("expected a policy: a preset (\(SplitPolicy.presetNames.joined(separator: ", "))) or a delegate method") }
        repeat {
            try clause(into: &policy)
        } while take(";")
        if !atEnd { throw fail("expected ';' or the end of the policy, found '\(peek() ?? "")'") }
    }

    mutating func clause(into policy: inout SplitPolicy) throws(NotationError) {
        let start = cursor
        let word = try next("a preset or a delegate method")
        switch word {
        case "reset":
            policy = .noDelegate
        case "name":
            policy.name = try next("a policy name")
        case "swift":
            policy = .swiftDelegate(named: try next("the Swift delegate's name"))
        case "implementsWillHide":
            policy.implementsWillHide = try boolean()
        default:
            var presetName = word
            var argumentStart: Int?
            if SplitPolicy.presetTakesArgument(word), !word.contains(":"), let argument = peek(), argument != ";" {
                presetName += ":" + argument
                argumentStart = cursor
                cursor += 1
            }
            if let preset = SplitPolicy.preset(named: presetName) {
                policy = preset
                return
            }
            if let argumentStart {
                cursor = argumentStart
                throw fail("'\(tokens[argumentStart].text)' is not a screen name for \(word) (letters, digits, '_', '-', '.'; names separated by ',')")
            }
            cursor = start + 1
            guard let method = DelegateMethod(name: word) else {
                cursor = start
                throw fail(
                    "unknown policy '\(word)' (a preset: \(SplitPolicy.presetNames.joined(separator: ", ")); or a method: "
                        + DelegateMethod.allCases.map(\.name).joined(separator: ", ") + ")")
            }
            if take("notImplemented") {
                policy.methods[method] = nil
                return
            }
            if let rules = try LegacyShorthand.rules(for: method, &self) {
                policy.methods[method] = rules
                return
            }
            var rules: [PolicyRule] = []
            repeat {
                rules.append(try rule(for: method))
            } while take("else")
            policy.methods[method] = rules
        }
    }

    mutating func boolean() throws(NotationError) -> Bool {
        switch try next("true or false") {
        case "true": return true
        case "false": return false
        case let other:
            cursor -= 1
            throw fail("expected true or false, found '\(other)'")
        }
    }

    mutating func rule(for method: DelegateMethod) throws(NotationError) -> PolicyRule {
        let start = cursor
        let answer: PolicyAnswer
        if method.isNotification {
            guard peek() == "then" else { throw fail("\(method.name) answers nothing: its rules are 'then ACTION …'") }
            answer = .nothing
        } else {
            answer = try self.answer(for: method)
        }
        guard method.accepts(answer) else {
            cursor = start
            throw fail("\(method.name) cannot answer '\(answer.text(for: method))'")
        }
        let actions = try self.actions()
        guard take("if") else { return PolicyRule(answer, if: nil, actions: actions) }
        let conditionStart = cursor
        let condition = try condition()
        guard condition.depth <= PolicyCondition.maximumDepth else {
            cursor = conditionStart
            throw fail("a condition nested deeper than \(PolicyCondition.maximumDepth)")
        }
        return PolicyRule(answer, if: condition, actions: actions)
    }

    mutating func answer(for method: DelegateMethod) throws(NotationError) -> PolicyAnswer {
        let start = cursor
        let word = try next("an answer of \(method.name)")
        switch (method, word) {
        case (_, "keep"): return .keep
        case (_, "discard"): return .discard
        case (_, "merge"): return .merge
        case (_, "mergeTop"): return .mergeTop
        case (_, "filter"): return .filter(try match())
        case (_, "nil"): return .returnsNil
        case (.primaryForCollapsing, "secondary"), (.primaryForExpanding, "secondary"): return .secondary
        case (_, "existing"): return .existing(try match())
        case (_, "fresh"): return .fresh(try tree())
        case (_, "unmerge"):
            var points: [UnmergePoint] = []
            repeat {
                points.append(try unmergePoint())
            } while take("or")
            try expect("wrap")
            var wrap = try tree()
            guard wrap.children.isEmpty, wrap.kind == .content || wrap.kind == .navigation else {
                cursor -= 1
                throw fail("unmerge wraps the tail in a new navigation controller: give it as NAME or NAME@ID")
            }
            wrap.kind = .navigation
            return .unmerge(points, wrap: wrap)
        case (_, "proposed"): return .proposed
        case (.topColumnForCollapsing, _):
            guard let column = Column.allCases.first(where: { $0.name == word }) else { break }
            return .column(column)
        case (.showOverride, "handled"), (.showDetailOverride, "handled"): return .bool(true)
        case (.showOverride, "notHandled"), (.showDetailOverride, "notHandled"): return .bool(false)
        case (.shouldHide, "hide"): return .bool(true)
        case (.shouldHide, "show"): return .bool(false)
        case (.targetDisplayMode, _), (.displayModeForExpanding, _):
            guard let mode = DisplayMode(name: word) else { break }
            return .mode(mode)
        default:
            break
        }
        cursor = start
        throw fail("unknown answer '\(word)' of \(method.name)")
    }

    mutating func unmergePoint() throws(NotationError) -> UnmergePoint {
        let start = cursor
        switch try next("firstNested, after MATCH, from MATCH or top") {
        case "firstNested": return .firstNested
        case "top": return .top
        case "after": return .after(try match())
        case "from": return .from(try match())
        case let other:
            cursor = start
            throw fail("expected firstNested, after MATCH, from MATCH or top, found '\(other)'")
        }
    }

    mutating func tree() throws(NotationError) -> ControllerSpec {
        let start = cursor
        let text = try next("a controller tree such as NC@ID[Root]")
        let spec: ControllerSpec
        do {
            spec = try ControllerSpec.parse(text)
        } catch {
            cursor = start
            throw fail("'\(text)': \(error)")
        }
        guard spec.isCreatable else {
            cursor = start
            throw fail("'\(text)' is not a tree a delegate can create (a stack holds no navigation, tab bar or split controller)")
        }
        return spec
    }

    mutating func match() throws(NotationError) -> ControllerMatch {
        let start = cursor
        let text = try next("a controller pattern such as Name, A|B, @ID or *:navigation")
        guard let match = ControllerMatch(text: text) else {
            cursor = start
            throw fail("'\(text)' is not a controller pattern (Name, A|B, *, then @ID and :kind)")
        }
        return match
    }

    // MARK: conditions

    mutating func condition() throws(NotationError) -> PolicyCondition {
        var parts = [try conjunction()]
        while take("or") { parts.append(try conjunction()) }
        return parts.count == 1 ? parts[0] : .any(parts)
    }

    mutating func conjunction() throws(NotationError) -> PolicyCondition {
        var parts = [try unary()]
        while take("and") { parts.append(try unary()) }
        return parts.count == 1 ? parts[0] : .all(parts)
    }

    mutating func unary() throws(NotationError) -> PolicyCondition {
        let start = cursor
        let word = try next("a condition")
        // Each `not` and parenthesis recurses: hostile text must not exhaust the stack.
        let nests = word == "not" || word == "("
        if nests {
            guard nesting < PolicyCondition.maximumDepth else {
                cursor = start
                throw fail("a condition nested deeper than \(PolicyCondition.maximumDepth)")
            }
            nesting += 1
        }
        defer { if nests { nesting -= 1 } }
        switch word {
        case "not": return .not(try unary())
        case "(":
            let inner = try condition()
            try expect(")")
            return inner
        case "flag": return .flag(try next("a flag name"))
        case "collapsed": return .collapsed
        case "landscape": return .landscape
        case "portrait": return .not(.landscape)
        case "proposed":
            let word = try next("a column or a display mode")
            if let column = Column.allCases.first(where: { $0.name == word }) { return .proposedColumn(column) }
            if let mode = DisplayMode(name: word) { return .proposedMode(mode) }
            cursor -= 1
            throw fail("expected a column (topColumnForCollapsing) or a display mode (displayModeForExpanding), found '\(word)'")
        default:
            let tests: Set<String> = ["is", "top", "nestedTop", "contains", "shows", "showsSameItemAs", "deeper"]
            if let subject = PolicySubject(rawValue: word) {
                return .test(subject, try controllerTest())
            }
            // A controller the app keeps, by name: `ListNav top is ArticleDetail`.
            if let after = peek(), tests.contains(after), let match = ControllerMatch(text: word) {
                return .testNamed(match, try controllerTest())
            }
            cursor = start
            throw fail(
                "expected a condition (flag, collapsed, landscape, portrait, proposed, not, a subject: "
                    + PolicySubject.allCases.map(\.rawValue).joined(separator: ", ") + ", or a controller's name and a test), found '\(word)'")
        }
    }

    /// What a condition tests of its subject: `is MATCH`, `top is MATCH`, …, `deeper than N`.
    mutating func controllerTest() throws(NotationError) -> ControllerTest {
        let testStart = cursor
        switch try next("is, top is, nestedTop is, contains, shows, showsSameItemAs or deeper than") {
        case "is": return .is(try match())
        case "top":
            try expect("is")
            return .top(try match())
        case "nestedTop":
            try expect("is")
            return .nestedTop(try match())
        case "contains": return .contains(try match())
        case "shows":
            let item = try next("an item, or nothing")
            return .shows(item == NavigationCommand.noItem ? nil : item)
        case "showsSameItemAs":
            let otherStart = cursor
            let word = try next("a subject")
            guard let other = PolicySubject(rawValue: word) else {
                cursor = otherStart
                throw fail("expected a subject, found '\(word)'")
            }
            return .showsSameItemAs(other)
        case "deeper":
            try expect("than")
            let number = try next("a number")
            guard let count = Int(number), count >= 0 else {
                cursor -= 1
                throw fail("expected a number, found '\(number)'")
            }
            return .deeperThan(count)
        case let other:
            cursor = testStart
            throw fail("expected is, top is, nestedTop is, contains, shows, showsSameItemAs or deeper than, found '\(other)'")
        }
    }
}

extension ControllerMatch {
    /// Parses `A|B`, `*`, with an optional `@ID` and `:kind` (any order after the names).
    public init?(text: String) {
        var rest = Substring(text)
        var kind: ControllerKind?
        if let colon = rest.lastIndex(of: ":") {
            let name = rest[rest.index(after: colon)...]
            guard let found = ControllerKind.allCases.first(where: { $0.notationName == name }) else { return nil }
            kind = found
            rest = rest[..<colon]
        }
        var restorationID: String?
        if let at = rest.firstIndex(of: "@") {
            let id = rest[rest.index(after: at)...]
            guard !id.isEmpty, id.unicodeScalars.allSatisfy(ControllerSpec.isNameCharacter) else { return nil }
            restorationID = String(id)
            rest = rest[..<at]
        }
        var names: [String] = []
        if rest != "*" && !(rest.isEmpty && (restorationID != nil || kind != nil)) {
            for part in rest.split(separator: "|", omittingEmptySubsequences: false) {
                guard !part.isEmpty, part.unicodeScalars.allSatisfy(ControllerSpec.isNameCharacter) else { return nil }
                names.append(String(part))
            }
        }
        self.init(names: names, restorationID: restorationID, kind: kind)
    }
}

/// The answers of the first policy language (a fixed menu of constant answers), still read from
/// scripts: each becomes rules of the current language.
enum LegacyShorthand {
    /// The rules a shorthand answer at the parser's cursor stands for, or `nil` when the cursor is
    /// not at a shorthand (and nothing was consumed).
    static func rules(for method: DelegateMethod, _ parser: inout PolicyParser) throws(NotationError) -> [PolicyRule]? {
        switch (method, parser.peek()) {
        case (.collapseSecondary, "returns"):
            parser.cursor += 1
            return [PolicyRule(try parser.boolean() ? .discard : .keep)]
        case (.collapseSecondary, "discardWhenRestorationID"):
            parser.cursor += 1
            let id = try parser.next("a restoration identifier")
            return [PolicyRule(.discard, if: .test(.secondary, .is(ControllerMatch(restorationID: id))))]
        case (.collapseSecondary, "discardWhenTopNamed"):
            parser.cursor += 1
            let name = try parser.next("a screen name")
            return [PolicyRule(.discard, if: .test(.secondary, .top(.named(name))))]
        case (.collapseSecondary, "mergeStacks"):
            parser.cursor += 1
            return [PolicyRule(.merge)]
        case (.separateSecondary, "keepWhenNestedTopNamed"):
            parser.cursor += 1
            let names = try parser.next("screen names separated by commas").split(separator: ",").map(String.init)
            try parser.expect("otherwise")
            return [PolicyRule(.returnsNil, if: .test(.primary, .nestedTop(ControllerMatch(names: names)))), PolicyRule(.fresh(try parser.tree()))]
        case (.showOverride, "returns"), (.showDetailOverride, "returns"):
            parser.cursor += 1
            return [PolicyRule(.bool(try parser.boolean()))]
        case (.shouldHide, "returns"):
            parser.cursor += 1
            let portrait = try parser.boolean(), landscape = try parser.boolean()
            return [PolicyRule(.bool(landscape), if: .landscape), PolicyRule(.bool(portrait))]
        default:
            return nil
        }
    }
}
