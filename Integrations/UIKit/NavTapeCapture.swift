// NavTapeCapture.swift: the app-side writer of a NavTape intent stream.
//
// Add this one file to an iOS app's own target. It performs the app's UIKit navigation calls
// (showDetail, push, pop, …) and writes each as one JSON line, with what UIKit showed after it
// (the `observed` state), for `navtape record --intents` to decide with the model and compare.
//
// It is compiled only on Apple platforms (the whole file is inside `#if canImport(UIKit) && os(iOS)`,
// Mac Catalyst included) and never by this repository's CI, which runs on Linux; it is not part of
// the Swift package. It needs Swift 5.9 or later and iOS 14. Its output format is pinned by
// docs/Capture.md, docs/capture.schema.json and the sample streams in Tests/Capture/ that the
// ingestion tests read: change them together. One capture is one stream: give each its own file.
//
// Usage (before the split goes on screen, then instead of the UIKit calls):
//
//     let url = FileManager.default.temporaryDirectory.appendingPathComponent("nav.intents.jsonl")
//     let capture = try NavTapeCapture(split: split, fileURL: url,
//                                      traits: NavTapeCapture.traits(of: window), delegate: "calendar-paste")
//     capture.noteSplitViewControllers()            // what the storyboard already installed
//     window.rootViewController = split; window.makeKeyAndVisible()
//     capture.launched()                            // from the split's first viewDidAppear
//     capture.showDetail(pasteNC, sender: self)     // sender.showDetailViewController(pasteNC, sender:)
//     capture.pop(masterNav)                        // masterNav.popViewController(animated: true)
//     capture.setFlag("selection", true)            // a flag the delegate reads
//     coordinator.animate(alongsideTransition: nil) { _ in capture.traitsChanged() } // viewWillTransition
//
// Identities: "0x" + the object's address in hex (UInt(bitPattern: ObjectIdentifier(vc))), kept in a
// map that holds each controller weakly; when a later object reuses the address of a deallocated
// one it gets "0x…~2", "0x…~3", so an identity never names two objects within one capture.

#if canImport(UIKit) && os(iOS)
import UIKit

/// Performs an app's UIKit navigation calls and writes them, one JSON line each, as a NavTape
/// intent stream (docs/Capture.md).
@available(iOS 14.0, *)
@MainActor
public final class NavTapeCapture {
    /// An environment as the stream writes it: `{"sizeClass":…,"width":…,"height":…,"idiom":…}`.
    public struct Traits: Equatable, Sendable {
        /// `"compact"` or `"regular"`.
        public var sizeClass: String
        /// Width in points.
        public var width: Int
        /// Height in points.
        public var height: Int
        /// `"phone"` or `"pad"`.
        public var idiom: String

        /// Creates traits.
        public init(sizeClass: String, width: Int, height: Int, idiom: String) {
            self.sizeClass = sizeClass
            self.width = width
            self.height = height
            self.idiom = idiom
        }

        fileprivate var json: String {
            "{\"sizeClass\":\(quoted(sizeClass)),\"width\":\(width),\"height\":\(height),\"idiom\":\(quoted(idiom))}"
        }
    }

    /// The split whose state is observed after each command.
    public let split: UISplitViewController
    /// The screen name written for a controller the first time it appears (default ``defaultName(of:)``).
    public var nameOf: @MainActor (UIViewController) -> String
    /// The current environment of the split (default: `NavTapeCapture.traits(of: split)`).
    public var traitsProvider: @MainActor (UISplitViewController) -> Traits
    /// Whether command lines carry the `observed` state (default `true`).
    public var recordsObserved = true

    private let write: (String) -> Void
    private var lastTime: Int
    private var lastTraits: Traits?
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var status: [String: Status] = [:]
    private var describedInLine: Set<String> = []
    private var nextSlot = 0
    private var nextToWrite = 0
    private var waiting: [Int: (members: [(String, Piece)], observe: Bool)] = [:]
    private var ready: [Int: [(String, Piece)]] = [:]

