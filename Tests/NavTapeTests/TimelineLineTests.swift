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

/// Every event's text, written into a `TextWriter`, against the `String` code it replaced.
@Suite("event text against the code it replaced")
struct EventTextTests {
    @Test("every sample event (every kind, edge values) reads as before, in a session's state and in an empty one")
    func everySampleEvent() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let (_, session) = try recordGenerated(events: 3_000, seed: 2, device: .iPad, to: dir.path("s.navtape"))
        for state in [session, NavigationState(traits: Device.iPad.traits(.landscape))] {
            for event in EventSamples.events {
                #expect(EventText.describe(event, in: state) == LegacyEventText.describe(event, in: state), "\(event)")
            }
        }
        for (index, time) in [(UInt64(0), Int64(0)), (12, 3_500), (123_456, 61_000), (9_999_999, 90_061_001), (.max, -1)] {
            #expect(EventText.position(index, time: time, start: 0) == LegacyEventText.position(index, time: time, start: 0))
        }
    }
}

/// The case names the text and JSON read from each enum's own table (``CaseNamed``).
@Suite("case names")
struct CaseNameTests {
    /// The names of `type`'s table; records an issue where a case has no name, a name no case, or
    /// two cases one name.
    static func names<T: CaseNamed>(_ type: T.Type) -> [String] {
        var names: [String] = []
        for raw in UInt8.min...UInt8.max {
            let name = T.caseNameTable[Int(raw)]
            #expect((T(rawValue: raw) == nil) == (name == nil), "\(T.self) \(raw)")
            if let name { names.append(name) }
        }
        #expect(Set(names).count == names.count && !names.isEmpty, "\(T.self): \(names)")
        return names
    }

    @Test("every table names each case once, as Swift spells it")
    func tables() {
        #expect(Self.names(CollapseOutcome.self).contains("secondaryPushed"))
        #expect(Self.names(IgnoreReason.self).contains("atRoot"))
        #expect(Self.names(SizeClass.self) == ["compact", "regular"])
        #expect(Self.names(StackTransition.self) == ["none", "push", "pop", "unrecorded"])
        for names in [
            Self.names(ButtonVisibility.self), Self.names(Column.self), Self.names(CommandKind.self), Self.names(ControllerKind.self),
            Self.names(DelegateMethod.self), Self.names(DelegateNotification.self), Self.names(DisplayModeCause.self),
            Self.names(Idiom.self), Self.names(Orientation.self), Self.names(PrimaryEdge.self), Self.names(RejectionReason.self),
            Self.names(SeparateSource.self), Self.names(SideBySide.self), Self.names(SplitBehavior.self), Self.names(SplitStyle.self),
        ] {
            #expect(names.allSatisfy { !$0.isEmpty && !$0.contains(".") })
        }
        #expect(CollapseOutcome.secondaryPushed.caseName == "secondaryPushed" && SideBySide.byOrientation.caseName == "byOrientation")
        #expect(Idiom.phone.caseName == "phone" && ControllerKind.navigation.caseName == "navigation")
    }
}

/// `navtape log`'s lines and annotations, written through a `TextWriter`, against the strings the
/// command built before (``LegacyEventText``): position, the commit marker, the event in words; the
/// parts of what UIKit told the app joined by ` · `.
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
                    LegacyEventText.position(recorded.index, time: recorded.time, start: machine.startTime)
                    + (recorded.startsCommit ? "▸ " : "  ") + LegacyEventText.describe(recorded.event, in: names)
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

