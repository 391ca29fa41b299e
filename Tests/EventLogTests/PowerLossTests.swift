import Foundation
import NavTapeApps
import NavTapeTestSupport
import Testing
@testable import EventLog

#if DEBUG  // the power-loss simulation is the fault injector's journal, in debug builds only

/// Power-loss simulation (issue 17, point 2).
///
/// A writer runs once with a journaling ``FaultInjector``: every `pwrite`, truncation and successful
/// sync is kept in order, and syncs are simulated (the journal says what a real sync would have made
/// durable). A power cut after any operation is then simulated many times over the same journal:
/// everything before the last sync is on disk; each write since then is independently **dropped**,
/// **kept**, **torn** (a prefix of it reached the disk) or **scattered** (some of its 512-byte sectors
/// did, in any order), and the file's size may have reached the disk without the data (zeros). On
/// every such image the recovery procedure must keep every acknowledged record, byte for byte and at
/// its index, and every record it keeps at the index it was written at.
///
/// The recovery procedure is ``EventLogWriter/openForAppend(at:options:)``, which cuts a torn tail;
/// when a later block survived an earlier lost one (the kernel writes back out of order), the image
/// looks exactly like mid-log damage and is refused as `.corrupt` — then
/// ``EventLogRepair/repair(at:options:)`` keeps the contiguous prefix, resumes after the lost block
/// from the next checkpoint (a gap of unacknowledged records), and the log opens.
@Suite("Power loss: at random cuts, unsynced writes are dropped, torn, scattered or kept")
struct PowerLossTests {
    /// One recorded writer run.
    struct Workload {
        var path: String
        var records: [Record]
        var journal: [FaultInjector.Operation]
        /// After each writer call: how many operations were journaled, and the acknowledged count.
        var acknowledged: [(journalCount: Int, count: UInt64)]

        /// The acknowledged count of a cut after the first `cut` operations: a call's acknowledgement
        /// counts only if every operation of the call happened.
        func acknowledgedCount(atCut cut: Int) -> UInt64 {
            var count: UInt64 = 0
            for observation in acknowledged where observation.journalCount <= cut {
                count = max(count, observation.count)
            }
            return count
        }

        /// The first cut at which the log exists at its path (its header synced and published).
        var firstCut: Int {
            (journal.firstIndex { if case .sync(let p) = $0 { p == path } else { false } } ?? journal.count) + 1
        }
    }

    /// How the recovery of one image went.
    struct Tally: CustomStringConvertible {
        var cuts = 0
        var clean = 0
        var tornTailCut = 0
        var refusedThenRepaired = 0
        var unacknowledgedKept = 0
        var continued = 0
        var resumedAfterGap = 0

        var description: String {
            "\(cuts) cuts: \(clean) clean, \(tornTailCut) torn tails cut, \(refusedThenRepaired) refused as mid-log damage then repaired "
                + "(\(resumedAfterGap) resumed after a gap); \(unacknowledgedKept) kept some unacknowledged records; \(continued) appended to after recovery"
        }
    }

    @Test("10,000 simulated power cuts lose no acknowledged record and keep every record at its own index")
    func tenThousandCuts() throws {
        let directory = TemporaryDirectory()
        var tally = Tally()
        let workloads = 25
        let cutsPerWorkload = 400
        for seed in 0..<UInt64(workloads) {
            let workload = try record(seed: seed, in: directory)
            var random = SplitMix64(seed: 0x5EED_0000 + seed)
            let image = directory.path("cut.navtape")
            let span = UInt64(workload.journal.count - workload.firstCut + 1)
            let cuts = (0..<cutsPerWorkload).map { _ in workload.firstCut + Int(random.next() % span) }.sorted()
            try forEachCut(workload, cuts) { cut, durable, volatile in
                let bytes = crashImage(durable: durable, volatile: volatile, random: &random)
                try check(workload, cut: cut, image: bytes, at: image, random: &random, tally: &tally)
            }
        }
        #expect(tally.cuts == workloads * cutsPerWorkload)
        // Every path of the procedure was exercised, or the simulation proves less than it says.
        #expect(tally.clean > 0 && tally.tornTailCut > 0 && tally.refusedThenRepaired > 0, "\(tally)")
        #expect(tally.unacknowledgedKept > 0 && tally.resumedAfterGap > 0, "\(tally)")
        print("power loss: \(tally)")
    }

    @Test("The simulation catches a writer that acknowledges before its sync")
    func simulationCatchesEarlyAcknowledgement() throws {
        // The same journal, but each acknowledgement moved one operation earlier than it happened
        // (before the sync that made it true): some cut must then find an acknowledged record missing.
        let directory = TemporaryDirectory()
        var workload = try record(seed: 7, in: directory)
        workload.acknowledged = workload.acknowledged.map { observation in
            let syncs = workload.journal.indices.filter { i in
                if case .sync(let p) = workload.journal[i] { p == workload.path } else { false }
            }
            let earlier = syncs.last { $0 < observation.journalCount }.map { $0 } ?? observation.journalCount
            return (earlier, observation.count)
        }
        var random = SplitMix64(seed: 99)
        var found = false
        let image = directory.path("early.navtape")
        try forEachCut(workload, Array(workload.firstCut...workload.journal.count)) { cut, durable, volatile in
            guard !found else { return }
            try writeBytes(crashImage(durable: durable, volatile: volatile, random: &random), to: image)
            let (recovered, _) = try recover(image)
            if recovered < workload.acknowledgedCount(atCut: cut) { found = true }
        }
        #expect(found, "a cut just before a sync must lose records acknowledged too early")
    }

