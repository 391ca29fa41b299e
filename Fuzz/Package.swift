// swift-tools-version:6.1
// libFuzzer harnesses for every parser of outside bytes (issue 17). Built only by scripts/fuzz, with
// `-sanitize=fuzzer,address -DFUZZING`; a plain build runs each harness once per file given (the
// regression runs of its corpus).
import PackageDescription

let harnesses = ["FuzzEventDecoder", "FuzzStateDecoder", "FuzzPolicy", "FuzzScript", "FuzzImport", "FuzzIntents", "FuzzLog"]

let package = Package(
    name: "NavTapeFuzz",
    dependencies: [.package(name: "NavTape", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
    ] + harnesses.map { name in
        .executableTarget(name: name, dependencies: [
            "FuzzSupport",
            .product(name: "NavigationCore", package: "NavTape"),
            .product(name: "NavigationCodec", package: "NavTape"),
            .product(name: "EventLog", package: "NavTape"),
            .product(name: "NavTape", package: "NavTape"),
            .product(name: "NavTapeScript", package: "NavTape"),
            .product(name: "NavTapeInterchange", package: "NavTape"),
        ])
    },
    swiftLanguageModes: [.v6]
)
