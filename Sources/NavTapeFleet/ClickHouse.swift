#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavTape
import NavTapeInterchange

/// A ClickHouse server through its HTTP interface: queries, inserts of JSON lines with a
/// deduplication token, retries with backoff on connection loss and on server failures.
public struct ClickHouse: Sendable {
    /// Where it is.
    public let endpoint: HTTPEndpoint
    /// How requests are sent.
    public var client = HTTPClient()
    /// Tries after the first for a request that failed for a reason that may pass (connection
    /// lost, a 5xx that is no refusal of the data).
    public var retries = 6
    /// The first wait before a retry, in milliseconds; each later one is twice as long, at most 10 s.
    public var backoff = 200
    /// Told of each retry: the error and the wait in milliseconds.
    public var onRetry: (@Sendable (FleetError, Int) -> Void)?

    /// The server at `url` (see ``HTTPEndpoint``).
    public init(url: String) throws(FleetError) {
        endpoint = try HTTPEndpoint(parsing: url)
    }

    /// The result of `sql` as text (`FORMAT` it as needed); retried as ``retries`` says.
    /// - Throws: ``FleetError``.
    public func query(_ sql: String) throws(FleetError) -> String {
        try retrying { () throws(FleetError) in
            try check(client.send("POST", endpoint.target([]), to: endpoint, body: Array(sql.utf8)), doing: sql).text
        }
    }

    /// Inserts `rows` (JSON lines) into `table`; with a `token`, ClickHouse drops the batch if it
    /// already holds one with that token (`insert_deduplication_token`, ClickHouse 22.2 and later).
    /// - Throws: ``FleetError``: `.rejected` naming ClickHouse's reason for a row it cannot take.
    public func insert(into table: String, rows: [UInt8], token: String?) throws(FleetError) {
        var parameters = [("query", "INSERT INTO \(table) FORMAT JSONEachRow")]
        if let token { parameters.append(("insert_deduplication_token", token)) }
        let target = endpoint.target(parameters)
        try retrying { () throws(FleetError) in
            _ = try check(client.send("POST", target, to: endpoint, body: rows), doing: "INSERT INTO \(table)")
        }
    }

    /// The server's version's first number (`18` for 18.16.1, `26` for 26.1).
    public func majorVersion() throws(FleetError) -> Int {
        let text = try query("SELECT version()")
        guard let major = Int(text.prefix { $0.isNumber }) else { throw FleetError(.badResponse, "\(endpoint): version '\(text)'") }
        return major
    }

    /// The columns of `table`, by name.
    /// - Throws: ``FleetError`` `.schemaMismatch` when there is no such table.
    public func columns(of table: String) throws(FleetError) -> [String] {
        do {
            return try query("DESCRIBE TABLE \(table) FORMAT TabSeparated").split(separator: "\n").compactMap {
                $0.split(separator: "\t", omittingEmptySubsequences: false).first.map(String.init)
            }
        } catch let error where error.code == .rejected {
            throw FleetError(.schemaMismatch, "\(endpoint): no table \(table) (\(error.message)); create it: Integrations/ClickHouse/schema.sql")
        }
    }

    /// Checks that `table` has every column of `columns` (`facts` writes them all).
    /// - Throws: ``FleetError`` `.schemaMismatch` naming the missing ones and the schema version.
    public func requireColumns(_ columns: [String], of table: String) throws(FleetError) {
        let present = Set(try self.columns(of: table))
        let missing = columns.filter { !present.contains($0) }
        guard missing.isEmpty else {
            throw FleetError(
                .schemaMismatch,
                "\(endpoint): table \(table) lacks \(missing.joined(separator: ", ")): not the facts' schema version \(Facts.schemaVersion) "
                    + "(Integrations/ClickHouse/schema.sql)")
        }
    }

    /// ClickHouse's own error codes that mean the request itself is wrong: trying again cannot help.
    /// (Parse errors, unknown columns, tables, databases, settings, syntax, type mismatches, access.)
    static let refusals: Set<Int> = [
        6, 16, 26, 27, 32, 33, 38, 41, 43, 44, 47, 53, 60, 62, 69, 70, 72, 81, 115, 117, 130, 131, 164, 192, 193, 194, 195, 197, 516,
    ]

    /// The response if it is a success; else the error it says.
    private func check(_ response: HTTPResponse, doing what: String) throws(FleetError) -> HTTPResponse {
        guard response.status != 200 else { return response }
        let text = response.text
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? ""
        let message = "\(endpoint): HTTP \(response.status) for \(what.prefix(60)): \(firstLine.prefix(400))"
        let code = response.headers["x-clickhouse-exception-code"].flatMap { Int($0) } ?? Self.exceptionCode(text)
        if let code, [16, 47, 60, 81].contains(code) { throw FleetError(.schemaMismatch, message) }
        if response.status < 500 || code.map(Self.refusals.contains) == true { throw FleetError(.rejected, message) }
        throw FleetError(.serverError, message)
    }

    /// `Code: 27. DB::Exception: …` (or `Code: 27, e.displayText() = …`): 27.
    static func exceptionCode(_ text: String) -> Int? {
        let bytes = Array(text.utf8.prefix(4096)), marker = Array("Code: ".utf8)
        guard bytes.count >= marker.count,
            let start = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<$0 + marker.count].elementsEqual(marker) })
        else { return nil }
        return Int(String(decoding: bytes[(start + marker.count)...].prefix { (48...57).contains($0) }, as: UTF8.self))
    }

    /// Runs `body`, again after a wait while it fails with `.unreachable` or `.serverError`.
    func retrying<T>(_ body: () throws(FleetError) -> T) throws(FleetError) -> T {
        var attempt = 0
        while true {
            do {
                return try body()
            } catch  where (error.code == .unreachable || error.code == .serverError) && attempt < retries {
                let wait = Swift.min(10_000, backoff << Swift.min(attempt, 16))
                onRetry?(error, wait)
                attempt += 1
                var pause = timespec(tv_sec: wait / 1000, tv_nsec: (wait % 1000) * 1_000_000)
                var left = timespec()
                while nanosleep(&pause, &left) != 0 && errno == EINTR { pause = left }
            }
        }
    }
}
