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
    /// Where the original was saved, or `nil` when the log was clean and left untouched.
    public var brokenCopyPath: String?

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
    /// saves the original as `<path>.broken`; a clean log is left untouched.
    public static func repair(at path: String) throws(NavTapeError) -> RepairSummary {
        let report = try translating(path: path) { try EventLogRepair.repair(at: path) }
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
