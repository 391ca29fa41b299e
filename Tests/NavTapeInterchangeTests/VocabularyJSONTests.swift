import NavTapeTestSupport
import NavigationCore
import Testing
@testable import NavTapeInterchange

/// The JSON form of the command vocabulary.
@Suite("Command vocabulary: JSON")
struct VocabularyJSONTests {
    @Test("every sample command: encode, write, parse, decode gives the same command")
    func roundTrip() throws {
        for command in CommandSamples.all {
            let text = JSONCommand.encode(command).text
            #expect(try JSONCommand.decode(JSONValue.parse(text), "command") == command, "\(text)")
        }
    }

    @Test("members are named as the signature's parameters")
    func memberNames() {
        for command in CommandSamples.all {
            guard case .object(let members) = JSONCommand.encode(command) else { continue }
            #expect(Set(members.keys) == Set(["command"] + command.signature.parameters.map(\.name)))
        }
    }
}
