import NavTapeTestSupport
import Testing
@testable import NavigationCodec
import NavigationCore

/// The byte form of the command vocabulary (rejected and ignored events carry whole commands).
@Suite("Command codec")
struct CommandCodecTests {
    @Test("every kind and every property has its own wire tag, matched by name")
    func wireTags() {
        for kind in CommandKind.allCases {
            #expect(CommandWireTag(kind)?.kind == kind, "\(kind) has no wire tag")
        }
        #expect(Set(CommandWireTag.allCases.map(\.rawValue)).count == CommandWireTag.allCases.count)
        #expect(CommandWireTag.allCases.count == CommandKind.allCases.count)
        for name in SplitProperty.Name.allCases {
            #expect(SplitPropertyWireTag(name)?.name == name, "\(name) has no wire tag")
        }
    }

    @Test("every sample command round-trips through the bytes of a rejected and an ignored event")
    func roundTrip() throws {
        for command in CommandSamples.all {
            for event in [NavigationEvent.rejected(command, reason: .invalidValue, subject: nil),
                          .ignored(command, reason: .noChange, subject: ControllerID(app: 2))] {
                var bytes: [UInt8] = []
                EventCodec.encode(event, startsCommit: true, into: &bytes)
                #expect(try Codec.decode(bytes).event == event, "\(command)")
            }
        }
    }
}
