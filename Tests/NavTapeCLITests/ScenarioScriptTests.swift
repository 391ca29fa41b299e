import Foundation
import Testing
import NavTapeApps
import NavTapeTestSupport

/// Every §13 scenario row NavigationCore implements exists as `Tests/Scenarios/Txx.navscript` with
/// expectations, and passes through the built binary.
@Suite("§13 scenario scripts")
struct ScenarioScriptTests {
    static let rows = [
        "T01", "T02", "T03", "T04", "T05", "T06", "T07", "T08", "T09", "T10", "T11", "T12", "T13", "T15", "T16",
        "T18", "T20", "T23", "T24", "T25", "T27", "T28", "T29", "T31", "T32", "T47",
        // Column style and legacy (NavigationCore's ColumnStyleScenarioTests and GenerationTests).
        "T34", "T35", "T36", "T37", "T38", "T39", "T40", "T41", "T42", "T43", "T44",
    ]

    static let directory = Navtape.root.appendingPathComponent("Tests/Scenarios")

    @Test("navtape run passes", arguments: rows)
    func run(row: String) throws {
        let path = Self.directory.appendingPathComponent("\(row).navscript").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("# \(row) "), "each script starts with its row and a summary")
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("expect ") }, "each script has expectations")
        let result = try Navtape.run(["run", path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("PASS ") && result.stderr.isEmpty, "\(result)")
    }

    @Test("the real apps' sessions pass through the built binary (their policies; the Swift delegates are NavTapeScriptTests')")
    func apps() throws {
        let directory = Self.directory.appendingPathComponent("Apps")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".navscript") }.sorted()
        // Three per ported app (every model but the seeds' calendar-paste): an iPad session, a
        // Plus-phone session and a broken variant.
        #expect(files.count == 3 * (AppModel.all.count - 1))
        let result = try Navtape.run(["run"] + files.map { directory.appendingPathComponent($0).path })
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.split(separator: "\n").count == files.count)
    }

    @Test("detector gaps found since, each a session that raises what it names, through the built binary")
    func detectors() throws {
        let directory = Self.directory.appendingPathComponent("Detectors")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".navscript") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            #expect(text.hasPrefix("# BUG-") || text.hasPrefix("# INV-"), "\(file) names the rule it holds")
            #expect(text.contains("\nexpect violations "), "\(file) states what is raised")
        }
        let result = try Navtape.run(["run"] + files.map { directory.appendingPathComponent($0).path })
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("PASS ") })
    }

    @Test("the fidelity fixes of issue 12 pass through the built binary, each script citing its source")
    func fidelity() throws {
        let directory = Self.directory.appendingPathComponent("Fidelity")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".navscript") }.sorted()
        #expect(files.count == 6)
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            #expect(text.split(separator: "\n").dropFirst().first?.hasPrefix("# Source: ") == true, "\(file) cites its source")
        }
        let result = try Navtape.run(["run"] + files.map { directory.appendingPathComponent($0).path })
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        // One PASS line per session (F5 holds two).
        #expect(result.stdout.split(separator: "\n").count == files.count + 1)
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("PASS ") })
    }

    @Test("the policy language's answers in a session pass through the built binary (existing, a mid-session policy)")
    func policies() throws {
        let directory = Self.directory.appendingPathComponent("Policies")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".navscript") }.sorted()
        #expect(files.count >= 2)
        let result = try Navtape.run(["run"] + files.map { directory.appendingPathComponent($0).path })
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.split(separator: "\n").count == files.count)
    }

    @Test("issue 26's trust scenarios pass through the built binary: near misses silent, true positives kept, every class said")
    func trust() throws {
        let directory = Self.directory.appendingPathComponent("Trust")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".navscript") }.sorted()
        #expect(files.count >= 7)
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            #expect(text.hasPrefix("# Issue 26, class "), "\(file) names the class it holds")
        }
        let result = try Navtape.run(["run"] + files.map { directory.appendingPathComponent($0).path })
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("PASS ") })
    }

    @Test("demo --write-scripts gives a user without a clone every script, byte for byte (scripts/embed-scenarios)")
    func shipped() throws {
        let scratch = Scratch(onDisk: true)
        let result = try scratch.navtape("demo", "--write-scripts", "s")
        #expect(result.status == 0, "\(result)")
        let expected = (FileManager.default.enumerator(atPath: Self.directory.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".navscript") }.sorted()
        let captures = Self.directory.deletingLastPathComponent().appendingPathComponent("Capture")
        let samples = try FileManager.default.contentsOfDirectory(atPath: captures.path).filter { $0.hasSuffix(".jsonl") }.sorted()
        #expect(
            result.stdout == "s: \(expected.count) scenario scripts (run them: navtape run s/T10.navscript) and \(samples.count) "
                + "capture samples (navtape record --intents s/Capture/calendar-paste.intents.jsonl -o cp.navtape)\n")
        for path in expected {
            let shipped = try? scratch.read("s/" + path)
            #expect(
                shipped == (try String(contentsOf: Self.directory.appendingPathComponent(path), encoding: .utf8)),
                "\(path) differs from the embedded copy: run scripts/embed-scenarios")
        }
        for name in samples {
            #expect(
                (try? scratch.read("s/Capture/" + name)) == (try String(contentsOf: captures.appendingPathComponent(name), encoding: .utf8)),
                "\(name) differs from the embedded copy: run scripts/embed-scenarios")
        }
        #expect(try scratch.navtape("record", "--intents", "s/Capture/calendar-paste.intents.jsonl", "-o", "cp.navtape").status == 0)
        // The README's example works from a directory that is not a clone.
        #expect(try scratch.navtape("run", "s/T10.navscript").stdout.hasPrefix("PASS s/T10.navscript"))
    }

    @Test("no script without a row, no row without a script")
    func complete() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".navscript") }
        #expect(Set(files) == Set(Self.rows.map { "\($0).navscript" }))
    }

    @Test("the scripts' expectations can fail: a wrong hierarchy in T10 is caught at its line")
    func canFail() throws {
        let scratch = Scratch(onDisk: true)
        let text = try String(contentsOf: Self.directory.appendingPathComponent("T10.navscript"), encoding: .utf8)
        try scratch.write(text.replacingOccurrences(of: "expect hierarchy MN[M, DN[D]]", with: "expect hierarchy MN[M]"), to: "T10.navscript")
        let result = try scratch.navtape("run", "T10.navscript")
        #expect(result.status == 1)
        #expect(result.stderr == "T10.navscript:8: expected hierarchy MN[M], got hierarchy MN[M, DN[D]]\n")
    }
}
