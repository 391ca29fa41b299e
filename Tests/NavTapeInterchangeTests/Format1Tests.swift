import Foundation
import NavTape
import NavTapeScript
import NavTapeTestSupport
import NavigationCore
import Testing
@testable import NavTapeInterchange

/// JSON lines written by the build before the policy language (format 1, policies as objects of
/// constant answers) still import. Each golden file in `Format1/` was exported by that build from
/// the log beside it, recorded from the script beside it; together they use every format 1 answer.
@Suite("JSON lines format 1")
struct Format1Tests {
    static let sessions = ["everything", "legacy", "cols", "merge"]

    static func url(_ file: String) throws -> URL {
        try #require(Bundle.module.url(forResource: "Format1/" + file, withExtension: nil))
    }

    @Test("imports to the log it was exported from: the same policy three ways, the same events, the same state", arguments: sessions)
    func imports(_ name: String) throws {
        let text = try String(contentsOf: try Self.url(name + ".format1.jsonl"), encoding: .utf8)
        #expect(text.hasPrefix(#"{"device""#) && text.contains(#""format":1"#))
        let directory = TemporaryDirectory()
        let imported = directory.path("imported.navtape")
        try JSONLines.importLog(text, file: name + ".format1.jsonl", into: imported)
        let copy = try TimeMachine(path: imported)
        let original = try TimeMachine(path: try Self.url(name + ".navtape").path)
        // The JSON object's constant answers, the log header's version 2 bytes and the script's
        // `policy` lines read today all give the same rules.
        let script = try ScriptParser.parse(String(contentsOf: try Self.url(name + ".navscript"), encoding: .utf8), file: name)
        #expect(copy.sessionDescription.policy == original.sessionDescription.policy)
        #expect(copy.sessionDescription.policy.methods == script.setup.policy.methods)
        #expect(copy.sessionDescription == original.sessionDescription)
        #expect(copy.eventCount == original.eventCount)
        #expect(try copy.state(at: copy.eventCount) == original.state(at: original.eventCount))
        // Exported again, it is format 2, and that imports to the same log once more.
        var bytes: [UInt8] = []
        try JSONLines.export(copy) { text, _ in bytes += text }
        let exported = String(decoding: bytes, as: UTF8.self)
        #expect(exported.split(separator: "\n").first?.contains(#""format":2"#) == true)
        let again = directory.path("again.navtape")
        try JSONLines.importLog(exported, file: "again.jsonl", into: again)
        let third = try TimeMachine(path: again)
        #expect(third.sessionDescription == original.sessionDescription)
        #expect(try third.state(at: third.eventCount) == original.state(at: original.eventCount))
    }

    @Test("a format 1 answer its method cannot give is refused, naming the member")
    func refusesWrongAnswers() throws {
        let text = try String(contentsOf: try Self.url("merge.format1.jsonl"), encoding: .utf8)
        let broken = text.replacingOccurrences(
            of: #""collapseSecondary":{"answer":"mergeStacks"}"#,
            with: #""collapseSecondary":{"answer":"column","column":"primary"}"#)
        #expect(broken != text)
        let directory = TemporaryDirectory()
        do {
            try JSONLines.importLog(broken, file: "m.jsonl", into: directory.path("m.navtape"))
            Issue.record("imported a wrong answer")
        } catch {
            #expect(error.description.contains("m.jsonl") && error.description.contains("collapseSecondary.answer"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("m.navtape")))
    }
}
