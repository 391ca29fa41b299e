import ByteCoding
import EventLog
import NavTape
import NavTapeInterchange
import Synchronization

/// Loads the facts of logs into ClickHouse (`navtape ingest`): the rows `navtape facts` writes,
/// posted in batches of ``Options/batchRows`` rows per table, each batch with a deduplication
/// token made of the inputs, the table and the batch's number, and a checkpoint file rewritten after
/// each batch the server acknowledged. A run killed at any point and run again with the same inputs
/// skips the rows acknowledged and sends the rest in the same batches with the same tokens, so the
/// tables end up with the rows of one clean run (docs/Fleet.md, "Exactly once").
public enum Ingest {
    /// How an ingest runs.
    public struct Options: Sendable {
        /// Rows per batch (a batch of each table; the last may be smaller).
        public var batchRows = 100_000
        /// Logs read at once.
        public var jobs = 2
        /// What a torn tail does.
        public var tornTail = TornTailPolicy.warn
        /// The checkpoint file.
        public var checkpoint = "navtape-ingest.checkpoint"
        /// The tables (`DATABASE.TABLE` or a table of the URL's database).
        public var sessionsTable = "sessions"
        public var momentsTable = "moments"
        /// Whether batches carry `insert_deduplication_token`: `nil` asks the server's version (22 and later).
        public var deduplicationTokens: Bool?

        /// The defaults.
        public init() {}
    }

    /// What a run did.
    public struct Report: Codable, Hashable, Sendable {
        /// Always `ingest`.
        public var type = "ingest"
        /// The server, without its password.
        public var url: String
        /// Logs read, and those that could not be.
        public var logs: Int
        public var unreadable: Int
        /// Rows sent by this run, by table.
        public var sessions: Int
        public var moments: Int
        /// Batches sent by this run.
        public var batches: Int
        /// Rows skipped because an earlier run had them acknowledged (a resumed run).
        public var resumedSessions: Int
        public var resumedMoments: Int
        /// Whether batches carried a deduplication token.
        public var tokens: Bool
        /// The checkpoint file.
        public var checkpoint: String
    }

    /// Loads `paths` into `server`. `failed` is told of each log that cannot be read (left out, as
    /// `facts` leaves it out); `progress` of the rows sent so far.
    /// - Throws: ``FleetError``: the server unreachable or failing after every retry, a schema
    ///   mismatch, a row rejected, a checkpoint of other inputs. The checkpoint keeps what was
    ///   acknowledged: run again to go on.
    public static func run(
        _ paths: [String], into server: ClickHouse, options: Options,
        failed: @escaping @Sendable (NavTapeError) -> Void, progress: (@Sendable (Int) -> Void)? = nil
    ) throws(FleetError) -> Report {
        try server.requireColumns(FactsRows.sessionColumns, of: options.sessionsTable)
        try server.requireColumns(FactsRows.momentColumns, of: options.momentsTable)
        let tokens: Bool
        if let wanted = options.deduplicationTokens { tokens = wanted } else { tokens = try server.majorVersion() >= 22 }
        let fingerprint = Self.fingerprint(paths)
        var checkpoint = try Checkpoint.load(options.checkpoint, url: server.endpoint.description, inputs: fingerprint)
        let resumed = (checkpoint.sessions.rows, checkpoint.moments.rows)
        let sink = Sink(
            server: server, options: options, tokens: tokens, checkpoint: checkpoint, failed: failed, progress: progress)
        if !checkpoint.complete {
            Facts.read(paths, jobs: options.jobs, tornTail: options.tornTail, encoder: FactsRows.momentEncoder, sink: sink)
            try sink.finish()
            checkpoint = sink.checkpoint
        }
        let state = sink.tally
        return Report(
            url: server.endpoint.description, logs: state.logs, unreadable: state.unreadable,
            sessions: checkpoint.sessions.rows - resumed.0, moments: checkpoint.moments.rows - resumed.1, batches: state.batches,
            resumedSessions: resumed.0, resumedMoments: resumed.1, tokens: tokens, checkpoint: options.checkpoint)
    }

