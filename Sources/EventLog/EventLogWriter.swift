import ByteCoding
import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends records to a log, with group commit, and tells which records are durable.
///
/// A record is **acknowledged** once the block holding it has been written *and* `fdatasync`ed; only
/// acknowledged records are promised to survive a crash. Appends are buffered into a block; the block
/// is written when it reaches ``LogOptions/blockTargetBytes`` and synced when a group-commit bound of
/// ``LogOptions`` is reached (records, bytes or time since the oldest unacknowledged append), or on
/// ``sync()`` and ``close()``.
///
/// A group-commit sync runs in the background while the next records are encoded and compressed:
/// ``acknowledgedCount`` grows when it has finished (seen at the next call). At most one runs at a
/// time: a group commit that comes due meanwhile joins the next sync, started as soon as the running
/// one has finished. ``sync()`` and ``close()`` wait for everything.
///
/// After any failed write or sync the writer is **poisoned**: every later call throws
/// ``EventLogError/Code/poisoned`` and nothing is retried (a failed `fsync` leaves the outcome unknown).
/// Reopen the log with ``openForAppend(at:options:)`` to recover and continue.
///
/// Only one writer may hold a log at a time: the writer keeps an exclusive `flock` on the file, and a
/// second writer, in this process or another, is refused with ``EventLogError/Code/locked``.
/// Call ``close()`` when done: dropping an open writer releases the lock but does not sync.
public final class EventLogWriter {
    /// The log's header.
    public let header: LogHeader
    /// The log's path.
    public let path: String

    private let options: LogOptions
    private let file: LogFile
    private let headerChecksum: UInt32

    // The writer is used from one thread at a time (it is not Sendable) and never passes one of its
    // stored properties inout while touching it again, so the state `append` touches is not checked
    // for exclusivity at run time (as swift-collections does): the checks were ~15 % of a buffered
    // append (swift_beginAccess, the access set, TLS), ahead of LZ4.
    @exclusivity(unchecked) private var layout: LogLayout

    // The records block being filled and the group-commit counters.
    @exclusivity(unchecked) private var pending: PendingRecords

    // Reused output memory: the raw payload and the block as written.
    @exclusivity(unchecked) private var rawScratch = ByteWriter()
    @exclusivity(unchecked) private var blockScratch: [UInt8] = []

    @exclusivity(unchecked) private var hasUnsyncedWrites = false

    /// The group-commit sync running in the background, if any (at most one).
    @exclusivity(unchecked) private var inFlight: BackgroundSync?
    /// A group commit came due while ``inFlight`` ran: its sync starts once that one has finished.
    @exclusivity(unchecked) private var syncDue = false
    /// Where background syncs run (made at the first).
    private lazy var syncQueue = DispatchQueue(label: "EventLogWriter.sync")

    /// Blocks framed while a background sync runs, written once it has finished (a `pwrite` to the
    /// file being synced waits for the sync on ext4, which would put the sync back on the critical
    /// path): their bytes, and the file offset of the first. At most one group commit's worth.
    private var deferred: [UInt8] = []
    private var deferredOffset: UInt64 = 0

    /// For a log published whole: its staging file and whether it may replace the file at ``path``.
    private var staging: (file: StagingFile, replacing: Bool)?
    /// The log's directory, where its sidecar is written.
    private let directory: LogDirectory

    private enum Status {
        case open
        case poisoned(EventLogError)
        case closed
    }

    @exclusivity(unchecked) private var status = Status.open

    /// The number of acknowledged records: written and synced. Records `0 ..< acknowledgedCount`
    /// survive a crash — except in a log created with ``Publication/whole``, which appears at its
    /// path only on ``close()`` (a crash before leaves the old file or nothing).
    public private(set) var acknowledgedCount: UInt64

    /// The number of records appended, acknowledged or not (the index the next append gets).
    public var recordCount: UInt64 { layout.recordCount + UInt64(pending.count) }

    /// The number of records in blocks framed for the file, written or (while a background sync runs)
    /// about to be, synced or not (tests and diagnostics).
    var writtenRecordCount: UInt64 { layout.recordCount }

    private init(file: LogFile, directory: LogDirectory, header: LogHeader, headerChecksum: UInt32, layout: LogLayout, options: LogOptions) {
        self.file = file
        self.directory = directory
        self.path = file.path
        self.header = header
        self.headerChecksum = headerChecksum
        self.layout = layout
        self.options = options
        acknowledgedCount = layout.recordCount
        pending = PendingRecords(options: options, lastTimestamp: layout.lastTimestamp)
    }