    /// Starts a capture that hands each line, newline-terminated, to `write` (a socket, a log).
    ///
    /// - Parameters:
    ///   - split: The app's split view controller.
    ///   - write: Receives each complete line, `\n` included, in order.
    ///   - session: The session identifier (default a new UUID).
    ///   - device: A label, or a NavTape preset (`iphone`, `iphone-plus`, `ipad`, `ipad-pro`).
    ///   - traits: The environment before launch (default: `traitsProvider(split)`).
    ///   - delegate: The split delegate's description: a NavTape preset name or policy text.
    public init(split: UISplitViewController, write: @escaping (String) -> Void, session: String = UUID().uuidString,
                device: String = "custom", traits: Traits? = nil, delegate: String? = nil) {
        self.split = split
        self.write = write
        self.nameOf = { NavTapeCapture.defaultName(of: $0) }
        self.traitsProvider = { NavTapeCapture.traits(of: $0) }
        let start = Int((Date().timeIntervalSince1970 * 1000).rounded())
        lastTime = start
        let initial = traits ?? traitsProvider(split)
        lastTraits = initial
        var line = "{\"navtape\":\"intents\",\"version\":1,\"session\":\(quoted(session)),\"startTime\":\(start)"
        line += ",\"style\":\(quoted(Self.styleName(split.style))),\"device\":\(quoted(device)),\"traits\":\(initial.json)"
        if let delegate { line += ",\"delegate\":\(quoted(delegate))" }
        write(line + "}\n")
    }

    /// Starts a capture that writes to `fileHandle` (each line in one unbuffered write).
    public convenience init(split: UISplitViewController, fileHandle: FileHandle, session: String = UUID().uuidString,
                            device: String = "custom", traits: Traits? = nil, delegate: String? = nil) {
        self.init(split: split, write: { line in _ = try? fileHandle.write(contentsOf: Data(line.utf8)) },
                  session: session, device: device, traits: traits, delegate: delegate)
    }

