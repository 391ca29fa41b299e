// The hot reduction loop: NavigationState.evolve over pre-decoded events, against the same fold in
// plain C over a flat struct array (the ceiling).
import BenchSuites
import BenchSupport
import Benchmark
import CBaselines
import NavigationCore

let benchmarks: @Sendable () -> Void = {
    Benchmark("evolve", configuration: .timed()) { (benchmark: Benchmark, session: SessionData) in
        for _ in benchmark.scaledIterations {
            var state = session.initialState
            state.evolve(contentsOf: session.events)
            blackHole(state.displayMode)
        }
        benchmark.measurement(eventsMetric, session.count)
    } setup: {
        try SessionData.load()
    }

    Benchmark("C fold (baseline)", configuration: .timed()) { (benchmark: Benchmark, input: (FlatEvents, Carry<nt_state>, Carry<nt_state>)) in
        let (flat, initial, work) = input
        for _ in benchmark.scaledIterations {
            nt_state_copy(&work.value, &initial.value)
            flat.fold(into: &work.value)
            blackHole(work.value.display_mode)
        }
        benchmark.measurement(eventsMetric, flat.events.count)
    } setup: {
        let session = try SessionData.load()
        let flat = FlatEvents(session.events)
        try FlatEvents.verify(flat, against: session.events, from: session.initialState)
        return (flat, Carry(FlatEvents.initialState(like: session.initialState)), Carry(FlatEvents.initialState(like: session.initialState)))
    }

    // Gated: what the events of one steady-state window allocate (the goal is 0).
    Benchmark("evolve_mallocs", configuration: .mallocs(iterations: mallocIterations)) {
        (benchmark: Benchmark, input: (SessionData, SteadyWindows, Carry<NavigationState>)) in
        let (session, windows, live) = input
        let range = windows.range(live.iteration)
        live.iteration += 1
        benchmark.startMeasurement()
        live.value.evolve(contentsOf: session.events, range: range)
        benchmark.stopMeasurement()
    } setup: {
        let session = try SessionData.load()
        let windows = SteadyWindows(eventCount: session.count, iterations: mallocIterations + 1)
        return (session, windows, Carry(session.state(after: windows.start)))
    }
}
