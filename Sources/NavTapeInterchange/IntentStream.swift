import NavTape
import NavigationCodec
import NavigationCore

/// The session line of a capture (`docs/Capture.md`, "The session line").
public struct CaptureSession: Hashable, Sendable {
    /// The log's session identifier, if the stream names one.
    public var sessionID: String?
    /// The session's start, if the stream gives one.
    public var startTime: Int64?
    /// Style, initial traits, delegate, device.
    public var description: SessionDescription
    /// The device preset, when `device` names one (then traits may be `"portrait"` / `"landscape"`).
    public var device: Device?
}

/// Decodes the lines of an intent stream (`docs/Capture.md`): the app's commands in its own
/// words, with the observed state. The schema is `docs/capture.schema.json`.
public enum IntentStream {
    /// The longest line read (1 MiB): a capture line is a command and an observation, a few
    /// hundred bytes; a longer one is refused before it is held whole.
    public static let maximumLineLength = 1 << 20

    /// Whether a line carries nothing (blank, or a `//` comment).
    public static func isSkipped<Line: StringProtocol>(_ line: Line) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return trimmed.isEmpty || trimmed.hasPrefix("//")
    }

    /// Decodes the session line.
    /// - Parameter line: The first line of the stream.
    /// - Throws: ``JSONError`` naming the member that does not fit.
    public static func session(_ line: String) throws(JSONError) -> CaptureSession {
        let value = try JSONValue.parse(line)
        let json = try JSONReader(value, "session")
        try json.allow(["navtape", "version", "session", "startTime", "style", "device", "traits", "delegate"] + SessionOrigin.fieldNames)
        guard (try? json.string("navtape")) == "intents" else { throw json.fail("navtape", "\"intents\" on the first line") }
        guard try json.int("version") == 1 else { throw json.fail("version", "1") }
        let style = json.isNull("style") ? .unspecified : try json.enumeration("style", SplitStyle.self)
        let label = try json.optionalString("device") ?? "custom"
        let device = Device(rawValue: label)
        guard !json.isNull("traits") || device != nil else { throw JSONError("session: missing \"traits\" (or a preset \"device\")") }
        let traits = json.isNull("traits") ? device.map { $0.traits(.portrait) } : try Self.traits(json, "traits", device: device)
        let policy = json.isNull("delegate") ? .noDelegate : try JSONPolicy.decode(json.value("delegate"), "session.delegate")
        var startTime: Int64?
        if !json.isNull("startTime") { startTime = try time(json, "startTime") }
        let description = SessionDescription(
            style: style, initialTraits: traits ?? Device.iPad.traits(.landscape), policy: policy,
            device: label, layout: "captured", origin: try JSONOrigin.decode(json))
        return CaptureSession(
            sessionID: try json.optionalString("session"), startTime: startTime, description: description,
            device: device)
    }

    /// Decodes a command line.
    /// - Parameters:
    ///   - line: One line after the session line.
    ///   - session: The stream's session (for `"portrait"` / `"landscape"` traits).
    /// - Throws: ``JSONError`` naming the member that does not fit.
    public static func intent(_ line: String, session: CaptureSession) throws(JSONError) -> CapturedIntent {
        try intent(JSONReader(JSONValue.parse(line), "line"), session: session)
    }

    /// Decodes a line after the session line: a command, or a `resync` (`docs/Capture.md`, "Resync").
    /// - Parameters:
    ///   - line: One line after the session line.
    ///   - session: The stream's session (for `"portrait"` / `"landscape"` traits).
    /// - Throws: ``JSONError`` naming the member that does not fit.
    public static func line(_ line: String, session: CaptureSession) throws(JSONError) -> CapturedLine {
        let json = try JSONReader(JSONValue.parse(line), "line")
        if json.isNull("resync") { return .intent(try intent(json, session: session)) }
        try json.allow(["resync", "time"])
        var time: Int64?
        if !json.isNull("time") { time = try Self.time(json, "time") }
        return .resync(CapturedResync(observed: try observation(json.object("resync"), in: "resync"), time: time))
    }

    static func intent(_ json: JSONReader, session: CaptureSession) throws(JSONError) -> CapturedIntent {
        let name = try json.string("command")
        guard let kind = CommandKind(name: name) else {
            let suggestion = CommandKind.suggestion(for: name, among: CommandKind.allCases.map(\.name)).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw JSONError("command: unknown command \"\(name)\"\(suggestion)")
        }
        let parameters = kind.signature.parameters
        try json.allow(["command", "time", "observed"] + parameters.map(\.name))
        var arguments: [CapturedArgument] = []
        for parameter in parameters {
            let key = parameter.name
            switch parameter.type {
            case .controller: arguments.append(.controller(try controller(json.value(key), key)))
            case .optionalController:
                arguments.append(.optionalController(json.isNull(key) ? nil : try controller(json.value(key), key)))
            case .controllers: arguments.append(.controllers(try controllers(json.value(key), key)))
            case .tree: arguments.append(.tree(try controller(json.value(key), key)))
            case .traits:
                if parameter.isOptional && json.isNull(key) {
                    arguments.append(.value(.traits(session.description.initialTraits)))
                } else {
                    arguments.append(.value(.traits(try traits(json, key, device: session.device))))
                }
            case .flag where parameter.isOptional && json.isNull(key): arguments.append(.value(.flag(true)))
            default:
                // Every other parameter is spelled as in the JSON command form.
                arguments.append(.value(try JSONCommand.argument(parameter, in: json)))
            }
        }
        var time: Int64?
        if !json.isNull("time") { time = try Self.time(json, "time") }
        var observed: CapturedObservation?
        if !json.isNull("observed") { observed = try observation(json.object("observed"), in: "observed") }
        return CapturedIntent(kind: kind, arguments: arguments, time: time, observed: observed)
    }

    /// The times a stream may give: milliseconds from 1970 to the end of the year 9999. A time past
    /// it (`9223372036854775807`) would be accepted and then make every later line's refused.
    public static let times: ClosedRange<Int64> = 0...253_402_300_799_999

    /// The time `key` of `json`, in ``times``.
    static func time(_ json: JSONReader, _ key: String) throws(JSONError) -> Int64 {
        let value = try json.int(key)
        guard times.contains(value) else { throw json.fail(key, "milliseconds from 1970 to the year 9999, found \(value)") }
        return value
    }

    static func traits(_ json: JSONReader, _ key: String, device: Device?) throws(JSONError) -> Traits {
        if case .string(let text) = try json.value(key) {
            guard let orientation = Orientation(jsonName: text) else { throw json.fail(key, "\"portrait\", \"landscape\" or a traits object") }
            guard let device else { throw json.fail(key, "a traits object (\"\(text)\" needs a preset device)") }
            return device.traits(orientation)
        }
        let object = try json.object(key)
        var members = object.members
        if members["sideBySide"] == nil { members["sideBySide"] = .string("byOrientation") }
        return try JSONCommand.decodeTraits(JSONReader(.object(members), object.context))
    }

    static func controller(_ value: JSONValue, _ context: String, depth: Int = 0) throws(JSONError) -> CapturedController {
        switch value {
        case .string(let identity) where !identity.isEmpty:
            return CapturedController(reference: identity)
        case .object:
            guard depth < ControllerSpec.maximumDepth else { throw JSONError("\(context): a tree deeper than \(ControllerSpec.maximumDepth)") }
            let json = try JSONReader(value, context)
            try json.allow(["id", "name", "kind", "restorationID", "children"])
            let identity = try json.string("id")
            guard !identity.isEmpty else { throw json.fail("id", "a non-empty identity") }
            guard let name = try json.optionalString("name") else { return CapturedController(reference: identity) }
            var children: [CapturedController] = []
            if !json.isNull("children") {
                for (i, child) in try json.array("children").enumerated() {
                    children.append(try controller(child, "\(context).children[\(i)]", depth: depth + 1))
                }
            }
            let kind = json.isNull("kind") ? nil : try json.enumeration("kind", ControllerKind.self)
            return CapturedController(
                identity: identity, name: name, kind: kind, restorationID: try json.optionalString("restorationID"),
                children: children)
        default:
            throw JSONError("\(context): expected a controller: an identity string or {\"id\": …, \"name\": …}")
        }
    }

    static func controllers(_ value: JSONValue, _ context: String) throws(JSONError) -> [CapturedController] {
        guard case .array(let items) = value else { throw JSONError("\(context): expected a list of controllers") }
        var result: [CapturedController] = []
        for (i, item) in items.enumerated() { result.append(try controller(item, "\(context)[\(i)]")) }
        return result
    }

    static func observation(_ json: JSONReader, in member: String) throws(JSONError) -> CapturedObservation {
        try json.allow(["viewControllers", "stacks", "collapsed", "displayMode"])
        var observation = CapturedObservation()
        if !json.isNull("viewControllers") {
            observation.viewControllers = try controllers(json.value("viewControllers"), "\(member).viewControllers")
        }
        if !json.isNull("stacks") {
            for (i, item) in try json.array("stacks").enumerated() {
                let context = "\(member).stacks[\(i)]"
                let stack = try JSONReader(item, context)
                try stack.allow(["navigation", "viewControllers"])
                observation.stacks.append(
                    CapturedObservation.Stack(
                        navigation: try controller(stack.value("navigation"), "\(context).navigation"),
                        viewControllers: try controllers(stack.value("viewControllers"), "\(context).viewControllers")))
            }
        }
        if !json.isNull("collapsed") { observation.collapsed = try json.bool("collapsed") }
        if !json.isNull("displayMode") { observation.displayMode = try json.displayMode("displayMode") }
        return observation
    }
}

