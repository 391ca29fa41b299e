import NavTapeApps
import Foundation
import NavigationCore

/// The JSON-lines baseline: the same events as one JSON object per line, through Foundation's
/// `JSONEncoder`/`JSONDecoder` and synthesized `Codable` — what an app would write without a log
/// format of its own. The library is deliberately not `Codable`; this mirror lives here only.
public enum JSONMirror {
    /// One line: `{"index":…,"time":…,"commit":…,"event":{…}}`.
    public struct Line: Codable {
        public var index: UInt64
        public var time: Int64
        public var commit: Bool
        public var event: Event

        public init(index: UInt64, time: Int64, commit: Bool, event: Event) {
            self.index = index
            self.time = time
            self.commit = commit
            self.event = event
        }
    }

    public struct Traits: Codable {
        var horizontalSizeClass: UInt8, width: Int32, height: Int32, idiom: UInt8, sideBySide: UInt8
    }

    public enum ShowResolution: Codable {
        case pushed(onto: UInt32), installedAsPrimary, installedAsSecondary, presentedModally, handledByDelegate, unchanged
        case replacedStack(of: UInt32)
    }

    public enum ColumnResolution: Codable {
        case installed, wrapped(in: UInt32), pushed(onto: UInt32), cleared
    }

    public enum SplitProperty: Codable {
        case presentsWithGesture(Bool), primaryEdge(UInt8)
        case preferredPrimaryColumnWidthFraction(Double?), preferredPrimaryColumnWidth(Double?)
        case minimumPrimaryColumnWidth(Double?), maximumPrimaryColumnWidth(Double?)
        case showsSecondaryOnlyButton(Bool), displayModeButtonVisibility(UInt8)
    }

    public struct Spec: Codable {
        var kind: UInt8, name: String, restorationID: String?, children: [Spec]
    }

    public indirect enum Command: Codable {
        case instantiate(Spec), setSplitViewControllers([UInt32]), launch(Traits), changeTraits(Traits)
        case setPreferredDisplayMode(UInt8), tapDisplayModeButton, edgeSwipe, tapDimmedSecondary
        case show(UInt32, sender: UInt32), showDetail(UInt32?, sender: UInt32), push(UInt32, onto: UInt32)
        case pop(UInt32), interactivePop(UInt32, completed: Bool), popToRoot(UInt32), popTo(UInt32, in: UInt32)
        case setViewControllers([UInt32], of: UInt32), present(UInt32), dismiss, setProperty(SplitProperty)
        case setViewController(UInt32?, for: UInt8), showColumn(UInt8), hideColumn(UInt8)
        case setPreferredSplitBehavior(UInt8), tapSecondaryOnlyButton
    }

    public enum Event: Codable {
        case nameInterned(String)
        case controllerCreated(UInt32, kind: UInt8, name: UInt32, restorationID: UInt32?)
        case stackInitialized(UInt32, [UInt32])
        case launched(Traits), traitsChanged(Traits), propertySet(SplitProperty)
        case preferredDisplayModeSet(UInt8), displayModeChanged(UInt8, cause: UInt8)
        case splitViewControllersSet(primary: UInt32, secondary: UInt32?)
        case collapsed(newPrimary: UInt32, outcome: UInt8, atLaunch: Bool)
        case separated(newPrimary: UInt32, secondary: UInt32?, source: UInt8)
        case shown(UInt32, sender: UInt32, resolution: ShowResolution)
        case detailShown(UInt32?, sender: UInt32, resolution: ShowResolution)
        case pushed(UInt32, onto: UInt32), popped(navigation: UInt32, interactive: Bool)
        case poppedToRoot(navigation: UInt32), poppedTo(UInt32, navigation: UInt32)
        case stackSet([UInt32], navigation: UInt32, transition: UInt8), presented(UInt32), dismissed(UInt32)
        case columnSet(UInt32?, column: UInt8, resolution: ColumnResolution)
        case columnShown(UInt8), columnHidden(UInt8), columnStacked(UInt8), columnUnstacked(UInt8)
        case preferredSplitBehaviorSet(UInt8), splitBehaviorChanged(UInt8), delegateNotified(UInt8), controllerReleased(UInt32)
        case flagSet(UInt32, value: Bool), detailMarked(UInt32), itemRepresented(UInt32, item: UInt32?)
        case rejected(Command, reason: UInt8, subject: UInt32?), ignored(Command, reason: UInt8, subject: UInt32?)
    }

