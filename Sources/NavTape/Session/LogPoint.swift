import NavigationCore

/// A point of a log, named the way `navtape log` numbers events: `N` is the state after event `@N`
/// (it includes it), `start` the state before the first event, `end` the state after the last; or a
/// time, `+SECONDS` from the session's start or ISO 8601 UTC: the state after every event at or
/// before it. The command line's `--at`, the server's `?at=` and the page's address all name points
/// this way.
public enum LogPoint: Hashable, Sendable, CustomStringConvertible {
    /// Before the first event.
    case start
    /// After the last event.
    case end
    /// After event `@N`.
    case after(UInt64)
    /// After every event at or before a time, with the text it was written as.
    case time(SessionTime.Value, String)

    /// Reads `start`, `end`, an event number (digits), `+SECONDS` or an ISO 8601 UTC time; `nil` for
    /// anything else.
    public init?(parsing text: String) {
        switch text {
        case "start": self = .start
        case "end": self = .end
        default:
            // Digits only: UInt64 would also read "+600", which is a time.
            if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let index = UInt64(text) {
                self = .after(index)
            } else if let time = Self.time(text) {
                self = .time(time, text)
            } else {
                return nil
            }
        }
    }

    /// A time as a point names it: `+SECONDS` (relative to the session's start) or an absolute time.
    public static func time(_ text: String) -> SessionTime.Value? {
        if text.hasPrefix("+"), let offset = SessionTime.parseDuration(text.dropFirst()) { return .relative(offset) }
        if let parsed = SessionTime.parse(text), case .absolute = parsed { return parsed }
        return nil
    }

    /// `@12`, `start`, `end`, or the time as written.
    public var description: String {
        switch self {
        case .start: "start"
        case .end: "end"
        case .after(let index): "@\(index)"
        case .time(_, let text): text
        }
    }

    /// The number of events applied at this point of `machine`'s log.
    /// - Throws: ``NavTapeError`` `.invalidArgument` for an event past the log's end.
    public func count(in machine: TimeMachine) throws(NavTapeError) -> UInt64 {
        switch self {
        case .start: return 0
        case .end: return machine.eventCount
        case .after(let index):
            guard index < machine.eventCount else {
                let range = machine.eventCount == 0 ? "it has no events" : "its events are @0…@\(machine.eventCount - 1)"
                throw NavTapeError(.invalidArgument, path: machine.path, "event \(index) is past the end (\(range))")
            }
            return index + 1
        case .time(let value, _):
            return try machine.count(atTime: value.milliseconds(from: machine.startTime))
        }
    }

    /// The point after the first `count` events as a point is written: `@N` for the state after
    /// event N (`@18` after 19 events), `start` before any.
    public static func name(ofCount count: UInt64) -> String {
        count == 0 ? "start" : "@\(count - 1)"
    }

    /// How a state at `count` events is introduced: `after @12 (13 of 40 events)`.
    public static func caption(_ count: UInt64, of total: UInt64) -> String {
        count == 0 ? "at the start (0 of \(Plural.count(total, "event")))" : "after @\(count - 1) (\(count) of \(Plural.count(total, "event")))"
    }
}