/// The `String` code `EventText` and `EventListing` were before they wrote into a `TextWriter`
/// (822f7df), kept as the reference their text is checked against.
enum LegacyEventText {
    static func describe(_ event: NavigationEvent, in state: NavigationState) -> String {
        func n(_ id: ControllerID) -> String { state.name(of: id) }
        func list(_ ids: [ControllerID]) -> String { "[" + ids.map(n).joined(separator: ", ") + "]" }
        let kind = event.kind.name
        switch event {
        case .nameInterned(let string): return "\(kind) \"\(string)\""
        case .controllerCreated(let id, let controllerKind, let name, let restorationID):
            let restoration = restorationID.map { " @\(state.names[$0])" } ?? ""
            return "\(kind) \(id) \(state.names[name]) (\(controllerKind.caseName))\(restoration)"
        case .stackInitialized(let navigation, let children): return "\(kind) \(n(navigation)) \(list(children))"
        case .launched(let traits), .traitsChanged(let traits): return "\(kind) \(traitsText(traits))"
        case .propertySet(let property):
            return "\(kind) " + NavigationCommand.setProperty(property).scriptLine(in: state).dropFirst("set ".count)
        case .preferredDisplayModeSet(let mode): return "\(kind) \(mode.classicName)"
        case .displayModeChanged(let mode, let cause): return "\(kind) → \(mode.classicName) (\(cause.caseName))"
        case .splitViewControllersSet(let primary, let secondary):
            return "\(kind) \(n(primary))" + (secondary.map { " | \(n($0))" } ?? "")
        case .collapsed(let resolution):
            return "\(kind) onto \(n(resolution.newPrimary)): \(resolution.outcome.caseName)" + (resolution.atLaunch ? " (at launch)" : "")
        case .separated(let resolution):
            let secondary = resolution.secondary.map { n($0) } ?? "none"
            return "\(kind) \(n(resolution.newPrimary)) | \(secondary) (\(resolution.source.caseName))"
        case .shown(let target, let sender, let resolution):
            return "\(kind) \(n(target)) from \(n(sender)): \(resolutionText(resolution, in: state))"
        case .detailShown(let target, let sender, let resolution):
            return "\(kind) \(target.map(n) ?? "nil") from \(n(sender)): \(resolutionText(resolution, in: state))"
        case .pushed(let controller, let navigation): return "\(kind) \(n(controller)) onto \(n(navigation))"
        case .popped(let navigation, let interactive): return "\(kind) \(n(navigation))" + (interactive ? " (interactive)" : "")
        case .poppedToRoot(let navigation): return "\(kind) \(n(navigation))"
        case .poppedTo(let controller, let navigation): return "\(kind) \(n(controller)) in \(n(navigation))"
        case .stackSet(let ids, let navigation, let transition):
            return "\(kind) \(n(navigation)) \(list(ids))" + (transition == .unrecorded ? "" : " (\(transition.name))")
        case .presented(let controller), .dismissed(let controller): return "\(kind) \(n(controller))"
        case .rejected(let command, let reason, _):
            return "\(kind) `\(command.scriptLine(in: state))`: \(reason.caseName) (\(reason.rule))"
        case .ignored(let command, let reason, _):
            return "\(kind) `\(command.scriptLine(in: state))`: \(reason.caseName) (\(reason.rule))"
        case .columnSet(let controller, let column, let resolution):
            let target = controller.map(n) ?? "nil"
            switch resolution {
            case .installed: return "\(kind) \(column.caseName) = \(target)"
            case .wrapped(let navigation): return "\(kind) \(column.caseName) = \(target), wrapped in \(n(navigation))"
            case .pushed(let navigation): return "\(kind) \(column.caseName): \(target) pushed onto \(n(navigation))"
            case .cleared: return "\(kind) \(column.caseName) cleared"
            }
        case .columnShown(let column), .columnHidden(let column), .columnStacked(let column), .columnUnstacked(let column):
            return "\(kind) \(column.caseName)"
        case .preferredSplitBehaviorSet(let behavior), .splitBehaviorChanged(let behavior): return "\(kind) \(behavior.caseName)"
        case .delegateNotified(let notification): return "\(kind) \(notification.caseName)"
        case .flagSet(let name, let value): return "\(kind) \(state.names[name]) \(value)"
        case .policyChanged(let policy): return "\(kind) \(policy.name): \(policy.summary)"
        case .controllerReleased(let controller): return "\(kind) \(n(controller)) \(controller)"
        case .detailMarked(let controller): return "\(kind) \(n(controller))"
        case .itemRepresented(let controller, let item): return "\(kind) \(n(controller)) \(item.map { state.names[$0] } ?? "nothing")"
        case .diverged(let divergence): return "\(kind) " + EventText.describe(divergence, in: state)
        case .resynced(let resync): return "\(kind) " + EventText.describe(resync, in: state)
        }
    }

    static func resolutionText(_ resolution: ShowResolution, in state: NavigationState) -> String {
        switch resolution {
        case .pushed(let navigation): return "pushed onto \(state.name(of: navigation))"
        case .installedAsPrimary: return "installed as primary"
        case .installedAsSecondary: return "installed as secondary"
        case .presentedModally: return "presented modally"
        case .handledByDelegate: return "handled by the delegate"
        case .unchanged: return "unchanged"
        case .replacedStack(let navigation): return "replaced the stack of \(state.name(of: navigation))"
        }
    }

    static func traitsText(_ traits: Traits) -> String {
        var text = "\(traits.horizontalSizeClass) \(traits.width)×\(traits.height) \(traits.idiom)"
        if traits.sideBySide != .byOrientation { text += " \(traits.sideBySide)" }
        return text
    }

    static func position(_ index: UInt64, time: Int64, start: Int64) -> String {
        var text = ("@" + String(index)).padding(6)
        text += SessionTime.offset(time - start).padding(10)
        return text
    }
}