    struct BadValue: Error { var what: String }
}

// MARK: NavigationCore -> mirror

extension JSONMirror.Traits {
    init(_ t: Traits) {
        self.init(
            horizontalSizeClass: t.horizontalSizeClass.rawValue, width: t.width, height: t.height,
            idiom: t.idiom.rawValue, sideBySide: t.sideBySide.rawValue)
    }
    func value() throws -> Traits {
        guard let sizeClass = SizeClass(rawValue: horizontalSizeClass), let idiom = Idiom(rawValue: idiom),
            let side = SideBySide(rawValue: sideBySide)
        else { throw JSONMirror.BadValue(what: "traits") }
        return Traits(horizontalSizeClass: sizeClass, width: width, height: height, idiom: idiom, sideBySide: side)
    }
}

extension JSONMirror.ShowResolution {
    init(_ r: ShowResolution) {
        switch r {
        case .pushed(let nav): self = .pushed(onto: nav.rawValue)
        case .installedAsPrimary: self = .installedAsPrimary
        case .installedAsSecondary: self = .installedAsSecondary
        case .presentedModally: self = .presentedModally
        case .handledByDelegate: self = .handledByDelegate
        case .unchanged: self = .unchanged
        case .replacedStack(let nav): self = .replacedStack(of: nav.rawValue)
        }
    }
    var value: ShowResolution {
        switch self {
        case .pushed(let nav): return .pushed(onto: ControllerID(rawValue: nav))
        case .installedAsPrimary: return .installedAsPrimary
        case .installedAsSecondary: return .installedAsSecondary
        case .presentedModally: return .presentedModally
        case .handledByDelegate: return .handledByDelegate
        case .unchanged: return .unchanged
        case .replacedStack(let nav): return .replacedStack(of: ControllerID(rawValue: nav))
        }
    }
}

extension JSONMirror.SplitProperty {
    init(_ p: SplitProperty) {
        switch p {
        case .presentsWithGesture(let v): self = .presentsWithGesture(v)
        case .primaryEdge(let e): self = .primaryEdge(e.rawValue)
        case .preferredPrimaryColumnWidthFraction(let v): self = .preferredPrimaryColumnWidthFraction(v)
        case .preferredPrimaryColumnWidth(let v): self = .preferredPrimaryColumnWidth(v)
        case .minimumPrimaryColumnWidth(let v): self = .minimumPrimaryColumnWidth(v)
        case .maximumPrimaryColumnWidth(let v): self = .maximumPrimaryColumnWidth(v)
        case .showsSecondaryOnlyButton(let v): self = .showsSecondaryOnlyButton(v)
        case .displayModeButtonVisibility(let v): self = .displayModeButtonVisibility(v.rawValue)
        }
    }
    func value() throws -> SplitProperty {
        switch self {
        case .presentsWithGesture(let v): return .presentsWithGesture(v)
        case .primaryEdge(let e):
            guard let edge = PrimaryEdge(rawValue: e) else { throw JSONMirror.BadValue(what: "primaryEdge") }
            return .primaryEdge(edge)
        case .preferredPrimaryColumnWidthFraction(let v): return .preferredPrimaryColumnWidthFraction(v)
        case .preferredPrimaryColumnWidth(let v): return .preferredPrimaryColumnWidth(v)
        case .minimumPrimaryColumnWidth(let v): return .minimumPrimaryColumnWidth(v)
        case .maximumPrimaryColumnWidth(let v): return .maximumPrimaryColumnWidth(v)
        case .showsSecondaryOnlyButton(let v): return .showsSecondaryOnlyButton(v)
        case .displayModeButtonVisibility(let v): return .displayModeButtonVisibility(try raw(ButtonVisibility.self, v))
        }
    }
}

