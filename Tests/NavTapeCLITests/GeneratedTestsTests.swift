import Foundation
import Testing
import NavTapeTestSupport

/// The committed generated test file is exactly what `navtape testgen` writes for the demo today,
/// so it cannot go stale; the file itself compiles and runs as part of NavTapeTests.
@Suite("testgen of the demo")
struct GeneratedTestsTests {
    static let committed = Navtape.root.appendingPathComponent("Tests/NavTapeTests/Generated/DemoSessionTests.swift")

    @Test("regenerating the demo's tests gives the committed file byte for byte")
    func upToDate() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        let result = try scratch.navtape("testgen", "navtape-demo.navtape", "navtape-demo-ipad.navtape", "navtape-demo-stale.navtape",
                                         "-o", "DemoSessionTests.swift", "--suite", "DemoSessionTests")
        #expect(result == .init(status: 0, stdout: "DemoSessionTests.swift: 3 tests from 3 logs\n", stderr: ""))
        let generated = try scratch.read("DemoSessionTests.swift")
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(generated == committed, """
            Tests/NavTapeTests/Generated/DemoSessionTests.swift is stale. Regenerate it:
              navtape demo --output /tmp/d/navtape-demo.navtape && cd /tmp/d && navtape testgen navtape-demo.navtape \
            navtape-demo-ipad.navtape navtape-demo-stale.navtape -o DemoSessionTests.swift --suite DemoSessionTests
            and copy it over.
            """)
    }
}
