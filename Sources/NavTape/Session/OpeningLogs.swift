import EventLog
import NavigationCore

/// What a read does with a torn last block (a writer crashed, the disk filled, or it is still being
/// written): the same judgement for every reader, as `repair` makes it.
public enum TornTailPolicy: Sendable {
    /// Read every whole block before it; the open returns a warning saying what was left out.
    case warn
    /// Refuse the log (`--strict`, `verify`).
    case refuse
    /// Read the whole blocks without a word (following a log being written).
    case ignore
}

extension TimeMachine {
    /// Opens `path` for a read command or a server request: a readable regular file (never a FIFO
    /// or a device), refused when damaged in the middle, a torn tail treated as `tornTail` says.
    /// The file is never modified.
    ///
    /// - Returns: the log, and for ``TornTailPolicy/warn`` on a torn tail the one-line warning.
    /// - Throws: ``NavTapeError`` — `.notFound` (no such file, a directory, not a regular file,
    ///   unreadable), `.dataError` (damage in the middle, or a torn tail refused: the message
    ///   points at `navtape repair`), and every error of ``init(path:options:)``.
    public static func open(_ path: String, tornTail: TornTailPolicy) throws(NavTapeError) -> (machine: TimeMachine, warning: String?) {
        try translating(path: path) { try LogFiles.checkReadable(path) }
        let machine = try TimeMachine(path: path)
        if let damage = machine.corruption {
            throw NavTapeError(.dataError, path: path, damage.message + " (navtape repair salvages the whole blocks)")
        }
        guard let torn = machine.tornTail else { return (machine, nil) }
        switch tornTail {
        case .refuse:
            throw NavTapeError(.dataError, path: path, torn.message + " (navtape repair salvages the whole blocks)")
        case .warn:
            let size = LogFiles.version(of: path).map { " (\($0.size - Swift.min($0.size, machine.readableEnd)) bytes ignored)" } ?? ""
            return (
                machine,
                "warning: \(torn.description); read the \(Plural.count(machine.eventCount, "event")) up to byte "
                    + "\(machine.readableEnd)\(size) (navtape repair salvages them into a clean log; --strict refuses)"
            )
        case .ignore:
            return (machine, nil)
        }
    }

    /// `SESSION @EVENT` for a fork (the session it was forked from and where), else `nil`.
    public var parentDescription: String? {
        parent.map { "\($0.sessionID) \(LogPoint.name(ofCount: $0.forkIndex))" }
    }
}
