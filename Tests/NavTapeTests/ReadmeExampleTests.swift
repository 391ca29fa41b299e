import Foundation
import Testing
import NavTape
import NavTapeTestSupport

/// The README's "Library use" snippet, verbatim but for the file's directory: it must compile and
/// print what the README says.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("the library example records, travels back and runs a projection")
    func libraryExample() throws {
        let dir = TemporaryDirectory()
        let path = dir.path("session.navtape")

        let setup = SessionSetup(device: .iPhonePlus, orientation: .portrait, policy: .calendarPaste(),
                                 primary: "MN[M]", secondary: "NoSelectionNC@NoSelectionNC[NoSelection]")
        let recorder = try Recorder(creating: path, setup: setup, sessionID: "demo", startTime: 0)
        try recorder.send(.launch(Device.iPhonePlus.traits(.portrait)), at: 1_000)
        try recorder.send(.changeTraits(Device.iPhonePlus.traits(.landscape)), at: 2_000)
        #expect(recorder.state.hierarchyDescription == "MN[M] | NoSelectionNC[NoSelection]")
        try recorder.close()

        let tape = try TimeMachine(path: path)
        let before = try tape.state(at: 4)
        var bugs = ViolationReport()
        try tape.run(&bugs)
        #expect(before.appControllerCount == 2)  // the first four events intern and create MN and M
        #expect(!before.isLaunched)
        #expect(bugs.bugs.isEmpty)
    }

    @Test("the capture example records an intent stream and finds the launch divergence")
    func captureExample() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let capture = try CaptureRecorder(creating: dir.path("capture.navtape"), traits: Device.iPhonePlus.traits(.portrait),
                                          delegate: .calendarPaste(), device: "iphone-plus", sessionID: "cp", startTime: 0)
        let master = CapturedController(identity: "0x1", name: "MN", children: [CapturedController(identity: "0x2", name: "M")])
        try capture.record(CapturedIntent(kind: .setSplitViewControllers, arguments: [.controllers([master])]))
        let launch = try capture.record(CapturedIntent(kind: .launch, arguments: [.value(.traits(Device.iPhonePlus.traits(.portrait)))],
                                                       observed: CapturedObservation(collapsed: false)))
        #expect(launch.divergences.count == 1)
        #expect(launch.divergences.first?.aspect == .collapsed)
        #expect(launch.divergences.first?.rules.contains(RuleID(.SZ, 3)) == true)
        // A Swift caller's intent with the wrong arguments is an error, never a trap, and appends nothing.
        let count = capture.recorder.eventCount
        #expect(throws: NavTapeError.self) {
            try capture.record(CapturedIntent(kind: .pop, arguments: [.controller(master), .controller(master)]))
        }
        #expect(throws: NavTapeError.self) {
            try capture.record(CapturedIntent(kind: .showDetail, arguments: [.value(.traits(Device.iPhonePlus.traits(.portrait))), .controller(master)]))
        }
        #expect(capture.recorder.eventCount == count)
        try capture.close()
    }
}
