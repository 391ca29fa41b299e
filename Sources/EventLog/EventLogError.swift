#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one error type of the EventLog module: what went wrong, in which file, at which byte.
///
/// Match on the ``code`` with `~=`:
///
/// ```swift
/// do { _ = try EventLogReader(path: path) }
/// catch .unsupportedVersion { … }          // typed throws: `error` is an EventLogError
/// catch { print(error) }                    // "log.navtape: corrupt block at byte 81234 (CRC mismatch)"
/// ```
public struct EventLogError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The kind of failure.
    public enum Code: String, Sendable, Hashable, CustomStringConvertible {
        /// The file does not exist.
        case notFound
        /// ``EventLogWriter/create(at:header:options:publication:replacing:)`` found a file already at the path.
        case alreadyExists
        /// The path holds something other than a regular file (a device, a FIFO, a directory, a
        /// symbolic link), which an output never replaces.
        case notRegularFile
        /// The file is not a NavTape log (bad magic) or its header cannot be decoded.
        case notALog
        /// The file was written by a newer format version (or uses flags) this build does not know.
        case unsupportedVersion
        /// The file ends inside a header or a block.
        case truncated
        /// Bytes fail their checksum or contradict the format.
        case corrupt
        /// Another writer (in this process or another) holds the log's lock.
        case locked
        /// An earlier write or sync failed on this writer; reopen the log to continue.
        case poisoned
        /// A system call failed; ``EventLogError/errno`` says how.
        case io
        /// A length exceeds a configured cap (``LogOptions/maxBlockBytes``, ``LogOptions/maxHeaderBytes``).
        case tooLarge
        /// An append carried a timestamp lower than the previous record's.
        case timestampRegression
        /// The caller passed something unusable (a closed writer, a bad option, an index out of range).
        case invalidArgument

        /// The code's name.
        public var description: String { rawValue }
    }

    /// The kind of failure.
    public var code: Code
    /// The path of the file concerned.
    public var path: String
    /// The byte offset in the file where the problem is, when there is one.
    public var offset: UInt64?
    /// The `errno` of the failed system call, for ``Code/io`` and friends.
    public var errno: Int32?
    /// A short human-readable account, without the path (``description`` adds it).
    public var detail: String

    /// Creates an error.
    public init(_ code: Code, path: String, offset: UInt64? = nil, errno: Int32? = nil, detail: String) {
        self.code = code
        self.path = path
        self.offset = offset
        self.errno = errno
        self.detail = detail
    }

    /// One line naming the file, the problem and (where known) the byte offset and system error,
    /// e.g. `log.navtape: corrupt block at byte 81234 (CRC mismatch)`.
    public var description: String {
        var line = "\(path): \(detail)"
        if let errno {
            line += ": \(String(cString: strerror(errno))) (errno \(errno))"
        }
        return line
    }

    /// Whether `error` has this code: `switch error { case .corrupt: … }`.
    public static func ~= (code: Code, error: EventLogError) -> Bool {
        error.code == code
    }
}

/// Whether `error` is an ``EventLogError`` with this code: `catch EventLogError.Code.locked`.
public func ~= (code: EventLogError.Code, error: any Error) -> Bool {
    (error as? EventLogError)?.code == code
}

extension EventLogError {
    static func io(_ path: String, _ what: String, errno: Int32, offset: UInt64? = nil) -> EventLogError {
        EventLogError(.io, path: path, offset: offset, errno: errno, detail: what)
    }

    static func corrupt(_ path: String, at offset: UInt64, _ what: String) -> EventLogError {
        EventLogError(.corrupt, path: path, offset: offset, detail: what)
    }

    static func truncated(_ path: String, at offset: UInt64, _ what: String) -> EventLogError {
        EventLogError(.truncated, path: path, offset: offset, detail: what)
    }

    static func invalid(_ path: String, _ what: String) -> EventLogError {
        EventLogError(.invalidArgument, path: path, detail: what)
    }
}
