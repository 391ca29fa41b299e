// swift-format-ignore-file
// (docs/Delegates.md quotes this code as it is laid out here.)
import Foundation
import NavTape
import NavTapeTestSupport
import NavigationCore
import Testing

/// docs/Delegates.md's "Recording with it", verbatim but for the file's directory: the WordPress
/// port records a session whose collapse merges the modified detail and whose separate un-merges it.
@Suite("docs/Delegates.md")
struct DelegatesGuideTests {
    @Test("recording with a Swift delegate: the log names it, replay needs nothing, a what-if needs it again")
    func recordingWithIt() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("wordpress.navtape")

        let setup = SessionSetup(device: .iPad, orientation: .landscape, policy: .noDelegate,
                                 primary: "BlogListNav@WPBlogListNavigationID[BlogList, BlogDetails]",
                                 secondary: "WPDetailNC@WPSplitViewDetailNavigationControllerRestorationID[Stats]")
        let recorder = try Recorder(creating: path, setup: setup, delegate: WordPressDelegate(),
                                    sessionID: "wordpress", startTime: 0)
        try recorder.send(.launch(Device.iPad.traits(.landscape)), at: 0)
        let blogDetails = try #require(recorder.state.controller(named: "BlogDetails"))
        try recorder.send(.setFlag("detailModified", true), at: 1_000)   // what the showDetail override does
        let posts = recorder.state.nextAppControllerID   // the new WPDetailNC the override wraps Posts in
        try recorder.send(.instantiate(.navigation("WPDetailNC", restorationID: WordPressDelegate.restorationIdentifier,
                                                   [.content("PostList")])), at: 1_000)
        try recorder.send(.showDetail(posts, sender: blogDetails), at: 1_000)
        try recorder.send(.changeTraits(Device.iPad.multitaskingTraits(.landscape, widthFraction: 1.0 / 3)), at: 2_000)
        #expect(recorder.state.hierarchyDescription == "BlogListNav[BlogList, BlogDetails, PostList]")
        try recorder.send(.changeTraits(Device.iPad.traits(.landscape)), at: 3_000)
        #expect(recorder.state.hierarchyDescription == "BlogListNav[BlogList, BlogDetails] | WPDetailNC[PostList]")
        try recorder.close()

        let tape = try TimeMachine(path: path)
        #expect(tape.sessionDescription.policy == .swiftDelegate(named: "wordpress (Swift)"))
        #expect(try tape.state(at: tape.eventCount).hierarchyDescription == "BlogListNav[BlogList, BlogDetails] | WPDetailNC[PostList]")
        #expect(try tape.verify().isDeterministic)
        #expect(throws: NavTapeError.self) {
            try WhatIf.fork(tape, at: 0, into: directory.path("no.navtape"), sessionID: "no")
        }
        let report = try WhatIf.fork(tape, at: 0, into: directory.path("again.navtape"), delegate: WordPressDelegate(), sessionID: "again")
        #expect(report.commandsRedecided > 0)
        let again = try TimeMachine(path: directory.path("again.navtape"))
        #expect(try again.state(at: again.eventCount) == tape.state(at: tape.eventCount))
    }

    @Test("the guide shows exactly the code above (but for the log's path)")
    func guideMatches() throws {
        let here = URL(fileURLWithPath: #filePath)
        let guide = try String(contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/Delegates.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        func snippet(_ text: String, indent: String) throws -> [String] {
            let start = try #require(text.range(of: indent + "let setup = SessionSetup(device: .iPad"))
            let end = try #require(text.range(of: indent + "try recorder.close()", range: start.upperBound..<text.endIndex))
            return text[start.lowerBound..<end.upperBound].split(separator: "\n").map { $0.hasPrefix(indent) ? String($0.dropFirst(indent.count)) : String($0) }
        }
        let shown = try snippet(guide, indent: "").map { $0.replacingOccurrences(of: #""wordpress.navtape""#, with: "path") }
        #expect(shown == (try snippet(source, indent: "        ")))
    }

    @Test("the guide's Swift port is the WordPressDelegate the tests run, verbatim")
    func portMatches() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let guide = try String(contentsOf: here.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/Delegates.md"), encoding: .utf8)
        let source = try String(contentsOf: here.appendingPathComponent("RealAppDelegates.swift"), encoding: .utf8)
        func port(_ text: String) throws -> Substring {
            let start = try #require(text.range(of: "struct WordPressDelegate: SplitViewDelegate {"))
            let end = try #require(text.range(of: "\n}\n", range: start.upperBound..<text.endIndex))
            return text[start.lowerBound..<end.upperBound]
        }
        #expect(try port(guide) == (try port(source)))
    }
}
