import Foundation
import NavTapeTestSupport
import NavigationCodec
import NavigationCore
import Testing
@testable import NavTapeInterchange
import NavTape

@Suite("JSON")
struct JSONTests {
    @Test("writer: sorted keys, integers without fractions, escapes that keep a terminal safe")
    func writer() {
        let value = JSONValue.object([
            "b": .array([.int(-3), .double(2.5), .double(320), .double(.nan), .null, .bool(true)]),
            "a": .string("q\"\\\n\t\u{1B}[31m\u{202E}é"),
        ])
        #expect(value.text == #"{"a":"q\"\\\n\t\u001b[31m\u202eé","b":[-3,2.5,320,null,null,true]}"#)
        // The zero-width and invisible characters, as a terminal line escapes them (DisplaySafety).
        #expect(JSONValue.string("a\u{200B}b\u{2060}c\u{FEFF}d\u{2066}").text == #""a\u200bb\u2060c\ufeffd\u2066""#)
    }

    @Test("parser: round trip of the writer's output and standard escapes")
    func parser() throws {
        let text = #"{"x":[1,-2,3.25,1e3,true,false,null,"\u00e9\ud83d\ude00\/\b"],"y":{}}"#
        let value = try JSONValue.parse(text)
        #expect(
            value
                == .object([
                    "x": .array([.int(1), .int(-2), .double(3.25), .double(1000), .bool(true), .bool(false), .null, .string("é😀/\u{8}")]),
                    "y": .object([:]),
                ]))
        #expect(try JSONValue.parse(value.text).text == value.text)
    }

    @Test(
        "parser: errors name the byte",
        arguments: [
            ("{\"a\" 1}", "byte 5: expected ':'"), ("[1,]", "byte 3: unexpected character"), ("\"abc", "byte 4: unterminated string"),
            ("{\"a\":1,\"a\":2}", "byte 7: duplicate key \"a\""), ("[1] x", "byte 4: unexpected text after the value"),
            ("\"\\ud800\"", "byte 7: unpaired surrogate"), (String(repeating: "[", count: 70), "byte 64: nesting deeper than 64"),
        ])
    func parserErrors(text: String, message: String) {
        #expect(throws: JSONError.self) { try JSONValue.parse(text) }
        do {
            _ = try JSONValue.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    /// One event of every kind, and every payload variant that has its own JSON shape.
    static let events: [NavigationEvent] =
        [
            .nameInterned("MN"),
            .controllerCreated(ControllerID(app: 0), kind: .navigation, name: NameID(rawValue: 0), restorationID: NameID(rawValue: 1)),
            .controllerCreated(ControllerID(minted: 2), kind: .tabBar, name: NameID(rawValue: 3), restorationID: nil),
            .stackInitialized(ControllerID(app: 0), [ControllerID(app: 1), ControllerID(app: 2)]),
            .launched(Device.iPhonePlus.traits(.portrait)),
            .traitsChanged(Device.iPad.multitaskingTraits(.landscape, widthFraction: 0.5)),
            .propertySet(.presentsWithGesture(false)), .propertySet(.primaryEdge(.trailing)),
            .propertySet(.preferredPrimaryColumnWidthFraction(0.4)), .propertySet(.preferredPrimaryColumnWidth(nil)),
            .propertySet(.minimumPrimaryColumnWidth(12.5)), .propertySet(.maximumPrimaryColumnWidth(400)),
            .preferredDisplayModeSet(.twoBesideSecondary),
            .displayModeChanged(.primaryOverlay, cause: .button),
            .splitViewControllersSet(primary: ControllerID(app: 0), secondary: nil),
            .splitViewControllersSet(primary: ControllerID(app: 0), secondary: ControllerID(app: 2)),
            .collapsed(CollapseResolution(newPrimary: ControllerID(app: 0), outcome: .mergedByDelegate, atLaunch: true)),
            .separated(SeparateResolution(newPrimary: ControllerID(app: 0), secondary: ControllerID(minted: 0), source: .rememberedStale)),
            .separated(SeparateResolution(newPrimary: ControllerID(app: 0), secondary: nil, source: .none)),
            .shown(ControllerID(app: 4), sender: ControllerID(app: 1), resolution: .pushed(onto: ControllerID(app: 0))),
            .shown(ControllerID(app: 4), sender: ControllerID(app: 1), resolution: .installedAsPrimary),
            .detailShown(nil, sender: ControllerID(app: 1), resolution: .unchanged),
            .detailShown(ControllerID(app: 4), sender: ControllerID(app: 1), resolution: .installedAsSecondary),
            .detailShown(ControllerID(app: 4), sender: ControllerID(app: 1), resolution: .presentedModally),
            .detailShown(ControllerID(app: 4), sender: ControllerID(app: 1), resolution: .handledByDelegate),
            .pushed(ControllerID(app: 5), onto: ControllerID(app: 4)),
            .popped(navigation: ControllerID(app: 0), interactive: true),
            .poppedToRoot(navigation: ControllerID(app: 0)),
            .poppedTo(ControllerID(app: 1), navigation: ControllerID(app: 0)),
            .stackSet([ControllerID(app: 1)], navigation: ControllerID(app: 0)),
            .presented(ControllerID(app: 7)), .dismissed(ControllerID(app: 7)),
            .rejected(.instantiate(ControllerSpec(.split, "S", restorationID: "r", children: [.content("x")])), reason: .invalidValue, subject: nil),
            .rejected(.push(ControllerID(app: 1), onto: ControllerID(app: 0)), reason: .alreadyInStack, subject: ControllerID(app: 1)),
            .rejected(.setViewControllers([], of: ControllerID(app: 0)), reason: .emptyList, subject: nil),
            .rejected(.setSplitViewControllers([ControllerID(app: 0)]), reason: .wrongControllerCount, subject: nil),
            .rejected(.setProperty(.preferredPrimaryColumnWidthFraction(2)), reason: .invalidValue, subject: nil),
            .rejected(.changeTraits(Device.iPhone.traits(.landscape)), reason: .alreadyLaunched, subject: nil),
            .rejected(.launch(Device.iPhone.traits(.portrait)), reason: .alreadyLaunched, subject: nil),
            .rejected(.setPreferredDisplayMode(.twoOverSecondary), reason: .invalidDisplayMode, subject: nil),
            .rejected(.show(ControllerID(app: 3), sender: ControllerID(app: 9)), reason: .senderNotInHierarchy, subject: ControllerID(app: 9)),
            .rejected(.showDetail(nil, sender: ControllerID(app: 9)), reason: .unknownController, subject: nil),
            .rejected(.popTo(ControllerID(app: 3), in: ControllerID(app: 0)), reason: .notInStack, subject: ControllerID(app: 3)),
            .rejected(.present(ControllerID(app: 3)), reason: .alreadyPresenting, subject: nil),
            .ignored(.pop(ControllerID(app: 0)), reason: .atRoot, subject: ControllerID(app: 0)),
            .ignored(.popToRoot(ControllerID(app: 0)), reason: .atRoot, subject: nil),
            .ignored(.interactivePop(ControllerID(app: 0), completed: false), reason: .cancelled, subject: nil),
            .ignored(.tapDisplayModeButton, reason: .collapsed, subject: nil),
            .ignored(.edgeSwipe, reason: .gestureDisabled, subject: nil),
            .ignored(.tapDimmedSecondary, reason: .notOverlaid, subject: nil),
            .ignored(.dismiss, reason: .nothingPresented, subject: nil),
            .columnSet(ControllerID(app: 3), column: .secondary, resolution: .installed),
            .columnSet(ControllerID(app: 3), column: .primary, resolution: .wrapped(in: ControllerID(minted: 1))),
            .columnSet(ControllerID(app: 3), column: .secondary, resolution: .pushed(onto: ControllerID(app: 2))),
            .columnSet(nil, column: .supplementary, resolution: .cleared),
            .columnShown(.primary), .columnHidden(.supplementary), .columnStacked(.secondary), .columnUnstacked(.compact),
            .preferredSplitBehaviorSet(.displace), .splitBehaviorChanged(.overlay),
            .delegateNotified(.legacyWillHideMaster),
            .shown(ControllerID(app: 4), sender: ControllerID(app: 1), resolution: .replacedStack(of: ControllerID(app: 2))),
            .propertySet(.showsSecondaryOnlyButton(true)), .propertySet(.displayModeButtonVisibility(.never)),
            .rejected(.setViewController(ControllerID(app: 3), for: .compact), reason: .invalidValue, subject: nil),
            .rejected(.setViewController(nil, for: .supplementary), reason: .invalidValue, subject: nil),
            .rejected(.showColumn(.secondary), reason: .invalidValue, subject: nil),
            .rejected(.hideColumn(.compact), reason: .invalidValue, subject: nil),
            .rejected(.setPreferredSplitBehavior(.tile), reason: .invalidValue, subject: nil),
            .rejected(.tapSecondaryOnlyButton, reason: .invalidValue, subject: nil),
            .flagSet(NameID(rawValue: 4), value: true), .flagSet(NameID(rawValue: 0), value: false),
            .controllerReleased(ControllerID(minted: 2)),
            .detailMarked(ControllerID(app: 4)),
            .itemRepresented(ControllerID(app: 4), item: NameID(rawValue: 2)), .itemRepresented(ControllerID(minted: 1), item: nil),
            .diverged(
                Divergence(
                    aspect: .stack(of: .unmatched(name: NameID(rawValue: 1))), observed: .controllers([.controller(ControllerID(minted: 1))]),
                    model: .controllers([]), rules: [RuleID(.EX, 3)])),
            .diverged(Divergence(aspect: .displayMode, observed: .displayMode(.oneOverSecondary), model: .displayMode(.secondaryOnly), rules: [])),
            .resynced(
                Resync(
                    viewControllers: [ControllerID(app: 0), ControllerID(app: 4)],
                    stacks: [Resync.Stack(navigation: ControllerID(app: 4), viewControllers: [ControllerID(app: 5), ControllerID(minted: 1)])],
                    displayMode: .oneBesideSecondary)),
            .resynced(Resync()),
        ] + CommandSamples.policies.map { .policyChanged($0) }

    @Test("every event kind survives encode → text → parse → decode")
    func eventRoundTrip() throws {
        #expect(Set(Self.events.map(\.kind)) == Set(EventKind.allCases))
        for (i, event) in Self.events.enumerated() {
            let recorded = RecordedEvent(index: UInt64(i), time: 1_000 + Int64(i), event: event, startsCommit: i % 2 == 0)
            let text = JSONEvent.encode(recorded).text
            #expect(try JSONEvent.decode(JSONValue.parse(text)) == recorded, "\(text)")
        }
    }

    @Test("export's event writer writes the bytes of the encoded object, for every event kind and hostile names")
    func eventWriterMatchesEncode() {
        var writer = JSONEventWriter()
        let names = ["<img src=x onerror=alert(1)>", "a\"b\\c", "tab\there", "\u{202E}rtl", "Détail", "\u{1F600}", ""]
        let events = Self.events + names.map { NavigationEvent.nameInterned($0) }
        var stream: [UInt8] = []
        var expected = ""
        for (i, event) in events.enumerated() {
            // Large, negative and zero positions and times: the integer writer's edges.
            let time: Int64 = [0, -1, Int64.min, Int64.max, 1_000 + Int64(i)][i % 5]
            let recorded = RecordedEvent(index: i % 7 == 0 ? UInt64.max : UInt64(i), time: time, event: event, startsCommit: i % 2 == 0)
            var bytes: [UInt8] = []
            writer.write(recorded, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == JSONEvent.encode(recorded).text)
            writer.write(recorded, into: &stream)
            expected += JSONEvent.encode(recorded).text
        }
        // One writer reused for a stream leaves nothing of one object in the next.
        #expect(String(decoding: stream, as: UTF8.self) == expected)
    }

    @Test("the event schema: flat objects with type, index, time, commit and event")
    func eventSchema() {
        let recorded = RecordedEvent(index: 7, time: 42, event: .pushed(ControllerID(app: 5), onto: ControllerID(minted: 1)), startsCommit: true)
        #expect(
            JSONEvent.encode(recorded).text
                == ##"{"commit":true,"controller":"#5","event":"pushed","index":7,"onto":"#m1","time":42,"type":"event"}"##)
    }

    @Test(
        "decoding refuses what does not fit, naming the member",
        arguments: [
            (#"{"type":"event","index":0,"time":1,"commit":true,"event":"teleported"}"#, #"event.event: unknown event "teleported""#),
            (
                ##"{"type":"event","index":0,"time":1,"commit":true,"event":"pushed","controller":"#x","onto":"#0"}"##,
                ##"event.controller: expected a controller ID such as "#3" or "#m0""##
            ),
            (##"{"type":"event","index":0,"time":1,"commit":true,"event":"popped","navigation":"#0"}"##, ##"event: missing "interactive""##),
            (
                ##"{"type":"event","index":-1,"time":1,"commit":true,"event":"dismissed","controller":"#0"}"##,
                "event.index: expected a non-negative integer"
            ),
            (
                #"{"type":"event","index":0,"time":1,"commit":true,"event":"displayModeChanged","mode":"sideways","cause":"button"}"#,
                #"event.mode: expected a display mode, found "sideways""#
            ),
            (#"[1]"#, "event: expected an object"),
        ])
    func decodingErrors(text: String, message: String) throws {
        let value = try JSONValue.parse(text)
        do {
            _ = try JSONEvent.decode(value)
            Issue.record("decoded \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("policies survive the session line, every answer")
    func policies() throws {
        var policies = CommandSamples.policies
        var columns = SplitPolicy(name: "columns")
        columns[.topColumnForCollapsing] = [PolicyRule(.column(.primary))]
        columns[.displayModeForExpanding] = [PolicyRule(.mode(.oneOverSecondary))]
        columns[.shouldHide] = [PolicyRule(.bool(true), if: .landscape), PolicyRule(.bool(false))]
        columns.implementsWillHide = true
        policies.append(columns)
        for policy in policies {
            let description = SessionDescription(
                style: .unspecified, initialTraits: Device.iPad.traits(.portrait), policy: policy,
                device: "ipad", layout: "MN[M]")
            let session = JSONSession(sessionID: "s", startTime: 5, description: description, parent: ("p", 3))
            let decoded = try JSONSession(json: JSONValue.parse(session.json.text))
            #expect(decoded.description == description)
            #expect(decoded.parent?.sessionID == "p" && decoded.parent?.forkIndex == 3)
        }
    }

    @Test("import refuses inconsistent lines, naming the line, and leaves no log")
    func importChecks() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let directory = scratch.url
        let description = SessionDescription(
            style: .unspecified, initialTraits: Device.iPad.traits(.portrait), policy: .noDelegate,
            device: "ipad", layout: "")
        let session = JSONSession(sessionID: "s", startTime: 100, description: description).json.text
        func event(_ index: Int, time: Int, commit: Bool) -> String {
            JSONEvent.encode(RecordedEvent(index: UInt64(index), time: Int64(time), event: .nameInterned("n\(index)"), startsCommit: commit)).text
        }
        let cases: [(String, String)] = [
            ("", "in.jsonl: empty input: expected a session line"),
            (event(0, time: 100, commit: true), #"in.jsonl: line 1: session.type: expected "session" on the first line"#),
            (session + "\n" + event(1, time: 100, commit: true), "in.jsonl: line 2: event index 1, expected 0"),
            (session + "\n" + event(0, time: 100, commit: false), #"in.jsonl: line 2: the first event must start a commit ("commit":true)"#),
            (
                session + "\n" + event(0, time: 200, commit: true) + "\n" + event(1, time: 150, commit: true),
                "in.jsonl: line 3: time 150 is before the previous event's 200"
            ),
            (
                session + "\n" + event(0, time: 200, commit: true) + "\n" + event(1, time: 250, commit: false),
                "in.jsonl: line 3: time 250 differs from its commit's 200"
            ),
            (session + "\n\n" + "{", "in.jsonl: line 3: byte 1: expected a key"),
        ]
        for (text, message) in cases {
            let path = directory.appendingPathComponent("out.navtape").path
            #expect(throws: NavTapeError.self) { try JSONLines.importLog(text, file: "in.jsonl", into: path) }
            do {
                try JSONLines.importLog(text, file: "in.jsonl", into: path)
            } catch {
                #expect(error.description == message)
                #expect(error.code == .dataError)
            }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}
