import ByteCoding

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a log: its header, its records in order or from any index, its checkpoints, and lookups by
/// index and by time.
///
/// A reader is a snapshot of the whole, valid blocks present when it was opened (or last
/// ``refresh()``ed); it can be used while a writer appends to the same file, and never sees a block
/// that is still being written. Memory does not grow with the log beyond a sparse list of blocks
/// (about 40 bytes per block): records are streamed block by block through one reused buffer.
///
/// ```swift
/// let reader = try EventLogReader(path: "session.navtape")
/// try reader.forEachRecord { index, timestamp, bytes in
///     apply(bytes)
///     return true            // keep going
/// }
/// ```
public final class EventLogReader {
    /// The log's header.
    public let header: LogHeader
    /// The log's path.
    public let path: String

    private let options: LogOptions
    let file: LogFile
    private let io: BlockIO
    private let headerChecksum: UInt32
    private var layout: LogLayout
    /// The end of the last block checked in full as the last one: blocks before it are followed by a
    /// valid block, so none of them can be a torn tail.
    private var verifiedEnd: UInt64 = 0

    /// Mid-log damage found when opening: a bad block followed by a valid one (or a block over the size
    /// cap). Records before it read normally; ``forEachRecord(from:to:_:)`` throws this error when it
    /// reaches it. `nil` for a healthy log. Run ``EventLogRepair/repair(at:options:)`` to salvage the rest.
    public private(set) var corruption: EventLogError?

    /// Bytes after the last whole block that hold no valid block: a block a writer is still writing, a
    /// torn tail left by a crash (``EventLogWriter/openForAppend(at:options:)`` cuts it), or garbage.
    /// They hold no readable record and are not reported as an error by reads. `nil` when the file
    /// ends exactly after a block.
    public private(set) var tailDamage: EventLogError?

    /// Opens the log at `path` and locates its blocks.
    ///
    /// Uses the `<path>.idx` sidecar when it is valid, and scans block headers otherwise (and after
    /// the part it covers).
    ///
    /// - Throws: ``EventLogError`` — `.notFound` (also a FIFO, a device or a directory),
    ///   `.notALog` (bad magic), `.unsupportedVersion`
    ///   ("unsupported format version N (this build reads up to 1)"), `.truncated` or `.corrupt`
    ///   (header), `.tooLarge` (header over ``LogOptions/maxHeaderBytes``), `.io`.
    public init(path: String, options: LogOptions = .default) throws(EventLogError) {
        self.options = try options.validated(path: path)
        self.path = path
        // Never blocking on a FIFO or a device swapped in for the log: opened without blocking, then
        // refused unless it is a regular file.
        file = try LogFile.open(path, flags: O_RDONLY | O_NONBLOCK, options: options)
        do throws(EventLogError) {
            try file.requireRegularFile()
            let fileSize = try file.size()
            let decoded = try FileHeaderFormat.read(from: file, fileSize: fileSize, options: options)
            header = decoded.header
            headerChecksum = decoded.checksum
            io = BlockIO(file: file, maxBlockBytes: options.maxBlockBytes, buffers: BlockBuffers())
            var shorterThanIndex: UInt64?
            layout = LogLayout(headerEnd: decoded.end)
            if options.usesIndex {
                switch LogIndex.lookUp(
                    logPath: path, headerChecksum: decoded.checksum, headerEnd: decoded.end,
                    fileSize: fileSize, blocks: io, options: options)
                {
                case .unusable: break
                case .fileShorter(let covered): shorterThanIndex = covered
                case .usable(let indexed): layout = indexed
                }
            }
            try scan(fileSize: fileSize)
            if let covered = shorterThanIndex, tailDamage == nil, corruption == nil {
                tailDamage = .truncated(
                    path, at: fileSize,
                    "file ends at byte \(fileSize) but its index (from the last clean close) covers \(covered) bytes: the file was cut")
            }
        } catch {
            file.close()
            throw error
        }
    }

    deinit {
        file.close()
    }

    private func scan(fileSize: UInt64) throws(EventLogError) {
        switch try io.scan(&layout, fileSize: fileSize, verify: false) {
        case .clean: tailDamage = nil
        case .tail(let error): tailDamage = error
        case .damaged(let error):
            corruption = error
            return
        }
        try leaveOutDamagedTail(fileSize: fileSize)
    }

    /// Checks the last block in full: one that fails (its CRC, its compression, its records), with
    /// no valid block after it, is a torn tail like the bytes after it, as repair judges it
    /// (docs/FileFormat.md, "Recovery rules"); so is each block before it that fails too. Blocks
    /// before ``verifiedEnd`` were checked by an earlier open or refresh.
    private func leaveOutDamagedTail(fileSize: UInt64) throws(EventLogError) {
        while let (entry, kind) = layout.lastBlock, entry.offset >= verifiedEnd {
            let problem: BlockProblem
            switch try io.probe(at: entry.offset, fileSize: fileSize, verify: true) {
            case .block(let header) where header.kind == kind && entry.matches(header):
                verifiedEnd = layout.end
                return
            case .bad(let found, _): problem = found
            case .block, .incomplete: problem = .headerChecksum  // changed under the reader
            }
            layout.removeLast()
            tailDamage = .truncated(
                path, at: entry.offset,
                "torn tail at byte \(entry.offset) (\(problem.reason)), \(fileSize - entry.offset) bytes with no valid block after")
        }
    }

