import Foundation
import NavTapeTestSupport
import Testing

/// The built `navtape` binary, run as a child process: exact stdout, stderr and exit status.
enum Navtape {
    /// What one run printed and returned.
    struct Result: Equatable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String

        var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---" }
    }

    /// The package's root (this file is `Tests/NavtapeCLITests/Support.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `navtape` next to the test bundle (`.build/<triple>/debug/`), else in `.build/debug/`.
    static let binary: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navtape"),
            Bundle.main.bundleURL.appendingPathComponent("navtape"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("navtape"),
            root.appendingPathComponent(".build/debug/navtape"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `navtape arguments…` in `directory` with `input` on standard input.
    static func run(_ arguments: [String], in directory: URL? = nil, input: String? = nil,
                    stdoutPath: String? = nil) throws -> Result {
        guard let binary else {
            Issue.record("the navtape binary was not found next to the test bundle or in .build/debug: run `swift build` first")
            throw CancellationError()
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        // Both streams go to files, so a large output can never block the child on a full pipe.
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("navtape-run-\(UUID().uuidString)")
        let outPath = stdoutPath ?? capture.path + ".out", errPath = capture.path + ".err"
        if stdoutPath == nil { FileManager.default.createFile(atPath: outPath, contents: nil) }
        FileManager.default.createFile(atPath: errPath, contents: nil)
        defer {
            if stdoutPath == nil { try? FileManager.default.removeItem(atPath: outPath) }
            try? FileManager.default.removeItem(atPath: errPath)
        }
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        let stdoutData = stdoutPath == nil ? (FileManager.default.contents(atPath: outPath) ?? Data()) : Data()
        let stderrData = FileManager.default.contents(atPath: errPath) ?? Data()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }
}

/// A scratch directory for end-to-end runs: the shared temporary directory, on disk.
typealias Scratch = TemporaryDirectory

extension TemporaryDirectory {
    /// Runs navtape with this directory as the working directory.
    func navtape(_ arguments: String..., input: String? = nil) throws -> Navtape.Result {
        try Navtape.run(arguments, in: url, input: input)
    }
}

/// The small session most end-to-end tests use: Calendar Paste on an iPhone Plus, launch, select a
/// paste, rotate.
let fixtureScript = """
    session fixture
    device iphone-plus portrait
    policy calendar-paste
    primary MN[M]
    secondary NoSelectionNC@NoSelectionNC[NoSelection]

    launch
    showDetail PasteNC[PasteDetail] from M at +2s
    rotate landscape
    expect hierarchy MN[M] | PasteNC[PasteDetail]

    """

extension Scratch {
    /// Records the fixture session to `t.navtape` (and its script to `t.navscript`).
    func recordFixture() throws {
        try write(fixtureScript, to: "t.navscript")
        let result = try navtape("record", "t.navscript", "-o", "t.navtape")
        #expect(result.status == 0, "\(result)")
    }
}
