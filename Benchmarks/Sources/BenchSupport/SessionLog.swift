import EventLog
import Foundation
import NavTape
import NavTapeApps
import NavTapeTestSupport
import NavigationCodec
import NavigationCore

/// A generated session recorded as a real log (through ``Recorder``: decide, encode, group commit,
/// a checkpoint every 4,096 events), cached on disk by seed, event count and format versions.
public enum SessionLog {
    /// Bump when the generation itself changes (generator use, recorder options).
    static let cacheVersion = 1

    /// The cache key: the walk (an app model or the fuzzing walk), seed, count and every version the
    /// bytes depend on. The fuzzing walk keeps its earlier key, so earlier figures' files are reused.
    public static func key(seed: UInt64, count: Int) -> String {
        let walk = BenchConfig.app.map { "-\($0.name)" } ?? ""
        return "session\(walk)-s\(seed)-n\(count)-log\(LogHeader.currentFormatVersion)-state\(StateCodec.formatVersion)-c\(cacheVersion)"
    }

    /// The path of the cached log of `count` events (at least; a commit is never split) from `seed`,
    /// generating it first if it is missing.
    public static func path(seed: UInt64 = BenchConfig.seed, count: Int) throws -> String {
        let path = BenchConfig.cacheDirectory + "/" + key(seed: seed, count: count) + ".navtape"
        if FileManager.default.fileExists(atPath: path) { return path }
        try generate(at: path, seed: seed, count: count)
        return path
    }

    /// Records a session of at least `count` events at `path`, atomically (temporary name, then rename).
    static func generate(at path: String, seed: UInt64, count: Int) throws {
        let started = Date()
        let partial = path + ".partial-\(getpid())"
        for leftover in [partial, partial + ".idx", partial + ".tmp"] { try? FileManager.default.removeItem(atPath: leftover) }
        let options = RecorderOptions(recentCapacity: 0)
        let recorder: Recorder
        if let model = BenchConfig.app {
            var session = AppSession(model: model, seed: seed, device: .iPhonePlus)
            recorder = try Recorder(
                creating: partial, setup: session.setup, sessionID: "bench-\(model.name)-\(seed)", startTime: 1_700_000_000_000, options: options)
            try recorder.record(&session, events: UInt64(count))
        } else {
            var generator = SessionGenerator(seed: seed)
            recorder = try Recorder(
                creating: partial, setup: generator.setup, sessionID: "bench-seed-\(seed)", startTime: 1_700_000_000_000, options: options)
            try recorder.record(&generator, events: UInt64(count))
        }
        try recorder.close()
        if FileManager.default.fileExists(atPath: partial + ".idx") {
            try? FileManager.default.removeItem(atPath: path + ".idx")
            try FileManager.default.moveItem(atPath: partial + ".idx", toPath: path + ".idx")
        }
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        let seconds = Date().timeIntervalSince(started)
        FileHandle.standardError.write(Data("navtape-bench: generated \(recorder.eventCount) events in \(String(format: "%.1f", seconds)) s: \(path)\n".utf8))
    }
}

/// One generated session in memory: the decoded events (for `evolve`), their records (for decode and
/// append), their times and commit flags, read back from the cached log.
public final class SessionData: @unchecked Sendable {
    /// The cached log holding the session.
    public let path: String
    /// The state before the first event.
    public let initialState: NavigationState
    /// The events, decoded.
    public let events: [NavigationEvent]
    /// The records' bytes, concatenated.
    public let recordBytes: [UInt8]
    /// `recordEnds[i]` is the end offset of record `i` in ``recordBytes``.
    public let recordEnds: [Int]
    /// The event times (milliseconds).
    public let times: [Int64]
    /// Whether each event starts a commit.
    public let commits: [Bool]

    /// The number of events.
    public var count: Int { events.count }

    /// The start offset of record `i`.
    @inlinable public func recordStart(_ i: Int) -> Int { i == 0 ? 0 : recordEnds[i - 1] }

