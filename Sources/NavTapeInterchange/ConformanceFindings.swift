import NavTape
import NavigationCore
import NavigationProjections

/// Where a captured session and UIKit disagreed (`navtape conformance`, docs/JSON.md,
/// "Conformance"): each divergence with the command that led to it, in words and as the event the
/// log holds.
public struct ConformanceFindings {
    /// One divergence.
    public struct Finding {
        /// The divergence as recorded.
        public var entry: ConformanceReport.Entry
        /// The command that led to it, as a script line (`?` when the log does not say).
        public var command: String
        /// The divergence in words.
        public var text: String
    }

    /// The log.
    public var log: String
    /// The session.
    public var sessionID: String
    /// The commands in the log.
    public var commands: Int
    /// The commands with at least one divergence.
    public var divergentCommands: Int
    /// Every divergence, in order.
    public var findings: [Finding]
    /// Every resync the model adopted, in order, with its text.
    public var resyncs: [(entry: ConformanceReport.ResyncEntry, text: String)]

    /// The findings of `machine`'s log (one pass, then one state per divergence); `observe` is
    /// called with the events done (progress).
    public init(_ machine: TimeMachine, observe: ((UInt64) -> Void)? = nil) throws(NavTapeError) {
        var projections = Observed(ProjectionPair(ConformanceReport(), CommitCount()), from: 0, observe: observe)
        try machine.run(&projections)
        let report = projections.wrapped.first
        log = machine.path
        sessionID = machine.sessionID
        commands = projections.wrapped.second.output
        divergentCommands = report.divergentCommands
        findings = []
        for entry in report.entries {
            let state = try machine.state(at: entry.index + 1)
            findings.append(
                Finding(
                    entry: entry, command: entry.command.map { $0.scriptLine(in: state) } ?? (entry.followsResync ? "resync" : "?"),
                    text: EventText.describe(entry.divergence, in: state)))
        }
        resyncs = []
        for entry in report.resyncs {
            resyncs.append((entry, EventText.describe(entry.resync, in: try machine.state(at: entry.index + 1))))
        }
    }

    /// The divergences and resyncs in log order, each as the line `conformance` prints under its log:
    /// `@INDEX +OFFSET `command`: text` or `@INDEX +OFFSET resync: text`.
    public func lines(start: Int64) -> [String] {
        var lines: [(UInt64, String)] = findings.map { finding in
            (finding.entry.index, "@\(finding.entry.index) \(SessionTime.offset(finding.entry.time - start)) `\(finding.command)`: \(finding.text)")
        }
        for (entry, text) in resyncs {
            lines.append((entry.index, "@\(entry.index) \(SessionTime.offset(entry.time - start)) resync: \(text)"))
        }
        return lines.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// `{"type":"conformance","log":…,"sessionID":…,"commands":N,"divergentCommands":N,"divergences":[…],"resyncs":[…]}`,
    /// each divergence the `diverged` event's object with its commit, command and text, each resync
    /// the `resynced` event's object with its text.
    public var json: JSONValue {
        .object([
            "type": .string("conformance"), "log": .string(log), "sessionID": .string(sessionID),
            "commands": .int(Int64(commands)), "divergentCommands": .int(Int64(divergentCommands)),
            "divergences": .array(
                findings.map { finding in
                    let event = RecordedEvent(
                        index: finding.entry.index, time: finding.entry.time, event: .diverged(finding.entry.divergence),
                        startsCommit: false)
                    guard case .object(var object) = JSONEvent.encode(event) else { return .null }
                    object["commit"] = .int(Int64(bitPattern: finding.entry.commitIndex))
                    object["command"] = .string(finding.command)
                    object["text"] = .string(finding.text)
                    return .object(object)
                }),
            "resyncs": .array(
                resyncs.map { entry, text in
                    let event = RecordedEvent(index: entry.index, time: entry.time, event: .resynced(entry.resync), startsCommit: true)
                    guard case .object(var object) = JSONEvent.encode(event) else { return .null }
                    object["text"] = .string(text)
                    return .object(object)
                }),
        ])
    }
}
