#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CStaging
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

/// What a process does about its unfinished outputs when a signal ends it.
public enum StagingCleanup {
    /// Removes this process's staging files (and their sidecars) if SIGINT, SIGTERM or SIGHUP ends
    /// it, where the process has no handler of its own for them; the process then ends as the
    /// signal says. A command that stops cleanly on Ctrl-C installs its own handler after this and
    /// removes or publishes its files itself.
    public static func installSignalHandlers() { navtape_staging_install() }
}

/// A hidden staging file beside a target: `.NAME.PID-N.partial` in the target's directory (opened
/// once, see ``LogDirectory``), so that the final move never crosses a file system. `N` is random,
/// so no name can be guessed ahead and planted.
struct StagingFile: Sendable {
    /// The directory of the target and of this file.
    let directory: LogDirectory
    /// This file's name in ``directory``.
    let name: String
    /// The user's path of the target (errors name it).
    let target: String
    /// This file's and its sidecar's places on the list a signal handler removes when Ctrl-C or
    /// SIGTERM ends the process.
    var remembered: [SignalRemoval] = []

    /// The target's name in ``directory``.
    var targetName: String { LogDirectory.name(of: target) }
    /// This file's path, as a writer's sidecar names it.
    var path: String { directory.path(of: name) }
}

/// Putting a finished file at a user's path: the checks and the atomic move that make sure an output
/// never destroys data.
///
/// A file at the target is replaced only when asked, only when it is a regular file (never a device,
/// a FIFO, a directory or a symbolic link), and only while this process holds its writer lock, so a
/// log another process is recording is never replaced (``EventLogError/Code/locked``). The new file is
/// moved over the old one with `rename`, which is atomic: readers see the old file or the new one.
/// Every name is resolved in the target's directory, opened once.
enum Publisher {
    static let stagingSuffix = ".partial"

    /// Creates and locks a new staging file for `target` (`O_EXCL | O_NOFOLLOW`, a random serial),
    /// after checking that nothing else is staging it. The returned file's errors name `target`.
    ///
    /// - Throws: `.notFound` (no such directory), `.locked` (another writer stages `target`), `.io`.
    static func createStaging(for target: String, flags: Int32, options: LogOptions) throws(EventLogError) -> (StagingFile, LogFile) {
        let directory = try LogDirectory(containing: target, options: options)
        let base = LogDirectory.name(of: target)
        // Locked (before its name appears, where the system allows) so that a sweep by another process
        // never takes it for a crashed writer's, and so that another writer of `target` sees this one at work.
        let created = try directory.createLocked(
            prefix: ".\(base).\(getpid())-", suffix: stagingSuffix,
            flags: flags, errorPath: target)
        var staging = StagingFile(directory: directory, name: created.name, target: target)
        staging.remembered = [created.removal, SignalRemoval(path: directory.path(of: LogIndex.name(for: created.name)))]
        do throws(EventLogError) {
            try refuseIfClaimed(base, in: directory, target: target, except: created.name)
        } catch {
            created.file.close()
            discard(staging)
            throw error
        }
        return (staging, created.file)
    }

    /// Checks that a new file could be published at `target` now: nothing is there, or (`replacing`)
    /// a regular file that no writer holds. Called before long work so it fails early; ``publish``
    /// checks again at the end.
    ///
    /// - Throws: `.alreadyExists` (something is there and `replacing` is false), `.notRegularFile`,
    ///   `.locked`, `.notFound` (no such directory), `.io`.
    static func checkTarget(_ target: String, replacing: Bool, options: LogOptions = .default) throws(EventLogError) {
        let directory = try LogDirectory(containing: target, options: options)
        let base = LogDirectory.name(of: target)
        if let lock = try lockTarget(base, in: directory, target: target, replacing: replacing) { lock.close() }
        try refuseIfClaimed(base, in: directory, target: target, except: nil)
    }

    /// Throws `.locked` when another writer is staging a file for `base` now (its staging file is
    /// locked), so two processes never write the same output and neither replaces the other's. A
    /// writer calls this after creating and locking its own staging file (`except`): of two writers
    /// that start together, at least the later one sees the other's. Staging files left by crashed
    /// writers are removed on the way.
    private static func refuseIfClaimed(_ base: String, in directory: LogDirectory, target: String, except own: String?) throws(EventLogError) {
        if stagingNames(of: base, in: directory).contains(where: { $0 != own && examine($0, in: directory) == .held }) {
            throw EventLogError(.locked, path: target, detail: "another process (navtape?) is writing it now: not replaced")
        }
    }

