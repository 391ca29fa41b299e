import ByteCoding

/// What a block holds.
enum BlockKind: UInt8 {
    /// A run of records (`'R'`).
    case records = 0x52
    /// An opaque checkpoint payload (`'C'`).
    case checkpoint = 0x43
}

/// Why bytes at a block position are not a usable block.
enum BlockProblem: Error, Equatable {
    case headerChecksum
    case unknownKind
    case reservedBits
    case badLengths
    case badCount
    case badTimestamps
    case payloadChecksum
    case malformedCompression
    case malformedRecords
    case tooLarge(rawLength: UInt32)
    case discontinuous(expected: UInt64, found: UInt64)
    case timestampRegression

    var reason: String {
        switch self {
        case .headerChecksum: "header CRC mismatch"
        case .unknownKind: "unknown block kind"
        case .reservedBits: "reserved bits set"
        case .badLengths: "inconsistent lengths"
        case .badCount: "bad record count"
        case .badTimestamps: "bad timestamp range"
        case .payloadChecksum: "CRC mismatch"
        case .malformedCompression: "malformed LZ4 data"
        case .malformedRecords: "malformed records payload"
        case .tooLarge(let raw): "raw length \(raw) exceeds maxBlockBytes"
        case .discontinuous(let expected, let found): "starts at record \(found), expected \(expected)"
        case .timestampRegression: "timestamps go backwards from the previous block"
        }
    }
}

/// The fixed 44-byte block header (see docs/FileFormat.md, "Block").
///
/// ```
/// 0   1  kind: 'R' (0x52) records, 'C' (0x43) checkpoint
/// 1   1  flags: bit 0 = payload stored uncompressed; other bits 0
/// 2   2  reserved, 0
/// 4   8  first record index (u64); for a checkpoint, the record count it describes
/// 12  4  record count (u32); 0 for a checkpoint
/// 16  8  first timestamp (i64)
/// 24  8  last timestamp (i64)
/// 32  4  raw (uncompressed) payload length (u32)
/// 36  4  stored payload length (u32)
/// 40  4  CRC32C of bytes 0 ..< 40
/// 44  S  payload (LZ4 block, or raw when flag bit 0)
/// 44+S 4 CRC32C of bytes 0 ..< 44+S
/// ```
struct BlockHeader: Equatable {
    static let size = 44
    static let trailerSize = 4
    static let overhead = size + trailerSize
    static let storedFlag: UInt8 = 1

    var kind: BlockKind
    var isStored: Bool
    var firstIndex: UInt64
    var count: UInt32
    var firstTimestamp: Int64
    var lastTimestamp: Int64
    var rawLength: UInt32
    var storedLength: UInt32

    /// The block's size on disk: header, payload and trailer.
    var totalSize: Int { Self.overhead + Int(storedLength) }

    /// The index just past the block's records.
    var endIndex: UInt64 { firstIndex &+ UInt64(count) }

    /// Writes the header and its CRC into the first 44 bytes of `target` (no allocation).
    func encode(into target: UnsafeMutableRawBufferPointer) {
        precondition(target.count >= Self.size, "block header buffer too small")
        target.storeBytes(of: kind.rawValue, toByteOffset: 0, as: UInt8.self)
        target.storeBytes(of: isStored ? Self.storedFlag : 0, toByteOffset: 1, as: UInt8.self)
        target.storeBytes(of: UInt16(0), toByteOffset: 2, as: UInt16.self)
        target.storeBytes(of: firstIndex.littleEndian, toByteOffset: 4, as: UInt64.self)
        target.storeBytes(of: count.littleEndian, toByteOffset: 12, as: UInt32.self)
        target.storeBytes(of: UInt64(bitPattern: firstTimestamp).littleEndian, toByteOffset: 16, as: UInt64.self)
        target.storeBytes(of: UInt64(bitPattern: lastTimestamp).littleEndian, toByteOffset: 24, as: UInt64.self)
        target.storeBytes(of: rawLength.littleEndian, toByteOffset: 32, as: UInt32.self)
        target.storeBytes(of: storedLength.littleEndian, toByteOffset: 36, as: UInt32.self)
        let checksum = CRC32C.checksum(UnsafeRawBufferPointer(rebasing: target[0..<40]))
        target.storeBytes(of: checksum.littleEndian, toByteOffset: 40, as: UInt32.self)
    }

