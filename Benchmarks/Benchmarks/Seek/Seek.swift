// Time travel in a long log: random TimeMachine.state(at:) in a 10-million-event log (p50/p99 from
// the per-seek histogram), and the peak memory of replaying that whole log.
import BenchSuites
import BenchSupport
import Benchmark
import NavTape

let benchmarks: @Sendable () -> Void = {
    // One iteration is one seek to a uniformly random event count (seeded).
    Benchmark(
        "seek random state(at:)",
        configuration: .init(
            metrics: [.wallClock, eventsMetric], timeUnits: .microseconds, warmupIterations: 20,
            maxDuration: .seconds(20), maxIterations: 4_000)
    ) { (benchmark: Benchmark, input: (TimeMachine, Carry<BenchRandom>)) in
        let (machine, random) = input
        let target = random.value.below(machine.eventCount + 1)
        benchmark.startMeasurement()
        let state = try machine.state(at: target)
        benchmark.stopMeasurement()
        blackHole(state.displayMode)
        benchmark.measurement(eventsMetric, Int(machine.eventCount))
    } setup: {
        (try TimeMachine(path: try SessionLog.path(count: BenchConfig.seekEventCount)), Carry(BenchRandom(seed: 42)))
    }

    // The whole log folded once per iteration; peakMemoryResident is the process's high-water mark.
    Benchmark(
        "replay long log peak memory",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta, eventsMetric], timeUnits: .milliseconds,
            warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 3)
    ) { (benchmark: Benchmark, path: String) in
        let machine = try TimeMachine(path: path)
        var state = machine.initialState
        try machine.fold(from: 0, to: machine.eventCount, into: &state)
        blackHole(state.displayMode)
        benchmark.measurement(eventsMetric, Int(machine.eventCount))
    } setup: {
        try SessionLog.path(count: BenchConfig.seekEventCount)
    }

    // Gated: what one random seek allocates (checkpoint read and decode, the fold after it), in the
    // main session's log.
    // One seek decodes a checkpoint: its count moved by one between identical runs, so it gets a small
    // tolerance (a regression that copies state or stacks costs tens to thousands of mallocs).
    Benchmark("seek_mallocs", configuration: .mallocs(iterations: mallocIterations, tolerance: 3)) {
        (benchmark: Benchmark, input: (TimeMachine, Carry<BenchRandom>)) in
        let (machine, random) = input
        let target = random.value.below(machine.eventCount + 1)
        benchmark.startMeasurement()
        let state = try machine.state(at: target)
        benchmark.stopMeasurement()
        blackHole(state.displayMode)
    } setup: {
        (try TimeMachine(path: try SessionLog.path(count: BenchConfig.eventCount)), Carry(BenchRandom(seed: 42)))
    }
}
