#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// How a new file appears at its path.
public enum Publication: Sendable, Hashable {
    /// The log appears at its path at once, with its whole header, and grows with every append: a live
    /// recording that `navtape tail -f` and other readers can follow.
    case live
    /// The file is written beside its path (a hidden staging file) and moved there whole, after a
    /// sync, when it is closed: a failure or a crash leaves the old file or nothing at the path.
    case whole
}

/// Putting a finished file at a user's path: the checks and the atomic move that make sure an output
/// never destroys data.
///
/// A file at the target is replaced only when asked, only when it is a regular file (never a device,
/// a FIFO, a directory or a symbolic link), and only while this process holds its writer lock, so a
/// log another process is recording is never replaced (``EventLogError/Code/locked``). The new file is
/// moved over the old one with `rename`, which is atomic: readers see the old file or the new one.
enum Publisher {
    /// A fresh path beside `target` for staging its replacement: `.NAME.PID-N.partial` in the same
    /// directory, so that the final `rename` never crosses a file system.
    static func stagingPath(for target: String) -> String {
        let directory = FileSystem.directory(of: target)
        let base = target.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? target
        let serial = stagingSerial.add(1, ordering: .relaxed).oldValue
        let prefix = target.contains("/") ? directory + "/" : ""
        return "\(prefix).\(base).\(getpid())-\(serial)\(stagingSuffix)"
    }

    static let stagingSuffix = ".partial"
    private static let stagingSerial = Atomic<Int>(0)

    /// Checks that a new file could be published at `target` now: nothing is there, or (`replacing`)
    /// a regular file that no writer holds. Called before long work so it fails early; ``publish``
    /// checks again at the end.
    ///
    /// - Throws: `.alreadyExists` (something is there and `replacing` is false), `.notRegularFile`,
    ///   `.locked`, `.io`.
    static func checkTarget(_ target: String, replacing: Bool) throws(EventLogError) {
        if let lock = try lockTarget(target, replacing: replacing) { _ = close(lock) }
        try refuseIfClaimed(target, except: nil)
    }

    /// Throws `.locked` when another writer is staging a file for `target` now (its staging file is
    /// locked), so two processes never write the same output and neither replaces the other's. A
    /// writer calls this after creating and locking its own staging file (`except`): of two writers
    /// that start together, at least the later one sees the other's. Staging files left by crashed
    /// writers are removed on the way.
    static func refuseIfClaimed(_ target: String, except own: String?) throws(EventLogError) {
        if stagingFiles(of: target).contains(where: { $0 != own && examine($0) == .held }) {
            throw EventLogError(.locked, path: target, detail: "another process (navtape?) is writing it now: not replaced")
        }
    }