extension JSONReader {
    /// Fails on a member not in `keys`: a misspelt member is an error, not silently ignored.
    func allow(_ keys: [String]) throws(JSONError) {
        for key in members.keys.sorted() where !keys.contains(key) {
            let suggestion = Suggestion.closest(to: key, among: keys).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw JSONError("\(context): unknown member \"\(key)\"\(suggestion)")
        }
    }
}

/// Records an intent stream line by line (`docs/Capture.md`): the session line, then each command
/// decided, compared and appended as it is fed. The one ingestion loop behind
/// `navtape record --intents` and the tests; the caller reads, syncs and acknowledges.
public struct CaptureIngest {
    /// The log to create.
    public let path: String
    /// The input's name for messages and the default session identifier (`stdin` for standard input).
    public let file: String
    /// The session line, once read.
    public private(set) var session: CaptureSession?
    /// The recorder, once the session line (with `startTime`), the first command or the end of input
    /// has created the log.
    public private(set) var capture: CaptureRecorder?
    /// The number of command lines recorded.
    public private(set) var commandCount = 0
    /// The number of divergences recorded.
    public private(set) var divergenceCount = 0
    /// The number of resync lines that adopted what UIKit showed.
    public private(set) var resyncCount = 0
    private let options: RecorderOptions
    private let now: () -> Int64

