#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Salvages a damaged log.
///
/// Policy: keep the longest valid prefix of blocks, then every later valid block that continues it
/// — a records block whose first index is the number of records kept so far (with non-decreasing
/// timestamps), or a checkpoint. Past damage, scanning resumes at the next valid block header; the
/// first checkpoint after lost records resumes the log from its state, and the records after it are
/// kept: the lost indices become a gap (``EventLogReader/gaps``). Records are never renumbered, so a
/// record keeps its index (its identity) or is dropped; the records between the damage and that
/// checkpoint are dropped (no state to fold them from). A lost checkpoint costs nothing else.
/// Blocks are copied byte for byte.
public enum EventLogRepair {
    /// Repairs the log at `path` in place.
    ///
    /// A clean log is left untouched. Otherwise the salvaged log is written to a new temporary file
    /// beside it and synced, the original is kept as `<path>.broken` (or, when an earlier repair's copy
    /// is there, the first free `<path>.broken.N`: no copy is ever replaced), the salvaged file is
    /// renamed over `path`, the directory is synced, and the `<path>.idx` sidecar is removed. When
    /// the file system has no room for that copy (or `mode` says so), the log is repaired in place
    /// instead, the dropped bytes kept in a sparse `.broken` (see ``Mode``). With `dryRun`, nothing
    /// is written: the report says what a repair would keep and drop.
    ///
    /// - Throws: ``EventLogError`` — `.locked` while a writer holds the log, `.notFound`, `.notALog`,
    ///   `.unsupportedVersion`, `.truncated`/`.corrupt` if the *file header* is damaged beyond one
    ///   flipped bit (nothing can be salvaged without it; one flipped bit is put back), `.io`.
    /// - Complexity: O(file size); O(damaged bytes) block-header probes.
    public static func repair(
        at path: String, dryRun: Bool = false, mode: Mode = .automatic, options: LogOptions = .default
    ) throws(EventLogError) -> RepairReport {
        let options = try options.validated(path: path)
        let file = try LogFile.open(path, flags: O_RDWR | O_NONBLOCK, options: options)
        defer { file.close() }
        try file.requireRegularFile()
        try file.lockExclusively()
        let directory = try LogDirectory(containing: path, options: options)
        let base = LogDirectory.name(of: path)
        // An in-place repair that stopped while a block moved onto itself: that block first.
        if !dryRun { try replayJournal(of: file, named: base, in: directory, options: options) }
        let fileSize = try file.size()
        let io = BlockIO(file: file, maxBlockBytes: options.maxBlockBytes, buffers: BlockBuffers())
        var report = RepairReport()
        let decoded: FileHeaderFormat.Decoded
        do {
            decoded = try FileHeaderFormat.read(from: file, fileSize: fileSize, options: options)
        } catch  where [.corrupt, .notALog, .unsupportedVersion, .tooLarge, .truncated].contains(error.code) {
            // One flipped bit in the header is put back; anything else cannot be salvaged.
            guard let (corrected, bit) = try FileHeaderFormat.correctingOneBit(in: io, fileSize: fileSize) else { throw error }
            decoded = corrected
            report.correctedHeaderBit = bit
        }

        var kept = LogLayout(headerEnd: decoded.end)
        var keptBlocks: [(offset: UInt64, size: Int)] = []
        var offset = decoded.end
        while offset < fileSize {
            switch try io.probe(at: offset, fileSize: fileSize, verify: true) {
            case .block(let header):
                if kept.problem(appending: header) == nil {
                    keptBlocks.append((offset, header.totalSize))
                    kept.append(header)
                    if header.kind == .records { report.keptRecords += UInt64(header.count) }
                } else {
                    report.droppedBlocks += 1
                    if header.kind == .records { report.droppedRecords += UInt64(header.count) }
                }
                offset += UInt64(header.totalSize)
            case .incomplete, .bad:
                let next = try io.findValidBlock(from: offset + 1, fileSize: fileSize) ?? fileSize
                report.damagedRanges.append(RepairReport.ByteRange(offset: offset, length: next - offset))
                offset = next
            }
        }
        report.keptBlocks = keptBlocks.count
        report.keptCheckpoints = kept.checkpoints.count
        report.gaps = kept.gaps
        report.recordCount = kept.recordCount
        guard !report.wasClean else { return report }

        guard !dryRun else { return report }

        let keptBytes = keptBlocks.reduce(UInt64(decoded.end)) { $0 + UInt64($1.size) }
        if mode == .inPlace || (mode == .automatic && !hasRoom(for: keptBytes, beside: file)) {
            try directory.remove(LogIndex.name(for: base))
            report.brokenCopyPath = try repairInPlace(
                file, path: path, header: decoded.bytes, headerCorrected: report.correctedHeaderBit != nil, kept: keptBlocks,
                fileSize: fileSize, directory: directory, base: base, buffers: io.buffers)
            report.inPlace = true
            return report
        }
        let (output, temporary, removal) = try directory.createTemporary(
            prefix: "." + base + ".repair.", suffix: ".tmp",
            errorPath: path)
        defer { removal.cancel() }
        do throws(EventLogError) {
            try withBytes(of: decoded.bytes) { buffer throws(EventLogError) in try output.write(buffer, at: 0) }
            var end = decoded.end
            for (blockOffset, _) in keptBlocks {
                guard case .block(let header) = try io.probe(at: blockOffset, fileSize: fileSize, verify: false) else {
                    throw .corrupt(path, at: blockOffset, "block at byte \(blockOffset) changed during repair")
                }
                let block = io.buffers.block(count: header.totalSize)
                guard try file.read(into: block, at: blockOffset) == header.totalSize else {
                    throw .truncated(path, at: blockOffset, "block at byte \(blockOffset) changed during repair")
                }
                try output.write(UnsafeRawBufferPointer(block), at: end)
                end += UInt64(header.totalSize)
            }
            try output.synchronizeAll()
            output.close()
        } catch {
            output.close()
            directory.discard(temporary)
            throw error
        }
        do throws(EventLogError) {
            try directory.remove(LogIndex.name(for: base))
            let broken = try keepOriginal(named: base, in: directory, path: path)
            try directory.rename(temporary, to: base)
            try directory.synchronize()
            report.brokenCopyPath = broken
        } catch {
            directory.discard(temporary)
            throw error
        }
        return report
    }

