import Foundation
import NavTapeApps
import NavTapeTestSupport
import Testing
@testable import EventLog

#if DEBUG  // the power cuts are the fault injector's journal, in debug builds only

/// Repair in place (issue 30, point 6): for a disk without room for the repaired copy. It must give
/// the copy's log, keep what it drops, and lose nothing when it stops at any point.
@Suite("Repair in place: the copy's log, the dropped bytes kept, safe to stop anywhere")
struct InPlaceRepairTests {
    /// A closed log of 3,000 records in ~1 KiB blocks, a checkpoint every 500, damaged by `variant`:
    /// 0 a payload byte in the middle, 1 a block header byte early and a payload byte late, 2 as 0
    /// and one bit of the file header, 3 five bytes of garbage between two blocks (every later
    /// block then moves onto itself). Returns the records and the damaged bytes.
    func damagedLog(at path: String, variant: Int) throws -> (records: [Record], bytes: [UInt8]) {
        let records = makeRecords(count: 3_000, seed: 91 + UInt64(variant))
        try writeLog(records, to: path, options: testOptions(blockTargetBytes: 1024), checkpointEvery: 500)
        let entries = try EventLogReader(path: path).blockEntries
        var bytes = fileBytes(path)
        switch variant {
        case 3:
            bytes.insert(contentsOf: [0xDE, 0xAD, 0xBE, 0xEF, 0x55], at: Int(entries[entries.count / 3].offset))
        case 1:
            bytes[Int(entries[entries.count / 5].offset) + 2] ^= 0x04
            bytes[Int(entries[entries.count * 3 / 4].offset) + BlockHeader.size + 7] ^= 0x40
        default:
            bytes[Int(entries[entries.count / 2].offset) + BlockHeader.size + 3] ^= 0x10
            if variant == 2 { bytes[9] ^= 0x02 }
        }
        try writeBytes(bytes, to: path)
        try? FileManager.default.removeItem(atPath: path + ".idx")
        return (records, bytes)
    }