    deinit {
        if case .closed = status { return }
        _ = inFlight?.wait()  // never sync a closed descriptor
        file.close()
        if let staging { Publisher.discard(staging.file) }
    }

    /// Creates a new, empty log at `path` and opens it for appending.
    ///
    /// The log is written to a hidden staging file beside `path` and appears there whole: with
    /// ``Publication/live`` at once, with its header, so readers can follow the recording; with
    /// ``Publication/whole`` on ``close()``, after the final sync, so a failure or a crash leaves the
    /// old file or nothing at `path`. A crash never leaves a log without a valid header at `path`.
    ///
    /// With `replacing`, an existing regular file at `path` is replaced (atomically, by `rename`) while
    /// this process holds its writer lock; a device, FIFO, directory or link is never replaced, and a
    /// log another writer holds is refused with `.locked`. Errors name `path`, never the staging file.
    ///
    /// - Throws: ``EventLogError`` — `.alreadyExists` if a file is at `path` (without `replacing`),
    ///   `.notRegularFile`, `.locked`, `.tooLarge` if the header exceeds ``LogOptions/maxHeaderBytes``,
    ///   `.invalidArgument` for bad options, `.notFound` (no such directory), `.io`.
    public static func create(
        at path: String, header: LogHeader, options: LogOptions = .default,
        publication: Publication = .live, replacing: Bool = false
    ) throws(EventLogError) -> EventLogWriter {
        let options = try options.validated(path: path)
        let bytes = FileHeaderFormat.encode(header)
        guard bytes.count - FileHeaderFormat.prefixSize - FileHeaderFormat.checksumSize <= options.maxHeaderBytes else {
            throw EventLogError(.tooLarge, path: path, detail: "file header of \(bytes.count) bytes exceeds maxHeaderBytes")
        }
        try Publisher.checkTarget(path, replacing: replacing, options: options)
        // Errors name the user's path; the descriptor is the staging file's until it is published.
        let (staging, file) = try Publisher.createStaging(for: path, flags: O_RDWR, options: options)
        do throws(EventLogError) {
            try withBytes(of: bytes) { buffer throws(EventLogError) in try file.write(buffer, at: 0) }
            if publication == .live {
                try file.synchronizeData()
                try Publisher.publish(staging, replacing: replacing)
            }
        } catch {
            file.close()
            Publisher.discard(staging)
            throw error
        }
        var stored = header
        stored.formatVersion = LogHeader.currentFormatVersion
        let writer = EventLogWriter(
            file: file, directory: staging.directory, header: stored,
            headerChecksum: CRC32C.checksum(Array(bytes[0..<(bytes.count - FileHeaderFormat.checksumSize)])),
            layout: LogLayout(headerEnd: UInt64(bytes.count)), options: options)
        writer.hasUnsyncedWrites = publication == .whole
        if publication == .whole { writer.staging = (staging, replacing) }
        return writer
    }

