import NavTape
import NavigationCore

/// The facts as JSON lines, one row per line in ClickHouse's `JSONEachRow` format (docs/JSON.md,
/// "Facts"): the `sessions` and `moments` tables of `Integrations/ClickHouse/schema.sql`.
///
/// Keys are written sorted and every column is always present: an unknown string is `""` (the
/// tables' key columns cannot be null), a Boolean is `0` or `1`, a map is two arrays (ClickHouse
/// 18.16 has no `Map`). A moment is written straight into bytes: `navtape facts` writes hundreds of
/// thousands a second; ``momentValue(_:session:origin:device:day:)`` is the same row as a
/// ``JSONValue`` (the tests hold the two equal).
public enum FactsRows {
    /// The columns of each table, in the order the rows write them.
    public static let sessionColumns = [
        "app", "appVersion", "bugCounts", "bugRules", "build", "collapses", "collapsesAtLaunch", "commands", "day", "deepestStack",
        "device", "deviceModel", "displayModeTimes", "displayModes", "divergences", "duration", "events", "forkIndex", "hash", "log",
        "os", "parent", "parentSession", "policy", "rejectedCounts", "rejectedRules", "resyncs", "schema", "screenTimes", "screens",
        "separates",
        "session", "start", "style",
    ]

    /// See ``sessionColumns``.
    public static let momentColumns = [
        "app", "appVersion", "bugs", "build", "collapsed", "command", "day", "depthPrimary", "depthSecondary", "depthSupplementary",
        "device", "displayMode", "diverged", "divergences", "height", "idiom", "index", "last", "presented", "rotation", "rules", "session",
        "sizeClass", "time", "topPrimary", "topSecondary", "topSupplementary", "width",
    ]

    /// The `sessions` row of `facts`.
    public static func sessionValue(_ facts: SessionFacts) -> JSONValue {
        let s = facts.summary
        func pairs<V>(_ table: [String: V], _ value: (V) -> JSONValue) -> (JSONValue, JSONValue) {
            let sorted = table.sorted { $0.key < $1.key }
            return (.array(sorted.map { .string($0.key) }), .array(sorted.map { value($0.value) }))
        }
        let (bugRules, bugCounts) = pairs(s.bugs) { .int(Int64($0)) }
        let (rejectedRules, rejectedCounts) = pairs(s.rejected) { .int(Int64($0)) }
        let (screens, screenTimes) = pairs(s.screens) { .int($0) }
        let (modes, modeTimes) = pairs(s.displayModes) { .int($0) }
        return .object([
            "app": .string(s.app ?? ""), "appVersion": .string(s.appVersion ?? ""), "build": .string(s.build ?? ""),
            "os": .string(s.os ?? ""), "deviceModel": .string(s.deviceModel ?? ""),
            "bugRules": bugRules, "bugCounts": bugCounts, "rejectedRules": rejectedRules, "rejectedCounts": rejectedCounts,
            "screens": screens, "screenTimes": screenTimes, "displayModes": modes, "displayModeTimes": modeTimes,
            "collapses": .int(Int64(s.collapses)), "collapsesAtLaunch": .int(Int64(s.collapsesAtLaunch)),
            "commands": .int(Int64(s.commands)), "day": .string(facts.day), "deepestStack": .int(Int64(s.deepestStack)),
            "device": .string(s.device), "divergences": .int(Int64(s.divergences)), "duration": .int(s.duration),
            "events": .int(Int64(bitPattern: s.events)), "forkIndex": .int(Int64(bitPattern: facts.forkIndex)),
            "hash": .string(facts.hash), "log": .string(s.log), "parent": .string(s.parent ?? ""),
            "parentSession": .string(facts.parentSession ?? ""), "policy": .string(s.policy), "resyncs": .int(Int64(s.resyncs)),
            "schema": .int(Int64(Facts.schemaVersion)),
            "separates": .int(Int64(s.separates)), "session": .string(s.sessionID), "start": .int(s.start), "style": .string(s.style),
        ])
    }

