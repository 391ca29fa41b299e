// An intent stream (docs/Capture.md) → record it line by line into a log (in a scratch directory,
// FUZZ_SCRATCH or /tmp), as `navtape record --intents` does: every line is recorded or refused with
// an error naming it; the log of the lines before it reads back to the recorder's state. Nothing
// may trap.
import FuzzSupport
import Glibc
import NavTape
import NavTapeInterchange

let scratch = getenv("FUZZ_SCRATCH").map { String(cString: $0) } ?? "/tmp"
let path = "\(scratch)/fuzz-intents-\(getpid()).navtape"

func check(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count < 16_384, let text = String(validating: bytes, as: UTF8.self) else { return }
    defer {
        unlink(path)
        unlink(path + ".idx")
    }
    var ingest = CaptureIngest(path: path, file: "fuzz.jsonl", options: RecorderOptions(replacesExisting: true), now: { 0 })
    for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        do {
            _ = try ingest.feed(String(line), number: i + 1)
        } catch {
            precondition(error.path.hasPrefix("fuzz.jsonl:") || error.code != .dataError, "a refused line must name its line: \(error)")
            break
        }
    }
    guard let capture = ingest.capture else { return }
    let state = capture.state
    do {
        try capture.close()
        let machine = try TimeMachine(path: path)
        let replayed = try machine.state(at: machine.eventCount)
        precondition(replayed == state, "the log does not replay to the recorder's state")
    } catch {
        preconditionFailure("a recorded capture does not read back: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