extension JSONMirror.Spec {
    init(_ s: ControllerSpec) {
        self.init(kind: s.kind.rawValue, name: s.name, restorationID: s.restorationID, children: s.children.map(Self.init))
    }
    func value() throws -> ControllerSpec {
        guard let kind = ControllerKind(rawValue: kind) else { throw JSONMirror.BadValue(what: "kind") }
        return ControllerSpec(kind, name, restorationID: restorationID, children: try children.map { try $0.value() })
    }
}

private func id(_ raw: UInt32) -> ControllerID { ControllerID(rawValue: raw) }
private func ids(_ raw: [UInt32]) -> [ControllerID] { raw.map(ControllerID.init(rawValue:)) }
private func raw<T: RawRepresentable>(_ type: T.Type, _ value: T.RawValue) throws -> T {
    guard let result = T(rawValue: value) else { throw JSONMirror.BadValue(what: "\(T.self)") }
    return result
}
private func mode(_ raw: UInt8) throws -> DisplayMode {
    guard let mode = DisplayMode(rawValue: raw) else { throw JSONMirror.BadValue(what: "display mode") }
    return mode
}

extension JSONMirror.Command {
    init(_ c: NavigationCommand) throws {
        switch c {
        case .instantiate(let s): self = .instantiate(.init(s))
        case .setSplitViewControllers(let l): self = .setSplitViewControllers(l.map(\.rawValue))
        case .launch(let t): self = .launch(.init(t))
        case .changeTraits(let t): self = .changeTraits(.init(t))
        case .setPreferredDisplayMode(let m): self = .setPreferredDisplayMode(m.rawValue)
        case .tapDisplayModeButton: self = .tapDisplayModeButton
        case .edgeSwipe: self = .edgeSwipe
        case .tapDimmedSecondary: self = .tapDimmedSecondary
        case .show(let t, let s): self = .show(t.rawValue, sender: s.rawValue)
        case .showDetail(let t, let s): self = .showDetail(t?.rawValue, sender: s.rawValue)
        case .push(let c, let n): self = .push(c.rawValue, onto: n.rawValue)
        case .pop(let n): self = .pop(n.rawValue)
        case .interactivePop(let n, let done): self = .interactivePop(n.rawValue, completed: done)
        case .popToRoot(let n): self = .popToRoot(n.rawValue)
        case .popTo(let c, let n): self = .popTo(c.rawValue, in: n.rawValue)
        case .setViewControllers(let l, let n): self = .setViewControllers(l.map(\.rawValue), of: n.rawValue)
        case .present(let c): self = .present(c.rawValue)
        case .dismiss: self = .dismiss
        case .setProperty(let p): self = .setProperty(.init(p))
        case .setViewController(let c, let column): self = .setViewController(c?.rawValue, for: column.rawValue)
        case .showColumn(let column): self = .showColumn(column.rawValue)
        case .hideColumn(let column): self = .hideColumn(column.rawValue)
        case .setPreferredSplitBehavior(let b): self = .setPreferredSplitBehavior(b.rawValue)
        case .tapSecondaryOnlyButton: self = .tapSecondaryOnlyButton
        // The delegate's commands, and any later command: the mirror covers what SessionGenerator records.
        default: throw JSONMirror.BadValue(what: "\(c.kind.name) (not mirrored)")
        }
    }
    func value() throws -> NavigationCommand {
        switch self {
        case .instantiate(let s): return .instantiate(try s.value())
        case .setSplitViewControllers(let l): return .setSplitViewControllers(ids(l))
        case .launch(let t): return .launch(try t.value())
        case .changeTraits(let t): return .changeTraits(try t.value())
        case .setPreferredDisplayMode(let m): return .setPreferredDisplayMode(try mode(m))
        case .tapDisplayModeButton: return .tapDisplayModeButton
        case .edgeSwipe: return .edgeSwipe
        case .tapDimmedSecondary: return .tapDimmedSecondary
        case .show(let t, let s): return .show(id(t), sender: id(s))
        case .showDetail(let t, let s): return .showDetail(t.map(id), sender: id(s))
        case .push(let c, let n): return .push(id(c), onto: id(n))
        case .pop(let n): return .pop(id(n))
        case .interactivePop(let n, let done): return .interactivePop(id(n), completed: done)
        case .popToRoot(let n): return .popToRoot(id(n))
        case .popTo(let c, let n): return .popTo(id(c), in: id(n))
        case .setViewControllers(let l, let n): return .setViewControllers(ids(l), of: id(n))
        case .present(let c): return .present(id(c))
        case .dismiss: return .dismiss
        case .setProperty(let p): return .setProperty(try p.value())
        case .setViewController(let c, let column): return .setViewController(c.map(id), for: try raw(Column.self, column))
        case .showColumn(let column): return .showColumn(try raw(Column.self, column))
        case .hideColumn(let column): return .hideColumn(try raw(Column.self, column))
        case .setPreferredSplitBehavior(let b): return .setPreferredSplitBehavior(try raw(SplitBehavior.self, b))
        case .tapSecondaryOnlyButton: return .tapSecondaryOnlyButton
        }
    }
}