    /// The library's row of a `sessions` row as ClickHouse answers it (`FORMAT JSONEachRow`): the
    /// summary ``sessionValue(_:)`` wrote. 64-bit integers may come as strings (ClickHouse 18.16
    /// quotes them), and `""` is an unknown value.
    /// - Throws: ``JSONError`` naming the first column missing or of the wrong type.
    public static func summary(ofSessionRow row: JSONValue) throws(JSONError) -> SessionSummary {
        func number(_ value: JSONValue?, _ key: String) throws(JSONError) -> JSONValue {
            switch value {
            case .int(let n)?: return .int(n)
            case .string(let text)?: if let n = Int64(text) { return .int(n) }
            default: break
            }
            throw JSONError("\(key): not a number")
        }
        func text(_ key: String) throws(JSONError) -> String {
            guard case .string(let text)? = row[key] else { throw JSONError("\(key): not a string") }
            return text
        }
        func known(_ key: String) throws(JSONError) -> JSONValue {
            let value = try text(key)
            return value.isEmpty ? .null : .string(value)
        }
        func table(_ names: String, _ values: String) throws(JSONError) -> JSONValue {
            guard case .array(let keys)? = row[names], case .array(let numbers)? = row[values], keys.count == numbers.count else {
                throw JSONError("\(names), \(values): not two arrays of one length")
            }
            var object: [String: JSONValue] = [:]
            for (key, value) in zip(keys, numbers) {
                guard case .string(let name) = key else { throw JSONError("\(names): not strings") }
                object[name] = try number(value, values)
            }
            return .object(object)
        }
        var object: [String: JSONValue] = [
            "log": .string(try text("log")), "sessionID": .string(try text("session")), "device": .string(try text("device")),
            "policy": .string(try text("policy")), "style": .string(try text("style")), "parent": try known("parent"),
            "bugs": try table("bugRules", "bugCounts"), "rejected": try table("rejectedRules", "rejectedCounts"),
            "screens": try table("screens", "screenTimes"), "displayModes": try table("displayModes", "displayModeTimes"),
            "app": try known("app"), "appVersion": try known("appVersion"), "build": try known("build"), "os": try known("os"),
            "deviceModel": try known("deviceModel"),
        ]
        for key in ["events", "commands", "duration", "collapses", "collapsesAtLaunch", "divergences", "resyncs", "start", "separates", "deepestStack"] {
            object[key] = try number(row[key], key)
        }
        return try JSONValue.object(object).decode(SessionSummary.self)
    }

    /// The `moments` row of `moment`, a command of session `session`.
    public static func momentValue(_ moment: MomentFacts, session: String, origin: SessionOrigin, device: String, day: String) -> JSONValue {
        .object([
            "app": .string(origin.app ?? ""), "appVersion": .string(origin.appVersion ?? ""), "build": .string(origin.build ?? ""),
            "bugs": .array(moment.bugs.map { .string($0.description) }), "collapsed": .int(moment.collapsed ? 1 : 0),
            "command": .string(moment.command), "day": .string(day), "depthPrimary": .int(Int64(moment.depths.primary)),
            "depthSecondary": .int(Int64(moment.depths.secondary)), "depthSupplementary": .int(Int64(moment.depths.supplementary)),
            "device": .string(device), "displayMode": .string(moment.displayMode.classicName),
            "diverged": .array(moment.diverged.map(JSONValue.string)), "divergences": .int(Int64(moment.divergences)),
            "height": .int(Int64(moment.traits.height)),
            "idiom": .string("\(moment.traits.idiom)"), "index": .int(Int64(bitPattern: moment.first)),
            "last": .int(Int64(bitPattern: moment.last)), "presented": .string(moment.tops.presented),
            "rotation": .int(moment.rotation ? 1 : 0), "rules": .array(moment.rules.map { .string($0.description) }),
            "session": .string(session), "sizeClass": .string("\(moment.traits.horizontalSizeClass)"), "time": .int(moment.time),
            "topPrimary": .string(moment.tops.primary), "topSecondary": .string(moment.tops.secondary),
            "topSupplementary": .string(moment.tops.supplementary), "width": .int(Int64(moment.traits.width)),
        ])
    }

    /// The columns of a moment that are the same for every moment of a session, written once per
    /// session: `"app":…,"appVersion":…` up to `"build"`'s value, and `"day"`, `"device"`, `"session"`.
    public struct SessionPrefix: Sendable {
        let app: [UInt8]
        let build: [UInt8]
        let day: [UInt8]
        let device: [UInt8]
        let session: [UInt8]

