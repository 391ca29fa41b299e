import EventLog

/// What a repair kept and dropped.
public struct RepairSummary: Hashable, Sendable {
    /// The events kept, indices unchanged: every index below the log's new event count but those
    /// in ``gaps``.
    public var keptEvents: UInt64
    /// The event indices lost to damage that the log resumes after, each from the checkpoint at
    /// its end (``TimeMachine/gaps``).
    public var gaps: [Range<UInt64>] = []
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
    /// The bit of the file header put back (from the file's first bit), when one flipped bit was what
    /// was wrong with it.
    public var correctedHeaderBit: Int?
    /// Whether the log was repaired in place (no room beside it for a copy, or asked to): then
    /// ``brokenCopyPath`` is a sparse file holding only the bytes dropped or changed, at their offsets.
    public var inPlace = false

    /// Whether the log was clean: a repair has nothing to change.
    public var wasClean: Bool { damagedRanges.isEmpty && droppedBlocks == 0 && correctedHeaderBit == nil }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.keptEvents == rhs.keptEvents && lhs.gaps == rhs.gaps && lhs.keptBlocks == rhs.keptBlocks && lhs.droppedBlocks == rhs.droppedBlocks
            && lhs.droppedEvents == rhs.droppedEvents && lhs.brokenCopyPath == rhs.brokenCopyPath
            && lhs.correctedHeaderBit == rhs.correctedHeaderBit && lhs.inPlace == rhs.inPlace
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
    /// Keeps every whole block that continues the events (past damage, from the next checkpoint:
    /// the events between are a gap), writes the result in place atomically and
    /// saves the original as `<path>.broken` (or the first free `<path>.broken.N`, never replacing an
    /// earlier repair's copy); a clean log is left untouched. With `dryRun`, nothing is written and
    /// the summary says what a repair would keep and drop. Without room beside the log for the
    /// repaired copy, or with `inPlace`, the log is repaired in place, safe to stop at any point
    /// (``EventLog/EventLogRepair/Mode``).
    public static func repair(at path: String, dryRun: Bool = false, inPlace: Bool = false) throws(NavTapeError) -> RepairSummary {
        let report = try translating(path: path) { try EventLogRepair.repair(at: path, dryRun: dryRun, mode: inPlace ? .inPlace : .automatic) }
        return RepairSummary(
            keptEvents: report.keptRecords, gaps: report.gaps, keptBlocks: report.keptBlocks, droppedBlocks: report.droppedBlocks,
            droppedEvents: report.droppedRecords, damagedRanges: report.damagedRanges.map { ($0.offset, $0.length) },
            brokenCopyPath: report.brokenCopyPath, correctedHeaderBit: report.correctedHeaderBit, inPlace: report.inPlace)
    }
}

extension TimeMachine {
    /// The event indices a repair lost, each range ending at the checkpoint the log resumes from:
    /// no event holds them and no state is known strictly inside them. Empty unless a repair
    /// resumed the log past damage.
    public var gaps: [Range<UInt64>] { reader.gaps }
    /// Damage in the middle of the log, found when it was opened: reads stop there with this error.
    public var corruption: NavTapeError? { reader.corruption.map(NavTapeError.init) }
    /// An incomplete or torn last block (a writer crashed or is still writing); reads end before it.
    public var tornTail: NavTapeError? { reader.tailDamage.map(NavTapeError.init) }
    /// The end of the last whole block, in bytes: where reads stop when the tail is torn.
    public var readableEnd: UInt64 { reader.wholeBlocksEnd }
}
