import ByteCoding
import NavigationCore

// The read half of the codec's primitive encodings: each reader turns ByteReader's `nil` into a
// `CodecError` naming the field (`for:`) and the byte offset.

extension ByteReader {
    /// The error `code` at `offset` for the field `context` (out of line: the cold path).
    @inline(never)
    static func failure(_ code: CodecError.Code, at offset: Int, for context: StaticString) -> CodecError {
        CodecError(code, at: offset, "\(context)")
    }

    /// Consumes one byte.
    @inline(__always)
    mutating func readByte(for context: StaticString) throws(CodecError) -> UInt8 {
        guard let value = readUInt8() else { throw Self.failure(.truncated, at: offset, for: context) }
        return value
    }

    /// Consumes a varint; a truncated one is `.truncated`, an overlong or non-minimal one `.invalidValue`.
    @inline(__always)
    mutating func readVarint(for context: StaticString) throws(CodecError) -> UInt64 {
        guard let value = readVarint() else { throw varintFailure(for: context) }
        return value
    }

    @inline(never)
    func varintFailure(for context: StaticString) -> CodecError {
        let window = peekBytes(count: Swift.min(remaining, 10)) ?? UnsafeRawBufferPointer(start: nil, count: 0)
        // A varint that ends (a byte below 0x80) within 10 bytes was refused for its form, not its length.
        let ends = window.contains { $0 < 0x80 }
        return Self.failure(ends || window.count == 10 ? .invalidValue : .truncated, at: offset, for: context)
    }

    /// Consumes `0` or `1`.
    @inline(__always)
    mutating func readBool(for context: StaticString) throws(CodecError) -> Bool {
        let start = offset
        switch try readByte(for: context) {
        case 0: return false
        case 1: return true
        default: throw Self.failure(.invalidValue, at: start, for: context)
        }
    }

    /// Consumes one byte holding the raw value of `type`.
    @inline(__always)
    mutating func readEnum<Value: RawRepresentable<UInt8>>(
        _ type: Value.Type, for context: StaticString
    ) throws(CodecError) -> Value {
        let start = offset
        guard let value = Value(rawValue: try readByte(for: context)) else {
            throw Self.failure(.invalidValue, at: start, for: context)
        }
        return value
    }

    /// Converts `code` (`index << 1 | isMinted`) into a controller ID.
    @inline(__always)
    static func controllerID(code: UInt64, at offset: Int, for context: StaticString) throws(CodecError) -> ControllerID {
        guard code <= 0xFFFF_FFFF else { throw failure(.invalidValue, at: offset, for: context) }
        let index = UInt32(truncatingIfNeeded: code &>> 1)
        return ControllerID(rawValue: code & 1 == 0 ? index : index | ControllerID.mintedBit)
    }

    /// Consumes a controller ID.
    @inline(__always)
    mutating func readID(for context: StaticString) throws(CodecError) -> ControllerID {
        let start = offset
        return try Self.controllerID(code: try readVarint(for: context), at: start, for: context)
    }

    /// Consumes an optional controller ID (`0` is `nil`).
    @inline(__always)
    mutating func readOptionalID(for context: StaticString) throws(CodecError) -> ControllerID? {
        let start = offset
        let value = try readVarint(for: context)
        if value == 0 { return nil }
        return try Self.controllerID(code: value &- 1, at: start, for: context)
    }

    /// Consumes a count of elements that take at least `minimumSize` bytes each: refused before
    /// anything is allocated when it exceeds ``CodecLimits/maximumCount`` (`.tooLarge`) or the bytes
    /// that remain (`.truncated`).
    @inline(__always)
    mutating func readCount(minimumSize: Int = 1, for context: StaticString) throws(CodecError) -> Int {
        let start = offset
        let value = try readVarint(for: context)
        guard value <= UInt64(CodecLimits.maximumCount) else { throw Self.failure(.tooLarge, at: start, for: context) }
        let count = Int(value)
        guard count <= remaining / Swift.max(minimumSize, 1) else { throw Self.failure(.truncated, at: start, for: context) }
        return count
    }

