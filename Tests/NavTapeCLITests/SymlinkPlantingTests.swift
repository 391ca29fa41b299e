import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
import NavTapeTestSupport

/// No symbolic link can redirect a write (hardening, second pass, point 1), through the built binary:
/// every command that writes a file runs in a directory where a link to a precious file is planted
/// at every temporary name navtape used before this fix (`LOG.idx.tmp`, `LOG.repair.tmp`,
/// `.LOG.PID-N.partial` and its sidecars for the next process IDs the kernel hands out) and at the
/// names its sidecars and copies take. The precious file must keep its bytes, and every output must
/// be a regular file. The cases run in parallel: each plants 200 process IDs ahead, far more than
/// the other tests spawn between its planting and its command.
@Suite("symlinks never redirect a write")
struct SymlinkPlantingTests {
    static let precious = "keep: nobody may overwrite this\n"

    /// Each writing command, writing `out.navtape` (or `out.*` for text outputs).
    static let commands: [(name: String, arguments: [String], output: String)] = [
        ("record", ["record", "t.navscript", "-o", "out.navtape"], "out.navtape"),
        ("record --intents", ["record", "--intents", "calendar.intents.jsonl", "-o", "out.navtape"], "out.navtape"),
        ("run -o", ["run", "t.navscript", "-o", "out.navtape"], "out.navtape"),
        ("generate", ["generate", "--events", "5000", "--seed", "3", "-o", "out.navtape"], "out.navtape"),
        ("fork", ["fork", "t.navtape", "--at", "13", "--device", "ipad", "-o", "out.navtape"], "out.navtape"),
        ("import", ["import", "t.jsonl", "-o", "out.navtape"], "out.navtape"),
        ("skip", ["skip", "t.navtape", "13", "-o", "out.navtape"], "out.navtape"),
        ("shrink", ["shrink", "t.navtape", "--expect", "hierarchy MN[M] | PasteNC[PasteDetail]", "-o", "out.navtape"], "out.navtape"),
        ("export", ["export", "t.navtape", "-o", "out.jsonl"], "out.jsonl"),
        ("testgen", ["testgen", "t.navtape", "-o", "out.swift"], "out.swift"),
        ("inspect", ["inspect", "t.navtape", "-o", "out.html"], "out.html"),
        ("demo", ["demo", "--output", "out.navtape"], "out.navtape"),
    ]

