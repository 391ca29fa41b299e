import ArgumentParser
import NavTape
import NavTapeInterchange
import NavTapeScript
import NavigationCore
import NavigationProjections

/// `navtape shrink LOG --bug RULE | --expect EXPECTATION -o LOG2 [--script FILE]`.
struct ShrinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shrink",
        abstract: "Cut a recording down to the few commands that still show a bug, as a log and a scenario script.",
        discussion: """
            Re-decides the recorded intents with commands left out (delta debugging over commands, then one \
            pass trying each remaining command alone) until no command can be removed without losing the \
            bug (--bug RULE: the session raises it) or the expectation (--expect '…': an expectation of \
            docs/ScriptFormat.md without its `expect`, holding after some command). The setup before launch is kept. Writes the minimal session as a log (-o, a branch of the \
            source) and, with --script, as a scenario script that states the bug (expect violation RULE) and \
            passes navtape run. Prints the reduction; shows progress on a terminal.

            Examples:
              navtape shrink navtape-demo-stale.navtape --bug BUG-6 -o stale-min.navtape --script stale-min.navscript
              navtape shrink navtape-demo.navtape --expect 'visible Shift' -o shift.navtape --script shift.navscript
            """)

    @OptionGroup var input: LogArgument

    @Option(help: ArgumentHelp("The rule the shrunk session must still raise: a bug (BUG-6) or an invariant (INV-4).", valueName: "rule"))
    var bug: String?

    @Option(help: ArgumentHelp("An expectation that must still hold after some command, as a script writes it after `expect`.",
                               valueName: "expectation"))
    var expect: String?

    @Option(help: ArgumentHelp("Also write the minimal session as a scenario script here.", valueName: "file"))
    var script: String?

    @OptionGroup var output: OutputOptions

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard (bug == nil) != (expect == nil) else { throw ValidationError("Give --bug RULE or --expect EXPECTATION (one of them).") }
    }

    /// What the shrunk session must keep: its name in messages, the check, and the script line.
    struct Target {
        var name: String
        var holds: (TimeMachine) throws -> Bool
        var rule: RuleID?
        var check: (line: String, expectation: ScriptExpectation)?
    }

    /// What the shrunk session must keep, read from `machine`: for `--bug`, the rule and the screen
    /// name of the controller its first occurrence is about (a smaller session that raises the rule
    /// about another controller shows another bug, not this one).
    func target(_ machine: TimeMachine) throws -> Target {
        if let bug {
            guard let rule = RuleID(parsing: bug) else {
                throw CLIError(.usage, "--bug takes a rule such as BUG-6 or INV-4, found '\(bug)'")
            }
            var first: Occurrence?
            try Self.forEachOccurrence(of: rule, in: machine) { first = $0; return false }
            guard let first else {
                throw CLIError(.usage, "\(machine.path): the session never shows \(rule): nothing to shrink")
            }
            let about = first.subject.map { " about \($0)" } ?? ""
            return Target(name: "\(rule)\(about)", holds: { trial in
                var kept = false
                try Self.forEachOccurrence(of: rule, in: trial) { kept = $0 == first; return !kept }
                return kept
            }, rule: rule, check: nil)
        }
        let line = "expect " + (expect ?? "")
        let expectation: ScriptExpectation
        do {
            let parsed = try ScriptParser.parse(line, file: "--expect")
            guard case .expectation(let first)? = parsed.steps.first?.kind else { throw CLIError(.usage, "--expect: no expectation") }
            expectation = first
        } catch let error as ScriptError {
            throw CLIError(.usage, "--expect: character \(Swift.max(1, error.column - 7)): \(error.message)")
        }
        return Target(name: "'\(expect ?? "")'", holds: { try Self.holds(expectation, $0) }, rule: nil, check: (line, expectation))
    }

    func run() throws {
        let machine = try Logs.open(input)
        let goal = try target(machine)
        // A rule's target was found in the session already; an expectation is looked for here.
        guard try goal.rule != nil || goal.holds(machine) else {
            throw CLIError(.usage, "\(machine.path): the session never shows \(goal.name): nothing to shrink")
        }
        try output.prepare()
        if let script { try Files.prepareOutput(script, force: output.force) }
        let directory = output.output.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        var progress = Progress("shrinking", total: 1)
        let result = try WhatIf.shrink(machine, scratch: directory.isEmpty ? "." : directory, keeping: goal.holds, progress: { trials, kept in
            progress.note("\(trials) sessions tried, \(kept) commands kept")
        })
        progress.finish()
        _ = try WhatIf.recompute(machine, skipping: result.skipped, into: output.output, sessionID: "\(machine.sessionID)-shrunk",
                                 options: output.logOptions)
        let shrunk = try TimeMachine(path: output.output)
        if !format.json {
            Output.standard.line("\(output.output): \(result.candidates) → \(result.kept.count) commands after the setup "
                + "(\(result.trials) sessions tried), still \(goal.name)")
        }
        if let script {
            let option = goal.rule.map { ["--bug", "\($0)"] } ?? ["--expect", expect ?? ""]
            let text = try LogScript.render(shrunk, header: [
                "\(goal.name) in \(result.kept.count) of the \(result.candidates) commands of \(machine.path), after its setup.",
                "Written by: " + Shell.command(["navtape", "shrink", machine.path] + option + ["-o", output.output, "--script", script]),
            ], expecting: goal.rule.map { [$0] } ?? [], checks: goal.check.map { [$0] } ?? [])
            try Files.writeText(text, to: script, force: output.force)
            if !format.json {
                Output.standard.line("\(script): the same session as a scenario script (navtape run checks \(goal.name))")
            }
        }
        if format.json {
            Output.standard.raw(JSONValue.object([
                "type": .string("shrink"), "source": .string(machine.path), "log": .string(output.output),
                "script": script.map(JSONValue.string) ?? .null, "goal": .string(goal.name),
                "commands": .int(Int64(result.candidates)), "kept": .int(Int64(result.kept.count)),
                "setup": .int(Int64(result.setup.count)), "trials": .int(Int64(result.trials)),
                "keptEvents": .array(result.kept.map { .int(Int64($0)) }),
            ]).text + "\n")
        }
    }

    /// Whether `expectation` holds after some command of `machine`'s session.
    static func holds(_ expectation: ScriptExpectation, _ machine: TimeMachine) throws -> Bool {
        var state = try machine.state(at: 0)  // a branch starts from its parent's state
        var commit: [NavigationEvent] = []
        var found = false
        let policy = machine.sessionDescription.policy
        func flush() {
            guard !commit.isEmpty, !found else { return }
            let before = state
            for event in commit { state.evolve(event) }
            found = ScriptRunner.holds(expectation, before: before, events: commit, after: state, policy: state.policy(session: policy))
            commit.removeAll(keepingCapacity: true)
        }
        try machine.forEachEvent { recorded in
            if recorded.startsCommit { flush() }
            commit.append(recorded.event)
            return !found
        }
        flush()
        return found
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

    /// One occurrence of a rule: the controller it is about, by screen name.
    struct Occurrence: Hashable {
        var subject: String?
    }
}

