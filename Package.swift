// swift-tools-version:6.1
// NavTape: an event-sourced navigation engine with replay.
// The target list is the layer diagram (see docs/Architecture in ../shared/docs/architecture.md):
// NavigationCore is pure (no Foundation, no I/O); everything else builds on it.
import PackageDescription

/// Invariant checks after every `evolve` run in debug builds (CI runs the tests in debug).
let checked: [SwiftSetting] = [.define("NAVTAPE_CHECKED", .when(configuration: .debug))]

let package = Package(
    name: "NavTape",
    products: [
        .library(name: "NavTape", targets: ["NavTape"]),
        .library(name: "NavigationCore", targets: ["NavigationCore"]),
        .library(name: "NavigationCodec", targets: ["NavigationCodec"]),
        .library(name: "NavigationProjections", targets: ["NavigationProjections"]),
        .library(name: "EventLog", targets: ["EventLog"]),
        .executable(name: "navtape", targets: ["navtape"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .target(name: "NavigationCore", swiftSettings: checked),
        .target(name: "ByteCoding"),
        .systemLibrary(name: "CLZ4", pkgConfig: "liblz4", providers: [.apt(["liblz4-dev"])]),
        .target(name: "EventLog", dependencies: ["ByteCoding", "CLZ4"]),
        .target(name: "NavigationCodec", dependencies: ["NavigationCore", "ByteCoding"]),
        .target(name: "NavigationProjections", dependencies: ["NavigationCore"]),
        .target(
            name: "NavTape",
            dependencies: ["NavigationCore", "NavigationCodec", "NavigationProjections", "EventLog"]
        ),
        .executableTarget(
            name: "navtape",
            dependencies: ["NavTape", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // A child process for the crash-loop test: appends and prints each acknowledged index.
        .executableTarget(name: "EventLogStress", dependencies: ["EventLog"]),
        .testTarget(name: "NavigationCoreTests", dependencies: ["NavigationCore"], swiftSettings: checked),
        .testTarget(name: "EventLogTests", dependencies: ["EventLog", "ByteCoding"], resources: [.copy("Golden")]),
        .testTarget(name: "NavigationCodecTests", dependencies: ["NavigationCodec", "NavigationCore", "ByteCoding"]),
        .testTarget(name: "NavigationProjectionsTests", dependencies: ["NavigationProjections", "NavigationCore"]),
        .testTarget(name: "NavTapeTests", dependencies: ["NavTape", "NavigationCore", "NavigationCodec", "NavigationProjections"]),
        .testTarget(name: "NavtapeCLITests", dependencies: ["NavTape", "navtape"]),
    ],
    swiftLanguageModes: [.v6]
)
