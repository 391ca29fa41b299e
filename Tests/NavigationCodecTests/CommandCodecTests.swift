import ByteCoding
import NavTapeTestSupport
import Testing
@testable import NavigationCodec
import NavigationCore

/// The byte form of the command vocabulary (rejected and ignored events carry whole commands).
@Suite("Command codec")
struct CommandCodecTests {
    @Test("a command's first byte is its kind's frozen raw value; every property has its own wire tag, matched by name")
    func wireTags() {
        for command in CommandSamples.all {
            var writer = ByteWriter()
            writer.writeCommand(command)
            #expect(writer.bytes.first == command.kind.rawValue, "\(command.kind)")
        }
        // The frozen numbers (docs/EventEncoding.md): a renumbering would break every log holding a rejection.
        #expect(CommandKind.allCases.map(\.rawValue) == Array(0...26))
        #expect(CommandKind.show.rawValue == 0x08 && CommandKind.setPolicy.rawValue == 0x19)
        for name in SplitProperty.Name.allCases {
            #expect(SplitPropertyWireTag(name)?.name == name, "\(name) has no wire tag")
        }
    }

    @Test("an event's tag byte decodes as init(rawValue:) would, for every byte")
    func eventTagDecoding() {
        for byte in UInt8.min...UInt8.max {
            #expect(EventWireTag.decoding(byte) == EventWireTag(rawValue: byte), "byte \(byte)")
        }
        #expect(EventWireTag(rawValue: EventWireTag.last.rawValue + 1) == nil)
    }

    @Test("a show's resolution tag decodes as init(rawValue:) would, for every byte")
    func showResolutionTagDecoding() {
        for byte in UInt8.min...UInt8.max {
            #expect(ShowResolutionWireTag.decoding(byte) == ShowResolutionWireTag(rawValue: byte), "byte \(byte)")
        }
        #expect(ShowResolutionWireTag(rawValue: ShowResolutionWireTag.replacedStack.rawValue + 1) == nil)
    }

    @Test("every sample command round-trips through the bytes of a rejected and an ignored event")
    func roundTrip() throws {
        for command in CommandSamples.all {
            for event in [
                NavigationEvent.rejected(command, reason: .invalidValue, subject: nil),
                .ignored(command, reason: .noChange, subject: ControllerID(app: 2)),
            ] {
                var bytes: [UInt8] = []
                EventCodec.encode(event, startsCommit: true, into: &bytes)
                #expect(try Codec.decode(bytes).event == event, "\(command)")
            }
        }
    }
}