/// `navtape skip LOG N… -o LOG2`.
struct SkipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Re-decide a log with the commands of some events left out, into a new log (a branch).",
        discussion: """
            Each N is an event as navtape log numbers it; its whole command is left out, and every other \
            command is re-decided as recorded (Redux DevTools' skip). Prints the diff of the final states.

            Examples:
              navtape skip navtape-demo-stale.navtape 19 -o without-pop.navtape
            """)

    @OptionGroup var input: LogArgument

    @Argument(help: ArgumentHelp("Events whose commands to leave out (@N as navtape log prints them).", valueName: "event"))
    var events: [UInt64]

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard !events.isEmpty else { throw ValidationError("Give at least one event.") }
    }

    func run() throws {
        let machine = try Logs.open(input)
        for event in events { _ = try EventPoint.after(event).count(in: machine) }  // each one in the log
        try output.prepare()
        let report = try WhatIf.recompute(machine, skipping: Set(events), into: output.output, sessionID: "\(machine.sessionID)-skip",
                                          options: output.logOptions)
        let branch = try TimeMachine(path: output.output)
        Output.standard.line("\(output.output): \(report.commandsSkipped) command\(report.commandsSkipped == 1 ? "" : "s") left out, "
            + "\(report.commandsRedecided) re-decided, \(report.eventsWritten) events written")
        let before = try machine.state(at: machine.eventCount), after = try branch.state(at: branch.eventCount)
        Output.standard.lines(DiffText.render(DiffReport(from: before, to: after, fromName: machine.path, toName: output.output),
                                              title: "final states \(machine.path) → \(output.output)"))
    }
}
