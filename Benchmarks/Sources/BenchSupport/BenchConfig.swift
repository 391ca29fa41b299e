import NavTapeApps
import Foundation

/// What a benchmark run works on, from the environment, so that CI can run small and a recorded run large.
///
/// - `NAVTAPE_BENCH_EVENTS`: events in the session most suites use (default 1,000,000).
/// - `NAVTAPE_BENCH_SEEK_EVENTS`: events in the seek and peak-memory log (default 10,000,000).
/// - `NAVTAPE_BENCH_JSON_EVENTS`: events in the JSON-lines baseline, a prefix of the same session
///   (default 200,000: JSONDecoder needs seconds per million).
/// - `NAVTAPE_BENCH_SEED`: the session's seed (default 7).
/// - `NAVTAPE_BENCH_APP`: the app model whose user the session follows (default `calendar-paste`:
///   a session a user could make); `fuzz` for the fuzzing walk (`SessionGenerator`), which the figures
///   of earlier commits were measured on.
/// - `NAVTAPE_BENCH_CACHE`: where generated logs are kept (default `Benchmarks/.cache`).
public enum BenchConfig {
    static func integer(_ name: String, default value: Int) -> Int {
        guard let text = ProcessInfo.processInfo.environment[name], let parsed = Int(text.replacingOccurrences(of: "_", with: "")),
            parsed > 0
        else { return value }
        return parsed
    }

    /// Events in the main session.
    public static var eventCount: Int { integer("NAVTAPE_BENCH_EVENTS", default: 1_000_000) }
    /// Events in the seek log.
    public static var seekEventCount: Int { integer("NAVTAPE_BENCH_SEEK_EVENTS", default: 10_000_000) }
    /// Events in the JSON-lines baseline (never more than the session has).
    public static var jsonEventCount: Int { Swift.min(integer("NAVTAPE_BENCH_JSON_EVENTS", default: 200_000), eventCount) }
    /// The generator seed.
    public static var seed: UInt64 { UInt64(integer("NAVTAPE_BENCH_SEED", default: 7)) }
    /// The app model the session walks, or `nil` for the fuzzing walk.
    public static var app: AppModel? {
        let name = ProcessInfo.processInfo.environment["NAVTAPE_BENCH_APP"] ?? "calendar-paste"
        return name == "fuzz" ? nil : AppModel.named(name)
    }

    /// The cache directory (created on first use).
    public static var cacheDirectory: String {
        let directory =
            ProcessInfo.processInfo.environment["NAVTAPE_BENCH_CACHE"]
            ?? URL(fileURLWithPath: #filePath)  // Benchmarks/Sources/BenchSupport/BenchConfig.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".cache").path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A fresh scratch directory for files a benchmark writes (appends, SQLite inserts).
    public static func scratchDirectory(_ name: String) -> String {
        let directory = NSTemporaryDirectory() + "navtape-bench-\(getpid())-\(name)"
        try? FileManager.default.removeItem(atPath: directory)
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }
}
