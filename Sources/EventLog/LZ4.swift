#if canImport(CLZ4)
import CLZ4
#elseif canImport(Compression)
import Compression
#else
#error("EventLog needs liblz4 (the CLZ4 system library, Linux) or Apple's Compression framework")
#endif

/// The only file that touches an LZ4 library: block compression and *safe* decompression.
///
/// Linux uses liblz4 (`CLZ4`, the block API only); Apple platforms use the Compression framework's
/// `COMPRESSION_LZ4_RAW`, the same bare LZ4 block format (no frame), so a log written on one reads
/// on the other. Only the Linux path is tested (see the README). Both paths have the same contract:
/// the bound is `LZ4_COMPRESSBOUND`, nothing is read or written outside the two buffers, and a
/// malformed block or one that does not decode to exactly the room given is `nil` (the caller also
/// compares the size with the header's). The compressed *bytes* of the two encoders may differ.
///
/// Sizes are clamped to what the C API accepts before any call; no C type leaves this file.
enum LZ4 {
    /// The largest input liblz4 accepts (`LZ4_MAX_INPUT_SIZE`).
    static let maximumInputSize = 0x7E00_0000

    /// The worst-case compressed size of `count` input bytes, or `nil` if `count` is out of range.
    ///
    /// Part of the file format: a block whose stored length exceeds it is rejected on read.
    static func compressedBound(_ count: Int) -> Int? {
        guard count >= 0, count <= maximumInputSize else { return nil }
        #if canImport(CLZ4)
        return Int(LZ4_compressBound(Int32(count)))
        #else
        // `LZ4_COMPRESSBOUND(n)` of lz4.h, which `LZ4_compressBound` returns.
        return count + count / 255 + 16
        #endif
    }

    /// Compresses `source` into `destination`; returns the compressed size, or `nil` if it does not fit.
    static func compress(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) -> Int? {
        guard source.count <= maximumInputSize, let src = source.baseAddress,
            let dst = destination.baseAddress
        else { return source.count == 0 ? 0 : nil }
        #if canImport(CLZ4)
        let capacity = Int32(clamping: destination.count)
        let written = LZ4_compress_default(
            src.assumingMemoryBound(to: CChar.self), dst.assumingMemoryBound(to: CChar.self),
            Int32(source.count), capacity)
        return written > 0 ? Int(written) : nil
        #else
        // 0 when the output does not fit in `destination` (nothing else is reported).
        let written = compression_encode_buffer(
            dst.assumingMemoryBound(to: UInt8.self), destination.count,
            src.assumingMemoryBound(to: UInt8.self), source.count, nil, COMPRESSION_LZ4_RAW)
        return written > 0 ? written : nil
        #endif
    }

    /// Decompresses `source` into `destination` with `LZ4_decompress_safe` (Linux) or
    /// `compression_decode_buffer` (Apple platforms), which never read or write outside the two
    /// buffers whatever `source` holds.
    ///
    /// - Returns: the decompressed size, or `nil` if `source` is malformed or does not fit.
    static func decompress(_ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) -> Int? {
        guard source.count <= maximumInputSize, destination.count <= maximumInputSize,
            let src = source.baseAddress, let dst = destination.baseAddress
        else { return nil }
        #if canImport(CLZ4)
        let written = LZ4_decompress_safe(
            src.assumingMemoryBound(to: CChar.self), dst.assumingMemoryBound(to: CChar.self),
            Int32(source.count), Int32(destination.count))
        return written >= 0 ? Int(written) : nil
        #else
        return decodeRaw(src, count: source.count, into: dst, capacity: destination.count)
        #endif
    }

    #if !canImport(CLZ4)
    /// `compression_decode_buffer` reports neither corruption nor overflow: it only returns how many
    /// bytes it wrote (for a malformed block 0, or whatever it decoded before giving up: Apple does not
    /// document which), and for a block that decodes to more than the room given it fills the room and
    /// returns its size, silently cut. So the block is decoded into one spare byte more than
    /// `capacity`: filling that byte means the block does not fit, which `LZ4_decompress_safe` refuses.
    private static func decodeRaw(
        _ source: UnsafeRawPointer, count: Int, into destination: UnsafeMutableRawPointer,
        capacity: Int
    ) -> Int? {
        // No room: only the empty block (one zero token) fits, as in `LZ4_decompress_safe`.
        if capacity == 0 { return count == 1 && source.load(as: UInt8.self) == 0 ? 0 : nil }
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: capacity + 1, alignment: 16)
        defer { scratch.deallocate() }
        let written = compression_decode_buffer(
            scratch.assumingMemoryBound(to: UInt8.self), capacity + 1,
            source.assumingMemoryBound(to: UInt8.self), count, nil, COMPRESSION_LZ4_RAW)
        // A malformed block may decode to a short count that is not 0: the caller rejects any size
        // but the header's, as it does liblz4's.
        guard written > 0, written <= capacity else { return nil }
        destination.copyMemory(from: scratch, byteCount: written)
        return written
    }
    #endif
}
