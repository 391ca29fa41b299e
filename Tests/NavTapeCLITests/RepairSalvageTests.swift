import Foundation
import NavTape
import Testing
import NavTapeTestSupport

/// Repair that salvages (issue 30, point 6), through the built binary: past a damaged block, repair
/// resumes at the next checkpoint and keeps every whole block after it with its indices; the lost
/// events are a gap that every reader knows.
@Suite("repair resumes after damage")
struct RepairSalvageTests {
    /// A generated 20,000-event session in `scratch` as `g.navtape` (its `.idx` removed, so that
    /// damage is found by the scan as a user's copied file would be), and its bytes.
    static func session(in scratch: Scratch) throws -> LogBytes {
        let generated = try scratch.navtape("generate", "--events", "20000", "--seed", "5", "-o", "g.navtape")
        #expect(generated.status == 0, "\(generated)")
        try? FileManager.default.removeItem(atPath: scratch.path("g.navtape.idx"))
        return try LogBytes(contentsOf: scratch.path("g.navtape"))
    }

    /// The most events between two checkpoints of `log` (or from its start to the first).
    static func checkpointSpacing(_ log: LogBytes) -> Int {
        let indices = [UInt64(0)] + log.blocks.filter { $0.kind == "C" }.map(\.firstIndex)
        return Int(zip(indices.dropFirst(), indices).map { $0 - $1 }.max() ?? 0)
    }

    /// The JSON object `navtape ARGUMENTS --json` prints.
    static func json(_ scratch: Scratch, _ arguments: String...) throws -> [String: Any] {
        let result = try Navtape.run(arguments + ["--json"], in: scratch.url)
        #expect(result.status == 0, "\(arguments): \(result)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
    }

    @Test("one flipped bit in a middle records block: the events after the next checkpoint are kept, states equal the original's")
    func resumesAfterDamage() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        var log = try Self.session(in: scratch)
        let original = log.data
        try original.write(to: URL(fileURLWithPath: scratch.path("o.navtape")))
        let records = log.blocks.filter { $0.kind == "R" }
        let bad = records[records.count / 2]
        log.data[bad.offset + 60] ^= 0x08
        try log.data.write(to: URL(fileURLWithPath: scratch.path("g.navtape")))

        let report = try Self.json(scratch, "repair", "g.navtape")
        let gaps = try #require(report["gaps"] as? [[String: Any]])
        #expect(gaps.count == 1, "\(report)")
        let from = try #require(gaps.first?["from"] as? Int), to = try #require(gaps.first?["to"] as? Int)
        #expect(from == Int(bad.firstIndex) && to > from)
        let resumed = log.blocks.first { $0.kind == "C" && $0.firstIndex >= bad.firstIndex + UInt64(bad.count) }?.firstIndex
        #expect(to == resumed.map(Int.init), "the log resumes at the first checkpoint after the block: \(from)..<\(to)")
        #expect(to - from <= Self.checkpointSpacing(log), "one flipped bit loses at most a checkpoint interval: \(from)..<\(to)")
        #expect(report["keptEvents"] as? Int == 20_000 - (to - from))
        let verified = try scratch.navtape("verify", "g.navtape")
        #expect(verified.status == 0 && verified.stdout.hasSuffix("; events \(from)..<\(to) lost to damage (repaired)\n"), "\(verified)")

