import NavTape
import NavigationCodec
import NavigationCore

/// The first line of an export (`docs/JSON.md`, "Session"): everything the log header holds, so an
/// import can write the same log again.
public struct JSONSession: Sendable {
    /// The version of the JSON lines format.
    public static let formatVersion: Int64 = 2

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
    public init(
        sessionID: String, startTime: Int64, description: SessionDescription,
        parent: (sessionID: String, forkIndex: UInt64)? = nil, initialState: NavigationState? = nil
    ) {
        self.sessionID = sessionID
        self.startTime = startTime
        self.description = description
        self.parent = parent
        self.initialState = initialState
    }

    /// The session of an open log.
    public init(_ machine: TimeMachine) throws(NavTapeError) {
        let start = try machine.state(at: 0)
        self.init(
            sessionID: machine.sessionID, startTime: machine.startTime, description: machine.sessionDescription,
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
        // Who recorded it: only the fields known, so a log without them exports as before.
        object.merge(JSONOrigin.members(description.origin).filter { $0.value != .null }) { a, _ in a }
        return .object(object)
    }

    /// Decodes a session object.
    /// - Throws: ``JSONError`` naming the member that does not fit.
    public init(json value: JSONValue) throws(JSONError) {
        let json = try JSONReader(value, "session")
        guard try json.string("type") == "session" else { throw json.fail("type", "\"session\" on the first line") }
        let format = try json.int("format")
        guard format == 1 || format == Self.formatVersion else { throw json.fail("format", "1 or \(Self.formatVersion)") }
        let policy =
            format == 1
            ? try JSONPolicy.decodeFormat1(json.object("policy"))
            : try JSONPolicy.decode(json.value("policy"), "session.policy")
        let description = SessionDescription(
            style: try json.enumeration("style", SplitStyle.self), initialTraits: try JSONCommand.decodeTraits(json.object("initialTraits")),
            policy: policy, device: try json.string("device"), layout: try json.string("layout"),
            origin: try JSONOrigin.decode(json))
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
        self.init(
            sessionID: try json.string("sessionID"), startTime: try json.int("startTime"), description: description,
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

/// The JSON of who recorded a session (``SessionOrigin``): the members `app`, `appVersion`, `build`,
/// `os` and `deviceModel`, each a string, or `null` (or absent) when unknown.
public enum JSONOrigin {
    /// The five members, `null` for each unknown field.
    public static func members(_ origin: SessionOrigin) -> [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: zip(SessionOrigin.fieldNames, origin.fields).map { ($0, $1.map(JSONValue.string) ?? .null) })
    }

    /// `{"type":"origin","app":…,…}`, the first line of `navtape log --json` for a session whose
    /// origin is known; `nil` when nothing is.
    public static func header(_ origin: SessionOrigin) -> JSONValue? {
        origin.isUnknown ? nil : .object(members(origin).merging(["type": .string("origin")]) { a, _ in a })
    }

    /// Reads the five members of `json`: absent or `null` is unknown.
    /// - Throws: ``JSONError`` for a member that is not a string, is empty, longer than
    ///   ``SessionOrigin/maximumFieldLength`` bytes, or holds a control character.
    static func decode(_ json: JSONReader) throws(JSONError) -> SessionOrigin {
        var origin = SessionOrigin.unknown
        for name in SessionOrigin.fieldNames {
            guard let value = try json.optionalString(name) else { continue }
            if let problem = SessionOrigin.problem(with: value) { throw JSONError("\(json.context).\(name): \(problem)") }
            origin[field: name] = value
        }
        return origin
    }
}

/// The JSON of a delegate policy: its text in the policy language (`docs/ScriptFormat.md`,
/// "Delegate policies"), the one human form of a policy. Format 1 (earlier builds) wrote an object
/// of constant answers, still read.
enum JSONPolicy {
    /// A format 1 policy object: each constant answer is spelled as the policy language's legacy
    /// shorthand (`collapseSecondary discardWhenRestorationID NoSelectionNC`), so it becomes the
    /// same rules a script line gives it.
    static func decodeFormat1(_ json: JSONReader) throws(JSONError) -> SplitPolicy {
        var clauses = ["reset"]
        for method in DelegateMethod.allCases where !json.isNull(method.name) {
            let answer = try json.object(method.name)
            let kind = try answer.string("answer")
            let spelled: String
            switch (method, kind) {
            case (_, "notImplemented"): continue
            case (.primaryForCollapsing, "returnsNil"), (.primaryForExpanding, "returnsNil"), (.separateSecondary, "returnsNil"):
                spelled = "nil"
            case (.primaryForCollapsing, "secondary"), (.primaryForExpanding, "secondary"), (.collapseSecondary, "mergeStacks"),
                (.targetDisplayMode, "automatic"), (.displayModeForExpanding, "automatic"):
                spelled = kind
            case (.collapseSecondary, "returns"), (.showOverride, "returns"), (.showDetailOverride, "returns"):
                spelled = "returns \(try answer.bool("value"))"
            case (.collapseSecondary, "discardWhenRestorationID"), (.collapseSecondary, "discardWhenTopNamed"):
                spelled = "\(kind) \(try answer.string("value"))"
            case (.separateSecondary, "fresh"):
                spelled = "fresh " + (try JSONCommand.decodeSpec(answer.value("spec"), "\(answer.context).spec", depth: 0)).notation
            case (.separateSecondary, "keepWhenNestedTopNamed"):
                let names = try answer.array("names").map { (name: JSONValue) throws(JSONError) -> String in
                    guard case .string(let text) = name else { throw answer.fail("names", "strings") }
                    return text
                }
                let otherwise = try JSONCommand.decodeSpec(answer.value("otherwise"), "\(answer.context).otherwise", depth: 0)
                spelled = "keepWhenNestedTopNamed \(names.joined(separator: ",")) otherwise \(otherwise.notation)"
            case (.targetDisplayMode, "mode"), (.displayModeForExpanding, "mode"):
                spelled = try answer.string("mode")
            case (.topColumnForCollapsing, "column"):
                spelled = try answer.string("column")
            case (.shouldHide, "returns"):
                spelled = "returns \(try answer.bool("portrait")) \(try answer.bool("landscape"))"
            default:
                throw answer.fail("answer", "an answer of \(method.name) in format 1")
            }
            clauses.append("\(method.name) \(spelled)")
        }
        if !json.isNull("implementsWillHide") { clauses.append("implementsWillHide \(try json.bool("implementsWillHide"))") }
        var policy: SplitPolicy
        do {
            policy = try SplitPolicy(parsing: clauses.joined(separator: "; "))
        } catch {
            throw JSONError("\(json.context): \(error.message)")
        }
        policy.name = try json.string("name")
        return policy
    }

    static func encode(_ policy: SplitPolicy) -> JSONValue { .string(policy.text) }

    static func decode(_ value: JSONValue, _ context: String) throws(JSONError) -> SplitPolicy {
        guard case .string(let text) = value else { throw JSONError("\(context): expected a policy in the policy language (a string)") }
        do {
            return try SplitPolicy(parsing: text)
        } catch {
            throw JSONError("\(context): \(error.message) (at character \(error.offset + 1))")
        }
    }
}
