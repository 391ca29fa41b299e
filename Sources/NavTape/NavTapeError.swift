import EventLog
import NavigationCodec
import NavigationCore

/// The one error type of the NavTape library: what went wrong, in which file, and where.
public struct NavTapeError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure it is; the CLI maps these to exit codes.
    public enum Code: String, Sendable, Hashable {
        /// The file does not exist.
        case notFound
        /// The bytes are not a NavTape log, or are damaged (a codec or format failure).
        case dataError
        /// The log's format version is newer than this build reads.
        case unsupportedVersion
        /// Another writer holds the log.
        case locked
        /// An output cannot be created: something is at its path (and replacing was not asked, or it is
        /// not a regular file), or its directory does not exist.
        case cannotCreate
        /// Reading or writing failed (including a full disk).
        case ioError
        /// An argument is out of range (an index past the end, a bad fork point…).
        case invalidArgument
    }

    /// The kind of failure.
    public var code: Code
    /// The file concerned.
    public var path: String
    /// A one-line explanation that names the position (byte offset or event index) when known.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, path: String, _ message: String) {
        self.code = code
        self.path = path
        self.message = message
    }

    /// `path: message` on one line.
    public var description: String { "\(path): \(message)" }

    /// Wraps an error of the log or the file seam, keeping its path and message.
    public init(_ error: EventLogError) {
        let code: Code
        switch error.code {
        case .notFound: code = .notFound
        case .unsupportedVersion: code = .unsupportedVersion
        case .locked: code = .locked
        case .alreadyExists, .notRegularFile: code = .cannotCreate
        case .io, .poisoned: code = .ioError
        case .invalidArgument, .timestampRegression: code = .invalidArgument
        default: code = .dataError
        }
        let text = error.description
        let prefix = error.path + ": "
        self.init(code, path: error.path, text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text)
    }

    /// Wraps a codec error met in record `index` of `path`.
    init(_ error: CodecError, path: String, index: UInt64) {
        self.init(.dataError, path: path, "event \(index): \(error)")
    }
}

/// Runs `body`, converting the lower layers' errors into ``NavTapeError``.
@inline(__always)
func translating<T>(path: String, _ body: () throws -> T) throws(NavTapeError) -> T {
    do {
        return try body()
    } catch let error as NavTapeError {
        throw error
    } catch let error as EventLogError {
        throw NavTapeError(error)
    } catch let error as CodecError {
        throw NavTapeError(.dataError, path: path, "\(error)")
    } catch {
        throw NavTapeError(.ioError, path: path, "\(error)")
    }
}