    /// Consumes a list of controller IDs.
    mutating func readIDs(for context: StaticString) throws(CodecError) -> [ControllerID] {
        let count = try readCount(for: context)
        var ids: [ControllerID] = []
        ids.reserveCapacity(count)
        for _ in 0..<count { ids.append(try readID(for: context)) }
        return ids
    }

    /// Consumes a name ID.
    @inline(__always)
    mutating func readNameID(for context: StaticString) throws(CodecError) -> NameID {
        let start = offset
        let value = try readVarint(for: context)
        guard value <= UInt64(UInt32.max) else { throw Self.failure(.invalidValue, at: start, for: context) }
        return NameID(rawValue: UInt32(value))
    }

    /// Consumes an optional name ID (`0` is `nil`).
    @inline(__always)
    mutating func readOptionalNameID(for context: StaticString) throws(CodecError) -> NameID? {
        let start = offset
        let value = try readVarint(for: context)
        if value == 0 { return nil }
        guard value - 1 <= UInt64(UInt32.max) else { throw Self.failure(.invalidValue, at: start, for: context) }
        return NameID(rawValue: UInt32(value - 1))
    }

    /// Consumes a string, validating its UTF-8.
    mutating func readString(for context: StaticString) throws(CodecError) -> String {
        let start = offset
        let length = try readVarint(for: context)
        guard length <= UInt64(CodecLimits.maximumStringLength) else {
            throw Self.failure(.tooLarge, at: start, for: context)
        }
        let bodyStart = offset
        guard let body = readBytes(count: Int(length)) else { throw Self.failure(.truncated, at: start, for: context) }
        guard let string = String(validating: body, as: UTF8.self) else {
            throw Self.failure(.invalidUTF8, at: bodyStart, for: context)
        }
        return string
    }

    /// Consumes a list of strings.
    mutating func readStrings(for context: StaticString) throws(CodecError) -> [String] {
        let count = try readCount(for: context)
        var strings: [String] = []
        strings.reserveCapacity(count)
        for _ in 0..<count { strings.append(try readString(for: context)) }
        return strings
    }

    /// Consumes traits: the packed byte (reserved bits must be zero) and two ZigZag varints.
    @inline(__always)
    mutating func readTraits(for context: StaticString) throws(CodecError) -> Traits {
        let start = offset
        let packed = try readByte(for: context)
        guard packed & 0xF0 == 0, let sideBySide = SideBySide(rawValue: packed &>> 2 & 0x3),
            let sizeClass = SizeClass(rawValue: packed & 1), let idiom = Idiom(rawValue: packed &>> 1 & 1)
        else { throw Self.failure(.invalidValue, at: start, for: context) }
        let width = try readInt32(for: context)
        let height = try readInt32(for: context)
        return Traits(horizontalSizeClass: sizeClass, width: width, height: height, idiom: idiom, sideBySide: sideBySide)
    }

    /// Consumes a ZigZag varint that must fit an `Int32`.
    @inline(__always)
    mutating func readInt32(for context: StaticString) throws(CodecError) -> Int32 {
        let start = offset
        let value = ZigZag.decode(try readVarint(for: context))
        guard let result = Int32(exactly: value) else { throw Self.failure(.invalidValue, at: start, for: context) }
        return result
    }

    /// Consumes a double's 8-byte bit pattern.
    @inline(__always)
    mutating func readDouble(for context: StaticString) throws(CodecError) -> Double {
        guard let bits = readUInt64() else { throw Self.failure(.truncated, at: offset, for: context) }
        return Double(bitPattern: bits)
    }

    /// Consumes an optional double (presence byte, then the bit pattern).
    mutating func readOptionalDouble(for context: StaticString) throws(CodecError) -> Double? {
        try readBool(for: context) ? try readDouble(for: context) : nil
    }

    /// Fails with `.trailingBytes` unless every byte has been read.
    @inline(__always)
    func expectEnd(for context: StaticString) throws(CodecError) {
        guard isAtEnd else { throw Self.failure(.trailingBytes, at: offset, for: context) }
    }
}
