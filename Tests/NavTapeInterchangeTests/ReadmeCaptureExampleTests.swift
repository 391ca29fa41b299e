import Foundation
import Testing
import NavTape
import NavigationCore
import NavTapeInterchange
import NavTapeTestSupport

/// The README's "Capture from your app" snippet: it must compile and find what the README says.
@Suite("README capture example")
struct ReadmeCaptureExampleTests {
    @Test("the capture example records an intent stream and finds the launch divergence")
    func captureExample() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let capture = try CaptureRecorder(
            creating: dir.path("capture.navtape"), traits: Device.iPhonePlus.traits(.portrait),
            delegate: .calendarPaste(), device: "iphone-plus", sessionID: "cp", startTime: 0)
        let master = CapturedController(identity: "0x1", name: "MN", children: [CapturedController(identity: "0x2", name: "M")])
        try capture.record(CapturedIntent(kind: .setSplitViewControllers, arguments: [.controllers([master])]))
        let launch = try capture.record(
            CapturedIntent(
                kind: .launch, arguments: [.value(.traits(Device.iPhonePlus.traits(.portrait)))],
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
