// Script text → the parser, then the runner in memory: every input either parses or throws a
// ScriptError naming a line, and a parsed script runs (or throws one) without trapping.
import FuzzSupport
import Glibc
import NavTapeScript

func check(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count < 8_192, let text = String(validating: bytes, as: UTF8.self) else { return }
    guard let sessions = try? ScriptParser.sessions(text, file: "fuzz.navscript") else { return }
    for script in sessions.prefix(4) where script.steps.count < 200 {
        _ = try? ScriptRunner.run(script)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
