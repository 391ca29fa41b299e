import EventLog
import NavigationCodec
import NavigationCore

/// What-if replays: re-decide a recording's intents under another policy, on another device, or
/// with some commands left out, into a new log that names its parent.
public enum WhatIf {
    /// What a re-decided branch did.
    public struct Report: Hashable, Sendable {
        /// The event count in the source at which the branch starts (a commit boundary).
        public var forkIndex: UInt64
        /// The number of source commits re-decided.
        public var commandsRedecided: Int
        /// The number of source commits left out.
        public var commandsSkipped: Int
        /// The number of events the branch recorded after the fork point.
        public var eventsWritten: UInt64
    }

    /// Where a fork asked at `index` (an event count) starts: the start of the commit holding event
    /// `index`, since a commit is never split (the end of the log stays the end).
    public static func forkIndex(in source: TimeMachine, at index: UInt64) throws(NavTapeError) -> UInt64 {
        index >= source.eventCount ? index : try source.commitStart(atOrBefore: index)
    }

    /// Forks `source` at event `index` (moved back to the start of its commit) into a new log at
    /// `path`, re-deciding every later recorded command under `policy` or `delegate` (a data policy,
    /// or a delegate written in Swift; default: the source's, with its recorded policy changes) and
    /// on `device` (default: unchanged; trait changes keep their orientation). Under another delegate
    /// the source's recorded policy changes are left out: the new delegate decides the whole branch.
    ///
    /// With the same delegate and device the branch reproduces the source's suffix exactly.
    /// - Throws: ``NavTapeError`` `.invalidArgument` when the source was decided by a Swift delegate
    ///   and none is given.
    public static func fork(
        _ source: TimeMachine, at index: UInt64, into path: String,
        policy: SplitPolicy? = nil, delegate: (any SplitViewDelegate)? = nil, device: Device? = nil,
        sessionID: String, options: RecorderOptions = RecorderOptions()
    ) throws(NavTapeError) -> Report {
        try redecide(
            source, from: index, into: path, delegate: delegate ?? policy, device: device, style: nil, skipping: [],
            sessionID: sessionID, options: options)
    }

    /// Forks `source` as ``fork(_:at:into:policy:delegate:device:sessionID:options:)`` does, into a
    /// private scratch log that no path keeps: it is written in the temporary directory, opened, and
    /// removed at once (the returned reader keeps it readable until released).
    public static func branch(
        _ source: TimeMachine, at index: UInt64, policy: SplitPolicy? = nil, device: Device? = nil,
        sessionID: String
    ) throws(NavTapeError) -> (report: Report, branch: TimeMachine) {
        let path = LogFiles.scratchPath(prefix: "navtape-branch")
        defer { LogFiles.remove(path) }
        let report = try fork(source, at: index, into: path, policy: policy, device: device, sessionID: sessionID)
        return (report, try TimeMachine(path: path))
    }

    /// Replays `source`'s recorded intents from the start in a container of another `style` — e.g.
    /// the same session in UIKit's split and in a manual master/detail container (SEED-MAN).
    public static func replay(
        _ source: TimeMachine, as style: SplitStyle, into path: String,
        sessionID: String, options: RecorderOptions = RecorderOptions()
    ) throws(NavTapeError) -> Report {
        try redecide(
            source, from: 0, into: path, delegate: nil, device: nil, style: style, skipping: [],
            sessionID: sessionID, options: options)
    }

    /// Replays `source` from the start into `path` with the commits containing any of `skipped`
    /// event indices left out and every other command re-decided (Redux DevTools' toggle).
    public static func recompute(
        _ source: TimeMachine, skipping skipped: Set<UInt64>, into path: String,
        sessionID: String, options: RecorderOptions = RecorderOptions()
    ) throws(NavTapeError) -> Report {
        try redecide(
            source, from: 0, into: path, delegate: nil, device: nil, style: nil, skipping: skipped,
            sessionID: sessionID, options: options)
    }

