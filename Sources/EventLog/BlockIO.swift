/// Memory reused for every block read by one reader, writer or repair: the block as stored on disk
/// and its decompressed payload. It only grows, and never past what ``LogOptions/maxBlockBytes`` allows.
final class BlockBuffers {
    private var blockStorage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
    private var rawStorage = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    deinit {
        blockStorage.deallocate()
        rawStorage.deallocate()
    }

    /// A buffer of exactly `count` bytes for a stored block (contents undefined).
    func block(count: Int) -> UnsafeMutableRawBufferPointer {
        Self.prefix(of: &blockStorage, count: count)
    }

    /// A buffer of exactly `count` bytes for a decompressed payload (contents undefined).
    func raw(count: Int) -> UnsafeMutableRawBufferPointer {
        Self.prefix(of: &rawStorage, count: count)
    }

    private static func prefix(of storage: inout UnsafeMutableRawBufferPointer, count: Int) -> UnsafeMutableRawBufferPointer {
        if storage.count < max(count, 1) {
            storage.deallocate()
            let capacity = max(count, 1, min(storage.count * 2, count + (1 << 20)))
            storage = .allocate(byteCount: capacity, alignment: 16)
        }
        return UnsafeMutableRawBufferPointer(rebasing: storage[0..<count])
    }
}

/// The blocks of a log as far as they have been read: what readers, the writer and the index share.
struct LogLayout: Equatable {
    /// The offset of the first block.
    var headerEnd: UInt64
    /// The offset just past the last whole block.
    var end: UInt64
    /// Records blocks, in file order.
    var blocks: [BlockEntry] = []
    /// Checkpoint blocks, in file order (``BlockEntry/firstIndex`` is the record count they describe).
    var checkpoints: [BlockEntry] = []
    /// Records in ``blocks``.
    var recordCount: UInt64 = 0
    /// The index ranges no record holds: records a repair could not save, between the last records
    /// it kept and a checkpoint after the damage that the records after it continue
    /// (docs/FileFormat.md, "Gaps"). Empty in a log no repair has resumed.
    var gaps: [Range<UInt64>] = []
    /// The last record's timestamp.
    var lastTimestamp: Int64?

    init(headerEnd: UInt64) {
        self.headerEnd = headerEnd
        end = headerEnd
    }

    /// Why `header` cannot be the next block, if it cannot.
    func problem(appending header: BlockHeader) -> BlockProblem? {
        // A checkpoint past the records resumes the log after a gap (only a repair writes one).
        guard header.firstIndex == recordCount || (header.kind == .checkpoint && header.firstIndex > recordCount) else {
            return .discontinuous(expected: recordCount, found: header.firstIndex)
        }
        if header.kind == .records, let lastTimestamp, header.firstTimestamp < lastTimestamp {
            return .timestampRegression
        }
        return nil
    }

    /// The block that ends the layout (the last in file order), and whether it holds records.
    var lastBlock: (entry: BlockEntry, kind: BlockKind)? {
        switch (blocks.last, checkpoints.last) {
        case (let records?, let checkpoint?): records.offset > checkpoint.offset ? (records, .records) : (checkpoint, .checkpoint)
        case (let records?, nil): (records, .records)
        case (nil, let checkpoint?): (checkpoint, .checkpoint)
        case (nil, nil): nil
        }
    }

    /// Leaves out the last block (``lastBlock``): the layout ends where it started.
    mutating func removeLast() {
        guard let (entry, kind) = lastBlock else { return }
        switch kind {
        case .records:
            blocks.removeLast()
            recordCount = entry.firstIndex
            lastTimestamp = blocks.last?.lastTimestamp
        case .checkpoint:
            checkpoints.removeLast()
            // A checkpoint that opened a gap takes it away again.
            if let gap = gaps.last, gap.upperBound == entry.firstIndex, recordCount == entry.firstIndex,
                (blocks.last?.endIndex ?? 0) <= gap.lowerBound
            {
                gaps.removeLast()
                recordCount = gap.lowerBound
            }
        }
        end = entry.offset
    }

    /// Resumes the records at `index`, past ``recordCount``: the records between are a gap.
    mutating func resume(at index: UInt64) {
        guard index > recordCount else { return }
        gaps.append(recordCount..<index)
        recordCount = index
    }

    /// Adds the block `header` found at ``end``.
    mutating func append(_ header: BlockHeader) {
        let entry = BlockEntry(offset: end, header: header)
        switch header.kind {
        case .records:
            blocks.append(entry)
            recordCount = header.endIndex
            lastTimestamp = header.lastTimestamp
        case .checkpoint:
            resume(at: header.firstIndex)
            checkpoints.append(entry)
        }
        end += UInt64(header.totalSize)
    }
}

