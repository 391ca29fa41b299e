#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if DEBUG
import Synchronization
#endif

/// The one seam between the log and the operating system.
///
/// Linux and Apple platforms differ here only in how a sync reaches the disk (``synchronizeData()``)
/// and in the clock (``MonotonicClock``); only the Linux path is tested.
///
/// Every system call the module makes on a log, index or temporary file goes through here: `EINTR`
/// is retried, writes loop until the whole buffer is out, reads loop until the buffer is full or the
/// file ends, and every failure becomes an ``EventLogError`` naming the path and offset. In debug
/// builds a ``FaultInjector`` can make writes short or failing and syncs fail.
struct LogFile: Sendable {
    let descriptor: Int32
    let path: String
    #if DEBUG
    let faults: FaultInjector?
    #endif

    init(descriptor: Int32, path: String, options: LogOptions) {
        self.descriptor = descriptor
        self.path = path
        #if DEBUG
        faults = options.faults
        #endif
    }

    /// Opens `path` with `flags` (`O_CLOEXEC` is added).
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o644, options: LogOptions) throws(EventLogError) -> LogFile {
        while true {
            let fd = systemOpen(path, flags | O_CLOEXEC, mode)
            if fd >= 0 {
                return LogFile(descriptor: fd, path: path, options: options)
            }
            let error = errno
            if error == EINTR { continue }
            if error == ENOENT { throw EventLogError(.notFound, path: path, errno: error, detail: "cannot open") }
            if error == EEXIST { throw EventLogError(.alreadyExists, path: path, errno: error, detail: "cannot create") }
            throw .io(path, "cannot open", errno: error)
        }
    }

    /// Closes the descriptor (releasing any `flock`). Errors are ignored: nothing can be retried.
    func close() {
        _ = systemClose(descriptor)
    }

    /// Takes the exclusive, non-blocking `flock` that makes this the only writer.
    ///
    /// A lock that is busy is tried again for up to about 100 ms before `.locked`: a `flock` belongs
    /// to the open file description, so a child process forked by anyone in this process while a
    /// writer was open holds a copy of it until the child execs (`O_CLOEXEC` acts only then), and a
    /// writer closed and reopened in that window would otherwise be refused. A real second writer
    /// is still refused, 100 ms later.
    func lockExclusively() throws(EventLogError) {
        var retries = 0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let error = errno
            if error == EINTR { continue }
            if error == EWOULDBLOCK {
                if retries < Self.lockRetries {
                    retries += 1
                    usleep(Self.lockRetryMicroseconds)
                    continue
                }
                throw EventLogError(.locked, path: path, detail: "locked by another writer (in this or another process)")
            }
            throw .io(path, "cannot lock", errno: error)
        }
    }

    /// Opens the existing file at `path` read-write and takes its writer lock, making sure the locked
    /// file is still the one at `path`: a file replaced while this process waited for its lock
    /// (``Publisher`` replaces under the lock) is let go and the new one opened, so nothing is ever
    /// appended to a file no longer at its path.
    static func openLocked(_ path: String, options: LogOptions) throws(EventLogError) -> LogFile {
        for _ in 0..<8 {
            let file = try open(path, flags: O_RDWR | O_NONBLOCK, options: options)
            do throws(EventLogError) {
                try file.requireRegularFile()
                try file.lockExclusively()
            } catch {
                file.close()
                throw error
            }
            var opened = stat(), named = stat()
            if fstat(file.descriptor, &opened) == 0, stat(path, &named) == 0,
                opened.st_ino == named.st_ino, opened.st_dev == named.st_dev
            {
                return file
            }
            file.close()
        }
        throw EventLogError(.locked, path: path, detail: "keeps being replaced by another process")
    }

    /// How often a busy lock is tried again, and how long apart.
    static let lockRetries = 20
    static let lockRetryMicroseconds: useconds_t = 5_000

    /// Throws `.notFound` ("is a directory", "not a regular file") unless the descriptor is a regular
    /// file: a FIFO, a device, a socket or a directory is never read or repaired as a log.
    func requireRegularFile() throws(EventLogError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io(path, "cannot stat", errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            let what = (info.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "not a regular file (a FIFO, a device or a socket): not read"
            throw EventLogError(.notFound, path: path, detail: what)
        }
    }

    /// The file's current size in bytes.
    func size() throws(EventLogError) -> UInt64 {
        var info = stat()
        while fstat(descriptor, &info) != 0 {
            let error = errno
            if error == EINTR { continue }
            throw .io(path, "cannot stat", errno: error)
        }
        return UInt64(max(0, info.st_size))
    }

    /// Reads up to `buffer.count` bytes at `offset`; returns how many were read (fewer only at end of file).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64) throws(EventLogError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var done = 0
        while done < buffer.count {
            let n = pread(descriptor, base + done, buffer.count - done, off_t(offset) + off_t(done))
            if n > 0 {
                done += n
            } else if n == 0 {
                break
            } else {
                let error = errno
                if error == EINTR { continue }
                throw .io(path, "cannot read at byte \(offset + UInt64(done))", errno: error, offset: offset + UInt64(done))
            }
        }
        return done
    }

    /// Reads what is available at the current position (a pipe, standard input, a file read in
    /// order), up to `buffer.count` bytes; 0 at the end.
    func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(EventLogError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        while true {
            let n = systemRead(descriptor, base, buffer.count)
            if n >= 0 { return n }
            let error = errno
            if error == EINTR { continue }
            throw .io(path, "cannot read", errno: error)
        }
    }

    /// Writes all of `buffer` at `offset`, looping over short writes.
    func write(_ buffer: UnsafeRawBufferPointer, at offset: UInt64) throws(EventLogError) {
        guard let base = buffer.baseAddress else { return }
        var done = 0
        while done < buffer.count {
            var request = buffer.count - done
            #if DEBUG
            if let faults {
                switch faults.beforeWrite(count: request) {
                case .proceed(let allowed): request = allowed
                case .fail(let allowed, let error):
                    if allowed > 0 {
                        let n = pwrite(descriptor, base + done, allowed, off_t(offset) + off_t(done))
                        if n > 0 {
                            faults.didWrite(
                                UnsafeRawBufferPointer(start: base + done, count: n),
                                at: offset + UInt64(done), path: path)
                        }
                    }
                    let at = offset + UInt64(done + allowed)
                    throw .io(path, "cannot write at byte \(at)", errno: error, offset: at)
                }
            }
            #endif
            let n = pwrite(descriptor, base + done, request, off_t(offset) + off_t(done))
            if n >= 0 {
                #if DEBUG
                faults?.didWrite(
                    UnsafeRawBufferPointer(start: base + done, count: n),
                    at: offset + UInt64(done), path: path)
                #endif
                done += n
            } else {
                let error = errno
                if error == EINTR { continue }
                let at = offset + UInt64(done)
                throw .io(path, "cannot write at byte \(at)", errno: error, offset: at)
            }
        }
    }

    /// Makes the file's data (and the size needed to read it) durable: `fdatasync` on Linux,
    /// `fcntl(F_FULLFSYNC)` on Apple platforms (see `fullSync`). Never retried after a failure
    /// other than `EINTR`: a failed sync leaves the outcome unknown.
    func synchronizeData() throws(EventLogError) {
        #if canImport(Darwin)
        try synchronize(with: fullSync)
        #else
        try synchronize(with: fdatasync)
        #endif
    }

    /// Makes the file's data and metadata durable: `fsync` on Linux, `fcntl(F_FULLFSYNC)` on Apple
    /// platforms (see `fullSync`).
    func synchronizeAll() throws(EventLogError) {
        #if canImport(Darwin)
        try synchronize(with: fullSync)
        #else
        try synchronize(with: fsync)
        #endif
    }

    /// Calls `call` on the descriptor until it succeeds or fails with anything but `EINTR`; in debug
    /// builds the fault injector may fail it or simulate it first.
    private func synchronize(with call: (Int32) -> Int32) throws(EventLogError) {
        #if DEBUG
        if let faults {
            // The outcome is decided, and a simulated sync journaled, when the sync starts: it covers
            // the writes journaled before it, not those made while it runs (held or not).
            let failure = faults.beforeSync(path: path)
            faults.waitWhileHeld()
            if let failure { throw .io(path, "cannot sync", errno: failure) }
            if faults.simulatesSyncs { return }
        }
        #endif
        while call(descriptor) != 0 {
            let error = errno
            if error == EINTR { continue }
            throw .io(path, "cannot sync", errno: error)
        }
    }

    /// Cuts the file to `length` bytes.
    func truncate(to length: UInt64) throws(EventLogError) {
        while ftruncate(descriptor, off_t(length)) != 0 {
            let error = errno
            if error == EINTR { continue }
            throw .io(path, "cannot truncate to byte \(length)", errno: error, offset: length)
        }
        #if DEBUG
        faults?.didTruncate(to: length, path: path)
        #endif
    }
}

