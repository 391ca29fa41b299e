import NavigationCore
import NavigationProjections
import Testing
@testable import NavTape
import NavTapeApps
import NavTapeTestSupport

/// `navtape timeline`'s lines, written in place from the fused fold
/// (``TimeMachine/forEachTimelineLine(from:to:observe:_:)``), and its JSON entries
/// (``TimeMachine/forEachTimelineEntry(from:to:observe:_:)``), against ``TimelineReference``: the
/// ``VisibleTimeline`` projection over every event, rendered as the command rendered it before.
@Suite("timeline lines written in place")
struct TimelineLineTests {
    static func expectSame(_ written: [String], _ expected: [String], _ comment: Comment) {
        #expect(written.count == expected.count, comment)
        if let first = zip(written, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("\(comment): line \(first) is\n\(written[first])\nnot\n\(expected[first])")
        }
    }

    @Test("a whole session, parts of it, and a limit: the same lines and entries as the reference")
    func windows() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path("t.navtape")
        _ = try recordGenerated(events: 20_000, seed: 11, to: path, checkpointInterval: 1_024)
        let machine = try TimeMachine(path: path)
        let count = machine.eventCount
        let whole = try TimelineReference.lines(machine, from: 0, to: count)
        #expect(whole.count > 1_000)
        Self.expectSame(try TimelineReference.writtenLines(machine, from: 0, to: count), whole, "whole")
        #expect(try TimelineReference.jsonEntries(machine, from: 0, to: count) == TimelineReference.entries(machine, from: 0, to: count))
        for (first, last) in [(UInt64(5_000), UInt64(12_345)), (1, 2_000), (count - 700, count), (9_999, 9_999)] {
            Self.expectSame(
                try TimelineReference.writtenLines(machine, from: first, to: last), try TimelineReference.lines(machine, from: first, to: last),
                "\(first)..<\(last)")
            #expect(
                try TimelineReference.jsonEntries(machine, from: first, to: last) == TimelineReference.entries(machine, from: first, to: last),
                "\(first)..<\(last)")
        }
        // `body` returning `false` stops the read after that line.
        Self.expectSame(try TimelineReference.writtenLines(machine, from: 0, to: count, limit: 7), Array(whole.prefix(7)), "limit 7")
    }

    @Test("screens with odd names (escapes, accents, wide and combining characters, CR LF) are escaped and padded as before")
    func oddNames() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let path = dir.path("odd.navtape")
        var generator = SessionGenerator(seed: 4, device: .iPad, policy: .calendarPaste())
        let recorder = try Recorder(creating: path, setup: generator.setup, sessionID: "odd", startTime: 1_700_000_000_000)
        var time: Int64 = 1_700_000_000_000
        for _ in 0..<400 {
            let next = generator.next(in: recorder.state)
            time = next.time
            try recorder.send(next.command, at: time)
        }
        let names = [
            "Evil\u{1B}[31mRED\u{202E}\n", "École", "e\u{301}cole", "名前の画面", "a\r\nb", "tab\tname", "\u{200B}", "Plain",
            "AVeryLongScreenNameThatIsWiderThanTheColumn",
        ]
        for name in names {
            time += 250
            let created = try recorder.send(.instantiate(.content(name)), at: time)
            guard case .controllerCreated(let id, _, _, _)? = created.first(where: { $0.kind == .controllerCreated }) else {
                Issue.record("no controller created for \(name)")
                continue
            }
            let sender = try #require(recorder.state.visibleContent.first)
            time += 250
            try recorder.send(.showDetail(id, sender: sender), at: time)
            for _ in 0..<20 {
                let next = generator.next(in: recorder.state)
                time = Swift.max(time, next.time)
                try recorder.send(next.command, at: time)
            }
        }
        try recorder.close()
        let machine = try TimeMachine(path: path)
        let expected = try TimelineReference.lines(machine, from: 0, to: machine.eventCount)
        for name in ["École", "名前の画面", "Plain"] {
            #expect(expected.contains { $0.contains(name) }, "\(name) is seen")
        }
        #expect(expected.contains { $0.contains(#"Evil\u{1B}[31mRED\u{202E}\u{A}"#) })
        Self.expectSame(try TimelineReference.writtenLines(machine, from: 0, to: machine.eventCount), expected, "odd names")
        #expect(
            try TimelineReference.jsonEntries(machine, from: 0, to: machine.eventCount) == TimelineReference.entries(machine, from: 0, to: machine.eventCount))
    }
}

/// `navtape log`'s lines and annotations, written through a `TextWriter`, against the strings the
/// command built before: position, the commit marker, the event in words; the parts of what UIKit
/// told the app joined by ` · `.
@Suite("log lines written in place")
struct LogLineTests {
    static func expectedAnnotation(_ observation: CommitObservation, names: NavigationState) -> String? {
        var parts: [String] = []
        if !observation.callbacks.isEmpty {
            parts.append("callbacks " + observation.callbacks.map { $0.description(in: names) }.joined(separator: ", "))
        }
        if !observation.notifications.isEmpty {
            parts.append("notifications " + observation.notifications.map { $0.name(in: names.style) }.joined(separator: ", "))
        }
        if !observation.transitions.isEmpty {
            parts.append("transitions " + observation.transitions.map { $0.description(in: names) }.joined(separator: ", "))
        }
        if let popped = observation.popped {
            parts.append("popped " + (popped.isEmpty ? "none" : popped.map(names.name(of:)).joined(separator: ", ")))
        }
        return parts.isEmpty ? nil : String(repeating: " ", count: 16) + "↳ " + parts.joined(separator: " · ")
    }

    @Test("every line and annotation of two sessions (an app's user, the fuzzing walk) is the string it was")
    func linesAndAnnotations() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        var seen: [String: Int] = [:]
        for (name, policy) in [("app", SplitPolicy.calendarPaste()), ("walk", SplitPolicy.noDelegate)] {
            let path = dir.path("\(name).navtape")
            _ = try recordGenerated(events: 12_000, seed: 9, device: .iPad, policy: policy, to: path)
            let machine = try TimeMachine(path: path)
            try machine.forEachListedEvent(from: 0, to: machine.eventCount) { recorded, observation, names in
                let line =
                    EventText.position(recorded.index, time: recorded.time, start: machine.startTime) + (recorded.startsCommit ? "▸ " : "  ")
                    + EventText.describe(recorded.event, in: names)
                #expect(EventListing.line(recorded, names: names, start: machine.startTime) == line)
                guard let observation else { return }
                let expected = Self.expectedAnnotation(observation, names: names)
                #expect(EventListing.annotation(observation, names: names) == expected, "@\(recorded.index)")
                for part in ["callbacks", "notifications", "transitions", "popped none", "popped "] where expected?.contains(part) == true {
                    seen[part, default: 0] += 1
                }
                if expected?.contains(" · ") == true { seen["·", default: 0] += 1 }
            }
        }
        for part in ["callbacks", "notifications", "transitions", "popped ", "·"] {
            #expect(seen[part, default: 0] > 0, "the sessions have annotations with \(part): \(seen)")
        }
    }
}
