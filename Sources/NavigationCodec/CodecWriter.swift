import ByteCoding

/// The codec's appender: ByteCoding's write vocabulary (little-endian, shortest LEB128 varints,
/// ZigZag) over an array the caller owns.
///
/// A private stand-in for `ByteWriter`, whose initializer always reserves capacity and so
/// allocates even for an empty writer: one allocation per encoded event when appending to a
/// caller's buffer. `CodecWriter` adopts the caller's array (moved in and out) instead.
struct CodecWriter {
    /// The bytes written so far.
    var bytes: [UInt8]

    /// A writer that appends to `bytes`.
    @inline(__always)
    init(bytes: [UInt8] = []) {
        self.bytes = bytes
    }

    /// An empty writer whose storage can hold `capacity` bytes before growing.
    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Runs `body` with a writer that appends to `bytes` (moved in and out, never copied).
    @inline(__always)
    static func appending(to bytes: inout [UInt8], _ body: (inout CodecWriter) -> Void) {
        var writer = CodecWriter()
        swap(&writer.bytes, &bytes)
        body(&writer)
        swap(&writer.bytes, &bytes)
    }

    /// Appends one byte.
    @inline(__always)
    mutating func writeUInt8(_ value: UInt8) {
        bytes.append(value)
    }

    /// Appends a `UInt64`, little-endian, 8 bytes.
    @inline(__always)
    mutating func writeUInt64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` as an unsigned LEB128 varint (1 to 10 bytes, shortest form).
    @inline(__always)
    mutating func writeVarint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v &>>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: v))
    }

    /// Appends `value` ZigZag-encoded as a varint.
    @inline(__always)
    mutating func writeZigZag(_ value: Int64) {
        writeVarint(ZigZag.encode(value))
    }
}
