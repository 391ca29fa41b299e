import ByteCoding
import NavigationCodec
import NavigationCore
import Testing

@Suite("Event codec")
struct EventCodecTests {
    @Test("the samples cover every event and command kind")
    func samplesCoverEveryCase() {
        #expect(Set(Samples.events.map(\.kind)) == Set(EventKind.allCases))
        #expect(Set(Samples.commands.map(\.kind)) == Set(CommandKind.allCases))
    }

    @Test("every sample event round-trips", arguments: [false, true])
    func everyEventRoundTrips(startsCommit: Bool) throws {
        for event in Samples.events {
            let bytes = EventCodec.encode(event, startsCommit: startsCommit)
            let decoded = try Codec.decode(bytes)
            #expect(decoded.event == event, "\(event) → \(bytes.hex)")
            #expect(decoded.startsCommit == startsCommit)
            // The commit flag is the tag byte's high bit and nothing else.
            #expect(bytes[0] & 0x80 == (startsCommit ? 0x80 : 0))
            #expect(EventCodec.encode(event, startsCommit: !startsCommit).dropFirst() == bytes.dropFirst())
            // The array and buffer entry points agree.
            #expect(try EventCodec.decode(bytes).event == event)
        }
    }

    @Test("the kind read from a record's first byte is its decoded event's, for every tag; other bytes have none")
    func kindFromTheTag() throws {
        for (index, event) in Samples.events.enumerated() {
            let bytes = EventCodec.encode(event, startsCommit: index.isMultiple(of: 2))
            let kind = bytes.withUnsafeBytes { EventCodec.kind(of: $0) }
            #expect(kind == event.kind, "\(event) → \(bytes.hex)")
        }
        // A recorded `stackSet` of the older form (tag 0x12) is a `stackSet` too.
        #expect([UInt8(0x12), 0x01, 0x00].withUnsafeBytes { EventCodec.kind(of: $0) } == .stackSet)
        for byte in [UInt8(0x00), 0x27, 0x7F, 0x80, 0xA7, 0xFF] {
            #expect([byte].withUnsafeBytes { EventCodec.kind(of: $0) } == nil, "\(byte)")
        }
        #expect(EventCodec.kind(of: UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
    }

    @Test("the fused decoder applies exactly what decode + evolve apply")
    func fusedMatchesDecodeThenEvolve() throws {
        var viaDecode = NavigationState(traits: Device.iPad.traits(.landscape))
        var viaFused = viaDecode
        for (index, event) in Samples.events.enumerated() {
            let bytes = EventCodec.encode(event, startsCommit: index.isMultiple(of: 2))
            viaDecode.evolve(try Codec.decode(bytes).event)
            #expect(try Codec.decodeAndEvolve(bytes, into: &viaFused) == index.isMultiple(of: 2))
            #expect(viaFused == viaDecode)
        }
    }

    @Test("a batch folds as the step does record by record, and stops at the first bad record")
    func batchMatchesTheStep() throws {
        let records = Samples.events.enumerated().map { EventCodec.encode($1, startsCommit: $0.isMultiple(of: 2)) }
        let start = NavigationState(traits: Device.iPad.traits(.landscape))
        // Each record damaged in turn (an unknown tag), and none.
        for bad in [nil] + Array(records.indices) {
            var batchRecords = records
            if let bad { batchRecords[bad] = [0x7F] + batchRecords[bad].dropFirst() }
            var expected = start
            var expectedError: CodecError?
            for record in batchRecords {
                do throws(CodecError) { _ = try Codec.decodeAndEvolve(record, into: &expected) } catch {
                    expectedError = error
                    break
                }
            }
            var lengths = ByteWriter()
            for record in batchRecords { lengths.writeVarint(UInt64(record.count)) }
            let data = batchRecords.flatMap { $0 }
            var state = start
            var failure: (error: CodecError, index: UInt64)?
            lengths.bytes.withUnsafeBytes { lengthBytes in
                data.withUnsafeBytes { dataBytes in
                    let cursor = RecordCursor(lengths: ByteReader(lengthBytes), data: ByteReader(dataBytes))
                    var batch = RecordBatch(cursor: cursor, index: 100, count: batchRecords.count)
                    do throws(CodecError) { try EventCodec.decodeAndEvolve(&batch, into: &state) } catch {
                        failure = (error, batch.index - 1)
                    }
                }
            }
            #expect(state == expected, "bad record \(String(describing: bad))")
            #expect(failure?.error == expectedError)
            #expect(failure?.index == bad.map { 100 + UInt64($0) })
        }
    }

