#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lines read as they arrive from a file, a FIFO or standard input (`-`), for commands that act on
/// each line before the next exists (`record --intents`), through the module's file seam.
public final class LineReader {
    /// The input's name for messages (`-` is `stdin`).
    public let name: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for the next newline goes on: the bytes before it (from `start`) hold none,
    /// so a long line is scanned once, not again after every read (that was quadratic: 19 s to
    /// refuse an 8 MiB line).
    private var searched = 0
    private var ended = false
    /// The 1-based number of the last line returned.
    public private(set) var lineNumber = 0
    /// The bytes of the lines returned so far, newlines included.
    public private(set) var consumed: UInt64 = 0
    /// The longest line accepted; a longer one is an error before it is held whole.
    public let maximumLineLength: Int

    /// Opens `path` (`-` for standard input); a FIFO blocks here until a writer opens it.
    /// - Throws: ``EventLogError`` `.notFound` (no such file, a directory), `.io`.
    public init(_ path: String, maximumLineLength: Int) throws(EventLogError) {
        self.maximumLineLength = maximumLineLength
        if path == "-" {
            name = "stdin"
            descriptor = 0
        } else {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw EventLogError(.notFound, path: path, detail: errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
            }
            guard (info.st_mode & S_IFMT) != S_IFDIR else { throw EventLogError(.notFound, path: path, detail: "is a directory") }
            name = path
            var opened: Int32
            repeat { opened = open(path, O_RDONLY | O_CLOEXEC) } while opened < 0 && errno == EINTR
            guard opened >= 0 else { throw .io(path, "cannot open", errno: errno) }
            descriptor = opened
        }
    }

    deinit {
        if descriptor != 0 { close(descriptor) }
    }

    /// The next complete line already read, without waiting; at the end of input, also a last
    /// line with no newline.
    /// - Throws: ``EventLogError`` `.corrupt` for a line that is not valid UTF-8, named
    ///   `NAME:LINE` (two identities that differ only in invalid bytes must not become one).
    public func bufferedLine() throws(EventLogError) -> String? {
        let from = Swift.max(start, searched)
        let newline = buffer.withUnsafeBufferPointer { bytes -> Int? in
            guard from < bytes.count, let base = bytes.baseAddress,
                let found = memchr(base + from, 10, bytes.count - from)
            else { return nil }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        if let newline {
            let line = try text(of: start..<newline)
            consumed += UInt64(newline + 1 - start)
            start = newline + 1
            searched = start
            lineNumber += 1
            return line
        }
        searched = buffer.count
        if ended && start < buffer.count {
            let line = try text(of: start..<buffer.count)
            consumed += UInt64(buffer.count - start)
            start = buffer.count
            lineNumber += 1
            return line
        }
        return nil
    }

    /// The bytes of `range` as text, refused when they are not valid UTF-8.
    private func text(of range: Range<Int>) throws(EventLogError) -> String {
        if let line = String(validating: buffer[range], as: UTF8.self) { return line }
        throw EventLogError(.corrupt, path: "\(name):\(lineNumber + 1)", detail: "the line is not valid UTF-8")
    }

    /// The next line, waiting for input as needed; `nil` at the end of input.
    public func nextLine() throws(EventLogError) -> String? {
        while true {
            if let line = try bufferedLine() { return line }
            guard try fill(interrupted: { false }) else { return nil }
        }
    }

    /// Whether more input can be read at once (reading would not wait).
    public var isReady: Bool {
        var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Waits for more input and reads it. Returns `false` at the end of input, or once `interrupted`
    /// says to stop (checked at least every 100 ms while waiting).
    /// - Throws: ``EventLogError`` `.tooLarge` for a line longer than ``maximumLineLength`` (before
    ///   it is held whole), `.io`.
    public func fill(interrupted: () -> Bool) throws(EventLogError) -> Bool {
        guard !ended else { return false }
        if start > 0 {
            buffer.removeSubrange(..<start)
            searched -= start
            start = 0
        }
        guard buffer.count <= maximumLineLength else {
            throw EventLogError(.tooLarge, path: "\(name):\(lineNumber + 1)", detail: "a line longer than \(maximumLineLength) bytes")
        }
        // Wait in short polls rather than one blocking read: a signal that lands between the
        // caller's last check and the read would otherwise leave the read waiting for the app.
        while true {
            if interrupted() { return false }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let result = poll(&ready, 1, 100)
            if result > 0 { break }
            if result < 0 && errno != EINTR {
                throw .io(name, "read failed", errno: errno)
            }
        }
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: 1 << 16))
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return 0 }
                return read(descriptor, base + old, bytes.count - old)
            }
            if count < 0 {
                if errno == EINTR {
                    if interrupted() {
                        buffer.removeSubrange(old...)
                        return false
                    }
                    continue
                }
                buffer.removeSubrange(old...)
                throw .io(name, "read failed", errno: errno)
            }
            buffer.removeSubrange((old + count)...)
            if count == 0 { ended = true }
            searched = Swift.min(searched, buffer.count)
            return true
        }
    }
}
