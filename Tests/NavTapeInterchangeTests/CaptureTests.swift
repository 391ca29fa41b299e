import Foundation
import NavTape
import NavTapeTestSupport
import NavigationCodec
import NavigationCore
import NavigationProjections
import Testing
@testable import NavTapeInterchange

/// Capture: intent streams decided, compared with what UIKit observed, recorded (docs/Capture.md,
/// issue 14). The sample streams are `Tests/Capture/*.intents.jsonl`, also validated against
/// `docs/capture.schema.json` by `scripts/check-capture-schema`.
@Suite("Capture")
struct CaptureTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Capture")

    /// Every line of `text` fed in order; the steps by line number.
    static func ingest(_ text: String, file: String = "t.jsonl", into path: String) throws -> (CaptureIngest, [(line: Int, step: CaptureStep)]) {
        var ingest = CaptureIngest(path: path, file: file, options: RecorderOptions(), now: { SessionTime.defaultStart })
        var steps: [(Int, CaptureStep)] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let step = try ingest.feed(String(line), number: i + 1) { steps.append((i + 1, step)) }
        }
        try ingest.finish()
        return (ingest, steps)
    }

    /// The divergences a sample announces: `// diverges: A B` names the aspects of the next command line.
    static func announced(_ text: String) -> [Int: [String]] {
        var result: [Int: [String]] = [:]
        var pending: [String]?
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("// diverges:") {
                pending = line.dropFirst("// diverges:".count).split(separator: " ").map(String.init)
            } else if !IntentStream.isSkipped(line), let aspects = pending {
                result[i + 1] = aspects
                pending = nil
            }
        }
        return result
    }

    @Test(
        "every sample records exactly the divergences it announces (each field agreeing and disagreeing)",
        arguments: ["calendar-paste.intents.jsonl", "fields.intents.jsonl"])
    func announcedDivergences(sample: String) throws {
        let text = try String(contentsOf: Self.samples.appendingPathComponent(sample), encoding: .utf8)
        let expected = Self.announced(text)
        #expect(!expected.isEmpty, "a sample must seed at least one disagreement")
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let (ingest, steps) = try Self.ingest(text, file: sample, into: scratch.path("s.navtape"))
        var found: [Int: [String]] = [:]
        for (line, step) in steps where !step.divergences.isEmpty {
            found[line] = step.divergences.map(\.aspect.name)
        }
        #expect(found == expected)
        #expect(ingest.divergenceCount == expected.values.reduce(0) { $0 + $1.count })
        // The log says the same: replay finds the same divergences and ends in the recorder's state.
        let machine = try TimeMachine(path: scratch.path("s.navtape"))
        var report = ConformanceReport()
        try machine.run(&report)
        #expect(report.entries.map(\.divergence) == steps.flatMap(\.step.divergences))
        #expect(try machine.state(at: machine.eventCount) == ingest.capture?.state)
    }

    @Test(
        "every sample stream is ingested whole, without an error",
        arguments: [
            "calendar-paste.intents.jsonl", "fields.intents.jsonl",
            "schema-sample.intents.jsonl", "calendar-paste.rendered.intents.jsonl", "segue.intents.jsonl",
        ])
    func everySample(sample: String) throws {
        let text = try String(contentsOf: Self.samples.appendingPathComponent(sample), encoding: .utf8)
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let (ingest, _) = try Self.ingest(text, file: sample, into: scratch.path("s.navtape"))
        let lines = text.split(separator: "\n").filter { !IntentStream.isSkipped($0) }
        let resyncs = lines.filter { $0.hasPrefix(#"{"time":"#) && $0.contains(#","resync":"#) || $0.hasPrefix(#"{"resync":"#) }.count
        #expect(ingest.commandCount == lines.count - 1 - resyncs, "every command line is recorded")
        #expect(try TimeMachine(path: scratch.path("s.navtape")).verify().isDeterministic)
    }

    @Test("Calendar Paste: the seeded disagreement names SH-11; the delegate's fresh NoSelectionNC is matched to the model's mint")
    func calendarPaste() throws {
        let text = try String(contentsOf: Self.samples.appendingPathComponent("calendar-paste.intents.jsonl"), encoding: .utf8)
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let (ingest, steps) = try Self.ingest(text, into: scratch.path("cp.navtape"))
        let diverged = steps.flatMap(\.step.divergences)
        #expect(diverged.count == 1)
        let divergence = try #require(diverged.first)
        #expect(divergence.rules == [RuleID(.SH, 11)])
        let capture = try #require(ingest.capture)
        let state = capture.state
        // The app's "0x8" (the empty detail its delegate made on the second separate) is the model's #m…
        let emptyDetail = try #require(capture.identities["0x8"])
        #expect(emptyDetail.isMinted)
        #expect(state.name(of: emptyDetail) == "NoSelectionNC")
        let emptyRoot = try #require(capture.identities["0x9"])
        #expect(emptyRoot.isMinted && state.name(of: emptyRoot) == "NoSelection")
        #expect(
            divergence.observed
                == .controllers([
                    .controller(try #require(capture.identities["0x1"])),
                    .controller(try #require(capture.identities["0x7"])),
                ]))
        #expect(
            divergence.model
                == .controllers([
                    .controller(try #require(capture.identities["0x1"])),
                    .controller(try #require(capture.identities["0x5"])),
                ]))
        #expect(state.hierarchyDescription == "MasterNC[Master] | PasteNC[ShiftAssignment]")
    }

    /// A phone app collapsed on `MN[M]`; a third-party SDK then pushes `S` and `T` with UIKit's own
    /// calls, and the user taps Back: UIKit shows `[M, S]`. With `resync`, the stream says what
    /// UIKit showed before the Back.
    static func thirdPartyPush(resync: Bool) -> String {
        let lines = [
            #"{"navtape":"intents","version":1,"device":"iphone","traits":"portrait","startTime":0}"#,
            #"{"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MN","children":[{"id":"m","name":"M"}]}]}"#,
            #"{"command":"launch","time":1000}"#,
            resync ? #"{"time":2000,"resync":{"stacks":[{"navigation":"p","viewControllers":["m",{"id":"s","name":"S"},{"id":"t","name":"T"}]}]}}"# : "",
            #"{"command":"pop","navigation":"p","time":3000,"observed":{"stacks":[{"navigation":"p","viewControllers":["m",{"id":"s","name":"S"}]}]}}"#,
        ]
        return lines.joined(separator: "\n")
    }

    @Test("resync (docs/Capture.md): a third-party push is adopted, so the next Back is compared from UIKit's state, not blamed on NV-2")
    func resyncAdoptsAThirdPartyPush() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        // Without the resync the model never saw the push: its Back at the root diverges, blamed on the pop's rule.
        let (silent, silentSteps) = try Self.ingest(Self.thirdPartyPush(resync: false), into: scratch.path("silent.navtape"))
        let blamed = silentSteps.flatMap(\.step.divergences)
        #expect(blamed.count == 1 && blamed.first?.aspect.name == "stack")
        #expect(silent.resyncCount == 0)
        // With it, the model adopts UIKit's stack and the Back agrees.
        let (ingest, steps) = try Self.ingest(Self.thirdPartyPush(resync: true), into: scratch.path("r.navtape"))
        let capture = try #require(ingest.capture)
        #expect(steps.flatMap(\.step.divergences).isEmpty)
        #expect(ingest.resyncCount == 1 && ingest.commandCount == 3)
        let resync = try #require(steps.first { $0.line == 4 }?.step)
        #expect(resync.command == nil)
        let (p, m, s) = (try #require(capture.identities["p"]), try #require(capture.identities["m"]), try #require(capture.identities["s"]))
        let t = try #require(capture.identities["t"])
        #expect(resync.events.last == .resynced(Resync(stacks: [Resync.Stack(navigation: p, viewControllers: [m, s, t])])))
        #expect(capture.state.stack(of: p) == [m, s])
        // No rule governs the resync, and the log replays to the recorder's state with it.
        #expect(resync.events.last?.governingRules(in: capture.state) == [])
        let machine = try TimeMachine(path: scratch.path("r.navtape"))
        var report = ConformanceReport()
        try machine.run(&report)
        #expect(report.resyncs.map(\.resync) == [Resync(stacks: [Resync.Stack(navigation: p, viewControllers: [m, s, t])])])
        #expect(report.entries.isEmpty)
        #expect(try machine.state(at: machine.eventCount) == capture.state)
    }

    @Test("resync: what the model shows adopts nothing; a collapse it did not see is a divergence with no rule after the resync")
    func resyncMatchingAndUnadoptable() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let text = """
            {"navtape":"intents","version":1,"device":"iphone","traits":"portrait","startTime":0}
            {"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MN","children":[{"id":"m","name":"M"}]}]}
            {"command":"launch","time":1000}
            {"time":2000,"resync":{"viewControllers":["p"],"stacks":[{"navigation":"p","viewControllers":["m"]}],"collapsed":true}}
            {"time":3000,"resync":{"collapsed":false}}
            """
        let (ingest, steps) = try Self.ingest(text, into: scratch.path("c.navtape"))
        let matching = try #require(steps.first { $0.line == 4 }?.step)
        #expect(matching.events.isEmpty && matching.divergences.isEmpty)
        let unadoptable = try #require(steps.first { $0.line == 5 }?.step)
        #expect(unadoptable.events.first == .resynced(Resync()))
        #expect(unadoptable.divergences == [Divergence(aspect: .collapsed, observed: .flag(false), model: .flag(true), rules: [])])
        #expect(ingest.resyncCount == 1 && ingest.divergenceCount == 1)
        let machine = try TimeMachine(path: scratch.path("c.navtape"))
        var report = ConformanceReport()
        try machine.run(&report)
        #expect(report.entries.map(\.followsResync) == [true])
        #expect(report.entries.first?.command == nil)
    }

    @Test("resync on a pad: a Show Detail segue's new navigation controller becomes the secondary, created with its stack")
    func resyncNewNavigationController() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let text = """
            {"navtape":"intents","version":1,"device":"ipad","traits":"landscape","startTime":0}
            {"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MN","children":[{"id":"m","name":"M"}]},{"id":"d","name":"DN","kind":"navigation","children":[{"id":"e","name":"Empty"}]}]}
            {"command":"launch","time":1000,"observed":{"collapsed":false}}
            {"time":2000,"resync":{"viewControllers":["p",{"id":"n","name":"PhotoNC","kind":"navigation"}],"stacks":[{"navigation":"n","viewControllers":[{"id":"x","name":"Photo"}]}]}}
            {"command":"push","controller":{"id":"y","name":"Info"},"onto":"n","time":3000,"observed":{"viewControllers":["p","n"],"stacks":[{"navigation":"n","viewControllers":["x","y"]}]}}
            """
        let (ingest, steps) = try Self.ingest(text, into: scratch.path("pad.navtape"))
        let capture = try #require(ingest.capture)
        #expect(steps.flatMap(\.step.divergences).isEmpty, "\(steps.flatMap(\.step.divergences))")
        #expect(ingest.resyncCount == 1)
        #expect(capture.state.hierarchyDescription == "MN[M] | PhotoNC[Photo, Info]")
    }

    @Test("the same app controller shown twice is one identity")
    func sameIdentity() throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let text = """
            {"navtape":"intents","version":1,"device":"iphone","traits":"portrait","startTime":0}
            {"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MN","children":[{"id":"m","name":"M"}]}]}
            {"command":"launch"}
            {"command":"show","target":{"id":"a","name":"A"},"sender":"m"}
            {"command":"pop","navigation":"p"}
            {"command":"show","target":{"id":"a","name":"A"},"sender":"m"}
            """
        let (ingest, steps) = try Self.ingest(text, into: scratch.path("s.navtape"))
        let capture = try #require(ingest.capture)
        let a = try #require(capture.identities["a"])
        #expect(capture.state.stack(of: try #require(capture.identities["p"])) == [try #require(capture.identities["m"]), a])
        #expect(capture.state.appControllerCount == 3)
        #expect(steps.last?.step.command == .show(a, sender: try #require(capture.identities["m"])))
    }

    @Test(
        "a line that does not fit stops with FILE:LINE and keeps every line before it",
        arguments: [
            (#"{"command":"pusj"}"#, #"t.jsonl:4: command: unknown command "pusj" (did you mean "push"?)"#),
            (#"{"command":"pop","navigation":"p","observd":{}}"#, #"t.jsonl:4: line: unknown member "observd" (did you mean "observed"?)"#),
            (#"{"command":"pop","navigation":"q"}"#, #"t.jsonl:4: navigation: unknown controller "q" (describe it with an object the first time)"#),
            (
                #"{"command":"push","controller":{"id":"n","name":"N","children":[{"id":"m","name":"M"}]},"onto":"p"}"#,
                #"t.jsonl:4: controller.children[0]: "m" already names a controller; a new tree holds new controllers only"#
            ),
            (#"{"command":"pop","navigation":"p","time":5}"#, #"t.jsonl:4: time 5 is before the previous command's 1000"#),
            (
                #"{"command":"pop","navigation":"p","observed":{"viewControllers":["zz"]}}"#,
                #"t.jsonl:4: observed.viewControllers[0]: unknown controller "zz" (describe it with an object the first time)"#
            ),
            (
                #"{"command":"changeTraits","traits":{"sizeClass":"big","width":1,"height":1,"idiom":"phone"}}"#,
                #"t.jsonl:4: line.traits.sizeClass: expected a SizeClass case name, found "big""#
            ),
            // A tree the model cannot create (children under a content controller, a navigation controller in
            // a stack) is refused before anything is appended, not recorded as a rejection.
            (
                #"{"command":"present","controller":{"id":"q","name":"Q","kind":"content","children":[{"id":"r","name":"R"}]}}"#,
                #"t.jsonl:4: controller: cannot create Q: invalidValue (ST-10)"#
            ),
            (
                #"{"command":"present","controller":{"id":"q","name":"QN","children":[{"id":"r","name":"RN","kind":"navigation","children":[{"id":"s","name":"S"}]}]}}"#,
                #"t.jsonl:4: controller: cannot create QN[RN[S]]: navigationController (NV-1)"#
            ),
            (
                #"{"resync":{"stacks":[{"navigation":"p","viewControllers":["m","zz"]}]}}"#,
                #"t.jsonl:4: resync.stacks[0].viewControllers[1]: unknown controller "zz" (describe it with an object the first time)"#
            ),
            (#"{"resync":{"collapsed":true},"command":"pop"}"#, #"t.jsonl:4: line: unknown member "command""#),
            (#"{"resync":{"stack":[]}}"#, #"t.jsonl:4: line.resync: unknown member "stack" (did you mean "stacks"?)"#),
            (#"{"resync":{},"time":5}"#, #"t.jsonl:4: time 5 is before the previous command's 1000"#),
            // A new controller is its own commit: refused before it is created when the observation is bad.
            (
                #"{"command":"showDetail","target":{"id":"n","name":"N"},"sender":"m","observed":{"stacks":[{"navigation":"zz","viewControllers":[]}]}}"#,
                #"t.jsonl:4: observed.stacks[0].navigation: unknown controller "zz" (describe it with an object the first time)"#
            ),
        ])
    func badLine(line: String, message: String) throws {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        let text = """
            {"navtape":"intents","version":1,"device":"iphone","traits":"portrait","startTime":0}
            {"command":"setSplitViewControllers","controllers":[{"id":"p","name":"MN","children":[{"id":"m","name":"M"}]}]}
            {"command":"launch","time":1000}
            \(line)
            """
        var ingest = CaptureIngest(path: scratch.path("s.navtape"), file: "t.jsonl", options: RecorderOptions(), now: { 0 })
        var failure: NavTapeError?
        var before: UInt64 = 0
        for (i, text) in text.split(separator: "\n").enumerated() {
            if i == 3 { before = ingest.capture?.recorder.eventCount ?? 0 }
            do {
                _ = try ingest.feed(String(text), number: i + 1)
            } catch {
                failure = error
                break
            }
        }
        #expect(failure?.description == message)
        let capture = try #require(ingest.capture)
        #expect(capture.recorder.eventCount == before)
        try capture.close()
        // Nothing of the bad line was appended; everything before it is in the log.
        let machine = try TimeMachine(path: scratch.path("s.navtape"))
        #expect(machine.eventCount == before)
        #expect(try machine.state(at: machine.eventCount).isCollapsed)
    }

    @Test(
        "session lines: defaults, presets, and errors",
        arguments: [
            (#"{"navtape":"intents","version":1,"device":"ipad"}"#, "ok ipad unspecified none 768x1024"),
            (
                #"{"navtape":"intents","version":1,"device":"iphone-plus","traits":"landscape","style":"doubleColumn","delegate":"merge-stacks"}"#,
                "ok iphone-plus doubleColumn merge-stacks 736x414"
            ),
            (
                #"{"navtape":"intents","version":1,"device":"my-phone","traits":{"sizeClass":"compact","width":390,"height":844,"idiom":"phone"}}"#,
                "ok my-phone unspecified none 390x844"
            ),
            (#"{"navtape":"intents","version":1}"#, #"error session: missing "traits" (or a preset "device")"#),
            (
                #"{"navtape":"intents","version":1,"device":"pixel","traits":"portrait"}"#,
                #"error session.traits: expected a traits object ("portrait" needs a preset device)"#
            ),
            (#"{"navtape":"intents","version":2,"device":"ipad"}"#, "error session.version: expected 1"),
            (#"{"type":"session"}"#, #"error session: unknown member "type""#),
            (#"{"navtape":"intents","version":1,"device":"ipad","delegate":"calendar-pasta"}"#, "error session.delegate: "),
        ])
    func sessionLine(line: String, expected: String) {
        do {
            let session = try IntentStream.session(line)
            let traits = session.description.initialTraits
            #expect(
                "ok \(session.description.device) \(session.description.style) \(session.description.policy.name) \(traits.width)x\(traits.height)" == expected)
        } catch {
            #expect("error \(error)".hasPrefix(expected), "\(error)")
        }
    }

    @Test("divergence events round-trip through the codec and JSON")
    func divergenceRoundTrip() throws {
        let divergences = [
            Divergence(
                aspect: .viewControllers, observed: .controllers([.controller(ControllerID(app: 0)), .unmatched(name: NameID(rawValue: 7))]),
                model: .controllers([.controller(ControllerID(app: 0)), .controller(ControllerID(minted: 2))]),
                rules: [RuleID(.SH, 11), RuleID(.BUG, 6)]),
            Divergence(aspect: .stack(of: .unmatched(name: NameID(rawValue: 3))), observed: .controllers([]), model: .controllers([]), rules: []),
            Divergence(aspect: .collapsed, observed: .flag(true), model: .flag(false), rules: [RuleID(.SZ, 1)]),
            Divergence(
                aspect: .displayMode, observed: .displayMode(.oneOverSecondary), model: .displayMode(.twoDisplaceSecondary),
                rules: [RuleID(.DM, 2)]),
        ]
        for divergence in divergences {
            let event = NavigationEvent.diverged(divergence)
            let bytes = EventCodec.encode(event, startsCommit: false)
            #expect(try EventCodec.decode(bytes).event == event)
            let recorded = RecordedEvent(index: 3, time: 9, event: event, startsCommit: false)
            #expect(try JSONEvent.decode(JSONValue.parse(JSONEvent.encode(recorded).text)) == recorded)
        }
        // The layout of docs/EventEncoding.md: tag 0x23, aspect, values, rules.
        #expect(EventCodec.encode(.diverged(divergences[2]), startsCommit: false) == [0x23, 2, 1, 1, 1, 0, 1, 2, 1])
        // Truncated and unknown-tag records are refused, never trusted.
        let full = EventCodec.encode(.diverged(divergences[0]), startsCommit: false)
        for cut in 1..<full.count { #expect(throws: CodecError.self) { try EventCodec.decode(Array(full.prefix(cut))) } }
        #expect(throws: CodecError.self) { try EventCodec.decode([0x23, 9, 1, 0, 1, 0, 0]) }
    }
}
