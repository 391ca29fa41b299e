import ByteCoding
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sparse index sidecar `<path>.idx` (see docs/FileFormat.md, "Index sidecar").
///
/// ```
/// 0   8  magic "NAVTIDX\0"
/// 8   2  version (u16) = 1
/// 10  2  reserved, 0
/// 12  4  CRC32C of the log's file header (ties the index to its log)
/// 16  8  covered length: the offset just past the last indexed block (u64)
/// 24  4  records block count R (u32)
/// 28  4  checkpoint count C (u32)
/// 32  40·R records block entries, then 40·C checkpoint entries:
///        offset u64, first index u64, count u32, stored length u32, first ts i64, last ts i64
/// end 4  CRC32C of everything before
/// ```
///
/// The index is written atomically on a clean close, and a reader that finds it missing, damaged,
/// or not matching the log (header CRC, length, chain of offsets, any block's header on disk)
/// silently scans block headers instead. Blocks after the covered length are always scanned. What
/// it adds to a scan: the length of the last clean close, which tells a cut or damaged log from a
/// torn one.
enum LogIndex {
    static let magic: [UInt8] = Array("NAVTIDX".utf8) + [0]
    static let version: UInt16 = 1
    static let prefixSize = 32
    static let entrySize = 40

    /// The sidecar's path for the log at `logPath`.
    static func path(for logPath: String) -> String { logPath + ".idx" }

    /// The sidecar's name for the log named `logName` in the same directory.
    static func name(for logName: String) -> String { logName + ".idx" }

    static func encode(_ layout: LogLayout, headerChecksum: UInt32) -> [UInt8] {
        var writer = ByteWriter(
            capacity: prefixSize + entrySize * (layout.blocks.count + layout.checkpoints.count) + 4)
        writer.writeBytes(magic)
        writer.writeUInt16(version)
        writer.writeUInt16(0)
        writer.writeUInt32(headerChecksum)
        writer.writeUInt64(layout.end)
        writer.writeUInt32(UInt32(truncatingIfNeeded: layout.blocks.count))
        writer.writeUInt32(UInt32(truncatingIfNeeded: layout.checkpoints.count))
        for entry in layout.blocks + layout.checkpoints {
            writer.writeUInt64(entry.offset)
            writer.writeUInt64(entry.firstIndex)
            writer.writeUInt32(entry.count)
            writer.writeUInt32(entry.storedLength)
            writer.writeInt64(entry.firstTimestamp)
            writer.writeInt64(entry.lastTimestamp)
        }
        writer.writeUInt32(CRC32C.checksum(writer.bytes))
        return writer.bytes
    }

    /// Writes the sidecar of the log named `logName` in `directory` atomically: a new temporary file
    /// with a random name (created exclusively, never through a link), `fsync`, `rename`, `fsync` of
    /// the directory.
    static func write(
        _ layout: LogLayout, headerChecksum: UInt32, logName: String, in directory: LogDirectory,
        options: LogOptions
    ) throws(EventLogError) {
        let target = name(for: logName)
        let bytes = encode(layout, headerChecksum: headerChecksum)
        let (file, temporary, removal) = try directory.createTemporary(
            prefix: "." + target + ".", suffix: ".tmp", flags: O_WRONLY,
            errorPath: directory.path(of: target))
        defer { removal.cancel() }
        do throws(EventLogError) {
            try withBytes(of: bytes) { buffer throws(EventLogError) in try file.write(buffer, at: 0) }
            try file.synchronizeAll()
            file.close()
            try directory.rename(temporary, to: target)
        } catch {
            file.close()
            directory.discard(temporary)
            throw error
        }
        try directory.synchronize()
    }

    /// What a sidecar says about a log.
    enum Lookup {
        /// Missing, damaged, or not matching the log: scan instead.
        case unusable
        /// A valid sidecar of this log whose covered length is beyond the end of the file: the log was
        /// cut after its last clean close (writers and repair remove the sidecar before they cut).
        case fileShorter(covered: UInt64)
        /// The layout of the log up to the sidecar's covered length.
        case usable(LogLayout)
    }

    /// What the sidecar of the log at `logPath` says, checked against the log.
    static func lookUp(
        logPath: String, headerChecksum: UInt32, headerEnd: UInt64, fileSize: UInt64,
        blocks io: BlockIO, options: LogOptions
    ) -> Lookup {
        switch load(logPath: logPath, headerChecksum: headerChecksum, headerEnd: headerEnd, fileSize: fileSize, blocks: io, options: options) {
        case nil: .unusable
        case .some(.failure(let covered)): .fileShorter(covered: covered.length)
        case .some(.success(let layout)): .usable(layout)
        }
    }

    private struct Beyond: Error {
        var length: UInt64
    }

