import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The `navtape` binary was not found: the tests that run it need a build first.
public struct NavtapeNotBuilt: Error, CustomStringConvertible {
    /// What to do about it.
    public var description: String {
        "the navtape binary was not found next to the test bundle or in .build/debug: run `swift build` first"
    }
}

/// A scratch directory for end-to-end runs: the shared temporary directory, on disk.
public typealias Scratch = TemporaryDirectory

/// The built `navtape` binary, run as a child process: exact stdout, stderr and exit status.
public enum Navtape {
    /// What one run printed and returned.
    public struct Result: Equatable, CustomStringConvertible, Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        /// A result with these parts.
        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }

        public var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)---" }
    }

    /// The package's root (this file is `Sources/NavTapeTestSupport/Navtape.swift`).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `NAVTAPE_BINARY` when set (to run these tests against another build), else `navtape` next to
    /// the test bundle (`.build/<triple>/debug/`), else in `.build/debug/`.
    public static let binary: URL? = {
        if let chosen = ProcessInfo.processInfo.environment["NAVTAPE_BINARY"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen)
        }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("navtape"),
            Bundle.main.bundleURL.appendingPathComponent("navtape"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("navtape"),
            root.appendingPathComponent(".build/debug/navtape"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `navtape arguments…` in `directory` with `input` on standard input; `environment` is
    /// added to the test's own; with `terminal`, standard error is a pseudo-terminal (what a user
    /// at a terminal sees, read from its master side), and with `terminalStdout` standard output
    /// is the same terminal (both then arrive in `stderr`).
    public static func run(
        _ arguments: [String], in directory: URL? = nil, input: String? = nil,
        stdoutPath: String? = nil, environment extra: [String: String] = [:], terminal: Bool = false,
        terminalStdout: Bool = false
    ) throws -> Result {
        guard let binary else { throw NavtapeNotBuilt() }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        environment.merge(extra) { $1 }
        process.environment = environment
        // Both streams go to files, so a large output can never block the child on a full pipe.
        let capture = FileManager.default.temporaryDirectory.appendingPathComponent("navtape-run-\(UUID().uuidString)")
        let outPath = stdoutPath ?? capture.path + ".out", errPath = capture.path + ".err"
        if stdoutPath == nil { _ = FileManager.default.createFile(atPath: outPath, contents: nil) }
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        defer {
            if stdoutPath == nil { try? FileManager.default.removeItem(atPath: outPath) }
            try? FileManager.default.removeItem(atPath: errPath)
        }
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        var terminalOutput: PseudoTerminal?
        if terminal {
            let pty = try PseudoTerminal()
            process.standardError = pty.secondary
            if terminalStdout { process.standardOutput = pty.secondary }
            terminalOutput = pty
        } else {
            process.standardError = FileHandle(forWritingAtPath: errPath)
        }
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        terminalOutput?.startReading()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        let stdoutData = stdoutPath == nil ? (FileManager.default.contents(atPath: outPath) ?? Data()) : Data()
        let stderrData = terminalOutput?.finish() ?? FileManager.default.contents(atPath: errPath) ?? Data()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }
}

extension Navtape {
    /// Runs `line` with `/bin/sh` in `directory`, the built binary first on the PATH; with
    /// `seconds`, interrupts it (SIGINT) after that long. The status of a signalled run is 128 + signal.
    public static func shell(_ line: String, in directory: URL, stopAfter seconds: Double? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", (seconds == nil ? "" : "exec ") + line]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        guard let binary else { throw NavtapeNotBuilt() }
        let binaries = binary.deletingLastPathComponent().path
        environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["BROWSER"] = "true"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        if let seconds {
            usleep(useconds_t(seconds * 1_000_000))
            kill(process.processIdentifier, SIGINT)
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, String(decoding: data, as: UTF8.self))
    }

    /// Starts `navtape arguments…` in `directory` in the background, its standard output piped (and
    /// standard input, with `input`); standard error goes to `errors`, or is discarded. The caller
    /// reads and waits.
    public static func start(
        _ arguments: [String], in directory: URL, input: Pipe? = nil,
        errors: Pipe? = nil
    ) throws -> (process: Process, output: Pipe) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors ?? FileHandle.nullDevice
        if let input { process.standardInput = input }
        try process.run()
        return (process, output)
    }
}

extension TemporaryDirectory {
    /// Runs navtape with this directory as the working directory.
    public func navtape(_ arguments: String..., input: String? = nil) throws -> Navtape.Result {
        try Navtape.run(arguments, in: url, input: input)
    }
}

/// A pseudo-terminal for a child's standard error: the child sees a terminal (`isatty`), the test
/// reads what it drew from the primary side.
public final class PseudoTerminal: @unchecked Sendable {
    /// The side the child writes to.
    public let secondary: FileHandle
    private let primary: Int32
    private let lock = NSLock()
    private var bytes = Data()
    private let done = DispatchSemaphore(value: 0)

    public init() throws {
        // Glibc's Swift module hides the pseudo-terminal calls (they need _XOPEN_SOURCE): look them up.
        typealias Call = @convention(c) (Int32) -> Int32
        typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        let process = dlopen(nil, RTLD_NOW)
        guard let openPT = dlsym(process, "posix_openpt"), let grant = dlsym(process, "grantpt"),
            let unlock = dlsym(process, "unlockpt"), let nameOf = dlsym(process, "ptsname")
        else { throw POSIXError(.ENOSYS) }
        primary = unsafeBitCast(openPT, to: Call.self)(O_RDWR | O_NOCTTY)
        guard primary >= 0, unsafeBitCast(grant, to: Call.self)(primary) == 0, unsafeBitCast(unlock, to: Call.self)(primary) == 0,
            let name = unsafeBitCast(nameOf, to: Name.self)(primary)
        else {
            throw POSIXError(.ENOTTY)
        }
        let descriptor = open(name, O_RDWR | O_NOCTTY)
        guard descriptor >= 0 else { throw POSIXError(.ENOTTY) }
        secondary = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Drains the primary side on a thread of its own, so the child never blocks on a full buffer.
    public func startReading() {
        try? secondary.close()  // the child holds its own copy
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4_096)
            while true {
                let count = read(primary, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }  // EIO once the child's side is closed
                lock.withLock { bytes.append(contentsOf: chunk[0..<count]) }
            }
            done.signal()
        }
    }

    /// Everything the child wrote (the terminal turns each newline into CR LF).
    public func finish() -> Data {
        done.wait()
        close(primary)
        return lock.withLock { bytes }
    }
}