    @Test("NaN payloads survive bit for bit")
    func nanSurvives() throws {
        let nan = Double(bitPattern: 0x7FF8_0000_DEAD_BEEF)
        for event in [
            NavigationEvent.propertySet(.preferredPrimaryColumnWidth(nan)),
            .rejected(.setProperty(.minimumPrimaryColumnWidth(-nan)), reason: .invalidValue, subject: nil),
        ] {
            let bytes = EventCodec.encode(event, startsCommit: true)
            let decoded = try Codec.decode(bytes)
            // NaN != NaN, so compare what the event re-encodes to.
            #expect(EventCodec.encode(decoded.event, startsCommit: true) == bytes)
        }
    }

    @Test("typical events take 2–4 bytes with small IDs")
    func typicalSizes() {
        let a = ControllerID(app: 5), nav = ControllerID(app: 2), detail = ControllerID(app: 9)
        let sizes: [(NavigationEvent, Int)] = [
            (.pushed(a, onto: nav), 3),
            (.popped(navigation: nav, interactive: true), 2),
            (.displayModeChanged(.allVisible, cause: .button), 2),
            (.detailShown(detail, sender: a, resolution: .installedAsSecondary), 4),
            (.detailShown(detail, sender: a, resolution: .pushed(onto: nav)), 5),
            (.collapsed(CollapseResolution(newPrimary: nav, outcome: .secondaryPushed, atLaunch: false)), 3),
            (.separated(SeparateResolution(newPrimary: nav, secondary: detail, source: .poppedFromPrimary)), 4),
            (.traitsChanged(Device.iPad.traits(.portrait)), 6),
            (.presented(a), 2),
            (.ignored(.pop(nav), reason: .atRoot, subject: nav), 5),
        ]
        for (event, size) in sizes {
            #expect(EventCodec.encode(event, startsCommit: false).count == size, "\(event)")
        }
    }

    @Test("encode appends and leaves earlier bytes alone")
    func encodeAppends() throws {
        var buffer: [UInt8] = [0xAA, 0xBB]
        EventCodec.encode(.pushed(ControllerID(app: 1), onto: ControllerID(app: 0)), startsCommit: true, into: &buffer)
        EventCodec.encode(.popped(navigation: ControllerID(app: 0), interactive: false), startsCommit: false, into: &buffer)
        #expect(buffer == [0xAA, 0xBB, 0x8E, 0x02, 0x00, 0x0F, 0x00])
    }
}

@Suite("Codec errors")
struct CodecErrorTests {
    func error(_ hex: String) -> CodecError? {
        guard let bytes = [UInt8](hex: hex) else {
            Issue.record("bad hex \(hex)")
            return nil
        }
        return Codec.decodeError(bytes)
    }

    @Test("the empty record is truncated")
    func empty() {
        #expect(error("") == CodecError(.truncated, at: 0, "event.tag"))
    }

    @Test("unknown tags, with and without the commit bit", arguments: ["00", "27", "7f", "80", "a7", "ff"])
    func unknownTags(hex: String) {
        #expect(error(hex)?.code == .unknownTag)
        #expect(error(hex)?.offset == 0)
    }

    @Test("a byte after the event is trailing")
    func trailing() {
        #expect(error("0e0200ff") == CodecError(.trailingBytes, at: 3, "event"))
    }

