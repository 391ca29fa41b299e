import NavigationCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavTapeInterchange

/// A file descriptor that collects text and writes it in large chunks, remembering the first
/// write error so that a full disk or `/dev/full` fails the command (exit 74) instead of being lost.
final class Output {
    /// Standard output.
    nonisolated(unsafe) static let standard = Output(descriptor: 1, name: "stdout")

    let descriptor: Int32
    let name: String
    private var buffer: [UInt8] = []
    private(set) var failure: Int32?

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends one line; every character a terminal would interpret is escaped.
    func line(_ text: String = "") {
        raw(DisplaySafety.escaped(text))
        raw("\n")
    }

    /// Appends each line of `lines`.
    func lines(_ lines: [String]) {
        for text in lines { line(text) }
    }

    /// Appends text as it is (JSON, whose writer already escapes, and ArgumentParser's help).
    func raw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { drain() }
    }

    /// Appends `value`'s JSON (docs/JSON.md) as one line.
    func json(_ value: some Encodable) {
        json((try? JSONValue(encoding: value)) ?? .null)
    }

    /// Appends `value` as one line.
    func json(_ value: JSONValue) {
        raw(value.text + "\n")
    }

    /// Appends UTF-8 bytes as they are (see ``raw(_:)-(String)``).
    func raw(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { drain() }
    }

    /// Appends one line of UTF-8 bytes, already escaped for a terminal, and its newline.
    func line(escaped bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { drain() }
    }

    /// Writes everything collected; throws if any write failed.
    func flush() throws(CLIError) {
        drain()
        if let failure {
            throw CLIError(.ioError, "\(name): write failed: \(String(cString: strerror(failure)))")
        }
    }

    private func drain() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { bytes in
                bytes.baseAddress.map { write(descriptor, $0 + offset, bytes.count - offset) } ?? 0
            }
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                return
            }
            offset += written
        }
    }
}

/// One-line messages on standard error.
enum Diagnostics {
    /// Writes `text` (escaped) and a newline to standard error; failures are ignored.
    static func line(_ text: String) {
        raw(DisplaySafety.escaped(text) + "\n")
    }

    /// Writes `text` as it is to standard error (the progress bar's carriage returns).
    static func raw(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { write(2, $0 + offset, buffer.count - offset) } ?? 0
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Whether standard error is a terminal (progress bars are drawn only then).
    static var isTerminal: Bool { isatty(2) == 1 }
}
