import NavTape
import NavigationCore

/// Export and import of a log as JSON lines (`docs/JSON.md`): a session line, then one line per
/// event. Export → import → export gives the same text byte for byte.
public enum JSONLines {
    /// The longest line import reads (the session line holds the whole initial state).
    public static let maximumLineLength = 8 << 20

    /// Calls `write` with the export of `machine` as UTF-8, in pieces of whole lines (each ending
    /// in a newline, about 64 KiB at a time): the session line first, then one line per event.
    /// `write` is also told how many events the text so far holds.
    /// - Complexity: O(events); one event decoded at a time, nothing built per event.
    public static func export(_ machine: TimeMachine, _ write: (_ text: [UInt8], _ events: UInt64) throws -> Void) throws {
        var text: [UInt8] = []
        text.reserveCapacity(Self.pieceBytes + 4096)
        try JSONSession(machine).json.write(into: &text)
        text.append(UInt8(ascii: "\n"))
        var writer = JSONEventWriter()
        var events: UInt64 = 0
        var failure: Error?
        try machine.forEachEvent { recorded in
            writer.write(recorded, into: &text)
            text.append(UInt8(ascii: "\n"))
            events += 1
            guard text.count >= Self.pieceBytes else { return true }
            do {
                try write(text, events)
                text.removeAll(keepingCapacity: true)
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        if !text.isEmpty { try write(text, events) }
    }

    private static let pieceBytes = 1 << 16

    /// What an import wrote.
    public struct ImportReport: Hashable, Sendable {
        /// The number of events written.
        public var eventCount: UInt64
        /// The number of commits (command outcomes) written.
        public var commitCount: Int
    }

    /// Writes the log described by `text` (an export) to a new log at `path`.
    ///
    /// Every line is checked: the session line first, then events with consecutive indices from
    /// 0, the first event starting a commit, every event of a commit at its first event's time,
    /// times never going backwards. Events are written as they are (not re-decided).
    ///
    /// - Parameters:
    ///   - text: The JSON lines.
    ///   - file: The input's name, for messages.
    ///   - path: The new log.
    /// - Throws: ``NavTapeError`` `.dataError` naming the line (and byte) of the first problem;
    ///   the partial log is removed. Errors creating or writing the log as they come.
    @discardableResult
    public static func importLog(
        _ text: String, file: String, into path: String,
        options: RecorderOptions = RecorderOptions()
    ) throws(NavTapeError) -> ImportReport {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        do {
            return try importLog(file: file, into: path, options: options) { lines.next().map(String.init) }
        } catch let error as NavTapeError {
            throw error
        } catch {
            throw NavTapeError(.dataError, path: file, "\(error)")  // `lines` cannot throw
        }
    }

    /// Writes the log whose lines `nextLine` returns one at a time (without their newline; `nil`
    /// at the end) to a new log at `path`, as ``importLog(_:file:into:options:)`` does with a
    /// whole text: memory stays bounded by one line and one commit however long the input.
    /// - Throws: ``NavTapeError`` as the text version does, or what `nextLine` throws (the
    ///   partial log is removed either way).
    @discardableResult
    public static func importLog(
        file: String, into path: String, options: RecorderOptions = RecorderOptions(),
        nextLine: () throws -> String?
    ) throws -> ImportReport {
        var lineNumber = 0
        func next() throws -> (number: Int, text: String)? {
            while let text = try nextLine() {
                lineNumber += 1
                if !text.utf8.allSatisfy({ $0 == 32 || $0 == 13 || $0 == 9 }) { return (lineNumber, text) }
            }
            return nil
        }
        func parse(_ line: (number: Int, text: String)) throws(NavTapeError) -> JSONValue {
            do {
                return try JSONValue.parse(line.text)
            } catch {
                throw NavTapeError(.dataError, path: file, "line \(line.number): \(error)")
            }
        }
        guard let first = try next() else { throw NavTapeError(.dataError, path: file, "empty input: expected a session line") }
        let session: JSONSession
        do {
            session = try JSONSession(json: parse(first))
        } catch let error as NavTapeError {
            throw error
        } catch {
            throw NavTapeError(.dataError, path: file, "line \(first.number): \(error)")
        }
        let recorder = try Recorder(
            creating: path, description: session.description, sessionID: session.sessionID,
            startTime: session.startTime, parent: session.parent, initialState: session.initialState,
            options: options)
        var report = ImportReport(eventCount: 0, commitCount: 0)
        do {
            var commit: [NavigationEvent] = []
            var commitTime = session.startTime
            var lastTime = session.startTime
            // The state after every event read so far: each is admitted against it, so that the
            // writer takes only what its reader and `evolve` take (issue 30, point 7).
            var admitted = recorder.state
            func flush() throws(NavTapeError) {
                guard !commit.isEmpty else { return }
                try recorder.append(commit, at: commitTime, resulting: admitted)
                report.commitCount += 1
                commit.removeAll(keepingCapacity: true)
            }
            while let line = try next() {
                let recorded: RecordedEvent
                do {
                    recorded = try JSONEvent.decode(parse(line))
                } catch let error as NavTapeError {
                    throw error
                } catch {
                    throw NavTapeError(.dataError, path: file, "line \(line.number): \(error)")
                }
                func fail(_ message: String) -> NavTapeError { NavTapeError(.dataError, path: file, "line \(line.number): \(message)") }
                guard recorded.index == report.eventCount else { throw fail("event index \(recorded.index), expected \(report.eventCount)") }
                guard recorded.time >= lastTime else { throw fail("time \(recorded.time) is before the previous event's \(lastTime)") }
                if recorded.startsCommit {
                    try flush()
                    commitTime = recorded.time
                } else {
                    guard !commit.isEmpty else { throw fail("the first event must start a commit (\"commit\":true)") }
                    guard recorded.time == commitTime else { throw fail("time \(recorded.time) differs from its commit's \(commitTime)") }
                }
                lastTime = recorded.time
                if let refusal = admitted.admit(recorded.event) { throw fail("event \(recorded.index) does not fit the state before it: \(refusal)") }
                commit.append(recorded.event)
                report.eventCount += 1
            }
            try flush()
            try recorder.close()
        } catch {
            recorder.abandon()
            throw error
        }
        return report
    }
}