    /// Picks up whole blocks written since the reader was opened or last refreshed.
    ///
    /// Does nothing once mid-log ``corruption`` has been found.
    public func refresh() throws(EventLogError) {
        guard corruption == nil else { return }
        try scan(fileSize: try file.size())
    }

    /// The index ranges a repair could not save: no record holds them, and the records after each
    /// continue from the checkpoint that ends it (docs/FileFormat.md, "Gaps"). Empty for a log no
    /// repair resumed.
    public var gaps: [Range<UInt64>] { layout.gaps }

    /// The number of record indices readable (those in whole blocks before any ``corruption``),
    /// ``gaps`` included: the index the next record takes.
    public var recordCount: UInt64 { layout.recordCount }

    /// The end of the last whole block: the bytes a reader reads (anything after it is a torn tail).
    public var wholeBlocksEnd: UInt64 { layout.end }

    /// The first record's timestamp, or `nil` for a log without records.
    public var firstTimestamp: Int64? { layout.blocks.first?.firstTimestamp }

    /// The last readable record's timestamp, or `nil` for a log without records.
    public var lastTimestamp: Int64? { layout.lastTimestamp }

    /// The record counts that the log's checkpoints describe, in file order.
    public var checkpointRecordIndices: [UInt64] { layout.checkpoints.map(\.firstIndex) }

    /// The number of blocks holding records.
    public var blockCount: Int { layout.blocks.count }

    /// The records blocks found (tests and diagnostics).
    var blockEntries: [BlockEntry] { layout.blocks }

    /// The checkpoint blocks found (tests and diagnostics).
    var checkpointEntries: [BlockEntry] { layout.checkpoints }

    /// The file offsets of the blocks holding records (tests and diagnostics).
    var blockOffsets: [UInt64] { layout.blocks.map(\.offset) }

    /// Calls `body` with each record from index `start` up to (not including) `end`, in order (the
    /// indices in ``gaps`` have no record and are passed over).
    ///
    /// Streams block by block through one reused decompression buffer; allocates nothing per
    /// record. The record's bytes are valid only during the call.
    ///
    /// - Parameters:
    ///   - start: the index of the first record to visit.
    ///   - end: the index to stop before; `nil` for all readable records.
    ///   - body: receives the record's index, timestamp and bytes; returns `false` to stop early.
    /// - Throws: an ``EventLogError`` for a block that fails its checks (`.corrupt` with its byte
    ///   offset) after visiting every record before it, ``corruption`` when the visit reaches it, or
    ///   whatever `body` throws.
    /// - Complexity: O(records visited + records skipped in the first block).
    public func forEachRecord(
        from start: UInt64 = 0, to end: UInt64? = nil,
        _ body: (_ index: UInt64, _ timestamp: Int64, _ record: UnsafeRawBufferPointer) throws -> Bool
    ) throws {
        try forEachBlock(from: start, to: end) { entry, payload, first, stop in
            var index = entry.firstIndex
            while index < first {
                guard payload.skip() != nil else { throw malformed(entry) }
                index &+= 1
            }
            while index < stop {
                guard let (timestamp, record) = payload.next() else { throw malformed(entry) }
                guard try body(index, timestamp, record) else { return false }
                index &+= 1
            }
            if index == entry.endIndex, !payload.isComplete { throw malformed(entry) }
            return true
        }
    }

    /// Calls `body` once per block with the records from index `start` up to (not including) `end`
    /// that the block holds: the replay loop's form of ``forEachRecord(from:to:_:)``.
    ///
    /// The records come without their timestamps, so a fold pays no call and no timestamp decoding
    /// per record; a block read to its end still has its timestamp column checked, so a batch
    /// refuses exactly the damage ``forEachRecord(from:to:_:)`` refuses, at the same block.
    ///
    /// ```swift
    /// try reader.forEachRecordBatch { batch in
    ///     while let bytes = batch.next() { apply(bytes) }
    ///     return true            // keep going
    /// }
    /// ```
    /// - Parameters:
    ///   - start: the index of the first record to visit.
    ///   - end: the index to stop before; `nil` for all readable records.
    ///   - body: reads the block's records with ``RecordBatch/next()``; returns `false` to stop.
    ///     Records it leaves unread are skipped (and checked).
    /// - Throws: as ``forEachRecord(from:to:_:)``.
    public func forEachRecordBatch(
        from start: UInt64 = 0, to end: UInt64? = nil,
        _ body: (inout RecordBatch) throws -> Bool
    ) throws {
        try forEachBlock(from: start, to: end) { entry, payload, first, stop in
            var index = entry.firstIndex
            while index < first {
                guard payload.records.next() != nil else { throw malformed(entry) }
                index &+= 1
            }
            var batch = RecordBatch(cursor: payload.records, index: first, count: Int(stop &- first))
            guard try body(&batch) else { return false }
            while batch.next() != nil {}
            guard !batch.isMalformed else { throw malformed(entry) }
            payload.records = batch.cursor
            if stop == entry.endIndex {
                guard payload.isCompleteAfterRecords(count: entry.count) else { throw malformed(entry) }
            }
            return true
        }
    }