    /// Opens an existing log for appending, after checking every block and cutting a torn tail.
    ///
    /// Recovery reads the whole file once: every block's CRC and framing is checked. Bytes after the
    /// last whole valid block that hold no valid block (a torn tail from a crash) are cut off and the
    /// cut is synced. If a valid block follows a bad one, that is mid-log corruption: nothing is
    /// changed and `.corrupt` is thrown naming the bad block's offset (see ``EventLogRepair``). So is
    /// a bad last block inside what the last clean close covered (the `<path>.idx` sidecar says how
    /// far): acknowledged records are never cut. The sidecar is removed and rewritten on ``close()``.
    ///
    /// - Returns: the writer, positioned after the last record, and what recovery did.
    /// - Throws: ``EventLogError`` — `.notFound`, `.locked`, `.notALog`, `.unsupportedVersion`,
    ///   `.truncated`/`.corrupt` (header, or mid-log corruption), `.tooLarge`, `.io`.
    /// - Complexity: O(file size).
    public static func openForAppend(at path: String, options: LogOptions = .default) throws(EventLogError) -> (
        writer: EventLogWriter, recovery: RecoveryReport
    ) {
        let options = try options.validated(path: path)
        let directory = try LogDirectory(containing: path, options: options)
        let file = try LogFile.openLocked(path, options: options)
        do throws(EventLogError) {
            let fileSize = try file.size()
            let decoded = try FileHeaderFormat.read(from: file, fileSize: fileSize, options: options)
            let io = BlockIO(file: file, maxBlockBytes: options.maxBlockBytes, buffers: BlockBuffers())
            var layout = LogLayout(headerEnd: decoded.end)
            var report = RecoveryReport(recordCount: 0, checkpointCount: 0, validLength: 0, truncatedBytes: 0, cut: nil)
            // A valid sidecar means no writer has opened the log since its last clean close (a writer
            // removes it first): every byte it covers was acknowledged, so a bad block inside it is
            // damage, never a crashed writer's torn tail. Refused, never cut. (A file cut short at a
            // block boundary holds no bad block: it opens, and readers warn of the cut.)
            var closedAt: UInt64?
            if options.usesIndex {
                switch LogIndex.lookUp(
                    logPath: path, headerChecksum: decoded.checksum, headerEnd: decoded.end, fileSize: fileSize, blocks: io, options: options)
                {
                case .usable(let indexed): closedAt = indexed.end
                case .fileShorter(let covered): closedAt = covered
                case .unusable: break
                }
            }
            let outcome = try io.scan(&layout, fileSize: fileSize, verify: true)
            if case .damaged(let error) = outcome { throw error }
            if case .tail = outcome, let closedAt, layout.end < closedAt {
                throw EventLogError(
                    .corrupt, path: path,
                    detail: "damaged at byte \(layout.end), inside what its last clean close covered (\(closedAt) bytes, says its index): "
                        + "not a torn tail, so nothing is cut (navtape repair salvages the whole blocks)")
            }
            // The sidecar goes first: a sidecar that covers more than the file means "cut by someone else".
            try directory.remove(LogIndex.name(for: LogDirectory.name(of: path)))
            if case .tail(let error) = outcome {
                try file.truncate(to: layout.end)
                report.truncatedBytes = fileSize - layout.end
                report.cut = error
            }
            // Whatever a crashed writer left unsynced is made durable before it counts as acknowledged.
            try file.synchronizeData()
            report.recordCount = layout.recordCount
            report.checkpointCount = layout.checkpoints.count
            report.validLength = layout.end
            let writer = EventLogWriter(
                file: file, directory: directory, header: decoded.header, headerChecksum: decoded.checksum, layout: layout, options: options)
            return (writer, report)
        } catch {
            file.close()
            throw error
        }
    }

    /// Appends one record; returns its index.
    ///
    /// The record is buffered, not yet acknowledged. This call may write a block (or, while a
    /// background sync runs, frame it to be written once that sync has finished); when a group-commit
    /// bound is reached it starts a background sync, or, while one runs, lets the next one start as
    /// soon as that one has finished. ``acknowledgedCount`` grows when a call sees that a background
    /// sync has finished.
    ///
    /// - Parameters:
    ///   - timestamp: the record's time; must not be lower than the previous record's.
    ///   - record: the record's bytes, copied.
    /// - Throws: ``EventLogError`` — `.timestampRegression`, `.tooLarge` (the record cannot fit in a
    ///   block of ``LogOptions/maxBlockBytes``), `.poisoned`, `.invalidArgument` (closed), or the `.io`
    ///   error of a failed write or sync (which poisons the writer).
    /// - Complexity: amortized O(record size); no allocation once the block buffers have grown.
    @discardableResult
    public func append(timestamp: Int64, record: UnsafeRawBufferPointer) throws(EventLogError) -> UInt64 {
        try checkUsable()
        if inFlight != nil { try pollBackgroundSync() }
        while true {
            switch pending.append(timestamp: timestamp, record: record) {
            case .buffered(let writeBlock, let sync):
                let index = recordCount - 1
                if writeBlock { try writePendingBlock() }
                if sync { try startGroupCommit() }
                return index
            case .blockFull:
                try writePendingBlock()
            case .regression(let previous):
                throw EventLogError(
                    .timestampRegression, path: path,
                    detail: "timestamp \(timestamp) of record \(recordCount) is lower than the previous record's \(previous)")
            case .jumpTooFar(let previous):
                throw EventLogError(
                    .invalidArgument, path: path,
                    detail: "timestamp \(timestamp) is too far from the previous record's \(previous)")
            case .tooLarge:
                throw EventLogError(
                    .tooLarge, path: path,
                    detail: "record of \(record.count) bytes does not fit in a block of maxBlockBytes \(options.maxBlockBytes)")
            }
        }
    }