    /// The process ID the kernel gave last (Linux), so the next ones can be planted.
    static func lastProcessID() -> Int? {
        (try? String(contentsOfFile: "/proc/sys/kernel/ns_last_pid", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Plants a link to `precious.txt` at every name a write to `output` could have used.
    static func plant(for output: String, in scratch: Scratch) throws {
        var names = [output + ".idx.tmp", output + ".repair.tmp"]
        let shrink = [".navtape-shrink-"]
        if let last = lastProcessID() {
            for pid in (last + 1)...(last + 200) {
                for serial in 0..<2 {
                    let staging = ".\(output).\(pid)-\(serial).partial"
                    names += [staging + ".idx", staging + ".idx.tmp"]
                    names += shrink.map { "\($0)\(pid)-\(serial + 1).navtape" }
                    names += shrink.map { "\($0)\(pid)-\(serial + 1).navtape.idx.tmp" }
                }
            }
        }
        for name in names {
            _ = symlink("precious.txt", scratch.path(name))
        }
    }

    static func scratch() throws -> Scratch {
        let scratch = Scratch(onDisk: true)
        try scratch.recordFixture()
        try scratch.write(try scratch.navtape("export", "t.navtape").stdout, to: "t.jsonl")
        let sample = Navtape.root.appendingPathComponent("Tests/Capture/calendar-paste.intents.jsonl")
        try scratch.write(try String(contentsOf: sample, encoding: .utf8), to: "calendar.intents.jsonl")
        try scratch.write(precious, to: "precious.txt")
        return scratch
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    @Test("a link planted at a temporary name is never written through", arguments: 0..<commands.count)
    func plantedLinks(_ number: Int) throws {
        let command = Self.commands[number]
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        try Self.plant(for: command.output, in: scratch)
        let result = try Navtape.run(command.arguments, in: scratch.url)
        #expect(result.status == 0, "\(command.name): \(result)")
        #expect(try String(contentsOfFile: scratch.path("precious.txt"), encoding: .utf8) == Self.precious, "\(command.name)")
        #expect(Self.isRegularFile(scratch.path(command.output)), "\(command.name): the output is not a regular file")
        if FileManager.default.fileExists(atPath: scratch.path(command.output + ".idx")) {
            #expect(Self.isRegularFile(scratch.path(command.output + ".idx")), "\(command.name): the sidecar is not a regular file")
        }
    }

    @Test("repair, by a copy or in place, writes through no planted link and keeps the log a regular file", arguments: [false, true])
    func repairThroughPlantedLinks(inPlace: Bool) throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        #expect(try scratch.navtape("generate", "--events", "20000", "--seed", "5", "-o", "r.navtape").status == 0)
        try Self.flip(byte: 60_000, of: scratch.path("r.navtape"))
        try Self.plant(for: "r.navtape", in: scratch)
        // In place: its journal and its sparse copy of the dropped bytes.
        for name in [".r.navtape.repair-journal", "r.navtape.broken"] { _ = symlink("precious.txt", scratch.path(name)) }
        let repaired = try Navtape.run(inPlace ? ["repair", "--in-place", "r.navtape"] : ["repair", "r.navtape"], in: scratch.url)
        #expect(repaired.status == 0, "\(repaired)")
        #expect(Self.isRegularFile(scratch.path("r.navtape.broken.1")))
        #expect(try String(contentsOfFile: scratch.path("precious.txt"), encoding: .utf8) == Self.precious)
        #expect(Self.isRegularFile(scratch.path("r.navtape")))
        #expect(try scratch.navtape("verify", "r.navtape").status == 0)
    }

    @Test("a directory planted at the journal's name: repair in place refuses before writing anything (73); by a copy it repairs")
    func directoryAtTheJournalName() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        #expect(try scratch.navtape("generate", "--events", "20000", "--seed", "5", "-o", "r.navtape").status == 0)
        try Self.flip(byte: 60_000, of: scratch.path("r.navtape"))
        let damaged = try Data(contentsOf: scratch.url.appendingPathComponent("r.navtape"))
        try FileManager.default.createDirectory(atPath: scratch.path(".r.navtape.repair-journal"), withIntermediateDirectories: false)
        let refused = try scratch.navtape("repair", "--in-place", "r.navtape")
        #expect(refused.status == 73 && refused.stderr.contains(".r.navtape.repair-journal: is a directory"), "\(refused)")
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("r.navtape")) == damaged)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("r.navtape.broken")), "nothing written before the refusal")
        let copied = try scratch.navtape("repair", "r.navtape")
        #expect(copied.status == 0, "\(copied)")
        #expect(try scratch.navtape("verify", "r.navtape").status == 0)
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: scratch.path(".r.navtape.repair-journal"), isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    /// A second repair never replaces the first one's copy of the original (point 2): each is kept,
    /// numbered, and holds the bytes its repair started from.
    @Test("a second repair keeps the first .broken: numbered copies, each the log as it was")
    func repairsKeepEveryCopy() throws {
        let scratch = try Self.scratch()
        defer { scratch.remove() }
        #expect(try scratch.navtape("generate", "--events", "20000", "--seed", "5", "-o", "r.navtape").status == 0)
        try Self.flip(byte: 60_000, of: scratch.path("r.navtape"))
        let firstOriginal = try Data(contentsOf: scratch.url.appendingPathComponent("r.navtape"))
        let dry = try scratch.navtape("repair", "--dry-run", "r.navtape")
        #expect(dry.status == 0 && dry.stdout.contains("would keep") && dry.stdout.contains("dry run, nothing written"), "\(dry)")
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("r.navtape")) == firstOriginal)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("r.navtape.broken")))

        let first = try scratch.navtape("repair", "r.navtape")
        #expect(first.status == 0 && first.stdout.hasSuffix("original saved as r.navtape.broken\n"), "\(first)")
        try Self.flip(byte: 2_000, of: scratch.path("r.navtape"))
        let secondOriginal = try Data(contentsOf: scratch.url.appendingPathComponent("r.navtape"))
        let second = try scratch.navtape("repair", "r.navtape")
        #expect(second.status == 0 && second.stdout.hasSuffix("original saved as r.navtape.broken.1\n"), "\(second)")
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("r.navtape.broken")) == firstOriginal)
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("r.navtape.broken.1")) == secondOriginal)
        #expect(try scratch.navtape("verify", "r.navtape").status == 0)
    }

    /// Flips every bit of one byte of the file at `path`.
    static func flip(byte offset: Int, of path: String) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        data[offset] ^= 0xFF
        try data.write(to: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: path + ".idx")
    }
}
