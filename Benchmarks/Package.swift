// swift-tools-version:6.1
// NavTape's benchmarks: a nested package so that `swift test` of the main package never builds
// package-benchmark. One benchmark target per concern (Benchmarks/<Concern>), each with its
// baselines; `prepare` generates the cached sessions, `ratios` prints the summary table.
// Run through scripts/bench (everything) and scripts/bench-check (the malloc thresholds, for CI).
import PackageDescription

let benchmark: Target.Dependency = .product(name: "Benchmark", package: "benchmark")
// The main package's libraries (NavTape re-exports nothing: each module is named).
let navTape: [Target.Dependency] = ["NavTape", "NavigationCore", "NavigationCodec", "NavigationProjections", "EventLog", "NavTapeApps", "NavTapeTestSupport"].map {
    .product(name: $0, package: "NavTape")
}

func suite(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: [benchmark, "BenchSuites", "BenchSupport", "CBaselines"] + navTape,
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "NavTapeBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "NavTape", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The SQLite baseline's library (Debian: libsqlite3-dev).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The C fold and the raw LZ4 call (Debian: liblz4-dev).
        .target(name: "CBaselines", linkerSettings: [.linkedLibrary("lz4")]),
        // Sessions, caches and the baselines' Swift side.
        .target(name: "BenchSupport", dependencies: ["CSQLite", "CBaselines"] + navTape),
        // The suites' shared configurations (the only library that links package-benchmark).
        .target(name: "BenchSuites", dependencies: [benchmark]),
        .executableTarget(name: "prepare", dependencies: ["BenchSupport"]),
        .executableTarget(name: "ratios"),
        // One hot loop once, for callgrind instruction counts.
        .executableTarget(name: "profile", dependencies: ["BenchSupport", "CBaselines"] + navTape),
        suite("Evolve"),
        suite("Decode"),
        suite("Replay"),
        suite("Append"),
        suite("Seek"),
        suite("Size"),
    ],
    swiftLanguageModes: [.v6]
)