        // States outside the gap are the original's (`--at N`: after event N); inside it, a clear error.
        for point in [from - 1, to - 1, to, (to + 20_000) / 2, 19_999] {
            let repaired = try scratch.navtape("state", "g.navtape", "--at", "\(point)", "--json")
            let expected = try scratch.navtape("state", "o.navtape", "--at", "\(point)", "--json")
            #expect(repaired.status == 0 && repaired.stdout == expected.stdout, "--at \(point): \(repaired)")
        }
        let inside = try scratch.navtape("state", "g.navtape", "--at", "\(from)")
        #expect(inside.status == 65 && inside.stderr.contains("lost to damage"), "\(inside)")
        // Readers that fold from the start pass the gap: stats counts the events kept, log lists
        // the events on both sides (the last after it with the original's text).
        let stats = try Self.json(scratch, "stats", "g.navtape")
        #expect(stats["events"] as? Int == 20_000 - (to - from), "\(stats)")
        let listed = try scratch.navtape("log", "g.navtape", "--from", "\(from - 2)", "--to", "\(to + 2)")
        let expected = try scratch.navtape("log", "o.navtape", "--from", "\(from - 2)", "--to", "\(to + 2)")
        let kept = expected.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            guard line.hasPrefix("@"), let index = Int(line.dropFirst().prefix { $0.isNumber }) else { return true }
            return !(from..<to).contains(index)
        }
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains("@\(to) ") && !listed.stdout.contains("@\(from) "), "\(listed)")
        #expect(listed.stdout.contains("\n… events \(from)..<\(to) lost to damage (repaired)"), "\(listed)")
        #expect(listed.stdout.split(separator: "\n").last == kept.filter { !$0.isEmpty }.last, "\(listed)")
        // timeline folds through the gap too, and an inspector page draws the state after it as the
        // original's page does.
        // Its text lines (written in place) and its JSON entries name the same changes, one the gap's
        // first kept event makes among them if it changed what is visible.
        let timeline = try scratch.navtape("timeline", "g.navtape"), entries = try scratch.navtape("timeline", "g.navtape", "--json")
        #expect(timeline.status == 0 && entries.status == 0, "\(timeline)")
        let textIndices = timeline.stdout.split(separator: "\n").dropFirst(2).map { Int($0.dropFirst().prefix { $0.isNumber }) }
        let jsonIndices = try entries.stdout.split(separator: "\n").dropFirst().map {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["index"] as? Int
        }
        #expect(textIndices.count > 100 && textIndices == jsonIndices)
        #expect(!textIndices.contains { ($0 ?? -1) >= from && ($0 ?? -1) < to })
        // Both are the reference's: the projection run over every event, resumed at the checkpoint.
        let machine = try TimeMachine(path: scratch.path("g.navtape"))
        let count = machine.eventCount
        #expect(try TimelineReference.writtenLines(machine, from: 0, to: count) == TimelineReference.lines(machine, from: 0, to: count))
        #expect(try TimelineReference.jsonEntries(machine, from: 0, to: count) == TimelineReference.entries(machine, from: 0, to: count))
        let across = UInt64(from - 5)..<UInt64(to + 5)
        #expect(
            try TimelineReference.writtenLines(machine, from: across.lowerBound, to: across.upperBound)
                == TimelineReference.lines(machine, from: across.lowerBound, to: across.upperBound))
        // blame folds through the gap (event by event there) and past it (a block's records in
        // one loop): after the gap its changes are the original's.
        func blamed(_ log: String, from start: Int) throws -> [Int] {
            let report = try Self.json(scratch, "blame", "\(log).navtape", "secondary", "--from", "\(start)", "--limit", "100000")
            let history = try #require(report["history"] as? [[String: Any]], "\(report)")
            return history.compactMap { $0["index"] as? Int }
        }
        #expect(try blamed("g", from: to + 10) == blamed("o", from: to + 10))
        let throughGap = try blamed("g", from: 0), untouched = try blamed("o", from: 0)
        #expect(throughGap.filter { $0 > to } == untouched.filter { $0 > to } && throughGap.filter { $0 > to }.count > 100)
        #expect(throughGap.filter { $0 < from } == untouched.filter { $0 < from } && !throughGap.contains { (from..<to).contains($0) })
        for log in ["g", "o"] {
            #expect(try scratch.navtape("inspect", "\(log).navtape", "--at", "\(to + 2)", "-o", "\(log).html").status == 0)
        }
        func drawn(_ page: String) throws -> String? {
            let html = try String(contentsOfFile: scratch.path(page), encoding: .utf8)
            let data = try ServeTests.pageData(html)
            let commits = try #require(data["commits"] as? [[String: Any]])
            let after = commits.first { (($0["events"] as? [[String: Any]])?.first?["i"] as? Int) == to }
            return try after.map { String(decoding: try JSONSerialization.data(withJSONObject: $0["state"] ?? [:], options: .sortedKeys), as: UTF8.self) }
        }
        let repairedDrawing = try drawn("g.html"), originalDrawing = try drawn("o.html")
        #expect(repairedDrawing != nil && repairedDrawing == originalDrawing, "the state drawn after the gap")
    }

    @Test("a repaired log exports with a gap line and imports back to the same log: export → import → export is byte-identical")
    func exportImportAcrossAGap() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        var log = try Self.session(in: scratch)
        let records = log.blocks.filter { $0.kind == "R" }
        log.data[records[records.count / 2].offset + 60] ^= 0x08
        try log.data.write(to: URL(fileURLWithPath: scratch.path("g.navtape")))
        let gap = try #require((try Self.json(scratch, "repair", "g.navtape")["gaps"] as? [[String: Any]])?.first)
        let (from, to) = (try #require(gap["from"] as? Int), try #require(gap["to"] as? Int))
        let export = try scratch.navtape("export", "g.navtape", "-o", "g.jsonl")
        let kept = 20_000 - (to - from)
        #expect(
            export.stdout == "g.jsonl: \(kept + 2) lines (the session, then \(kept) events, and 1 gap line for the \(to - from) events a repair lost)\n",
            "\(export)")
        let text = try scratch.read("g.jsonl")
        let gapLine = try #require(text.split(separator: "\n").first { $0.contains(#""type":"gap""#) })
        #expect(gapLine.hasPrefix(#"{"from":\#(from),"state":""#) && gapLine.contains(#""to":\#(to),"type":"gap"}"#), "\(gapLine.prefix(80))")
        let imported = try scratch.navtape("import", "g.jsonl", "-o", "h.navtape")
        #expect(imported.status == 0, "\(imported)")
        #expect(try scratch.navtape("export", "h.navtape", "-o", "h.jsonl").status == 0)
        #expect(try scratch.read("h.jsonl") == text)
        let verify = try scratch.navtape("verify", "h.navtape")
        #expect(verify.status == 0 && verify.stdout.contains("events \(from)..<\(to) lost to damage (repaired)"), "\(verify)")
        let after = try scratch.navtape("state", "h.navtape", "--at", "\(to + 5)").stdout
        #expect(after.replacingOccurrences(of: "h.navtape", with: "g.navtape") == (try scratch.navtape("state", "g.navtape", "--at", "\(to + 5)").stdout))
        // A gap line that does not fit is refused at its line, and no log is left.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let at = try #require(lines.firstIndex { $0.contains(#""type":"gap""#) })
        for (bad, message) in [
            (lines[at].replacingOccurrences(of: #""from":\#(from)"#, with: #""from":\#(from + 1)"#), "a gap from event \(from + 1), expected \(from)"),
            (lines[at].replacingOccurrences(of: #""to":\#(to)"#, with: #""to":\#(from)"#), "a gap must end past its start"),
            (lines[at].replacingOccurrences(of: #""state":""#, with: #""state":"zz"#), "gap.state: expected hexadecimal bytes"),
        ] {
            var edited = lines
            edited[at] = bad
            try edited.joined(separator: "\n").write(toFile: scratch.path("bad.jsonl"), atomically: true, encoding: .utf8)
            let refused = try scratch.navtape("import", "bad.jsonl", "-o", "bad.navtape")
            #expect(refused.status == 65 && refused.stderr.contains("bad.jsonl: line \(at + 1): \(message)"), "\(refused)")
            #expect(!FileManager.default.fileExists(atPath: scratch.path("bad.navtape")))
        }
    }

    @Test("--in-place (a disk without room for a copy): the same log as a copy, the dropped bytes kept in a sparse .broken")
    func inPlace() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        var log = try Self.session(in: scratch)
        let records = log.blocks.filter { $0.kind == "R" }
        log.data[records[records.count / 2].offset + 60] ^= 0x08
        for name in ["c.navtape", "p.navtape"] { try log.data.write(to: URL(fileURLWithPath: scratch.path(name))) }
        #expect(try scratch.navtape("repair", "c.navtape").status == 0)
        let placed = try scratch.navtape("repair", "--in-place", "p.navtape")
        #expect(placed.status == 0 && placed.stdout.hasSuffix("; repaired in place, the dropped bytes saved as p.navtape.broken\n"), "\(placed)")
        let copy = try Data(contentsOf: scratch.url.appendingPathComponent("c.navtape"))
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("p.navtape")) == copy)
        let broken = try Data(contentsOf: scratch.url.appendingPathComponent("p.navtape.broken"))
        #expect(broken.count == log.data.count && broken != log.data)
        #expect(try scratch.navtape("verify", "p.navtape").status == 0)
        for name in ["c.navtape", "p.navtape"] { try log.data.write(to: URL(fileURLWithPath: scratch.path(name))) }
        let report = try Self.json(scratch, "repair", "--in-place", "p.navtape")
        #expect(report["inPlace"] as? Bool == true && report["broken"] as? String == "p.navtape.broken.1", "\(report)")
    }

    @Test("a flipped bit in the file header (magic, length, body, CRC): repair puts it back, the log is the original byte for byte")
    func headerBit() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let log = try Self.session(in: scratch)
        for bit in [3, 12 * 8 + 2, (log.headerEnd - 10) * 8 + 5, (log.headerEnd - 2) * 8] {
            var damaged = log.data
            damaged[bit / 8] ^= UInt8(1) << UInt8(bit % 8)
            try damaged.write(to: URL(fileURLWithPath: scratch.path("h.navtape")))
            #expect(try scratch.navtape("verify", "h.navtape").status == 65)
            let report = try Self.json(scratch, "repair", "h.navtape")
            #expect(report["headerBit"] as? Int == bit, "\(report)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("h.navtape"))) == log.data, "bit \(bit)")
            for copy in try FileManager.default.contentsOfDirectory(atPath: scratch.path("")) where copy.hasPrefix("h.navtape.") {
                try FileManager.default.removeItem(atPath: scratch.path(copy))
            }
        }
    }

    @Test("40 random single-bit flips anywhere in the file: repair never fails and loses at most a checkpoint interval")
    func randomFlips() throws {
        let scratch = Scratch(onDisk: true)
        defer { scratch.remove() }
        let log = try Self.session(in: scratch)
        var random = SystemRandomNumberGenerator()
        var lost: [Int] = []
        for _ in 0..<40 {
            var damaged = log.data
            let offset = Int.random(in: 0..<damaged.count, using: &random)
            damaged[offset] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &random)
            try damaged.write(to: URL(fileURLWithPath: scratch.path("f.navtape")))
            let result = try Navtape.run(["repair", "f.navtape", "--json"], in: scratch.url)
            #expect(result.status == 0, "flip at \(offset): \(result)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let kept = try #require(report["keptEvents"] as? Int)
            lost.append(20_000 - kept)
            #expect(try scratch.navtape("verify", "f.navtape").status == 0, "flip at \(offset)")
            for copy in try FileManager.default.contentsOfDirectory(atPath: scratch.path("")) where copy.hasPrefix("f.navtape.") {
                try FileManager.default.removeItem(atPath: scratch.path(copy))
            }
        }
        let mean = Double(lost.reduce(0, +)) / Double(lost.count)
        print("repair after 40 random bit flips: mean \(mean) events lost, max \(lost.max() ?? 0)")
        // A flip costs at most the events from the block it hits to the next checkpoint (the recorder
        // writes one each 4,096 events, at the end of a commit; a group commit may cut blocks shorter).
        #expect(mean <= 4_096 && (lost.max() ?? 0) <= Self.checkpointSpacing(log), "events lost: \(lost)")
    }
}
