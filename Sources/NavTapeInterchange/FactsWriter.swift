#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import EventLog
import NavTape
import Synchronization

/// Writes the facts of many logs as JSON lines (``FactsRows``): the `sessions` rows to one place,
/// the `moments` rows to another, either may be left out. What `navtape facts` runs
/// ``Facts/read(_:jobs:tornTail:bufferBytes:encoder:sink:)`` into.
public final class FactsWriter: FactsSink {
    /// Where rows go: appends bytes (whole lines) or throws.
    public typealias Write = @Sendable ([UInt8]) throws(NavTapeError) -> Void

    private let sessions: Write?
    private let moments: Write?
    private let failed: @Sendable (Int, NavTapeError) -> Void
    private let progress: (@Sendable (Int) -> Void)?
    private let tally = Mutex((logs: 0, sessions: 0, moments: 0, failures: 0))

    /// A writer of `sessions` rows and `moments` rows (`nil`: not written); `failed` is told of each
    /// log that could not be read or written, `progress` of the number of logs done.
    public init(
        sessions: Write?, moments: Write?, failed: @escaping @Sendable (_ index: Int, NavTapeError) -> Void,
        progress: (@Sendable (Int) -> Void)? = nil
    ) {
        self.sessions = sessions
        self.moments = moments
        self.failed = failed
        self.progress = progress
    }

    /// The rows written so far, and the logs that failed.
    public var counts: (sessions: Int, moments: Int, failures: Int) {
        tally.withLock { ($0.sessions, $0.moments, $0.failures) }
    }

    /// What encodes the moments for this writer: ``FactsRows/momentEncoder``, or nothing when no
    /// moment is written.
    public var encoder: @Sendable (TimeMachine) -> (MomentFacts, inout [UInt8]) -> Void {
        guard moments == nil else { return FactsRows.momentEncoder }
        return { _ in
            { (_: MomentFacts, _: inout [UInt8]) in }
        }
    }

    public func moments(_ bytes: [UInt8], of index: Int) throws(NavTapeError) {
        guard let moments else { return }
        try moments(bytes)
        let lines = Self.lineCount(bytes)
        tally.withLock { $0.moments += lines }
    }

    /// The newlines in `bytes`, found by `memchr` (a byte-by-byte count took 9 % of `facts`).
    static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard var at = buffer.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
            var left = buffer.count, count = 0
            while left > 0, let found = memchr(at, 10, left) {
                count += 1
                let next = UnsafeRawPointer(found) + 1
                left -= next - at
                at = next
            }
            return count
        }
    }

    public func finished(_ outcome: Facts.Outcome, of index: Int) {
        var outcome = outcome
        if case .success(let facts) = outcome, let sessions {
            var line: [UInt8] = []
            FactsRows.sessionValue(facts).write(into: &line)
            line.append(10)
            do throws(NavTapeError) { try sessions(line) } catch { outcome = .failure(error) }
        }
        let done = tally.withLock { tally -> Int in
            tally.logs += 1
            if case .success = outcome { tally.sessions += 1 } else { tally.failures += 1 }
            return tally.logs
        }
        if case .failure(let error) = outcome { failed(index, error) }
        progress?(done)
    }

    /// A ``Write`` into `file` (its errors as ``NavTape/NavTapeError``).
    public static func writing(to file: OutputFile) -> Write {
        let file = UncheckedFile(file)
        return { bytes throws(NavTapeError) in
            do throws(EventLogError) { try file.file.write(bytes) } catch { throw NavTapeError(error) }
        }
    }

    /// An output file handed to one writer at a time (the sink is called from one thread at a time).
    private final class UncheckedFile: @unchecked Sendable {
        let file: OutputFile
        init(_ file: OutputFile) { self.file = file }
    }
}
