import NavTape
import NavigationCore

/// A seeded walk that makes a session, a command at a time: a user of an app (``AppSession``) or
/// the fuzzing walk (``SessionGenerator``).
public protocol SessionWalk {
    /// The split the walk's commands drive.
    var setup: SessionSetup { get }

    /// The next command and its time, given the live state it will be sent to.
    mutating func next(in state: NavigationState) -> (time: Int64, command: NavigationCommand)
}

extension SessionWalk {
    /// Records the walk into a new log at `path` (created as `options` say, its session named
    /// `sessionID`) until it holds at least `events` events, and closes it; `progress` is told the
    /// event count after each command. Returns the commands in the log (the setup's included, as
    /// `navtape stats` counts them) and its events.
    public mutating func record(
        to path: String, sessionID: String, events: UInt64, options: RecorderOptions = RecorderOptions(),
        progress: (UInt64) -> Void = { _ in }
    ) throws(NavTapeError) -> (commands: Int, events: UInt64) {
        let recorder = try Recorder(creating: path, setup: setup, sessionID: sessionID, startTime: 1_700_000_000_000, options: options)
        try recorder.record(&self, events: events, progress: progress)
        try recorder.close()
        return (recorder.commitCount, recorder.eventCount)
    }
}

extension AppSession: SessionWalk {}

extension SessionGenerator: SessionWalk {}

extension Recorder {
    /// Sends `walk`'s commands until at least `events` events are recorded; `progress` is told
    /// the event count after each command. Returns the number of commands sent.
    @discardableResult
    public func record(_ walk: inout some SessionWalk, events: UInt64, progress: (UInt64) -> Void = { _ in }) throws(NavTapeError) -> Int {
        var commands = 0
        while eventCount < events {
            let (time, command) = walk.next(in: state)
            try send(command, at: time)
            commands += 1
            progress(eventCount)
        }
        return commands
    }
}
