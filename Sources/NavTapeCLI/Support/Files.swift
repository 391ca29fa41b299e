import EventLog
import NavTape

/// Checks of input and output paths before a command touches them, so that every failure is one
/// line with the documented exit status (through the one file seam, EventLog's ``LogFiles``).
enum Files {
    /// The size of the file at `path` in bytes, or `nil` if it cannot be read.
    static func size(of path: String) -> UInt64? { LogFiles.version(of: path)?.size }

    static func exists(_ path: String) -> Bool { LogFiles.exists(path) }

    /// An existing, readable regular file (exit 66 otherwise).
    static func checkInput(_ path: String) throws(CLIError) {
        do throws(EventLogError) { try LogFiles.checkReadable(path) } catch { throw CLIError(.noInput, error.description) }
    }

    /// Checks, before any work, that a new file can be written at `path` (exit 73 otherwise): its
    /// directory exists and is writable, and nothing is there — or, with `force`, a regular file that
    /// no other process is recording into (exit 75 if one is). Nothing is removed here: outputs are
    /// written whole beside the path and replace the old file only when complete.
    static func prepareOutput(_ path: String, force: Bool, replaceable: Bool = true) throws(CLIError) {
        do throws(EventLogError) { try LogFiles.checkCreatable(path) } catch { throw CLIError(.cannotCreate, error.description) }
        do throws(EventLogError) {
            try OutputFile.checkTarget(path, replacing: force)
        } catch {
            throw outputError(NavTapeError(error), replaceable: replaceable)
        }
    }

    /// The one-line error for an output that cannot be written, with the hint that works: `--force`
    /// where the command can replace a file, else another path (a live recording never replaces).
    static func outputError(_ error: NavTapeError, replaceable: Bool = true) -> CLIError {
        let status = ExitStatus(error.code)
        if error.code == .cannotCreate, error.message == "already exists" {
            let hint = replaceable ? "use --force to replace it" : "remove it first, or record to another path"
            return CLIError(status, "\(error.path): already exists (\(hint))")
        }
        return CLIError(status, error.description)
    }

    /// The same for an error of the file seam.
    static func outputError(_ error: EventLogError) -> CLIError { outputError(NavTapeError(error)) }

    /// The options of a log a command writes: whole (a failure leaves the old file or nothing),
    /// replacing an existing one only with `--force`.
    static func logOptions(force: Bool) -> RecorderOptions {
        RecorderOptions(publication: .whole, replacesExisting: force)
    }

    /// The text of `path` (`-`: standard input); past `limit` bytes it stops reading and refuses the
    /// file (exit 65) instead of holding more. Invalid UTF-8 is replaced, then rejected by the parsers.
    static func readText(_ path: String, limit: Int = .max) throws(CLIError) -> String {
        do throws(EventLogError) {
            return String(decoding: try LogFiles.read(path, limit: limit), as: UTF8.self)
        } catch {
            switch error.code {
            case .notFound: throw CLIError(.noInput, error.description)
            case .tooLarge: throw CLIError(.dataError, error.description)
            default: throw CLIError(.ioError, error.description)
            }
        }
    }

    /// Writes `text` to `path` whole (see ``OutputFile``), replacing a file there only with `force`.
    static func writeText(_ text: String, to path: String, force: Bool) throws {
        let file = try OutputFile(path: path, replacing: force)
        try file.write(text)
        try file.commit()
    }
}