    /// Opens and locks the file at `target` for replacing it; `nil` when nothing is there.
    private static func lockTarget(_ target: String, replacing: Bool) throws(EventLogError) -> Int32? {
        var info = stat()
        guard lstat(target, &info) == 0 else {
            let error = errno
            if error == ENOENT { return nil }
            throw .io(target, "cannot examine", errno: error)
        }
        guard replacing else {
            throw EventLogError(.alreadyExists, path: target, detail: "already exists")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw EventLogError(.notRegularFile, path: target, detail: "not a regular file: it is never replaced")
        }
        // O_NONBLOCK: a FIFO swapped in after the lstat must not block the open.
        var descriptor: Int32
        repeat { descriptor = open(target, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            let error = errno
            if error == ENOENT { return nil }
            throw .io(target, "cannot open to replace", errno: error)
        }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG,
              opened.st_ino == info.st_ino, opened.st_dev == info.st_dev else {
            _ = close(descriptor)
            throw EventLogError(.notRegularFile, path: target, detail: "not a regular file (or changed while checked): it is never replaced")
        }
        let file = LogFile(descriptor: descriptor, path: target, options: .default)
        do throws(EventLogError) {
            try file.lockExclusively()
        } catch {
            file.close()
            if error.code == .locked {
                throw EventLogError(.locked, path: target, detail: "a writer (another navtape process?) holds it: not replaced")
            }
            throw error
        }
        return descriptor
    }

    /// Moves the finished file at `source` (and its `.idx` sidecar, if any) to `target` and syncs the
    /// directory.
    ///
    /// Without `replacing`, a file that appeared at `target` meanwhile is an error
    /// (`.alreadyExists`) and nothing is moved. With it, an existing regular file is replaced while
    /// its writer lock is held here (`.locked` if another writer holds it). The target's stale sidecar
    /// is removed or replaced. On failure `source` is left in place for the caller to remove.
    static func publish(_ source: String, to target: String, replacing: Bool, options: LogOptions) throws(EventLogError) {
        // A target created between the check and the move is locked and examined on the next turn.
        for _ in 0..<8 {
            let found: Int32?
            do throws(EventLogError) {
                found = try lockTarget(target, replacing: replacing)
            } catch where error.code == .alreadyExists {
                throw EventLogError(.alreadyExists, path: target,
                                    detail: "was created by another process while this output was written: not replaced")
            }
            guard let lock = found else {
                // Nothing there: `link` refuses to overwrite what may have appeared since.
                if link(source, target) != 0 {
                    let error = errno
                    if error == EEXIST { continue }
                    throw .io(target, "cannot create", errno: error)
                }
                try FileSystem.remove(source)
                try moveSidecar(of: source, to: target)
                try FileSystem.synchronizeDirectory(of: target, options: options)
                return
            }
            defer { _ = close(lock) }
            guard rename(source, target) == 0 else { throw .io(target, "cannot replace", errno: errno) }
            try moveSidecar(of: source, to: target)
            try FileSystem.synchronizeDirectory(of: target, options: options)
            return
        }
        throw EventLogError(.alreadyExists, path: target, detail: "keeps being created by another process: not replaced")
    }

    /// The new file's sidecar replaces the target's; without one, the target's stale one goes.
    private static func moveSidecar(of source: String, to target: String) throws(EventLogError) {
        let from = LogIndex.path(for: source), to = LogIndex.path(for: target)
        if FileSystem.exists(from) {
            guard rename(from, to) == 0 else { throw .io(to, "cannot replace", errno: errno) }
        } else {
            try FileSystem.remove(to)
        }
    }

    /// Removes a staging file and what it may have beside it.
    static func discard(_ staging: String) {
        _ = unlink(staging)
        _ = unlink(LogIndex.path(for: staging))
        _ = unlink(LogIndex.path(for: staging) + ".tmp")
    }

    /// The staging files beside `target` (`.NAME.PID-N.partial`), of any process.
    private static func stagingFiles(of target: String) -> [String] {
        let directory = FileSystem.directory(of: target)
        let base = target.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? target
        let prefix = "." + base + "."
        guard let stream = opendir(directory) else { return [] }
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            // Exactly `.NAME.PID-N.partial`: `.NAME.bak.…` or `.NAME.html.…` is another target's.
            guard name.hasPrefix(prefix), name.hasSuffix(stagingSuffix), name.count > prefix.count + stagingSuffix.count else { continue }
            let serials = name.dropFirst(prefix.count).dropLast(stagingSuffix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard serials.count == 2, serials.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { continue }
            found.append(target.contains("/") ? directory + "/" + name : name)
        }
        closedir(stream)
        return found
    }

    /// What a staging file found beside a target is.
    private enum Staging { case held, starting, abandoned }

    /// Examines the staging file at `path`, removing it if its writer is gone. A live writer keeps its
    /// staging file locked (`held`). An unlocked one named after a running process may belong to a
    /// writer that has created it and not yet locked it (`starting`): it is left alone, and not counted
    /// as a claim, since that writer checks for claims itself once it holds its lock (of two writers
    /// that each lock, then look, at least the later sees the other's lock). Any other is a crashed
    /// writer's (`abandoned`) and is removed.
    private static func examine(_ path: String) -> Staging {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .abandoned }
        defer { _ = close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return .held }
        // This process's own unlocked staging file is another thread's, between creating and locking it.
        if let pid = writerProcess(of: path), kill(pid, 0) == 0 || errno == EPERM { return .starting }
        discard(path)
        return .abandoned
    }

