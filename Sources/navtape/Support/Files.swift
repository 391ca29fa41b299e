import Glibc

/// Checks of input and output paths before a command touches them, so that every failure is one
/// line with the documented exit status.
enum Files {
    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
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

    /// A path a new file can be created at (exit 73 otherwise); with `force`, an existing file
    /// (and a log's `.idx` sidecar) is removed first.
    static func prepareOutput(_ path: String, force: Bool) throws(CLIError) {
        if Files.isDirectory(path) { throw CLIError(.cannotCreate, "\(path): is a directory") }
        if exists(path) {
            guard force else { throw CLIError(.cannotCreate, "\(path): already exists (use --force to replace it)") }
            guard unlink(path) == 0 else { throw CLIError(.cannotCreate, "\(path): cannot replace: \(errorText(errno))") }
            _ = unlink(path + ".idx")
        }
        let directory = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) : "."
        let parent = directory.isEmpty ? "/" : directory
        guard Files.isDirectory(parent) else { throw CLIError(.cannotCreate, "\(path): cannot create: no directory \(parent)") }
        guard access(parent, W_OK) == 0 else { throw CLIError(.cannotCreate, "\(path): cannot create: \(errorText(errno))") }
    }

    /// The whole file as text (invalid UTF-8 is replaced, then rejected by the parsers).
    static func readText(_ path: String) throws(CLIError) -> String {
        try checkInput(path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CLIError(.noInput, "\(path): cannot open: \(errorText(errno))") }
        defer { close(descriptor) }
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
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to a new file at `path` (already prepared), syncing it (exit 74 on failure).
    static func writeText(_ text: String, to path: String) throws(CLIError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CLIError(.cannotCreate, "\(path): cannot create: \(errorText(errno))") }
        let output = Output(descriptor: descriptor, name: path)
        output.raw(text)
        do {
            try output.flush()
        } catch {
            close(descriptor)
            throw error
        }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            let code = errno
            close(descriptor)
            throw CLIError(.ioError, "\(path): sync failed: \(errorText(code))")
        }
        guard close(descriptor) == 0 else { throw CLIError(.ioError, "\(path): close failed: \(errorText(errno))") }
    }
}