extension JSONMirror.Event {
    /// The mirror of `e` (classic-split events: the ones SessionGenerator records).
    public init(_ e: NavigationEvent) throws {
        switch e {
        case .nameInterned(let s): self = .nameInterned(s)
        case .controllerCreated(let i, let kind, let name, let rid):
            self = .controllerCreated(i.rawValue, kind: kind.rawValue, name: name.rawValue, restorationID: rid?.rawValue)
        case .stackInitialized(let n, let l): self = .stackInitialized(n.rawValue, l.map(\.rawValue))
        case .launched(let t): self = .launched(.init(t))
        case .traitsChanged(let t): self = .traitsChanged(.init(t))
        case .propertySet(let p): self = .propertySet(.init(p))
        case .preferredDisplayModeSet(let m): self = .preferredDisplayModeSet(m.rawValue)
        case .displayModeChanged(let m, let cause): self = .displayModeChanged(m.rawValue, cause: cause.rawValue)
        case .splitViewControllersSet(let p, let s): self = .splitViewControllersSet(primary: p.rawValue, secondary: s?.rawValue)
        case .collapsed(let r):
            self = .collapsed(newPrimary: r.newPrimary.rawValue, outcome: r.outcome.rawValue, atLaunch: r.atLaunch)
        case .separated(let r):
            self = .separated(newPrimary: r.newPrimary.rawValue, secondary: r.secondary?.rawValue, source: r.source.rawValue)
        case .shown(let t, let s, let r): self = .shown(t.rawValue, sender: s.rawValue, resolution: .init(r))
        case .detailShown(let t, let s, let r): self = .detailShown(t?.rawValue, sender: s.rawValue, resolution: .init(r))
        case .pushed(let c, let n): self = .pushed(c.rawValue, onto: n.rawValue)
        case .popped(let n, let interactive): self = .popped(navigation: n.rawValue, interactive: interactive)
        case .poppedToRoot(let n): self = .poppedToRoot(navigation: n.rawValue)
        case .poppedTo(let c, let n): self = .poppedTo(c.rawValue, navigation: n.rawValue)
        case .stackSet(let l, let n, let t): self = .stackSet(l.map(\.rawValue), navigation: n.rawValue, transition: t.rawValue)
        case .presented(let c): self = .presented(c.rawValue)
        case .dismissed(let c): self = .dismissed(c.rawValue)
        case .rejected(let c, let reason, let subject): self = .rejected(try .init(c), reason: reason.rawValue, subject: subject?.rawValue)
        case .ignored(let c, let reason, let subject): self = .ignored(try .init(c), reason: reason.rawValue, subject: subject?.rawValue)
        case .columnSet(let c, let column, let resolution):
            let r: JSONMirror.ColumnResolution
            switch resolution {
            case .installed: r = .installed
            case .wrapped(let w): r = .wrapped(in: w.rawValue)
            case .pushed(let n): r = .pushed(onto: n.rawValue)
            case .cleared: r = .cleared
            }
            self = .columnSet(c?.rawValue, column: column.rawValue, resolution: r)
        case .columnShown(let c): self = .columnShown(c.rawValue)
        case .columnHidden(let c): self = .columnHidden(c.rawValue)
        case .columnStacked(let c): self = .columnStacked(c.rawValue)
        case .columnUnstacked(let c): self = .columnUnstacked(c.rawValue)
        case .preferredSplitBehaviorSet(let b): self = .preferredSplitBehaviorSet(b.rawValue)
        case .splitBehaviorChanged(let b): self = .splitBehaviorChanged(b.rawValue)
        case .delegateNotified(let n): self = .delegateNotified(n.rawValue)
        case .controllerReleased(let c): self = .controllerReleased(c.rawValue)
        case .flagSet(let name, let value): self = .flagSet(name.rawValue, value: value)
        case .detailMarked(let c): self = .detailMarked(c.rawValue)
        case .itemRepresented(let c, let item): self = .itemRepresented(c.rawValue, item: item?.rawValue)
        case .policyChanged, .diverged, .resynced:
            throw JSONMirror.BadValue(what: "policy, divergence and resync events (not mirrored: the app models record none)")
        }
    }

