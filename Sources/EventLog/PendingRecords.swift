import ByteCoding

/// A writer's in-memory state between block writes: the records block being filled (three columns,
/// reused from block to block) and the group-commit counters.
///
/// Kept in one struct so that `append` touches the writer's stored state through a single access
/// (each access to a class's stored property is checked for exclusivity at run time).
struct PendingRecords {
    /// What an append should do next.
    enum Step {
        /// The record was buffered; write the block and/or sync as flagged.
        case buffered(writeBlock: Bool, sync: Bool)
        /// The block is full: write it, then append again.
        case blockFull
        /// The timestamp is lower than the previous record's.
        case regression(previous: Int64)
        /// The timestamp is so far from the previous one that the delta overflows.
        case jumpTooFar(previous: Int64)
        /// The record cannot fit in any block.
        case tooLarge
    }

    private let timestamps: ByteColumn
    private let lengths: ByteColumn
    private let data: ByteColumn
    /// Records in the block being filled.
    private(set) var count = 0
    private(set) var firstTimestamp: Int64 = 0
    /// The last record's timestamp, in this block or an earlier one.
    private(set) var lastTimestamp: Int64?

    private(set) var unsyncedRecords = 0
    private(set) var unsyncedBytes = 0
    private var oldestUnsyncedTime: Int64 = 0

    private let blockTargetBytes: Int
    private let maxBlockBytes: Int
    private let syncEveryRecords: Int
    private let syncEveryBytes: Int
    private let syncIntervalNanoseconds: Int64?

    init(options: LogOptions, lastTimestamp: Int64?) {
        blockTargetBytes = options.blockTargetBytes
        maxBlockBytes = options.maxBlockBytes
        syncEveryRecords = options.syncEveryRecords
        syncEveryBytes = options.syncEveryBytes
        syncIntervalNanoseconds = options.syncIntervalNanoseconds
        self.lastTimestamp = lastTimestamp
        data = ByteColumn(capacity: options.blockTargetBytes + 64)
        lengths = ByteColumn(capacity: min(options.blockTargetBytes, 64 * 1024))
        timestamps = ByteColumn(capacity: min(options.blockTargetBytes, 64 * 1024))
    }

    /// The size of the raw payload the block would have now.
    var rawSize: Int { RecordsPayload.prefixSize + timestamps.count + lengths.count + data.count }

    /// Buffers one record if it can go into the current block.
    mutating func append(timestamp: Int64, record: UnsafeRawBufferPointer) -> Step {
        var delta: Int64 = 0
        if let previous = lastTimestamp {
            guard timestamp >= previous else { return .regression(previous: previous) }
            let (difference, overflow) = timestamp.subtractingReportingOverflow(previous)
            guard !overflow else { return .jumpTooFar(previous: previous) }
            delta = difference
        }
        let deltaSize = count == 0 ? 0 : ByteWriter.varintSize(ZigZag.encode(delta))
        let added = deltaSize + ByteWriter.varintSize(UInt64(record.count)) + record.count
        guard RecordsPayload.prefixSize + added <= maxBlockBytes else { return .tooLarge }
        if count > 0, rawSize + added > maxBlockBytes { return .blockFull }

        if count == 0 {
            firstTimestamp = timestamp
        } else {
            timestamps.appendVarint(ZigZag.encode(delta))
        }
        lengths.appendVarint(UInt64(record.count))
        data.append(record)
        count += 1
        lastTimestamp = timestamp

        if unsyncedRecords == 0, syncIntervalNanoseconds != nil { oldestUnsyncedTime = MonotonicClock.nanoseconds() }
        unsyncedRecords += 1
        unsyncedBytes += record.count
        let sync = unsyncedRecords >= syncEveryRecords || unsyncedBytes >= syncEveryBytes || intervalElapsed()
        return .buffered(writeBlock: rawSize >= blockTargetBytes, sync: sync)
    }

    /// Counts a checkpoint's bytes towards the group-commit bounds; whether to sync now.
    mutating func noteCheckpoint(bytes: Int) -> Bool {
        if unsyncedRecords == 0, unsyncedBytes == 0, syncIntervalNanoseconds != nil {
            oldestUnsyncedTime = MonotonicClock.nanoseconds()
        }
        unsyncedBytes += bytes
        return unsyncedBytes >= syncEveryBytes
    }

    private func intervalElapsed() -> Bool {
        guard let interval = syncIntervalNanoseconds else { return false }
        return MonotonicClock.nanoseconds() &- oldestUnsyncedTime >= interval
    }

    /// Writes the block's raw payload (see ``RecordsPayload``) into `raw`, replacing its contents.
    func encodePayload(into raw: inout ByteWriter) {
        raw.removeAll()
        raw.writeUInt32(UInt32(truncatingIfNeeded: timestamps.count))
        raw.writeUInt32(UInt32(truncatingIfNeeded: lengths.count))
        raw.writeBytes(timestamps.bytes)
        raw.writeBytes(lengths.bytes)
        raw.writeBytes(data.bytes)
    }

    /// Empties the block after it was written, keeping the storage.
    mutating func clearBlock() {
        timestamps.removeAll()
        lengths.removeAll()
        data.removeAll()
        count = 0
    }

    /// Resets the group-commit counters after a sync.
    mutating func clearUnsynced() {
        unsyncedRecords = 0
        unsyncedBytes = 0
    }
}

/// A growable byte buffer without copy-on-write, for the columns of the records block being
/// filled: a few bytes are written per record, and an `Array`'s uniqueness check and generic
/// append per write were a fifth of a buffered append. Owned by one ``PendingRecords``.
final class ByteColumn {
    // Unchecked like the writer's hot properties: only the writer's thread touches a column.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity: Int
    /// The number of bytes written.
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written, valid until the next write or ``removeAll()``.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private func reserve(_ extra: Int) {
        if capacity - count < extra { grow(to: count + extra) }
    }

    @inline(never)
    private func grow(to needed: Int) {
        let larger = Swift.max(needed, capacity * 2)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.initialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Appends `value` as an unsigned LEB128 varint (``ByteCoding/ByteWriter/forEachVarintByte(of:_:)``).
    @inline(__always)
    func appendVarint(_ value: UInt64) {
        reserve(10)
        var at = base + count
        ByteWriter.forEachVarintByte(of: value) { byte in
            at.initialize(to: byte)
            at += 1
        }
        count = at - base
    }

    /// Appends raw bytes.
    @inline(__always)
    func append(_ source: UnsafeRawBufferPointer) {
        guard let start = source.baseAddress, source.count > 0 else { return }
        reserve(source.count)
        UnsafeMutableRawPointer(base + count).copyMemory(from: start, byteCount: source.count)
        count += source.count
    }

    /// Forgets every byte, keeping the storage.
    func removeAll() { count = 0 }
}