    /// Opens and locks the file named `base` for replacing it; `nil` when nothing is there.
    private static func lockTarget(_ base: String, in directory: LogDirectory, target: String, replacing: Bool) throws(EventLogError) -> LogFile? {
        guard let info = try directory.status(of: base) else { return nil }
        guard replacing else {
            throw EventLogError(.alreadyExists, path: target, detail: "already exists")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw EventLogError(.notRegularFile, path: target, detail: "not a regular file: it is never replaced")
        }
        // Not following a link and not blocking on a FIFO swapped in after the check.
        let found: LogFile?
        do throws(EventLogError) {
            found = try directory.openExisting(base, flags: O_RDONLY, errorPath: target)
        } catch  where error.code == .notRegularFile {
            throw EventLogError(.notRegularFile, path: target, detail: "not a regular file: it is never replaced")
        }
        guard let file = found else { return nil }
        var opened = stat()
        guard fstat(file.descriptor, &opened) == 0, (opened.st_mode & S_IFMT) == S_IFREG,
            opened.st_ino == info.st_ino, opened.st_dev == info.st_dev
        else {
            file.close()
            throw EventLogError(.notRegularFile, path: target, detail: "not a regular file (or changed while checked): it is never replaced")
        }
        do throws(EventLogError) {
            try file.lockExclusively()
        } catch {
            file.close()
            if error.code == .locked {
                throw EventLogError(.locked, path: target, detail: "a writer (another navtape process?) holds it: not replaced")
            }
            throw error
        }
        return file
    }

    /// Moves the finished staging file (and its `.idx` sidecar, if any) to its target and syncs the
    /// directory.
    ///
    /// Without `replacing`, a file that appeared at the target meanwhile is an error
    /// (`.alreadyExists`) and nothing is moved. With it, an existing regular file is replaced while
    /// its writer lock is held here (`.locked` if another writer holds it). The target's stale sidecar
    /// is removed or replaced. On failure the staging file is left in place for the caller to remove.
    static func publish(_ staging: StagingFile, replacing: Bool) throws(EventLogError) {
        let directory = staging.directory, base = staging.targetName, target = staging.target
        // A target created between the check and the move is locked and examined on the next turn.
        for _ in 0..<8 {
            let found: LogFile?
            do throws(EventLogError) {
                found = try lockTarget(base, in: directory, target: target, replacing: replacing)
            } catch  where error.code == .alreadyExists {
                throw EventLogError(
                    .alreadyExists, path: target,
                    detail: "was created by another process while this output was written: not replaced")
            }
            guard let lock = found else {
                // Nothing there: `link` refuses to overwrite what may have appeared since.
                do throws(EventLogError) {
                    try directory.link(staging.name, to: base)
                } catch  where error.code == .alreadyExists {
                    continue
                } catch {
                    throw EventLogError(error.code, path: target, errno: error.errno, detail: "cannot create")
                }
                try directory.remove(staging.name)
                try moveSidecar(of: staging)
                forget(staging)
                try directory.synchronize()
                return
            }
            defer { lock.close() }
            do throws(EventLogError) { try directory.rename(staging.name, to: base) } catch {
                throw EventLogError(error.code, path: target, errno: error.errno, detail: "cannot replace")
            }
            try moveSidecar(of: staging)
            forget(staging)
            try directory.synchronize()
            return
        }
        throw EventLogError(.alreadyExists, path: target, detail: "keeps being created by another process: not replaced")
    }

    /// The new file's sidecar replaces the target's; without one, the target's stale one goes.
    private static func moveSidecar(of staging: StagingFile) throws(EventLogError) {
        let directory = staging.directory
        let from = LogIndex.name(for: staging.name), to = LogIndex.name(for: staging.targetName)
        if try directory.status(of: from) != nil {
            try directory.rename(from, to: to)
        } else {
            try directory.remove(to)
        }
    }