    /// A hash of the inputs: each path with its size, modification time and inode, in order.
    static func fingerprint(_ paths: [String]) -> String {
        var hash = FNV1a64()
        // Each text ends with a 0xFF byte, which UTF-8 never holds: no two lists of texts run together.
        func mix(_ text: String) { (Array(text.utf8) + [0xFF]).withUnsafeBytes { hash.add($0) } }
        for path in paths {
            mix(path)
            let version = LogFiles.version(of: path)
            mix("\(version?.size ?? 0) \(version?.modified ?? 0) \(version?.inode ?? 0)")
        }
        let hex = String(hash.value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Batches the rows of both tables and posts them, in the logs' order.
    final class Sink: FactsSink, @unchecked Sendable {
        // Called from one thread at a time (the facts' ordered output); `stopped` and `tally` are
        // also read from others, so they are behind locks.
        let server: ClickHouse
        let options: Options
        let tokens: Bool
        let failed: @Sendable (NavTapeError) -> Void
        let progress: (@Sendable (Int) -> Void)?
        private(set) var checkpoint: Checkpoint
        private var sessions: Batch
        private var moments: Batch
        private let failure = Mutex<FleetError?>(nil)
        private let state = Mutex((logs: 0, unreadable: 0, batches: 0))

        init(
            server: ClickHouse, options: Options, tokens: Bool, checkpoint: Checkpoint,
            failed: @escaping @Sendable (NavTapeError) -> Void, progress: (@Sendable (Int) -> Void)?
        ) {
            self.server = server
            self.options = options
            self.tokens = tokens
            self.checkpoint = checkpoint
            self.failed = failed
            self.progress = progress
            sessions = Batch(table: options.sessionsTable, acknowledged: checkpoint.sessions)
            moments = Batch(table: options.momentsTable, acknowledged: checkpoint.moments)
        }

        var tally: (logs: Int, unreadable: Int, batches: Int) { state.withLock { $0 } }

        var isStopped: Bool { failure.withLock { $0 != nil } }

        func moments(_ bytes: [UInt8], of index: Int) throws(NavTapeError) {
            guard !isStopped else { throw NavTapeError(.ioError, path: options.checkpoint, "the ingest stopped") }
            do throws(FleetError) { try add(bytes, to: \.moments) } catch { stop(error) }
        }

        func finished(_ outcome: Facts.Outcome, of index: Int) {
            state.withLock {
                $0.logs += 1
                if case .failure = outcome { $0.unreadable += 1 }
            }
            switch outcome {
            case .success(let facts):
                guard !isStopped else { return }
                var line: [UInt8] = []
                FactsRows.sessionValue(facts).write(into: &line)
                line.append(10)
                do throws(FleetError) { try add(line, to: \.sessions) } catch { stop(error) }
            case .failure(let error):
                if !isStopped { failed(error) }
            }
        }

        /// Posts what is left, or throws what stopped the ingest.
        func finish() throws(FleetError) {
            if let error = failure.withLock({ $0 }) { throw error }
            try post(\.moments)
            try post(\.sessions)
            checkpoint.complete = true
            try checkpoint.save(options.checkpoint)
        }

        private func stop(_ error: FleetError) { failure.withLock { if $0 == nil { $0 = error } } }

        /// Adds whole lines to a table's batch (skipping the rows an earlier run had acknowledged),
        /// posting each batch as it fills.
        private func add(_ bytes: [UInt8], to batch: ReferenceWritableKeyPath<Sink, Batch>) throws(FleetError) {
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 10).map { $0 + 1 } ?? bytes.count
                if self[keyPath: batch].seen >= self[keyPath: batch].acknowledged.rows {
                    self[keyPath: batch].rows.append(contentsOf: bytes[start..<end])
                    self[keyPath: batch].count += 1
                }
                self[keyPath: batch].seen += 1
                start = end
                if self[keyPath: batch].count >= options.batchRows { try post(batch) }
            }
        }

        /// Sends a table's batch and checkpoints it once acknowledged.
        private func post(_ batch: ReferenceWritableKeyPath<Sink, Batch>) throws(FleetError) {
            let pending = self[keyPath: batch]
            guard pending.count > 0 else { return }
            let token = "navtape-\(checkpoint.inputs)-\(pending.table)-\(pending.acknowledged.batches)"
            try server.insert(into: pending.table, rows: pending.rows, token: tokens ? token : nil)
            self[keyPath: batch].acknowledged.batches += 1
            self[keyPath: batch].acknowledged.rows += pending.count
            self[keyPath: batch].rows.removeAll(keepingCapacity: true)
            self[keyPath: batch].count = 0
            checkpoint.sessions = sessions.acknowledged
            checkpoint.moments = moments.acknowledged
            try checkpoint.save(options.checkpoint)
            state.withLock { $0.batches += 1 }
            progress?(checkpoint.sessions.rows + checkpoint.moments.rows)
        }
    }

