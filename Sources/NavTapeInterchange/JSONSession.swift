import NavTape
import NavigationCodec
import NavigationCore

/// The first line of an export (`docs/JSON.md`, "Session"): everything the log header holds, so an
/// import can write the same log again.
public struct JSONSession: Sendable {
    /// The version of the JSON lines format.
    public static let formatVersion: Int64 = 1

    /// The recording's identifier.
    public var sessionID: String
    /// Wall-clock start in milliseconds since the Unix epoch.
    public var startTime: Int64
    /// Style, initial traits, policy, device and layout.
    public var description: SessionDescription
    /// The session this log branches from and where, if it is a branch.
    public var parent: (sessionID: String, forkIndex: UInt64)?
    /// The state a branch starts from (its parent's state at the fork), `nil` for a fresh start.
    public var initialState: NavigationState?

    /// Creates a session line.
    public init(sessionID: String, startTime: Int64, description: SessionDescription,
                parent: (sessionID: String, forkIndex: UInt64)? = nil, initialState: NavigationState? = nil) {
        self.sessionID = sessionID
        self.startTime = startTime
        self.description = description
        self.parent = parent
        self.initialState = initialState
    }

    /// The session of an open log.
    public init(_ machine: TimeMachine) throws(NavTapeError) {
        let start = try machine.state(at: 0)
        self.init(sessionID: machine.sessionID, startTime: machine.startTime, description: machine.sessionDescription,
                  parent: machine.parent, initialState: start == machine.initialState ? nil : start)
    }

    /// The session object.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "type": .string("session"), "format": .int(Self.formatVersion), "sessionID": .string(sessionID),
            "startTime": .int(startTime), "style": description.style.json, "device": .string(description.device),
            "layout": .string(description.layout), "initialTraits": JSONCommand.encode(description.initialTraits),
            "policy": JSONPolicy.encode(description.policy),
            "parentSessionID": parent.map { .string($0.sessionID) } ?? .null,
            "forkIndex": .int(Int64(bitPattern: parent?.forkIndex ?? 0)),
        ]
        if let initialState {
            object["initialState"] = .string(StateCodec.encode(initialState).map(Self.hex).joined())
        }
        return .object(object)
    }

    /// Decodes a session object.
    /// - Throws: ``JSONError`` naming the member that does not fit.
    public init(json value: JSONValue) throws(JSONError) {
        let json = try JSONReader(value, "session")
        guard try json.string("type") == "session" else { throw json.fail("type", "\"session\" on the first line") }
        guard try json.int("format") == Self.formatVersion else { throw json.fail("format", "\(Self.formatVersion)") }
        let description = SessionDescription(
            style: try json.enumeration("style", SplitStyle.self), initialTraits: try JSONCommand.decodeTraits(json.object("initialTraits")),
            policy: try JSONPolicy.decode(json.object("policy")), device: try json.string("device"), layout: try json.string("layout"))
        var parent: (String, UInt64)?
        if let parentID = try json.optionalString("parentSessionID") {
            let fork = try json.int("forkIndex")
            guard fork >= 0 else { throw json.fail("forkIndex", "a non-negative integer") }
            parent = (parentID, UInt64(fork))
        }
        var initialState: NavigationState?
        if let hex = try json.optionalString("initialState") {
            guard let bytes = Self.bytes(hex: hex) else { throw json.fail("initialState", "hexadecimal bytes") }
            do {
                initialState = try StateCodec.decode(bytes)
            } catch {
                throw JSONError("session.initialState: \(error)")
            }
        }
        self.init(sessionID: try json.string("sessionID"), startTime: try json.int("startTime"), description: description,
                  parent: parent, initialState: initialState)
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    static func bytes(hex: String) -> [UInt8]? {
        let utf8 = Array(hex.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case 48...57: return c - 48
            case 97...102: return c - 87
            default: return nil
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count / 2)
        var i = 0
        while i < utf8.count {
            guard let high = nibble(utf8[i]), let low = nibble(utf8[i + 1]) else { return nil }
            result.append(high << 4 | low)
            i += 2
        }
        return result
    }
}

