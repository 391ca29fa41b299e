import Foundation

/// The blocks of a log file, parsed here from docs/FileFormat.md (not through EventLog), for the raw
/// decompression baseline and the size table.
public struct LogBlocks {
    public struct Block {
        /// `'R'` records or `'C'` checkpoint.
        public var kind: UInt8
        /// Whether the payload is stored uncompressed.
        public var isStored: Bool
        public var recordCount: Int
        /// Payload size before compression (`R`).
        public var rawLength: Int
        /// Payload size on disk (`S`).
        public var storedLength: Int
        /// Where the payload starts in ``LogBlocks/bytes``.
        public var payloadOffset: Int
    }

    public struct Malformed: Error, CustomStringConvertible {
        public var description: String
    }

    /// The whole file.
    public let bytes: [UInt8]
    /// Every block, in file order.
    public let blocks: [Block]
    /// The size of the file header (magic to header CRC).
    public let headerLength: Int

    public init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 }
        func u32(_ o: Int) -> Int { u16(o) | u16(o + 2) << 16 }
        guard bytes.count >= 20, bytes[0..<8].elementsEqual("NAVTAPE\0".utf8), u16(8) == 1 else {
            throw Malformed(description: "\(path): not a version 1 NavTape log")
        }
        var offset = 20 + u32(12)
        headerLength = offset
        var blocks: [Block] = []
        while offset + 48 <= bytes.count {
            let kind = bytes[offset]
            guard kind == 0x52 || kind == 0x43 else { throw Malformed(description: "bad block kind at \(offset)") }
            let raw = u32(offset + 32)
            let stored = u32(offset + 36)
            guard offset + 44 + stored + 4 <= bytes.count else { break }  // torn tail
            blocks.append(
                Block(
                    kind: kind, isStored: bytes[offset + 1] & 1 != 0, recordCount: u32(offset + 12),
                    rawLength: raw, storedLength: stored, payloadOffset: offset + 44))
            offset += 44 + stored + 4
        }
        self.bytes = bytes
        self.blocks = blocks
    }

    /// The records blocks.
    public var recordBlocks: [Block] { blocks.filter { $0.kind == 0x52 } }

    /// Bytes on disk of a log's records blocks and checkpoint blocks (headers and CRCs included),
    /// from block headers only (for logs too large to read whole).
    public static func footprint(path: String) throws -> (file: Int, records: Int, checkpoints: Int) {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let size = Int(try handle.seekToEnd())
        func read(_ offset: Int, _ count: Int) throws -> [UInt8] {
            try handle.seek(toOffset: UInt64(offset))
            return [UInt8](try handle.read(upToCount: count) ?? Data())
        }
        let head = try read(0, 16)
        guard head.count == 16 else { throw Malformed(description: "\(path): too short") }
        var offset = 20 + (Int(head[12]) | Int(head[13]) << 8 | Int(head[14]) << 16 | Int(head[15]) << 24)
        var records = 0, checkpoints = 0
        while offset + 48 <= size {
            let h = try read(offset, 44)
            guard h.count == 44 else { break }
            let stored = Int(h[36]) | Int(h[37]) << 8 | Int(h[38]) << 16 | Int(h[39]) << 24
            let length = 44 + stored + 4
            guard offset + length <= size else { break }
            if h[0] == 0x52 { records += length } else if h[0] == 0x43 { checkpoints += length } else { break }
            offset += length
        }
        return (size, records, checkpoints)
    }
}