/// How a scan of blocks ended.
enum ScanOutcome {
    /// The file ends exactly after the last whole block.
    case clean
    /// Bytes after the last whole block hold no valid block: a block being written, a torn tail
    /// left by a crash, or garbage. Safe to cut.
    case tail(EventLogError)
    /// A bad block is followed by a valid one (mid-log corruption), or a block exceeds the size cap.
    /// Not safe to cut.
    case damaged(EventLogError)
}

/// Reads, checks and scans blocks of one log file.
struct BlockIO {
    let file: LogFile
    let maxBlockBytes: Int
    let buffers: BlockBuffers

    var path: String { file.path }

    /// What is at a block position.
    enum Probe {
        case block(BlockHeader)
        case incomplete(header: BlockHeader?)
        /// Not a usable block; `header` is set when the header itself is valid (so its length is known).
        case bad(BlockProblem, header: BlockHeader?)
    }

    /// Reads the block at `offset` and checks it: the header always; with `verify`, also the CRC,
    /// the decompression and (for records) every record's framing.
    func probe(at offset: UInt64, fileSize: UInt64, verify: Bool) throws(EventLogError) -> Probe {
        guard offset <= fileSize, fileSize - offset >= UInt64(BlockHeader.size) else { return .incomplete(header: nil) }
        let headerBytes = buffers.block(count: BlockHeader.size)
        guard try file.read(into: headerBytes, at: offset) == BlockHeader.size else { return .incomplete(header: nil) }
        let header: BlockHeader
        switch BlockHeader.parse(UnsafeRawBufferPointer(headerBytes), maxBlockBytes: maxBlockBytes) {
        case .success(let parsed): header = parsed
        case .failure(let problem): return .bad(problem, header: nil)
        }
        guard fileSize - offset >= UInt64(header.totalSize) else { return .incomplete(header: header) }
        guard verify else { return .block(header) }
        switch try readVerified(header, at: offset) {
        case .success(let raw):
            if header.kind == .records, !RecordsPayload.isValid(raw, header: header) {
                return .bad(.malformedRecords, header: header)
            }
            return .block(header)
        case .failure(let problem):
            return .bad(problem, header: header)
        }
    }

    /// Reads the whole block described by `header` at `offset`, checks its CRC and decompresses it.
    ///
    /// - Returns: the raw payload (valid until the next use of ``buffers``), or the problem found.
    func readVerified(_ header: BlockHeader, at offset: UInt64) throws(EventLogError) -> Result<UnsafeRawBufferPointer, BlockProblem> {
        let block = buffers.block(count: header.totalSize)
        guard try file.read(into: block, at: offset) == header.totalSize else { return .failure(.badLengths) }
        guard BlockHeader.parse(UnsafeRawBufferPointer(block), maxBlockBytes: maxBlockBytes) == .success(header) else {
            return .failure(.headerChecksum)
        }
        return decode(header, stored: UnsafeRawBufferPointer(block))
    }

    /// Checks the CRC of a whole stored block whose header is `header`, and decompresses its payload.
    private func decode(_ header: BlockHeader, stored: UnsafeRawBufferPointer) -> Result<UnsafeRawBufferPointer, BlockProblem> {
        guard BlockHeader.hasValidChecksum(stored, storedLength: Int(header.storedLength)) else {
            return .failure(.payloadChecksum)
        }
        let payload = UnsafeRawBufferPointer(
            rebasing: stored[BlockHeader.size..<(BlockHeader.size + Int(header.storedLength))])
        if header.isStored { return .success(payload) }
        let raw = buffers.raw(count: Int(header.rawLength))
        guard LZ4.decompress(payload, into: raw) == Int(header.rawLength) else {
            return .failure(.malformedCompression)
        }
        return .success(UnsafeRawBufferPointer(raw))
    }

    /// Loads the block an index entry points at, for reading, with one read: its header must match
    /// `entry` and its CRC must pass.
    ///
    /// - Returns: the header and the raw payload (valid until the next use of ``buffers``).
    func load(_ entry: BlockEntry, kind: BlockKind) throws(EventLogError) -> (BlockHeader, UnsafeRawBufferPointer) {
        let total = Int(entry.totalSize)
        let block = buffers.block(count: total)
        guard try file.read(into: block, at: entry.offset) == total else {
            throw .truncated(path, at: entry.offset, "block at byte \(entry.offset) is incomplete (the file shrank)")
        }
        let header: BlockHeader
        switch BlockHeader.parse(UnsafeRawBufferPointer(block), maxBlockBytes: maxBlockBytes) {
        case .success(let parsed): header = parsed
        case .failure(let problem):
            throw .corrupt(path, at: entry.offset, "corrupt block at byte \(entry.offset) (\(problem.reason))")
        }
        guard header.kind == kind, entry.matches(header) else {
            throw .corrupt(path, at: entry.offset, "corrupt block at byte \(entry.offset) (does not match the index)")
        }
        switch decode(header, stored: UnsafeRawBufferPointer(block)) {
        case .success(let raw): return (header, raw)
        case .failure(let problem):
            throw .corrupt(path, at: entry.offset, "corrupt block at byte \(entry.offset) (\(problem.reason))")
        }
    }

