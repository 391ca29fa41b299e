// swift-tools-version:6.2
// NavTape: an event-sourced navigation engine with replay.
// The target list is the layer diagram (docs/Architecture.md): NavigationCore is pure (no
// Foundation, no I/O); the codec gives records meaning, EventLog stores them; NavTape is what users
// touch; the script language and the JSON interchange sit on it; the CLI is thin.
import PackageDescription

/// Every warning of NavTape's own targets is an error (dependencies keep theirs).
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]
/// Test targets: strict, and not optimized even in a release build (the code under test is; the
/// tests themselves only cost compile time: CI's release run is a fast gate).
let tests: [SwiftSetting] = strict + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
/// Invariant checks after every `evolve` run in debug builds (CI runs the tests in debug and release).
let checking: SwiftSetting = .define("NAVTAPE_CHECKED", .when(configuration: .debug))
let checked: [SwiftSetting] = strict + [checking]

let package = Package(
    name: "NavTape",
    // Apple platforms (built by iOS engineers, tested on Linux only; see Sources/EventLog/LZ4.swift
    // and FileIO.swift): macOS 15 / iOS 18 is the floor the code needs: `Atomic` and `Mutex`
    // (Synchronization, EventLog) and `String(validating:as:)` (EventLog, NavigationCodec).
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "NavigationCore", targets: ["NavigationCore"]),
        .library(name: "NavigationCodec", targets: ["NavigationCodec"]),
        // `RecordBatch`, which EventLog hands a fold and NavigationCodec folds, lives here.
        .library(name: "ByteCoding", targets: ["ByteCoding"]),
        .library(name: "NavigationProjections", targets: ["NavigationProjections"]),
        .library(name: "EventLog", targets: ["EventLog"]),
        .library(name: "NavTape", targets: ["NavTape"]),
        .library(name: "NavTapeScript", targets: ["NavTapeScript"]),
        .library(name: "NavTapeInterchange", targets: ["NavTapeInterchange"]),
        .library(name: "NavTapeServer", targets: ["NavTapeServer"]),
        .library(name: "NavTapeApps", targets: ["NavTapeApps"]),
        .library(name: "NavTapeTestSupport", targets: ["NavTapeTestSupport"]),
        .executable(name: "navtape", targets: ["NavTapeCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `scripts/docs`: the DocC catalogues of NavTape and NavigationCore (no code depends on it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // `navtape serve`: HTTP/1.1 over swift-nio (its parser, event loops and back-pressure); the
        // routes, all GET, are NavTapeServer's own.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // The pure core: state, commands, events, decide, evolve, delegates, invariants, and the
        // notation of times and names shared by scripts, JSON and the terminal.
        .target(name: "NavigationCore", swiftSettings: checked),
        // Bytes: reader, writer, varints, CRC32C (package access).
        .target(name: "ByteCoding", dependencies: ["CCRC32C"], swiftSettings: strict),
        // CRC-32C with the processor's instruction where it has one (C: SSE 4.2, ARMv8 CRC).
        .target(name: "CCRC32C"),
        // Every byte layout of the domain: events, commands, states, policies, checkpoints.
        .target(name: "NavigationCodec", dependencies: ["NavigationCore", "ByteCoding"], swiftSettings: strict),
        // The file format: blocks, LZ4, checksums, index, recovery, locking, safe file creation
        // (opaque records). LZ4 is liblz4 on Linux and Apple's Compression framework elsewhere
        // (Sources/EventLog/LZ4.swift), so an Apple build needs no liblz4.
        .systemLibrary(name: "CLZ4", pkgConfig: "liblz4", providers: [.apt(["liblz4-dev"])]),
        .target(
            name: "EventLog", dependencies: ["ByteCoding", "CStaging", .target(name: "CLZ4", condition: .when(platforms: [.linux]))],
            swiftSettings: strict),
        // The staging files a signal handler removes when Ctrl-C ends a command (C: async-signal-safe).
        .target(name: "CStaging"),
        // Folds over events.
        .target(name: "NavigationProjections", dependencies: ["NavigationCore"], swiftSettings: strict),
        // What users touch: record, replay, time travel, what-if.
        .target(
            name: "NavTape", dependencies: ["NavigationCore", "NavigationCodec", "NavigationProjections", "EventLog", "ByteCoding"],
            swiftSettings: strict),
        // The scenario script language: parse, run, render.
        .target(
            name: "NavTapeScript", dependencies: ["NavTape", "NavigationCore", "NavigationCodec", "NavigationProjections", "EventLog"], swiftSettings: strict),
        // Formats in and out: JSON lines import and export, the JSON mirror of the domain, and an app's
        // capture (the intent stream, recorded with the app's identities and checked against UIKit).
        .target(
            name: "NavTapeInterchange", dependencies: ["NavTape", "NavigationCore", "NavigationCodec", "NavigationProjections", "EventLog"],
            swiftSettings: strict),
        // `navtape serve`: the HTTP routes over the session layer, grouped as controllers, and the
        // inspector's and library's pages as web files, embedded so the binary stays one file.
        .target(
            name: "NavTapeServer",
            dependencies: [
                "NavTape", "NavTapeInterchange", "NavigationCore", "EventLog",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            resources: [
                "inspector.html", "inspector.css", "inspector.js", "inspector-logic.js", "library.html", "library.js",
                "library-logic.js",
            ].map { .embedInCode("Web/\($0)") },
            swiftSettings: strict
        ),
        // The fleet: facts into ClickHouse over HTTP (a minimal HTTP/1.1 client over a socket, the
        // ingest's batches, deduplication tokens, retries and checkpoint) and the sessions table read
        // back for `navtape serve --clickhouse`.
        .target(name: "NavTapeFleet", dependencies: ["NavTape", "NavTapeInterchange", "EventLog", "ByteCoding"], swiftSettings: strict),
        // Real apps modelled, and seeded sessions walked through them (`navtape generate`).
        .target(name: "NavTapeApps", dependencies: ["NavTape", "NavigationCore"], swiftSettings: strict),
        // Temporary directories, random nonsense sessions, command samples: for tests, benchmarks and
        // fuzzing only (never linked into `navtape`).
        .target(name: "NavTapeTestSupport", dependencies: ["NavTapeApps", "NavTape", "NavigationCore", "NavigationProjections"], swiftSettings: strict),
        // Product `navtape`: thin commands over the libraries, terminal formatting, the demo, test generation.
        .executableTarget(
            name: "NavTapeCLI",
            dependencies: [
                "NavTape", "NavTapeScript", "NavTapeInterchange", "NavTapeServer", "NavTapeFleet", "NavTapeApps", "NavigationCore",
                "NavigationProjections", "EventLog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),
        // A child process for the crash-loop test: appends and prints each acknowledged index.
        .executableTarget(name: "EventLogStress", dependencies: ["EventLog"], swiftSettings: strict),
        .testTarget(name: "NavigationCoreTests", dependencies: ["NavigationCore", "NavTapeApps", "NavTapeTestSupport"], swiftSettings: tests + [checking]),
        .testTarget(name: "ByteCodingTests", dependencies: ["ByteCoding", "NavTapeApps", "NavTapeTestSupport"], swiftSettings: tests),
        .testTarget(
            name: "NavigationCodecTests", dependencies: ["NavigationCodec", "NavigationCore", "ByteCoding", "NavTapeApps", "NavTapeTestSupport"],
            swiftSettings: tests),
        .testTarget(
            name: "EventLogTests", dependencies: ["EventLog", "NavTapeApps", "NavTapeTestSupport"], resources: [.copy("Golden")], swiftSettings: tests),
        .testTarget(name: "NavigationProjectionsTests", dependencies: ["NavigationProjections", "NavigationCore"], swiftSettings: tests),
        // The allocation counter of the malloc gate (interposes the allocator in the test executable).
        .target(name: "CMallocCount", path: "Tests/CMallocCount"),
        .testTarget(
            name: "NavTapeTests",
            dependencies: [
                "NavTape", "NavigationCodec", "NavigationCore", "NavigationProjections", "EventLog", "NavTapeApps", "NavTapeTestSupport",
                "CMallocCount",
            ],
            exclude: ["MallocGate.json"], resources: [.copy("Golden")], swiftSettings: tests),
        .testTarget(
            name: "NavTapeScriptTests",
            dependencies: ["NavTapeScript", "NavTape", "NavTapeApps", "NavigationCore", "NavigationProjections", "NavTapeTestSupport"],
            swiftSettings: tests),
        .testTarget(
            name: "NavTapeInterchangeTests",
            dependencies: [
                "NavTapeInterchange", "NavTapeScript", "NavTape", "NavigationCodec", "NavigationCore",
                "NavigationProjections", "NavTapeTestSupport", "EventLog",
            ],
            resources: [.copy("Format1")], swiftSettings: tests),
        // The binary's tests run the built `navtape` and link none of its modules' chain to the
        // server, so they compile while swift-nio does; the few that read the command
        // types themselves (help, examples, the demo's scripts) are NavTapeCLICommandTests.
        .testTarget(
            name: "NavTapeCLITests",
            dependencies: ["NavTapeFleet", "NavTape", "NavTapeScript", "NavigationCore", "NavTapeApps", "NavTapeTestSupport"],
            swiftSettings: tests),
        .testTarget(
            name: "NavTapeCLICommandTests",
            dependencies: [
                "NavTapeCLI", "NavTapeScript", "NavTape", "NavigationCore", "NavTapeTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: tests),
        // The app-side capture file, compiled on Linux (its UIKit part is behind its own #if): what it
        // writes is pinned against the sample streams NavTape's ingestion tests read. Host/ builds the
        // same file for the iOS Simulator on macOS (.github/workflows/capture-ios.yml), not here.
        .testTarget(
            name: "CaptureIntegrationTests", dependencies: ["NavTapeInterchange", "NavTape", "NavTapeTestSupport"],
            path: "Integrations/UIKit", exclude: ["Host"], swiftSettings: tests),
    ],
    swiftLanguageModes: [.v6]
)