    /// Gives the original a second name that no earlier repair holds (``firstFreeCopy(of:in:path:_:)``).
    /// Returns its path.
    private static func keepOriginal(named base: String, in directory: LogDirectory, path: String) throws(EventLogError) -> String {
        try firstFreeCopy(of: base, in: directory, path: path) { (name) throws(EventLogError) in try directory.link(base, to: name) }
    }

    /// Calls `make` with `NAME.broken`, else `NAME.broken.1`, `NAME.broken.2`, … until one is made
    /// (`make` throwing `.alreadyExists` passes on to the next name): an earlier copy is the only one
    /// of what that repair dropped, so it is never replaced. Returns the path made.
    static func firstFreeCopy(
        of base: String, in directory: LogDirectory, path: String, _ make: (String) throws(EventLogError) -> Void
    ) throws(EventLogError) -> String {
        for number in 0..<10_000 {
            let name = base + ".broken" + (number == 0 ? "" : ".\(number)")
            do throws(EventLogError) {
                try make(name)
                return directory.path(of: name)
            } catch  where error.code == .alreadyExists {
                continue
            }
        }
        throw EventLogError(.alreadyExists, path: path, detail: "cannot keep a copy: \(base).broken through .broken.9999 all exist")
    }
}

/// What ``EventLogRepair/repair(at:options:)`` found and kept.
public struct RepairReport: Sendable, Equatable {
    /// A run of bytes in the original file.
    public struct ByteRange: Sendable, Equatable {
        /// Where the run starts.
        public var offset: UInt64
        /// How many bytes it spans.
        public var length: UInt64
    }

    /// Records kept: every index below ``recordCount`` but those in ``gaps``.
    public var keptRecords: UInt64 = 0
    /// The record indices the repaired log spans, gaps included.
    public var recordCount: UInt64 = 0
    /// The index ranges lost to damage that the log resumes after (from the checkpoint at each
    /// range's end); the records after the last kept one and before it were dropped.
    public var gaps: [Range<UInt64>] = []
    /// Blocks kept, records and checkpoints.
    public var keptBlocks = 0
    /// Checkpoints kept.
    public var keptCheckpoints = 0
    /// Valid blocks dropped because they did not continue the kept records contiguously.
    public var droppedBlocks = 0
    /// Records in ``droppedBlocks``.
    public var droppedRecords: UInt64 = 0
    /// Byte ranges of the original that held no valid block.
    public var damagedRanges: [ByteRange] = []
    /// Where the original file was kept, or `nil` if nothing was written (a clean log, a dry run).
    /// After a repair in place, a sparse file of the original's length holding only what was dropped
    /// or changed, each byte at its own offset.
    public var brokenCopyPath: String?
    /// Whether the log was repaired in place (no room for a copy, or asked to).
    public var inPlace = false

    /// The bit of the file header that repair put back (counted from the file's first bit), when one
    /// flipped bit was what was wrong with it.
    public var correctedHeaderBit: Int?

    /// Whether the log was clean (nothing to change).
    public var wasClean: Bool { damagedRanges.isEmpty && droppedBlocks == 0 && correctedHeaderBit == nil }
}