    @Test("malformed values name their offset")
    func invalidValues() {
        // A non-minimal varint (0x80 0x00 for 0).
        #expect(error("0e800000")?.code == .invalidValue)
        #expect(error("0e800000")?.offset == 1)
        // An ID code above 0xFFFF_FFFF.
        #expect(error("0e8080808010" + "00")?.code == .invalidValue)
        // A varint longer than 10 bytes.
        #expect(error("0e" + String(repeating: "ff", count: 10) + "01")?.code == .invalidValue)
        // A display mode of 7 and a cause of 11.
        #expect(error("0807")?.code == .invalidValue)
        #expect(error("08b0")?.code == .invalidValue)
        // A boolean of 2 (interactivePop's completed, inside an ignored event).
        #expect(error("1606000c0002") == CodecError(.invalidValue, at: 5, "interactivePop.completed"))
        // Traits with a reserved bit, and side-by-side 3.
        #expect(error("05100000")?.code == .invalidValue)
        #expect(error("050c0000")?.code == .invalidValue)
        // A width outside Int32.
        #expect(error("0500feffffff1f00")?.code == .invalidValue)
        // Unknown show resolution, unknown command, unknown property, enum out of range.
        #expect(error("0c070102")?.code == .unknownTag)
        // The first command tag no kind has (a new command takes it, and this moves on with it).
        let unused = String(CommandKind.allCases.count, radix: 16), unusedCommandTag = unused.count == 1 ? "0" + unused : unused
        #expect(error("160700" + unusedCommandTag)?.code == .unknownTag)
        #expect(error("0608")?.code == .unknownTag)
        #expect(error("0207")?.code == .truncated)
        #expect(error("02000400")?.code == .invalidValue)
        #expect(error("0b0006" + "00")?.code == .invalidValue)
        #expect(error("157f" + "00" + "11")?.code == .invalidValue)
    }

    @Test("invalid UTF-8 is refused where the string starts")
    func invalidUTF8() {
        #expect(error("0102c328") == CodecError(.invalidUTF8, at: 2, "nameInterned"))
        #expect(error("0103eda080") == CodecError(.invalidUTF8, at: 2, "nameInterned"))  // a surrogate
    }

    @Test("lengths and counts are capped before allocating")
    func caps() {
        // A string claiming 2^21 bytes.
        #expect(error("0180808001")?.code == .tooLarge)
        // A string claiming more bytes than remain.
        #expect(error("010541")?.code == .truncated)
        // A list claiming 2^25 elements, and 5 elements with 2 bytes left.
        #expect(error("030080808010")?.code == .tooLarge)
        #expect(error("0300050102")?.code == .truncated)
    }

    @Test("spec trees deeper than the limit are tooLarge; the deepest allowed decodes")
    func specDepth() throws {
        let deepest = NavigationEvent.rejected(.instantiate(Samples.deepSpec(depth: CodecLimits.maximumSpecDepth - 1)), reason: .invalidValue, subject: nil)
        #expect(try Codec.decode(EventCodec.encode(deepest, startsCommit: true)).event == deepest)
        let tooDeep = NavigationEvent.rejected(.instantiate(Samples.deepSpec(depth: CodecLimits.maximumSpecDepth)), reason: .invalidValue, subject: nil)
        #expect(Codec.decodeError(EventCodec.encode(tooDeep, startsCommit: true))?.code == .tooLarge)
        // A navigation spec flagged with children but a count of zero is not canonical.
        #expect(error("15" + "0d" + "00" + "00" + "21" + "00" + "00")?.code == .invalidValue)
    }

    @Test("the description is one line naming code, offset and field")
    func description() {
        let error = CodecError(.truncated, at: 3, "pushed.onto")
        #expect(error.description == "truncated at byte 3 (pushed.onto)")
        #expect(!CodecError.Code.allCases.map { "\(CodecError($0, at: 0, "x"))" }.contains { $0.contains("\n") })
        switch error {
        case .truncated: break
        default: Issue.record("~= did not match")
        }
    }

    @Test("a failing fused decode leaves the state untouched")
    func fusedFailureIsAtomic() {
        var state = NavigationState(traits: Device.iPad.traits(.landscape))
        let before = state
        // A valid nameInterned record followed by a trailing byte.
        let bytes = EventCodec.encode(.nameInterned("X"), startsCommit: true) + [0]
        #expect(throws: CodecError.self) { try Codec.decodeAndEvolve(bytes, into: &state) }
        #expect(state == before)
    }
}
