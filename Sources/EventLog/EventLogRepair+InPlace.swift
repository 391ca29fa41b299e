#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ByteCoding

/// Repair in place, for a disk without room for the repaired copy: the kept blocks are moved down
/// over what is dropped, in order, inside the log itself.
///
/// What makes it safe to stop at any point: (1) before anything changes, every byte repair will
/// drop or change is written, at its own offset, into a sparse `.broken` file (the original's length,
/// holes where the kept blocks are) and synced; (2) a block whose new place overlaps its old one is
/// first written to a journal beside the log and synced, and a repair that finds that journal writes
/// the block again before it looks at the log; (3) every other block is moved only over bytes that
/// are already dropped or already copied and synced. A repair that stops midway leaves a log whose
/// next repair keeps the same records (the half-moved prefix, then the rest where it was).
extension EventLogRepair {
    /// How a repair writes its result.
    public enum Mode: Sendable, Equatable {
        /// A copy beside the log when the file system has room for it (with a margin), else in place.
        case automatic
        /// Always a repaired copy, renamed over the log (the original kept whole as `.broken`).
        case copy
        /// Always in place (the dropped bytes kept in a sparse `.broken`).
        case inPlace
    }

    /// The journal of a block moved onto itself: `.NAME.repair-journal` beside the log.
    static func journalName(of base: String) -> String { "." + base + ".repair-journal" }

    /// What the journal starts with.
    private static let journalMagic = Array("NTRJRNL1".utf8)

    /// Whether the directory holding `file` has room for `bytes` more, with 1 MiB to spare.
    static func hasRoom(for bytes: UInt64, beside file: LogFile) -> Bool {
        var info = statvfs()
        guard fstatvfs(file.descriptor, &info) == 0 else { return true }
        let free = UInt64(info.f_bavail) &* UInt64(info.f_frsize)
        return free >= bytes &+ (1 << 20)
    }

    /// Writes again the block a repair that stopped had journaled, when the journal is whole and
    /// was written for this very file (device and inode), then removes the journal.
    static func replayJournal(of file: LogFile, named base: String, in directory: LogDirectory, options: LogOptions) throws(EventLogError) {
        let name = journalName(of: base)
        // A directory, FIFO, socket or device at the name is no journal of ours: nothing to replay
        // (and not ours to remove). A repair in place refuses to write its journal there.
        if let info = try directory.status(of: name), info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFLNK { return }
        let opened: LogFile?
        do {
            opened = try directory.openExisting(name, flags: O_RDONLY, errorPath: directory.path(of: name))
        } catch  where error.code == .notRegularFile {
            // A symbolic link planted at the name: never ours, removed (the link, not what it names).
            try directory.remove(name)
            return
        }
        guard let journal = opened else { return }
        defer { journal.close() }
        let limit = options.maxBlockBytes + 64
        let size = try journal.size()
        var bytes = [UInt8](repeating: 0, count: Int(min(size, UInt64(limit))))
        let read = try withMutableBytes(of: &bytes) { buffer throws(EventLogError) in try journal.read(into: buffer, at: 0) }
        if let entry = parseJournal(Array(bytes.prefix(read))), entry.identity == (try identity(of: file)) {
            try withBytes(of: entry.block) { buffer throws(EventLogError) in try file.write(buffer, at: entry.destination) }
            try file.synchronizeData()
        }
        try directory.remove(name)
        try directory.synchronize()
    }

    /// Moves the kept blocks down over what is dropped (see the extension's comment). `kept` are the
    /// kept blocks' offsets and sizes in file order; `header` the (maybe corrected) file header.
    /// Returns the path of the sparse `.broken` copy.
    static func repairInPlace(
        _ file: LogFile, path: String, header: [UInt8], headerCorrected: Bool, kept: [(offset: UInt64, size: Int)], fileSize: UInt64,
        directory: LogDirectory, base: String, buffers: BlockBuffers
    ) throws(EventLogError) -> String {
        // The bytes that go: the header when a bit of it is put back, and everything between kept blocks.
        var dropped: [Range<UInt64>] = headerCorrected ? [0..<UInt64(header.count)] : []
        var end = UInt64(header.count)
        for block in kept {
            if block.offset > end { dropped.append(end..<block.offset) }
            end = block.offset + UInt64(block.size)
        }
        if fileSize > end { dropped.append(end..<fileSize) }
        let journalName = journalName(of: base)
        try checkJournalName(journalName, in: directory)  // before anything is written
        let broken = try keepDropped(dropped, of: file, named: base, size: fileSize, in: directory, path: path, buffers: buffers)

        if headerCorrected {
            try withBytes(of: header) { buffer throws(EventLogError) in try file.write(buffer, at: 0) }
            try file.synchronizeData()
        }
        let identity = try identity(of: file)
        var destination = UInt64(header.count)
        for block in kept {
            defer { destination += UInt64(block.size) }
            guard block.offset != destination else { continue }
            let bytes = buffers.block(count: block.size)
            guard try file.read(into: bytes, at: block.offset) == block.size else {
                throw .truncated(path, at: block.offset, "block at byte \(block.offset) changed during repair")
            }
            if destination + UInt64(block.size) > block.offset {
                try writeJournal(named: journalName, in: directory, identity: identity, destination: destination, block: UnsafeRawBufferPointer(bytes))
            }
            try file.write(UnsafeRawBufferPointer(bytes), at: destination)
            try file.synchronizeData()
        }
        try file.truncate(to: destination)
        try file.synchronizeAll()
        try directory.remove(journalName)
        try directory.synchronize()
        return broken
    }

