import ByteCoding

/// Byte layout of the file header (see docs/FileFormat.md, "File header").
///
/// ```
/// 0   8  magic "NAVTAPE\0"
/// 8   2  format version (u16) = 1
/// 10  2  flags (u16) = 0; any set bit is refused as unsupported
/// 12  4  body length B (u32)
/// 16  B  body: session id, device, start ms (i64), parent session id, fork index (u64), metadata
/// 16+B 4 CRC32C of bytes 0 ..< 16+B
/// ```
enum FileHeaderFormat {
    static let magic: [UInt8] = Array("NAVTAPE".utf8) + [0]
    static let prefixSize = 16
    static let checksumSize = 4

    /// The header as it is written: prefix, body and checksum.
    static func encode(_ header: LogHeader) -> [UInt8] {
        var body = ByteWriter(capacity: 64 + header.metadata.count)
        writeString(header.sessionID, to: &body)
        writeString(header.device, to: &body)
        body.writeInt64(header.startTimeMilliseconds)
        writeString(header.parentSessionID, to: &body)
        body.writeUInt64(header.forkIndex)
        body.writeVarint(UInt64(header.metadata.count))
        body.writeBytes(header.metadata)

        var out = ByteWriter(capacity: prefixSize + body.count + checksumSize)
        out.writeBytes(magic)
        out.writeUInt16(LogHeader.currentFormatVersion)
        out.writeUInt16(0)
        out.writeUInt32(UInt32(truncatingIfNeeded: body.count))
        out.writeBytes(body.bytes)
        out.writeUInt32(CRC32C.checksum(out.bytes))
        return out.bytes
    }

    private static func writeString(_ string: String, to writer: inout ByteWriter) {
        var string = string
        string.withUTF8 { utf8 in
            writer.writeVarint(UInt64(utf8.count))
            writer.writeBytes(UnsafeRawBufferPointer(utf8))
        }
    }

    /// What reading a header found.
    struct Decoded {
        var header: LogHeader
        /// The offset of the first block (the header's total size).
        var end: UInt64
        /// The header's CRC32C, which ties a sidecar index to this log.
        var checksum: UInt32
        /// The header's bytes as stored, for repair to copy verbatim.
        var bytes: [UInt8]
    }

    /// Reads and validates the header of `file`, whose size is `fileSize`.
    ///
    /// Checks, in order: magic, version (before anything else, so a newer file is always refused by
    /// version, never misread), flags, body length against `maxHeaderBytes`, file length, CRC, body.
    static func read(from file: LogFile, fileSize: UInt64, options: LogOptions) throws(EventLogError) -> Decoded {
        let path = file.path
        var prefix = [UInt8](repeating: 0, count: prefixSize)
        let got = try withMutableBytes(of: &prefix) { buffer throws(EventLogError) in
            try file.read(into: buffer, at: 0)
        }
        let magicBytes = min(got, magic.count)
        guard prefix[0..<magicBytes].elementsEqual(magic[0..<magicBytes]) else {
            throw EventLogError(.notALog, path: path, offset: 0, detail: "not a NavTape log (bad magic)")
        }
        guard got == prefixSize else {
            throw .truncated(path, at: UInt64(got), got == 0 ? "empty file, not a NavTape log" : "file header truncated at byte \(got)")
        }
        let (version, flags, bodyLength) = ByteReader.withReader(over: prefix) { reader in
            _ = reader.skip(magic.count)
            return (reader.readUInt16() ?? 0, reader.readUInt16() ?? 0, reader.readUInt32() ?? 0)
        }
        guard version >= 1, version <= LogHeader.currentFormatVersion else {
            throw EventLogError(
                .unsupportedVersion, path: path, offset: 8,
                detail: "unsupported format version \(version) (this build reads up to \(LogHeader.currentFormatVersion))")
        }
        guard flags == 0 else {
            throw EventLogError(
                .unsupportedVersion, path: path, offset: 10,
                detail: "unsupported header flags 0x\(String(flags, radix: 16)) (this build knows none)")
        }
        guard Int(bodyLength) <= options.maxHeaderBytes else {
            throw EventLogError(
                .tooLarge, path: path, offset: 12,
                detail: "file header of \(bodyLength) bytes exceeds the limit of \(options.maxHeaderBytes)")
        }
        let total = prefixSize + Int(bodyLength) + checksumSize
        guard fileSize >= UInt64(total) else {
            throw .truncated(path, at: fileSize, "file header truncated at byte \(fileSize) (needs \(total) bytes)")
        }
        var bytes = [UInt8](repeating: 0, count: total)
        let read = try withMutableBytes(of: &bytes) { buffer throws(EventLogError) in
            try file.read(into: buffer, at: 0)
        }
        guard read == total else {
            throw .truncated(path, at: UInt64(read), "file header truncated at byte \(read)")
        }
        guard let decoded = decode(bytes) else {
            throw .corrupt(path, at: 0, "corrupt file header (CRC mismatch or malformed fields)")
        }
        return decoded
    }

