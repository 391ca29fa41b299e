import ArgumentParser
import NavTape
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

    func target() throws -> Target {
        if let bug {
            guard let rule = RuleID(parsing: bug) else {
                throw CLIError(.usage, "--bug takes a rule such as BUG-6 or INV-4, found '\(bug)'")
            }
            return Target(name: rule.description, holds: { try Self.raises(rule, $0) }, rule: rule, check: nil)
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
        let goal = try target()
        let machine = try Logs.open(input)
        guard try goal.holds(machine) else {
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
        Output.standard.line("\(output.output): \(result.candidates) → \(result.kept.count) commands after the setup "
            + "(\(result.trials) sessions tried), still \(goal.name)")
        if let script {
            let option = goal.rule.map { "--bug \($0)" } ?? "--expect \(goal.name)"
            let text = try LogScript.render(shrunk, header: [
                "\(goal.name) in \(result.kept.count) of the \(result.candidates) commands of \(machine.path), after its setup.",
                "Written by: navtape shrink \(machine.path) \(option) -o \(output.output) --script \(script)",
            ], expecting: goal.rule.map { [$0] } ?? [], checks: goal.check.map { [$0] } ?? [])
            try Files.writeText(text, to: script, force: output.force)
            Output.standard.line("\(script): the same session as a scenario script (navtape run checks \(goal.name))")
        }
    }

    /// Whether `expectation` holds after some command of `machine`'s session.
    static func holds(_ expectation: ScriptExpectation, _ machine: TimeMachine) throws -> Bool {
        var state = machine.initialState
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

    /// Whether `machine`'s session raises `rule`: a bug at some event, or an invariant broken at a
    /// commit boundary.
    static func raises(_ rule: RuleID, _ machine: TimeMachine) throws -> Bool {
        var report = ViolationReport()
        try machine.run(&report)
        return report.bugs.contains { $0.violation.rule == rule } || report.episodes.contains { $0.rule == rule }
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
        Output.standard.lines(DiffText.render(diff(before, after), title: "final states \(machine.path) → \(output.output)", names: after,
                                                earlier: before))
    }
}