    /// Writes `ranges` of `file` at their own offsets into a new sparse file of `size` bytes named
    /// `NAME.broken` (or the first free `NAME.broken.N`), synced; returns its path.
    private static func keepDropped(
        _ ranges: [Range<UInt64>], of file: LogFile, named base: String, size: UInt64, in directory: LogDirectory, path: String,
        buffers: BlockBuffers
    ) throws(EventLogError) -> String {
        try firstFreeCopy(of: base, in: directory, path: path) { (name) throws(EventLogError) in
            let copy = try directory.create(name, errorPath: directory.path(of: name))
            defer { copy.close() }
            do throws(EventLogError) {
                for range in ranges {
                    var offset = range.lowerBound
                    while offset < range.upperBound {
                        let chunk = buffers.raw(count: Int(min(range.upperBound - offset, 1 << 20)))
                        let read = try file.read(into: chunk, at: offset)
                        guard read > 0 else { break }
                        try copy.write(UnsafeRawBufferPointer(rebasing: chunk[0..<read]), at: offset)
                        offset += UInt64(read)
                    }
                }
                try copy.truncate(to: size)
                try copy.synchronizeAll()
                try directory.synchronize()
            } catch {
                directory.discard(name)
                throw error
            }
        }
    }

    /// The file's device and inode: a journal applies to the file it was written for, nothing else.
    static func identity(of file: LogFile) throws(EventLogError) -> [UInt64] {
        var info = stat()
        guard fstat(file.descriptor, &info) == 0 else { throw .io(file.path, "cannot examine", errno: errno) }
        return [UInt64(info.st_dev), UInt64(info.st_ino)]
    }

    /// Refuses a directory at the journal's name: not ours to remove, and no journal can be written there.
    private static func checkJournalName(_ name: String, in directory: LogDirectory) throws(EventLogError) {
        guard let info = try directory.status(of: name), info.st_mode & S_IFMT == S_IFDIR else { return }
        throw EventLogError(
            .notRegularFile, path: directory.path(of: name),
            detail: "is a directory, where a repair in place writes its journal: remove it, or repair by a copy")
    }

    /// Replaces the journal with one holding `block` and where it goes, synced before the block moves.
    private static func writeJournal(
        named name: String, in directory: LogDirectory, identity: [UInt64], destination: UInt64, block: UnsafeRawBufferPointer
    ) throws(EventLogError) {
        try checkJournalName(name, in: directory)
        try directory.remove(name)
        let journal = try directory.create(name, flags: O_WRONLY, errorPath: directory.path(of: name))
        defer { journal.close() }
        let bytes = journalBytes(identity: identity, destination: destination, block: Array(block))
        try withBytes(of: bytes) { buffer throws(EventLogError) in try journal.write(buffer, at: 0) }
        try journal.synchronizeAll()
        try directory.synchronize()
    }

    /// The journal's bytes: the magic, the file's identity, the destination, the block's length, the
    /// block, and a CRC-32C of all that.
    static func journalBytes(identity: [UInt64], destination: UInt64, block: [UInt8]) -> [UInt8] {
        var bytes = journalMagic
        for value in identity + [destination, UInt64(block.count)] { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        bytes += block
        let checksum = bytes.withUnsafeBytes { CRC32C.checksum($0) }
        withUnsafeBytes(of: checksum.littleEndian) { bytes += $0 }
        return bytes
    }

    /// The journal's block, its destination and the file it belongs to; `nil` when it is torn or not a journal.
    static func parseJournal(_ bytes: [UInt8]) -> (identity: [UInt64], destination: UInt64, block: [UInt8])? {
        let fixed = journalMagic.count + 32
        guard bytes.count >= fixed + 4, Array(bytes.prefix(journalMagic.count)) == journalMagic else { return nil }
        func word(_ at: Int) -> UInt64 { bytes[at..<at + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) } }
        let count = word(journalMagic.count + 24)
        guard count <= UInt64(bytes.count - fixed - 4) else { return nil }
        let end = fixed + Int(count)
        let stored = UInt32(truncatingIfNeeded: bytes[end..<end + 4].reversed().reduce(0) { $0 << 8 | UInt64($1) })
        guard bytes[0..<end].withUnsafeBytes({ CRC32C.checksum($0) }) == stored else { return nil }
        return ([word(journalMagic.count), word(journalMagic.count + 8)], word(journalMagic.count + 16), Array(bytes[fixed..<end]))
    }
}
