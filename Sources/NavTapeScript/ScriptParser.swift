import NavTape
import NavigationCore

/// Parses scenario scripts (`docs/ScriptFormat.md`).
///
/// Line oriented: a line is blank, a comment, a setup directive (before the first command), a
/// command, or an expectation. Every problem is a ``ScriptError`` naming the line and column.
public enum ScriptParser {
    /// Parses `text`, a script of one session, naming `file` in errors.
    /// - Throws: ``ScriptError`` at the first malformed line, or at the second `session` line of a
    ///   script that holds several sessions (read those with ``sessions(_:file:)``).
    /// - Complexity: O(length of the text).
    public static func parse(_ text: String, file: String) throws(ScriptError) -> Script {
        let (scripts, starts) = try parseSessions(text, file: file)
        guard scripts.count == 1, let script = scripts.first else {
            throw ScriptError(
                file: file, line: starts.dropFirst().first ?? 1, column: 1,
                "a second session: this script holds \(scripts.count) sessions (run or record it whole)")
        }
        return script
    }

    /// Parses `text`, which may hold several sessions: a `session NAME` line after a session's
    /// commands (or after its own `session` line) starts the next one, with its own setup.
    /// - Throws: ``ScriptError`` at the first malformed line.
    public static func sessions(_ text: String, file: String) throws(ScriptError) -> [Script] {
        try parseSessions(text, file: file).scripts
    }

    /// The longest script accepted, in bytes (a session of thousands of commands is a few hundred
    /// KiB); a reader stops reading past it (docs/FileFormat.md, "Limits on hostile input").
    public static let maximumScriptBytes = 4 << 20

    /// The longest line accepted, in bytes: a name is at most 1 KiB, a policy a few.
    public static let maximumLineBytes = 64 << 10

    static func parseSessions(_ text: String, file: String) throws(ScriptError) -> (scripts: [Script], starts: [Int]) {
        guard text.utf8.count <= maximumScriptBytes else {
            throw ScriptError(file: file, line: 1, column: 1, "a script longer than \(maximumScriptBytes) bytes")
        }
        var scripts: [Script] = []
        var starts: [Int] = [1]
        var script = Script(file: file)
        var sawCommand = false
        var sawSession = false
        var time = script.setup.startTime  // to check that absolute times never go backwards
        var lineNumber = 0
        var policy = script.setup.policy  // the delegate's policy as of the current line
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            guard rawLine.utf8.count <= maximumLineBytes else {
                throw ScriptError(file: file, line: lineNumber, column: 1, "a line longer than \(maximumLineBytes) bytes")
            }
            var line = ScriptLine(rawLine, number: lineNumber, file: file)
            try line.tokenize()
            guard let keyword = line.tokens.first else { continue }
            if keyword.text == "session" && (sawCommand || sawSession) {
                // The next session: everything starts again from the defaults.
                scripts.append(script)
                starts.append(lineNumber)
                script = Script(file: file)
                sawCommand = false
                time = script.setup.startTime
                policy = script.setup.policy
            }
            if keyword.text == "session" { sawSession = true }
            switch keyword.text {
            case "expect":
                let expectation = try line.expectation()
                script.steps.append(ScriptStep(line: lineNumber, kind: .expectation(expectation)))
            case "query":
                script.steps.append(ScriptStep(line: lineNumber, kind: .query(try line.query())))
            case _ where ScriptLine.setupKeywords.contains(keyword.text) && !(sawCommand && keyword.text == "policy"):
                guard !sawCommand else {
                    throw line.error(at: keyword, "setup directive '\(keyword.text)' must come before the first command")
                }
                try line.setup(&script.setup)
                policy = script.setup.policy
            default:
                // After the first command a `policy` line is a command: the delegate changes mid-session.
                if !sawCommand { time = script.setup.startTime }
                line.currentPolicy = policy
                let command = try line.command(device: script.setup.device, initialTraits: script.setup.initialTraits)
                if case .setPolicy(let changed) = command.template { policy = changed }
                if case .absolute(let at) = command.time {
                    guard at >= time else {
                        let previous = sawCommand ? "the previous command" : "the session's start"
                        throw line.error(at: line.timeToken ?? keyword, "time \(SessionTime.iso8601(at)) is before \(previous)")
                    }
                    time = at
                } else if case .relative(let delta) = command.time {
                    time += delta
                } else {
                    time += 1_000
                }
                sawCommand = true
                script.steps.append(ScriptStep(line: lineNumber, kind: .command(command)))
            }
        }
        scripts.append(script)
        // Each session records to a log named after it, so names must differ.
        for (index, session) in scripts.enumerated().dropFirst()
        where scripts[..<index].contains(where: { $0.sessionName == session.sessionName }) {
            throw ScriptError(file: file, line: starts[index], column: 1, "session '\(session.sessionName)' twice in one script")
        }
        return (scripts, starts)
    }
}

/// A token of a script line: a word, or a bracketed group (`MN[M, DN[D]]`, `[A, B]`) with its spaces.
struct ScriptToken {
    var text: String
    /// 1-based column of the first character.
    var column: Int
    /// Offset of the first scalar in the line.
    var start: Int
}

/// One line being parsed: its tokens and a cursor.
struct ScriptLine {
    static let setupKeywords: Set<String> = Set(
        ["device", "style", "policy", "primary", "supplementary", "secondary", "start", "session"] + SessionOrigin.fieldNames)