/// The JSON of a delegate policy: one member per delegate method, each an object with an
/// `"answer"` (`docs/JSON.md`, "Policy").
enum JSONPolicy {
    static func encode(_ policy: SplitPolicy) -> JSONValue {
        func primary(_ choice: PrimaryChoice) -> JSONValue {
            switch choice {
            case .notImplemented: return .object(["answer": .string("notImplemented")])
            case .returnsNil: return .object(["answer": .string("returnsNil")])
            case .secondary: return .object(["answer": .string("secondary")])
            }
        }
        func override(_ answer: OverrideAnswer) -> JSONValue {
            switch answer {
            case .notImplemented: return .object(["answer": .string("notImplemented")])
            case .returns(let value): return .object(["answer": .string("returns"), "value": .bool(value)])
            }
        }
        let collapse: JSONValue
        switch policy.collapseSecondary {
        case .notImplemented: collapse = .object(["answer": .string("notImplemented")])
        case .returns(let value): collapse = .object(["answer": .string("returns"), "value": .bool(value)])
        case .discardWhenRestorationID(let id): collapse = .object(["answer": .string("discardWhenRestorationID"), "value": .string(id)])
        case .discardWhenTopNamed(let name): collapse = .object(["answer": .string("discardWhenTopNamed"), "value": .string(name)])
        case .mergeStacks: collapse = .object(["answer": .string("mergeStacks")])
        }
        let separate: JSONValue
        switch policy.separateSecondary {
        case .notImplemented: separate = .object(["answer": .string("notImplemented")])
        case .returnsNil: separate = .object(["answer": .string("returnsNil")])
        case .fresh(let spec): separate = .object(["answer": .string("fresh"), "spec": JSONCommand.encode(spec)])
        case .keepWhenNestedTopNamed(let names, let otherwise):
            separate = .object(["answer": .string("keepWhenNestedTopNamed"), "names": .array(names.map(JSONValue.string)),
                                "otherwise": JSONCommand.encode(otherwise)])
        }
        let target: JSONValue
        switch policy.targetDisplayMode {
        case .notImplemented: target = .object(["answer": .string("notImplemented")])
        case .automatic: target = .object(["answer": .string("automatic")])
        case .mode(let mode): target = .object(["answer": .string("mode"), "mode": mode.json])
        }
        let expanding: JSONValue
        switch policy.displayModeForExpanding {
        case .notImplemented: expanding = .object(["answer": .string("notImplemented")])
        case .automatic: expanding = .object(["answer": .string("automatic")])
        case .mode(let mode): expanding = .object(["answer": .string("mode"), "mode": mode.json])
        }
        let topColumn: JSONValue
        switch policy.topColumnForCollapsing {
        case .notImplemented: topColumn = .object(["answer": .string("notImplemented")])
        case .column(let column): topColumn = .object(["answer": .string("column"), "column": column.json])
        }
        let shouldHide: JSONValue
        switch policy.shouldHide {
        case .notImplemented: shouldHide = .object(["answer": .string("notImplemented")])
        case .returns(let portrait, let landscape):
            shouldHide = .object(["answer": .string("returns"), "portrait": .bool(portrait), "landscape": .bool(landscape)])
        }
        return .object([
            "topColumnForCollapsing": topColumn, "displayModeForExpanding": expanding, "shouldHide": shouldHide,
            "implementsWillHide": .bool(policy.implementsWillHide),
            "name": .string(policy.name), "primaryForCollapsing": primary(policy.primaryForCollapsing),
            "collapseSecondary": collapse, "primaryForExpanding": primary(policy.primaryForExpanding),
            "separateSecondary": separate, "targetDisplayMode": target,
            "showOverride": override(policy.showOverride), "showDetailOverride": override(policy.showDetailOverride),
        ])
    }