/// Path-level operations of the seam.
enum FileSystem {
    /// The directory holding `path` (`.` for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }
}

/// Monotonic time for the group-commit interval.
enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point (Linux: coarse, a few milliseconds of resolution and
    /// a few ns to read; Apple platforms: the plain monotonic clock).
    static func nanoseconds() -> Int64 {
        var spec = timespec()
        #if canImport(Darwin)
        clock_gettime(CLOCK_MONOTONIC, &spec)
        #else
        clock_gettime(CLOCK_MONOTONIC_COARSE, &spec)
        #endif
        return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
    }
}

// The C library's `open`, `close` and `read` under names of their own: inside ``LogFile`` the methods of
// the same names hide them, and a module-qualified name (`Glibc.open`) would not be portable.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemRead(_ descriptor: Int32, _ base: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, base, count) }

#if canImport(Darwin)
/// Apple platforms: `fsync` only hands the data to the drive, whose own cache may still lose it on
/// power loss; `F_FULLFSYNC` also makes the drive flush it (data and metadata both: it stands for
/// `fdatasync` and `fsync`). A file system that does not support it (`ENOTSUP`, `EINVAL`: some
/// network and FUSE ones) gets a plain `fsync`. Returns 0 or -1 with `errno` set, as the two calls do.
private func fullSync(_ descriptor: Int32) -> Int32 {
    if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
    let error = errno
    guard error == ENOTSUP || error == EINVAL else { return -1 }
    return fsync(descriptor)
}
#endif