    /// One table's rows on their way.
    struct Batch {
        let table: String
        /// What the server acknowledged, with earlier runs'.
        var acknowledged: Checkpoint.Table
        /// The rows of the table seen so far in this run, sent or skipped.
        var seen = 0
        /// The batch being filled.
        var rows: [UInt8] = []
        var count = 0

        init(table: String, acknowledged: Checkpoint.Table) {
            self.table = table
            self.acknowledged = acknowledged
        }
    }

    /// The checkpoint file: one JSON object, rewritten whole after each acknowledged batch.
    /// `{"navtape":"ingest-checkpoint","version":1,"url":…,"inputs":…,"sessions":{"batches":B,"rows":R},"moments":{…},"complete":false}`.
    struct Checkpoint: Hashable {
        struct Table: Hashable {
            var batches = 0
            var rows = 0
        }

        var url: String
        var inputs: String
        var sessions = Table()
        var moments = Table()
        var complete = false

        /// The longest checkpoint file read.
        static let maximumBytes = 1 << 16

        /// The checkpoint at `path` for these inputs, or a new one when there is none.
        /// - Throws: ``FleetError`` `.checkpoint` for a damaged file, or one of another server or
        ///   other inputs (remove it to start again).
        static func load(_ path: String, url: String, inputs: String) throws(FleetError) -> Checkpoint {
            let fresh = Checkpoint(url: url, inputs: inputs)
            guard LogFiles.exists(path) else { return fresh }
            let bytes: [UInt8]
            do throws(EventLogError) { bytes = try LogFiles.read(path, limit: maximumBytes) } catch {
                throw FleetError(.checkpoint, "\(path): \(error)")
            }
            func damaged(_ why: String) -> FleetError { FleetError(.checkpoint, "\(path): not an ingest checkpoint (\(why)); remove it to start again") }
            guard case .object(let object)? = try? JSONValue.parse(String(decoding: bytes, as: UTF8.self)),
                object["navtape"] == .string("ingest-checkpoint"), object["version"] == .int(1),
                case .string(let savedURL)? = object["url"], case .string(let savedInputs)? = object["inputs"],
                case .bool(let complete)? = object["complete"]
            else { throw damaged("unreadable") }
            func table(_ key: String) throws(FleetError) -> Table {
                guard case .object(let entry)? = object[key], case .int(let batches)? = entry["batches"], case .int(let rows)? = entry["rows"],
                    batches >= 0, rows >= 0
                else { throw damaged("\(key)") }
                return Table(batches: Int(batches), rows: Int(rows))
            }
            guard savedURL == url else {
                throw FleetError(.checkpoint, "\(path): a checkpoint of an ingest into \(savedURL), not \(url); remove it or give another --checkpoint")
            }
            guard savedInputs == inputs else {
                throw FleetError(
                    .checkpoint, "\(path): a checkpoint of other logs (they, or the list of them, changed); remove it to ingest these from the start")
            }
            return Checkpoint(url: url, inputs: inputs, sessions: try table("sessions"), moments: try table("moments"), complete: complete)
        }

        func save(_ path: String) throws(FleetError) {
            func table(_ t: Table) -> JSONValue { .object(["batches": .int(Int64(t.batches)), "rows": .int(Int64(t.rows))]) }
            let text =
                JSONValue.object([
                    "navtape": .string("ingest-checkpoint"), "version": .int(1), "url": .string(url), "inputs": .string(inputs),
                    "sessions": table(sessions), "moments": table(moments), "complete": .bool(complete),
                ]).text + "\n"
            do throws(EventLogError) {
                let file = try OutputFile(path: path, replacing: true)
                try file.write(text)
                try file.commit()
            } catch {
                throw FleetError(.checkpoint, "\(path): cannot write the checkpoint: \(error)")
            }
        }
    }
}
