// swift-tools-version:6.0
// Builds Integrations/UIKit/NavTapeCapture.swift (linked here, not copied) as an iOS library in the
// Swift 6 language mode with warnings as errors, for a team's own macOS CI: the workflow
// .github/workflows/capture-ios.yml runs it for the iOS Simulator. It cannot run on Linux (no iOS SDK),
// and NavTape's own CI never runs it.
import PackageDescription

let package = Package(
    name: "NavTapeCaptureHost",
    platforms: [.iOS(.v14)],
    products: [.library(name: "NavTapeCaptureHost", targets: ["NavTapeCaptureHost"])],
    targets: [
        .target(name: "NavTapeCaptureHost", swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])
    ],
    swiftLanguageModes: [.v6]
)