    let scalars: [Unicode.Scalar]
    let number: Int
    let file: String
    var tokens: [ScriptToken] = []
    var cursor = 1
    /// The end of the line's content, before any comment.
    var contentEnd = 0
    /// The `at TIME` token of a command line, once parsed.
    var timeToken: ScriptToken?
    /// The delegate's policy before this line: a `policy …` command line changes it.
    var currentPolicy = SplitPolicy.noDelegate

    init(_ line: Substring, number: Int, file: String) {
        var scalars = Array(line.unicodeScalars)
        if scalars.last == "\r" { scalars.removeLast() }
        self.scalars = scalars
        self.number = number
        self.file = file
    }

    func error(at token: ScriptToken, _ message: String) -> ScriptError {
        ScriptError(file: file, line: number, column: token.column, message)
    }

    func error(column: Int, _ message: String) -> ScriptError {
        ScriptError(file: file, line: number, column: column, message)
    }

    static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    /// Splits the line into tokens. A line whose first non-blank character is `#` is a comment;
    /// elsewhere `#` starts a comment when a blank precedes it and a blank or the line's end
    /// follows it (so `#3` is a raw controller ID, not a comment).
    mutating func tokenize() throws(ScriptError) {
        contentEnd = scalars.count
        var first = 0
        while first < scalars.count, Self.isBlank(scalars[first]) { first += 1 }
        if first < scalars.count, scalars[first] == "#" { contentEnd = first }
        var i = first
        while i < contentEnd {
            if scalars[i] == "#", i > 0, Self.isBlank(scalars[i - 1]), i + 1 == scalars.count || Self.isBlank(scalars[i + 1]) {
                contentEnd = i
                break
            }
            i += 1
        }
        for (offset, scalar) in scalars[..<contentEnd].enumerated() where scalar.value < 0x20 && scalar != "\t" {
            throw error(column: offset + 1, "control character U+\(String(scalar.value, radix: 16, uppercase: true)) in the line")
        }
        i = 0
        while i < contentEnd {
            if Self.isBlank(scalars[i]) {
                i += 1
                continue
            }
            let start = i
            var depth = 0
            while i < contentEnd {
                let scalar = scalars[i]
                if depth == 0 && Self.isBlank(scalar) { break }
                if scalar == "[" { depth += 1 }
                if scalar == "]" {
                    depth -= 1
                    guard depth >= 0 else { throw error(column: i + 1, "unbalanced ']'") }
                }
                i += 1
            }
            guard depth == 0 else { throw error(column: i + 1, "expected ']'") }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<i])
            tokens.append(ScriptToken(text: text, column: start + 1, start: start))
        }
    }

    // MARK: cursor

    var atEnd: Bool { cursor >= tokens.count }

    /// The column just after the last token, for "expected …" at the end of the line.
    var endColumn: Int {
        guard let last = tokens.last else { return 1 }
        return last.column + last.text.unicodeScalars.count
    }

    mutating func next(_ what: String) throws(ScriptError) -> ScriptToken {
        guard cursor < tokens.count else { throw error(column: endColumn, "expected \(what)") }
        defer { cursor += 1 }
        return tokens[cursor]
    }

    func peek() -> ScriptToken? { cursor < tokens.count ? tokens[cursor] : nil }

    mutating func expectEnd() throws(ScriptError) {
        if let extra = peek() { throw error(at: extra, "unexpected '\(extra.text)'") }
    }

    /// The raw text from the cursor's token to the end of the content, trimmed.
    mutating func rest() -> String {
        guard let token = peek() else { return "" }
        var end = contentEnd
        while end > token.start, Self.isBlank(scalars[end - 1]) { end -= 1 }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[token.start..<end])
        cursor = tokens.count
        return text
    }

    mutating func one<T>(of table: [(String, T)], _ what: String) throws(ScriptError) -> T {
        let token = try next(what)
        for (name, value) in table where name == token.text { return value }
        throw error(at: token, "expected \(what), found '\(token.text)'")
    }

    mutating func bool() throws(ScriptError) -> Bool {
        try one(of: [("true", true), ("false", false)], "true or false")
    }

    mutating func displayMode() throws(ScriptError) -> DisplayMode {
        let token = try next("a display mode")
        guard let mode = DisplayMode(name: token.text) else {
            throw error(at: token, "unknown display mode '\(token.text)' (automatic, primaryHidden, allVisible, primaryOverlay or an iOS 14 name)")
        }
        return mode
    }

    mutating func number(_ what: String) throws(ScriptError) -> Double {
        let token = try next(what)
        guard let value = Double(token.text) else { throw error(at: token, "expected \(what), found '\(token.text)'") }
        return value
    }

    /// A bracket tree: `MN[M, DN[D]]`, `TabC:tab`, `DN@NoSelectionNC[D]`.
    /// Trees that `decide` would refuse to create (a navigation controller inside a stack…) are
    /// errors here, so they never reach a run.
    func spec(_ text: String, column: Int) throws(ScriptError) -> ControllerSpec {
        let spec: ControllerSpec
        do {
            spec = try ControllerSpec.parse(text)
        } catch {
            throw self.error(column: column + error.offset, error.message)
        }
        if let reason = spec.creationRefusal {
            throw self.error(column: column, "cannot create \(spec.notation): \(reason) (\(reason.rule))")
        }
        return spec
    }

    mutating func specToken(_ what: String) throws(ScriptError) -> ControllerSpec {
        let token = try next(what)
        return try spec(token.text, column: token.column)
    }
}