        /// The constant parts of session `session`'s moments.
        public init(session: String, origin: SessionOrigin, device: String, day: String) {
            func text(_ key: String, _ value: String, first: Bool = false) -> [UInt8] {
                var out: [UInt8] = first ? [] : Array(",".utf8)
                JSONValue.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                JSONValue.writeString(value, into: &out)
                return out
            }
            app = Array("{".utf8) + text("app", origin.app ?? "", first: true) + text("appVersion", origin.appVersion ?? "")
            build = text("build", origin.build ?? "")
            self.day = text("day", day)
            self.device = text("device", device)
            self.session = text("session", session)
        }
    }

    /// Appends `moment`'s row and a newline to `out`: the bytes of ``momentValue(_:session:origin:device:day:)``'s text.
    public static func appendMoment(_ moment: MomentFacts, prefix: SessionPrefix, to out: inout [UInt8]) {
        func key(_ name: StaticString) {
            out.append(UInt8(ascii: ","))
            out.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { out.append(contentsOf: $0) }
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
        }
        func int(_ name: StaticString, _ value: Int64) {
            key(name)
            JSONValue.writeInteger(value, into: &out)
        }
        func string(_ name: StaticString, _ value: String) {
            key(name)
            JSONValue.writeString(value, into: &out)
        }
        func rules(_ name: StaticString, _ rules: [RuleID]) {
            key(name)
            out.append(UInt8(ascii: "["))
            for (i, rule) in rules.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UInt8(ascii: "\""))
                out.append(contentsOf: familyTexts[Int(rule.family.rawValue)])
                out.append(UInt8(ascii: "-"))
                JSONValue.writeInteger(Int64(rule.number), into: &out)
                out.append(UInt8(ascii: "\""))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(contentsOf: prefix.app)
        rules("bugs", moment.bugs)
        out.append(contentsOf: prefix.build)
        int("collapsed", moment.collapsed ? 1 : 0)
        string("command", moment.command)
        out.append(contentsOf: prefix.day)
        int("depthPrimary", Int64(moment.depths.primary))
        int("depthSecondary", Int64(moment.depths.secondary))
        int("depthSupplementary", Int64(moment.depths.supplementary))
        out.append(contentsOf: prefix.device)
        string("displayMode", moment.displayMode.classicName)
        key("diverged")
        out.append(UInt8(ascii: "["))
        for (i, aspect) in moment.diverged.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(aspect, into: &out)
        }
        out.append(UInt8(ascii: "]"))
        int("divergences", Int64(moment.divergences))
        int("height", Int64(moment.traits.height))
        string("idiom", moment.traits.idiom == .pad ? "pad" : "phone")
        int("index", Int64(bitPattern: moment.first))
        int("last", Int64(bitPattern: moment.last))
        string("presented", moment.tops.presented)
        int("rotation", moment.rotation ? 1 : 0)
        rules("rules", moment.rules)
        out.append(contentsOf: prefix.session)
        string("sizeClass", moment.traits.horizontalSizeClass == .regular ? "regular" : "compact")
        int("time", moment.time)
        string("topPrimary", moment.tops.primary)
        string("topSecondary", moment.tops.secondary)
        string("topSupplementary", moment.tops.supplementary)
        int("width", Int64(moment.traits.width))
        out.append(UInt8(ascii: "}"))
        out.append(UInt8(ascii: "\n"))
    }

    /// `NV`, `BUG`, … by the family's raw value: each family as rule IDs spell it.
    private static let familyTexts: [[UInt8]] = RuleID.Family.allCases.map { Array(RuleID($0, 0).description.utf8.dropLast(2)) }

    /// The encoder ``Facts/read(_:jobs:tornTail:bufferBytes:encoder:sink:)`` takes: each log's
    /// moments as ``appendMoment(_:prefix:to:)`` writes them.
    public static let momentEncoder: @Sendable (TimeMachine) -> (MomentFacts, inout [UInt8]) -> Void = { machine in
        let prefix = SessionPrefix(
            session: machine.sessionID, origin: machine.sessionDescription.origin, device: machine.sessionDescription.device,
            day: SessionFacts.day(machine.startTime))
        return { moment, out in appendMoment(moment, prefix: prefix, to: &out) }
    }
}