#if DEBUG
/// Debug builds only: faults injected into one log's writes and syncs, for tests.
///
/// Set it on ``LogOptions`` (`options.faults = FaultInjector(...)`) with `@testable import EventLog`.
final class FaultInjector: Sendable {
    /// What to break.
    struct Plan: Sendable {
        /// Every write call transfers at most this many bytes (the seam must loop).
        var maximumWriteBytes: Int?
        /// After this many more bytes are written, writes fail with ``writeErrno`` (a torn write).
        var failWritesAfterBytes: Int?
        /// The errno of failing writes.
        var writeErrno: Int32 = ENOSPC
        /// After this many more successful syncs, syncs fail with ``syncErrno``.
        var failSyncsAfter: Int?
        /// The errno of failing syncs.
        var syncErrno: Int32 = EIO
    }

    /// One operation on a file, as the journal keeps it.
    enum Operation: Equatable {
        /// `bytes` written at `offset`.
        case write(path: String, offset: UInt64, bytes: [UInt8])
        /// The file cut to `length` bytes.
        case truncate(path: String, length: UInt64)
        /// A sync that succeeded: everything before it in the journal, for this path, is durable.
        case sync(path: String)
    }

    enum WriteDecision {
        case proceed(Int)
        case fail(writing: Int, errno: Int32)
    }

    private let plan: Mutex<Plan>
    private let operations = Mutex<[Operation]>([])
    /// Power-loss simulation: every write, truncation and successful sync is kept in order in
    /// ``journal``, and syncs succeed without reaching the disk (the journal says what a real sync
    /// would have made durable).
    let simulatesSyncs: Bool

