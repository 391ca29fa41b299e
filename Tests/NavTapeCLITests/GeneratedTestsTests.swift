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
        let result = try scratch.navtape(
            "testgen", "navtape-demo.navtape", "navtape-demo-ipad.navtape", "navtape-demo-stale.navtape",
            "-o", "DemoSessionTests.swift", "--suite", "DemoSessionTests")
        #expect(result == .init(status: 0, stdout: "DemoSessionTests.swift: 3 tests from 3 logs\n", stderr: ""))
        let generated = try scratch.read("DemoSessionTests.swift")
        let committed = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(
            generated == committed,
            """
            Tests/NavTapeTests/Generated/DemoSessionTests.swift is stale. Regenerate it:
              navtape demo --output /tmp/d/navtape-demo.navtape && cd /tmp/d && navtape testgen navtape-demo.navtape \
            navtape-demo-ipad.navtape navtape-demo-stale.navtape -o DemoSessionTests.swift --suite DemoSessionTests
            and copy it over.
            """)
    }

    static let branch = Navtape.root.appendingPathComponent("Tests/NavTapeTests/Generated/BranchSessionTests.swift")

    @Test("a branch (forked on an iPad after the rotation) in parts of two commands: the committed file, byte for byte")
    func branchUpToDate() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        #expect(try scratch.navtape("fork", "navtape-demo-stale.navtape", "--at", "19", "--device", "ipad", "-o", "stale-ipad.navtape").status == 0)
        let result = try scratch.navtape(
            "testgen", "stale-ipad.navtape", "-o", "BranchSessionTests.swift", "--suite", "BranchSessionTests",
            "--commits-per-test", "2")
        #expect(result == .init(status: 0, stdout: "BranchSessionTests.swift: 2 tests from 1 log\n", stderr: ""))
        let generated = try scratch.read("BranchSessionTests.swift")
        #expect(generated.contains("import NavigationCodec") && generated.contains("StateCodec.decode"))
        #expect(
            generated.contains(
                "// regenerate with `navtape testgen stale-ipad.navtape -o BranchSessionTests.swift --suite BranchSessionTests --commits-per-test 2 --force`."))
        #expect(
            generated == (try String(contentsOf: Self.branch, encoding: .utf8)),
            """
            Tests/NavTapeTests/Generated/BranchSessionTests.swift is stale. Regenerate it with the demo, \
            navtape fork navtape-demo-stale.navtape --at 19 --device ipad -o stale-ipad.navtape and the command in its header.
            """)
    }

    static let policy = Navtape.root.appendingPathComponent("Tests/NavTapeTests/Generated/PolicySessionTests.swift")

    @Test("a session whose delegate changes mid-way pins the new policy at that step: the committed file, byte for byte")
    func policyUpToDate() throws {
        let scratch = Scratch(onDisk: true)
        let script = Navtape.root.appendingPathComponent("Tests/Scenarios/Policies/policy-mid-session.navscript").path
        #expect(try Navtape.run(["record", script, "-o", "policy.navtape"], in: scratch.url).status == 0)
        let result = try scratch.navtape("testgen", "policy.navtape", "-o", "PolicySessionTests.swift", "--suite", "PolicySessionTests")
        #expect(result.status == 0, "\(result)")
        let generated = try scratch.read("PolicySessionTests.swift")
        #expect(generated.contains(#"delegate: "reset; name none; collapseSecondary discard")"#))
        #expect(
            generated == (try String(contentsOf: Self.policy, encoding: .utf8)),
            """
            Tests/NavTapeTests/Generated/PolicySessionTests.swift is stale. Regenerate it: navtape record \
            Tests/Scenarios/Policies/policy-mid-session.navscript -o policy.navtape, then the command in its header.
            """)
    }
}
