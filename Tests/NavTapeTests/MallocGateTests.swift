import CMallocCount
import EventLog
import Foundation
import NavTape
import NavTapeApps
import NavTapeTestSupport
import NavigationCodec
import NavigationCore
import Testing

/// The CI's allocation gate, in the release test run: the allocations one steady-state window of a
/// generated session makes on each hot path (the most over ten windows of its second half), against
/// the counts recorded in `MallocGate.json`. A count above its record fails; one below says so, to
/// be recorded (`NAVTAPE_RECORD_MALLOCS=1`). Counted by `CMallocCount`, which interposes the
/// allocator on Linux; the counts are a release build's (a debug build allocates more and is not
/// gated). The same paths as the benchmarks' malloc suites (Benchmarks/), without their package.
/// `append` depends on the disk: whether a background sync has finished decides when the blocks
/// framed meanwhile are written, so its record is the most seen on any machine (7 in CI, 6 here).
@Suite("Allocations on the hot paths (release: the CI gate)")
struct MallocGateTests {
    static var gated: Bool {
        #if DEBUG
        return false
        #else
        return navtape_mallocs_available() == 1
        #endif
    }

    static let record = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("MallocGate.json")

    /// The allocations `body` makes on this thread.
    static func mallocs(_ body: () throws -> Void) rethrows -> Int {
        navtape_mallocs_start()
        defer { _ = navtape_mallocs_stop() }
        try body()
        return navtape_mallocs_stop()
    }

    /// Each path's most allocations in one window.
    static func measure(in directory: TemporaryDirectory) throws -> [String: Int] {
        let path = directory.path("gate.navtape")
        let (recorded, _) = try recordGenerated(events: 20_000, seed: 7, to: path)
        let events = recorded.map(\.event)
        let machine = try TimeMachine(path: path)
        let reader = try EventLogReader(path: path)
        let count = Int(machine.eventCount)
        let start = count / 2, size = (count - start) / 11
        let windows = (1...10).map { k in (start + k * size)..<(start + (k + 1) * size) }
        var most: [String: Int] = [:]
        func note(_ name: String, _ value: Int) { most[name] = Swift.max(most[name] ?? 0, value) }

        var state = try machine.state(at: UInt64(windows[0].lowerBound))
        for window in windows {
            note("evolve", mallocs { state.evolve(contentsOf: events, range: window) })
        }
        var sum = 0
        var decoder = EventDecoder()
        for window in windows {
            note(
                "decode",
                try mallocs {
                    try reader.forEachRecord(from: UInt64(window.lowerBound), to: UInt64(window.upperBound)) { _, _, record in
                        sum &+= Int(try decoder.decode(record).event.kind.rawValue)
                        return true
                    }
                })
        }
        state = try machine.state(at: UInt64(windows[0].lowerBound))
        for window in windows {
            note(
                "decodeAndEvolve",
                try mallocs {
                    try reader.forEachRecord(from: UInt64(window.lowerBound), to: UInt64(window.upperBound)) { _, _, record in
                        _ = try EventCodec.decodeAndEvolve(record, into: &state)
                        return true
                    }
                })
        }
        state = try machine.state(at: UInt64(windows[0].lowerBound))
        for window in windows {
            note("replay", try mallocs { try machine.fold(from: UInt64(window.lowerBound), to: UInt64(window.upperBound), into: &state) })
        }
        var points = SplitMix64(seed: 11)
        for _ in windows {
            let point = UInt64.random(in: 0...UInt64(count), using: &points)
            note("seek", try mallocs { _ = try machine.state(at: point) })
        }
        let records = events.map { event -> [UInt8] in
            var bytes: [UInt8] = []
            EventCodec.encode(event, startsCommit: false, into: &bytes)
            return bytes
        }
        let writer = try EventLogWriter.create(
            at: directory.path("append.navtape"), header: LogHeader(sessionID: "gate", device: "gate", startTimeMilliseconds: 0))
        for (i, record) in records[..<start].enumerated() { try writer.append(timestamp: Int64(i), record: record) }
        for window in windows {
            note(
                "append",
                try mallocs {
                    for i in window { try writer.append(timestamp: Int64(i), record: records[i]) }
                })
        }
        try writer.close()
        #expect(sum != 0)
        return most
    }

    @Test("each hot path allocates no more per window than recorded", .enabled(if: gated))
    func gate() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let measured = try Self.measure(in: directory)
        if ProcessInfo.processInfo.environment["NAVTAPE_RECORD_MALLOCS"] == "1" {
            let data = try JSONSerialization.data(withJSONObject: measured, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: Self.record)
        }
        let recorded = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: Self.record)) as? [String: Int])
        #expect(Set(recorded.keys) == Set(measured.keys))
        for (path, count) in measured.sorted(by: { $0.key < $1.key }) {
            let limit = recorded[path] ?? 0
            #expect(count <= limit, "\(path): \(count) allocations per window, more than the \(limit) recorded in MallocGate.json")
            if count < limit {
                print("malloc gate: \(path) allocates \(count) per window, fewer than the \(limit) recorded: record it (NAVTAPE_RECORD_MALLOCS=1)")
            }
        }
    }
}
