import ByteCoding

extension EventLogReader {
    /// A 64-bit FNV-1a hash of the log's bytes from its first byte to the end of its last whole
    /// block (``wholeBlocksEnd``): the same bytes always give the same hash, on any machine, so a
    /// log copied to another place keeps it. Not a cryptographic hash.
    /// - Throws: ``EventLogError`` `.io` when the file cannot be read.
    /// - Complexity: One read of the file, 1 MiB at a time.
    public func contentHash() throws(EventLogError) -> UInt64 {
        var hash = FNV1a64()
        let end = wholeBlocksEnd
        var offset: UInt64 = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while offset < end {
            let want = Int(min(UInt64(buffer.count), end - offset))
            let count = try withMutableBytes(of: &buffer) { (bytes) throws(EventLogError) -> Int in
                try file.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[..<want]), at: offset)
            }
            guard count > 0 else { throw EventLogError(.io, path: path, offset: offset, detail: "the log ended while it was hashed") }
            buffer.withUnsafeBytes { hash.add(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            offset += UInt64(count)
        }
        return hash.value
    }
}
