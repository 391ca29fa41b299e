// Log bytes (a whole .navtape file, in a scratch directory: FUZZ_SCRATCH or /tmp) → open, read
// every event, fold, seek, and run the reports' projections: damage is reported as an error with
// its offset, a torn tail is read up to its last whole block; nothing may trap. `blame`'s fused
// pass (``TimeMachine/fold(from:to:into:watching:)``) must find the changes the Blame projection
// finds over every event, and `timeline`, text and JSON, must find the changes the VisibleTimeline
// projection finds.
import FuzzSupport
import Glibc
import NavTape
import NavTapeTestSupport
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

/// The timeline, text and JSON, against its reference (the ``VisibleTimeline`` projection run over
/// every event): the same changes where all read the log, and all read it or all refuse it.
func checkTimeline(_ machine: TimeMachine) {
    let count = machine.eventCount
    let reference = try? TimelineReference.lines(machine, from: 0, to: count)
    let referenceEntries = try? TimelineReference.entries(machine, from: 0, to: count)
    let entries = try? TimelineReference.jsonEntries(machine, from: 0, to: count)
    let lines = try? TimelineReference.writtenLines(machine, from: 0, to: count)
    precondition(
        (reference == nil) == (entries == nil) && (entries == nil) == (lines == nil),
        "timeline: the projection, the entries and the lines do not agree on reading the log")
    precondition(entries == referenceEntries, "timeline: the entries differ from the projection's")
    precondition(lines == reference, "timeline: the lines written in place differ from the projection's")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
