/// A cursor over borrowed bytes with the read half of NavTape's byte vocabulary.
///
/// `read*` consumes and returns `nil` on a short read (leaving the cursor where it was);
/// `peek*` returns the same value without consuming. Integers are little-endian; varints are unsigned
/// LEB128 (see ``ByteWriter``). Nothing here allocates or traps on any input bytes.
///
/// Public rather than `package`: Swift 6.3.1 does not inline `@inlinable package` declarations into
/// other modules (measured: every `readVarint` on the replay path was a call). ByteCoding is in no
/// product, so `public` here is still invisible outside this package.
///
/// The reader does not own its memory: it is valid only while the buffer it was created over is,
/// which is why the `[UInt8]` entry point is ``withReader(over:_:)`` rather than an initializer.
public struct ByteReader {
    @usableFromInline let base: UnsafeRawPointer?
    @usableFromInline let end: Int

    @usableFromInline var position: Int

    /// The offset of the next byte to read, from the start of the buffer.
    @inlinable
    public var offset: Int { position }

    /// Creates a reader over `buffer`, positioned at its first byte.
    @inlinable
    public init(_ buffer: UnsafeRawBufferPointer) {
        base = buffer.baseAddress
        end = buffer.count
        position = 0
    }

    /// Calls `body` with a reader over the bytes of `array`.
    @inlinable
    public static func withReader<R, E: Error>(
        over array: [UInt8], _ body: (inout ByteReader) throws(E) -> R
    ) throws(E) -> R {
        let result: Result<R, E> = array.withUnsafeBytes { buffer in
            var reader = ByteReader(buffer)
            do throws(E) { return .success(try body(&reader)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The number of bytes not yet read.
    @inlinable
    public var remaining: Int { end &- position }

    /// Whether every byte has been read.
    @inlinable
    public var isAtEnd: Bool { position >= end }

    @inlinable @inline(__always)
    func byte(at position: Int) -> UInt8 {
        base.unsafelyUnwrapped.load(fromByteOffset: position, as: UInt8.self)
    }

    // Non-generic on purpose: unspecialized generic loads are slow in debug builds (tests).
    @inlinable @inline(__always)
    func load16(at position: Int) -> UInt16 {
        UInt16(littleEndian: base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: position, as: UInt16.self))
    }

    @inlinable @inline(__always)
    func load32(at position: Int) -> UInt32 {
        UInt32(littleEndian: base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    @inlinable @inline(__always)
    func load64(at position: Int) -> UInt64 {
        UInt64(littleEndian: base.unsafelyUnwrapped.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    /// Returns the next byte without consuming it, or `nil` at the end.
    @inlinable @inline(__always)
    public func peekUInt8() -> UInt8? {
        position < end ? byte(at: position) : nil
    }

    /// Consumes one byte, or returns `nil` at the end.
    @inlinable @inline(__always)
    public mutating func readUInt8() -> UInt8? {
        guard position < end else { return nil }
        defer { position &+= 1 }
        return byte(at: position)
    }

    /// Returns the next little-endian `UInt16` without consuming it, or `nil` if fewer than 2 bytes remain.
    @inlinable
    public func peekUInt16() -> UInt16? { remaining >= 2 ? load16(at: position) : nil }

    /// Consumes a little-endian `UInt16`, or returns `nil` if fewer than 2 bytes remain.
    @inlinable
    public mutating func readUInt16() -> UInt16? {
        guard let value = peekUInt16() else { return nil }
        position &+= 2
        return value
    }

    /// Returns the next little-endian `UInt32` without consuming it, or `nil` if fewer than 4 bytes remain.
    @inlinable
    public func peekUInt32() -> UInt32? { remaining >= 4 ? load32(at: position) : nil }

    /// Consumes a little-endian `UInt32`, or returns `nil` if fewer than 4 bytes remain.
    @inlinable
    public mutating func readUInt32() -> UInt32? {
        guard let value = peekUInt32() else { return nil }
        position &+= 4
        return value
    }

    /// Returns the next little-endian `UInt64` without consuming it, or `nil` if fewer than 8 bytes remain.
    @inlinable
    public func peekUInt64() -> UInt64? { remaining >= 8 ? load64(at: position) : nil }

    /// Consumes a little-endian `UInt64`, or returns `nil` if fewer than 8 bytes remain.
    @inlinable
    public mutating func readUInt64() -> UInt64? {
        guard let value = peekUInt64() else { return nil }
        position &+= 8
        return value
    }

    /// Consumes a little-endian two's-complement `Int64`, or returns `nil` if fewer than 8 bytes remain.
    @inlinable
    public mutating func readInt64() -> Int64? {
        readUInt64().map { Int64(bitPattern: $0) }
    }

    /// Decodes the varint at the cursor: its value and length, or `nil` if it is truncated, longer
    /// than 10 bytes, overflows 64 bits, or is not in its shortest form (a trailing `0x00` group).
    @inlinable @inline(__always)
    public func peekVarintWithLength() -> (value: UInt64, length: Int)? {
        guard position < end else { return nil }
        let first = byte(at: position)
        if first < 0x80 { return (UInt64(first), 1) }
        // Two bytes (values below 16,384: most IDs) without the loop; a zero last group is padding.
        if position &+ 1 < end {
            let second = byte(at: position &+ 1)
            if second < 0x80 {
                guard second != 0 else { return nil }
                return (UInt64(first & 0x7F) | UInt64(second) &<< 7, 2)
            }
        }
        return peekLongVarint()
    }

    @inlinable
    func peekLongVarint() -> (value: UInt64, length: Int)? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        var cursor = position
        // At most 10 groups: 9 full 7-bit groups and a 10th that may only hold the top bit.
        while cursor < end {
            let b = byte(at: cursor)
            cursor &+= 1
            if shift == 63 {
                // 10th byte: only 0x01 is valid (0x00 would be non-minimal, more would overflow or go on).
                guard b == 1 else { return nil }
                return (result | (1 << 63), 10)
            }
            result |= UInt64(b & 0x7F) &<< shift
            if b < 0x80 {
                // A last group of zero means the encoding was padded: reject non-minimal forms.
                guard b != 0 else { return nil }
                return (result, cursor &- position)
            }
            shift &+= 7
        }
        return nil
    }

    /// Returns the varint at the cursor without consuming it (see ``readVarint()`` for what is rejected).
    @inlinable @inline(__always)
    public func peekVarint() -> UInt64? {
        peekVarintWithLength()?.value
    }

    /// Consumes an unsigned LEB128 varint.
    ///
    /// - Returns: the value, or `nil` (cursor unchanged) if the varint is truncated, longer than
    ///   10 bytes, overflows 64 bits, or is not in its shortest form.
    @inlinable @inline(__always)
    public mutating func readVarint() -> UInt64? {
        guard let (value, length) = peekVarintWithLength() else { return nil }
        position &+= length
        return value
    }

    /// Consumes a ZigZag-encoded varint (see ``ZigZag``).
    @inlinable @inline(__always)
    public mutating func readZigZag() -> Int64? {
        readVarint().map(ZigZag.decode)
    }

    /// Returns the next `count` bytes without consuming them, or `nil` if fewer remain or `count < 0`.
    ///
    /// The result borrows the reader's memory.
    @inlinable @inline(__always)
    public func peekBytes(count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, count <= remaining else { return nil }
        return UnsafeRawBufferPointer(start: base.map { $0 + position }, count: count)
    }

    /// Consumes `count` bytes and returns them (borrowed), or `nil` if fewer remain or `count < 0`.
    @inlinable @inline(__always)
    public mutating func readBytes(count: Int) -> UnsafeRawBufferPointer? {
        guard let bytes = peekBytes(count: count) else { return nil }
        position &+= count
        return bytes
    }

    /// Consumes `count` bytes into a new array, or returns `nil` if fewer remain or `count < 0`.
    @inlinable
    public mutating func readArray(count: Int) -> [UInt8]? {
        readBytes(count: count).map { Array($0) }
    }

    /// Consumes `count` bytes without looking at them; returns `false` (cursor unchanged) if fewer remain.
    @inlinable
    public mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        position &+= count
        return true
    }
}
