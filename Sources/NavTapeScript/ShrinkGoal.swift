import NavTape
import NavigationCore
import NavigationProjections

/// What a shrunk session must keep (`navtape shrink`): a bug or invariant raised about the same
/// controller as in the source (`--bug RULE`: a smaller session that raises the rule about another
/// controller shows another bug, not this one), or an expectation that holds after some command
/// (`--expect`).
public struct ShrinkGoal {
    /// `BUG-6 about PasteNC1`, or the expectation in quotes.
    public let name: String
    /// The rule, for `--bug`.
    public let rule: RuleID?
    /// The expectation and its script line, for `--expect`.
    public let check: (line: String, expectation: ScriptExpectation)?
    private let test: (TimeMachine) throws -> Bool

    /// Whether `machine`'s session shows what is sought.
    public func holds(_ machine: TimeMachine) throws -> Bool { try test(machine) }

    /// The goal of keeping `rule` as `machine`'s session first raises it (about the same screen).
    /// - Throws: ``NavTapeError`` `.invalidArgument` when the session never raises it.
    public static func bug(_ rule: RuleID, in machine: TimeMachine) throws -> ShrinkGoal {
        var first: Occurrence?
        try forEachOccurrence(of: rule, in: machine) {
            first = $0; return false
        }
        guard let first else { throw NavTapeError(.invalidArgument, path: machine.path, "the session never shows \(rule): nothing to shrink") }
        let about = first.subject.map { " about \($0)" } ?? ""
        return ShrinkGoal(name: "\(rule)\(about)", rule: rule, check: nil) { trial in
            var kept = false
            try forEachOccurrence(of: rule, in: trial) {
                kept = $0 == first; return !kept
            }
            return kept
        }
    }

    /// The goal of an expectation written as a script writes it after `expect`.
    /// - Throws: ``NavTapeError`` `.invalidArgument` (path `--expect`) naming the character at fault.
    public static func expectation(_ text: String) throws -> ShrinkGoal {
        let line = "expect " + text
        do {
            let parsed = try ScriptParser.parse(line, file: "--expect")
            guard case .expectation(let expectation)? = parsed.steps.first?.kind else {
                throw NavTapeError(.invalidArgument, path: "--expect", "no expectation")
            }
            return ShrinkGoal(name: "'\(text)'", rule: nil, check: (line, expectation)) { try holds(expectation, $0) }
        } catch let error as ScriptError {
            throw NavTapeError(.invalidArgument, path: "--expect", "character \(Swift.max(1, error.column - 7)): \(error.message)")
        }
    }

    /// The goal of an expectation (as ``expectation(_:)`` reads it) that holds after some command
    /// of `machine`'s session.
    /// - Throws: ``NavTapeError`` `.invalidArgument` for an expectation that does not parse, or one
    ///   the session never shows.
    public static func expectation(_ text: String, in machine: TimeMachine) throws -> ShrinkGoal {
        let goal = try expectation(text)
        guard try goal.holds(machine) else {
            throw NavTapeError(.invalidArgument, path: machine.path, "the session never shows \(goal.name): nothing to shrink")
        }
        return goal
    }

    /// The options of `navtape shrink` that name this goal: `--bug RULE` or `--expect EXPECTATION`.
    public var options: [String] {
        rule.map { ["--bug", "\($0)"] } ?? ["--expect", String(check?.line.dropFirst("expect ".count) ?? "")]
    }

    /// Whether `expectation` holds after some command of `machine`'s session.
    static func holds(_ expectation: ScriptExpectation, _ machine: TimeMachine) throws -> Bool {
        var state = try machine.state(at: 0)  // a branch starts from its parent's state
        var found = false
        let policy = machine.sessionDescription.policy
        try machine.forEachCommit { commit in
            let before = state
            let events = commit.events.map(\.event)
            for event in events { state.evolve(event) }
            found = ScriptRunner.holds(expectation, before: before, events: events, after: state, policy: state.policy(session: policy))
            return !found
        }
        return found
    }

    /// One occurrence of a rule: the controller it is about, by screen name.
    struct Occurrence: Hashable {
        var subject: String?
    }