    @Test("in place gives the copy's log byte for byte, and a sparse .broken holding the dropped bytes at their offsets", arguments: 0..<4)
    func sameAsCopy(variant: Int) throws {
        let directory = TemporaryDirectory()
        let (copied, placed) = (directory.path("copy.navtape"), directory.path("place.navtape"))
        let (_, damaged) = try damagedLog(at: copied, variant: variant)
        try writeBytes(damaged, to: placed)
        let copy = try EventLogRepair.repair(at: copied, mode: .copy)
        let place = try EventLogRepair.repair(at: placed, mode: .inPlace)
        #expect(!copy.inPlace && place.inPlace)
        #expect(place.keptRecords == copy.keptRecords && place.gaps == copy.gaps && place.damagedRanges == copy.damagedRanges)
        #expect(place.correctedHeaderBit == copy.correctedHeaderBit && (variant == 2) == (place.correctedHeaderBit != nil))
        #expect(fileBytes(placed) == fileBytes(copied), "variant \(variant)")
        #expect(try EventLogReader(path: placed).corruption == nil)
        // The sparse copy: the original's length; every damaged byte as it was; nothing of a kept block.
        let broken = fileBytes(try #require(place.brokenCopyPath))
        #expect(broken.count == damaged.count)
        for range in place.damagedRanges {
            #expect(broken[Int(range.offset)..<Int(range.offset + range.length)] == damaged[Int(range.offset)..<Int(range.offset + range.length)])
        }
        let repaired = fileBytes(placed)
        // Bytes of the original found in it: at most those dropped, and the file header when a bit of it was put back.
        let found = zip(broken, damaged).filter { $0.0 != 0 && $0.0 == $0.1 }.count
        #expect(found <= damaged.count - repaired.count + (variant == 2 ? 256 : 0), "the sparse copy holds only dropped or changed bytes")
        var info = stat()
        #expect(stat(place.brokenCopyPath ?? "", &info) == 0 && Int(info.st_blocks) * 512 < damaged.count / 2)
        // A second repair of the original keeps the first one's copy (issue 30, point 2).
        try writeBytes(damaged, to: placed)
        let again = try EventLogRepair.repair(at: placed, mode: .inPlace)
        #expect(again.brokenCopyPath == placed + ".broken.1" && fileBytes(placed + ".broken") == broken)
    }

    @Test("power cut at sampled points of an in-place repair (writes since the last sync dropped, torn or kept): the next repair keeps the same records")
    func powerCuts() throws {
        var random = SplitMix64(seed: 0x1A_9ACE)
        var tally = (cuts: 0, replayed: 0)
        for variant in 0..<4 {
            let directory = TemporaryDirectory()
            let path = directory.path("log.navtape")
            let (_, damaged) = try damagedLog(at: path, variant: variant)
            // The uninterrupted repair: what every interrupted one must end as.
            try writeBytes(damaged, to: path)
            let reference = try EventLogRepair.repair(at: path, mode: .inPlace)
            let survivors = readRecords(try EventLogReader(path: path)).records
            // The journaled run.
            try writeBytes(damaged, to: path)
            for name in directory.contents() where name.contains(".broken") { try FileManager.default.removeItem(atPath: directory.path(name)) }
            var options = LogOptions()
            let faults = FaultInjector(journals: true)
            options.faults = faults
            _ = try EventLogRepair.repair(at: path, mode: .inPlace, options: options)
            let journal = faults.journal
            let journalPath = directory.path(EventLogRepair.journalName(of: "log.navtape"))
            let journaled = journal.contains { if case .write(let p, _, _) = $0 { p == journalPath } else { false } }
            #expect(journaled || variant != 3, "variant 3: the blocks moved onto themselves are journaled")
            let cuts = Array(Set((0..<40).map { _ in Int(random.next() % UInt64(journal.count)) })).sorted()
            for cut in cuts {
                tally.cuts += 1
                let log = image(of: path, initial: damaged, journal: journal[..<cut], random: &random)
                let pending = image(of: journalPath, initial: [], journal: journal[..<cut], random: &random)
                let scratch = TemporaryDirectory()
                let imagePath = scratch.path("log.navtape")
                try writeBytes(log, to: imagePath)
                // The journal names its file by device and inode: the image is another file, so the
                // journal is written again for it (a real crash leaves the same file).
                if let entry = EventLogRepair.parseJournal(pending) {
                    let file = try LogFile.open(imagePath, flags: O_RDONLY, options: LogOptions())
                    let identity = try EventLogRepair.identity(of: file)
                    file.close()
                    try writeBytes(
                        EventLogRepair.journalBytes(identity: identity, destination: entry.destination, block: entry.block),
                        to: scratch.path(EventLogRepair.journalName(of: "log.navtape")))
                    tally.replayed += 1
                } else if !pending.isEmpty {
                    try writeBytes(pending, to: scratch.path(EventLogRepair.journalName(of: "log.navtape")))
                }
                _ = try EventLogRepair.repair(at: imagePath)
                let reader = try EventLogReader(path: imagePath)
                let kept = readRecords(reader).records
                let same = kept == survivors
                #expect(same, "variant \(variant), cut \(cut) of \(journal.count): \(kept.count) records kept of \(survivors.count)")
                #expect(reader.gaps == reference.gaps && reader.corruption == nil, "variant \(variant), cut \(cut)")
                #expect(!FileManager.default.fileExists(atPath: scratch.path(EventLogRepair.journalName(of: "log.navtape"))))
            }
        }
        #expect(tally.cuts >= 80 && tally.replayed > 0, "\(tally)")
    }

    /// `path`'s bytes after the operations of `journal` on it: what the last sync made durable, and
    /// each write since then dropped, torn, scattered or kept (PowerLossTests' crash image).
    func image(of path: String, initial: [UInt8], journal: ArraySlice<FaultInjector.Operation>, random: inout SplitMix64) -> [UInt8] {
        var durable = initial
        var volatile: [FaultInjector.Operation] = []
        let power = PowerLossTests()
        for operation in journal {
            switch operation {
            case .sync(let p) where p == path:
                for pending in volatile { power.apply(pending, to: &durable) }
                volatile.removeAll()
            case .write(let p, _, _) where p == path, .truncate(let p, _) where p == path:
                volatile.append(operation)
            default:
                break
            }
        }
        return power.crashImage(durable: durable, volatile: volatile, random: &random)
    }
}
#endif
