// JSON lines → import into a log (in a scratch directory, FUZZ_SCRATCH or /tmp): every input is
// either imported whole or refused with an error naming its line, leaving no log; an imported log
// reads back. Nothing may trap.
import FuzzSupport
import Glibc
import NavTape
import NavTapeInterchange

let scratch = getenv("FUZZ_SCRATCH").map { String(cString: $0) } ?? "/tmp"
let path = "\(scratch)/fuzz-import-\(getpid()).navtape"

func check(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count < 16_384, let text = String(validating: bytes, as: UTF8.self) else { return }
    defer {
        unlink(path)
        unlink(path + ".idx")
    }
    guard (try? JSONLines.importLog(text, file: "fuzz.jsonl", into: path)) != nil else {
        precondition(access(path, F_OK) != 0, "a refused import left a log behind")
        return
    }
    if let machine = try? TimeMachine(path: path) { _ = try? machine.state(at: machine.eventCount) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