    /// The event this mirror stands for.
    public func value() throws -> NavigationEvent {
        switch self {
        case .nameInterned(let s): return .nameInterned(s)
        case .controllerCreated(let i, let kind, let name, let rid):
            guard let kind = ControllerKind(rawValue: kind) else { throw JSONMirror.BadValue(what: "kind") }
            return .controllerCreated(id(i), kind: kind, name: NameID(rawValue: name), restorationID: rid.map(NameID.init(rawValue:)))
        case .stackInitialized(let n, let l): return .stackInitialized(id(n), ids(l))
        case .launched(let t): return .launched(try t.value())
        case .traitsChanged(let t): return .traitsChanged(try t.value())
        case .propertySet(let p): return .propertySet(try p.value())
        case .preferredDisplayModeSet(let m): return .preferredDisplayModeSet(try mode(m))
        case .displayModeChanged(let m, let cause):
            guard let cause = DisplayModeCause(rawValue: cause) else { throw JSONMirror.BadValue(what: "cause") }
            return .displayModeChanged(try mode(m), cause: cause)
        case .splitViewControllersSet(let p, let s): return .splitViewControllersSet(primary: id(p), secondary: s.map(id))
        case .collapsed(let p, let outcome, let atLaunch):
            guard let outcome = CollapseOutcome(rawValue: outcome) else { throw JSONMirror.BadValue(what: "outcome") }
            return .collapsed(CollapseResolution(newPrimary: id(p), outcome: outcome, atLaunch: atLaunch))
        case .separated(let p, let s, let source):
            guard let source = SeparateSource(rawValue: source) else { throw JSONMirror.BadValue(what: "source") }
            return .separated(SeparateResolution(newPrimary: id(p), secondary: s.map(id), source: source))
        case .shown(let t, let s, let r): return .shown(id(t), sender: id(s), resolution: r.value)
        case .detailShown(let t, let s, let r): return .detailShown(t.map(id), sender: id(s), resolution: r.value)
        case .pushed(let c, let n): return .pushed(id(c), onto: id(n))
        case .popped(let n, let interactive): return .popped(navigation: id(n), interactive: interactive)
        case .poppedToRoot(let n): return .poppedToRoot(navigation: id(n))
        case .poppedTo(let c, let n): return .poppedTo(id(c), navigation: id(n))
        case .stackSet(let l, let n, let t): return .stackSet(ids(l), navigation: id(n), transition: try raw(StackTransition.self, t))
        case .presented(let c): return .presented(id(c))
        case .dismissed(let c): return .dismissed(id(c))
        case .rejected(let c, let reason, let subject):
            guard let reason = RejectionReason(rawValue: reason) else { throw JSONMirror.BadValue(what: "reason") }
            return .rejected(try c.value(), reason: reason, subject: subject.map(id))
        case .ignored(let c, let reason, let subject):
            guard let reason = IgnoreReason(rawValue: reason) else { throw JSONMirror.BadValue(what: "reason") }
            return .ignored(try c.value(), reason: reason, subject: subject.map(id))
        case .columnSet(let c, let column, let resolution):
            let r: ColumnResolution
            switch resolution {
            case .installed: r = .installed
            case .wrapped(let w): r = .wrapped(in: id(w))
            case .pushed(let n): r = .pushed(onto: id(n))
            case .cleared: r = .cleared
            }
            return .columnSet(c.map(id), column: try raw(Column.self, column), resolution: r)
        case .columnShown(let c): return .columnShown(try raw(Column.self, c))
        case .columnHidden(let c): return .columnHidden(try raw(Column.self, c))
        case .columnStacked(let c): return .columnStacked(try raw(Column.self, c))
        case .columnUnstacked(let c): return .columnUnstacked(try raw(Column.self, c))
        case .preferredSplitBehaviorSet(let b): return .preferredSplitBehaviorSet(try raw(SplitBehavior.self, b))
        case .splitBehaviorChanged(let b): return .splitBehaviorChanged(try raw(SplitBehavior.self, b))
        case .delegateNotified(let n): return .delegateNotified(try raw(DelegateNotification.self, n))
        case .controllerReleased(let c): return .controllerReleased(id(c))
        case .flagSet(let name, let value): return .flagSet(NameID(rawValue: name), value: value)
        case .detailMarked(let c): return .detailMarked(id(c))
        case .itemRepresented(let c, let item): return .itemRepresented(id(c), item: item.map { NameID(rawValue: $0) })
        }
    }
}