    /// The offset of the first fully valid block (any position, any index) at or after `start`.
    ///
    /// Tries every byte offset: a cheap shape test, then the header CRC, then the whole block.
    /// - Complexity: O(bytes scanned); used only once damage has been found.
    func findValidBlock(from start: UInt64, fileSize: UInt64) throws(EventLogError) -> UInt64? {
        let windowSize = 64 * 1024
        guard start < fileSize else { return nil }
        var window = [UInt8](repeating: 0, count: Int(min(UInt64(windowSize + BlockHeader.size), fileSize - start)))
        var base = start
        while base < fileSize, fileSize - base >= UInt64(BlockHeader.overhead) {
            let got = try withMutableBytes(of: &window) { buffer throws(EventLogError) in
                try file.read(into: buffer, at: base)
            }
            guard got >= BlockHeader.size else { return nil }
            let positions = min(got - BlockHeader.size + 1, windowSize)
            var candidates: [UInt64] = []
            window.withUnsafeBytes { buffer in
                guard let bytes = buffer.baseAddress else { return }
                let records = BlockKind.records.rawValue
                let checkpoint = BlockKind.checkpoint.rawValue
                for position in 0..<positions {
                    // Shape first (kind byte, flags, zero reserved bytes), the header CRC only then.
                    let kind = bytes.load(fromByteOffset: position, as: UInt8.self)
                    guard kind == records || kind == checkpoint,
                        bytes.loadUnaligned(fromByteOffset: position + 2, as: UInt16.self) == 0
                    else { continue }
                    let slice = UnsafeRawBufferPointer(rebasing: buffer[position..<(position + BlockHeader.size)])
                    guard BlockHeader.isPlausibleStart(slice),
                        case .success = BlockHeader.parse(slice, maxBlockBytes: maxBlockBytes)
                    else { continue }
                    candidates.append(base + UInt64(position))
                }
            }
            for candidate in candidates {
                if case .block = try probe(at: candidate, fileSize: fileSize, verify: true) { return candidate }
            }
            base += UInt64(windowSize)
        }
        return nil
    }

    /// Walks blocks from `layout.end`, adding each good one to `layout`, until the end of the file
    /// or the first bad block, which it classifies as a tail (safe to cut) or damage.
    ///
    /// - Parameter verify: check every block's CRC and framing (writers, repair), or only headers (readers).
    func scan(_ layout: inout LogLayout, fileSize: UInt64, verify: Bool) throws(EventLogError) -> ScanOutcome {
        while layout.end < fileSize {
            let offset = layout.end
            switch try probe(at: offset, fileSize: fileSize, verify: verify) {
            case .block(let header):
                if let problem = layout.problem(appending: header) {
                    return try classify(problem, header: header, at: offset, fileSize: fileSize)
                }
                layout.append(header)
            case .incomplete(let header):
                let what = header == nil ? "incomplete block header" : "incomplete block"
                return .tail(
                    .truncated(
                        path, at: offset, "\(what) at byte \(offset) (file ends at byte \(fileSize))"))
            case .bad(let problem, let header):
                return try classify(problem, header: header, at: offset, fileSize: fileSize)
            }
        }
        return .clean
    }

    private func classify(_ problem: BlockProblem, header: BlockHeader?, at offset: UInt64, fileSize: UInt64) throws(EventLogError) -> ScanOutcome {
        if case .tooLarge(let raw) = problem {
            return .damaged(
                EventLogError(
                    .tooLarge, path: path, offset: offset,
                    detail: "block at byte \(offset) claims \(raw) raw bytes, over the limit of \(maxBlockBytes) (maxBlockBytes)"))
        }
        var searchStart = offset + 1
        if let header, fileSize - offset >= UInt64(header.totalSize) { searchStart = offset + UInt64(header.totalSize) }
        if let next = try findValidBlock(from: searchStart, fileSize: fileSize) {
            return .damaged(
                .corrupt(
                    path, at: offset,
                    "corrupt block at byte \(offset) (\(problem.reason)); a valid block follows at byte \(next)"))
        }
        return .tail(
            .truncated(
                path, at: offset,
                "torn tail at byte \(offset) (\(problem.reason)), \(fileSize - offset) bytes with no valid block after"))
    }
}
