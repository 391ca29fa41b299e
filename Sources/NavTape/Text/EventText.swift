import NavigationCore
import NavigationProjections

/// One-line descriptions of events and commands with screen names: what `navtape log` prints and
/// the inspector shows.
public enum EventText {
    /// `detailShown PasteNC1 from M: pushed onto MN`, with names taken from `state` (the state
    /// after the event, which knows every controller the event names).
    public static func describe(_ event: NavigationEvent, in state: NavigationState) -> String {
        var text = TextWriter()
        write(event, in: state, to: &text)
        return text.text
    }

    /// Appends ``describe(_:in:)``'s text to `text` (escaped if it escapes): the form a listing
    /// that writes a line per event uses.
    public static func write(_ event: NavigationEvent, in state: NavigationState, to text: inout TextWriter) {
        func n(_ id: ControllerID) { text.append(state.name(of: id)) }
        func list(_ ids: [ControllerID]) {
            text.append("[")
            for (position, id) in ids.enumerated() {
                if position > 0 { text.append(", ") }
                n(id)
            }
            text.append("]")
        }
        func refusal(_ command: NavigationCommand, _ reason: String, _ rule: String) {
            text.append("`")
            text.append(command.scriptLine(in: state))
            text.append("`: ")
            text.append(reason)
            text.append(" (")
            text.append(rule)
            text.append(")")
        }
        text.append(event.kind.name)
        text.append(" ")
        switch event {
        case .nameInterned(let string):
            text.append("\"")
            text.append(string)
            text.append("\"")
        case .controllerCreated(let id, let controllerKind, let name, let restorationID):
            text.append(id.description)
            text.append(" ")
            text.append(state.names[name])
            text.append(" (")
            text.append(controllerKind.caseName)
            text.append(")")
            if let restorationID {
                text.append(" @")
                text.append(state.names[restorationID])
            }
        case .stackInitialized(let navigation, let children):
            n(navigation)
            text.append(" ")
            list(children)
        case .launched(let traits), .traitsChanged(let traits): text.append(describe(traits))
        case .propertySet(let property):
            text.append(String(NavigationCommand.setProperty(property).scriptLine(in: state).dropFirst("set ".count)))
        case .preferredDisplayModeSet(let mode): text.append(mode.classicName)
        case .displayModeChanged(let mode, let cause):
            text.append("→ ")
            text.append(mode.classicName)
            text.append(" (")
            text.append(cause.caseName)
            text.append(")")
        case .splitViewControllersSet(let primary, let secondary):
            n(primary)
            if let secondary {
                text.append(" | ")
                n(secondary)
            }
        case .collapsed(let resolution):
            text.append("onto ")
            n(resolution.newPrimary)
            text.append(": ")
            text.append(resolution.outcome.caseName)
            if resolution.atLaunch { text.append(" (at launch)") }
        case .separated(let resolution):
            n(resolution.newPrimary)
            text.append(" | ")
            if let secondary = resolution.secondary { n(secondary) } else { text.append("none") }
            text.append(" (")
            text.append(resolution.source.caseName)
            text.append(")")
        case .shown(let target, let sender, let resolution):
            n(target)
            text.append(" from ")
            n(sender)
            text.append(": ")
            write(resolution, in: state, to: &text)
        case .detailShown(let target, let sender, let resolution):
            if let target { n(target) } else { text.append("nil") }
            text.append(" from ")
            n(sender)
            text.append(": ")
            write(resolution, in: state, to: &text)
        case .pushed(let controller, let navigation):
            n(controller)
            text.append(" onto ")
            n(navigation)
        case .popped(let navigation, let interactive):
            n(navigation)
            if interactive { text.append(" (interactive)") }
        case .poppedToRoot(let navigation): n(navigation)
        case .poppedTo(let controller, let navigation):
            n(controller)
            text.append(" in ")
            n(navigation)
        case .stackSet(let ids, let navigation, let transition):
            n(navigation)
            text.append(" ")
            list(ids)
            if transition != .unrecorded {
                text.append(" (")
                text.append(transition.name)
                text.append(")")
            }
        case .presented(let controller), .dismissed(let controller): n(controller)
        case .rejected(let command, let reason, _):
            refusal(command, reason.caseName, "\(reason.rule)")
        case .ignored(let command, let reason, _):
            refusal(command, reason.caseName, "\(reason.rule)")
        case .columnSet(let controller, let column, let resolution):
            text.append(column.caseName)
            func target() { if let controller { n(controller) } else { text.append("nil") } }
            switch resolution {
            case .installed:
                text.append(" = ")
                target()
            case .wrapped(let navigation):
                text.append(" = ")
                target()
                text.append(", wrapped in ")
                n(navigation)
            case .pushed(let navigation):
                text.append(": ")
                target()
                text.append(" pushed onto ")
                n(navigation)
            case .cleared: text.append(" cleared")
            }
        case .columnShown(let column), .columnHidden(let column), .columnStacked(let column), .columnUnstacked(let column):
            text.append(column.caseName)
        case .preferredSplitBehaviorSet(let behavior), .splitBehaviorChanged(let behavior): text.append(behavior.caseName)
        case .delegateNotified(let notification): text.append(notification.caseName)
        case .flagSet(let name, let value):
            text.append(state.names[name])
            text.append(value ? " true" : " false")
        case .policyChanged(let policy):
            text.append(policy.name)
            text.append(": ")
            text.append(policy.summary)
        case .controllerReleased(let controller):
            n(controller)
            text.append(" ")
            text.append(controller.description)
        case .detailMarked(let controller): n(controller)
        case .itemRepresented(let controller, let item):
            n(controller)
            text.append(" ")
            if let item { text.append(state.names[item]) } else { text.append("nothing") }
        case .diverged(let divergence): text.append(describe(divergence, in: state))
        case .resynced(let resync): text.append(describe(resync, in: state))
        }
    }

