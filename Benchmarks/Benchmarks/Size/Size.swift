// Bytes on disk per event for the same session: our log (records, timestamps, checkpoints and
// headers included), its LZ4 ratio, and the JSON-lines and SQLite baselines. Custom metrics, ×1000
// (package-benchmark metrics are integers): 2_345 means 2.345 bytes per event.
import BenchSuites
import BenchSupport
import Benchmark
import Foundation

func milli(_ value: Double) -> Int { Int((value * 1000).rounded()) }

func metric(_ name: String) -> BenchmarkMetric {
    .custom(name, polarity: .prefersSmaller, useScalingFactor: false)
}

let sizes: [(BenchmarkMetric, String)] = [
    (metric("log bytes per event x1000"), "log"),
    (metric("records bytes per event x1000"), "records"),
    (metric("checkpoint bytes per event x1000"), "checkpoints"),
    (metric("raw payload bytes per event x1000"), "raw"),
    (metric("index sidecar bytes per event x1000"), "index"),
    (.custom("LZ4 ratio x1000", polarity: .prefersLarger, useScalingFactor: false), "ratio"),
    (metric("JSON lines bytes per event x1000"), "json"),
    (metric("SQLite bytes per event x1000"), "sqlite"),
    (metric("long log bytes per event x1000"), "long"),
    (metric("long log checkpoint bytes per event x1000"), "longCheckpoints"),
    (metric("long log events"), "longEvents"),
]

func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

let benchmarks: @Sendable () -> Void = {
    Benchmark("size", configuration: .init(metrics: sizes.map(\.0) + [eventsMetric], warmupIterations: 0, maxIterations: 1)) {
        (benchmark: Benchmark, values: [String: Int]) in
        for (metric, key) in sizes { benchmark.measurement(metric, values[key] ?? 0) }
        benchmark.measurement(eventsMetric, values["events"] ?? 0)
    } setup: {
        let session = try SessionData.load()
        let n = Double(session.count)
        let blocks = try LogBlocks(path: session.path)
        let records = blocks.recordBlocks
        let checkpoints = blocks.blocks.filter { $0.kind == 0x43 }
        let raw = records.reduce(0) { $0 + $1.rawLength }
        let stored = records.reduce(0) { $0 + $1.storedLength }
        // JSON lines of a prefix scale linearly: measure the prefix the replay baseline uses.
        let jsonCount = BenchConfig.jsonEventCount
        let json = fileSize(try JSONMirror.linesFile(of: session, count: jsonCount))
        let sqlite = fileSize(try SQLiteStore.cachedDatabase(of: session))
        // The seek log: checkpoints hold the whole state, so their share grows with the state.
        let longCount = BenchConfig.seekEventCount
        let long = try LogBlocks.footprint(path: try SessionLog.path(count: longCount))
        return [
            "events": session.count,
            "log": milli(Double(blocks.bytes.count) / n),
            "records": milli(Double(records.reduce(0) { $0 + 48 + $1.storedLength }) / n),
            "checkpoints": milli(Double(checkpoints.reduce(0) { $0 + 48 + $1.storedLength }) / n),
            "raw": milli(Double(raw) / n),
            "index": milli(Double(fileSize(session.path + ".idx")) / n),
            "ratio": milli(Double(raw) / Double(max(stored, 1))),
            "json": milli(Double(json) / Double(jsonCount)),
            "sqlite": milli(Double(sqlite) / n),
            "long": milli(Double(long.file) / Double(longCount)),
            "longCheckpoints": milli(Double(long.checkpoints) / Double(longCount)),
            "longEvents": longCount,
        ]
    }
}
