import CStaging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one safe way the module creates a file: in a directory opened once, by name relative to its
/// descriptor (`openat`, `linkat`, `renameat`, `unlinkat`), so that a directory renamed or swapped
/// meanwhile never redirects a write.
///
/// New files are created with `O_CREAT | O_EXCL | O_NOFOLLOW`: never through a symbolic link, never
/// truncating anything already there. Temporary files get random names; a name that is taken (a
/// planted link, a crashed writer's file) is passed over, not opened.
final class LogDirectory: Sendable {
    /// The directory's descriptor.
    let descriptor: Int32
    /// The directory's path, as given (`.` for a bare file name).
    let path: String
    private let options: LogOptions

    /// Opens the directory holding `file` (following links in the directory's own path, as the user
    /// named it); errors name `file`.
    ///
    /// - Throws: ``EventLogError`` — `.notFound` (no such directory), `.io`.
    init(containing file: String, options: LogOptions) throws(EventLogError) {
        let directory = FileSystem.directory(of: file)
        var descriptor: Int32
        repeat { descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR {
                throw EventLogError(.notFound, path: file, errno: error, detail: "cannot create (no such directory)")
            }
            throw .io(file, "cannot open its directory", errno: error)
        }
        self.descriptor = descriptor
        self.path = directory
        self.options = options
    }

    deinit { _ = close(descriptor) }

    /// The last component of `path`: the name a file has in its directory.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The path of `name` in this directory, for messages and for callers that need a path.
    func path(of name: String) -> String {
        path == "." ? name : (path.hasSuffix("/") ? path + name : path + "/" + name)
    }

    /// Creates `name`, which must not exist: `O_CREAT | O_EXCL | O_NOFOLLOW`, so a symbolic link or
    /// any file already there is an `.alreadyExists` error, never opened. Errors name `errorPath`.
    func create(_ name: String, flags: Int32 = O_RDWR, errorPath: String) throws(EventLogError) -> LogFile {
        while true {
            let fd = openat(descriptor, name, flags | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(0o644))
            if fd >= 0 { return LogFile(descriptor: fd, path: errorPath, options: options) }
            let error = errno
            if error == EINTR { continue }
            if error == EEXIST { throw EventLogError(.alreadyExists, path: errorPath, errno: error, detail: "cannot create") }
            if error == ENOENT { throw EventLogError(.notFound, path: errorPath, errno: error, detail: "cannot create") }
            throw .io(errorPath, "cannot create", errno: error)
        }
    }

    /// Creates a new file named `prefix` + random hexadecimal digits + `suffix`, passing over names
    /// that are taken; returns it and its name. Errors name `errorPath`.
    func createTemporary(
        prefix: String, suffix: String, flags: Int32 = O_RDWR,
        errorPath: String
    ) throws(EventLogError) -> (file: LogFile, name: String, removal: SignalRemoval) {
        var generator = SystemRandomNumberGenerator()
        return try createTemporary(prefix: prefix, suffix: suffix, flags: flags, errorPath: errorPath, using: &generator)
    }

    /// ``createTemporary(prefix:suffix:flags:errorPath:)`` with the names drawn from `generator` (tests).
    func createTemporary(
        prefix: String, suffix: String, flags: Int32 = O_RDWR, errorPath: String,
        using generator: inout some RandomNumberGenerator
    ) throws(EventLogError) -> (file: LogFile, name: String, removal: SignalRemoval) {
        for _ in 0..<64 {
            let name = prefix + String(generator.next() as UInt64, radix: 16) + suffix
            // On the signal handler's list before the name can appear.
            let removal = SignalRemoval(path: path(of: name))
            do throws(EventLogError) {
                return (try create(name, flags: flags, errorPath: errorPath), name, removal)
            } catch  where error.code == .alreadyExists {
                removal.cancel()
                continue
            } catch {
                removal.cancel()
                throw error
            }
        }
        throw EventLogError(.alreadyExists, path: errorPath, detail: "cannot create a temporary file beside it: every name tried is taken")
    }