    /// Removes a staging file and its sidecar.
    static func discard(_ staging: StagingFile) {
        staging.directory.discard(staging.name)
        staging.directory.discard(LogIndex.name(for: staging.name))
        forget(staging)
    }

    /// Takes the staging file off the list the signal handler removes (it is published or gone).
    static func forget(_ staging: StagingFile) {
        for removal in staging.remembered { removal.cancel() }
    }

    /// The staging files beside the target named `base` (`.NAME.PID-N.partial`), of any process.
    private static func stagingNames(of base: String, in directory: LogDirectory) -> [String] {
        let prefix = "." + base + "."
        return directory.entries().filter { name in
            // Exactly `.NAME.PID-N.partial`: `.NAME.bak.…` or `.NAME.html.…` is another target's.
            guard name.hasPrefix(prefix), name.hasSuffix(stagingSuffix), name.count > prefix.count + stagingSuffix.count else { return false }
            let serials = name.dropFirst(prefix.count).dropLast(stagingSuffix.count).split(separator: "-", omittingEmptySubsequences: false)
            return serials.count == 2 && serials[0].allSatisfy { $0.isASCII && $0.isNumber }
                && !serials[0].isEmpty && !serials[1].isEmpty && serials[1].allSatisfy(\.isHexDigit)
        }
    }

    /// What a staging file found beside a target is.
    private enum Staging { case held, starting, abandoned }

    /// Examines the staging file `name`, removing it if its writer is gone. A live writer keeps its
    /// staging file locked (`held`). An unlocked one named after a running process may belong to a
    /// writer that has created it and not yet locked it (`starting`): it is left alone, and not counted
    /// as a claim, since that writer checks for claims itself once it holds its lock (of two writers
    /// that each lock, then look, at least the later sees the other's lock). Any other is a crashed
    /// writer's (`abandoned`) and is removed.
    private static func examine(_ name: String, in directory: LogDirectory) -> Staging {
        guard let file = try? directory.openExisting(name, flags: O_RDONLY, errorPath: name) else { return .abandoned }
        defer { file.close() }
        var info = stat()
        // Only a regular file is a staging file; anything else planted under such a name is left alone.
        guard fstat(file.descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .abandoned }
        guard flock(file.descriptor, LOCK_EX | LOCK_NB) == 0 else { return .held }
        // This process's own unlocked staging file is another thread's, between creating and locking it.
        if let pid = writerProcess(of: name), kill(pid, 0) == 0 || errno == EPERM { return .starting }
        directory.discard(name)
        directory.discard(LogIndex.name(for: name))
        return .abandoned
    }

    /// The process ID a staging file's name carries (`.NAME.PID-N.partial`).
    private static func writerProcess(of name: String) -> pid_t? {
        guard name.hasSuffix(stagingSuffix) else { return nil }
        let stem = name.dropLast(stagingSuffix.count)
        guard let dot = stem.lastIndex(of: "."), let dash = stem.lastIndex(of: "-"), dot < dash else { return nil }
        return pid_t(stem[stem.index(after: dot)..<dash])
    }
}

/// A file a command writes (an export, a generated test, a report), whole or not at all: bytes go
/// to a hidden staging file beside the target, and ``commit()`` syncs it and moves it to the target
/// (see ``Publisher``), as a log published whole is. Dropping an uncommitted file removes the
/// staging file, so a failure (a full disk, a crash) leaves the old file or nothing. An existing
/// file is replaced only when asked, only if it is a regular file, and never while another process
/// records into it.
///
/// Errors name the target path, never the staging one.
public final class OutputFile {
    /// The path the file will have once committed.
    public let path: String
    /// Whether ``commit()`` may replace an existing regular file that no writer holds.
    public let replacing: Bool
    private let staging: StagingFile
    private let file: LogFile
    private var buffer: [UInt8] = []
    private var offset: UInt64 = 0
    private var finished = false

    /// The size at which buffered bytes are written out.
    private static let flushBytes = 1 << 16

    /// Checks that a file could be published at `path` now (see ``OutputFile/init(path:replacing:)``),
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
        try Publisher.checkTarget(path, replacing: replacing, options: options)
        self.path = path
        self.replacing = replacing
        (staging, file) = try Publisher.createStaging(for: path, flags: O_WRONLY, options: options)
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
            try Publisher.publish(staging, replacing: replacing)
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
