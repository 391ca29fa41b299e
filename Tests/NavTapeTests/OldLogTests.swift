import Foundation
import NavTape
import NavigationCore
import NavTapeTestSupport
import NavigationCodec
import Testing

/// Logs written by the build before the policy language (session description and state version 2:
/// the delegate as constant answers; a delegate's fresh controller reused): they must read and
/// replay identically, and a what-if must re-decide them under the same answers, now rules.
@Suite("Logs from earlier builds")
struct OldLogTests {
    struct Golden: CustomTestStringConvertible, Sendable {
        var file: String
        var events: UInt64
        var hierarchy: String
        var testDescription: String { file }
    }

    /// What the earlier build printed for each (`navtape state`, `navtape verify`).
    static let goldens = [
        Golden(file: "demo.navtape", events: 41, hierarchy: "MN[M] | NoSelectionNC[NoSelection]"),
        Golden(file: "demo-ipad.navtape", events: 36, hierarchy: "MN[M] | PasteNC2[PasteDetail]"),
        Golden(file: "demo-stale.navtape", events: 24, hierarchy: "MN[M] | PasteNC1[PasteDetail]"),
        Golden(
            file: "merge-stacks.navtape", events: 5001,
            hierarchy: "MN[M, Shift, PasteNC1[], PasteNC2[Note, Note], PasteNC0[Calendar], PasteNC6[Shift], PasteNC7[Shift]]"),
        Golden(file: "columns.navtape", events: 25, hierarchy: "PNav[P] | YNav[Y]"),
        Golden(file: "legacy.navtape", events: 16, hierarchy: "MN[M] | DN[D]"),
    ]

    static func path(_ file: String) throws -> String {
        try #require(Bundle.module.url(forResource: "Golden/" + file, withExtension: nil)).path
    }

    @Test("reads, replays to the recorded state, and every checkpoint hash agrees", arguments: goldens)
    func replays(golden: Golden) throws {
        let tape = try TimeMachine(path: Self.path(golden.file))
        #expect(tape.eventCount == golden.events)
        #expect(try tape.state(at: tape.eventCount).hierarchyDescription == golden.hierarchy)
        let report = try tape.verify()
        #expect(report.isDeterministic && report.checkpointsChecked >= 1, "\(report)")
        // The header's policy (version 2 answers) is the same policy in today's language.
        let policy = tape.sessionDescription.policy
        #expect(try SplitPolicy(parsing: policy.text) == policy)
        #expect(try SessionDescription(decoding: tape.sessionDescription.encode()) == tape.sessionDescription)
    }

    @Test("the replay loop (record batches, fused decode) equals the reference decoder's replay after every event", arguments: goldens)
    func batchedFoldMatchesReference(golden: Golden) throws {
        let tape = try TimeMachine(path: Self.path(golden.file))
        var reference = tape.initialState
        var states = [reference]
        try tape.forEachEvent { recorded in
            reference.evolve(recorded.event)
            states.append(reference)
            return true
        }
        #expect(states.count == Int(tape.eventCount) + 1)
        // From the start to every index, and from every checkpoint (seeks) to the end.
        var mismatches: [UInt64] = []
        for end in 0...tape.eventCount {
            var folded = tape.initialState
            try tape.fold(from: 0, to: end, into: &folded)
            if folded != states[Int(end)] { mismatches.append(end) }
            if golden.events > 100, end > 40 { break }
        }
        for end in stride(from: 0, through: tape.eventCount, by: max(1, Int(tape.eventCount) / 97)) {
            if try tape.state(at: end) != states[Int(end)] { mismatches.append(end) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("a what-if from the start under the log's own delegate reaches the same state", arguments: goldens)
    func redecides(golden: Golden) throws {
        let directory = TemporaryDirectory()
        let tape = try TimeMachine(path: Self.path(golden.file))
        let branch = directory.path("branch.navtape")
        _ = try WhatIf.fork(tape, at: 0, into: branch, sessionID: "branch")
        let replayed = try TimeMachine(path: branch)
        #expect(try replayed.state(at: replayed.eventCount).hierarchyDescription == golden.hierarchy)
    }
}
