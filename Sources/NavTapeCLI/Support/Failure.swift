import NavigationCore
import NavTapeScript
import ArgumentParser
import EventLog
import NavTape
import NavTapeFleet

/// The documented exit statuses (sysexits.h where one fits); `docs/ScriptFormat.md` and
/// `navtape --help` list them.
enum ExitStatus: Int32 {
    case success = 0
    /// A script ran but some expectations did not hold.
    case expectationsFailed = 1
    /// Bad flags or arguments, an index past the end (EX_USAGE).
    case usage = 64
    /// A malformed script, JSON line, or damaged or foreign log (EX_DATAERR).
    case dataError = 65
    /// An input file that does not exist or cannot be read (EX_NOINPUT).
    case noInput = 66
    /// A bug in navtape itself (EX_SOFTWARE).
    case software = 70
    /// An output file that exists or cannot be created (EX_CANTCREAT).
    case cannotCreate = 73
    /// A read or write failed, including a full disk or `/dev/full` (EX_IOERR).
    case ioError = 74
    /// The log is locked by another writer (EX_TEMPFAIL).
    case tempFailure = 75
}

/// A failure with its exit status and one line for standard error.
struct CLIError: Error, CustomStringConvertible {
    var status: ExitStatus
    var message: String

    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { message }
}

extension ExitStatus: Comparable {
    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

extension ExitStatus {
    init(_ code: NavTapeError.Code) {
        switch code {
        case .notFound: self = .noInput
        case .dataError, .unsupportedVersion: self = .dataError
        case .locked: self = .tempFailure
        case .cannotCreate: self = .cannotCreate
        case .ioError: self = .ioError
        case .invalidArgument: self = .usage
        }
    }

    init(_ code: FleetError.Code) {
        switch code {
        case .invalidURL: self = .usage
        case .rejected, .schemaMismatch, .checkpoint: self = .dataError
        case .unreachable, .badResponse, .serverError: self = .ioError
        case .log(let code): self.init(code)
        }
    }
}

enum Failure {
    /// Whether `error` is one of navtape's own (reported by ``report(_:)``), as opposed to one of
    /// ArgumentParser's parse outcomes.
    static func isNavtapeError(_ error: Error) -> Bool {
        error is CLIError || error is NavTapeError || error is EventLogError || error is ScriptError || error is FleetError || error is ExitCode
    }

    /// Prints one line for `error` on standard error and returns the exit status.
    static func report(_ error: Error) -> ExitStatus {
        let (status, message) = describe(error)
        if let message { Diagnostics.line(message) }
        return status
    }

    /// The exit status for `error` and its one-line message (`nil` for an `ExitCode`, whose
    /// messages were printed already).
    static func describe(_ error: Error) -> (status: ExitStatus, message: String?) {
        switch error {
        case let error as CLIError:
            return (error.status, error.message)
        case let error as NavTapeError:
            return describe(Files.outputError(error))
        case let error as EventLogError:
            return describe(Files.outputError(error))
        case let error as ScriptError:
            return (.dataError, error.description)
        case let error as FleetError:
            return (ExitStatus(error.code), error.description)
        case let error as ExitCode:
            return (ExitStatus(rawValue: error.rawValue) ?? .software, nil)
        default:
            return (.software, "navtape: internal error: \(error)")
        }
    }
}

/// The CLI's door to NavTape's "did you mean" (kept out of the `@main` file).
enum Typo {
    static func closest(to word: String, among candidates: [String]) -> String? {
        Suggestion.closest(to: word, among: candidates)
    }
}
