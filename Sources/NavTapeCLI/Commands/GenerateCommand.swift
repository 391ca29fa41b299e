import NavTapeApps
import ArgumentParser
import NavTape
import NavigationCore

/// `navtape generate --events N --seed S -o LOG`.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Record a seeded random Calendar Paste session of at least N events.",
        discussion: """
            The same seed, device and policy give the same log on every machine. A progress bar is drawn on \
            standard error when it is a terminal.

            Examples:
              navtape generate --events 10000 --seed 7 -o random.navtape
              navtape generate --events 500 --seed 1 --device ipad --policy none -o ipad.navtape
            """)

    @Option(help: ArgumentHelp("The least number of events to record.", valueName: "n"))
    var events: Int

    @Option(help: ArgumentHelp("The random seed (default: a new one, printed, so the log can be made again).", valueName: "s"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("The device: \(Device.presetNames).", valueName: "device"))
    var device: DeviceArgument?

    @Option(help: ArgumentHelp("The delegate: \(PolicyArgument.help).", valueName: "policy"), transform: PolicyArgument.parse)
    var policy: PolicyArgument?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard events > 0, events <= 100_000_000 else { throw ValidationError("--events must be between 1 and 100000000.") }
    }

    func run() throws {
        try output.prepare()
        let seed = self.seed ?? Self.freshSeed()
        var generator = SessionGenerator(seed: seed, device: device?.device ?? .iPhonePlus, policy: policy?.policy ?? .calendarPaste())
        let recorder = try Recorder(
            creating: output.output, setup: generator.setup, sessionID: "generated-\(seed)",
            startTime: 1_700_000_000_000, options: output.logOptions)
        let progress = Progress("generating", total: UInt64(events))
        let commands = try recorder.record(&generator, events: UInt64(events)) { progress.update($0) }
        try recorder.close()
        progress.finish()
        Output.standard.line(
            "\(output.output): \(recorder.eventCount) events from \(commands) generated commands, seed \(seed), "
                + "\(generator.device.rawValue), \(generator.policy.name)")
    }

    /// A new seed from the system's random source, short enough to type back.
    static func freshSeed() -> UInt64 { UInt64.random(in: 0..<1_000_000_000) }
}