    /// Loads each block holding records `start ..< end` and calls `visit` with its payload and the
    /// part of its records wanted (`first ..< stop`); `visit` returns `false` to stop.
    private func forEachBlock(
        from start: UInt64, to end: UInt64?,
        _ visit: (BlockEntry, inout RecordsPayload, _ first: UInt64, _ stop: UInt64) throws -> Bool
    ) throws {
        let stop = min(end ?? UInt64.max, layout.recordCount)
        var b = blockPosition(containing: start)
        while start < stop, b < layout.blocks.count {
            let entry = layout.blocks[b]
            let (header, raw) = try io.load(entry, kind: .records)
            guard var payload = RecordsPayload(raw, header: header) else { throw malformed(entry) }
            let blockStop = min(entry.endIndex, stop)
            guard try visit(entry, &payload, max(start, entry.firstIndex), blockStop) else { return }
            if blockStop >= stop { break }
            b += 1
        }
        if let corruption, (end ?? UInt64.max) > layout.recordCount { throw corruption }
    }

    private func malformed(_ entry: BlockEntry) -> EventLogError {
        .corrupt(path, at: entry.offset, "corrupt block at byte \(entry.offset) (malformed records payload)")
    }

    /// The position in `layout.blocks` of the block holding record `index` (or `blocks.count`).
    private func blockPosition(containing index: UInt64) -> Int {
        var low = 0
        var high = layout.blocks.count
        while low < high {
            let mid = (low + high) / 2
            if layout.blocks[mid].endIndex <= index { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The timestamp of record `index`, or `nil` if there is no such readable record (for the last
    /// record of a gap, the time the checkpoint ending it holds).
    ///
    /// - Throws: ``EventLogError`` if the block holding it fails its checks.
    /// - Complexity: O(log blocks + records in one block).
    public func timestamp(at index: UInt64) throws(EventLogError) -> Int64? {
        let b = blockPosition(containing: index)
        guard b < layout.blocks.count, layout.blocks[b].firstIndex <= index else {
            // Past the end, or in a gap: the checkpoint that ends a gap holds its last record's time.
            guard layout.gaps.contains(where: { $0.upperBound == index + 1 }) else { return nil }
            return layout.checkpoints.first { $0.firstIndex == index + 1 }?.lastTimestamp
        }
        let entry = layout.blocks[b]
        if index == entry.firstIndex { return entry.firstTimestamp }
        if index == entry.endIndex - 1 { return entry.lastTimestamp }
        let (header, raw) = try io.load(entry, kind: .records)
        guard var payload = RecordsPayload(raw, header: header) else { throw malformed(entry) }
        var current = entry.firstIndex
        while true {
            guard let timestamp = payload.skip() else { throw malformed(entry) }
            if current == index { return timestamp }
            current &+= 1
        }
    }

    /// The index of the last record whose timestamp is at or before `timestamp`, or `nil` if every
    /// record is later (or there are none).
    ///
    /// - Throws: ``EventLogError`` if the one block it has to decode fails its checks.
    /// - Complexity: O(log blocks + records in one block).
    public func recordIndex(atOrBefore timestamp: Int64) throws(EventLogError) -> UInt64? {
        // The last block starting at or before `timestamp`: later blocks start after it.
        var low = 0
        var high = layout.blocks.count
        while low < high {
            let mid = (low + high) / 2
            if layout.blocks[mid].firstTimestamp <= timestamp { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let entry = layout.blocks[low - 1]
        if entry.lastTimestamp <= timestamp { return entry.endIndex - 1 }
        let (header, raw) = try io.load(entry, kind: .records)
        guard var payload = RecordsPayload(raw, header: header) else { throw malformed(entry) }
        var index = entry.firstIndex
        while index < entry.endIndex {
            guard let current = payload.skip() else { throw malformed(entry) }
            if current > timestamp { return index - 1 }
            index &+= 1
        }
        return entry.endIndex - 1
    }

    /// The last checkpoint describing the state after at most `index` records: the record count it
    /// describes and its payload; `nil` if there is none.
    ///
    /// - Throws: ``EventLogError`` if the checkpoint block fails its checks.
    /// - Complexity: O(log checkpoints + payload size).
    public func checkpoint(atOrBefore index: UInt64) throws(EventLogError) -> (recordIndex: UInt64, payload: [UInt8])? {
        var low = 0
        var high = layout.checkpoints.count
        while low < high {
            let mid = (low + high) / 2
            if layout.checkpoints[mid].firstIndex <= index { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let entry = layout.checkpoints[low - 1]
        let (_, raw) = try io.load(entry, kind: .checkpoint)
        return (entry.firstIndex, Array(raw))
    }
}