    nonisolated(unsafe) private static var loaded: [String: SessionData] = [:]

    /// The session of `count` events from `seed` (generated and cached on first use), loaded once per process.
    public static func load(seed: UInt64 = BenchConfig.seed, count: Int = BenchConfig.eventCount) throws -> SessionData {
        let path = try SessionLog.path(seed: seed, count: count)
        if let data = loaded[path] { return data }
        let data = try SessionData(path: path)
        loaded[path] = data
        return data
    }

    init(path: String) throws {
        self.path = path
        let machine = try TimeMachine(path: path)
        initialState = machine.initialState
        let reader = try EventLogReader(path: path)
        var events: [NavigationEvent] = []
        var bytes: [UInt8] = []
        var ends: [Int] = []
        var times: [Int64] = []
        var commits: [Bool] = []
        let n = Int(reader.recordCount)
        events.reserveCapacity(n)
        ends.reserveCapacity(n)
        times.reserveCapacity(n)
        commits.reserveCapacity(n)
        bytes.reserveCapacity(n * 4)
        try reader.forEachRecord { _, time, record in
            let (event, startsCommit) = try EventCodec.decode(record)
            events.append(event)
            commits.append(startsCommit)
            times.append(time)
            bytes.append(contentsOf: record)
            ends.append(bytes.count)
            return true
        }
        self.events = events
        self.recordBytes = bytes
        self.recordEnds = ends
        self.times = times
        self.commits = commits
    }

    /// Calls `body` with the bytes of records `range`, one by one. Inlinable, so that the loop and
    /// `body` compile into the benchmark's own function, as the C fold's loop does: called across
    /// the module boundary it cost 46 instructions per record (a closure call and checked slicing).
    @inlinable
    public func forEachRecord(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> Void) rethrows {
        try recordBytes.withUnsafeBytes { all in
            try recordEnds.withUnsafeBufferPointer { ends in
                guard let base = all.baseAddress else { return }
                var start = recordStart(range.lowerBound)
                for i in range {
                    let end = ends[i]
                    try body(UnsafeRawBufferPointer(start: base + start, count: end &- start))
                    start = end
                }
            }
        }
    }

    /// The state after the first `count` events.
    public func state(after count: Int) -> NavigationState {
        var state = initialState
        for i in 0..<count { state.evolve(events[i]) }
        return state
    }
}

/// Steady-state windows for allocation counts: the first half of a session brings the state to its
/// working size (controller pools full, stacks at their usual depth); the second half is cut into
/// one window per iteration (warm-up included), folded one after the other into the same, uniquely
/// referenced state. An iteration's malloc count is then what its window's events allocate, without
/// copy-on-write of a shared starting state.
public struct SteadyWindows: Sendable {
    /// The index of the first event of the first window.
    public let start: Int
    /// The events per window.
    public let size: Int
    /// The number of windows (warm-up plus measured iterations).
    public let count: Int

    /// Windows over the second half of `eventCount` events for `iterations` iterations in all.
    public init(eventCount: Int, iterations: Int) {
        start = eventCount / 2
        count = iterations
        size = Swift.max(1, (eventCount - start) / iterations)
    }

    /// The range of window `i` (windows past the last one repeat the last, so a miscounted run
    /// measures something rather than trapping).
    public func range(_ i: Int) -> Range<Int> {
        let k = Swift.min(i, count - 1)
        return (start + k * size)..<(start + (k + 1) * size)
    }
}

/// A seedable generator for benchmark inputs (the same sequence on every machine).
public struct BenchRandom: Sendable {
    var state: UInt64
    /// A generator seeded with `seed`.
    public init(seed: UInt64) { state = seed }
    /// The next 64 random bits (SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A value in `0 ..< n`.
    public mutating func below(_ n: UInt64) -> UInt64 { next() % Swift.max(n, 1) }
}