    /// `UIKit showed stack of DetailNav [Detail, Photo], displayMode allVisible with no recorded
    /// cause; adopted`: what a capture's resync made the model take.
    public static func describe(_ resync: Resync, in state: NavigationState) -> String {
        func list(_ ids: [ControllerID]) -> String { "[" + ids.map { state.name(of: $0) }.joined(separator: ", ") + "]" }
        var parts: [String] = []
        if let children = resync.viewControllers { parts.append("viewControllers \(list(children))") }
        for stack in resync.stacks { parts.append("stack of \(state.name(of: stack.navigation)) \(list(stack.viewControllers))") }
        if let mode = resync.displayMode { parts.append("displayMode \(mode.classicName)") }
        return "UIKit showed " + (parts.isEmpty ? "what the model showed" : parts.joined(separator: ", ")) + " with no recorded cause; adopted"
    }

    /// `stack of MN: UIKit [M, PasteNC], model [M] (CO-1, CO-2)`.
    public static func describe(_ divergence: Divergence, in state: NavigationState) -> String {
        func controller(_ observed: ObservedController) -> String {
            switch observed {
            case .controller(let id): return state.name(of: id)
            case .unmatched(let name): return "\(state.names[name])?"
            }
        }
        func value(_ value: ConformanceValue) -> String {
            switch value {
            case .controllers(let list): return "[" + list.map(controller).joined(separator: ", ") + "]"
            case .flag(let flag): return "\(flag)"
            case .displayMode(let mode): return mode.classicName
            }
        }
        var aspect = divergence.aspect.name
        if case .stack(let navigation) = divergence.aspect { aspect += " of \(controller(navigation))" }
        let rules = divergence.rules.isEmpty ? "" : " (" + divergence.rules.map(\.description).joined(separator: ", ") + ")"
        return "\(aspect): UIKit \(value(divergence.observed)), model \(value(divergence.model))\(rules)"
    }

    public static func describe(_ resolution: ShowResolution, in state: NavigationState) -> String {
        var text = TextWriter()
        write(resolution, in: state, to: &text)
        return text.text
    }

    /// Appends ``describe(_:in:)-(ShowResolution,_)``'s text to `text`.
    public static func write(_ resolution: ShowResolution, in state: NavigationState, to text: inout TextWriter) {
        switch resolution {
        case .pushed(let navigation):
            text.append("pushed onto ")
            text.append(state.name(of: navigation))
        case .installedAsPrimary: text.append("installed as primary")
        case .installedAsSecondary: text.append("installed as secondary")
        case .presentedModally: text.append("presented modally")
        case .handledByDelegate: text.append("handled by the delegate")
        case .unchanged: text.append("unchanged")
        case .replacedStack(let navigation):
            text.append("replaced the stack of ")
            text.append(state.name(of: navigation))
        }
    }

    /// `compact 414×736 phone` (plus `wide`/`narrow` when the hint is explicit).
    public static func describe(_ traits: Traits) -> String {
        var text = "\(traits.horizontalSizeClass.caseName) \(traits.width)×\(traits.height) \(traits.idiom.caseName)"
        if traits.sideBySide != .byOrientation { text += " \(traits.sideBySide.caseName)" }
        return text
    }