    /// Appends one record given as an array; returns its index. Same rules as the
    /// `UnsafeRawBufferPointer` variant.
    @discardableResult
    public func append(timestamp: Int64, record: [UInt8]) throws(EventLogError) -> UInt64 {
        try withBytes(of: record) { buffer throws(EventLogError) in try append(timestamp: timestamp, record: buffer) }
    }

    /// Records a checkpoint: an opaque payload (a serialized state from the layer above) describing
    /// the state after the first ``recordCount`` records.
    ///
    /// Writes the pending records block first, then the checkpoint block (both framed to be written
    /// later while a background sync runs); acknowledged with the next sync.
    ///
    /// - Returns: the record count the checkpoint describes.
    /// - Throws: ``EventLogError`` — `.tooLarge` (over ``LogOptions/maxBlockBytes``), `.poisoned`,
    ///   `.invalidArgument` (closed), `.io` (poisons).
    @discardableResult
    public func appendCheckpoint(_ payload: [UInt8]) throws(EventLogError) -> UInt64 {
        try checkUsable()
        return try writeCheckpoint(payload, at: nil, timestamp: nil)
    }

    /// Resumes the log at record `index`, past ``recordCount``: writes the pending records block, then
    /// a checkpoint at `index` (its `payload`, at `timestamp`), so that the indices between are a gap
    /// (docs/FileFormat.md, "Gaps") and the next record takes `index`. What a repair leaves, written
    /// again (an import of a repaired log's export).
    ///
    /// - Throws: ``EventLogError`` — `.invalidArgument` for an `index` not past ``recordCount`` or a
    ///   `timestamp` before the last record's; then as ``appendCheckpoint(_:)``.
    public func resume(at index: UInt64, checkpoint payload: [UInt8], timestamp: Int64) throws(EventLogError) {
        try checkUsable()
        guard index > recordCount else {
            throw EventLogError(.invalidArgument, path: path, detail: "a gap must end past record \(recordCount), not at \(index)")
        }
        if let last = pending.lastTimestamp ?? layout.lastTimestamp, timestamp < last {
            throw EventLogError(.invalidArgument, path: path, detail: "a gap's time \(timestamp) is before the last record's \(last)")
        }
        try writeCheckpoint(payload, at: index, timestamp: timestamp)
    }

    /// Writes the pending records block, then a checkpoint block at `index` (default: the records so
    /// far) and `timestamp` (default: the last record's); returns its index.
    @discardableResult
    private func writeCheckpoint(_ payload: [UInt8], at index: UInt64?, timestamp: Int64?) throws(EventLogError) -> UInt64 {
        guard payload.count <= options.maxBlockBytes else {
            throw EventLogError(
                .tooLarge, path: path,
                detail: "checkpoint of \(payload.count) bytes exceeds maxBlockBytes \(options.maxBlockBytes)")
        }
        if pending.count > 0 { try writePendingBlock() }
        let timestamp = timestamp ?? pending.lastTimestamp ?? 0
        let index = index ?? layout.recordCount
        try withBytes(of: payload) { raw throws(EventLogError) in
            try writeBlock(
                kind: .checkpoint, firstIndex: index, count: 0,
                firstTimestamp: timestamp, lastTimestamp: timestamp, raw: raw)
        }
        if pending.noteCheckpoint(bytes: payload.count) { try startGroupCommit() }
        return index
    }

    /// Writes any pending records and makes everything written durable (`fdatasync`).
    ///
    /// - Returns: the acknowledged record count, now equal to ``recordCount``.
    /// - Throws: ``EventLogError`` — `.poisoned`, `.invalidArgument` (closed), `.io` (poisons).
    @discardableResult
    public func sync() throws(EventLogError) -> UInt64 {
        try checkUsable()
        if pending.count > 0 { try writePendingBlock() }
        try settleBackgroundSync(waiting: true)
        syncDue = false  // the sync below covers it
        assert(deferred.isEmpty, "no block waits once no sync runs")
        if hasUnsyncedWrites {
            do throws(EventLogError) {
                try file.synchronizeData()
            } catch {
                poison(error)
                throw error
            }
            hasUnsyncedWrites = false
        }
        pending.clearUnsynced()
        acknowledgedCount = layout.recordCount
        return acknowledgedCount
    }