    static func decode(_ json: JSONReader) throws(JSONError) -> SplitPolicy {
        func primary(_ key: String) throws(JSONError) -> PrimaryChoice {
            let answer = try json.object(key)
            switch try answer.string("answer") {
            case "notImplemented": return .notImplemented
            case "returnsNil": return .returnsNil
            case "secondary": return .secondary
            default: throw answer.fail("answer", "notImplemented, returnsNil or secondary")
            }
        }
        func override(_ key: String) throws(JSONError) -> OverrideAnswer {
            let answer = try json.object(key)
            switch try answer.string("answer") {
            case "notImplemented": return .notImplemented
            case "returns": return .returns(try answer.bool("value"))
            default: throw answer.fail("answer", "notImplemented or returns")
            }
        }
        var policy = SplitPolicy(name: try json.string("name"), primaryForCollapsing: try primary("primaryForCollapsing"),
                                 primaryForExpanding: try primary("primaryForExpanding"),
                                 showOverride: try override("showOverride"), showDetailOverride: try override("showDetailOverride"))
        let collapse = try json.object("collapseSecondary")
        switch try collapse.string("answer") {
        case "notImplemented": policy.collapseSecondary = .notImplemented
        case "returns": policy.collapseSecondary = .returns(try collapse.bool("value"))
        case "discardWhenRestorationID": policy.collapseSecondary = .discardWhenRestorationID(try collapse.string("value"))
        case "discardWhenTopNamed": policy.collapseSecondary = .discardWhenTopNamed(try collapse.string("value"))
        case "mergeStacks": policy.collapseSecondary = .mergeStacks
        default: throw collapse.fail("answer", "a collapseSecondary answer")
        }
        let separate = try json.object("separateSecondary")
        switch try separate.string("answer") {
        case "notImplemented": policy.separateSecondary = .notImplemented
        case "returnsNil": policy.separateSecondary = .returnsNil
        case "fresh": policy.separateSecondary = .fresh(try JSONCommand.decodeSpec(separate.value("spec"), "policy.separateSecondary.spec", depth: 0))
        case "keepWhenNestedTopNamed":
            var names: [String] = []
            for item in try separate.array("names") {
                guard case .string(let name) = item else { throw separate.fail("names", "strings") }
                names.append(name)
            }
            let otherwise = try JSONCommand.decodeSpec(separate.value("otherwise"), "policy.separateSecondary.otherwise", depth: 0)
            policy.separateSecondary = .keepWhenNestedTopNamed(names, otherwise: otherwise)
        default: throw separate.fail("answer", "a separateSecondary answer")
        }
        policy.targetDisplayMode = try targetAnswer(json.object("targetDisplayMode"))
        policy.displayModeForExpanding = try targetAnswer(json.object("displayModeForExpanding"))
        let topColumn = try json.object("topColumnForCollapsing")
        switch try topColumn.string("answer") {
        case "notImplemented": policy.topColumnForCollapsing = .notImplemented
        case "column": policy.topColumnForCollapsing = .column(try topColumn.enumeration("column", Column.self))
        default: throw topColumn.fail("answer", "notImplemented or column")
        }
        let shouldHide = try json.object("shouldHide")
        switch try shouldHide.string("answer") {
        case "notImplemented": policy.shouldHide = .notImplemented
        case "returns": policy.shouldHide = .returns(portrait: try shouldHide.bool("portrait"), landscape: try shouldHide.bool("landscape"))
        default: throw shouldHide.fail("answer", "notImplemented or returns")
        }
        policy.implementsWillHide = try json.bool("implementsWillHide")
        return policy
    }

    static func targetAnswer(_ answer: JSONReader) throws(JSONError) -> TargetDisplayModeAnswer {
        switch try answer.string("answer") {
        case "notImplemented": return .notImplemented
        case "automatic": return .automatic
        case "mode": return .mode(try answer.displayMode("mode"))
        default: throw answer.fail("answer", "notImplemented, automatic or mode")
        }
    }
}
