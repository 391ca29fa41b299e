import EventLog
import NavigationCore

extension WhatIf {
    /// What ``shrink(_:scratch:keeping:progress:)`` found.
    public struct Shrink: Hashable, Sendable {
        /// The commands (their commits' first event indices in the source) the minimal session keeps
        /// besides the setup, in order.
        public var kept: [UInt64]
        /// The source's commands after the setup: what a shrink may remove.
        public var commands: [UInt64]
        /// How many re-decided sessions were tried.
        public var trials: Int
        /// The source's commits that are set up before launch (kept as they are).
        public var setup: [UInt64]

        /// How many commands after the setup the source had.
        public var candidates: Int { commands.count }

        /// The event indices to skip to get the minimal session: every removable commit not kept.
        public var skipped: Set<UInt64> { Set(commands).subtracting(kept) }
    }

    /// The first event index of each of `source`'s commits, split into the setup (the commits up to
    /// and including the one that launches: the split's children, created and installed, put on
    /// screen) and the commands a shrink may remove. A session is never shrunk to one that is not on
    /// screen.
    public static func commits(of source: TimeMachine) throws(NavTapeError) -> (setup: [UInt64], commands: [UInt64]) {
        var all: [UInt64] = []
        var launchCommit: UInt64?
        try source.forEachEvent { recorded in
            if recorded.startsCommit { all.append(recorded.index) }
            if launchCommit == nil, case .launched = recorded.event { launchCommit = all.last }
            return true
        }
        guard let launchCommit else { return (all, []) }
        return (all.filter { $0 <= launchCommit }, all.filter { $0 > launchCommit })
    }

    /// The smallest set of `source`'s commands (delta debugging over commits, then one pass removing
    /// single commands) whose re-decided session still satisfies `keeping` — for example, still
    /// shows BUG-6. Every trial re-decides the recorded intents with the other commands left out
    /// (as ``recompute(_:skipping:into:sessionID:options:)`` does) into a scratch log in `scratch`,
    /// which is removed afterwards. The setup and the launch are always kept.
    ///
    /// - Parameters:
    ///   - source: The recording to shrink.
    ///   - scratch: A directory for the trial logs (beside the output, so on the same file system).
    ///   - keeping: Whether a trial session (open for reading) still shows what is being shrunk.
    ///   - progress: Called after each trial with the number of trials so far and the fewest commands
    ///     that have kept what is shrunk so far.
    /// - Throws: ``NavTapeError`` `.invalidArgument` when the source itself does not satisfy `keeping`.
    /// - Complexity: O(n²) trials in the worst case for n commands, each a re-decision of the session.
    public static func shrink(
        _ source: TimeMachine, scratch: String, keeping: (TimeMachine) throws -> Bool,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws -> Shrink {
        let (setup, commands) = try commits(of: source)
        var trials = 0, smallest = commands.count
        func holds(_ kept: [UInt64]) throws -> Bool {
            trials += 1
            let path = LogFiles.scratchPath(in: scratch, prefix: "navtape-shrink")
            defer { LogFiles.remove(path) }
            do {
                _ = try recompute(source, skipping: Set(commands).subtracting(kept), into: path, sessionID: "\(source.sessionID)-shrink")
            } catch {
                // The trial log is ours, not the user's: the error names the directory it was in.
                throw NavTapeError(
                    error.code, path: scratch,
                    "a trial session could not be written there: "
                        + (error.path == path ? error.message : error.description))
            }
            let result = try keeping(TimeMachine(path: path))
            if result { smallest = Swift.min(smallest, kept.count) }
            progress(trials, smallest)
            return result
        }
        guard try holds(commands) else {
            throw NavTapeError(.invalidArgument, path: source.path, "the session re-decided in full does not show what is being shrunk")
        }
        // ddmin (Zeller): try dropping one of n chunks; on success keep the rest, else refine.
        var current = commands
        var chunks = 2
        while current.count >= 2 {
            let size = (current.count + chunks - 1) / chunks
            var reduced = false
            for start in stride(from: 0, to: current.count, by: size) {
                let complement = Array(current[..<start] + current[Swift.min(current.count, start + size)...])
                if try holds(complement) {
                    current = complement
                    chunks = Swift.max(chunks - 1, 2)
                    reduced = true
                    break
                }
            }
            if !reduced {
                if chunks >= current.count { break }
                chunks = Swift.min(chunks * 2, current.count)
            }
        }
        // 1-minimal: no single command can go.
        var index = 0
        while index < current.count, current.count > 1 {
            var without = current
            without.remove(at: index)
            if try holds(without) { current = without } else { index += 1 }
        }
        if current.count == 1, try holds([]) { current = [] }
        return Shrink(kept: current, commands: commands, trials: trials, setup: setup)
    }
}