    private static func load(
        logPath: String, headerChecksum: UInt32, headerEnd: UInt64, fileSize: UInt64,
        blocks io: BlockIO, options: LogOptions
    ) -> Result<LogLayout, Beyond>? {
        // Never blocking on a FIFO or following a link planted as the sidecar: only a regular file is read.
        guard let file = try? LogFile.open(path(for: logPath), flags: O_RDONLY | O_NONBLOCK | O_NOFOLLOW, options: options) else { return nil }
        defer { file.close() }
        var info = stat()
        guard fstat(file.descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        guard let size = try? file.size() else { return nil }
        let maximumEntries = fileSize / UInt64(BlockHeader.overhead)
        // Bounded by the log's size before allocating (with room to notice that the log was cut to a quarter).
        guard size >= UInt64(prefixSize + 4),
            size <= UInt64(prefixSize + 4) + 4 * (maximumEntries + 1024) * UInt64(entrySize)
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard let got = try? withMutableBytes(of: &bytes, { buffer throws(EventLogError) in try file.read(into: buffer, at: 0) }),
            got == Int(size)
        else { return nil }
        let parsed: Result<LogLayout, Beyond>? = bytes.withUnsafeBytes { buffer in
            let body = UnsafeRawBufferPointer(rebasing: buffer[0..<(buffer.count - 4)])
            var trailer = ByteReader(UnsafeRawBufferPointer(rebasing: buffer[(buffer.count - 4)...]))
            guard CRC32C.checksum(body) == trailer.readUInt32() else { return nil }
            var reader = ByteReader(body)
            guard let magicBytes = reader.readBytes(count: magic.count), magicBytes.elementsEqual(magic),
                reader.readUInt16() == version, reader.readUInt16() == 0,
                reader.readUInt32() == headerChecksum,
                let covered = reader.readUInt64(),
                let blockCount = reader.readUInt32(), let checkpointCount = reader.readUInt32(),
                UInt64(reader.remaining) == (UInt64(blockCount) + UInt64(checkpointCount)) * UInt64(entrySize)
            else { return nil }
            guard covered <= fileSize else { return .failure(Beyond(length: covered)) }
            // Every block takes at least `overhead` bytes of the log: bound the entries before allocating.
            guard UInt64(blockCount) + UInt64(checkpointCount) <= maximumEntries else { return nil }
            var blocks: [BlockEntry] = []
            var checkpoints: [BlockEntry] = []
            blocks.reserveCapacity(Int(blockCount))
            checkpoints.reserveCapacity(Int(checkpointCount))
            for i in 0..<(Int(blockCount) + Int(checkpointCount)) {
                guard let offset = reader.readUInt64(), let first = reader.readUInt64(),
                    let count = reader.readUInt32(), let stored = reader.readUInt32(),
                    let firstTimestamp = reader.readInt64(), let lastTimestamp = reader.readInt64()
                else { return nil }
                let entry = BlockEntry(
                    offset: offset, firstIndex: first, count: count, storedLength: stored,
                    firstTimestamp: firstTimestamp, lastTimestamp: lastTimestamp)
                if i < Int(blockCount) { blocks.append(entry) } else { checkpoints.append(entry) }
            }
            return chain(blocks: blocks, checkpoints: checkpoints, headerEnd: headerEnd, covered: covered).map { .success($0) }
        }
        guard case .success(let layout)? = parsed else { return parsed }
        // Every entry must be the block on disk at its offset: a forged or stale sidecar is passed
        // over (the blocks are scanned instead), never trusted to hide or reshape the log. One header
        // read per block, what a scan reads anyway.
        for (entries, kind) in [(layout.blocks, BlockKind.records), (layout.checkpoints, .checkpoint)] {
            for entry in entries {
                guard case .block(let header)? = try? io.probe(at: entry.offset, fileSize: fileSize, verify: false),
                    header.kind == kind, entry.matches(header)
                else { return nil }
            }
        }
        return .success(layout)
    }

    /// Rebuilds a layout from entries, checking that they tile the file from the header to `covered`
    /// with contiguous record indices (or a gap a checkpoint resumes after) and non-decreasing
    /// timestamps.
    private static func chain(blocks: [BlockEntry], checkpoints: [BlockEntry], headerEnd: UInt64, covered: UInt64) -> LogLayout? {
        var layout = LogLayout(headerEnd: headerEnd)
        var b = 0
        var c = 0
        while b < blocks.count || c < checkpoints.count {
            let takeBlock = c == checkpoints.count || (b < blocks.count && blocks[b].offset < checkpoints[c].offset)
            let entry = takeBlock ? blocks[b] : checkpoints[c]
            guard entry.offset == layout.end, entry.totalSize <= covered - min(covered, layout.end),
                entry.firstIndex == layout.recordCount || (!takeBlock && entry.firstIndex > layout.recordCount)
            else { return nil }
            if takeBlock {
                guard entry.count >= 1, entry.firstTimestamp <= entry.lastTimestamp,
                    entry.firstIndex <= UInt64.max - UInt64(entry.count),
                    layout.lastTimestamp.map({ $0 <= entry.firstTimestamp }) ?? true
                else { return nil }
                layout.blocks.append(entry)
                layout.recordCount = entry.endIndex
                layout.lastTimestamp = entry.lastTimestamp
                b += 1
            } else {
                guard entry.count == 0 else { return nil }
                layout.resume(at: entry.firstIndex)
                layout.checkpoints.append(entry)
                c += 1
            }
            layout.end += entry.totalSize
        }
        return layout.end == covered ? layout : nil
    }
}
