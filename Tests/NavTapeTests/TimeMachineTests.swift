import Foundation
import NavigationCodec
import NavigationCore
import NavigationProjections
import Testing
@testable import NavTape
import NavTapeApps
import NavTapeTestSupport

@Suite("Time travel over a log")
struct TimeMachineTests {
    @Test("state(at: N) equals a plain fold of the first N events (200k-event session, random N)")
    func seeksMatchFold() throws {
        let dir = TemporaryDirectory()
        let path = dir.path("long.navtape")
        let (events, final) = try recordGenerated(events: 200_000, seed: 42, to: path)
        #expect(events.count >= 200_000)
        let machine = try TimeMachine(path: path)
        #expect(machine.checkpointIndices.count >= 48)
        // The plain fold, remembered at sampled points.
        var rng = SplitMix64(seed: 7)
        let samples = Set((0..<60).map { _ in UInt64(rng.below(events.count + 1)) } + [0, UInt64(events.count)])
        var fold = machine.initialState
        var expected: [UInt64: NavigationState] = [0: fold]
        for (i, recorded) in events.enumerated() {
            fold.evolve(recorded.event)
            if samples.contains(UInt64(i + 1)) { expected[UInt64(i + 1)] = fold }
        }
        #expect(fold == final)
        for n in samples.sorted() {
            #expect(try machine.state(at: n) == expected[n], "state(at: \(n))")
        }
        // Time-based seeks agree with index-based ones: the state at an event's time is the state
        // after the last event sharing that time.
        for n in samples.sorted() where n > 0 {
            let time = events[Int(n) - 1].time
            let lastAtTime = events.lastIndex { $0.time <= time }.map { UInt64($0 + 1) } ?? 0
            #expect(try machine.count(atTime: time) == lastAtTime)
            #expect(try machine.state(atTime: time) == machine.state(at: lastAtTime))
        }
        #expect(try machine.state(atTime: 0) == machine.initialState)
        #expect(throws: NavTapeError.self) { try machine.state(at: UInt64(events.count) + 1) }
    }

    @Test("a fold's steps skip the copy-on-write check only inside it: copies taken between folds stay apart")
    func foldKeepsCopiesApart() throws {
        let dir = TemporaryDirectory()
        let path = dir.path("copies.navtape")
        let (events, _) = try recordGenerated(events: 12_000, seed: 12, to: path)
        let machine = try TimeMachine(path: path)
        var plain = machine.initialState
        var expected: [Int: NavigationState] = [:]
        for (i, recorded) in events.enumerated() {
            plain.evolve(recorded.event)
            if [5_000, 9_000, 12_000].contains(i + 1) { expected[i + 1] = plain }
        }
        var state = machine.initialState
        try machine.fold(from: 0, to: 5_000, into: &state)
        let first = state  // shares the store with `state`
        try machine.fold(from: 5_000, to: 9_000, into: &state)
        var second = state
        try machine.fold(from: 9_000, to: 12_000, into: &state)
        // A copy changed on its own after the folds writes to its own buffers, not to `state`'s.
        second.evolve(contentsOf: events[9_000..<10_000].map(\.event))
        #expect(first == expected[5_000])
        #expect(state == expected[12_000])
        var tenThousand = expected[9_000]
        tenThousand?.evolve(contentsOf: events[9_000..<10_000].map(\.event))
        #expect(second == tenThousand)

        // A copy taken inside a fold (which a fold's body must not keep) carries the skip; a later
        // fold of it still makes its store its own on entry, so the original is left alone.
        var traced = machine.initialState
        var kept: NavigationState?
        try machine.fold(from: 0, to: 5_000, into: &traced) { index, _, state in
            if index == 4_999 { kept = state }
        }
        var leaked = try #require(kept)
        try machine.fold(from: 5_000, to: 9_000, into: &leaked)
        #expect(traced == expected[5_000])
        #expect(leaked == expected[9_000])
    }

    @Test("the checkpoint interval (1, 64, 4096) never changes an answer", arguments: [1, 64])
    func checkpointIntervals(interval: Int) throws {
        let dir = TemporaryDirectory()
        let reference = dir.path("ref.navtape"), other = dir.path("other.navtape")
        let (events, _) = try recordGenerated(events: 6_000, seed: 9, to: reference, checkpointInterval: 4_096)
        try recordGenerated(events: 6_000, seed: 9, to: other, checkpointInterval: interval)
        let a = try TimeMachine(path: reference), b = try TimeMachine(path: other)
        #expect(b.checkpointIndices.count > a.checkpointIndices.count)
        #expect(try b.events(from: 0, to: b.eventCount) == events)
        var rng = SplitMix64(seed: UInt64(interval))
        for _ in 0..<40 {
            let n = UInt64(rng.below(events.count + 1))
            #expect(try a.state(at: n) == b.state(at: n), "state(at: \(n)) with interval \(interval)")
        }
    }

