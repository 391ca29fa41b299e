import NavTape

/// The one error of `NavTapeFleet`: talking to ClickHouse over HTTP, and the ingest's checkpoint.
/// A log that cannot be read is the session layer's ``NavTape/NavTapeError``, passed through.
public struct FleetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Code: Hashable, Sendable {
        /// The URL is not `http://HOST[:PORT][/][?PARAMETERS]`.
        case invalidURL
        /// No connection could be made, or it was lost, every time it was tried.
        case unreachable
        /// The server answered with something that is not HTTP/1.1 (or more than the client reads).
        case badResponse
        /// The server failed (5xx) every time it was tried.
        case serverError
        /// The server refused the request for good: a row it could not parse, a query it rejected.
        case rejected
        /// The tables are not the facts' schema (a column missing, or a table or database).
        case schemaMismatch
        /// The checkpoint file is damaged or belongs to other inputs.
        case checkpoint
        /// A log could not be read or an output written (``NavTape/NavTapeError``).
        case log(NavTapeError.Code)
    }

    /// What went wrong.
    public var code: Code
    /// One line for people.
    public var message: String

    /// An error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// A log's error.
    public init(_ error: NavTapeError) {
        self.init(.log(error.code), error.description)
    }

    public var description: String { message }

    /// Whether `error` has this code (`case .unreachable = error`).
    public static func ~= (code: Code, error: FleetError) -> Bool { error.code == code }
}
