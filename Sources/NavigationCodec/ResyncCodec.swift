import ByteCoding
import NavigationCore

// `resynced` (0x26): parts u8 (bit 0: the split's children follow, bit 1: a display mode follows;
// other bits are refused, so every resync has one encoding); if bit 0, the children as a list of
// IDs; the stacks as a varint count, each a navigation controller's ID then its list of IDs; if
// bit 1, the display mode u8 (docs/EventEncoding.md).

extension ByteWriter {
    mutating func writeResync(_ resync: Resync) {
        writeUInt8((resync.viewControllers == nil ? 0 : 1) | (resync.displayMode == nil ? 0 : 2))
        if let children = resync.viewControllers { writeIDs(children) }
        writeVarint(UInt64(resync.stacks.count))
        for stack in resync.stacks {
            writeID(stack.navigation)
            writeIDs(stack.viewControllers)
        }
        if let mode = resync.displayMode { writeUInt8(mode.rawValue) }
    }
}

extension ByteReader {
    mutating func readResync() throws(CodecError) -> Resync {
        let start = offset
        let parts = try readByte(for: "resynced.parts")
        guard parts & ~3 == 0 else { throw Self.failure(.invalidValue, at: start, for: "resynced.parts") }
        var resync = Resync()
        if parts & 1 != 0 { resync.viewControllers = try readIDs(for: "resynced.viewControllers") }
        let count = try readCount(minimumSize: 2, for: "resynced.stacks")
        resync.stacks.reserveCapacity(count)
        for _ in 0..<count {
            let navigation = try readID(for: "resynced.navigation")
            resync.stacks.append(Resync.Stack(navigation: navigation, viewControllers: try readIDs(for: "resynced.stack")))
        }
        if parts & 2 != 0 { resync.displayMode = try readEnum(DisplayMode.self, for: "resynced.displayMode") }
        return resync
    }
}