    @Test("one numbering: state(afterEvent: i) includes the event whose index is i (README, Event numbers)")
    func afterEvent() throws {
        let dir = TemporaryDirectory()
        let path = dir.path("n.navtape")
        var generator = SessionGenerator(seed: 5, device: .iPhonePlus, policy: .noDelegate)
        let recorder = try Recorder(creating: path, setup: generator.setup, sessionID: "n", startTime: 1_700_000_000_000)
        for _ in 0..<200 {
            let (time, command) = generator.next(in: recorder.state)
            try recorder.send(command, at: time)
        }
        try recorder.close()
        let machine = try TimeMachine(path: path)
        var folded = machine.initialState
        for recorded in try machine.events(from: 0, to: Swift.min(300, machine.eventCount)) {
            folded.evolve(recorded.event)
            #expect(try machine.state(afterEvent: recorded.index) == folded, "@\(recorded.index)")
        }
    }

    @Test("the live Recorder state equals a replay of its own log after close and reopen")
    func recorderReopen() throws {
        let dir = TemporaryDirectory()
        let path = dir.path("live.navtape")
        var generator = SessionGenerator(seed: 3, device: .iPad, policy: .noDelegate)
        var recorder: Recorder? = try Recorder(creating: path, setup: generator.setup, sessionID: "s", startTime: 1_700_000_000_000)
        for _ in 0..<3_000 {
            guard let live = recorder else { break }
            let (time, command) = generator.next(in: live.state)
            try live.send(command, at: time)
        }
        let live = try #require(recorder)
        let liveState = live.state
        try live.close()
        recorder = nil
        let machine = try TimeMachine(path: path)
        #expect(try machine.last() == liveState)
        // Reopen for append: the resumed recorder starts from the same state and continues.
        let resumed = try Recorder(resuming: path)
        #expect(resumed.state == liveState)
        let (time, command) = generator.next(in: resumed.state)
        try resumed.send(command, at: time)
        let after = resumed.state
        try resumed.close()
        #expect(try TimeMachine(path: path).last() == after)
    }

    @Test("live subscribers receive every recorded event with the state after it")
    func liveUpdates() async throws {
        let dir = TemporaryDirectory()
        let path = dir.path("live.navtape")
        var generator = SessionGenerator(seed: 21, device: .iPhonePlus)
        let recorder = try Recorder(creating: path, setup: generator.setup, sessionID: "live", startTime: 1_700_000_000_000)
        let stream = recorder.updates()
        var sent: [NavigationEvent] = []
        for _ in 0..<200 {
            let (time, command) = generator.next(in: recorder.state)
            sent += try recorder.send(command, at: time)
        }
        let final = recorder.state
        #expect(recorder.recentEvents.map(\.event) == Array(sent.suffix(64)))
        try recorder.close()
        var received: [NavigationEvent] = []
        var last: NavigationState?
        for await (recorded, state) in stream {
            received.append(recorded.event)
            last = state
        }
        #expect(received == sent)
        #expect(last == final)
    }

    @Test("a log whose stored hash was tampered with fails verification at that checkpoint")
    func tamperedHash() throws {
        let dir = TemporaryDirectory()
        let path = dir.path("v.navtape"), forged = dir.path("forged.navtape")
        try recordGenerated(events: 20_000, seed: 11, to: path, checkpointInterval: 1_000)
        let machine = try TimeMachine(path: path)
        let report = try machine.verify()
        #expect(report.isDeterministic)
        #expect(report.checkpointsChecked == machine.checkpointIndices.count)
        // Rewrite the log with one checkpoint's hash changed (a valid CRC: only the hash lies).
        let target = machine.checkpointIndices[7]
        try rewrite(machine, into: forged) { index, state in
            index == target ? StateCodec.hash(state) ^ 1 : nil
        }
        let forgedReport = try TimeMachine(path: forged).verify()
        #expect(forgedReport.firstDivergence?.index == target)
        #expect(forgedReport.firstDivergence?.storedHash == forgedReport.firstDivergence.map { $0.replayedHash ^ 1 })
    }

