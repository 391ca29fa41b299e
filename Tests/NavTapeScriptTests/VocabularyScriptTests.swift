import NavTape
import NavTapeTestSupport
import NavigationCore
import Testing
@testable import NavTapeScript

/// The script form of the command vocabulary: every sample command renders as a line that parses
/// back to the same command.
@Suite("Command vocabulary: script lines")
struct VocabularyScriptTests {
    @Test("every sample command: scriptLine, then parse, gives the same command")
    func roundTrip() throws {
        let empty = NavigationState(traits: Device.iPad.traits(.landscape))
        for command in CommandSamples.all {
            let line = command.scriptLine(in: empty)
            // After a first command: before one, a `policy` line is a setup directive.
            let script = try ScriptParser.parse("device ipad landscape\ndismiss\n" + line, file: "v.navscript")
            guard case .command(let parsed)? = script.steps.last?.kind, script.steps.count == 2 else {
                Issue.record("no command parsed from \(line)")
                continue
            }
            // Controllers are written as raw IDs in an empty state: each slot names one.
            let resolved = parsed.template.mappingIDs { slot in
                if case .id(let id) = parsed.slots[slot.index].reference { return id }
                return ControllerID(rawValue: .max)
            }
            #expect(resolved == command, "\(line)")
        }
    }

    @Test("every keyword and alias parses; an unknown one names the line and column")
    func keywords() throws {
        for keyword in ScriptLine.commandKeywords {
            let kind = try #require(CommandKind(keyword: keyword))
            #expect(kind.signature.keywords.contains(keyword))
        }
        #expect(throws: ScriptError(file: "k.navscript", line: 1, column: 1, "unknown command 'lanch' (did you mean 'launch'?)")) {
            _ = try ScriptParser.parse("lanch", file: "k.navscript")
        }
    }
}