    /// Creates a new file with a random name (as ``createTemporary(prefix:suffix:flags:errorPath:)``)
    /// that is already locked (`flock`) when its name appears: on Linux it is made unnamed
    /// (`O_TMPFILE`), locked, then linked in, so no other process can see it unlocked; elsewhere, or
    /// where the file system has no unnamed files, it is created, then locked.
    func createLocked(
        prefix: String, suffix: String, flags: Int32,
        errorPath: String
    ) throws(EventLogError) -> (file: LogFile, name: String, removal: SignalRemoval) {
        #if os(Linux)
        if let made = try createUnnamedThenLink(prefix: prefix, suffix: suffix, flags: flags, errorPath: errorPath) { return made }
        #endif
        let created = try createTemporary(prefix: prefix, suffix: suffix, flags: flags, errorPath: errorPath)
        do throws(EventLogError) { try created.file.lockExclusively() } catch {
            created.file.close()
            discard(created.name)
            created.removal.cancel()
            throw error
        }
        return created
    }

    #if os(Linux)
    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`; the macro does not import): the same value on every
    /// Linux architecture Swift runs on.
    private static let unnamedFile: Int32 = 0o20000000 | O_DIRECTORY

    /// The Linux path of ``createLocked(prefix:suffix:flags:errorPath:)``; `nil` when the file system
    /// cannot make an unnamed file or `/proc` is not there to link it by.
    private func createUnnamedThenLink(
        prefix: String, suffix: String, flags: Int32,
        errorPath: String
    ) throws(EventLogError) -> (file: LogFile, name: String, removal: SignalRemoval)? {
        var fd: Int32
        repeat { fd = openat(descriptor, ".", Self.unnamedFile | (flags & ~O_ACCMODE) | O_RDWR | O_CLOEXEC, mode_t(0o644)) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return nil }
        let file = LogFile(descriptor: fd, path: errorPath, options: options)
        do throws(EventLogError) { try file.lockExclusively() } catch {
            file.close()
            throw error
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<64 {
            let name = prefix + String(generator.next() as UInt64, radix: 16) + suffix
            // On the signal handler's list before the name appears.
            let removal = SignalRemoval(path: path(of: name))
            if linkat(AT_FDCWD, "/proc/self/fd/\(fd)", descriptor, name, AT_SYMLINK_FOLLOW) == 0 {
                return (file, name, removal)
            }
            let failure = errno
            removal.cancel()
            if failure == EEXIST { continue }
            break
        }
        file.close()
        return nil
    }

    #endif

    /// Opens the existing `name` without following a symbolic link and without blocking on a FIFO;
    /// `nil` when nothing is there.
    func openExisting(_ name: String, flags: Int32, errorPath: String) throws(EventLogError) -> LogFile? {
        while true {
            let fd = openat(descriptor, name, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 { return LogFile(descriptor: fd, path: errorPath, options: options) }
            let error = errno
            if error == EINTR { continue }
            if error == ENOENT { return nil }
            if error == ELOOP { throw EventLogError(.notRegularFile, path: errorPath, errno: error, detail: "is a symbolic link") }
            throw .io(errorPath, "cannot open", errno: error)
        }
    }

    /// What is at `name` (not following a symbolic link), or `nil` when nothing is there.
    func status(of name: String) throws(EventLogError) -> stat? {
        var info = stat()
        if fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 { return info }
        let error = errno
        if error == ENOENT { return nil }
        throw .io(path(of: name), "cannot examine", errno: error)
    }

    /// Makes `target` a second name of `source`; `.alreadyExists` if `target` exists (nothing is replaced).
    func link(_ source: String, to target: String) throws(EventLogError) {
        guard linkat(descriptor, source, descriptor, target, 0) != 0 else { return }
        let error = errno
        if error == EEXIST { throw EventLogError(.alreadyExists, path: path(of: target), errno: error, detail: "cannot create") }
        throw .io(path(of: target), "cannot link \(path(of: source)) to it", errno: error)
    }

    /// Atomically replaces `target` (a symbolic link there is replaced, never followed) with `source`.
    func rename(_ source: String, to target: String) throws(EventLogError) {
        guard renameat(descriptor, source, descriptor, target) != 0 else { return }
        throw .io(path(of: target), "cannot rename \(path(of: source)) to it", errno: errno)
    }

    /// Removes `name`; a missing file is not an error.
    func remove(_ name: String) throws(EventLogError) {
        if unlinkat(descriptor, name, 0) != 0, errno != ENOENT {
            throw .io(path(of: name), "cannot remove", errno: errno)
        }
    }

    /// Removes `name` if it is there, ignoring failures (clean-up after another failure).
    func discard(_ name: String) {
        _ = unlinkat(descriptor, name, 0)
    }

    /// Makes the directory's entries durable: a create, link, rename or unlink done in it.
    func synchronize() throws(EventLogError) {
        try LogFile(descriptor: descriptor, path: path, options: options).synchronizeAll()
    }

    /// The names of the entries of the directory (`.` and `..` left out); empty when it cannot be read.
    func entries() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { _ = close(copy) }
            return []
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = LogFiles.name(of: entry)
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// Logs as files: removing one (with its sidecar) and naming a private scratch log, through the
/// module's one seam.
public enum LogFiles {
    /// Removes the log at `path` and its `.idx` sidecar, ignoring what is not there.
    public static func remove(_ path: String) {
        guard let directory = try? LogDirectory(containing: path, options: .default) else { return }
        let name = LogDirectory.name(of: path)
        directory.discard(name)
        directory.discard(LogIndex.name(for: name))
    }

    /// A path no file has yet, for a log only this process uses (a what-if branch, a shrink trial):
    /// in `directory` (default: `TMPDIR`, else `/tmp`), hidden, with a random part no one can guess
    /// ahead. Create it with ``EventLogWriter/create(at:header:options:publication:replacing:)``,
    /// which never replaces anything found there.
    public static func scratchPath(in directory: String? = nil, prefix: String) -> String {
        let base = directory ?? getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let separator = base.hasSuffix("/") ? "" : "/"
        return base + separator + ".\(prefix)-\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).navtape"
    }
}

extension LogFiles {
    /// What changes when a file is written to: its size, modification time (ns), inode and device.
    /// When all are unchanged, so is what was read from it.
    public struct Version: Hashable, Sendable {
        /// The size in bytes.
        public var size: UInt64
        /// The modification time, in nanoseconds since the epoch.
        public var modified: Int64
        /// The inode number.
        public var inode: UInt64

        /// Creates a version.
        public init(size: UInt64, modified: Int64, inode: UInt64) {
            self.size = size
            self.modified = modified
            self.inode = inode
        }
    }

    /// The version of the file at `path` (following links), or `nil` if it cannot be examined.
    public static func version(of path: String) -> Version? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return Version(size: UInt64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
    }

    /// What a path names.
    public enum Kind: Sendable, Equatable {
        /// Nothing (or a dangling link).
        case missing
        /// A regular file.
        case regular
        /// A directory.
        case directory
        /// A FIFO, a device or a socket: never opened for reading as a file.
        case special
    }

    /// What `path` names, following links.
    public static func kind(of path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .special
        }
    }

    /// Whether anything (a link included) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Checks that `path` names a regular file this process can read.
    /// - Throws: ``EventLogError`` `.notFound`: "no such file", "is a directory", "not a regular
    ///   file", "cannot read: …".
    public static func checkReadable(_ path: String) throws(EventLogError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw EventLogError(.notFound, path: path, detail: code == ENOENT ? "no such file" : String(cString: strerror(code)))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw EventLogError(.notFound, path: path, detail: "is a directory")
        default: throw EventLogError(.notFound, path: path, detail: "not a regular file (a FIFO, a device or a socket): not read")
        }
        guard access(path, R_OK) == 0 else {
            throw EventLogError(.notFound, path: path, detail: "cannot read: \(String(cString: strerror(errno)))")
        }
    }

    /// Checks that a new file could be created at `path`: not a directory, in an existing directory
    /// this process may write to.
    /// - Throws: ``EventLogError`` `.alreadyExists` ("is a directory"), `.notFound` ("no directory
    ///   DIR"), `.io` (the directory is not writable).
    public static func checkCreatable(_ path: String) throws(EventLogError) {
        if kind(of: path) == .directory { throw EventLogError(.notRegularFile, path: path, detail: "is a directory") }
        let parent = FileSystem.directory(of: path)
        guard kind(of: parent) == .directory else {
            throw EventLogError(.notFound, path: path, detail: "cannot create: no directory \(parent)")
        }
        guard access(parent, W_OK) == 0 else { throw .io(path, "cannot create", errno: errno) }
    }

    /// The bytes of the file at `path` (`-`: standard input), reading at most `limit` bytes.
    /// - Throws: ``EventLogError`` as ``checkReadable(_:)``, `.tooLarge` past `limit` (nothing more
    ///   is read), `.io`.
    public static func read(_ path: String, limit: Int) throws(EventLogError) -> [UInt8] {
        let file: LogFile
        if path == "-" {
            file = LogFile(descriptor: 0, path: "stdin", options: .default)
        } else {
            try checkReadable(path)
            file = try LogFile.open(path, flags: O_RDONLY | O_NONBLOCK, options: .default)
            try file.requireRegularFile()
        }
        defer { if path != "-" { file.close() } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try withMutableBytes(of: &chunk) { buffer throws(EventLogError) in try file.readSome(into: buffer) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > limit {
                throw EventLogError(.tooLarge, path: file.path, detail: "larger than \(limit) bytes: not read")
            }
        }
        return bytes
    }

    /// The files whose names end with `suffix` under `directory`, recursively (at most 16 levels and
    /// `limit` files), in name order, hidden files and directories left out.
    ///
    /// A symbolic link is followed only when what it names stays inside `directory`, and a directory
    /// is entered once however many links lead to it, so a link loop or a link out of the tree
    /// changes nothing. FIFOs, devices and sockets are never opened: they are returned in `skipped`.
    public static func files(under directory: String, suffix: String, limit: Int = 100_000) -> (files: [String], skipped: [String]) {
        guard let root = realPath(directory) else { return ([], []) }
        var visited: Set<[UInt64]> = []
        var found: [String] = [], skipped: [String] = []
        func walk(_ path: String, depth: Int) {
            guard depth < 16, found.count < limit, let stream = opendir(path) else { return }
            var info = stat()
            guard fstat(dirfd(stream), &info) == 0, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else {
                closedir(stream)
                return
            }
            var names: [String] = []
            while let entry = readdir(stream) {
                let name = name(of: entry)
                if name.hasPrefix(".") { continue }
                names.append(name)
            }
            closedir(stream)
            for name in names.sorted() where found.count < limit {
                let child = path.hasSuffix("/") ? path + name : path + "/" + name
                var own = stat()
                guard lstat(child, &own) == 0 else { continue }
                if (own.st_mode & S_IFMT) == S_IFLNK {
                    guard let target = realPath(child), target == root || target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
                        continue
                    }
                }
                switch kind(of: child) {
                case .directory: walk(child, depth: depth + 1)
                case .regular where name.hasSuffix(suffix): found.append(child)
                case .special where name.hasSuffix(suffix): skipped.append(child)
                default: break
                }
            }
        }
        walk(directory, depth: 0)
        return (found, skipped)
    }

    /// The name of a directory entry, read in place: `readdir`'s entry may be shorter than a whole
    /// `dirent` (its `d_reclen`), so the name is read up to its NUL, never as the field's full size.
    static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafePointer(to: &entry.pointee.d_name) { field in
            field.withMemoryRebound(to: CChar.self, capacity: nameCapacity) { String(cString: $0) }
        }
    }

    /// The size of `dirent.d_name` (the field is never read whole).
    #if canImport(Darwin)
    static let nameCapacity = 1_024
    #else
    static let nameCapacity = 256
    #endif

    /// The canonical absolute path of `path` (links resolved), or `nil`.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension LogFiles {
    /// Creates the directory `path` unless one is there.
    /// - Throws: ``EventLogError`` `.io` naming the reason (no parent, no permission, a file there).
    public static func createDirectory(_ path: String) throws(EventLogError) {
        guard kind(of: path) != .directory else { return }
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw .io(path, "cannot create the directory", errno: errno) }
    }
}

extension LogFiles {
    /// Whether a writer holds the log at `path` now (its exclusive lock): a recording in progress.
    /// Asked without waiting and without blocking on anything but a regular file.
    public static func isBeingWritten(_ path: String) -> Bool {
        guard let file = try? LogFile.open(path, flags: O_RDONLY | O_NONBLOCK, options: .default) else { return false }
        defer { file.close() }
        guard (try? file.requireRegularFile()) != nil else { return false }
        if flock(file.descriptor, LOCK_SH | LOCK_NB) == 0 {
            _ = flock(file.descriptor, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }
}

/// A temporary file's place on the list of files the signal handler removes when Ctrl-C or
/// SIGTERM ends the process (`CStaging`): taken before the file's name appears, so that no signal
/// can leave it behind; cancelled once the file is renamed to its target or removed.
struct SignalRemoval: Sendable {
    /// The slot in the list, or -1 when the list was full.
    let slot: Int32

    /// Puts `path` on the list.
    init(path: String) { slot = path.withCString { navtape_staging_remember($0) } }

    /// Takes the path off the list.
    func cancel() { navtape_staging_forget(slot) }
}