    /// Creates an injector following `plan`, journaling and simulating syncs when `journals`.
    init(_ plan: Plan = Plan(), journals: Bool = false) {
        self.plan = Mutex(plan)
        simulatesSyncs = journals
    }

    /// Every write, truncation and successful sync so far, in order (when journaling).
    var journal: [Operation] { operations.withLock { $0 } }

    /// The number of operations journaled so far.
    var journalCount: Int { operations.withLock { $0.count } }

    func didWrite(_ bytes: UnsafeRawBufferPointer, at offset: UInt64, path: String) {
        guard simulatesSyncs else { return }
        operations.withLock { $0.append(.write(path: path, offset: offset, bytes: Array(bytes))) }
    }

    func didTruncate(to length: UInt64, path: String) {
        guard simulatesSyncs else { return }
        operations.withLock { $0.append(.truncate(path: path, length: length)) }
    }

    /// Whether syncs are held open, and how many are waiting in the hold.
    private let hold = Mutex<(held: Bool, waiting: Int)>((false, 0))

    /// From now on a sync, once started, waits until ``releaseSyncs()`` (a slow disk).
    func holdSyncs() {
        hold.withLock { $0.held = true }
    }

    /// Lets held syncs finish.
    func releaseSyncs() {
        hold.withLock { $0.held = false }
    }

    /// The syncs waiting in the hold now.
    var syncsWaiting: Int { hold.withLock { $0.waiting } }

    /// Returns at once unless syncs are held; then when they are released.
    func waitWhileHeld() {
        var waiting = false
        while true {
            let held = hold.withLock { state -> Bool in
                if state.held, !waiting {
                    state.waiting += 1
                    waiting = true
                } else if !state.held, waiting {
                    state.waiting -= 1
                }
                return state.held
            }
            if !held { return }
            usleep(200)
        }
    }

    /// Replaces the plan.
    func update(_ body: @Sendable (inout Plan) -> Void) {
        plan.withLock { body(&$0) }
    }

    func beforeWrite(count: Int) -> WriteDecision {
        plan.withLock { plan in
            var allowed = count
            if let maximum = plan.maximumWriteBytes { allowed = min(allowed, max(1, maximum)) }
            if let budget = plan.failWritesAfterBytes {
                if budget < allowed {
                    plan.failWritesAfterBytes = 0
                    return .fail(writing: budget, errno: plan.writeErrno)
                }
                plan.failWritesAfterBytes = budget - allowed
            }
            return .proceed(allowed)
        }
    }

    /// A sync of `path` starts: its errno if it is to fail; a simulated one that succeeds is
    /// journaled here, at its start.
    func beforeSync(path: String) -> Int32? {
        let failure: Int32? = plan.withLock { plan in
            guard let remaining = plan.failSyncsAfter else { return nil }
            if remaining <= 0 { return plan.syncErrno }
            plan.failSyncsAfter = remaining - 1
            return nil
        }
        if failure == nil, simulatesSyncs { operations.withLock { $0.append(.sync(path: path)) } }
        return failure
    }
}
#endif

/// Calls `body` with the bytes of `array`, keeping the typed error (`Array.withUnsafeBytes` rethrows untyped).
func withBytes<R>(of array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(EventLogError) -> R) throws(EventLogError) -> R {
    let result: Result<R, EventLogError> = array.withUnsafeBytes { buffer in
        do throws(EventLogError) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try result.get()
}

/// Calls `body` with the mutable bytes of `array`, keeping the typed error.
func withMutableBytes<R>(of array: inout [UInt8], _ body: (UnsafeMutableRawBufferPointer) throws(EventLogError) -> R) throws(EventLogError) -> R {
    let result: Result<R, EventLogError> = array.withUnsafeMutableBytes { buffer in
        do throws(EventLogError) { return .success(try body(buffer)) } catch { return .failure(error) }
    }
    return try result.get()
}

/// The wall clock, for times that come from no input (a capture that gives none, a report's date).
public enum WallClock {
    /// Milliseconds since the Unix epoch.
    public static func milliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000 + Int64(spec.tv_nsec) / 1_000_000
    }
}
