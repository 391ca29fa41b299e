import EventLog

/// What a repair kept and dropped.
public struct RepairSummary: Hashable, Sendable {
    /// The events kept (a contiguous prefix, indices unchanged).
    public var keptEvents: UInt64
    /// The whole blocks kept.
    public var keptBlocks: Int
    /// The blocks dropped (damaged, or after a lost block).
    public var droppedBlocks: Int
    /// The events in dropped blocks.
    public var droppedEvents: UInt64
    /// The damaged byte ranges found, as `(offset, length)`.
    public var damagedRanges: [(offset: UInt64, length: UInt64)]
    /// Where the original was saved, or `nil` when nothing was written (a clean log, a dry run).
    public var brokenCopyPath: String?

    /// Whether the log was clean: a repair has nothing to change.
    public var wasClean: Bool { damagedRanges.isEmpty && droppedBlocks == 0 }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.keptEvents == rhs.keptEvents && lhs.keptBlocks == rhs.keptBlocks && lhs.droppedBlocks == rhs.droppedBlocks
            && lhs.droppedEvents == rhs.droppedEvents && lhs.brokenCopyPath == rhs.brokenCopyPath
            && lhs.damagedRanges.map(\.offset) == rhs.damagedRanges.map(\.offset)
            && lhs.damagedRanges.map(\.length) == rhs.damagedRanges.map(\.length)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keptEvents)
        hasher.combine(brokenCopyPath)
    }
}

/// Salvaging a damaged log.
public enum LogRepair {
    /// Keeps every whole block that continues the events, writes the result in place atomically and
    /// saves the original as `<path>.broken` (or the first free `<path>.broken.N`, never replacing an
    /// earlier repair's copy); a clean log is left untouched. With `dryRun`, nothing is written and
    /// the summary says what a repair would keep and drop.
    public static func repair(at path: String, dryRun: Bool = false) throws(NavTapeError) -> RepairSummary {
        let report = try translating(path: path) { try EventLogRepair.repair(at: path, dryRun: dryRun) }
        return RepairSummary(
            keptEvents: report.keptRecords, keptBlocks: report.keptBlocks, droppedBlocks: report.droppedBlocks,
            droppedEvents: report.droppedRecords, damagedRanges: report.damagedRanges.map { ($0.offset, $0.length) },
            brokenCopyPath: report.brokenCopyPath)
    }
}

extension TimeMachine {
    /// Damage in the middle of the log, found when it was opened: reads stop there with this error.
    public var corruption: NavTapeError? { reader.corruption.map(NavTapeError.init) }
    /// An incomplete or torn last block (a writer crashed or is still writing); reads end before it.
    public var tornTail: NavTapeError? { reader.tailDamage.map(NavTapeError.init) }
    /// The end of the last whole block, in bytes: where reads stop when the tail is torn.
    public var readableEnd: UInt64 { reader.wholeBlocksEnd }
}
