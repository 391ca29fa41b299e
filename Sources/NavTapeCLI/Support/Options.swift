import ArgumentParser
import NavTape
import NavigationCore

/// The log a read command works on.
struct LogArgument: ParsableArguments {
    @Argument(help: "A NavTape log (.navtape).")
    var log: String

    @Flag(help: "Refuse a log whose last block is torn (exit 65) instead of reading the whole blocks before it.")
    var strict = false
}

/// A log a command checks or rewrites as a whole (`verify`, `repair`): a torn tail is what they report.
struct LogPath: ParsableArguments {
    @Argument(help: "A NavTape log (.navtape).")
    var log: String
}

/// A new file a command writes.
struct OutputOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write.", valueName: "file"))
    var output: String

    @Flag(help: "Replace the output file if it exists.")
    var force = false

    /// Checks that the output can be created (exit 73 otherwise; 75 if another process records into it).
    func prepare() throws(CLIError) { try Files.prepareOutput(output, force: force) }

    /// How a log written here is created: whole, replacing only with `--force`.
    var logOptions: RecorderOptions { Files.logOptions(force: force) }
}

/// `--json`.
struct JSONFlag: ParsableArguments {
    @Flag(help: "Print JSON objects, one per line (docs/JSON.md).")
    var json = false
}

/// A delegate policy preset given on the command line.
struct PolicyArgument {
    var policy: SplitPolicy

    /// The help text's list of what `--policy` takes.
    static let help =
        "a preset (\(SplitPolicy.presetNames.joined(separator: ", "))) or any policy in the policy language "
        + "(docs/ScriptFormat.md, \"Delegate policies\"), quoted"

    /// Parses the option's value; the error names the character at fault.
    static func parse(_ text: String) throws -> PolicyArgument {
        do {
            return PolicyArgument(policy: try SplitPolicy(parsing: text))
        } catch {
            throw ValidationError("character \(error.offset + 1): \(error.message)")
        }
    }
}

/// A device preset given on the command line.
struct DeviceArgument: ExpressibleByArgument {
    var device: Device

    init?(argument: String) {
        guard let device = Device(rawValue: argument) else { return nil }
        self.device = device
    }

    static var allValueStrings: [String] { Device.allCases.map(\.rawValue) }
}

/// A point in a log given by time: milliseconds since the epoch, ISO 8601 UTC, or `+SECONDS`
/// (as ``LogPoint`` reads a time).
struct TimeArgument: ExpressibleByArgument {
    var value: SessionTime.Value

    init?(argument: String) {
        guard let value = LogPoint.time(argument) else { return nil }
        self.value = value
    }
}
