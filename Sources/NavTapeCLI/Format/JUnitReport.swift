import NavigationCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavTape
import NavTapeInterchange
import NavTapeScript

/// One script session's outcome for `navtape run --junit` and `--json`.
struct ScriptOutcome {
    /// The script file.
    var file: String
    /// The session's name when the script holds several.
    var session: String?
    /// The run, or `nil` when the script could not be parsed or run.
    var run: ScriptRun?
    /// Why it could not run: `FILE:LINE:COLUMN: message`.
    var error: ScriptError?
    /// Wall-clock seconds the run took.
    var seconds: Double

    /// The test case's name: the file, and the session when there are several.
    var name: String { ScriptReport.label(file: file, session: session) }
}

/// A JUnit XML report of script runs: the layout CI servers read (Jenkins, GitLab, GitHub
/// actions' reporters), valid against the common `JUnit.xsd` (Apache Ant's, as Windy Road
/// publishes it): one `testsuite` with `properties`, a `testcase` per script session, and
/// `system-out`/`system-err`. A failed expectation is a `failure` whose text lists every failed
/// line as `FILE:LINE: expected X, got Y`; a script that cannot be parsed or run is an `error`.
enum JUnitReport {
    static func render(_ outcomes: [ScriptOutcome], timestamp: Int64) -> String {
        let failures = outcomes.filter { $0.run.map { !$0.passed } ?? false }.count
        let errors = outcomes.filter { $0.error != nil }.count
        let total = outcomes.reduce(0) { $0 + $1.seconds }
        // The schema's timestamp has no fraction and no zone (UTC here).
        let date = String(SessionTime.iso8601(timestamp).prefix(19))
        var xml = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        xml += #"<testsuites>"# + "\n"
        xml += #"  <testsuite package="navtape" id="0" name="navtape run" timestamp="\#(date)" hostname="\#(escape(hostname()))" "#
            + #"tests="\#(outcomes.count)" failures="\#(failures)" errors="\#(errors)" skipped="0" time="\#(seconds(total))">"# + "\n"
        xml += "    <properties/>\n"
        for outcome in outcomes {
            let open = #"    <testcase name="\#(escape(outcome.name))" classname="\#(escape(className(outcome.file)))" time="\#(seconds(outcome.seconds))""#
            if let error = outcome.error {
                xml += open + ">\n"
                xml += #"      <error message="\#(escape(error.message))" type="script">\#(escape(error.description))</error>"# + "\n"
                xml += "    </testcase>\n"
            } else if let run = outcome.run, !run.passed {
                let lines = run.failures.map(\.description)
                let message = "\(run.failures.count) of \(run.expectationsChecked) expectations failed"
                xml += open + ">\n"
                xml += #"      <failure message="\#(escape(message))" type="expectation">\#(escape(lines.joined(separator: "\n")))</failure>"# + "\n"
                xml += "    </testcase>\n"
            } else {
                xml += open + "/>\n"
            }
        }
        xml += "    <system-out/>\n    <system-err/>\n  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// `Tests.Scenarios.T10` for `Tests/Scenarios/T10.navscript`: the directory as a package, the
    /// file's base name as the class.
    static func className(_ file: String) -> String {
        var parts = file.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." && !$0.isEmpty }
        if let last = parts.last, let dot = last.lastIndex(of: "."), dot != last.startIndex { parts[parts.count - 1] = String(last[..<dot]) }
        let name = parts.joined(separator: ".")
        return name.isEmpty ? "script" : name
    }

    static func seconds(_ value: Double) -> String {
        let milliseconds = Int64((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Text for an XML attribute or element: the five markup characters as entities, and characters
    /// XML 1.0 cannot hold (controls other than tab, newline and return) as `\u{…}` text.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}

/// `navtape run --json`: one object per script session (docs/JSON.md, "Script runs").
enum ScriptRunJSON {
    /// `log`: the log the session was recorded to (`record`, `run -o`), added as `log` when given.
    static func encode(_ outcome: ScriptOutcome, log: String? = nil) -> JSONValue {
        var object: [String: JSONValue] = [
            "type": .string("script"), "file": .string(outcome.file),
            "session": outcome.session.map(JSONValue.string) ?? .null,
        ]
        if let log { object["log"] = .string(log) }
        if let error = outcome.error {
            object["passed"] = .bool(false)
            object["error"] = .object(["line": .int(Int64(error.line)), "column": .int(Int64(error.column)), "message": .string(error.message)])
        } else if let run = outcome.run {
            object["passed"] = .bool(run.passed)
            object["expectations"] = .int(Int64(run.expectationsChecked))
            object["commands"] = .int(Int64(run.commandCount))
            object["events"] = .int(Int64(bitPattern: run.eventCount))
            object["failures"] = .array(run.failures.map {
                .object(["line": .int(Int64($0.line)), "expected": .string($0.expected), "actual": .string($0.actual)])
            })
            // SH-14's answers (a query sends nothing, so it is in no log).
            object["answers"] = .array(run.answers.map {
                .object(["line": .int(Int64($0.line)), "query": .string("\($0.action.name) from \($0.sender)"),
                         "answer": .string($0.wouldPush ? "push" : "noPush")])
            })
        }
        return .object(object)
    }
}