extension JSONMirror {
    /// The JSON-lines file of the first `count` events of `session` (cached next to its log).
    public static func linesFile(of session: SessionData, count: Int) throws -> String {
        let path = session.path.replacingOccurrences(of: ".navtape", with: "") + "-first\(count).jsonl"
        if FileManager.default.fileExists(atPath: path) { return path }
        let partial = path + ".partial-\(getpid())"
        _ = FileManager.default.createFile(atPath: partial, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partial))
        try handle.write(contentsOf: encodeLines(session, range: 0..<count))
        try handle.synchronize()
        try handle.close()
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        return path
    }

    /// Events `range` of `session` as JSON lines.
    public static func encodeLines(_ session: SessionData, range: Range<Int>) throws -> Data {
        let encoder = JSONEncoder()
        var data = Data()
        for i in range {
            let line = Line(index: UInt64(i), time: session.times[i], commit: session.commits[i], event: try Event(session.events[i]))
            data.append(try encoder.encode(line))
            data.append(0x0A)
        }
        return data
    }

    /// Reads a JSON-lines file and folds every event into `state`; returns the number of lines.
    public static func readAndFold(_ path: String, into state: inout NavigationState) throws -> Int {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let decoder = JSONDecoder()
        var count = 0
        var start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
            let line = try decoder.decode(Line.self, from: data[start..<end])
            state.evolve(try line.event.value())
            count += 1
            start = end + 1
        }
        return count
    }
}