    static func redecide(
        _ source: TimeMachine, from index: UInt64, into path: String, delegate override: (any SplitViewDelegate)?,
        device: Device?, style: SplitStyle?, skipping skipped: Set<UInt64>, sessionID: String,
        options: RecorderOptions
    ) throws(NavTapeError) -> Report {
        if style != nil && index != 0 {
            throw NavTapeError(.invalidArgument, path: source.path, "a change of style replays from the start")
        }
        guard index <= source.eventCount else {
            throw NavTapeError(.invalidArgument, path: source.path, "fork point \(index) is past the end (\(Plural.count(source.eventCount, "event")))")
        }
        let forkIndex = try forkIndex(in: source, at: index)
        var description = source.sessionDescription
        if let override { description.policy = override as? SplitPolicy ?? .swiftDelegate(named: override.name) }
        if let style { description.style = style }
        if let device {
            description.device = device.rawValue
            description.initialTraits = device.translating(description.initialTraits)
        }
        let retarget: (Traits) -> Traits = { traits in device.map { $0.translating(traits) } ?? traits }
        var original = try source.state(at: forkIndex)
        var start = original
        // A branch starts from its parent's state at its fork (its checkpoint at 0), so re-deciding it
        // from its start starts there too; a root log starts from nothing, in the style asked for.
        let fromNothing = forkIndex == 0 && source.parent == nil
        if style != nil && source.parent != nil {
            throw NavTapeError(.invalidArgument, path: source.path, "a change of style replays a recording from its start: this log is a branch")
        }
        if fromNothing { start = NavigationState(style: description.style, traits: description.initialTraits) }
        if override != nil { start.policy = nil }  // the new delegate decides the whole branch
        if override == nil, start.policy(session: description.policy).isSwiftDelegate {
            throw NavTapeError(
                .invalidArgument, path: source.path,
                "this session's delegate is Swift code (\(description.policy.name)): give the delegate to re-decide it")
        }
        let recorder = try Recorder(
            creating: path, description: description, sessionID: sessionID,
            startTime: source.startTime, parent: (source.sessionID, forkIndex),
            initialState: fromNothing ? nil : start, options: options, delegate: override)
        var report = Report(forkIndex: forkIndex, commandsRedecided: 0, commandsSkipped: 0, eventsWritten: 0)
        // Re-decided on another device from a launched state (a fork point, or a branch's start): the
        // rotation to the new device's traits comes first.
        if !fromNothing, device != nil, original.isLaunched, retarget(original.traits) != original.traits {
            try recorder.send(.changeTraits(retarget(original.traits)), at: source.lastTime(before: forkIndex))
        }
        var idMap: [ControllerID: ControllerID] = [:]
        var commit: [RecordedEvent] = []
        func flush() throws(NavTapeError) {
            guard let first = commit.first else { return }
            let events = commit.map(\.event)
            defer {
                for event in events { original.evolve(event) }
                commit.removeAll(keepingCapacity: true)
            }
            // A resync is UIKit's doing, not the delegate's: the branch adopts the same observation.
            if case .resynced(let resync) = events.first {
                var next = recorder.state
                let adopted = NavigationEvent.resynced(resync.mappingIDs { idMap[$0] ?? $0 })
                next.evolve(adopted)
                try recorder.append([adopted], at: first.time, resulting: next)
                report.eventsWritten += 1
                report.commandsRedecided += 1
                return
            }
            guard var command = NavigationCommand(commit: events, names: original.names) else { return }
            let createdBefore = original.appControllerCount
            let created = events.reduce(0) { count, event in
                if case .controllerCreated(let id, _, _, _) = event, !id.isMinted { return count + 1 }
                return count
            }
            // Under another delegate, the recorded policy changes are the old delegate's: left out.
            if commit.contains(where: { skipped.contains($0.index) }) || (override != nil && command.kind == .setPolicy) {
                report.commandsSkipped += 1
                for offset in 0..<created { idMap[ControllerID(app: createdBefore + offset)] = ControllerID(app: Int(Int32.max)) }
                return
            }
            command = command.mappingIDs { idMap[$0] ?? $0 }.replacingTraits(retarget)
            let forkNext = recorder.state.appControllerCount
            if case .instantiate = command, forkNext != createdBefore {
                for offset in 0..<created { idMap[ControllerID(app: createdBefore + offset)] = ControllerID(app: forkNext + offset) }
            }
            report.eventsWritten += UInt64(try recorder.send(command, at: first.time).count)
            report.commandsRedecided += 1
        }
        var failure: NavTapeError?
        try source.forEachEvent(from: forkIndex) { recorded in
            if recorded.startsCommit {
                do throws(NavTapeError) { try flush() } catch { failure = error; return false }
            }
            commit.append(recorded)
            return true
        }
        if let failure { throw failure }
        try flush()
        try recorder.close()
        return report
    }
}

extension TimeMachine {
    /// The time of the last event before `index`, or the start time.
    func lastTime(before index: UInt64) throws(NavTapeError) -> Int64 {
        guard index > 0 else { return startTime }
        var time = startTime
        try forEachEvent(from: index - 1, to: index) {
            time = $0.time; return false
        }
        return time
    }
}
