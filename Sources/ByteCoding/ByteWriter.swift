/// An append-only byte buffer with the write half of NavTape's byte vocabulary.
///
/// Every multi-byte integer is written **little-endian**; there is no other byte order in NavTape's
/// formats. `write*` methods append at the end; none of them can fail.
///
/// Variable-length integers are unsigned LEB128 (7 bits per byte, least significant group first,
/// high bit set on every byte but the last), at most 10 bytes for a `UInt64`, always in the shortest
/// form. Signed values go through ZigZag first (see ``ZigZag``).
///
/// Public rather than `package` so that it inlines across modules (see ``ByteReader``).
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public var bytes: [UInt8]

    /// Creates an empty writer whose storage can hold `capacity` bytes before growing; with no
    /// capacity nothing is allocated until the first write.
    @inlinable
    public init(capacity: Int = 0) {
        bytes = []
        if capacity > 0 { bytes.reserveCapacity(capacity) }
    }

    /// Creates a writer that appends to `bytes` (adopted, not copied).
    @inlinable
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Runs `body` with a writer that appends to `bytes`, moved in and out (never copied, never
    /// allocating beyond the bytes written): how encoders append to a caller's reused buffer.
    @inlinable @inline(__always)
    public static func appending(to bytes: inout [UInt8], _ body: (inout ByteWriter) -> Void) {
        var writer = ByteWriter()
        swap(&writer.bytes, &bytes)
        body(&writer)
        swap(&writer.bytes, &bytes)
    }

    /// The number of bytes written so far.
    @inlinable
    public var count: Int { bytes.count }

    /// Removes every byte, keeping the storage for reuse.
    @inlinable
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    public mutating func writeUInt8(_ value: UInt8) {
        bytes.append(value)
    }

    /// Appends a `UInt16`, little-endian, 2 bytes.
    @inlinable
    public mutating func writeUInt16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value &>> 8))
    }

    /// Appends a `UInt32`, little-endian, 4 bytes.
    @inlinable
    public mutating func writeUInt32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a `UInt64`, little-endian, 8 bytes.
    @inlinable
    public mutating func writeUInt64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends an `Int64` as its two's-complement bit pattern, little-endian, 8 bytes.
    @inlinable
    public mutating func writeInt64(_ value: Int64) {
        writeUInt64(UInt64(bitPattern: value))
    }

    /// Appends `value` as an unsigned LEB128 varint (1 to 10 bytes, shortest form).
    @inlinable @inline(__always)
    public mutating func writeVarint(_ value: UInt64) {
        Self.forEachVarintByte(of: value) { bytes.append($0) }
    }

    /// Calls `emit` with each byte of `value`'s LEB128 varint in order: the one spelling of the
    /// encoding, for writers that keep their bytes elsewhere (EventLog's records columns).
    @inlinable @inline(__always)
    public static func forEachVarintByte(of value: UInt64, _ emit: (UInt8) -> Void) {
        var v = value
        while v >= 0x80 {
            emit(UInt8(truncatingIfNeeded: v) | 0x80)
            v &>>= 7
        }
        emit(UInt8(truncatingIfNeeded: v))
    }

    /// Appends `value` ZigZag-encoded as a varint, so small magnitudes of either sign stay short.
    @inlinable @inline(__always)
    public mutating func writeZigZag(_ value: Int64) {
        writeVarint(ZigZag.encode(value))
    }

    /// Appends raw bytes.
    @inlinable
    public mutating func writeBytes(_ source: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: source)
    }

    /// Appends raw bytes.
    @inlinable
    public mutating func writeBytes(_ source: [UInt8]) {
        bytes.append(contentsOf: source)
    }

    /// Overwrites 4 bytes at `offset` with `value`, little-endian (for length fields patched after the fact).
    ///
    /// - Precondition: `offset + 4 <= count` (a programmer error otherwise, never input-driven).
    @inlinable
    public mutating func setUInt32(_ value: UInt32, at offset: Int) {
        precondition(offset >= 0 && offset + 4 <= bytes.count, "setUInt32 out of range")
        withUnsafeBytes(of: value.littleEndian) { source in
            bytes.withUnsafeMutableBytes { target in
                target.baseAddress.unsafelyUnwrapped.advanced(by: offset)
                    .copyMemory(from: source.baseAddress.unsafelyUnwrapped, byteCount: 4)
            }
        }
    }

    /// The number of bytes `value` takes as a varint.
    @inlinable
    public static func varintSize(_ value: UInt64) -> Int {
        // 1 + floor((bit width - 1) / 7), with 0 taking one byte.
        let bits = 64 - (value | 1).leadingZeroBitCount
        return (bits + 6) / 7
    }
}
