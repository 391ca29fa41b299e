import EventLog
import NavTape

/// One `record --intents` run: reads an app's intent stream line by line as it arrives (a file, a
/// FIFO, standard input), feeds each line to a ``CaptureIngest``, and acknowledges lines in groups:
/// whenever the next read would wait for the app (and every 4,096 lines), it syncs the log and
/// reports what became durable. A malformed line stops the run; every line before it is kept and
/// acknowledged.
public struct IntentRecording {
    /// A line of the stream, durable.
    public struct Acknowledgement: Sendable, Hashable {
        /// The line's number.
        public var line: Int
        /// The events it recorded.
        public var events: Int
        /// The events in the log once synced.
        public var durable: UInt64
        /// The divergences from UIKit it recorded, in words.
        public var divergences: [String]
        /// For a resync line that made the model adopt UIKit's state, what it adopted, in words.
        public var resync: String?

        /// What `record --intents --json` prints for the line (docs/JSON.md, "Record, shrink,
        /// repair"): `acknowledged`, then a `resync` object for a resync the model adopted, then a
        /// `diverged` object for each divergence.
        public var json: [JSONValue] {
            let number = JSONValue.int(Int64(line))
            let acknowledged = JSONValue.object([
                "type": .string("acknowledged"), "line": number, "events": .int(Int64(events)), "durable": .int(Int64(durable)),
            ])
            let resyncs = resync.map { [JSONValue.object(["type": .string("resync"), "line": number, "text": .string($0)])] } ?? []
            return [acknowledged] + resyncs + divergences.map { .object(["type": .string("diverged"), "line": number, "text": .string($0)]) }
        }
    }

    /// What the run recorded.
    public struct Summary: Sendable, Hashable {
        /// The commands in the log (its commits, the setup's included), as `navtape stats` counts them.
        public var commands: Int
        /// The events in the log.
        public var events: UInt64
        /// The divergences recorded.
        public var divergences: Int
        /// The resync lines whose observation the model adopted.
        public var resyncs: Int

        /// What `record --intents --json` prints at the end, for the log at `log`.
        public func json(log: String, interrupted: Bool) -> JSONValue {
            .object([
                "type": .string("recorded"), "log": .string(log), "commands": .int(Int64(commands)),
                "events": .int(Int64(events)), "divergences": .int(Int64(divergences)), "resyncs": .int(Int64(resyncs)),
                "interrupted": .bool(interrupted),
            ])
        }
    }

    private let input: LineReader
    private var ingest: CaptureIngest
    private var pending: [Acknowledgement] = []

    /// A recording of `input` to a new log at `path`, published at once and growing (`tail -f` can
    /// follow it); `now` is the wall clock in milliseconds, for a stream that gives no times.
    public init(input: LineReader, path: String, now: @escaping () -> Int64) {
        self.input = input
        ingest = CaptureIngest(path: path, file: input.name, options: RecorderOptions(publication: .live, replacesExisting: false), now: now)
    }

    /// Reads the stream to its end (or until `interrupted` says to stop, checked at least every
    /// 100 ms while waiting), calling `acknowledge` with each group of lines made durable.
    /// - Throws: the first line's error (``NavTapeError`` `.dataError` naming `FILE:LINE`), the
    ///   input's (``EventLogError``), or what `acknowledge` throws; what was read before is kept.
    public mutating func run(interrupted: () -> Bool, acknowledge: ([Acknowledgement]) throws -> Void) throws -> Summary {
        do {
            try readAll(interrupted: interrupted, acknowledge: acknowledge)
        } catch {
            try? flush(acknowledge)
            try? ingest.capture?.close()
            throw error
        }
        try flush(acknowledge)
        try ingest.finish()
        return Summary(
            commands: ingest.capture?.recorder.commitCount ?? 0, events: ingest.capture?.recorder.eventCount ?? 0,
            divergences: ingest.divergenceCount, resyncs: ingest.resyncCount)
    }

    private mutating func readAll(interrupted: () -> Bool, acknowledge: ([Acknowledgement]) throws -> Void) throws {
        while true {
            while let line = try input.bufferedLine() {
                guard let step = try ingest.feed(line, number: input.lineNumber), let capture = ingest.capture else { continue }
                var resync: String?
                for case .resynced(let adopted) in step.events { resync = EventText.describe(adopted, in: capture.state) }
                pending.append(
                    Acknowledgement(
                        line: input.lineNumber, events: step.events.count, durable: 0,
                        divergences: step.divergences.map { EventText.describe($0, in: capture.state) }, resync: resync))
                if pending.count >= 4_096 { try flush(acknowledge) }
            }
            // About to wait for the app: make what arrived durable and say so.
            if !input.isReady { try flush(acknowledge) }
            if interrupted() { return }
            guard try input.fill(interrupted: interrupted) else { return }
        }
    }

    /// Syncs and acknowledges every pending line.
    private mutating func flush(_ acknowledge: ([Acknowledgement]) throws -> Void) throws {
        guard let capture = ingest.capture, !pending.isEmpty else { return }
        let durable = try capture.sync()
        for i in pending.indices { pending[i].durable = durable }
        try acknowledge(pending)
        pending.removeAll(keepingCapacity: true)
    }
}