    /// The process ID a staging file's name carries (`.NAME.PID-N.partial`).
    private static func writerProcess(of path: String) -> pid_t? {
        guard path.hasSuffix(stagingSuffix) else { return nil }
        let stem = path.dropLast(stagingSuffix.count)
        guard let dot = stem.lastIndex(of: "."), let dash = stem.lastIndex(of: "-"), dot < dash else { return nil }
        return pid_t(stem[stem.index(after: dot)..<dash])
    }
}

/// A text or binary output written whole or not at all: bytes go to a hidden staging file beside
/// the target, and ``commit()`` syncs it and moves it to the target (see ``Publisher``). Dropping an
/// uncommitted file removes the staging file, so a failure leaves the old file or nothing.
///
/// Errors name the target path, never the staging one.
public final class StagedFile {
    /// The path the file will have once committed.
    public let path: String
    /// Whether ``commit()`` may replace an existing regular file that no writer holds.
    public let replacing: Bool
    private let staging: String
    private let file: LogFile
    private var buffer: [UInt8] = []
    private var offset: UInt64 = 0
    private var finished = false

    /// The size at which buffered bytes are written out.
    private static let flushBytes = 1 << 16

    /// Checks that a file could be published at `path` now (see ``StagedFile/init(path:replacing:)``),
    /// so a long job fails before it starts rather than at its end.
    ///
    /// - Throws: ``EventLogError`` — `.alreadyExists`, `.notRegularFile`, `.locked`, `.io`.
    public static func checkTarget(_ path: String, replacing: Bool) throws(EventLogError) {
        try Publisher.checkTarget(path, replacing: replacing)
    }

    /// Starts a new file for `path` (`options` only for its fault injection in debug tests).
    ///
    /// - Throws: ``EventLogError`` — `.alreadyExists` (without `replacing`), `.notRegularFile`,
    ///   `.locked`, `.notFound` (no such directory), `.io`.
    public init(path: String, replacing: Bool, options: LogOptions = .default) throws(EventLogError) {
        try Publisher.checkTarget(path, replacing: replacing)
        self.path = path
        self.replacing = replacing
        staging = Publisher.stagingPath(for: path)
        let opened: LogFile
        do throws(EventLogError) {
            opened = try LogFile.open(staging, flags: O_WRONLY | O_CREAT | O_EXCL, options: options)
        } catch {
            throw EventLogError(error.code, path: path, errno: error.errno, detail: "cannot create")
        }
        file = LogFile(descriptor: opened.descriptor, path: path, options: options)
        // Locked so that a sweep by another process never takes it for a crashed writer's, and so
        // that another writer of `path` sees this one at work.
        do throws(EventLogError) {
            try file.lockExclusively()
            try Publisher.refuseIfClaimed(path, except: staging)
        } catch {
            file.close()
            Publisher.discard(staging)
            throw error
        }
    }

    deinit {
        guard !finished else { return }
        file.close()
        Publisher.discard(staging)
    }

    /// Appends `bytes`. A failed write abandons the file (nothing will appear at ``path``).
    public func write(_ bytes: some Collection<UInt8>) throws(EventLogError) {
        try checkOpen()
        buffer.append(contentsOf: bytes)
        guard buffer.count >= Self.flushBytes else { return }
        do throws(EventLogError) { try flush() } catch {
            abandon()
            throw error
        }
    }

    /// Appends `text` as UTF-8.
    public func write(_ text: String) throws(EventLogError) {
        try write(text.utf8)
    }

    /// Writes out, syncs, and moves the file to ``path``.
    public func commit() throws(EventLogError) {
        try checkOpen()
        do throws(EventLogError) {
            try flush()
            try file.synchronizeAll()
            try Publisher.publish(staging, to: path, replacing: replacing, options: .default)
        } catch {
            abandon()
            throw error
        }
        finished = true
        file.close()
    }

    /// Removes the staging file; nothing appears at ``path``.
    public func abandon() {
        guard !finished else { return }
        finished = true
        file.close()
        Publisher.discard(staging)
    }

    private func checkOpen() throws(EventLogError) {
        if finished { throw .invalid(path, "the file is already committed or abandoned") }
    }

    private func flush() throws(EventLogError) {
        guard !buffer.isEmpty else { return }
        let at = offset
        try withBytes(of: buffer) { bytes throws(EventLogError) in try file.write(bytes, at: at) }
        offset += UInt64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }
}