    // MARK: - Recording a workload

    /// Runs a writer with a journaling injector: varied block sizes, group commits, explicit syncs and
    /// checkpoints, records of 0–60 bytes.
    func record(seed: UInt64, in directory: TemporaryDirectory) throws -> Workload {
        var random = SplitMix64(seed: 0xB0B0_0000 + seed)
        let path = directory.path("workload-\(seed).navtape")
        let faults = FaultInjector(journals: true)
        var options = LogOptions()
        options.blockTargetBytes = [64, 200, 512, 1024, 4096][Int(random.next() % 5)]
        options.syncEveryRecords = [1, 3, 16, 64, Int.max][Int(random.next() % 5)]
        options.syncEveryBytes = .max
        options.syncInterval = nil
        options.writesIndex = false
        options.faults = faults
        let records = makeRecords(count: 120 + Int(random.next() % 240), seed: seed, maxLength: 60)
        var acknowledged: [(Int, UInt64)] = []
        let writer = try EventLogWriter.create(at: path, header: testHeader, options: options)
        acknowledged.append((faults.journalCount, writer.acknowledgedCount))
        for (i, item) in records.enumerated() {
            switch random.next() % 24 {
            case 0: try writer.appendCheckpoint(checkpointPayload(UInt64(i)))
            case 1: try writer.sync()
            default: break
            }
            acknowledged.append((faults.journalCount, writer.acknowledgedCount))
            try writer.append(timestamp: item.timestamp, record: item.bytes)
            acknowledged.append((faults.journalCount, writer.acknowledgedCount))
        }
        try writer.close()
        acknowledged.append((faults.journalCount, UInt64(records.count)))
        return Workload(path: path, records: records, journal: faults.journal, acknowledged: acknowledged)
    }

    // MARK: - Cutting the power

    /// Calls `body` for each cut in `cuts` (ascending) with what the disk held at that cut: the bytes
    /// made durable by the last sync, and the operations on the log since then. One pass over the journal.
    func forEachCut(
        _ workload: Workload, _ cuts: [Int],
        _ body: (_ cut: Int, _ durable: [UInt8], _ volatile: [FaultInjector.Operation]) throws -> Void
    ) rethrows {
        var durable: [UInt8] = []
        var volatile: [FaultInjector.Operation] = []
        var position = 0
        for cut in cuts {
            while position < cut {
                let operation = workload.journal[position]
                position += 1
                switch operation {
                case .sync(let path) where path == workload.path:
                    for pending in volatile { apply(pending, to: &durable) }
                    volatile.removeAll(keepingCapacity: true)
                case .write(let path, _, _) where path == workload.path,
                    .truncate(let path, _) where path == workload.path:
                    volatile.append(operation)
                default:
                    break
                }
            }
            try body(cut, durable, volatile)
        }
    }

    /// The file as a power cut could leave it, given what was durable and what was not.
    func crashImage(durable: [UInt8], volatile: [FaultInjector.Operation], random: inout SplitMix64) -> [UInt8] {
        var image = durable
        var furthest = UInt64(durable.count)
        for operation in volatile {
            switch operation {
            case .write(_, let offset, let bytes):
                furthest = max(furthest, offset + UInt64(bytes.count))
                switch random.next() % 4 {
                case 0:
                    break  // dropped
                case 1:
                    write(bytes[...], at: offset, into: &image)  // kept whole
                case 2:
                    // Torn inside the write: a prefix reached the disk.
                    let kept = Int(random.next() % UInt64(bytes.count + 1))
                    write(bytes[..<kept], at: offset, into: &image)
                default:
                    // Scattered: some of its 512-byte sectors reached the disk, the others did not.
                    var start = 0
                    while start < bytes.count {
                        let sectorEnd = Int((offset + UInt64(start)) / 512 + 1) * 512 - Int(offset)
                        let end = min(bytes.count, sectorEnd)
                        if random.next() % 2 == 0 { write(bytes[start..<end], at: offset + UInt64(start), into: &image) }
                        start = end
                    }
                }
            case .truncate(_, let length):
                if random.next() % 2 == 0, UInt64(image.count) > length { image.removeLast(image.count - Int(length)) }
            case .sync:
                break
            }
        }
        // The size may have reached the disk without the data: the rest reads as zeros.
        if random.next() % 4 == 0, furthest > UInt64(image.count) {
            image.append(contentsOf: repeatElement(0, count: Int(furthest) - image.count))
        }
        return image
    }

