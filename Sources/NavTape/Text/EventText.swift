import NavigationCore
import NavigationProjections

/// One-line descriptions of events and commands with screen names: what `navtape log` prints and
/// the inspector shows.
public enum EventText {
    /// `detailShown PasteNC1 from M: pushed onto MN`, with names taken from `state` (the state
    /// after the event, which knows every controller the event names).
    public static func describe(_ event: NavigationEvent, in state: NavigationState) -> String {
        func n(_ id: ControllerID) -> String { state.name(of: id) }
        func list(_ ids: [ControllerID]) -> String { "[" + ids.map(n).joined(separator: ", ") + "]" }
        let kind = event.kind.name
        switch event {
        case .nameInterned(let string): return "\(kind) \"\(string)\""
        case .controllerCreated(let id, let controllerKind, let name, let restorationID):
            let restoration = restorationID.map { " @\(state.names[$0])" } ?? ""
            return "\(kind) \(id) \(state.names[name]) (\(controllerKind.caseName))\(restoration)"
        case .stackInitialized(let navigation, let children): return "\(kind) \(n(navigation)) \(list(children))"
        case .launched(let traits), .traitsChanged(let traits): return "\(kind) \(describe(traits))"
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
            return "\(kind) \(n(target)) from \(n(sender)): \(describe(resolution, in: state))"
        case .detailShown(let target, let sender, let resolution):
            return "\(kind) \(target.map(n) ?? "nil") from \(n(sender)): \(describe(resolution, in: state))"
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
        case .diverged(let divergence): return "\(kind) " + describe(divergence, in: state)
        case .resynced(let resync): return "\(kind) " + describe(resync, in: state)
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

    /// `compact 414×736 phone` (plus `wide`/`narrow` when the hint is explicit).
    public static func describe(_ traits: Traits) -> String {
        var text = "\(traits.horizontalSizeClass) \(traits.width)×\(traits.height) \(traits.idiom)"
        if traits.sideBySide != .byOrientation { text += " \(traits.sideBySide)" }
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
        var text = ("@" + String(index)).padding(6)
        text += SessionTime.offset(time - start).padding(10)
        return text
    }
}

/// Runs of 0 to 63 spaces, for ``Swift/String/padding(_:)``.
private let spaceRuns = (0..<64).map { String(repeating: " ", count: $0) }

extension String {
    /// The string padded with spaces on the right to `width` characters (one space at least).
    package func padding(_ width: Int) -> String {
        // Characters are bytes in ASCII text, the common case, which is not counted twice.
        let isASCII = utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } } ?? false
        let spaces = Swift.max(1, width - (isASCII ? utf8.count : count))
        return self + (spaces < spaceRuns.count ? spaceRuns[spaces] : String(repeating: " ", count: spaces))
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
        guard !parts.isEmpty else { return nil }
        return String(repeating: " ", count: 16) + "↳ " + parts.joined(separator: " · ")
    }

    /// `@12    +3.500s   ▸ detailShown PasteNC1 from M: pushed onto MN` (`▸` marks the first event
    /// of a command's commit).
    public static func line(_ recorded: RecordedEvent, names: NavigationState, start: Int64) -> String {
        EventText.position(recorded.index, time: recorded.time, start: start) + (recorded.startsCommit ? "▸ " : "  ")
            + EventText.describe(recorded.event, in: names)
    }
}
