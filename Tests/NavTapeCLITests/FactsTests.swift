import Foundation
import NavigationCore
import Testing
import NavTapeTestSupport

/// `navtape facts` and `navtape ingest`, and who recorded a session, through the built binary
/// (issue 31; docs/JSON.md, "Facts"; docs/facts.schema.json; docs/Fleet.md).
@Suite("facts, ingest, who recorded it")
struct FactsTests {
    /// The columns of each table as docs/JSON.md lists them (`FactsRows.sessionColumns`, `momentColumns`).
    static let sessionColumns = [
        "app", "appVersion", "bugCounts", "bugRules", "build", "collapses", "collapsesAtLaunch", "commands", "day", "deepestStack",
        "device", "deviceModel", "displayModeTimes", "displayModes", "divergences", "duration", "events", "forkIndex", "hash", "log",
        "os", "parent", "parentSession", "policy", "rejectedCounts", "rejectedRules", "resyncs", "schema", "screenTimes", "screens",
        "separates", "session", "start", "style",
    ]
    static let momentColumns = [
        "app", "appVersion", "bugs", "build", "collapsed", "command", "day", "depthPrimary", "depthSecondary", "depthSupplementary",
        "device", "displayMode", "diverged", "divergences", "height", "idiom", "index", "last", "presented", "rotation", "rules", "session",
        "sizeClass", "time", "topPrimary", "topSecondary", "topSupplementary", "width",
    ]

