import NavTape
import NavigationCodec
import NavigationCore

/// Export and import of a log as JSON lines (`docs/JSON.md`): a session line, then one line per
/// event. Export → import → export gives the same text byte for byte.
public enum JSONLines {
    /// The longest line import reads (the session line holds the whole initial state).
    public static let maximumLineLength = 8 << 20

    /// Calls `write` with the export of `machine` as UTF-8, in pieces of whole lines (each ending
    /// in a newline, about 64 KiB at a time): the session line first, then one line per event, and
    /// before the first event after a gap a repair left, a `gap` line with the state the log resumes
    /// from. `write` is also told how many events the text so far holds.
    /// - Complexity: O(events); one event decoded at a time, nothing built per event.
    public static func export(_ machine: TimeMachine, _ write: (_ text: [UInt8], _ events: UInt64) throws -> Void) throws {
        var text: [UInt8] = []
        text.reserveCapacity(Self.pieceBytes + 4096)
        try JSONSession(machine).json.write(into: &text)
        text.append(UInt8(ascii: "\n"))
        // The few gaps' lines, made before the pass (each reads its own checkpoint).
        var gapLines: [UInt64: JSONValue] = [:]
        for gap in machine.gaps {
            let state = try machine.state(at: gap.upperBound)
            let time = try machine.time(ofEvent: gap.upperBound - 1) ?? machine.startTime
            gapLines[gap.upperBound] = .object([
                "type": .string("gap"), "from": .int(Int64(gap.lowerBound)), "to": .int(Int64(gap.upperBound)),
                "time": .int(time), "state": .string(StateCodec.encode(state).map(JSONSession.hex).joined()),
            ])
        }
        var writer = JSONEventWriter()
        var events: UInt64 = 0
        var failure: Error?
        try machine.forEachEvent { recorded in
            if let gap = gapLines[recorded.index] {
                gap.write(into: &text)
                text.append(UInt8(ascii: "\n"))
            }
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

    /// A `gap` line: `{"type":"gap","from":L,"to":U,"time":T,"state":"HEX"}`, checked against the
    /// events read so far (`next`: the index the next event takes; `lastTime`: the last one's time).
    static func gap(
        _ value: JSONValue, file: String, line: Int, next: UInt64, lastTime: Int64
    ) throws(NavTapeError) -> (to: UInt64, time: Int64, state: NavigationState) {
        func fail(_ message: String) -> NavTapeError { NavTapeError(.dataError, path: file, "line \(line): \(message)") }
        do {
            let json = try JSONReader(value, "gap")
            let from = try json.int("from"), to = try json.int("to"), time = try json.int("time")
            guard from >= 0, UInt64(from) == next else { throw fail("a gap from event \(from), expected \(next)") }
            guard to > from else { throw fail("a gap must end past its start (\(from)..<\(to))") }
            guard time >= lastTime else { throw fail("time \(time) is before the previous event's \(lastTime)") }
            guard let bytes = JSONSession.bytes(hex: try json.string("state")) else { throw json.fail("state", "hexadecimal bytes") }
            let state: NavigationState
            do {
                state = try StateCodec.decode(bytes)
            } catch {
                throw fail("gap.state: \(error)")
            }
            if let problem = state.holdingProblem() { throw fail("gap.state: \(problem)") }
            return (UInt64(to), time, state)
        } catch let error as NavTapeError {
            throw error
        } catch {
            throw fail("\(error)")
        }
    }

    /// What an import wrote.
    public struct ImportReport: Hashable, Sendable {
        /// The number of events written (those a gap line passes over are not).
        public var eventCount: UInt64
        /// The number of commits (command outcomes) written.
        public var commitCount: Int
    }

    /// Writes the log described by `text` (an export) to a new log at `path`.
    ///
    /// Every line is checked: the session line first, then events with consecutive indices from
    /// 0, the first event starting a commit, every event of a commit at its first event's time,
    /// times never going backwards. Events are written as they are (not re-decided). A `gap` line
    /// (an export of a repaired log) resumes the log past the events its repair lost, from the
    /// state it gives, as the repair did.
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
        var nextIndex: UInt64 = 0
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
                let value = try parse(line)
                if case .object(let members) = value, members["type"] == .string("gap") {
                    try flush()
                    let gap = try Self.gap(value, file: file, line: line.number, next: nextIndex, lastTime: lastTime)
                    try recorder.resume(at: gap.to, state: gap.state, time: gap.time)
                    admitted = gap.state
                    nextIndex = gap.to
                    lastTime = gap.time
                    continue
                }
                let recorded: RecordedEvent
                do {
                    recorded = try JSONEvent.decode(value)
                } catch {
                    throw NavTapeError(.dataError, path: file, "line \(line.number): \(error)")
                }
                func fail(_ message: String) -> NavTapeError { NavTapeError(.dataError, path: file, "line \(line.number): \(message)") }
                guard recorded.index == nextIndex else { throw fail("event index \(recorded.index), expected \(nextIndex)") }
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
                nextIndex += 1
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
