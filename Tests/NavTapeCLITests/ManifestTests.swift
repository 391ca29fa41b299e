import Foundation
import Testing
import NavTapeTestSupport

/// The manifest is the diagram (the house, issue 27, point 5): every target imports exactly what
/// `Package.swift` declares for it (no undeclared import reaching a module through another, no
/// dependency left unused), nothing is re-exported, and docs/Architecture.md's table of targets is
/// the manifest's (`scripts/regenerate` rewrites it).
@Suite("Package.swift is the diagram")
struct ManifestTests {
    /// A target as `swift package dump-package` describes it.
    struct Target {
        var name: String
        var type: String
        var path: String
        var dependencies: [String]
        /// Paths under `path` the target leaves out.
        var exclude: [String] = []
    }

    /// Modules that come with the toolchain or the platform, never declared.
    static let system: Set<String> = [
        "Glibc", "Darwin", "Foundation", "FoundationXML", "Dispatch", "Synchronization", "Testing", "XCTest",
        "Compression", "UIKit", "os", "Observation",
    ]

    static func targets() throws -> [Target] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // Its own scratch path: the package's is locked while `swift test` runs.
        process.arguments = ["swift", "package", "--scratch-path", NSTemporaryDirectory() + "navtape-manifest-\(getpid())", "dump-package"]
        process.currentDirectoryURL = Navtape.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        return targets.map { target in
            let name = target["name"] as? String ?? ""
            let type = target["type"] as? String ?? ""
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                guard let (_, value) = dependency.first, let parts = value as? [Any] else { return nil }
                return parts.first as? String
            }
            let path = target["path"] as? String ?? (type == "test" ? "Tests/\(name)" : "Sources/\(name)")
            return Target(name: name, type: type, path: path, dependencies: dependencies, exclude: target["exclude"] as? [String] ?? [])
        }
    }

    /// The modules the Swift files under `path` import (`import X`, `@testable import X`,
    /// `import struct X.Y`), and whether any is `@_exported`.
    static func imports(under path: String, excluding exclude: [String] = []) throws -> (modules: Set<String>, reexports: Bool) {
        let root = Navtape.root.appendingPathComponent(path)
        var modules: Set<String> = [], reexports = false
        let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { file in
            file.hasSuffix(".swift") && !exclude.contains { file == $0 || file.hasPrefix($0 + "/") }
        }
        for file in files {
            for line in try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).split(separator: "\n") {
                // Imports are written at the start of a line (a string or comment that mentions one is not).
                guard line.hasPrefix("import ") || line.hasPrefix("@") else { continue }
                var words = line.split(separator: " ").map(String.init)
                if words.first == "@_exported" { reexports = true }
                words.removeAll { $0.hasPrefix("@") }
                guard words.first == "import", words.count >= 2 else { continue }
                let module =
                    words.count >= 3 && ["struct", "class", "enum", "protocol", "func", "var", "typealias"].contains(words[1])
                    ? words[2] : words[1]
                let name = String(module.split(separator: ".").first ?? "")
                if name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { modules.insert(name) }
            }
        }
        return (modules.subtracting(system), reexports)
    }

    @Test("each target imports exactly its declared dependencies; nothing is @_exported")
    func importsAreDeclared() throws {
        let targets = try Self.targets()
        #expect(targets.count > 10)
        for target in targets where target.type != "system" {
            let (imported, reexports) = try Self.imports(under: target.path, excluding: target.exclude)
            let declared = Set(target.dependencies)
            #expect(!reexports, "\(target.name) re-exports a module")
            #expect(
                imported.subtracting(declared).isEmpty,
                "\(target.name) imports \(imported.subtracting(declared).sorted()) without declaring it in Package.swift")
            #expect(
                declared.subtracting(imported).isEmpty,
                "\(target.name) declares \(declared.subtracting(imported).sorted()) and imports none of it")
        }
    }

    @Test("test support is never linked into navtape")
    func testSupportStaysOut() throws {
        let targets = try Self.targets()
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = [], queue = ["NavTapeCLI"]
        while let name = queue.popLast() {
            guard seen.insert(name).inserted, let target = byName[name] else { continue }
            queue += target.dependencies
        }
        #expect(seen.contains("NavTapeServer") && !seen.contains("NavTapeTestSupport"), "navtape links \(seen.sorted())")
    }

    /// docs/Architecture.md's table of targets, from the manifest.
    static func table(_ targets: [Target]) -> String {
        var lines = [
            "<!-- targets: generated from Package.swift by ManifestTests (scripts/regenerate) -->",
            "| target | kind | depends on |", "| --- | --- | --- |",
        ]
        for target in targets where target.type != "test" {
            let kind = ["regular": "library", "executable": "executable", "system": "system library"][target.type] ?? target.type
            lines.append("| `\(target.name)` | \(kind) | \(target.dependencies.map { "`\($0)`" }.joined(separator: ", ")) |")
        }
        return (lines + ["<!-- end of targets -->"]).joined(separator: "\n")
    }

    @Test("docs/Architecture.md lists the targets and their dependencies as Package.swift does")
    func architectureTable() throws {
        try GeneratedDocsTests.check(
            "docs/Architecture.md", from: "<!-- targets: generated", through: "<!-- end of targets -->",
            equals: Self.table(try Self.targets()))
    }
}
