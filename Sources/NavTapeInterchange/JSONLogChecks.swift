import NavTape

/// `navtape verify --json`: one object per log (docs/JSON.md, "Verify").
public enum JSONVerify {
    /// The object of `report`, the verification of the log at `log` (which found no divergence).
    public static func encode(_ report: VerificationReport, log: String) -> JSONValue {
        .object([
            "type": .string("verify"), "log": .string(log), "ok": .bool(true),
            "events": .int(Int64(bitPattern: report.eventCount)), "checkpoints": .int(Int64(report.checkpointsChecked)),
            "gaps": .array(report.gaps.map { .object(["from": .int(Int64($0.lowerBound)), "to": .int(Int64($0.upperBound))]) }),
        ])
    }
}

/// The object of a log that `verify`, `stats` or `conformance --json` could not read (docs/JSON.md,
/// "Errors of commands that take several logs").
public enum JSONLogFailure {
    /// `{"type":"error","log":…,"status":…,"message":…}`: the log at `log`, the command's exit status
    /// for it and the one line printed on standard error.
    public static func encode(log: String, status: Int32, message: String) -> JSONValue {
        .object(["type": .string("error"), "log": .string(log), "status": .int(Int64(status)), "message": .string(message)])
    }
}

/// `navtape repair --json` (docs/JSON.md, "Record, shrink, repair").
public enum JSONRepair {
    /// The object of `summary`, the repair of the log at `log` (or what it would do, with `dryRun`).
    public static func encode(_ summary: RepairSummary, log: String, dryRun: Bool) -> JSONValue {
        .object([
            "type": .string("repair"), "log": .string(log), "repaired": .bool(summary.brokenCopyPath != nil),
            "dryRun": .bool(dryRun), "clean": .bool(summary.wasClean),
            "keptEvents": .int(Int64(summary.keptEvents)), "keptBlocks": .int(Int64(summary.keptBlocks)),
            "gaps": .array(summary.gaps.map { .object(["from": .int(Int64($0.lowerBound)), "to": .int(Int64($0.upperBound))]) }),
            "droppedEvents": .int(Int64(summary.droppedEvents)), "droppedBlocks": .int(Int64(summary.droppedBlocks)),
            "damaged": .array(summary.damagedRanges.map { .object(["offset": .int(Int64($0.offset)), "length": .int(Int64($0.length))]) }),
            "broken": summary.brokenCopyPath.map(JSONValue.string) ?? .null, "inPlace": .bool(summary.inPlace),
            "headerBit": summary.correctedHeaderBit.map { .int(Int64($0)) } ?? .null,
        ])
    }
}
