// What every harness shares. Built with `-sanitize=fuzzer,address -DFUZZING` (scripts/fuzz), a harness
// is libFuzzer's: libFuzzer's own `main` calls the harness's `LLVMFuzzerTestOneInput`. Built plainly, its
// `main.swift` runs the same body once on each file named on the command line: how a crash is
// reproduced, and how the corpus is replayed as a regression test.
#if canImport(Glibc)
import Glibc
#endif

/// The type of libFuzzer's per-input callback.
public typealias FuzzBody = (UnsafeRawBufferPointer) -> Void

/// libFuzzer's callback: one input.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

#if FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzCallback
) -> Int32
#endif

/// The harness's `main`: libFuzzer's driver over `callback` in a fuzzing build, else `body` once
/// on each file named on the command line.
public func fuzzMain(_ callback: FuzzCallback, _ body: FuzzBody) -> Int32 {
    #if FUZZING
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    return LLVMFuzzerRunDriver(&argc, &argv, callback)
    #else
    return runCorpus(body)
    #endif
}

/// Runs `body` once on each file named on the command line (a plain build's `main`).
public func runCorpus(_ body: FuzzBody) -> Int32 {
    var failures: Int32 = 0
    for path in CommandLine.arguments.dropFirst() {
        guard let bytes = readFile(path) else {
            print("\(path): cannot read")
            failures = 1
            continue
        }
        bytes.withUnsafeBytes { body($0) }
    }
    return failures
}

/// The bytes of the file at `path`.
public func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        result += buffer[0..<count]
    }
    return result
}

/// Writes `bytes` to a fresh file under `directory` (for harnesses whose parser reads files) and
/// returns its path; the caller removes it.
public func scratchFile(_ bytes: UnsafeRawBufferPointer, in directory: String, suffix: String) -> String {
    let path = "\(directory)/fuzz-\(getpid())\(suffix)"
    if let file = fopen(path, "wb") {
        if let base = bytes.baseAddress { fwrite(base, 1, bytes.count, file) }
        fclose(file)
    }
    return path
}
