/// Tuning and safety limits for writing and reading a log.
///
/// The defaults suit a navigation recorder: blocks of 64 KiB raw (large enough for LZ4 to find
/// repetition), and a group commit that starts a sync every 4096 records, every 1 MiB of record
/// bytes, or at the first append 50 ms after the oldest unacknowledged one, whichever comes first;
/// the sync runs in the background and its records count as acknowledged at the first call after
/// it has finished.
public struct LogOptions: Sendable {
    /// The raw (uncompressed) size at which a records block is written out. Default 64 KiB.
    ///
    /// ``EventLogWriter/sync()`` and the group-commit bounds write a partial block earlier.
    public var blockTargetBytes: Int = 64 * 1024

    /// The largest raw block accepted, written or read. Default 4 MiB.
    ///
    /// Readers refuse (``EventLogError/Code/tooLarge``) blocks that claim more before allocating
    /// anything, so a hostile file cannot make them allocate more than about twice this. A single
    /// record or checkpoint must fit in one block. Must be at least 1 KiB and at most 1 GiB.
    public var maxBlockBytes: Int = 4 * 1024 * 1024

    /// The largest file-header body (session strings plus metadata) accepted. Default 1 MiB.
    public var maxHeaderBytes: Int = 1024 * 1024

    /// Group commit: sync once this many records are unacknowledged. Default 4096; `1` syncs every
    /// append; `Int.max` disables this bound.
    public var syncEveryRecords: Int = 4096

    /// Group commit: sync once this many record bytes are unacknowledged. Default 1 MiB; `Int.max`
    /// disables this bound.
    public var syncEveryBytes: Int = 1024 * 1024

    /// Group commit: sync at the first append that comes this long after the oldest unacknowledged
    /// one. Default 50 ms; `nil` disables this bound.
    ///
    /// It is checked at append time only (there is no timer): if appends stop, the records stay
    /// unacknowledged until ``EventLogWriter/sync()`` or ``EventLogWriter/close()``.
    public var syncInterval: Duration? = .milliseconds(50)

    /// Whether ``EventLogWriter/close()`` writes the `<path>.idx` sidecar index. Default `true`.
    public var writesIndex: Bool = true

    /// Whether ``EventLogReader`` reads the `<path>.idx` sidecar index when it is valid. Default `true`.
    ///
    /// When `false`, or when the index is missing, stale or damaged, the reader scans block headers.
    public var usesIndex: Bool = true

    #if DEBUG
    /// Debug builds only: faults to inject into this log's system calls (tests).
    var faults: FaultInjector?
    #endif

    /// The default options.
    public init() {}

    /// The default options.
    public static var `default`: LogOptions { LogOptions() }

    func validated(path: String) throws(EventLogError) -> LogOptions {
        guard maxBlockBytes >= 1024, maxBlockBytes <= 1 << 30 else {
            throw .invalid(path, "maxBlockBytes \(maxBlockBytes) is outside 1 KiB … 1 GiB")
        }
        guard blockTargetBytes >= 1, blockTargetBytes <= maxBlockBytes else {
            throw .invalid(path, "blockTargetBytes \(blockTargetBytes) is outside 1 … maxBlockBytes")
        }
        guard maxHeaderBytes >= 64, maxHeaderBytes <= 1 << 30 else {
            throw .invalid(path, "maxHeaderBytes \(maxHeaderBytes) is outside 64 … 1 GiB")
        }
        guard syncEveryRecords >= 1, syncEveryBytes >= 1 else {
            throw .invalid(path, "syncEveryRecords and syncEveryBytes must be at least 1")
        }
        if let syncInterval, syncInterval < .zero {
            throw .invalid(path, "syncInterval must not be negative")
        }
        return self
    }

    var syncIntervalNanoseconds: Int64? {
        guard let syncInterval else { return nil }
        let (seconds, attoseconds) = syncInterval.components
        let (ns, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? Int64.max : ns &+ attoseconds / 1_000_000_000
    }
}