    /// Starts a capture that appends to the file (or FIFO) at `fileURL`, creating a file when absent.
    /// - Throws: When the file cannot be created or opened for writing.
    public convenience init(split: UISplitViewController, fileURL: URL, session: String = UUID().uuidString,
                            device: String = "custom", traits: Traits? = nil, delegate: String? = nil) throws {
        if !FileManager.default.fileExists(atPath: fileURL.path) {
            guard FileManager.default.createFile(atPath: fileURL.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        }
        let handle = try FileHandle(forWritingTo: fileURL)
        _ = try? handle.seekToEnd()   // a FIFO cannot seek
        self.init(split: split, fileHandle: handle, session: session, device: device, traits: traits, delegate: delegate)
    }

    // MARK: Commands the app performs through the capture

    /// `sender.show(target, sender:)`, written as `show`.
    public func show(_ target: UIViewController, sender: UIViewController) {
        record("show", [("target", ref(target)), ("sender", ref(sender))]) { finish in
            sender.show(target, sender: sender)
            afterTransition(of: [target, sender, split], finish)
        }
    }

    /// `sender.showDetailViewController(target, sender:)`, written as `showDetail`.
    public func showDetail(_ target: UIViewController, sender: UIViewController) {
        record("showDetail", [("target", ref(target)), ("sender", ref(sender))]) { finish in
            sender.showDetailViewController(target, sender: sender)
            afterTransition(of: [target, sender, split], finish)
        }
    }

    /// `navigation.pushViewController(controller, animated:)`, written as `push`.
    public func push(_ controller: UIViewController, onto navigation: UINavigationController, animated: Bool = true) {
        record("push", [("controller", ref(controller)), ("onto", ref(navigation))]) { finish in
            navigation.pushViewController(controller, animated: animated)
            afterTransition(of: [navigation], finish)
        }
    }

    /// `navigation.popViewController(animated:)`, written as `pop`.
    public func pop(_ navigation: UINavigationController, animated: Bool = true) {
        record("pop", [("navigation", ref(navigation))]) { finish in
            _ = navigation.popViewController(animated: animated)
            afterTransition(of: [navigation], finish)
        }
    }

    /// `navigation.popToRootViewController(animated:)`, written as `popToRoot`.
    public func popToRoot(_ navigation: UINavigationController, animated: Bool = true) {
        record("popToRoot", [("navigation", ref(navigation))]) { finish in
            _ = navigation.popToRootViewController(animated: animated)
            afterTransition(of: [navigation], finish)
        }
    }

    /// `navigation.popToViewController(controller, animated:)`, written as `popTo`.
    public func popTo(_ controller: UIViewController, in navigation: UINavigationController, animated: Bool = true) {
        record("popTo", [("controller", ref(controller)), ("navigation", ref(navigation))]) { finish in
            _ = navigation.popToViewController(controller, animated: animated)
            afterTransition(of: [navigation], finish)
        }
    }

    /// `navigation.setViewControllers(controllers, animated:)`, written as `setViewControllers`.
    public func setViewControllers(_ controllers: [UIViewController], of navigation: UINavigationController, animated: Bool = true) {
        record("setViewControllers", [("controllers", .array(controllers.map(ref))), ("navigation", ref(navigation))]) { finish in
            navigation.setViewControllers(controllers, animated: animated)
            afterTransition(of: [navigation], finish)
        }
    }

    /// `split.viewControllers = controllers`, written as `setSplitViewControllers`.
    public func setSplitViewControllers(_ controllers: [UIViewController]) {
        record("setSplitViewControllers", [("controllers", .array(controllers.map(ref)))]) { finish in
            split.viewControllers = controllers
            afterTransition(of: [split], finish)
        }
    }

    /// `split.preferredDisplayMode = mode`, written as `setPreferredDisplayMode`.
    public func setPreferredDisplayMode(_ mode: UISplitViewController.DisplayMode) {
        guard let name = Self.displayModeName(mode) else { split.preferredDisplayMode = mode; return }
        record("setPreferredDisplayMode", [("mode", .raw(quoted(name)))]) { finish in
            split.preferredDisplayMode = mode
            afterTransition(of: [split], finish)
        }
    }

    /// `split.setViewController(controller, for: column)`, written as `setViewController`.
    public func setViewController(_ controller: UIViewController?, for column: UISplitViewController.Column) {
        guard let name = Self.columnName(column) else { split.setViewController(controller, for: column); return }
        record("setViewController", [("controller", controller.map(ref) ?? .raw("null")), ("column", .raw(quoted(name)))]) { finish in
            split.setViewController(controller, for: column)
            afterTransition(of: [split], finish)
        }
    }

    /// `split.show(column)`, written as `showColumn`.
    public func showColumn(_ column: UISplitViewController.Column) {
        guard let name = Self.columnName(column) else { split.show(column); return }
        record("showColumn", [("column", .raw(quoted(name)))]) { finish in
            split.show(column)
            afterTransition(of: [split], finish)
        }
    }

    /// `split.hide(column)`, written as `hideColumn`.
    public func hideColumn(_ column: UISplitViewController.Column) {
        guard let name = Self.columnName(column) else { split.hide(column); return }
        record("hideColumn", [("column", .raw(quoted(name)))]) { finish in
            split.hide(column)
            afterTransition(of: [split], finish)
        }
    }

    /// `presenter.present(controller, animated:)` (presenter: the split by default), written as `present`.
    public func present(_ controller: UIViewController, from presenter: UIViewController? = nil, animated: Bool = true) {
        let presenter = presenter ?? split
        record("present", [("controller", ref(controller))]) { finish in
            let refused = presenter.presentedViewController != nil   // UIKit then refuses and never calls back
            presenter.present(controller, animated: animated, completion: { MainActor.assumeIsolated { finish() } })
            if refused { finish() }
        }
    }

    /// `presenter.dismiss(animated:)` (presenter: the split by default), written as `dismiss`.
    public func dismiss(from presenter: UIViewController? = nil, animated: Bool = true) {
        let presenter = presenter ?? split
        record("dismiss", []) { finish in
            let idle = presenter.presentedViewController == nil && presenter.presentingViewController == nil
            presenter.dismiss(animated: animated, completion: { MainActor.assumeIsolated { finish() } })
            if idle { finish() }   // nothing to dismiss: a callback may never come (a second one is ignored)
        }
    }

    // MARK: Facts the app reports (no UIKit call)

    /// Writes `setSplitViewControllers` for the controllers the split already holds (a storyboard's),
    /// without calling UIKit. Call it once, before the split goes on screen.
    public func noteSplitViewControllers() {
        record("setSplitViewControllers", [("controllers", .array(split.viewControllers.map(ref)))]) { $0() }
    }

    /// Writes `launch` with the current traits: call it once the split is on screen (its first `viewDidAppear`).
    public func launched() {
        let traits = traitsProvider(split)
        lastTraits = traits
        record("launch", [("traits", .raw(traits.json))]) { $0() }
    }

    /// Writes `changeTraits` with the current traits, unless they equal the last ones written. Call it
    /// from the coordinator's completion in `viewWillTransition(to:with:)` (the new size is applied
    /// then) and from `traitCollectionDidChange(_:)`; calling both for one change writes one line.
    /// - Returns: Whether a line was written.
    @discardableResult
    public func traitsChanged() -> Bool {
        let traits = traitsProvider(split)
        guard traits != lastTraits else { return false }
        lastTraits = traits
        record("changeTraits", [("traits", .raw(traits.json))]) { $0() }
        return true
    }

    /// Writes `setFlag`: the app set or cleared a flag its delegate reads (a selection, a modified
    /// detail). `name` is one non-empty word.
    public func setFlag(_ name: String, _ value: Bool) {
        record("setFlag", [("name", .raw(quoted(name))), ("value", .raw(value ? "true" : "false"))], observe: false) { $0() }
    }

    /// Writes `setPolicy`: the delegate now answers as `policy` (policy text or a preset name) says.
    public func policyChanged(_ policy: String) {
        record("setPolicy", [("policy", .raw(quoted(policy)))], observe: false) { $0() }
    }

    // MARK: Naming and traits

    /// The restoration identifier if set; else `<RootClass>Nav` for a plain `UINavigationController`;
    /// else the class name.
    public static func defaultName(of controller: UIViewController) -> String {
        if let restorationID = controller.restorationIdentifier, !restorationID.isEmpty { return restorationID }
        if let navigation = controller as? UINavigationController, type(of: navigation) == UINavigationController.self {
            guard let root = navigation.viewControllers.first else { return "UINavigationController" }
            return String(describing: type(of: root)) + "Nav"
        }
        return String(describing: type(of: controller))
    }

    /// The split's environment: its horizontal size class and idiom (by the device's idiom when
    /// unspecified, compact on phones, regular on pads) and its view's size (else its window's).
    public static func traits(of split: UISplitViewController) -> Traits {
        let view = split.viewIfLoaded
        var size = view?.bounds.size ?? .zero
        if size.width == 0 || size.height == 0, let window = view?.window { size = window.bounds.size }
        return traits(split.traitCollection, size)
    }

    /// A window's environment: pass it as `traits` when the split is not in the window yet.
    public static func traits(of window: UIWindow) -> Traits {
        traits(window.traitCollection, window.bounds.size)
    }

    private static func traits(_ collection: UITraitCollection, _ size: CGSize) -> Traits {
        let idiom = collection.userInterfaceIdiom == .unspecified ? UIDevice.current.userInterfaceIdiom : collection.userInterfaceIdiom
        let idiomName = idiom == .phone ? "phone" : "pad"
        let sizeClass: String
        switch collection.horizontalSizeClass {
        case .regular: sizeClass = "regular"
        case .compact: sizeClass = "compact"
        default: sizeClass = idiomName == "pad" ? "regular" : "compact"
        }
        return Traits(sizeClass: sizeClass, width: Int(size.width.rounded()), height: Int(size.height.rounded()), idiom: idiomName)
    }

    // MARK: Lines

    /// A controller as of the moment it is mentioned.
    private struct Snapshot {
        var id: String
        var name: String
        var kind: String
        var restorationID: String?
        var children: [Snapshot]?
    }

    /// Part of a line, turned into JSON when the line is written (in stream order).
    private indirect enum Piece {
        case raw(String)
        case object([(String, Piece)])
        case array([Piece])
        case parameter(Snapshot)
        case observed(Snapshot)
    }

    /// What the stream has told NavTape about an identity.
    private enum Status {
        /// Described in a command: NavTape knows it.
        case named
        /// Described in an observation or inside a tree NavTape may ignore: it may or may not know it.
        case possiblyKnown
    }

    private struct Entry {
        weak var object: UIViewController?
        var id: String
        var generation: Int
    }

    private func identity(of controller: UIViewController) -> String {
        let key = ObjectIdentifier(controller)
        if let entry = entries[key], entry.object === controller { return entry.id }
        let generation = (entries[key]?.generation ?? 0) + 1
        let hex = "0x" + String(UInt(bitPattern: key), radix: 16)
        let id = generation == 1 ? hex : hex + "~" + String(generation)
        entries[key] = Entry(object: controller, id: id, generation: generation)
        return id
    }

    /// `controller` now; `deep`: with a navigation controller's stack (nested stacks included).
    private func snapshot(_ controller: UIViewController, deep: Bool, depth: Int = 0) -> Snapshot {
        let kind: String
        var children: [Snapshot]?
        if let navigation = controller as? UINavigationController {
            kind = "navigation"
            if deep && depth < 32 { children = navigation.viewControllers.map { snapshot($0, deep: true, depth: depth + 1) } }
        } else if controller is UITabBarController {
            kind = "tabBar"
        } else if controller is UISplitViewController {
            kind = "split"
        } else {
            kind = "content"
        }
        let restorationID = controller.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        return Snapshot(id: identity(of: controller), name: nameOf(controller), kind: kind, restorationID: restorationID,
                        children: children)
    }

    /// A command parameter: described (with a navigation controller's stack as it is now) until named.
    private func ref(_ controller: UIViewController) -> Piece { .parameter(snapshot(controller, deep: true)) }

    /// Reserves the command's place in the stream, performs it, and writes it once `call` reports
    /// UIKit has applied it (at the latest after three seconds).
    private func record(_ command: String, _ parameters: [(String, Piece)], observe: Bool = true,
                        _ call: (_ finish: @escaping @MainActor @Sendable () -> Void) -> Void) {
        let slot = nextSlot
        nextSlot += 1
        let time = max(lastTime, Int((Date().timeIntervalSince1970 * 1000).rounded()))
        lastTime = time
        var members: [(String, Piece)] = [("command", .raw(quoted(command)))]
        members += parameters
        members.append(("time", .raw(String(time))))
        waiting[slot] = (members: members, observe: observe)
        call { [weak self] in self?.complete(slot) }
        guard waiting[slot] != nil else { return }
        Task { @MainActor in   // holds the capture until the line is out
            try? await Task.sleep(nanoseconds: 3_000_000_000)
            self.complete(slot)
        }
    }

    private func afterTransition(of controllers: [UIViewController?], _ finish: @escaping @MainActor @Sendable () -> Void) {
        for case let controller? in controllers {
            guard let coordinator = controller.transitionCoordinator else { continue }
            _ = coordinator.animate(alongsideTransition: nil, completion: { _ in MainActor.assumeIsolated { finish() } })
            return
        }
        finish()
    }

    private func complete(_ slot: Int) {
        guard var entry = waiting.removeValue(forKey: slot) else { return }
        if entry.observe && recordsObserved { entry.members.append(("observed", observedState())) }
        ready[slot] = entry.members
        while let members = ready.removeValue(forKey: nextToWrite) {
            var line = ""
            describedInLine = []
            render(.object(members), into: &line)
            write(line + "\n")
            nextToWrite += 1
        }
    }

    /// The split's `viewControllers`, `isCollapsed`, `displayMode` (left out when UIKit reports
    /// `automatic`, a preference only, or a mode this file does not know), and the stack of every
    /// navigation controller among them or nested in their stacks.
    private func observedState() -> Piece {
        func seen(_ controller: UIViewController) -> Piece { .observed(self.snapshot(controller, deep: false)) }
        var stacks: [Piece] = []
        var visited = Set<ObjectIdentifier>()
        func visit(_ controllers: [UIViewController]) {
            for case let navigation as UINavigationController in controllers where visited.insert(ObjectIdentifier(navigation)).inserted {
                stacks.append(.object([("navigation", seen(navigation)), ("viewControllers", .array(navigation.viewControllers.map(seen)))]))
                visit(navigation.viewControllers)
            }
        }
        visit(split.viewControllers)
        var members: [(String, Piece)] = [
            ("viewControllers", .array(split.viewControllers.map(seen))),
            ("collapsed", .raw(split.isCollapsed ? "true" : "false")),
        ]
        if let mode = Self.displayModeName(split.displayMode), mode != "automatic" { members.append(("displayMode", .raw(quoted(mode)))) }
        members.append(("stacks", .array(stacks)))
        return .object(members)
    }

    private func render(_ piece: Piece, into out: inout String) {
        switch piece {
        case .raw(let json):
            out += json
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                out += (i == 0 ? "" : ",") + quoted(key) + ":"
                render(value, into: &out)
            }
            out += "}"
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                render(item, into: &out)
            }
            out += "]"
        case .parameter(let snapshot):
            describe(snapshot, certain: true, into: &out)
        case .observed(let snapshot):
            if status[snapshot.id] == .named { out += quoted(snapshot.id); return }
            status[snapshot.id] = .possiblyKnown
            out += "{\"id\":\(quoted(snapshot.id)),\"name\":\(quoted(snapshot.name))}"
        }
    }

    /// A reference in a command: the identity once named (or described earlier in the line), else the
    /// full description. A new tree's children are only those the stream never mentioned (NavTape
    /// rejects a known one inside a new tree); the children of a controller NavTape may already know
    /// (and so ignore) are only possibly known after.
    private func describe(_ snapshot: Snapshot, certain: Bool, into out: inout String) {
        let prior = status[snapshot.id]
        if prior == .named || describedInLine.contains(snapshot.id) { out += quoted(snapshot.id); return }
        describedInLine.insert(snapshot.id)
        status[snapshot.id] = certain ? .named : .possiblyKnown
        out += "{\"id\":\(quoted(snapshot.id)),\"name\":\(quoted(snapshot.name)),\"kind\":\(quoted(snapshot.kind))"
        if let restorationID = snapshot.restorationID { out += ",\"restorationID\":\(quoted(restorationID))" }
        if let children = snapshot.children {
            out += ",\"children\":["
            var first = true
            for child in children where status[child.id] == nil {
                out += first ? "" : ","
                first = false
                describe(child, certain: certain && prior == nil, into: &out)
            }
            out += "]"
        }
        out += "}"
    }

    private static func styleName(_ style: UISplitViewController.Style) -> String {
        switch style {
        case .doubleColumn: return "doubleColumn"
        case .tripleColumn: return "tripleColumn"
        case .unspecified: return "unspecified"
        @unknown default: return "unspecified"
        }
    }

    /// The iOS 14 name of a display mode, `nil` for one the model does not know.
    private static func displayModeName(_ mode: UISplitViewController.DisplayMode) -> String? {
        switch mode {
        case .automatic: return "automatic"
        case .secondaryOnly: return "secondaryOnly"
        case .oneBesideSecondary: return "oneBesideSecondary"
        case .oneOverSecondary: return "oneOverSecondary"
        case .twoBesideSecondary: return "twoBesideSecondary"
        case .twoOverSecondary: return "twoOverSecondary"
        case .twoDisplaceSecondary: return "twoDisplaceSecondary"
        @unknown default: return nil
        }
    }

    /// The model's name of a column, `nil` for one it does not model (iOS 17's inspector).
    private static func columnName(_ column: UISplitViewController.Column) -> String? {
        switch column {
        case .primary: return "primary"
        case .supplementary: return "supplementary"
        case .secondary: return "secondary"
        case .compact: return "compact"
        default: return nil
        }
    }
}

private let hexDigits: [Character] = Array("0123456789abcdef")

/// `text` as a JSON string: quotes and backslashes escaped, control characters as `\u00XX`.
private func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        default:
            if scalar.value < 0x20 {
                out += "\\u00"
                out.append(hexDigits[Int(scalar.value >> 4)])
                out.append(hexDigits[Int(scalar.value & 0xF)])
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
#endif
