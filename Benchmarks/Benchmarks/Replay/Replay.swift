// Full replay from a file — open, read, CRC, LZ4, decode, evolve — against the raw LZ4 ceiling, SQLite
// read-and-fold and JSON lines read-decode-fold, all over the same session.
import BenchSuites
import BenchSupport
import Benchmark
import CBaselines
import EventLog
import NavTape
import NavigationCodec
import NavigationCore

let benchmarks: @Sendable () -> Void = {
    Benchmark("replay TimeMachine.fold", configuration: .timed()) { (benchmark: Benchmark, input: (String, Int)) in
        let (path, expected) = input
        for _ in benchmark.scaledIterations {
            let machine = try TimeMachine(path: path)
            var state = machine.initialState
            try machine.fold(from: 0, to: machine.eventCount, into: &state)
            blackHole(state.displayMode)
        }
        benchmark.measurement(eventsMetric, expected)
    } setup: {
        let session = try SessionData.load()
        let machine = try TimeMachine(path: session.path)
        var state = machine.initialState
        try machine.fold(from: 0, to: machine.eventCount, into: &state)
        guard state == session.state(after: session.count) else { throw SetupFailure("replay differs from evolve") }
        return (session.path, session.count)
    }

    Benchmark("replay forEachRecord+decodeAndEvolve", configuration: .timed()) { (benchmark: Benchmark, input: (String, NavigationState, Int)) in
        let (path, initial, count) = input
        for _ in benchmark.scaledIterations {
            let reader = try EventLogReader(path: path)
            var state = initial
            try reader.forEachRecord { _, _, record in
                _ = try EventCodec.decodeAndEvolve(record, into: &state)
                return true
            }
            blackHole(state.displayMode)
        }
        benchmark.measurement(eventsMetric, count)
    } setup: {
        let session = try SessionData.load()
        return (session.path, session.initialState, session.count)
    }

    Benchmark("raw LZ4_decompress_safe (baseline)", configuration: .timed()) { (benchmark: Benchmark, input: (LogBlocks, [LogBlocks.Block], Carry<[UInt8]>)) in
        let (blocks, records, scratch) = input
        for _ in benchmark.scaledIterations {
            blocks.bytes.withUnsafeBufferPointer { file in
                scratch.value.withUnsafeMutableBufferPointer { out in
                    for block in records {
                        let source = UnsafeRawPointer(file.baseAddress! + block.payloadOffset).assumingMemoryBound(to: CChar.self)
                        let destination = UnsafeMutableRawPointer(out.baseAddress!).assumingMemoryBound(to: CChar.self)
                        let n = nt_lz4_decompress_safe(source, destination, Int32(block.storedLength), Int32(block.rawLength))
                        if n != Int32(block.rawLength) { benchmark.error("LZ4 returned \(n)") }
                    }
                }
            }
            blackHole(scratch.value[0])
        }
        benchmark.measurement(eventsMetric, records.reduce(0) { $0 + $1.recordCount })
    } setup: {
        let session = try SessionData.load()
        let blocks = try LogBlocks(path: session.path)
        let records = blocks.recordBlocks.filter { !$0.isStored }
        let largest = records.map(\.rawLength).max() ?? 1
        return (blocks, records, Carry([UInt8](repeating: 0, count: largest)))
    }

    Benchmark("SQLite read and fold (baseline)", configuration: .timed(iterations: 5)) { (benchmark: Benchmark, input: (String, NavigationState)) in
        let (path, initial) = input
        var count = 0
        for _ in benchmark.scaledIterations {
            var state = initial
            count = try SQLiteStore.readAndFold(path, into: &state)
            blackHole(state.displayMode)
        }
        benchmark.measurement(eventsMetric, count)
    } setup: {
        let session = try SessionData.load()
        return (try SQLiteStore.cachedDatabase(of: session), session.initialState)
    }

    Benchmark("SQLite scan alone (baseline)", configuration: .timed(iterations: 5)) { (benchmark: Benchmark, path: String) in
        var count = 0
        for _ in benchmark.scaledIterations {
            let (rows, checksum) = try SQLiteStore.scan(path)
            count = rows
            blackHole(checksum)
        }
        benchmark.measurement(eventsMetric, count)
    } setup: {
        try SQLiteStore.cachedDatabase(of: try SessionData.load())
    }

    Benchmark("JSON lines read and fold (baseline)", configuration: .timed(iterations: 3, seconds: 30)) {
        (benchmark: Benchmark, input: (String, NavigationState)) in
        let (path, initial) = input
        var count = 0
        for _ in benchmark.scaledIterations {
            var state = initial
            count = try JSONMirror.readAndFold(path, into: &state)
            blackHole(state.displayMode)
        }
        benchmark.measurement(eventsMetric, count)
    } setup: {
        let session = try SessionData.load()
        let count = BenchConfig.jsonEventCount
        let path = try JSONMirror.linesFile(of: session, count: count)
        var state = session.initialState
        guard try JSONMirror.readAndFold(path, into: &state) == count, state == session.state(after: count) else {
            throw SetupFailure("JSON lines round trip differs")
        }
        return (path, session.initialState)
    }

    // Gated: everything a full replay of the file allocates (opening the log included). The count
    // moves by ±1 from run to run (seen 354–356 for 20,000 events), hence the tolerance of 2.
    Benchmark("replay_mallocs", configuration: .mallocs(iterations: 5, tolerance: 2)) { (benchmark: Benchmark, path: String) in
        let machine = try TimeMachine(path: path)
        var state = machine.initialState
        try machine.fold(from: 0, to: machine.eventCount, into: &state)
        blackHole(state.displayMode)
    } setup: {
        try SessionData.load().path
    }
}
