import ArgumentParser
import NavTape
import NavTapeScript
import NavigationCore

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

    @Option(
        help: ArgumentHelp(
            "An expectation that must still hold after some command, as a script writes it after `expect`.",
            valueName: "expectation"))
    var expect: String?

    @Option(help: ArgumentHelp("Also write the minimal session as a scenario script here.", valueName: "file"))
    var script: String?

    @OptionGroup var output: OutputOptions

    @OptionGroup var format: JSONFlag

    func validate() throws {
        guard (bug == nil) != (expect == nil) else { throw ValidationError("Give --bug RULE or --expect EXPECTATION (one of them).") }
    }

    /// What the shrunk session must keep, read from `machine` (exit 64 when it never shows it).
    func goal(_ machine: TimeMachine) throws -> ShrinkGoal {
        guard let bug else { return try ShrinkGoal.expectation(expect ?? "", in: machine) }
        guard let rule = RuleID(parsing: bug) else { throw CLIError(.usage, "--bug takes a rule such as BUG-6 or INV-4, found '\(bug)'") }
        return try ShrinkGoal.bug(rule, in: machine)
    }

    func run() throws {
        let machine = try Logs.open(input)
        let goal = try goal(machine)
        try output.prepare()
        if let script { try Files.prepareOutput(script, force: output.force) }
        let progress = Progress("shrinking", total: 1)
        let report = try ShrinkReport(shrinking: machine, keeping: goal, into: output.output, script: script, options: output.logOptions) {
            progress.note("\(Plural.count($0, "session")) tried, \(Plural.count($1, "command")) kept")
        }
        progress.finish()
        if let script {
            try Files.writeText(report.script(of: TimeMachine(path: output.output), goal: goal), to: script, force: output.force)
        }
        guard !format.json else { return Output.standard.json(report) }
        Output.standard.line(
            "\(output.output): \(report.commands) → \(Plural.count(report.kept, "command")) after the setup "
                + "(\(Plural.count(report.trials, "session")) tried), still \(goal.name)")
        if let script { Output.standard.line("\(script): the same session as a scenario script (navtape run checks \(goal.name))") }
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
              navtape skip navtape-demo-stale.navtape 21 -o without-pop.navtape
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
        let report = try WhatIf.recompute(
            machine, skipping: Set(events), into: output.output, sessionID: "\(machine.sessionID)-skip",
            options: output.logOptions)
        let branch = try TimeMachine(path: output.output)
        Output.standard.line(
            "\(output.output): \(Plural.count(report.commandsSkipped, "command")) left out, "
                + "\(report.commandsRedecided) re-decided, \(Plural.count(report.eventsWritten, "event")) written")
        Output.standard.lines(try DiffText.finalStates(machine, branch))
    }
}
