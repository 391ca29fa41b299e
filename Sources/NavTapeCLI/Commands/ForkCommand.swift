import ArgumentParser
import NavTape
import NavigationCore

/// `navtape fork LOG --at EVENT -o LOG2`.
struct ForkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fork",
        abstract: "Re-decide a log's commands from event N under another policy or device into a new log, and diff the outcomes.",
        discussion: """
            The fork point moves back to the start of its command. Without --policy and --device the branch \
            reproduces the source exactly.

            Examples:
              navtape fork navtape-demo-stale.navtape --at start --policy calendar-paste -o fixed.navtape
              navtape fork navtape-demo.navtape --at 20 --device ipad -o ipad.navtape
            """)

    @OptionGroup var input: LogArgument

    @Option(
        help: ArgumentHelp(
            "Keep the log through this event (@N as navtape log prints it; start keeps nothing) and re-decide the rest.",
            valueName: "event"))
    var at: EventPoint

    @Option(help: ArgumentHelp("The branch's delegate: \(PolicyArgument.help).", valueName: "policy"), transform: PolicyArgument.parse)
    var policy: PolicyArgument?

    @Option(help: ArgumentHelp("The branch's device: \(Device.presetNames).", valueName: "device"))
    var device: DeviceArgument?

    @OptionGroup var output: OutputOptions

    func run() throws {
        let machine = try Logs.open(input)
        let point = try at.count(in: machine)
        try output.prepare()
        // The branch is named after where it really starts (a commit is never split), as it is printed.
        let start = try WhatIf.forkIndex(in: machine, at: point)
        let report = try WhatIf.fork(
            machine, at: point, into: output.output, policy: policy?.policy, device: device?.device,
            sessionID: "\(machine.sessionID)-fork-\(start == 0 ? "start" : "\(start - 1)")", options: output.logOptions)
        let branch = try TimeMachine(path: output.output)
        let forked = report.forkIndex == 0 ? "at the start" : "after \(LogPoint.name(ofCount: report.forkIndex))"
        Output.standard.line(
            "\(output.output): forked \(forked), \(Plural.count(report.commandsRedecided, "command")) re-decided, "
                + "\(Plural.count(report.eventsWritten, "event")) written")
        Output.standard.lines(try DiffText.finalStates(machine, branch))
    }
}
