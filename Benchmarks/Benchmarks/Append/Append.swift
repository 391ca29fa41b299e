// Appending the session's records to a new log: buffered (no sync asked), and durable with group
// commit (every record acknowledged = fsynced) at a few batch sizes, against SQLite inserts in one
// transaction.
import BenchSuites
import BenchSupport
import Benchmark
import EventLog
import Foundation
#if canImport(Glibc)
import Glibc
#endif

func header() -> LogHeader {
    LogHeader(
        sessionID: "bench", device: "bench", startTimeMilliseconds: 1_700_000_000_000, parentSessionID: "",
        forkIndex: 0, metadata: [])
}

func options(syncEvery records: Int?) -> LogOptions {
    var options = LogOptions()
    options.syncEveryRecords = records ?? Int.max
    options.syncEveryBytes = Int.max
    options.syncInterval = nil
    return options
}

func appendAll(_ session: SessionData, _ range: Range<Int>, to writer: EventLogWriter) throws {
    var i = range.lowerBound
    try session.forEachRecord(in: range) { record in
        try writer.append(timestamp: session.times[i], record: record)
        i += 1
    }
}

let benchmarks: @Sendable () -> Void = {
    // Appends only: blocks are compressed and written as they fill, nothing is synced; the log is
    // created before and closed (synced) after the measured part.
    Benchmark("append buffered", configuration: .timed()) { (benchmark: Benchmark, input: (SessionData, String)) in
        let (session, directory) = input
        let path = directory + "/buffered.navtape"
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + ".idx")
        let writer = try EventLogWriter.create(at: path, header: header(), options: options(syncEvery: nil))
        benchmark.startMeasurement()
        try appendAll(session, 0..<session.count, to: writer)
        benchmark.stopMeasurement()
        try writer.close()
        benchmark.measurement(eventsMetric, session.count)
    } setup: {
        (try SessionData.load(), BenchConfig.scratchDirectory("buffered"))
    }

    // Create, append everything, close: every record acknowledged (fsynced), `batch` records per fsync.
    for batch in [256, 4_096, 65_536] {
        Benchmark("append durable group commit \(batch)", configuration: .timed(iterations: 10)) { (benchmark: Benchmark, input: (SessionData, String)) in
            let (session, directory) = input
            let path = directory + "/durable.navtape"
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: path + ".idx")
            benchmark.startMeasurement()
            let writer = try EventLogWriter.create(at: path, header: header(), options: options(syncEvery: batch))
            try appendAll(session, 0..<session.count, to: writer)
            let acknowledged = try writer.sync()
            try writer.close()
            benchmark.stopMeasurement()
            if acknowledged != UInt64(session.count) { benchmark.error("acknowledged \(acknowledged) of \(session.count)") }
            benchmark.measurement(eventsMetric, session.count)
        } setup: {
            (try SessionData.load(), BenchConfig.scratchDirectory("durable\(batch)"))
        }
    }

    // The disk's price of an acknowledgement: one 1 KiB append and fdatasync per iteration (context
    // for the durable figures; it varies a lot between VMs and with the other tenants' writes).
    Benchmark(
        "fdatasync 1 KiB append (disk)",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds, warmupIterations: 5, maxDuration: .seconds(5), maxIterations: 300)
    ) { (benchmark: Benchmark, file: Carry<Int32>) in
        let written = [UInt8](repeating: 0x5A, count: 1024).withUnsafeBytes { write(file.value, $0.baseAddress, $0.count) }
        if written != 1024 || fdatasync(file.value) != 0 { benchmark.error("write or fdatasync failed: errno \(errno)") }
    } setup: {
        let path = BenchConfig.scratchDirectory("fsync") + "/fsync.bin"
        return Carry(open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644))
    }

    Benchmark("SQLite insert one transaction (baseline)", configuration: .timed(iterations: 5)) { (benchmark: Benchmark, input: (SessionData, String)) in
        let (session, directory) = input
        for _ in benchmark.scaledIterations {
            try SQLiteStore.write(session, range: 0..<session.count, to: directory + "/insert.sqlite")
        }
        benchmark.measurement(eventsMetric, session.count)
    } setup: {
        (try SessionData.load(), BenchConfig.scratchDirectory("sqlite"))
    }

    // Gated: steady-state appends into one open writer (blocks written as they fill, never synced).
    Benchmark("append_mallocs", configuration: .mallocs(iterations: mallocIterations)) {
        (benchmark: Benchmark, input: (SessionData, SteadyWindows, Carry<EventLogWriter>)) in
        let (session, windows, writer) = input
        let range = windows.range(writer.iteration)
        writer.iteration += 1
        benchmark.startMeasurement()
        try appendAll(session, range, to: writer.value)
        benchmark.stopMeasurement()
    } setup: {
        let session = try SessionData.load()
        let path = BenchConfig.scratchDirectory("mallocs") + "/append.navtape"
        let writer = try EventLogWriter.create(at: path, header: header(), options: options(syncEvery: nil))
        let windows = SteadyWindows(eventCount: session.count, iterations: mallocIterations + 1)
        try appendAll(session, 0..<windows.start, to: writer)
        return (session, windows, Carry(writer))
    }
}
