import Foundation
import NavTape
import NavigationCore
import Testing
import NavTapeTestSupport

@Suite("tail -f")
struct TailFollowTests {
    @Test("follows events a recorder appends while it runs, then stops when idle")
    func follow() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        let (process, out) = try Navtape.start(["tail", "-f", "t.navtape", "-n", "1", "--idle-exit", "3", "--poll", "50"], in: scratch.url)
        // Wait until tail has printed the existing last event, so the append below is one it follows.
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        let recorder = try Recorder(resuming: scratch.path("t.navtape"))
        try recorder.send(.tapDisplayModeButton, at: SessionTime.defaultStart + 10_000)
        try recorder.sync()
        try recorder.close()
        data += out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(
            String(decoding: data, as: UTF8.self) == """
                @21   +4.000s     displayModeChanged → allVisible (expand)
                @22   +10.000s  ▸ displayModeChanged → primaryHidden (button)

                """)
    }
}
