import NavigationCore
import ArgumentParser
import NavTape

/// A point of a log, named the way `navtape log` numbers events (README, "Event numbers"): `N` is
/// the state after event `@N` (it includes it), `start` the state before the first event, `end` the
/// state after the last; or a time, `+SECONDS` from the session's start or ISO 8601 UTC, the state
/// after every event at or before it (as `state --time`).
enum EventPoint: ExpressibleByArgument, Hashable, CustomStringConvertible {
    case start
    case end
    case after(UInt64)
    /// A time and how it was written.
    case time(SessionTime.Value, String)

    init?(argument: String) {
        switch argument {
        case "start": self = .start
        case "end": self = .end
        default:
            // Digits only: UInt64 would also read "+600", which is a time.
            if !argument.isEmpty, argument.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let index = UInt64(argument) {
                self = .after(index)
            } else if let time = TimeArgument(argument: argument) {
                self = .time(time.value, argument)
            } else {
                return nil
            }
        }
    }

    /// `@12`, `start`, `end`.
    var description: String {
        switch self {
        case .start: return "start"
        case .end: return "end"
        case .after(let index): return "@\(index)"
        case .time(_, let text): return text
        }
    }

    /// The number of events applied at this point of `machine`'s log (exit 64 for an event past its end).
    func count(in machine: TimeMachine) throws(CLIError) -> UInt64 {
        switch self {
        case .start: return 0
        case .end: return machine.eventCount
        case .after(let index):
            guard index < machine.eventCount else {
                let range = machine.eventCount == 0 ? "it has no events" : "its events are @0…@\(machine.eventCount - 1)"
                throw CLIError(.usage, "\(machine.path): event \(index) is past the end (\(range))")
            }
            return index + 1
        case .time(let value, _):
            do {
                return try machine.count(atTime: TimeArgument(value: value).milliseconds(from: machine.startTime))
            } catch {
                throw CLIError(ExitStatus(error.code), error.description)
            }
        }
    }

    /// How a state at `count` events is introduced: `after @12 (13 of 40 events)`.
    static func caption(_ count: UInt64, of total: UInt64) -> String {
        count == 0 ? "at the start (0 of \(total) events)" : "after @\(count - 1) (\(count) of \(total) events)"
    }
}
