import CLZ4

/// The only file that touches liblz4: block compression and *safe* decompression.
///
/// Sizes are clamped to what the C API accepts before any call; no C type leaves this file.
enum LZ4 {
    /// The largest input liblz4 accepts (`LZ4_MAX_INPUT_SIZE`).
    static let maximumInputSize = 0x7E00_0000

    /// The worst-case compressed size of `count` input bytes, or `nil` if `count` is out of range.
    static func compressedBound(_ count: Int) -> Int? {
        guard count >= 0, count <= maximumInputSize else { return nil }
        return Int(LZ4_compressBound(Int32(count)))
    }

    /// Compresses `source` into `destination`; returns the compressed size, or `nil` if it does not fit.
    static func compress(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) -> Int? {
        guard source.count <= maximumInputSize, let src = source.baseAddress,
              let dst = destination.baseAddress else { return source.count == 0 ? 0 : nil }
        let capacity = Int32(clamping: destination.count)
        let written = LZ4_compress_default(
            src.assumingMemoryBound(to: CChar.self), dst.assumingMemoryBound(to: CChar.self),
            Int32(source.count), capacity)
        return written > 0 ? Int(written) : nil
    }

    /// Decompresses `source` into `destination` with `LZ4_decompress_safe`, which never reads or writes
    /// outside the two buffers whatever `source` holds.
    ///
    /// - Returns: the decompressed size, or `nil` if `source` is malformed or does not fit.
    static func decompress(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) -> Int? {
        guard source.count <= maximumInputSize, destination.count <= maximumInputSize,
              let src = source.baseAddress, let dst = destination.baseAddress else { return nil }
        let written = LZ4_decompress_safe(
            src.assumingMemoryBound(to: CChar.self), dst.assumingMemoryBound(to: CChar.self),
            Int32(source.count), Int32(destination.count))
        return written >= 0 ? Int(written) : nil
    }
}