    /// Syncs, writes the sidecar index (if ``LogOptions/writesIndex``), and releases the file and its lock.
    ///
    /// A log created with ``Publication/whole`` is moved to its path here, after the sync; if this
    /// throws, nothing is moved and the staging file is removed.
    ///
    /// The file is released even when this throws. Closing a closed writer does nothing.
    /// - Throws: ``EventLogError`` — `.poisoned`, or the `.io` error of the final sync; for a log
    ///   published whole, `.alreadyExists`, `.notRegularFile` or `.locked` from ``Publisher``. A
    ///   failure to write the index is not reported: readers rebuild it.
    public func close() throws(EventLogError) {
        if case .closed = status { return }
        let staging = self.staging
        self.staging = nil
        var published = false
        defer {
            _ = inFlight?.wait()  // only when the sync below threw before waiting for it
            inFlight = nil
            file.close()
            status = .closed
            if let staging, !published { Publisher.discard(staging.file) }
        }
        try sync()
        let logName = staging?.file.name ?? LogDirectory.name(of: path)
        if options.writesIndex {
            try? LogIndex.write(layout, headerChecksum: headerChecksum, logName: logName, in: directory, options: options)
        }
        if let staging {
            try Publisher.publish(staging.file, replacing: staging.replacing)
            published = true
        }
    }

    /// Gives the log up: releases the file and its lock without syncing. A log created with
    /// ``Publication/whole`` never appears at its path (its staging file is removed); a live one stays
    /// as far as it was acknowledged.
    public func abandon() {
        if case .closed = status { return }
        _ = inFlight?.wait()
        inFlight = nil
        file.close()
        status = .closed
        if let staging { Publisher.discard(staging.file) }
        staging = nil
    }

    private func checkUsable() throws(EventLogError) {
        switch status {
        case .open:
            return
        case .closed:
            throw .invalid(path, "the writer is closed")
        case .poisoned(let failure):
            throw EventLogError(
                .poisoned, path: path, offset: failure.offset, errno: failure.errno,
                detail: "writer poisoned by an earlier failure (\(failure.detail)); reopen the log")
        }
    }

    /// A group-commit bound was reached: writes the pending block and starts syncing everything
    /// written so far in the background. If the previous sync is still running, this group joins the
    /// next one instead, started as soon as that one has finished (``pollBackgroundSync()``), unless
    /// ``maximumDeferredBytes`` of blocks already wait: then it waits for it.
    private func startGroupCommit() throws(EventLogError) {
        if pending.count > 0 { try writePendingBlock() }
        pending.clearUnsynced()
        if let job = inFlight, !job.isFinished, deferred.count < Self.maximumDeferredBytes {
            syncDue = true
            return
        }
        try settleBackgroundSync(waiting: true)
        startSync()
    }

    /// Starts syncing, in the background, everything written so far (no sync may be running).
    private func startSync() {
        syncDue = false
        guard hasUnsyncedWrites else {
            acknowledgedCount = layout.recordCount
            return
        }
        hasUnsyncedWrites = false
        inFlight = BackgroundSync(target: layout.recordCount, file: file, on: syncQueue)
    }

    /// Collects the background sync if it has finished, and starts the one that came due meanwhile.
    private func pollBackgroundSync() throws(EventLogError) {
        try settleBackgroundSync(waiting: false)
        if inFlight == nil, syncDue { startSync() }
    }

    /// The most bytes of blocks held while a sync runs before a group commit waits for it.
    static let maximumDeferredBytes = 4 << 20

    /// Collects the background sync if it has finished (or, when `waiting`, once it has): its records
    /// become acknowledged, or its error poisons the writer and is thrown.
    private func settleBackgroundSync(waiting: Bool) throws(EventLogError) {
        guard let job = inFlight, waiting || job.isFinished else { return }
        inFlight = nil
        if let error = job.wait() {
            poison(error)
            throw error
        }
        acknowledgedCount = max(acknowledgedCount, job.target)
        try writeDeferredBlocks()
    }

    /// Writes the blocks framed while the background sync ran (they wait for the next sync).
    private func writeDeferredBlocks() throws(EventLogError) {
        assert(inFlight == nil, "deferred blocks are written only once the sync has finished")
        guard !deferred.isEmpty else { return }
        try withBytes(of: deferred) { bytes throws(EventLogError) in try writeOrPoison(bytes, at: deferredOffset) }
        deferred.removeAll(keepingCapacity: true)
    }

