import Foundation
import NavTape
import NavTapeTestSupport
import NavigationCore
import NavigationProjections
import Testing
@testable import NavTapeScript

/// The four real apps' delegates, each written twice — as a Swift `SplitViewDelegate`
/// (RealAppDelegates.swift) and as the script policy of its sessions (Tests/Scenarios/Apps) — give the
/// hierarchy the app's code makes UIKit give at every step, with no bug report on the app's correct
/// flows; a deliberately broken variant of each is reported.
@Suite("Real apps' split view delegates")
struct RealAppDelegateTests {
    struct Session: CustomTestStringConvertible, Sendable {
        var script: String
        var delegate: @Sendable () -> any SplitViewDelegate
        /// The bug a broken variant must raise, or `nil` for a correct flow.
        var bug: String?
        var testDescription: String { script }
    }

    static let sessions = [
        Session(script: "adaptive-photos-ipad", delegate: { AdaptivePhotosDelegate() }),
        Session(script: "adaptive-photos-plus", delegate: { AdaptivePhotosDelegate() }),
        Session(script: "adaptive-photos-broken", delegate: { AdaptivePhotosDelegate(brokenSeparate: true) }, bug: "BUG-2"),
        Session(script: "wordpress-ipad", delegate: { WordPressDelegate() }),
        Session(script: "wordpress-plus", delegate: { WordPressDelegate() }),
        Session(script: "wordpress-broken", delegate: { WordPressDelegate(withoutSeparate: true) }, bug: "BUG-1"),
        Session(script: "netnewswire5-ipad", delegate: { NetNewsWire5Delegate() }),
        Session(script: "netnewswire5-plus", delegate: { NetNewsWire5Delegate() }),
        Session(script: "netnewswire5-broken", delegate: { NetNewsWire5Delegate(withoutPop: true) }, bug: "BUG-1"),
        Session(script: "netnewswire6-ipad", delegate: { NetNewsWire6Delegate() }),
        Session(script: "netnewswire6-plus", delegate: { NetNewsWire6Delegate() }),
        Session(script: "netnewswire6-broken", delegate: { DefaultDelegate() }, bug: "BUG-5"),
    ]

    /// No method implemented: UIKit's default for everything (the NetNewsWire 6 broken variant).
    struct DefaultDelegate: SplitViewDelegate {}

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios/Apps")

    /// Runs `script` (recording to a log in `directory`) under its own policy or under `delegate`.
    static func run(
        _ script: Script, delegate: (any SplitViewDelegate)?, in directory: TemporaryDirectory,
        name: String
    ) throws -> (run: ScriptRun, tape: TimeMachine) {
        let path = directory.path(name)
        let run = try ScriptRunner.run(script, recordingTo: path, delegate: delegate)
        return (run, try TimeMachine(path: path))
    }

    @Test(
        "the Swift delegate and the script policy give the same hierarchy at every step; the bug report is as expected",
        arguments: sessions)
    func session(_ session: Session) throws { try Self.checkSession(session) }

    @Test(
        "a what-if re-decides a Swift-delegate session under its script policy, and the reverse, to the same state",
        arguments: sessions.filter { $0.bug == nil })
    func whatIf(_ session: Session) throws { try Self.checkWhatIf(session) }

    /// Runs `session`'s script under its policy and under its Swift delegate: every expectation holds
    /// under both, the hierarchies agree at every step, and the bug report is the expected one.
    static func checkSession(_ session: Session) throws {
        let url = Self.directory.appendingPathComponent(session.script + ".navscript")
        let script = try ScriptParser.parse(String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
        let directory = TemporaryDirectory()
        let data = try Self.run(script, delegate: nil, in: directory, name: "data.navtape")
        let swift = try Self.run(script, delegate: session.delegate(), in: directory, name: "swift.navtape")
        // Every expectation of the session (its hierarchies, visible controllers, bug checks) holds
        // under both delegates.
        #expect(data.run.failures.isEmpty, "\(data.run.failures)")
        #expect(swift.run.failures.isEmpty, "\(swift.run.failures)")
        #expect(data.run.steps.count == swift.run.steps.count)
        for (a, b) in zip(data.run.steps, swift.run.steps) {
            let left = try data.tape.state(at: a.endIndex), right = try swift.tape.state(at: b.endIndex)
            #expect(left.hierarchyDescription == right.hierarchyDescription, "line \(a.line)")
            #expect(left.visibleContent.map(left.name(of:)) == right.visibleContent.map(right.name(of:)), "line \(a.line)")
        }
        // The log's header names the Swift delegate; a replay needs nothing but the events.
        #expect(swift.tape.sessionDescription.policy.isSwiftDelegate)
        for tape in [data.tape, swift.tape] {
            var report = ViolationReport()
            try tape.run(&report)
            let rules = Set(report.bugs.map(\.violation.rule.description) + report.episodes.map(\.rule.description))
            if let bug = session.bug {
                #expect(rules.contains(bug), "\(tape.path): \(report.bugs) \(report.episodes)")
            } else {
                #expect(rules.isEmpty, "\(tape.path): \(report.bugs) \(report.episodes)")
            }
        }
    }

    /// Re-decides `session` under its script policy and back under its Swift delegate: the same
    /// final hierarchy each way.
    static func checkWhatIf(_ session: Session) throws {
        let url = Self.directory.appendingPathComponent(session.script + ".navscript")
        let script = try ScriptParser.parse(String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
        let directory = TemporaryDirectory()
        let swift = try Self.run(script, delegate: session.delegate(), in: directory, name: "swift.navtape")
        let final = try swift.tape.state(at: swift.tape.eventCount).hierarchyDescription
        // Without the Swift code, the session cannot be re-decided: it says so.
        #expect(throws: NavTapeError.self) { try WhatIf.fork(swift.tape, at: 0, into: directory.path("none.navtape"), sessionID: "x") }
        _ = try WhatIf.fork(swift.tape, at: 0, into: directory.path("policy.navtape"), policy: script.setup.policy, sessionID: "p")
        let asPolicy = try TimeMachine(path: directory.path("policy.navtape"))
        #expect(try asPolicy.state(at: asPolicy.eventCount).hierarchyDescription == final)
        _ = try WhatIf.fork(asPolicy, at: 0, into: directory.path("back.navtape"), delegate: session.delegate(), sessionID: "s")
        let back = try TimeMachine(path: directory.path("back.navtape"))
        #expect(try back.state(at: back.eventCount).hierarchyDescription == final)
    }
}
