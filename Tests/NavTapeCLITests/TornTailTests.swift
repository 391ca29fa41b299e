import Foundation
import Testing
import NavTapeTestSupport

/// Torn means torn (issue 30, point 5), through the built binary: a last block that is incomplete
/// or fails its CRC, with no valid block after it, is a torn tail for every read command (a
/// warning naming what was read, exit 0; `--strict` 65), and what they read is what `repair` keeps.
@Suite("a damaged last block is a torn tail for every reader")
struct TornTailTests {
    /// The read commands, each with the arguments after the log.
    static let readers: [(name: String, arguments: [String])] = [
        ("verify", []), ("state", []), ("export", ["--jsonl"]), ("log", []), ("stats", []), ("timeline", []),
    ]

    /// Ways a power cut or a crash leaves the end of a log, each from a whole log's bytes.
    static let damages: [(name: String, damage: @Sendable (inout LogBytes) -> Void)] = [
        (
            "the last block zero-filled from its middle",
            { log in
                let last = log.blocks[log.blocks.count - 1]
                log.data.replaceSubrange((last.offset + last.size / 2)..<last.end, with: Data(count: last.size - last.size / 2))
            }
        ),
        (
            "the last records block's payload garbage, garbage after it",
            { log in
                let blocks = log.blocks
                let last = blocks.lastIndex { $0.kind == "R" }!
                let start = blocks[last].offset + 60
                var random = SystemRandomNumberGenerator()
                let garbage = Data((0..<(log.data.count - start + 600)).map { _ in UInt8.random(in: 0...255, using: &random) })
                log.data.replaceSubrange(start..<log.data.count, with: garbage)
            }
        ),
        (
            "the last two blocks' payloads zeros, their headers whole",
            { log in
                let blocks = log.blocks
                for block in blocks.suffix(2) {
                    log.data.replaceSubrange((block.offset + 44)..<block.end, with: Data(count: block.size - 44))
                }
            }
        ),
        (
            "the file cut inside its last block",
            { log in
                let last = log.blocks[log.blocks.count - 1]
                log.data.removeSubrange((last.offset + last.size / 3)..<log.data.count)
            }
        ),
    ]

    /// The events `repair` keeps, from a repair of a copy (so that an older binary without
    /// `--dry-run` judges the same file).
    static func keptByRepair(_ log: String, in scratch: Scratch) throws -> String {
        try? FileManager.default.removeItem(atPath: scratch.path("judged.navtape"))
        try FileManager.default.copyItem(atPath: scratch.path(log), toPath: scratch.path("judged.navtape"))
        let repaired = try scratch.navtape("repair", "judged.navtape")
        #expect(repaired.status == 0, "\(repaired)")
        for name in scratch.contents() where name.hasPrefix("judged.navtape") { try? FileManager.default.removeItem(atPath: scratch.path(name)) }
        let words = repaired.stdout.split(separator: " ")
        let kept = try #require(words.firstIndex(of: "kept"), "\(repaired)")
        return String(words[kept + 1])
    }

    /// Every reader warns and reads what repair keeps; `--strict` refuses.
    static func expectTorn(_ log: String, in scratch: Scratch, _ label: String) throws {
        let kept = try keptByRepair(log, in: scratch)
        for reader in readers {
            let result = try scratch.navtape([reader.name, log] + reader.arguments)
            #expect(result.status == 0, "\(label): \(reader.name): \(result)")
            #expect(
                result.stderr.hasPrefix("warning: ") && result.stderr.contains("read the \(kept) events"),
                "\(label): \(reader.name): \(result)")
            let strict = try scratch.navtape([reader.name, "--strict", log] + reader.arguments)
            #expect(strict.status == 65 && strict.stdout.isEmpty, "\(label): \(reader.name) --strict: \(strict)")
        }
    }

    @Test("the reproducers: a payload zero-filled, a payload of garbage")
    func reproducers() throws {
        let scratch = Scratch()
        for name in ["torn-payload-zeros.navtape", "torn-payload-garbage.navtape"] {
            let source = Navtape.root.appendingPathComponent("Tests/Findings/\(name)")
            try FileManager.default.copyItem(at: source, to: scratch.url.appendingPathComponent(name))
            try Self.expectTorn(name, in: scratch, name)
        }
    }

    @Test("every way a last block is torn, with and without the clean close's index", arguments: 0..<4)
    func damagedLastBlocks(_ damage: Int) throws {
        let scratch = Scratch()
        let generated = try scratch.navtape("generate", "--events", "9000", "--seed", "3", "-o", "g.navtape")
        try #require(generated.status == 0, "\(generated)")
        var log = try LogBytes(contentsOf: scratch.path("g.navtape"))
        Self.damages[damage].damage(&log)
        try log.write(to: scratch.path("g.navtape"))
        try Self.expectTorn("g.navtape", in: scratch, Self.damages[damage].name + ", index kept")
        try FileManager.default.removeItem(atPath: scratch.path("g.navtape.idx"))
        try Self.expectTorn("g.navtape", in: scratch, Self.damages[damage].name)
    }
}

extension Scratch {
    /// Runs navtape with `arguments`, as ``navtape(_:input:)`` does with a variadic list.
    func navtape(_ arguments: [String]) throws -> Navtape.Result {
        try Navtape.run(arguments, in: url)
    }
}