    /// `320` for whole numbers, else Swift's shortest form.
    public static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A width in points: whole, or with one decimal (`245.3`), as `diff` prints them.
    public static func points(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int64(tenths / 10)) : "\(tenths / 10)"
    }

    /// `@12  +3.500s  ` — an event's index and its time from the session's start.
    public static func position(_ index: UInt64, time: Int64, start: Int64) -> String {
        var text = TextWriter()
        writePosition(index, time: time, start: start, to: &text)
        return text.text
    }

    /// Appends ``position(_:time:start:)``'s text to `text`.
    public static func writePosition(_ index: UInt64, time: Int64, start: Int64, to text: inout TextWriter) {
        let mark = text.mark
        text.append("@")
        text.append(index)
        text.pad(from: mark, to: 6)
        let offset = text.mark
        SessionTime.writeOffset(time - start, to: &text)
        text.pad(from: offset, to: 10)
    }
}

/// Runs of 0 to 63 spaces, for ``Swift/String/padding(_:)``.
private let spaceRuns = (0..<64).map { String(repeating: " ", count: $0) }

extension String {
    /// The string padded with spaces on the right to `width` characters (one space at least).
    package func padding(_ width: Int) -> String {
        let spaces = Swift.max(1, width - paddedWidth)
        return self + (spaces < spaceRuns.count ? spaceRuns[spaces] : String(repeating: " ", count: spaces))
    }

    /// The width ``padding(_:)`` counts: bytes in ASCII text, the common case, which is not
    /// counted twice; characters otherwise.
    package var paddedWidth: Int {
        let isASCII = utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } } ?? false
        return isASCII ? utf8.count : count
    }
}

/// One line per event for `log`, `tail` and `state`.
public enum EventListing {
    /// `… events 8192..<12288 lost to damage (repaired): the log resumes from its checkpoint`: the
    /// line before the first event after a gap (``TimeMachine/gaps``).
    public static func gap(_ gap: Range<UInt64>) -> String {
        "… events \(gap.lowerBound)..<\(gap.upperBound) lost to damage (repaired): the log resumes from its checkpoint"
    }

    /// `                ↳ callbacks viewWillAppear(D2), … · notifications didCollapse · transitions pop(MN) · popped D2`:
    /// what UIKit told the app about a commit, under its last event; `nil` when it told nothing.
    public static func annotation(_ observation: CommitObservation, names: NavigationState) -> String? {
        var text = TextWriter(capacity: 256)
        return writeAnnotation(observation, names: names, to: &text) ? text.text : nil
    }

    /// Appends ``annotation(_:names:)``'s text to `text` and returns `true`, or returns `false`,
    /// writing nothing, when UIKit told nothing.
    @discardableResult
    public static func writeAnnotation(_ observation: CommitObservation, names: NavigationState, to text: inout TextWriter) -> Bool {
        let callbacks = observation.callbacks, notifications = observation.notifications, transitions = observation.transitions
        guard !callbacks.isEmpty || !notifications.isEmpty || !transitions.isEmpty || observation.popped != nil else { return false }
        text.appendSpaces(16)
        text.append("↳ ")
        var parts = 0
        func part(_ title: StaticString, _ count: Int, _ item: (Int, inout TextWriter) -> Void) {
            if parts > 0 { text.append(" · ") }
            parts += 1
            text.append(title)
            for position in 0..<count {
                if position > 0 { text.append(", ") }
                item(position, &text)
            }
        }
        if !callbacks.isEmpty {
            part("callbacks ", callbacks.count) { callbacks[$0].write(in: names, to: &$1) }
        }
        if !notifications.isEmpty {
            part("notifications ", notifications.count) { $1.append(notifications[$0].name(in: names.style)) }
        }
        if !transitions.isEmpty {
            part("transitions ", transitions.count) { transitions[$0].write(in: names, to: &$1) }
        }
        if let popped = observation.popped {
            if popped.isEmpty {
                part("popped none", 0) { _, _ in }
            } else {
                part("popped ", popped.count) { $1.append(names.name(of: popped[$0])) }
            }
        }
        return true
    }

    /// `@12    +3.500s   ▸ detailShown PasteNC1 from M: pushed onto MN` (`▸` marks the first event
    /// of a command's commit).
    public static func line(_ recorded: RecordedEvent, names: NavigationState, start: Int64) -> String {
        var text = TextWriter()
        write(recorded, names: names, start: start, to: &text)
        return text.text
    }

    /// Appends ``line(_:names:start:)``'s text to `text`.
    public static func write(_ recorded: RecordedEvent, names: NavigationState, start: Int64, to text: inout TextWriter) {
        EventText.writePosition(recorded.index, time: recorded.time, start: start, to: &text)
        if recorded.startsCommit { text.append("▸ ") } else { text.append("  ") }
        EventText.write(recorded.event, in: names, to: &text)
    }
}
