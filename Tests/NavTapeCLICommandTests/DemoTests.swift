import Foundation
import NavTapeScript
import Testing
@testable import NavTapeCLI
import NavTapeTestSupport

/// The project's main job: `navtape demo` from an empty directory, no arguments.
@Suite("demo")
struct DemoTests {
    @Test("from an empty directory: exit 0, the exact tour, three logs that verify")
    func emptyDirectory() throws {
        let scratch = Scratch(onDisk: true)
        let result = try scratch.navtape("demo")
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout == demoGolden)
        #expect(result.stdout.split(separator: "\n", omittingEmptySubsequences: false).count <= 120)
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        #expect(
            files == [
                "navtape-demo-ipad.navtape", "navtape-demo-ipad.navtape.idx", "navtape-demo-stale.navtape",
                "navtape-demo-stale.navtape.idx", "navtape-demo.navtape", "navtape-demo.navtape.idx",
            ])
        for log in ["navtape-demo.navtape", "navtape-demo-ipad.navtape", "navtape-demo-stale.navtape"] {
            #expect(try scratch.navtape("verify", log).status == 0)
        }
        #expect(try scratch.navtape("stats", "navtape-demo-stale.navtape").stdout.contains("BUG-6"))
    }

    @Test("runs again over its own logs and prints the same; --output places all three logs")
    func rerunAndOutput() throws {
        let scratch = Scratch(onDisk: true)
        let first = try scratch.navtape("demo")
        #expect(try scratch.navtape("demo") == first)
        try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
        let placed = try scratch.navtape("demo", "--output", "out/d.navtape")
        #expect(placed.status == 0)
        #expect(placed.stdout.contains("recorded out/d-stale.navtape"))
        for log in ["out/d.navtape", "out/d-ipad.navtape", "out/d-stale.navtape"] {
            #expect(FileManager.default.fileExists(atPath: scratch.path(log)))
        }
    }

    @Test("the demo's built-in scripts hold their expectations")
    func demoScripts() throws {
        for text in [DemoSession.calendarPasteScript, DemoSession.staleDetailScript] {
            let result = try ScriptRunner.run(ScriptParser.parse(text, file: "demo.navscript"))
            #expect(result.passed, "\(result.failures)")
            #expect(result.expectationsChecked > 3)
        }
    }
}
