// Log bytes (a whole .navtape file, in a scratch directory: FUZZ_SCRATCH or /tmp) → open, read
// every event, fold, seek, and run the reports' projections: damage is reported as an error with
// its offset, a torn tail is read up to its last whole block; nothing may trap. `blame`'s fused
// pass (``TimeMachine/fold(from:to:into:watching:)``) must find the changes the Blame projection
// finds over every event, and `timeline`'s lines written in place
// (``TimeMachine/forEachTimelineLine(from:to:observe:_:)``) must be the entries' lines, escaped.
import FuzzSupport
import Glibc
import NavTape
import NavigationCore
import NavigationProjections

let scratch = getenv("FUZZ_SCRATCH").map { String(cString: $0) } ?? "/tmp"

func check(_ bytes: UnsafeRawBufferPointer) {
    let path = scratchFile(bytes, in: scratch, suffix: ".navtape")
    defer { unlink(path) }
    guard let machine = try? TimeMachine(path: path) else { return }
    guard machine.eventCount < 1_000_000 else { return }
    var state = machine.initialState
    _ = try? machine.fold(from: 0, to: machine.eventCount, into: &state)
    _ = try? machine.state(at: machine.eventCount / 2)
    var report = ViolationReport()
    _ = try? machine.run(&report)
    var stats = SessionStatistics()
    _ = try? machine.run(&stats)
    _ = try? machine.verify()
    // A few changes kept: rendering each kept change reads its block again, which is not what is tried here.
    if let fused = try? BlameReport("secondary", in: machine, at: machine.eventCount, limit: 4) {
        var traced = Blame(.column(.secondary), keepingLast: 4, summaries: false)
        if (try? machine.run(&traced)) != nil {
            precondition(
                fused.changes == traced.changeCount && fused.history.map(\.index) == traced.history.map(\.index),
                "blame's fused pass found \(fused.changes) changes, the projection \(traced.changeCount)")
        }
    }
    checkTimeline(machine)
}

/// The in-place timeline against its entries: the same lines where both read the log, and both
/// read it or both refuse it.
func checkTimeline(_ machine: TimeMachine) {
    var entries: [String] = []
    let viaEntries: Void? = try? machine.forEachTimelineEntry(from: 0, to: machine.eventCount) { entry in
        if entry.event != nil { entries.append(DisplaySafety.escaped(TimelineText.line(entry, machine: machine))) }
        return true
    }
    var lines: [String] = []
    let inPlace: Void? = try? machine.forEachTimelineLine(from: 0, to: machine.eventCount) { bytes in
        lines.append(String(decoding: bytes, as: UTF8.self))
        return true
    }
    precondition(
        (viaEntries == nil) == (inPlace == nil), "timeline: entries \(viaEntries == nil ? "failed" : "read"), in place \(inPlace == nil ? "failed" : "read")")
    if viaEntries != nil { precondition(lines == entries, "timeline: the lines written in place differ from the entries'") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
