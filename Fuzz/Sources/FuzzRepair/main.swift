// Log bytes (a whole .navtape file, in a scratch directory: FUZZ_SCRATCH or /tmp) → repair, as
// `navtape repair` does: a dry run says what the repair then does; a repair in place of the same
// bytes gives the copy's file byte for byte; a repaired log opens with no damage and no torn tail
// and the repair's gaps, reads through them, and a second repair finds it clean. Repair may
// refuse a file (a header beyond one flipped bit); it may never trap or leave a log it calls
// repaired that a reader refuses.
import EventLog
import FuzzSupport
import Glibc
import NavTape
import NavigationProjections

let scratch = getenv("FUZZ_SCRATCH").map { String(cString: $0) } ?? "/tmp"

func check(_ bytes: UnsafeRawBufferPointer) {
    let path = scratchFile(bytes, in: scratch, suffix: ".navtape")
    let placed = scratchFile(bytes, in: scratch, suffix: "-in-place.navtape")
    defer {
        for log in [path, placed] {
            unlink(log)
            for suffix in [".broken", ".broken.1", ".idx"] { unlink(log + suffix) }
        }
    }
    guard let dry = try? LogRepair.repair(at: path, dryRun: true) else { return }
    guard let repaired = try? LogRepair.repair(at: path) else { fatalError("repair refused what its dry run accepted") }
    var expected = dry
    expected.brokenCopyPath = repaired.brokenCopyPath
    precondition(repaired == expected && repaired.gaps == dry.gaps, "the dry run said \(dry), the repair did \(repaired)")
    // In place: the same report, the same bytes.
    guard var inPlace = try? LogRepair.repair(at: placed, inPlace: true) else { fatalError("repair in place refused what a copy repaired") }
    precondition(inPlace.inPlace == !repaired.wasClean, "a repair in place that was not in place")
    (inPlace.brokenCopyPath, inPlace.inPlace) = (repaired.brokenCopyPath, false)
    precondition(inPlace == repaired, "in place \(inPlace), by a copy \(repaired)")
    precondition(
        (try? LogFiles.read(placed, limit: 1 << 26)) == (try? LogFiles.read(path, limit: 1 << 26)),
        "in place and by a copy, the repaired files differ")
    guard let reader = try? EventLogReader(path: path) else { fatalError("a repaired log does not open") }
    precondition(reader.corruption == nil && reader.tailDamage == nil, "a repaired log still has damage")
    precondition(reader.gaps == repaired.gaps, "the reader's gaps \(reader.gaps) are not the repair's \(repaired.gaps)")
    // The session description in the header is the codec's, not the log's: it may still not decode.
    guard let machine = try? TimeMachine(path: path) else { return }
    // Records may still fail to decode (repair keeps every block whose checksum holds); reading
    // through the gaps must not trap.
    if machine.eventCount < 1_000_000 {
        var stats = SessionStatistics()
        _ = try? machine.run(&stats)
        _ = try? machine.verify()
        _ = try? machine.state(at: machine.eventCount)
    }
    guard let again = try? LogRepair.repair(at: path, dryRun: true), again.wasClean else {
        fatalError("a repaired log needs repairing again")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