    /// Prepares to record the stream read from `file` to a new log at `path`.
    ///
    /// - Parameters:
    ///   - path: The new log; created with the session line when it gives `startTime`, else when the
    ///     first command arrives (whose time then starts the session).
    ///   - file: The input's name.
    ///   - options: How the log is written (a live capture: `Publication.live`).
    ///   - now: The wall clock in milliseconds, for a stream that gives no times.
    public init(path: String, file: String, options: RecorderOptions, now: @escaping () -> Int64) {
        self.path = path
        self.file = file
        self.options = options
        self.now = now
    }

    /// Feeds line `number` of the stream.
    ///
    /// - Parameters:
    ///   - line: The line, without its terminator.
    ///   - number: Its 1-based number, for messages.
    /// - Returns: What recording the line did, or `nil` for the session line, a blank line or a comment.
    /// - Throws: ``NavTapeError`` `.dataError` whose path is `FILE:LINE` for a line that does not fit the
    ///   format or cannot be decided (nothing of it is appended); the log's errors as they come.
    public mutating func feed(_ line: String, number: Int) throws(NavTapeError) -> CaptureStep? {
        guard !IntentStream.isSkipped(line) else { return nil }
        func fail(_ message: String) -> NavTapeError { NavTapeError(.dataError, path: "\(file):\(number)", message) }
        guard let session else {
            do {
                session = try IntentStream.session(line)
            } catch {
                throw fail("\(error)")
            }
            // With its start known, the log appears at once, so a reader can follow it from the start.
            if self.session?.startTime != nil { try start(at: nil) }
            return nil
        }
        let decoded: CapturedLine
        do {
            decoded = try IntentStream.line(line, session: session)
        } catch {
            throw fail("\(error)")
        }
        if capture == nil { try start(at: decoded.time) }
        guard let capture else { return nil }
        let step: CaptureStep
        do {
            switch decoded {
            case .intent(let intent): step = try capture.record(intent)
            case .resync(let resync): step = try capture.resync(resync)
            }
        } catch {
            // An intent the model cannot decide is the line's fault; the log's errors are the log's.
            guard error.code == .invalidArgument else { throw error }
            throw fail(error.message)
        }
        if step.command == nil {
            if !step.events.isEmpty { resyncCount += 1 }
        } else {
            commandCount += 1
        }
        divergenceCount += step.divergences.count
        return step
    }

    /// Ends the stream: creates the log if only the session line came, then closes it.
    /// - Throws: ``NavTapeError`` `.dataError` for an input with no session line; the log's errors.
    public mutating func finish() throws(NavTapeError) {
        guard session != nil else {
            throw NavTapeError(.dataError, path: file, "empty input: expected a session line ({\"navtape\":\"intents\",…})")
        }
        if capture == nil { try start(at: nil) }
        try capture?.close()
    }

    /// Creates the log: its start is the stream's `startTime`, else the first command's time, else now.
    private mutating func start(at firstTime: Int64?) throws(NavTapeError) {
        guard let session else { return }
        let startTime = session.startTime ?? firstTime ?? now()
        let sessionID = session.sessionID ?? (file == "stdin" ? "stdin" : Self.baseName(file))
        capture = try CaptureRecorder(
            creating: path, description: session.description, sessionID: sessionID,
            startTime: startTime, options: options)
    }

    /// `cp` for `captures/cp.intents.jsonl`.
    static func baseName(_ file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.split(separator: ".").first.map(String.init) ?? base
    }
}
