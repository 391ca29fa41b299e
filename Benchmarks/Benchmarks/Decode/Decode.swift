// Decoding records alone (an EventDecoder, which reuses one buffer for controller lists), and
// decoding fused with evolve (EventCodec.decodeAndEvolve), over the records of the session held in
// memory.
import BenchSuites
import BenchSupport
import Benchmark
import NavigationCodec
import NavigationCore

let benchmarks: @Sendable () -> Void = {
    Benchmark("decode", configuration: .timed()) { (benchmark: Benchmark, session: SessionData) in
        for _ in benchmark.scaledIterations {
            var commits = 0
            var decoder = EventDecoder()
            try session.forEachRecord(in: 0..<session.count) { record in
                let (event, startsCommit) = try decoder.decode(record)
                if startsCommit { commits &+= 1 }
                blackHole(event.kind)
            }
            blackHole(commits)
        }
        benchmark.measurement(eventsMetric, session.count)
    } setup: {
        try SessionData.load()
    }

    Benchmark("decodeAndEvolve", configuration: .timed()) { (benchmark: Benchmark, session: SessionData) in
        for _ in benchmark.scaledIterations {
            var state = session.initialState
            try session.forEachRecord(in: 0..<session.count) { record in
                _ = try EventCodec.decodeAndEvolve(record, into: &state)
            }
            blackHole(state.displayMode)
        }
        benchmark.measurement(eventsMetric, session.count)
    } setup: {
        let session = try SessionData.load()
        var state = session.initialState
        try session.forEachRecord(in: 0..<session.count) { _ = try EventCodec.decodeAndEvolve($0, into: &state) }
        guard state == session.state(after: session.count) else { throw SetupFailure("decodeAndEvolve differs from evolve") }
        return session
    }

    // Gated: allocations of one steady-state window.
    Benchmark("decode_mallocs", configuration: .mallocs(iterations: mallocIterations)) {
        (benchmark: Benchmark, input: (SessionData, SteadyWindows, Carry<(sum: Int, decoder: EventDecoder)>)) in
        let (session, windows, cursor) = input
        let range = windows.range(cursor.iteration)
        cursor.iteration += 1
        benchmark.startMeasurement()
        try session.forEachRecord(in: range) { record in
            let (event, _) = try cursor.value.decoder.decode(record)
            cursor.value.sum &+= Int(event.kind.rawValue)
        }
        benchmark.stopMeasurement()
    } setup: {
        let session = try SessionData.load()
        let windows = SteadyWindows(eventCount: session.count, iterations: mallocIterations + 1)
        // The decoder keeps its list buffer from window to window, as it does through a whole read.
        var decoder = EventDecoder()
        try session.forEachRecord(in: 0..<windows.start) { _ = try decoder.decode($0) }
        return (session, windows, Carry((0, decoder)))
    }

    Benchmark("decodeAndEvolve_mallocs", configuration: .mallocs(iterations: mallocIterations)) {
        (benchmark: Benchmark, input: (SessionData, SteadyWindows, Carry<NavigationState>)) in
        let (session, windows, live) = input
        let range = windows.range(live.iteration)
        live.iteration += 1
        benchmark.startMeasurement()
        try session.forEachRecord(in: range) { record in
            _ = try EventCodec.decodeAndEvolve(record, into: &live.value)
        }
        benchmark.stopMeasurement()
    } setup: {
        let session = try SessionData.load()
        let windows = SteadyWindows(eventCount: session.count, iterations: mallocIterations + 1)
        return (session, windows, Carry(session.state(after: windows.start)))
    }
}