    /// `bytes` as a whole header (prefix, body and CRC, nothing after), if it is one: the magic, a
    /// readable version, no flags, the length, the CRC and the body all check.
    static func decode(_ bytes: [UInt8]) -> Decoded? {
        let total = bytes.count
        guard total >= prefixSize + checksumSize, bytes[0..<magic.count].elementsEqual(magic) else { return nil }
        return bytes.withUnsafeBytes { buffer -> Decoded? in
            var prefix = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[magic.count..<prefixSize]))
            guard let version = prefix.readUInt16(), version >= 1, version <= LogHeader.currentFormatVersion,
                prefix.readUInt16() == 0, prefix.readUInt32() == UInt32(total - prefixSize - checksumSize)
            else { return nil }
            let covered = UnsafeRawBufferPointer(rebasing: buffer[0..<(total - checksumSize)])
            var trailer = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[(total - checksumSize)...]))
            guard let checksum = trailer.readUInt32(), CRC32C.checksum(covered) == checksum else { return nil }
            var body = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[prefixSize..<(total - checksumSize)]))
            guard let header = decodeBody(&body, version: version) else { return nil }
            return Decoded(header: header, end: UInt64(total), checksum: checksum, bytes: bytes)
        }
    }

    /// The largest header body ``correctingOneBit(in:fileSize:maxBlockBytes:)`` tries to mend
    /// (a recorder's header is a few hundred bytes).
    static let maximumCorrectableBody = 4_096

    /// The header of `file` with one flipped bit put back, if one flipped bit is what is wrong with
    /// it; the bit's offset in bits from the file's start.
    ///
    /// CRC-32C tells apart every single-bit error in a message this short, so at most one flip fits:
    /// each bit is tried in turn (the body-length field's through the lengths at which a valid
    /// block, or the end of the file, starts). Used by repair only; readers refuse a damaged header.
    /// - Complexity: O(header bits × header bytes), a header of at most ``maximumCorrectableBody``.
    static func correctingOneBit(in io: BlockIO, fileSize: UInt64) throws(EventLogError) -> (decoded: Decoded, bit: Int)? {
        let limit = Int(min(fileSize, UInt64(prefixSize + maximumCorrectableBody + checksumSize)))
        guard limit >= prefixSize + checksumSize else { return nil }
        var bytes = [UInt8](repeating: 0, count: limit)
        guard try withMutableBytes(of: &bytes, { buffer throws(EventLogError) in try io.file.read(into: buffer, at: 0) }) == limit else {
            return nil
        }
        let storedLength = (12..<16).reduce(UInt32(0)) { $0 | UInt32(bytes[$1]) << (8 * UInt32($1 - 12)) }
        for flippedLengthBit in [nil] + (0..<32).map(Optional.some) {
            let length = flippedLengthBit.map { storedLength ^ (1 << UInt32($0)) } ?? storedLength
            guard length <= UInt32(maximumCorrectableBody) else { continue }
            let total = prefixSize + Int(length) + checksumSize
            guard total <= limit else { continue }
            // The header ends where the first block starts (or the file ends).
            if UInt64(total) != fileSize {
                guard case .block = try io.probe(at: UInt64(total), fileSize: fileSize, verify: true) else { continue }
            }
            var candidate = Array(bytes[0..<total])
            if let bit = flippedLengthBit {
                candidate[12 + bit / 8] ^= UInt8(1) << UInt8(bit % 8)
                if let decoded = decode(candidate) { return (decoded, 96 + bit) }
                continue
            }
            for bit in 0..<(total * 8) where !(96..<128).contains(bit) {
                candidate[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
                if let decoded = decode(candidate) { return (decoded, bit) }
                candidate[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            }
        }
        return nil
    }

    private static func decodeBody(_ body: inout ByteReader, version: UInt16) -> LogHeader? {
        guard let sessionID = readString(&body),
            let device = readString(&body),
            let start = body.readInt64(),
            let parent = readString(&body),
            let fork = body.readUInt64(),
            let metadataLength = body.readVarint(), metadataLength <= UInt64(body.remaining),
            let metadata = body.readArray(count: Int(metadataLength)),
            body.isAtEnd
        else { return nil }
        var header = LogHeader(
            sessionID: sessionID, device: device, startTimeMilliseconds: start,
            parentSessionID: parent, forkIndex: fork, metadata: metadata)
        header.formatVersion = version
        return header
    }

    private static func readString(_ reader: inout ByteReader) -> String? {
        guard let length = reader.readVarint(), length <= UInt64(reader.remaining),
            let bytes = reader.readBytes(count: Int(length))
        else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