    /// Cheap test before the CRC when scanning for a block at every byte offset.
    static func isPlausibleStart(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= size else { return false }
        let kind = bytes[0]
        return (kind == BlockKind.records.rawValue || kind == BlockKind.checkpoint.rawValue)
            && bytes[1] & ~storedFlag == 0 && bytes[2] == 0 && bytes[3] == 0
    }

    /// Parses and checks a header on its own (CRC, kind, flags, lengths, count, timestamps, size cap).
    static func parse(_ bytes: UnsafeRawBufferPointer, maxBlockBytes: Int) -> Result<BlockHeader, BlockProblem> {
        guard bytes.count >= size else { return .failure(.badLengths) }
        var reader = ByteReader(bytes)
        guard let kindByte = reader.readUInt8(), let flags = reader.readUInt8(), let reserved = reader.readUInt16(),
            let firstIndex = reader.readUInt64(), let count = reader.readUInt32(),
            let firstTimestamp = reader.readInt64(), let lastTimestamp = reader.readInt64(),
            let rawLength = reader.readUInt32(), let storedLength = reader.readUInt32(),
            let checksum = reader.readUInt32()
        else { return .failure(.badLengths) }
        guard CRC32C.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<40])) == checksum else {
            return .failure(.headerChecksum)
        }
        guard let kind = BlockKind(rawValue: kindByte) else { return .failure(.unknownKind) }
        guard flags & ~storedFlag == 0, reserved == 0 else { return .failure(.reservedBits) }
        let header = BlockHeader(
            kind: kind, isStored: flags & storedFlag != 0, firstIndex: firstIndex, count: count,
            firstTimestamp: firstTimestamp, lastTimestamp: lastTimestamp,
            rawLength: rawLength, storedLength: storedLength)
        guard Int(rawLength) <= maxBlockBytes else { return .failure(.tooLarge(rawLength: rawLength)) }
        if header.isStored {
            guard storedLength == rawLength else { return .failure(.badLengths) }
        } else {
            guard storedLength >= 1, let bound = LZ4.compressedBound(Int(rawLength)),
                Int(storedLength) <= bound
            else { return .failure(.badLengths) }
        }
        switch kind {
        case .records:
            guard count >= 1, firstIndex <= UInt64.max - UInt64(count) else { return .failure(.badCount) }
            // Each record takes at least one length byte, and every record after the first a delta byte.
            guard UInt64(rawLength) >= UInt64(RecordsPayload.prefixSize) + 2 * UInt64(count) - 1 else {
                return .failure(.badLengths)
            }
            guard firstTimestamp <= lastTimestamp else { return .failure(.badTimestamps) }
        case .checkpoint:
            guard count == 0 else { return .failure(.badCount) }
            guard firstTimestamp == lastTimestamp else { return .failure(.badTimestamps) }
        }
        return .success(header)
    }

    /// Whether the block's trailer CRC matches; `block` holds the whole block (``totalSize`` bytes).
    static func hasValidChecksum(_ block: UnsafeRawBufferPointer, storedLength: Int) -> Bool {
        let covered = size + storedLength
        guard block.count >= covered + trailerSize else { return false }
        var trailer = ByteReader(UnsafeRawBufferPointer(rebasing: block[covered..<(covered + trailerSize)]))
        return CRC32C.checksum(UnsafeRawBufferPointer(rebasing: block[0..<covered])) == trailer.readUInt32()
    }
}

/// Where a block is and what it holds; what the sidecar index stores for each block.
struct BlockEntry: Equatable {
    var offset: UInt64
    var firstIndex: UInt64
    var count: UInt32
    var storedLength: UInt32
    var firstTimestamp: Int64
    var lastTimestamp: Int64

    init(offset: UInt64, header: BlockHeader) {
        self.offset = offset
        firstIndex = header.firstIndex
        count = header.count
        storedLength = header.storedLength
        firstTimestamp = header.firstTimestamp
        lastTimestamp = header.lastTimestamp
    }

    init(offset: UInt64, firstIndex: UInt64, count: UInt32, storedLength: UInt32, firstTimestamp: Int64, lastTimestamp: Int64) {
        self.offset = offset
        self.firstIndex = firstIndex
        self.count = count
        self.storedLength = storedLength
        self.firstTimestamp = firstTimestamp
        self.lastTimestamp = lastTimestamp
    }

    var totalSize: UInt64 { UInt64(BlockHeader.overhead) + UInt64(storedLength) }
    var endIndex: UInt64 { firstIndex &+ UInt64(count) }