    /// Waits for the background sync, if any, and for the one that came due meanwhile, without
    /// starting any other; the acknowledged count (tests).
    func settle() throws(EventLogError) -> UInt64 {
        try settleBackgroundSync(waiting: true)
        if syncDue {
            startSync()
            try settleBackgroundSync(waiting: true)
        }
        return acknowledgedCount
    }

    private func poison(_ error: EventLogError) {
        if case .open = status { status = .poisoned(error) }
    }

    private func writePendingBlock() throws(EventLogError) {
        pending.encodePayload(into: &rawScratch)
        let count = UInt32(pending.count)
        let first = pending.firstTimestamp
        let last = pending.lastTimestamp ?? first
        let raw = rawScratch.bytes
        try withBytes(of: raw) { buffer throws(EventLogError) in
            try writeBlock(
                kind: .records, firstIndex: layout.recordCount, count: count,
                firstTimestamp: first, lastTimestamp: last, raw: buffer)
        }
        pending.clearBlock()
    }

    /// Compresses `raw` (or stores it when LZ4 does not shrink it), frames it and writes it at the end.
    private func writeBlock(
        kind: BlockKind, firstIndex: UInt64, count: UInt32, firstTimestamp: Int64,
        lastTimestamp: Int64, raw: UnsafeRawBufferPointer
    ) throws(EventLogError) {
        let bound = LZ4.compressedBound(raw.count) ?? raw.count
        let capacity = BlockHeader.overhead + max(bound, raw.count)
        if blockScratch.count < capacity {
            blockScratch.append(contentsOf: repeatElement(0, count: capacity - blockScratch.count))
        }
        let header: BlockHeader = blockScratch.withUnsafeMutableBytes { block in
            let payloadArea = UnsafeMutableRawBufferPointer(rebasing: block[BlockHeader.size..<(BlockHeader.size + bound)])
            var stored = raw.count
            var isStored = true
            if raw.count > 0, let compressed = LZ4.compress(raw, into: payloadArea), compressed < raw.count {
                stored = compressed
                isStored = false
            } else if raw.count > 0 {
                UnsafeMutableRawBufferPointer(rebasing: block[BlockHeader.size..<(BlockHeader.size + raw.count)])
                    .copyMemory(from: raw)
            }
            let header = BlockHeader(
                kind: kind, isStored: isStored, firstIndex: firstIndex, count: count,
                firstTimestamp: firstTimestamp, lastTimestamp: lastTimestamp,
                rawLength: UInt32(raw.count), storedLength: UInt32(stored))
            header.encode(into: block)
            let covered = BlockHeader.size + stored
            let checksum = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: block[0..<covered])).littleEndian
            withUnsafeBytes(of: checksum) { bytes in
                UnsafeMutableRawBufferPointer(rebasing: block[covered..<(covered + 4)]).copyMemory(from: bytes)
            }
            return header
        }
        let total = header.totalSize
        let offset = layout.end
        if inFlight != nil {
            // Held until the running sync has finished (see `deferred`).
            if deferred.isEmpty { deferredOffset = offset }
            deferred.append(contentsOf: blockScratch[0..<total])
        } else {
            try withBytes(of: blockScratch) { block throws(EventLogError) in
                try writeOrPoison(UnsafeRawBufferPointer(rebasing: block[0..<total]), at: offset)
            }
        }
        hasUnsyncedWrites = true
        layout.append(header)
    }

    /// Writes `bytes` at `offset`; a failure poisons the writer.
    private func writeOrPoison(_ bytes: UnsafeRawBufferPointer, at offset: UInt64) throws(EventLogError) {
        do throws(EventLogError) {
            try file.write(bytes, at: offset)
        } catch {
            poison(error)
            throw error
        }
    }
}
/// What ``EventLogWriter/openForAppend(at:options:)`` found and did.
public struct RecoveryReport: Sendable, Equatable {
    /// The records in the log after recovery (all acknowledged).
    public var recordCount: UInt64
    /// The checkpoints in the log after recovery.
    public var checkpointCount: Int
    /// The file's length after recovery: the end of the last whole valid block.
    public var validLength: UInt64
    /// How many bytes of torn tail were cut off (0 for a clean log).
    public var truncatedBytes: UInt64
    /// What was cut, with its offset, when ``truncatedBytes`` is not 0.
    public var cut: EventLogError?

    /// Whether the log was clean (nothing cut).
    public var wasClean: Bool { truncatedBytes == 0 }
}
