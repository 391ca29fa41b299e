import Foundation

/// The bytes of a log file and where its blocks are (docs/FileFormat.md), for tests that damage
/// logs on purpose: no library code, so a test judges the binary by the format alone.
struct LogBytes {
    /// A block's place: its offset, kind (`R` or `C`), first index (or the count a checkpoint
    /// describes), record count and size on disk.
    struct Block: Equatable {
        var offset: Int
        var kind: Character
        var firstIndex: UInt64
        var count: UInt32
        var size: Int
        var end: Int { offset + size }
    }

    var data: Data

    init(contentsOf path: String) throws { data = try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The offset of the first block (just past the file header and its CRC).
    var headerEnd: Int { 20 + Int(uint32(at: 12)) }

    /// The blocks from the header on, as far as their headers chain (no CRC checked).
    var blocks: [Block] {
        var result: [Block] = []
        var offset = headerEnd
        while offset + 48 <= data.count {
            let kind = Character(UnicodeScalar(data[data.startIndex + offset]))
            guard kind == "R" || kind == "C" else { break }
            let stored = Int(uint32(at: offset + 36))
            let block = Block(
                offset: offset, kind: kind, firstIndex: uint64(at: offset + 4), count: uint32(at: offset + 12),
                size: 48 + stored)
            guard block.end <= data.count else { break }
            result.append(block)
            offset = block.end
        }
        return result
    }

    func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(data[data.startIndex + offset + $1]) << (8 * $1) }
    }

    func uint64(at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(data[data.startIndex + offset + $1]) << (8 * $1) }
    }

    /// Flips bit `bit` (0 = the first byte's lowest).
    mutating func flip(bit: Int) {
        data[data.startIndex + bit / 8] ^= UInt8(1 << (bit % 8))
    }

    func write(to path: String) throws { try data.write(to: URL(fileURLWithPath: path)) }
}
