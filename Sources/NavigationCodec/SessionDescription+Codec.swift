import ByteCoding
import NavigationCore

extension SessionDescription {
    /// The version byte ``encode()`` writes. Version 2 added the column-style and legacy delegate
    /// answers to the policy and the `legacy` and `manual` styles; version 3 writes the policy as the
    /// rules of the policy language; version 4 appends who recorded the session (``origin``).
    public static let formatVersion: UInt8 = 4
    /// The versions ``init(decoding:)-([UInt8])`` reads: versions 1 and 2 decode their constant
    /// answers as the rules the policy language gives them; versions 1 to 3 have an unknown origin.
    public static let readableFormatVersions: ClosedRange<UInt8> = 1...4

    /// The encoding: the version byte, then style, traits, policy (every answer, including
    /// controller trees), device, layout and origin (docs/EventEncoding.md, "Session description").
    public func encode() -> [UInt8] {
        write(version: Self.formatVersion)
    }

    private func write(version: UInt8) -> [UInt8] {
        var writer = ByteWriter(capacity: 64 + device.utf8.count + layout.utf8.count)
        writer.writeUInt8(version)
        writer.writeUInt8(style.rawValue)
        writer.writeTraits(initialTraits)
        writer.writePolicy(policy)
        writer.writeString(device)
        writer.writeString(layout)
        if version >= 4 { writer.writeOrigin(origin) }
        return writer.bytes
    }

    /// Decodes a description; the whole buffer must be one description.
    ///
    /// Version 1 descriptions (which predate the `legacy` and `manual` styles and the column-style
    /// and legacy delegate answers) decode with those answers not implemented; versions 1 and 2
    /// decode their constant answers as rules.
    /// - Throws: ``CodecError``: `.unsupportedVersion` for a version outside
    ///   ``readableFormatVersions`` (such as one written by a newer build), and every format error;
    ///   never traps.
    public init(decoding bytes: UnsafeRawBufferPointer) throws(CodecError) {
        var reader = ByteReader(bytes)
        self = try reader.readSessionDescription()
        try reader.expectEnd(for: "session")
    }

    /// Decodes a description held in an array.
    public init(decoding bytes: [UInt8]) throws(CodecError) {
        self = try ByteReader.withReader(over: bytes) { (reader: inout ByteReader) throws(CodecError) in
            let description = try reader.readSessionDescription()
            try reader.expectEnd(for: "session")
            return description
        }
    }
}

extension ByteReader {
    /// Consumes a session description.
    mutating func readSessionDescription() throws(CodecError) -> SessionDescription {
        let start = offset
        let version = try readByte(for: "session.version")
        guard SessionDescription.readableFormatVersions.contains(version) else {
            throw CodecError.unsupportedVersion(version, at: start, "session.version", readable: SessionDescription.readableFormatVersions)
        }
        let styleOffset = offset
        let style = try readEnum(SplitStyle.self, for: "session.style")
        guard version >= 2 || StateCodec.isVersion1Style(style) else {
            throw Self.failure(.invalidValue, at: styleOffset, for: "session.style (not in version 1)")
        }
        let traits = try readTraits(for: "session.initialTraits")
        let policy = try readPolicy(version: version)
        let device = try readString(for: "session.device")
        let layout = try readString(for: "session.layout")
        let origin = version >= 4 ? try readOrigin() : .unknown
        return SessionDescription(style: style, initialTraits: traits, policy: policy, device: device, layout: layout, origin: origin)
    }

    /// Consumes an origin: a byte with a bit for each field present (bit 0 app … bit 4
    /// deviceModel; bits 5–7 zero), then each present field's string, in that order.
    mutating func readOrigin() throws(CodecError) -> SessionOrigin {
        let start = offset
        let present = try readByte(for: "session.origin")
        guard present & 0xE0 == 0 else { throw Self.failure(.invalidValue, at: start, for: "session.origin") }
        var fields: [String?] = Array(repeating: nil, count: SessionOrigin.fieldNames.count)
        for index in fields.indices where present & (1 << index) != 0 {
            let fieldStart = offset
            let value = try readString(for: "session.origin")
            guard value.utf8.count <= SessionOrigin.maximumFieldLength else {
                throw CodecError(.tooLarge, at: fieldStart, "session.origin.\(SessionOrigin.fieldNames[index])")
            }
            guard !value.isEmpty else { throw CodecError(.invalidValue, at: fieldStart, "session.origin.\(SessionOrigin.fieldNames[index])") }
            fields[index] = value
        }
        var origin = SessionOrigin.unknown
        origin.fields = fields
        return origin
    }
}

extension ByteWriter {
    /// Appends an origin as ``ByteReader/readOrigin()`` reads it.
    mutating func writeOrigin(_ origin: SessionOrigin) {
        let fields = origin.fields
        var present: UInt8 = 0
        for (index, field) in fields.enumerated() where field != nil { present |= 1 << index }
        writeUInt8(present)
        for field in fields { if let field { writeString(field) } }
    }
}