    /// Copies `machine`'s events into a new log with checkpoints at the same indices, letting
    /// `forgeHash` replace the hash stored at some of them.
    func rewrite(_ machine: TimeMachine, into path: String, forgeHash: (UInt64, NavigationState) -> UInt64?) throws {
        let recorder = try Recorder(
            creating: path, description: machine.sessionDescription, sessionID: "forged",
            startTime: machine.startTime, options: RecorderOptions(checkpointInterval: Int.max))
        let checkpoints = Set(machine.checkpointIndices)
        var state = machine.initialState
        var commit: [NavigationEvent] = []
        var commitTime: Int64 = 0
        func flush() throws {
            guard !commit.isEmpty else { return }
            for event in commit { state.evolve(event) }
            try recorder.append(commit, at: commitTime, resulting: state)
            commit.removeAll()
            let index = recorder.eventCount
            if checkpoints.contains(index) {
                try recorder.writeCheckpoint(state, hash: forgeHash(index, state))
            }
        }
        try machine.forEachEvent { recorded in
            if recorded.startsCommit { try flush() }
            commit.append(recorded.event)
            commitTime = recorded.time
            return true
        }
        try flush()
        try recorder.close()
    }
}

@Suite("blame's report over a log")
struct BlameReportTests {
    /// The report renders only the changes it keeps, from a second short fold or a seek; its
    /// summaries must be those of a projection that renders every change as it happens.
    @Test("the report's summaries equal those rendered during the fold, whether it folds or seeks to them")
    func summariesMatchEagerRendering() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path("blame.navtape")
        _ = try recordGenerated(events: 30_000, seed: 5, to: path, checkpointInterval: 1_024)
        let machine = try TimeMachine(path: path)
        let count = machine.eventCount
        let final = try machine.state(at: count)
        var parts = ["secondary", "primary", "displayMode", "collapsed", "traits", "presented"]
        if let navigation = final.primary, final.kind(of: navigation) == .navigation { parts.append("\(navigation)") }
        for what in parts {
            let part = try StatePart(naming: what, in: final, log: path)
            for limit in [3, 1_000] {
                var eager = Blame(part, keepingLast: limit)
                try machine.run(&eager, from: 0, to: count)
                let report = try BlameReport(what, in: machine, at: count, limit: limit)
                let expected = eager.history
                #expect(report.history.map(\.index) == expected.map(\.index), "\(what), limit \(limit)")
                #expect(report.history.map(\.before) == expected.map(\.beforeSummary), "\(what), limit \(limit)")
                #expect(report.history.map(\.after) == expected.map(\.afterSummary), "\(what), limit \(limit)")
                #expect(report.setBy?.after == expected.last?.afterSummary, "\(what), limit \(limit)")
                #expect(report.changes == eager.changeCount)
                // The events and times, read from the log after the pass, are the fold's.
                #expect(report.history.map(\.time) == expected.map(\.time), "\(what), limit \(limit)")
                #expect(report.history.map(\.event) == expected.map(\.event.kind.name), "\(what), limit \(limit)")
                #expect(report.history.map(\.text) == expected.map { EventText.describe($0.event, in: final) }, "\(what), limit \(limit)")
                // Rendered again with every distance: each change on its own, in runs, all in one replay.
                let bare = expected.map { change in
                    var change = change
                    change.beforeSummary = ""
                    change.afterSummary = ""
                    change.event = BlameReport.unread
                    change.time = 0
                    return change
                }
                // Traced from a later point: the same changes, events and times as a projection run from there.
                let start = count / 3
                var later = Blame(part, keepingLast: limit)
                try machine.run(&later, from: start, to: count)
                var observed: [UInt64] = []
                let fromLater = try BlameReport(what, in: machine, at: count, from: start, limit: limit) { observed.append($0) }
                // Progress comes every 1,024 events, never falling, and last with every event traced.
                #expect(observed.last == count - start && observed == observed.sorted(), "\(what) from \(start)")
                #expect(observed.count == Int((count - start) / 1_024) + 1, "\(what) from \(start)")
                #expect(fromLater.history.map(\.index) == later.history.map(\.index), "\(what) from \(start)")
                #expect(fromLater.history.map(\.time) == later.history.map(\.time), "\(what) from \(start)")
                #expect(fromLater.history.map(\.event) == later.history.map(\.event.kind.name), "\(what) from \(start)")
                #expect(fromLater.changes == later.changeCount, "\(what) from \(start)")
                for distance: UInt64 in [0, 16, 1 << 40] {
                    #expect(try BlameReport.summarized(bare, in: machine, joiningWithin: distance) == expected, "\(what), distance \(distance)")
                }
            }
        }
    }
}
