import Foundation

/// A fresh directory for one test, removed with everything in it when the value is released.
///
/// On `/dev/shm` when it exists (syncs cost nothing there) unless `onDisk` is asked for.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The directory.
    public let url: URL

    /// Creates the directory.
    public init(onDisk: Bool = false) {
        let base = !onDisk && FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        var template = Array("\(base)/navtape-test.XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        let path = made.map { String(cString: $0) } ?? "\(base)/navtape-test-\(UInt64.random(in: 0...UInt64.max))"
        if made == nil { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        url = URL(fileURLWithPath: path)
    }

    /// The directory's path.
    public var path: String { url.path }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` inside the directory.
    public func write(_ text: String, to name: String) throws {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    }

    /// The text of `name` inside the directory.
    public func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

    /// The names in the directory, sorted.
    public func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Removes the directory now (it is removed on release anyway).
    public func remove() { try? FileManager.default.removeItem(at: url) }

    deinit { remove() }
}
