import ByteCoding
import NavigationCore

// The write half of the codec's primitive encodings (layouts in docs/EventEncoding.md).

extension ByteWriter {
    /// `0` or `1`.
    @inline(__always)
    mutating func writeBool(_ value: Bool) {
        writeUInt8(value ? 1 : 0)
    }

    /// A controller ID as the varint of `index << 1 | isMinted`: app and minted IDs below 64 take
    /// one byte.
    @inline(__always)
    mutating func writeID(_ id: ControllerID) {
        writeVarint(Self.code(of: id))
    }

    /// An optional controller ID: `0` for `nil`, otherwise the ID's code plus one.
    @inline(__always)
    mutating func writeOptionalID(_ id: ControllerID?) {
        writeVarint(id.map { Self.code(of: $0) &+ 1 } ?? 0)
    }

    /// The code of `id` (`index << 1 | isMinted`), at most `0xFFFF_FFFF`.
    @inline(__always)
    static func code(of id: ControllerID) -> UInt64 {
        UInt64(id.index) &<< 1 | (id.isMinted ? 1 : 0)
    }

    /// A list of controller IDs: a varint count, then each ID.
    mutating func writeIDs(_ ids: [ControllerID]) {
        writeVarint(UInt64(ids.count))
        for id in ids { writeID(id) }
    }

    /// A name ID as the varint of its raw value.
    @inline(__always)
    mutating func writeNameID(_ id: NameID) {
        writeVarint(UInt64(id.rawValue))
    }

    /// An optional name ID: `0` for `nil`, otherwise the raw value plus one.
    @inline(__always)
    mutating func writeOptionalNameID(_ id: NameID?) {
        writeVarint(id.map { UInt64($0.rawValue) &+ 1 } ?? 0)
    }

    /// A string: the varint length of its UTF-8 bytes, then the bytes.
    mutating func writeString(_ string: String) {
        writeVarint(UInt64(string.utf8.count))
        bytes.append(contentsOf: string.utf8)
    }

    /// A list of strings: a varint count, then each string.
    mutating func writeStrings(_ strings: [String]) {
        writeVarint(UInt64(strings.count))
        for string in strings { writeString(string) }
    }

    /// Traits: one packed byte (size class bit 0, idiom bit 1, side-by-side bits 2–3), then width
    /// and height as ZigZag varints.
    @inline(__always)
    mutating func writeTraits(_ traits: Traits) {
        writeUInt8(traits.horizontalSizeClass.rawValue | traits.idiom.rawValue &<< 1 | traits.sideBySide.rawValue &<< 2)
        writeZigZag(Int64(traits.width))
        writeZigZag(Int64(traits.height))
    }

    /// A double as its 8-byte little-endian IEEE 754 bit pattern (exact: signed zeros and NaN
    /// payloads survive).
    @inline(__always)
    mutating func writeDouble(_ value: Double) {
        writeUInt64(value.bitPattern)
    }

    /// An optional double: a presence byte (`0` or `1`), then the bit pattern when present.
    mutating func writeOptionalDouble(_ value: Double?) {
        writeBool(value != nil)
        if let value { writeDouble(value) }
    }
}
