import CSQLite
import Foundation
import NavigationCodec
import NavigationCore

/// The SQLite baseline: the same events in one table `events(seq INTEGER PRIMARY KEY, time INTEGER,
/// record BLOB)`, each row holding the event's record in our own codec. That is SQLite at its best
/// for this job (no column mapping, the same decoder), so our ratios against it are conservative.
/// Default pragmas (rollback journal, `synchronous=FULL`): the commit is durable, like a synced log.
public enum SQLiteStore {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    static func check(_ code: Int32, _ db: OpaquePointer?, _ what: String) throws {
        guard code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW else {
            let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "code \(code)"
            throw Failure(description: "sqlite \(what): \(message)")
        }
    }

    /// Creates `path` (replacing any file) and inserts `range` of `session` in one transaction.
    public static func write(_ session: SessionData, range: Range<Int>, to path: String) throws {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        var db: OpaquePointer?
        try check(sqlite3_open(path, &db), db, "open")
        defer { sqlite3_close(db) }
        try check(sqlite3_exec(db, "CREATE TABLE events(seq INTEGER PRIMARY KEY, time INTEGER NOT NULL, record BLOB NOT NULL)", nil, nil, nil), db, "create")
        try check(sqlite3_exec(db, "BEGIN", nil, nil, nil), db, "begin")
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, "INSERT INTO events(seq, time, record) VALUES (?, ?, ?)", -1, &statement, nil), db, "prepare")
        defer { sqlite3_finalize(statement) }
        var i = range.lowerBound
        try session.forEachRecord(in: range) { record in
            sqlite3_bind_int64(statement, 1, Int64(i))
            sqlite3_bind_int64(statement, 2, session.times[i])
            sqlite3_bind_blob(statement, 3, record.baseAddress, Int32(record.count), nil)  // SQLITE_STATIC
            try check(sqlite3_step(statement), db, "insert")
            sqlite3_reset(statement)
            i += 1
        }
        try check(sqlite3_exec(db, "COMMIT", nil, nil, nil), db, "commit")
    }

    /// Reads every row in order and folds its event into `state`; returns the row count.
    public static func readAndFold(_ path: String, into state: inout NavigationState) throws -> Int {
        try eachRow(of: path, "SELECT record FROM events ORDER BY seq") { statement in
            let bytes = UnsafeRawBufferPointer(start: sqlite3_column_blob(statement, 0), count: Int(sqlite3_column_bytes(statement, 0)))
            _ = try EventCodec.decodeAndEvolve(bytes, into: &state)
        }
    }

    /// Reads every row of `path` in order and touches its bytes without decoding them: SQLite's
    /// own cost, the floor under ``readAndFold(_:into:)``. Returns the rows read and a checksum
    /// of their first and last bytes (so the reads cannot be optimised away).
    public static func scan(_ path: String) throws -> (count: Int, checksum: UInt64) {
        var checksum: UInt64 = 0
        let count = try eachRow(of: path, "SELECT time, record FROM events ORDER BY seq") { statement in
            let time = sqlite3_column_int64(statement, 0)
            let length = Int(sqlite3_column_bytes(statement, 1))
            if length > 0, let blob = sqlite3_column_blob(statement, 1) {
                let bytes = blob.assumingMemoryBound(to: UInt8.self)
                checksum &+= UInt64(bytes[0]) &+ UInt64(bytes[length - 1]) &+ UInt64(bitPattern: time)
            }
        }
        return (count, checksum)
    }

    /// Opens `path` read-only, runs `query` and calls `row` with the statement at each row; returns
    /// the rows read.
    @inline(__always)
    private static func eachRow(of path: String, _ query: String, _ row: (OpaquePointer?) throws -> Void) throws -> Int {
        var db: OpaquePointer?
        try check(sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil), db, "open")
        defer { sqlite3_close(db) }
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(db, query, -1, &statement, nil), db, "prepare")
        defer { sqlite3_finalize(statement) }
        var count = 0
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            try check(code, db, "step")
            try row(statement)
            count += 1
        }
        return count
    }

    /// The cached database of the whole of `session` (for the read benchmark and the size table).
    public static func cachedDatabase(of session: SessionData) throws -> String {
        let path = session.path.replacingOccurrences(of: ".navtape", with: "") + ".sqlite"
        if FileManager.default.fileExists(atPath: path) { return path }
        let partial = path + ".partial-\(getpid())"
        try write(session, range: 0..<session.count, to: partial)
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        return path
    }
}
