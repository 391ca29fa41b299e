import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import NavTapeTestSupport

/// `navtape run --junit` and `--json` (issue 16): one test case per script session, failures with
/// FILE:LINE, a malformed script as an error, through the built binary.
@Suite("run reports for CI")
struct RunReportTests {
    static let passing = "device iphone portrait\nlaunch\nexpect collapsed true\n"
    static let failing = "device iphone portrait\nlaunch\nexpect collapsed false\nexpect visible M\n"
    static let malformed = "launch\nshow X frm M\n"

    func scratch() throws -> Scratch {
        let scratch = Scratch(onDisk: true)
        try scratch.write(Self.passing, to: "ok.navscript")
        try scratch.write(Self.failing, to: "bad.navscript")
        try scratch.write(Self.malformed, to: "broken.navscript")
        try scratch.write(CommandTests.twoSessions, to: "two.navscript")
        return scratch
    }

    @Test("--junit: the report CI servers read, valid against the common JUnit.xsd's rules")
    func junit() throws {
        let scratch = try scratch()
        let result = try scratch.navtape("run", "ok.navscript", "bad.navscript", "broken.navscript", "two.navscript", "--junit", "r.xml")
        #expect(result.status == 65, "a malformed script makes the run a data error, after every script ran: \(result)")
        #expect(result.stdout.split(separator: "\n").count == 4, "\(result)")
        #expect(result.stderr.contains("broken.navscript:2:8: expected 'from', found 'frm'"))
        let document = try XMLDocument(data: Data(scratch.read("r.xml").utf8))
        try Self.validate(document)
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "5")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        #expect(suite.attribute(forName: "errors")?.stringValue == "1")
        let cases = suite.elements(forName: "testcase")
        #expect(
            cases.compactMap { $0.attribute(forName: "name")?.stringValue }
                == ["ok.navscript", "bad.navscript", "broken.navscript", "two.navscript [session ipad]", "two.navscript [session phone]"])
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "2 of 2 expectations failed")
        #expect(failure.stringValue == "bad.navscript:3: expected collapsed false, got collapsed true\nbad.navscript:4: expected visible M, got visible D")
        #expect(cases[2].elements(forName: "error").first?.stringValue == "broken.navscript:2:8: expected 'from', found 'frm'")
        #expect(cases[0].children?.isEmpty ?? true)
        // An existing report is kept unless --force.
        #expect(try scratch.navtape("run", "ok.navscript", "--junit", "r.xml").status == 73)
        #expect(try scratch.navtape("run", "ok.navscript", "--junit", "r.xml", "--force").status == 0)
    }

    @Test("--json: one object per script session, the failures with their lines")
    func json() throws {
        let scratch = try scratch()
        let result = try scratch.navtape("run", "ok.navscript", "bad.navscript", "broken.navscript", "--json")
        #expect(result.status == 65 && result.stderr.isEmpty, "\(result)")
        #expect(
            result.stdout == """
                {"answers":[],"commands":4,"events":13,"expectations":1,"failures":[],"file":"ok.navscript","passed":true,"session":null,"type":"script"}
                {"answers":[],"commands":4,"events":13,"expectations":2,"failures":[{"actual":"collapsed true","expected":"collapsed false","line":3},{"actual":"visible D","expected":"visible M","line":4}],"file":"bad.navscript","passed":false,"session":null,"type":"script"}
                {"error":{"column":8,"line":2,"message":"expected 'from', found 'frm'"},"file":"broken.navscript","passed":false,"session":null,"type":"script"}

                """)
    }

    @Test("--json gives the query lines' answers (SH-14), which no log holds")
    func answers() throws {
        let scratch = Scratch(onDisk: true)
        try scratch.write("device ipad landscape\nlaunch\nquery showDetail from M\nquery show from M\nexpect answer push\n", to: "q.navscript")
        let result = try scratch.navtape("run", "q.navscript", "--json")
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout.hasPrefix(
                #"{"answers":[{"answer":"noPush","line":3,"query":"showDetail from M"},{"answer":"push","line":4,"query":"show from M"}],"#), "\(result)")
    }

    /// The rules of the common JUnit schema (Apache Ant's JUnit.xsd as Windy Road publishes it, which
    /// Jenkins and GitLab accept), checked element by element.
    static func validate(_ document: XMLDocument) throws {
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        for (index, suite) in root.elements(forName: "testsuite").enumerated() {
            for name in ["package", "name", "hostname"] {
                #expect((suite.attribute(forName: name)?.stringValue ?? "").isEmpty == false, "testsuite needs \(name)")
            }
            #expect(suite.attribute(forName: "id")?.stringValue == "\(index)")
            for name in ["tests", "failures", "errors", "skipped"] {
                #expect(Int(suite.attribute(forName: name)?.stringValue ?? "") != nil, "testsuite \(name) is an int")
            }
            #expect(Decimal(string: suite.attribute(forName: "time")?.stringValue ?? "x") != nil)
            let timestamp = suite.attribute(forName: "timestamp")?.stringValue ?? ""
            #expect(timestamp.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}/) != nil, "\(timestamp)")
            // The sequence: properties, testcase*, system-out, system-err.
            let children = (suite.children ?? []).compactMap { $0 as? XMLElement }.map { $0.name ?? "" }
            #expect(children.first == "properties" && children.suffix(2) == ["system-out", "system-err"], "\(children)")
            #expect(children.dropFirst().dropLast(2).allSatisfy { $0 == "testcase" }, "\(children)")
            for testcase in suite.elements(forName: "testcase") {
                #expect((testcase.attribute(forName: "name")?.stringValue ?? "").isEmpty == false)
                #expect((testcase.attribute(forName: "classname")?.stringValue ?? "").isEmpty == false)
                #expect(Decimal(string: testcase.attribute(forName: "time")?.stringValue ?? "x") != nil)
                let outcomes = (testcase.children ?? []).compactMap { $0 as? XMLElement }
                #expect(outcomes.count <= 1, "at most one of skipped, error, failure")
                for outcome in outcomes {
                    #expect(["skipped", "error", "failure"].contains(outcome.name ?? ""))
                    if outcome.name != "skipped" { #expect(outcome.attribute(forName: "type") != nil, "failure and error need a type") }
                }
            }
        }
    }
}
