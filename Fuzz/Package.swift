// swift-tools-version:6.1
// libFuzzer harnesses for every parser of outside bytes and for the server's routes (issue 17).
// Built only by scripts/fuzz, with `-sanitize=fuzzer,address -DFUZZING`; a plain build runs each
// harness once per file given (the regression runs of its corpus).
import PackageDescription

let harnesses = ["FuzzEventDecoder", "FuzzStateDecoder", "FuzzPolicy", "FuzzScript", "FuzzImport", "FuzzIntents", "FuzzLog", "FuzzRepair", "FuzzLibrary"]

/// What every harness links: the driver and the library products that parse.
let parsers: [Target.Dependency] = ["FuzzSupport"] + [
    "NavigationCore", "NavigationCodec", "NavigationProjections", "EventLog", "NavTape", "NavTapeScript", "NavTapeInterchange",
].map { .product(name: $0, package: "NavTape") }

let package = Package(
    name: "NavTapeFuzz",
    dependencies: [
        .package(name: "NavTape", path: ".."),
    ],
    targets: [
        .target(name: "FuzzSupport"),
    ] + harnesses.map { name in
        // FuzzLog checks the timeline against NavTapeTestSupport's reference.
        .executableTarget(name: name, dependencies: parsers + (name == "FuzzLog" ? [.product(name: "NavTapeTestSupport", package: "NavTape")] : []))
    } + [
        // The HTTP routes of `navtape serve`, through NavTapeServer's public API.
        .executableTarget(name: "FuzzServe", dependencies: parsers + [
            .product(name: "NavTapeApps", package: "NavTape"),
            .product(name: "NavTapeTestSupport", package: "NavTape"),
            .product(name: "NavTapeServer", package: "NavTape"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