    /// Calls `body` with each place `machine`'s session raises `rule` (a bug at some event, or an
    /// invariant broken at a commit boundary), in order, as the screen name of the controller it is
    /// about (`nil` when about none), until `body` returns `false`: what makes two sessions'
    /// occurrences the same bug, whatever IDs they got. Each name is read after the event that raised it.
    static func forEachOccurrence(of rule: RuleID, in machine: TimeMachine, _ body: (Occurrence) throws -> Bool) throws {
        var report = ViolationReport()
        try machine.run(&report)
        // Both record the index of the event after which the rule held: the state after it names the subject.
        var found: [(after: UInt64, subject: ControllerID?)] = report.bugs.filter { $0.violation.rule == rule }
            .map { ($0.index + 1, $0.violation.subject) }
        found += report.episodes.filter { $0.rule == rule }.map { ($0.startIndex.map { $0 + 1 } ?? 0, $0.subject) }
        for (after, subject) in found.sorted(by: { $0.after < $1.after }) {
            let name = try subject.map { try machine.state(at: Swift.min(after, machine.eventCount)).name(of: $0) }
            guard try body(Occurrence(subject: name)) else { return }
        }
    }

    private init(name: String, rule: RuleID?, check: (line: String, expectation: ScriptExpectation)?, test: @escaping (TimeMachine) throws -> Bool) {
        self.name = name
        self.rule = rule
        self.check = check
        self.test = test
    }
}

/// What `navtape shrink --json` prints (docs/JSON.md, "Shrink").
public struct ShrinkReport: Encodable, Sendable {
    /// Always `shrink`.
    public var type = "shrink"
    /// The source log.
    public var source: String
    /// The minimal session's log.
    public var log: String
    /// Its scenario script, if one was written.
    public var script: String?
    /// What was kept (``ShrinkGoal/name``).
    public var goal: String
    /// The source's commands after its setup and launch.
    public var commands: Int
    /// Those the minimal session keeps.
    public var kept: Int
    /// The setup commands (always kept).
    public var setup: Int
    /// Sessions tried.
    public var trials: Int
    /// The first events, in the source, of the commands kept.
    public var keptEvents: [UInt64]

    /// The report of `result`, shrinking `source` into `log` (and `script`) for `goal`.
    public init(_ result: WhatIf.Shrink, source: String, log: String, script: String?, goal: ShrinkGoal) {
        self.source = source
        self.log = log
        self.script = script
        self.goal = goal.name
        commands = result.candidates
        kept = result.kept.count
        setup = result.setup.count
        trials = result.trials
        keptEvents = result.kept
    }

    /// Shrinks `machine`'s session to the fewest commands that keep `goal`
    /// (``NavTape/WhatIf/shrink(_:scratch:keeping:progress:)``, its trials in `log`'s directory), and
    /// writes that session to `log` as `options` say: a branch of the source named `SESSION-shrunk`.
    /// `progress` is told the trials so far and the fewest commands kept so far.
    public init(
        shrinking machine: TimeMachine, keeping goal: ShrinkGoal, into log: String, script: String?,
        options: RecorderOptions, progress: (Int, Int) -> Void = { _, _ in }
    ) throws {
        let directory = log.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let result = try WhatIf.shrink(machine, scratch: directory.isEmpty ? "." : directory, keeping: goal.holds, progress: progress)
        _ = try WhatIf.recompute(machine, skipping: result.skipped, into: log, sessionID: "\(machine.sessionID)-shrunk", options: options)
        self.init(result, source: machine.path, log: log, script: script, goal: goal)
    }

    /// The shrunk session `shrunk` as a scenario script that states `goal` and says how it was
    /// written: the `navtape shrink` command line of this report.
    public func script(of shrunk: TimeMachine, goal: ShrinkGoal) throws -> String {
        let command = ["navtape", "shrink", source] + goal.options + ["-o", log] + (script.map { ["--script", $0] } ?? [])
        return try LogScript.render(
            shrunk,
            header: [
                "\(goal.name) in \(kept) of the \(Plural.count(commands, "command")) of \(source), after its setup.",
                "Written by: " + Shell.command(command),
            ], expecting: goal.rule.map { [$0] } ?? [], checks: goal.check.map { [$0] } ?? [])
    }
}