    /// Whether `header` (read from disk at ``offset``) is the block this entry describes.
    func matches(_ header: BlockHeader) -> Bool {
        header.firstIndex == firstIndex && header.count == count && header.storedLength == storedLength
            && header.firstTimestamp == firstTimestamp && header.lastTimestamp == lastTimestamp
    }
}

/// A cursor over the raw payload of a records block.
///
/// ```
/// 0  4  T: timestamp column length (u32)
/// 4  4  L: length column length (u32)
/// 8  T  timestamp column: count − 1 ZigZag varints, ts[i] − ts[i−1] (ts[0] is the header's first timestamp)
/// .  L  length column: count varints, each record's byte length
/// .  …  record bytes, concatenated (exactly the sum of the lengths)
/// ```
///
/// ``next()`` validates as it goes; ``isComplete`` checks that everything was consumed exactly and
/// the last timestamp matches the header. A fold that needs no timestamps reads ``records`` alone
/// and checks the timestamp column once, at the block's end (``readRemainingTimestamps(count:)``).
/// Nothing allocates.
struct RecordsPayload {
    static let prefixSize = 8

    var timestamps: ByteReader
    var records: RecordCursor
    var timestamp: Int64
    var isFirst = true
    let lastTimestamp: Int64

    init?(_ raw: UnsafeRawBufferPointer, header: BlockHeader) {
        var prefix = ByteReader(raw)
        guard let tsLength = prefix.readUInt32(), let lengthsLength = prefix.readUInt32() else { return nil }
        let start = Self.prefixSize
        let columns = UInt64(tsLength) + UInt64(lengthsLength)
        guard UInt64(raw.count - start) >= columns else { return nil }
        let lengthsStart = start + Int(tsLength)
        let dataStart = lengthsStart + Int(lengthsLength)
        timestamps = ByteReader(UnsafeRawBufferPointer(rebasing: raw[start..<lengthsStart]))
        records = RecordCursor(
            lengths: ByteReader(UnsafeRawBufferPointer(rebasing: raw[lengthsStart..<dataStart])),
            data: ByteReader(UnsafeRawBufferPointer(rebasing: raw[dataStart...])))
        timestamp = header.firstTimestamp
        lastTimestamp = header.lastTimestamp
    }

    /// The next record's timestamp and bytes, or `nil` if the payload is malformed.
    @inline(__always)
    mutating func next() -> (timestamp: Int64, record: UnsafeRawBufferPointer)? {
        guard let timestamp = nextTimestamp(), let record = records.next() else { return nil }
        return (timestamp, record)
    }

    /// The next record's timestamp (the first is the header's), or `nil` if the column is malformed.
    @inline(__always)
    mutating func nextTimestamp() -> Int64? {
        if isFirst {
            isFirst = false
        } else {
            guard let delta = timestamps.readZigZag(), delta >= 0 else { return nil }
            let (sum, overflow) = timestamp.addingReportingOverflow(delta)
            guard !overflow else { return nil }
            timestamp = sum
        }
        return timestamp
    }

    /// After all `count` records were read through ``records`` alone, checks the rest of the
    /// payload as ``next()`` and ``isComplete`` would have: the same blocks pass.
    mutating func isCompleteAfterRecords(count: UInt32) -> Bool {
        readAllTimestamps(count: count) && isComplete
    }

    /// Reads the timestamps of the block's `count` records when none has been read yet; `false` if
    /// the column is malformed.
    private mutating func readAllTimestamps(count: UInt32) -> Bool {
        guard isFirst, count > 0 else { return count == 0 }
        isFirst = false
        guard let last = timestamps.readNonNegativeZigZagSum(count: Int(count) - 1, adding: timestamp) else { return false }
        timestamp = last
        return true
    }

    /// The next record's timestamp, skipping its bytes, or `nil` if the payload is malformed.
    @inline(__always)
    mutating func skip() -> Int64? {
        next()?.timestamp
    }

    /// Whether every column was consumed exactly and the last timestamp is the header's.
    var isComplete: Bool {
        timestamps.isAtEnd && records.isAtEnd && timestamp == lastTimestamp
    }

    /// Whether `raw` is a well-formed payload for `header` (decodes every record).
    static func isValid(_ raw: UnsafeRawBufferPointer, header: BlockHeader) -> Bool {
        guard var payload = RecordsPayload(raw, header: header) else { return false }
        for _ in 0..<header.count {
            guard payload.next() != nil else { return false }
        }
        return payload.isComplete
    }
}
