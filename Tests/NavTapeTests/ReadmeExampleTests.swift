import Foundation
import Testing
import NavTape
import NavigationCore
import NavigationProjections
import NavTapeTestSupport

/// The README's "Library use" snippet, verbatim but for the file's directory: it must compile and
/// print what the README says.
@Suite("README example")
struct ReadmeExampleTests {
    @Test("the library example records, travels back and runs a projection")
    func libraryExample() throws {
        let dir = TemporaryDirectory()
        let path = dir.path("session.navtape")

        let setup = SessionSetup(
            device: .iPhonePlus, orientation: .portrait, policy: .calendarPaste(),
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
}
