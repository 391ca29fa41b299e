import Benchmark

/// The events one iteration handled, recorded with every timed benchmark so the summary can turn a
/// median wall clock into events per second without knowing the run's settings.
public let eventsMetric = BenchmarkMetric.custom("events", polarity: .prefersLarger, useScalingFactor: false)

extension Benchmark.Configuration {
    /// Wall clock only (plus the events count), for recorded, ungated figures.
    public static func timed(
        warmup: Int = 1, iterations: Int = 15, seconds: Int = 10,
        extra: [BenchmarkMetric] = []
    ) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, eventsMetric] + extra, timeUnits: .microseconds, warmupIterations: warmup,
            maxDuration: .seconds(seconds), maxIterations: iterations)
    }

    /// Malloc counts only — nothing that allocates for its own measurement (peak memory, CPU and
    /// instruction metrics add about 18 mallocs per sample) — with a fixed number of iterations and
    /// no time limit in practice, so the counts are deterministic for a given event count. These
    /// are the gated benchmarks (Thresholds/).
    /// `tolerance` is the allowed difference from the recorded count (0: exact).
    public static func mallocs(iterations: Int, tolerance: Int = 0) -> Benchmark.Configuration {
        .init(
            metrics: [.mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(600), maxIterations: iterations,
            thresholds: [.mallocCountTotal: .init(absolute: [.p90: tolerance])])
    }
}

/// Iterations of every malloc-gated benchmark (one steady-state window each, after one warm-up window).
public let mallocIterations = 10