    /// The JSON objects of `text`, one a line.
    static func rows(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return try #require(object, "not a JSON object: \(line.prefix(200))")
        }
    }

    /// The one JSON object `text` holds.
    static func object(_ text: String) throws -> [String: Any] {
        let rows = try rows(text)
        #expect(rows.count == 1, "\(text.prefix(400))")
        return try #require(rows.first)
    }

    // MARK: facts

    @Test("facts of the demo: one sessions row of the documented columns that agrees with stats, one moments row per command")
    func demoFacts() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        let result = try scratch.navtape("facts", "navtape-demo.navtape", "--sessions", "s.jsonl", "--moments", "m.jsonl")
        #expect(result == .init(status: 0, stdout: "", stderr: ""))
        let sessions = try Self.rows(scratch.read("s.jsonl")), moments = try Self.rows(scratch.read("m.jsonl"))
        let stats = try Self.object(try scratch.navtape("stats", "navtape-demo.navtape", "--json").stdout)
        let events = try #require(stats["events"] as? Int), commands = try #require(stats["commands"] as? Int)
        #expect(events == 41 && commands == 17)

        #expect(sessions.count == 1)
        let session = try #require(sessions.first)
        #expect(session.keys.sorted() == Self.sessionColumns)
        #expect(session["events"] as? Int == events && session["commands"] as? Int == commands)
        #expect(session["schema"] as? Int == 2 && session["log"] as? String == "navtape-demo.navtape")
        #expect(session["session"] as? String == stats["sessionID"] as? String && session["device"] as? String == "iphone-plus")
        #expect(session["collapses"] as? Int == stats["collapses"] as? Int && session["duration"] as? Int == stats["duration"] as? Int)
        #expect(session["screens"] as? [String] == ["M", "PasteDetail", "Shift"])
        #expect(session["screenTimes"] as? [Int] == [18500, 26000, 2000])
        #expect(session["bugRules"] as? [String] == [] && session["parent"] as? String == "" && session["forkIndex"] as? Int == 0)
        // A log that does not say who recorded it: "" in every origin column (stats says null).
        for name in SessionOrigin.fieldNames {
            #expect(session[name] as? String == "", "\(name)")
            #expect(stats[name] is NSNull, "\(name)")
        }
        #expect((session["hash"] as? String).map { $0.count == 16 && $0.allSatisfy(\.isHexDigit) } == true)

        #expect(moments.count == commands)
        #expect(moments.allSatisfy { $0.keys.sorted() == Self.momentColumns })
        let first = moments.compactMap { $0["index"] as? Int }, last = moments.compactMap { $0["last"] as? Int }
        #expect(first.count == commands && last.count == commands)
        #expect(first.first == 0 && last.last == events - 1)
        #expect(zip(last, first.dropFirst()).allSatisfy { $0 + 1 == $1 }, "each command starts after the one before: \(first) \(last)")
        #expect(zip(first, last).allSatisfy { $0 <= $1 })
        #expect(moments.allSatisfy { $0["session"] as? String == "demo-iphone-plus" && $0["day"] as? String == session["day"] as? String })
        let times = moments.compactMap { $0["time"] as? Int }
        #expect(times.count == commands && zip(times, times.dropFirst()).allSatisfy { $0 <= $1 } && times.first == session["start"] as? Int)
        #expect(moments.reduce(0) { $0 + (($1["rotation"] as? Int) ?? 9) } == 3, "the demo rotates three times")

        // Without --sessions or --moments the sessions rows go to standard output; an output that
        // exists is kept unless --force.
        #expect(try scratch.navtape("facts", "navtape-demo.navtape").stdout == scratch.read("s.jsonl"))
        let again = try scratch.navtape("facts", "navtape-demo.navtape", "--sessions", "s.jsonl")
        #expect(again == .init(status: 73, stdout: "", stderr: "s.jsonl: already exists (use --force to replace it)\n"))
        #expect(try scratch.navtape("facts", "navtape-demo.navtape", "--sessions", "s.jsonl", "--force").status == 0)
    }

    @Test("facts over a directory: the rows in the logs' order, a log that cannot be read named and left out, the worst status")
    func directory() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        try FileManager.default.createDirectory(atPath: scratch.path("lib"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: scratch.path("navtape-demo.navtape"), toPath: scratch.path("lib/a.navtape"))
        try scratch.write("not a log", to: "lib/b.navtape")
        try FileManager.default.copyItem(atPath: scratch.path("navtape-demo-stale.navtape"), toPath: scratch.path("lib/c.navtape"))
        let result = try scratch.navtape("facts", "lib", "--sessions", "-", "--moments", "m.jsonl", "--jobs", "2")
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("lib/b.navtape: ") && result.stderr.split(separator: "\n").count == 1, "\(result)")
        let sessions = try Self.rows(result.stdout)
        #expect(sessions.map { $0["log"] as? String } == ["lib/a.navtape", "lib/c.navtape"])
        #expect(sessions[1]["bugRules"] as? [String] == ["BUG-6"] && sessions[1]["bugCounts"] as? [Int] == [1])
        let moments = try Self.rows(scratch.read("m.jsonl"))
        let expected = Array(repeating: "demo-iphone-plus", count: 17) + Array(repeating: "demo-stale-detail", count: 9)
        #expect(moments.map { $0["session"] as? String } == expected)
        #expect(moments.compactMap { $0["bugs"] as? [String] }.joined().elementsEqual(["BUG-6"]))
    }

    // MARK: the JSON Schema

    /// The errors of `value` against the draft 2020-12 subset docs/facts.schema.json uses
    /// (type, const, enum, minimum, maximum, minLength, maxLength, pattern, items, uniqueItems,
    /// required, properties, additionalProperties, `$ref` into `$defs`).
    static func errors(_ value: Any, _ schema: [String: Any], root: [String: Any], at path: String = "") -> [String] {
        if let reference = schema["$ref"] as? String {
            let name = String(reference.dropFirst("#/$defs/".count))
            guard let definitions = root["$defs"] as? [String: Any], let target = definitions[name] as? [String: Any] else {
                return ["\(path): no definition \(reference)"]
            }
            return errors(value, target, root: root, at: path)
        }
        var found: [String] = []
        func fail(_ why: String) { found.append("\(path): \(why)") }
        let number = (value as? NSNumber).flatMap { value is String ? nil : $0 }
        switch schema["type"] as? String {
        case "string"?: if !(value is String) { fail("not a string") }
        case "integer"?: if number == nil || Double(exactly: number?.int64Value ?? 0) != number?.doubleValue { fail("not an integer") }
        case "array"?: if !(value is [Any]) { fail("not an array") }
        case "object"?: if !(value is [String: Any]) { fail("not an object") }
        default: break
        }
        if let constant = schema["const"] as? NSNumber, number?.int64Value != constant.int64Value { fail("not \(constant)") }
        if let choices = schema["enum"] as? [Any] {
            let matches = choices.contains { choice in
                if let text = choice as? String { return value as? String == text }
                return (choice as? NSNumber)?.int64Value == number?.int64Value && number != nil
            }
            if !matches { fail("\(value) not one of \(choices)") }
        }
        if let number, !(value is String) {
            if let minimum = schema["minimum"] as? NSNumber, number.doubleValue < minimum.doubleValue { fail("below \(minimum)") }
            if let maximum = schema["maximum"] as? NSNumber, number.doubleValue > maximum.doubleValue { fail("above \(maximum)") }
        }
        if let text = value as? String {
            if let least = schema["minLength"] as? Int, text.unicodeScalars.count < least { fail("shorter than \(least)") }
            if let most = schema["maxLength"] as? Int, text.unicodeScalars.count > most { fail("longer than \(most)") }
            if let pattern = schema["pattern"] as? String, text.range(of: pattern, options: .regularExpression) == nil {
                fail("'\(text)' does not match \(pattern)")
            }
        }
        if let items = value as? [Any] {
            if let itemSchema = schema["items"] as? [String: Any] {
                for (i, item) in items.enumerated() { found += errors(item, itemSchema, root: root, at: "\(path)[\(i)]") }
            }
            if schema["uniqueItems"] as? Bool == true, Set(items.map { "\($0)" }).count != items.count { fail("items repeat") }
        }
        if let object = value as? [String: Any] {
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for name in schema["required"] as? [String] ?? [] where object[name] == nil { fail("no \(name)") }
            for (name, member) in object {
                if let memberSchema = properties[name] as? [String: Any] {
                    found += errors(member, memberSchema, root: root, at: "\(path).\(name)")
                } else if schema["additionalProperties"] as? Bool == false {
                    fail("\(name) is not a column")
                }
            }
        }
        return found
    }

    /// docs/facts.schema.json.
    static func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: Navtape.root.appendingPathComponent("docs/facts.schema.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The columns docs/JSON.md's "Facts" section lists under `heading`, in order.
    static func documentedColumns(under heading: String) throws -> [String] {
        let text = try String(contentsOf: Navtape.root.appendingPathComponent("docs/JSON.md"), encoding: .utf8)
        let section =
            try #require(text.components(separatedBy: "\n## Facts (`navtape facts LOG|DIR…`)\n").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let subsection = try #require(section.components(separatedBy: "\n### " + heading + "\n").dropFirst().first)
        let table = subsection.components(separatedBy: "\n### ")[0]
        return table.split(separator: "\n").filter { $0.hasPrefix("| `") }.flatMap { line in
            // The first cell: one or more `name`s.
            line.dropFirst(2).prefix { $0 != "|" }.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
    }

    @Test("the columns agree everywhere: the rows, docs/JSON.md, docs/facts.schema.json (required, properties)")
    func columnsDocumented() throws {
        let schema = try Self.schema()
        let definitions = try #require(schema["$defs"] as? [String: Any])
        for (name, columns) in [("sessions", Self.sessionColumns), ("moments", Self.momentColumns)] {
            let table = try #require(definitions[name] as? [String: Any])
            #expect((table["required"] as? [String])?.sorted() == columns, "\(name)")
            #expect((table["properties"] as? [String: Any])?.keys.sorted() == columns, "\(name)")
            #expect(table["additionalProperties"] as? Bool == false)
            #expect(try Self.documentedColumns(under: "`\(name)`").sorted() == columns, "docs/JSON.md's \(name) table")
        }
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect((schema["oneOf"] as? [[String: String]])?.compactMap { $0["$ref"] } == ["#/$defs/sessions", "#/$defs/moments"])
    }

    @Test("every row of facts is valid against docs/facts.schema.json, as a row of its own table and not of the other")
    func rowsValidate() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        try scratch.write(Self.originScript, to: "o.navscript")
        #expect(try scratch.navtape("record", "o.navscript", "-o", "o.navtape").status == 0)
        #expect(try scratch.navtape("facts", ".", "--sessions", "s.jsonl", "--moments", "m.jsonl").status == 0)
        let schema = try Self.schema()
        let definitions = try #require(schema["$defs"] as? [String: Any])
        let sessionsTable = try #require(definitions["sessions"] as? [String: Any])
        let momentsTable = try #require(definitions["moments"] as? [String: Any])
        let sessions = try Self.rows(scratch.read("s.jsonl")), moments = try Self.rows(scratch.read("m.jsonl"))
        #expect(sessions.count == 4 && moments.count == 17 + 17 + 9 + 7)
        for row in sessions {
            #expect(Set(row.keys) == Set(sessionsTable["required"] as? [String] ?? []))
            #expect(Self.errors(row, sessionsTable, root: schema) == [], "\(row["log"] ?? "?")")
            #expect(!Self.errors(row, momentsTable, root: schema).isEmpty)
        }
        for row in moments {
            #expect(Set(row.keys) == Set(momentsTable["required"] as? [String] ?? []))
            #expect(Self.errors(row, momentsTable, root: schema) == [], "\(row["session"] ?? "?") @\(row["index"] ?? "?")")
            #expect(!Self.errors(row, sessionsTable, root: schema).isEmpty)
        }
        // The checker does check: a wrong value of each kind is caught.
        var wrong = moments[0]
        (wrong["idiom"], wrong["rotation"], wrong["rules"], wrong["extra"]) = ("tv", 2, ["XX-1"], 1)
        #expect(Self.errors(wrong, momentsTable, root: schema).count == 4)
        var missing = sessions[0]
        missing["hash"] = "ABC"
        missing["schema"] = 3
        missing.removeValue(forKey: "os")
        #expect(Self.errors(missing, sessionsTable, root: schema).count == 3)
    }

    // MARK: who recorded it

    /// A session that says who recorded it (line 8 is `build`).
    static let originScript = """
        session origin-1
        device iphone-plus portrait
        policy calendar-paste
        primary MN[M]
        secondary NoSelectionNC@NoSelectionNC[NoSelection]
        app Calendar Paste
        appVersion 3.1
        build 88
        os iOS 17.4
        deviceModel iPhone15,5

        launch
        showDetail PasteNC[PasteDetail] from M at +2s
        rotate landscape

        """

    static let origin: [String: String] = [
        "app": "Calendar Paste", "appVersion": "3.1", "build": "88", "os": "iOS 17.4", "deviceModel": "iPhone15,5",
    ]

    /// The origin members of `object`.
    static func originMembers(_ object: [String: Any]) -> [String: String] {
        object.filter { SessionOrigin.fieldNames.contains($0.key) }.compactMapValues { $0 as? String }
    }

    @Test("who recorded it: record sets it; log, stats, export, import and facts keep it")
    func originRoundTrip() throws {
        #expect(SessionOrigin.fieldNames == ["app", "appVersion", "build", "os", "deviceModel"])
        let scratch = Scratch(onDisk: true)
        try scratch.write(Self.originScript, to: "o.navscript")
        #expect(try scratch.navtape("record", "o.navscript", "-o", "o.navtape").status == 0)

        let log = try scratch.navtape("log", "o.navtape")
        #expect(log.status == 0 && log.stdout.hasPrefix("recorded by: Calendar Paste 3.1 (88) · iOS 17.4 · iPhone15,5\n"), "\(log)")
        let logJSON = try Self.rows(try scratch.navtape("log", "o.navtape", "--json").stdout)
        #expect(logJSON.first?["type"] as? String == "origin" && logJSON.first.map(Self.originMembers) == Self.origin)
        let stats = try Self.object(try scratch.navtape("stats", "o.navtape", "--json").stdout)
        #expect(Self.originMembers(stats) == Self.origin)

        let export = try scratch.navtape("export", "o.navtape", "--jsonl")
        #expect(export.status == 0)
        let sessionLine = try Self.rows(export.stdout)[0]
        #expect(sessionLine["type"] as? String == "session" && Self.originMembers(sessionLine) == Self.origin)
        try scratch.write(export.stdout, to: "o.jsonl")
        #expect(try scratch.navtape("import", "o.jsonl", "-o", "copy.navtape").status == 0)
        #expect(Self.originMembers(try Self.object(try scratch.navtape("stats", "copy.navtape", "--json").stdout)) == Self.origin)
        #expect(try scratch.navtape("export", "copy.navtape", "--jsonl").stdout == export.stdout, "export → import → export: the same")

        #expect(try scratch.navtape("facts", "copy.navtape", "--sessions", "s.jsonl", "--moments", "m.jsonl").status == 0)
        let session = try Self.object(try scratch.read("s.jsonl"))
        #expect(Self.originMembers(session) == Self.origin)
        let moments = try Self.rows(try scratch.read("m.jsonl"))
        #expect(moments.count == 7)
        // A moment carries the columns its questions group by: app, version, build.
        #expect(moments.allSatisfy { Self.originMembers($0) == ["app": "Calendar Paste", "appVersion": "3.1", "build": "88"] })

        // A log without them: unknown (null in stats, absent from export's session line).
        #expect(try scratch.navtape("demo").status == 0)
        let plain = try Self.rows(try scratch.navtape("export", "navtape-demo.navtape", "--jsonl").stdout)[0]
        #expect(Self.originMembers(plain).isEmpty && plain["app"] == nil)
        #expect(try scratch.navtape("log", "navtape-demo.navtape").stdout.hasPrefix("@0 "))
    }

    @Test("who recorded it from a capture stream's session line (record --intents)")
    func originFromCapture() throws {
        let scratch = Scratch(onDisk: true)
        let stream = """
            {"navtape":"intents","version":1,"device":"ipad","traits":"landscape","startTime":0,"app":"Calendar Paste","appVersion":"3.1",\
            "build":"88","os":"iOS 17.4","deviceModel":"iPhone15,5"}
            {"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MN","kind":"navigation",\
            "children":[{"id":"m","name":"M"}]}]}
            {"command":"launch","observed":{"collapsed":false}}

            """
        try scratch.write(stream, to: "c.jsonl")
        let recorded = try scratch.navtape("record", "--intents", "c.jsonl", "-o", "c.navtape")
        #expect(recorded.status == 0, "\(recorded)")
        #expect(Self.originMembers(try Self.object(try scratch.navtape("stats", "c.navtape", "--json").stdout)) == Self.origin)
        let facts = try Self.object(try scratch.navtape("facts", "c.navtape").stdout)
        #expect(Self.originMembers(facts) == Self.origin && facts["device"] as? String == "ipad")
    }

    @Test(
        "a bad origin value in a script is refused at its line and column, exit 65, no log",
        arguments: [
            ("8\t8", "o.navscript:8:7: build: a control character\n"),
            ("8\u{7F}8", "o.navscript:8:7: build: a control character\n"),
            (String(repeating: "8", count: SessionOrigin.maximumFieldLength + 1), "o.navscript:8:7: build: longer than 256 bytes\n"),
            (String(repeating: "é", count: SessionOrigin.maximumFieldLength / 2 + 1), "o.navscript:8:7: build: longer than 256 bytes\n"),
        ])
    func badOriginInScript(value: String, message: String) throws {
        let scratch = Scratch(onDisk: true)
        try scratch.write(Self.originScript.replacingOccurrences(of: "build 88\n", with: "build \(value)\n"), to: "o.navscript")
        let result = try scratch.navtape("record", "o.navscript", "-o", "o.navtape")
        #expect(result == .init(status: 65, stdout: "", stderr: message))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("o.navtape")))
    }

    @Test("origin values at the limits: 256 bytes is accepted; a C0 control is refused by the line reader first; import refuses one too")
    func originLimits() throws {
        let scratch = Scratch(onDisk: true)
        let longest = String(repeating: "8", count: SessionOrigin.maximumFieldLength)
        try scratch.write(Self.originScript.replacingOccurrences(of: "build 88\n", with: "build \(longest)\n"), to: "o.navscript")
        #expect(try scratch.navtape("record", "o.navscript", "-o", "o.navtape").status == 0)
        #expect(try Self.object(try scratch.navtape("facts", "o.navtape").stdout)["build"] as? String == longest)

        try scratch.write(Self.originScript.replacingOccurrences(of: "build 88\n", with: "build 8\u{1}8\n"), to: "c.navscript")
        let control = try scratch.navtape("record", "c.navscript", "-o", "c.navtape")
        #expect(control.status == 65, "\(control)")
        #expect(control.stderr.hasPrefix("c.navscript:8:") && control.stderr.split(separator: "\n").count == 1, "\(control)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("c.navtape")))

        let export = try scratch.navtape("export", "o.navtape", "--jsonl").stdout
        let lines = export.split(separator: "\n", omittingEmptySubsequences: false)
        let session = String(lines[0]).replacingOccurrences(of: #""os":"iOS 17.4""#, with: #""os":"iOS\u001b[31m 17""#)
        #expect(session != String(lines[0]))
        try scratch.write(([session] + lines.dropFirst().map(String.init)).joined(separator: "\n"), to: "bad.jsonl")
        let imported = try scratch.navtape("import", "bad.jsonl", "-o", "bad.navtape")
        #expect(imported == .init(status: 65, stdout: "", stderr: "bad.jsonl: line 1: session.os: a control character\n"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("bad.navtape")))
    }

    // MARK: ingest

    @Test("ingest to a server that is not there: one clear line, exit 74, no checkpoint; a retry is announced; a bad URL is 64")
    func ingestUnreachable() throws {
        let scratch = Scratch(onDisk: true)
        #expect(try scratch.navtape("demo").status == 0)
        let started = Date()
        let refused = try scratch.navtape("ingest", "http://127.0.0.1:1/", "navtape-demo.navtape", "--retries", "0")
        #expect(refused.status == 74 && refused.stdout.isEmpty, "\(refused)")
        #expect(refused.stderr.hasPrefix("http://127.0.0.1:1/: cannot connect: "), "\(refused)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("navtape-ingest.checkpoint")))

        let retried = try scratch.navtape("ingest", "http://127.0.0.1:1/", "navtape-demo.navtape", "--retries", "1", "--json")
        let lines = retried.stderr.split(separator: "\n").map(String.init)
        #expect(retried.status == 74 && retried.stdout.isEmpty && lines.count == 2, "\(retried)")
        let notice = try #require(lines.first)
        #expect(notice.hasPrefix("ingest: http://127.0.0.1:1/: cannot connect: ") && notice.hasSuffix("; again in 200 ms"), "\(notice)")
        #expect(lines.last == String(notice.dropFirst("ingest: ".count).dropLast("; again in 200 ms".count)))
        #expect(Date().timeIntervalSince(started) < 10, "--retries 0 and 1 fail within a second")

        // The password is never printed.
        let secret = try scratch.navtape("ingest", "http://u:secret@127.0.0.1:1/?database=fleet", "navtape-demo.navtape", "--retries", "0")
        #expect(secret.status == 74 && secret.stderr.hasPrefix("http://u@127.0.0.1:1/?database=fleet: cannot connect: "))
        #expect(!secret.stderr.contains("secret"))

        let badURL = try scratch.navtape("ingest", "https://127.0.0.1/", "navtape-demo.navtape")
        #expect(badURL.status == 64 && badURL.stderr.hasPrefix("https://127.0.0.1/: https is not supported"), "\(badURL)")
        #expect(try scratch.navtape("ingest", "http://127.0.0.1:1/", "navtape-demo.navtape", "--batch", "0").status == 64)
    }
}
