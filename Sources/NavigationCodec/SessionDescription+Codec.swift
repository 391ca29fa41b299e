import ByteCoding
import NavigationCore

extension SessionDescription {
    /// The version byte ``encode()`` writes. Version 2 added the column-style and legacy delegate
    /// answers to the policy and the `legacy` and `manual` styles; version 3 writes the policy as the
    /// rules of the policy language.
    public static let formatVersion: UInt8 = 3
    /// The versions ``init(decoding:)-([UInt8])`` reads: versions 1 and 2 decode their constant
    /// answers as the rules the policy language gives them.
    public static let readableFormatVersions: ClosedRange<UInt8> = 1...3

    /// The encoding: the version byte, then style, traits, policy (every answer, including
    /// controller trees), device and layout (docs/EventEncoding.md, "Session description").
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
        return SessionDescription(style: style, initialTraits: traits, policy: policy, device: device, layout: layout)
    }
}