    func apply(_ operation: FaultInjector.Operation, to file: inout [UInt8]) {
        switch operation {
        case .write(_, let offset, let bytes): write(bytes[...], at: offset, into: &file)
        case .truncate(_, let length): if UInt64(file.count) > length { file.removeLast(file.count - Int(length)) }
        case .sync: break
        }
    }

    func write(_ bytes: ArraySlice<UInt8>, at offset: UInt64, into file: inout [UInt8]) {
        let end = Int(offset) + bytes.count
        if file.count < end { file.append(contentsOf: repeatElement(0, count: end - file.count)) }
        file.replaceSubrange(Int(offset)..<end, with: bytes)
    }

    // MARK: - Recovering

    /// Reads the image, recovers it, checks both against the workload; occasionally appends after recovery.
    func check(
        _ workload: Workload, cut: Int, image bytes: [UInt8], at image: String, random: inout SplitMix64,
        tally: inout Tally
    ) throws {
        tally.cuts += 1
        let acknowledged = workload.acknowledgedCount(atCut: cut)
        try writeBytes(bytes, to: image)

        // A reader, before anything is repaired: every record it yields is the one written at its index,
        // and it reaches at least every acknowledged record (damage can only be in what was unsynced).
        var readOptions = LogOptions()
        readOptions.usesIndex = false
        let reader = try EventLogReader(path: image, options: readOptions)
        let (read, _) = readRecords(reader)
        #expect(UInt64(read.count) >= acknowledged, "reader at cut \(cut): \(read.count) < \(acknowledged) acknowledged")
        #expect(read[...] == workload.records.prefix(read.count), "reader at cut \(cut): not a prefix of what was written")

        let (recovered, outcome) = try recover(image)
        switch outcome {
        case .clean: tally.clean += 1
        case .tornTailCut: tally.tornTailCut += 1
        case .repaired: tally.refusedThenRepaired += 1
        }
        #expect(recovered >= acknowledged, "recovery at cut \(cut) kept \(recovered) of \(acknowledged) acknowledged records")
        if recovered > acknowledged { tally.unacknowledgedKept += 1 }

        // What recovery kept is what was written, each record at its own index: the first records
        // written and, when a repair resumed past damage, whole blocks after a gap that never holds
        // an acknowledged record. A writer continues right after the last.
        let continuing = random.next() % 10 == 0
        var extras: [Record] = []
        if continuing {
            tally.continued += 1
            var options = simulatedOptions()
            options.writesIndex = false
            let (writer, _) = try EventLogWriter.openForAppend(at: image, options: options)
            let last = writer.recordCount > 0 ? try EventLogReader(path: image, options: readOptions).lastTimestamp ?? 0 : 0
            for step in 0..<3 {
                let extra = Record(timestamp: last + Int64(step), bytes: [0xEE, UInt8(step)])
                try writer.append(timestamp: extra.timestamp, record: extra.bytes)
                extras.append(extra)
            }
            try writer.close()
        }
        let after = try EventLogReader(path: image, options: readOptions)
        var kept: [(index: UInt64, record: Record)] = []
        var readError: Error?
        do {
            try after.forEachRecord { index, timestamp, bytes in
                kept.append((index, Record(timestamp: timestamp, bytes: Array(bytes))))
                return true
            }
        } catch { readError = error }
        #expect(readError == nil && after.corruption == nil && after.tailDamage == nil, "cut \(cut): recovered log not clean")
        #expect(after.gaps.allSatisfy { $0.lowerBound >= acknowledged }, "cut \(cut): a gap holds acknowledged records: \(after.gaps)")
        let lost = after.gaps.reduce(UInt64(0)) { $0 + UInt64($1.count) }
        #expect(UInt64(kept.count) == recovered - lost + UInt64(extras.count), "cut \(cut): \(kept.count) records read")
        for (index, record) in kept {
            let expected = index < recovered ? workload.records[Int(index)] : extras[Int(index - recovered)]
            guard record == expected else {
                Issue.record("cut \(cut): record \(index) is not the one written at its index")
                break
            }
        }
        if !after.gaps.isEmpty { tally.resumedAfterGap += 1 }
        try? FileManager.default.removeItem(atPath: image + ".broken")
    }

    enum Outcome { case clean, tornTailCut, repaired }

    /// Opens the image for appending (cutting a torn tail), or, refused as mid-log damage, repairs it
    /// and opens it then. Returns the records kept.
    func recover(_ image: String) throws -> (records: UInt64, outcome: Outcome) {
        let options = simulatedOptions()
        do {
            let (writer, report) = try EventLogWriter.openForAppend(at: image, options: options)
            writer.abandon()
            return (report.recordCount, report.wasClean ? .clean : .tornTailCut)
        } catch {
            guard error.code == .corrupt else { throw error }
        }
        _ = try EventLogRepair.repair(at: image, options: options)
        let (writer, report) = try EventLogWriter.openForAppend(at: image, options: options)
        writer.abandon()
        return (report.recordCount, .repaired)
    }

    /// Options whose syncs are simulated (recovery's own syncs cost nothing and reach no disk).
    func simulatedOptions() -> LogOptions {
        var options = LogOptions()
        options.faults = FaultInjector(journals: true)
        return options
    }
}
#endif
