import Dispatch
import Synchronization

/// One group-commit `fdatasync` running off the appending thread (issue 13: the sync off the
/// critical path): the record count it makes durable and, once it has finished, its outcome.
///
/// ``EventLogWriter`` runs at most one at a time and starts the next only after this one finished,
/// so a failed sync is seen before anything written after it could be acknowledged by a later one.
final class BackgroundSync: Sendable {
    /// The number of records durable once it succeeds: every block written before it started.
    let target: UInt64

    /// 0 running, 1 succeeded, 2 failed.
    private let state = Atomic<UInt8>(0)
    private let failure = Mutex<EventLogError?>(nil)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts syncing `file` on `queue`: the writer's own serial queue, which (unlike the global
    /// concurrent queue) gets a thread of its own, so a sync blocked on the disk never holds up the
    /// process's other work, nor waits behind it.
    init(target: UInt64, file: LogFile, on queue: DispatchQueue) {
        self.target = target
        queue.async { [self] in
            do throws(EventLogError) {
                try file.synchronizeData()
                state.store(1, ordering: .releasing)
            } catch {
                failure.withLock { $0 = error }
                state.store(2, ordering: .releasing)
            }
            finished.signal()
        }
    }

    /// Whether it has finished, without waiting.
    var isFinished: Bool { state.load(ordering: .acquiring) != 0 }

    /// Waits until it has finished; its error, or `nil` when the data is durable. Call once.
    func wait() -> EventLogError? {
        finished.wait()
        return state.load(ordering: .acquiring) == 1 ? nil : failure.withLock { $0 }
    }
}
