#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavTape
import NavigationCore

/// Checks of input and output paths before a command touches them, so that every failure is one
/// line with the documented exit status.
enum Files {
    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The size of the file at `path` in bytes, or `nil` if it cannot be read.
    static func size(of path: String) -> UInt64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt64(info.st_size)
    }

    /// What changes when a file is written to: its size, its modification time (ns) and inode; `nil` if
    /// it cannot be read.
    static func version(of path: String) -> FileVersion? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return FileVersion(size: UInt64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// An existing, readable regular file (exit 66 otherwise).
    static func checkInput(_ path: String) throws(CLIError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw CLIError(.noInput, code == ENOENT ? "\(path): no such file" : "\(path): \(errorText(code))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw CLIError(.noInput, "\(path): is a directory") }
        guard access(path, R_OK) == 0 else { throw CLIError(.noInput, "\(path): cannot read: \(errorText(errno))") }
    }

    /// Checks, before any work, that a new file can be written at `path` (exit 73 otherwise): its
    /// directory exists and is writable, and nothing is there — or, with `force`, a regular file that
    /// no other process is recording into (exit 75 if one is). Nothing is removed here: outputs are
    /// written whole beside the path and replace the old file only when complete.
    static func prepareOutput(_ path: String, force: Bool) throws(CLIError) {
        if Files.isDirectory(path) { throw CLIError(.cannotCreate, "\(path): is a directory") }
        let directory = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) : "."
        let parent = directory.isEmpty ? "/" : directory
        guard Files.isDirectory(parent) else { throw CLIError(.cannotCreate, "\(path): cannot create: no directory \(parent)") }
        guard access(parent, W_OK) == 0 else { throw CLIError(.cannotCreate, "\(path): cannot create: \(errorText(errno))") }
        do throws(NavTapeError) {
            try OutputFile.check(path, replacing: force)
        } catch {
            throw outputError(error)
        }
    }

    /// The one-line error for an output that cannot be written, with the `--force` hint.
    static func outputError(_ error: NavTapeError) -> CLIError {
        let status = ExitStatus(error.code)
        if error.code == .cannotCreate, error.message == "already exists" {
            return CLIError(status, "\(error.path): already exists (use --force to replace it)")
        }
        return CLIError(status, error.description)
    }

    /// The options of a log a command writes: whole (a failure leaves the old file or nothing),
    /// replacing an existing one only with `--force`.
    static func logOptions(force: Bool) -> RecorderOptions {
        RecorderOptions(publication: .whole, replacesExisting: force)
    }

    /// The whole file as text (invalid UTF-8 is replaced, then rejected by the parsers); `-` is standard input.
    /// The text of `path` (`-`: standard input); past `limit` bytes it stops reading and refuses the
    /// file (exit 65) instead of holding more.
    static func readText(_ path: String, limit: Int? = nil) throws(CLIError) -> String {
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
        } else {
            try checkInput(path)
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw CLIError(.noInput, "\(path): cannot open: \(errorText(errno))") }
        }
        defer { if descriptor != 0 { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { read(descriptor, $0, buffer.count) } ?? 0
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw CLIError(.ioError, "\(path): read failed: \(errorText(errno))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if let limit, bytes.count > limit {
                throw CLIError(.dataError, "\(path == "-" ? "stdin" : path): larger than \(limit) bytes: not read")
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to `path` whole (see ``OutputFile``), replacing a file there only with `force`.
    static func writeText(_ text: String, to path: String, force: Bool) throws {
        let file = try OutputFile(path: path, replacing: force)
        try file.write(text)
        try file.commit()
    }
}

/// A file's size, modification time and inode: when all three are unchanged, so is what was read from it.
struct FileVersion: Hashable, Sendable {
    var size: UInt64
    var modified: Int64
    var inode: UInt64
}
