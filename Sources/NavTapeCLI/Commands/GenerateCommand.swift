import NavTapeApps
import ArgumentParser
import NavigationCore

/// `navtape generate --app NAME --events N --seed S -o LOG`.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Record a seeded random session of at least N events: a user of a real app, or a fuzzing walk.",
        discussion: """
            With --app, a user of that app: only the actions its screens on screen offer (a list selects, a \
            detail pushes its sub-screens, Back, rotations, Slide Over sizes, the display-mode button), under \
            the app's own delegate. Apps: \(AppModel.all.map(\.name).joined(separator: ", ")).

            Without --app, the fuzzing walk over a Calendar Paste-shaped split: any command at any time, \
            under --policy. It is not a session a user could produce (it shows details from details, stacks \
            detail upon detail), so its bug counts say nothing about an app; use it to exercise the model.

            The same seed, device and app (or policy) give the same log on every machine. A progress bar is \
            drawn on standard error when it is a terminal.

            Examples:
              navtape generate --app calendar-paste --events 10000 --seed 7 -o paste.navtape
              navtape generate --app wordpress --events 5000 --seed 3 --device ipad -o wp-ipad.navtape
              navtape generate --events 500 --seed 1 --device ipad --policy none -o fuzz.navtape
            """)

    @Option(help: ArgumentHelp("The app whose user the session follows (\(AppModel.all.map(\.name).joined(separator: ", "))).", valueName: "name"))
    var app: String?

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
        if let app {
            guard AppModel.named(app) != nil else {
                throw ValidationError("unknown app '\(app)' (\(AppModel.all.map(\.name).joined(separator: ", ")))")
            }
            guard policy == nil else { throw ValidationError("--app uses the app's own delegate: leave out --policy.") }
        }
    }

    func run() throws {
        try output.prepare()
        let seed = self.seed ?? Self.freshSeed()
        if let app, let model = AppModel.named(app) {
            var session = AppSession(model: model, seed: seed, device: device?.device)
            let recorded = try record(&session, sessionID: "\(model.name)-\(seed)")
            return Output.standard.line(
                "\(output.output): \(Plural.count(recorded.events, "event")) from \(Plural.count(recorded.commands, "command")) "
                    + "of a \(model.name) user, seed \(seed), \(session.device.rawValue)")
        }
        var generator = SessionGenerator(seed: seed, device: device?.device ?? .iPhonePlus, policy: policy?.policy ?? .calendarPaste())
        let recorded = try record(&generator, sessionID: "generated-\(seed)")
        Output.standard.line(
            "\(output.output): \(Plural.count(recorded.events, "event")) from \(Plural.count(recorded.commands, "generated command")), seed \(seed), "
                + "\(generator.device.rawValue), \(generator.policy.name)")
    }

    /// Records `walk` to the output as `sessionID`, drawing progress; returns what it recorded.
    func record(_ walk: inout some SessionWalk, sessionID: String) throws -> (commands: Int, events: UInt64) {
        let progress = Progress("generating", total: UInt64(events))
        let recorded = try walk.record(
            to: output.output, sessionID: sessionID, events: UInt64(events), options: output.logOptions, progress: progress.update)
        progress.finish()
        return recorded
    }

    /// A new seed from the system's random source, short enough to type back.
    static func freshSeed() -> UInt64 { UInt64.random(in: 0..<1_000_000_000) }
}
