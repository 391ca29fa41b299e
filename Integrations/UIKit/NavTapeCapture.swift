// NavTapeCapture.swift: the app-side writer of a NavTape intent stream.
//
// Add this one file to an iOS app's own target. It performs the app's UIKit navigation calls
// (showDetail, push, pop, …), notices the navigation UIKit performs by itself, and writes each as one
// JSON line, with what UIKit showed after it (the `observed` state), for `navtape record --intents`
// to decide with the model and compare. Its output format is pinned by docs/Capture.md,
// docs/capture.schema.json and the sample streams in Tests/Capture/ that the ingestion tests read:
// change them together. One capture is one stream: give each its own file. It is not part of the
// Swift package.
//
// The file has two parts:
//
// - `NavTapeCaptureFormat` (`#if canImport(Foundation)`, so Linux too): value types and pure
//   functions that render the stream's lines (the session line, command lines with their arguments
//   and `observed` state, controller references and trees, traits, JSON string escaping). It knows no
//   UIKit type. The UIKit part produces every line it writes through these functions only, so what
//   is compiled and tested on Linux by this repository's tests is exactly what an app writes.
// - `NavTapeCapture` (`#if canImport(UIKit) && os(iOS)`, Mac Catalyst included): the UIKit glue. It
//   is compiled only on Apple platforms and never built or run by this repository's CI, which runs
//   on Linux. It needs Swift 5.10 or later and iOS 14, and is written for the Swift 6 language mode;
//   it has never been compiled against the real SDK. Which intercepted call is written
//   (`NavTapeCaptureFormat.Interception`) is compiled and tested on Linux through stand-in controllers
//   (Integrations/UIKit/Tests/InterceptionTests.swift); the method replacement itself is not.
//
// One line to start (debug builds): `NavTapeCapture.start(to: url, delegate: "…")` in
// `application(_:didFinishLaunchingWithOptions:)`. It replaces UIKit's navigation entry points
// (`NavTapeCaptureFormat.EntryPoint`) for the whole app and writes the outermost call on the captured
// split as the app's intent: segues, direct UIKit calls and third-party code included, and neither
// UIKit's own calls inside it nor those of its collapse, separate and trait transitions. It attaches
// to the first split view controller that loads its view. The routed API below stays for apps that
// do not want interception.
//
// What the capture writes by itself (unless created with `observesUIKit: false`):
//
// - Pops UIKit performs: the Back button, the interactive swipe back (`interactivePop`, completed or
//   cancelled), a pop to an earlier controller or the root. Each navigation controller the capture
//   learns about (the split's, those nested in their stacks, those passed to it) gets a forwarding
//   `UINavigationControllerDelegate` proxy: every delegate call still reaches the app's delegate
//   (kept weakly, put back by `stop()`), and `didShow` compares the stack with the last one seen.
//   A pop the app routed through the capture is not written twice.
// - Stack changes that are not a pop and that no command of the capture's made (a storyboard segue,
//   an unwind segue, a direct UIKit call, third-party code): a `resync` line with what UIKit shows,
//   which NavTape adopts instead of falling behind (docs/Capture.md, "Resync lines").
// - A sheet the user swipes away (`presentationControllerDidDismiss`, through a forwarding delegate
//   of the presented controller's presentation controller): `dismiss`, unless the stream already
//   dismissed it (`NavTapeCaptureFormat.Presentations`).
// - Display-mode changes the app did not ask for (the display-mode button, the edge swipe, a tap on
//   the dimmed secondary), through a forwarding `UISplitViewControllerDelegate` proxy. UIKit does not
//   say which of them it was: all are written as `tapDisplayModeButton`.
// - On iOS 17 and later, size-class changes (rotation, multitasking): `changeTraits`, once the
//   split has settled. A display-mode change that comes with new traits also writes `changeTraits`.
//
// What the app still does itself with the routed API (without `start(to:)`):
//
// - Every navigation call goes through the capture instead of UIKit (`capture.push(…)` for
//   `nav.pushViewController(…)`, …), including what a storyboard segue would do: a segue's push or
//   show, a direct `preferredDisplayMode` assignment and any other change the app makes behind the
//   capture's back are not recognised as commands: a stack change is written as a `resync` (the
//   model adopts it, with no rule to blame), a pop as the pop it is, a display-mode change as a
//   button tap.
// - `launched()` once the split is on screen.
//
// With either: `setFlag` / `policyChanged` for what its delegate reads that UIKit does not show;
// `traitsChanged()` from the completion of `viewWillTransition(to:with:)` below iOS 17, and on any
// iOS for a resize or rotation that keeps both size classes (an iPad's); extra calls write nothing.
// `stop()` when done: it puts the original delegates back. Set the split's and navigation
// controllers' delegates before the capture starts (a delegate set later is adopted at the next
// observation), and do not expect `delegate` to read back as your own object while capturing.
// One capture per split at a time.
//
// Writing to a FIFO or pipe: SIGPIPE is disabled on the descriptor (`F_SETNOSIGPIPE`), so when
// `navtape record` exits the next write fails with EPIPE: the capture stops writing and the app goes
// on. Writes are synchronous on the main thread: a reader that stops reading blocks the app.
//
// Usage, one line (debug builds):
//
//     NavTapeCapture.start(to: FileManager.default.temporaryDirectory.appendingPathComponent("nav.intents.jsonl"),
//                          delegate: "calendar-paste")
//     NavTapeCapture.current?.setFlag("selection", true)   // a flag the delegate reads, when the app sets it
//
// Usage, routed (before the split goes on screen, then instead of the UIKit calls):
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
//     capture.stop()
//
// Identities: "0x" + the object's address in hex (UInt(bitPattern: ObjectIdentifier(vc))), kept in a
// map that holds each controller weakly; when a later object reuses the address of a deallocated
// one it gets "0x…~2", "0x…~3", so an identity never names two objects within one capture.

#if canImport(Foundation)
import Foundation

/// The lines of a NavTape intent stream (docs/Capture.md, docs/capture.schema.json), rendered from
/// plain values by pure functions. Lines are returned without their newline.
///
/// A stream is the ``sessionLine(session:startTime:style:device:traits:delegate:)`` followed by
/// command lines rendered in stream order with one ``References`` value threaded through
/// ``commandLine(command:arguments:time:observed:references:)``: it remembers which controller
/// identities the stream has named, so a controller is described in full once and by its identity
/// after that.
public enum NavTapeCaptureFormat {
    /// An environment as the stream writes it: `{"sizeClass":…,"width":…,"height":…,"idiom":…}`.
    public struct Traits: Hashable, Sendable {
        /// `"compact"` or `"regular"`.
        public var sizeClass: String
        /// Width in points (written clamped to 32 bits).
        public var width: Int
        /// Height in points (written clamped to 32 bits).
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
    }

    /// The split's style in the session line.
    public enum Style: String, Sendable, CaseIterable {
        case unspecified, doubleColumn, tripleColumn, legacy, manual
    }

    /// A controller's kind (`kind` of a controller reference object).
    public enum Kind: String, Sendable, CaseIterable {
        case content, navigation, tabBar, split
    }

    /// A display mode by its iOS 14 name or classic alias. `automatic` is a preference only: an
    /// ``Observed`` display mode of `automatic` is left out of the line.
    public enum DisplayMode: String, Sendable, CaseIterable {
        case automatic, secondaryOnly, oneBesideSecondary, oneOverSecondary, twoBesideSecondary,
            twoOverSecondary, twoDisplaceSecondary, primaryHidden, allVisible, primaryOverlay
    }

    /// A controller as of the moment a line mentions it.
    public struct Controller: Hashable, Sendable {
        /// The app's identity of the controller (non-empty, stable for the object's lifetime).
        public var id: String
        /// The screen name NavTape shows.
        public var name: String
        /// Its kind.
        public var kind: Kind
        /// Its restoration identifier, if any.
        public var restorationID: String?
        /// A navigation controller's stack, bottom to top (`nil`: unknown or not a navigation
        /// controller). Written only for a `.navigation` controller described as a command argument.
        public var children: [Controller]?

        /// Creates a controller description.
        public init(
            id: String, name: String, kind: Kind = .content, restorationID: String? = nil,
            children: [Controller]? = nil
        ) {
            self.id = id
            self.name = name
            self.kind = kind
            self.restorationID = restorationID
            self.children = children
        }
    }

    /// One navigation controller's stack in an ``Observed`` state.
    public struct Stack: Hashable, Sendable {
        /// The navigation controller.
        public var navigation: Controller
        /// Its `viewControllers`, bottom to top.
        public var viewControllers: [Controller]

        /// Creates a stack.
        public init(navigation: Controller, viewControllers: [Controller]) {
            self.navigation = navigation
            self.viewControllers = viewControllers
        }
    }

    /// What UIKit showed after a command; `nil` members are left out (and not compared).
    public struct Observed: Hashable, Sendable {
        /// The split's `viewControllers`.
        public var viewControllers: [Controller]?
        /// The split's `isCollapsed`.
        public var collapsed: Bool?
        /// The split's `displayMode` (`automatic` is left out).
        public var displayMode: DisplayMode?
        /// The stacks of the navigation controllers on screen.
        public var stacks: [Stack]?

        /// Creates an observed state.
        public init(
            viewControllers: [Controller]? = nil, collapsed: Bool? = nil, displayMode: DisplayMode? = nil,
            stacks: [Stack]? = nil
        ) {
            self.viewControllers = viewControllers
            self.collapsed = collapsed
            self.displayMode = displayMode
            self.stacks = stacks
        }
    }

    /// A command argument's value.
    public indirect enum Value: Sendable {
        /// A JSON string (a column, a display mode, a flag's name, a policy).
        case string(String)
        /// `true` or `false`.
        case bool(Bool)
        /// An integer.
        case int(Int)
        /// A number (`null` when not finite).
        case number(Double)
        /// `null` (a `showDetail` target or `setViewController` controller of `nil`).
        case null
        /// A traits object.
        case traits(Traits)
        /// A controller reference: described in full until the stream has named it, its identity after.
        case controller(Controller)
        /// An array of controller references.
        case controllers([Controller])
        /// A JSON object, members in order (a `setProperty` property).
        case object([(String, Value)])
    }

    /// What a stream has told NavTape about controller identities so far. Thread one value through
    /// the command lines of a stream, in stream order.
    public struct References: Sendable {
        enum Status: Sendable {
            /// Described in a command: NavTape knows it.
            case named
            /// Described in an observation or inside a tree NavTape may ignore: it may or may not know it.
            case possiblyKnown
        }

        var status: [String: Status] = [:]

        /// A stream that has mentioned no controller yet.
        public init() {}

        /// Whether a command line has named `id`: later lines write the identity alone.
        public func isNamed(_ id: String) -> Bool { status[id] == .named }

        /// Whether any line has mentioned `id` (named, or described in an observation or a tree).
        public func isMentioned(_ id: String) -> Bool { status[id] != nil }
    }

    // MARK: What UIKit did by itself

    /// What a navigation controller's `didShow` means: the UIKit part's one decision about the
    /// navigation UIKit performs by itself, kept here so that it is compiled and tested on Linux.
    public enum StackChange: Equatable, Sendable {
        /// Nothing to write: the same stack, a command of the capture's own, or controllers UIKit
        /// moves between stacks and columns as the split collapses or separates (its trait change's line).
        case none
        /// The Back button: `pop`.
        case pop
        /// The back swipe, completed: `interactivePop` (a cancelled one leaves the stack as it was).
        case interactivePop
        /// Back to the root: `popToRoot`.
        case popToRoot
        /// Back to this controller (an unwind segue, a long press on Back): `popTo`.
        case popTo(String)
        /// Not a pop and no command of the capture's (a segue, another caller's push or
        /// `setViewControllers`): what UIKit shows, as a `resync` line.
        case resync

        /// Classifies a stack going from `before` (the last seen, `nil` for none) to `now`
        /// (identities, bottom first).
        ///
        /// - Parameters:
        ///   - idle: No command of the capture's is in flight or just completed, and the split is launched.
        ///   - collapseChanged: The split collapsed or separated since the stack was last seen.
        ///   - columns: The split's `viewControllers` now (a column's controller leaving a stack is a separate's move).
        ///   - interactive: The change ends a back swipe.
        public static func classify(
            before: [String]?, now: [String], idle: Bool, collapseChanged: Bool, columns: Set<String>,
            interactive: Bool
        ) -> StackChange {
            guard idle, let before, now != before, !collapseChanged else { return .none }
            guard let top = now.last, now.count < before.count, Array(before.prefix(now.count)) == now else { return .resync }
            if before[now.count...].contains(where: columns.contains) { return .none }
            let removed = before.count - now.count
            if removed == 1 { return interactive ? .interactivePop : .pop }
            return now.count == 1 ? .popToRoot : .popTo(top)
        }
    }

    // MARK: Standing between UIKit and the app's delegate

    /// How a forwarding proxy stands between UIKit and the app's delegate (its forwardee): what it
    /// says it implements, where a message goes, and what it does when the forwardee is freed. UIKit
    /// caches a delegate's answers to `responds(to:)` when the delegate is assigned; the UIKit part's
    /// proxies follow these rules, kept here so that Linux tests them against a model of that cache.
    public enum DelegateForwarding {
        /// Where a message sent to the proxy goes.
        public enum Route: Equatable, Sendable {
            /// The proxy's own implementation (which forwards to the app's delegate itself).
            case proxy
            /// The app's delegate (`forwardingTarget(for:)`).
            case forwardee
            /// Nobody: an unrecognized selector, which crashes the app.
            case nobody
        }

        /// Where a message goes.
        ///
        /// - Parameters:
        ///   - ownImplements: The proxy implements the method.
        ///   - forwardeeImplements: The app's delegate implements it; `nil` once it is freed.
        public static func route(ownImplements: Bool, forwardeeImplements: Bool?) -> Route {
            if ownImplements { return .proxy }
            return forwardeeImplements == true ? .forwardee : .nobody
        }

        /// `responds(to:)`: whatever a message would reach.
        public static func responds(ownImplements: Bool, forwardeeImplements: Bool?) -> Bool {
            route(ownImplements: ownImplements, forwardeeImplements: forwardeeImplements) != .nobody
        }

        /// Whether the proxy assigns itself again (`nil`, then itself) when its forwardee is freed:
        /// while it is still the delegate, so that UIKit forgets the methods it cached for the
        /// forwardee. (Once the app has set another delegate, that one is UIKit's concern.)
        public static func reassignsWhenForwardeeFreed(isDelegate: Bool) -> Bool { isDelegate }
    }

    // MARK: Interception

    /// A UIKit method that ``NavTapeCapture/start(to:split:device:delegate:)`` intercepts, as Apple's
    /// documentation declares it (iOS 14 SDK), and the command its outermost call is written as.
    public enum EntryPoint: String, CaseIterable, Sendable {
        /// `UIViewController.show(_:sender:)` (overridden by `UINavigationController` and `UISplitViewController`).
        case show
        /// `UIViewController.showDetailViewController(_:sender:)` (overridden by `UISplitViewController`).
        case showDetail
        /// `UIViewController.present(_:animated:completion:)`.
        case present
        /// `UIViewController.dismiss(animated:completion:)`.
        case dismiss
        /// `UINavigationController.pushViewController(_:animated:)`.
        case push
        /// `UINavigationController.popViewController(animated:)`: the Back button too, and the back
        /// swipe as it begins.
        case pop
        /// `UINavigationController.popToViewController(_:animated:)`: an unwind segue too.
        case popTo
        /// `UINavigationController.popToRootViewController(animated:)`.
        case popToRoot
        /// `UINavigationController.setViewControllers(_:animated:)` and its `viewControllers` setter.
        case setViewControllers
        /// `UISplitViewController.viewControllers`'s setter.
        case setSplitViewControllers
        /// `UISplitViewController.preferredDisplayMode`'s setter.
        case setPreferredDisplayMode
        /// `UISplitViewController.setViewController(_:for:)` (iOS 14).
        case setViewController
        /// `UISplitViewController.show(_:)` for a column (iOS 14).
        case showColumn
        /// `UISplitViewController.hide(_:)` for a column (iOS 14).
        case hideColumn

        /// The stream's command for the call (docs/Capture.md).
        public var command: String { rawValue }

        /// The Objective-C selectors UIKit dispatches for this entry point, and the classes that may
        /// implement each (a class whose implementation is inherited is left alone).
        public var selectors: [(selector: String, classes: [String])] {
            let controller = ["UIViewController", "UINavigationController", "UISplitViewController"]
            switch self {
            case .show: return [("showViewController:sender:", controller)]
            case .showDetail: return [("showDetailViewController:sender:", controller)]
            case .present: return [("presentViewController:animated:completion:", controller)]
            case .dismiss: return [("dismissViewControllerAnimated:completion:", controller)]
            case .push: return [("pushViewController:animated:", ["UINavigationController"])]
            case .pop: return [("popViewControllerAnimated:", ["UINavigationController"])]
            case .popTo: return [("popToViewController:animated:", ["UINavigationController"])]
            case .popToRoot: return [("popToRootViewControllerAnimated:", ["UINavigationController"])]
            case .setViewControllers:
                return [("setViewControllers:animated:", ["UINavigationController"]), ("setViewControllers:", ["UINavigationController"])]
            case .setSplitViewControllers: return [("setViewControllers:", ["UISplitViewController"])]
            case .setPreferredDisplayMode: return [("setPreferredDisplayMode:", ["UISplitViewController"])]
            case .setViewController: return [("setViewController:forColumn:", ["UISplitViewController"])]
            case .showColumn: return [("showColumn:", ["UISplitViewController"])]
            case .hideColumn: return [("hideColumn:", ["UISplitViewController"])]
            }
        }
    }

    /// Which intercepted call is the app's intent: the outermost one on the main thread, made once
    /// the split is launched, outside UIKit's own collapse, separate and trait transition, on a
    /// controller in the captured split's hierarchy. Every call inside it (UIKit's pushes during
    /// `show`, the app delegate's work inside `showDetail`) belongs to it: the model decides those.
    /// The UIKit part keeps one value on the main actor; it is here so that Linux compiles and tests it.
    public struct Interception: Sendable {
        /// Why a call is not written.
        public enum Reason: Equatable, Sendable {
            /// Inside another intercepted or routed call.
            case nested
            /// Inside UIKit's collapse, separate or trait transition: UIKit's own moves.
            case uikitTransition
            /// On a controller outside the captured split's hierarchy (another window, an SDK's sheet).
            case outsideSplit
            /// Before the split's launch: its setup, written as the launch's state.
            case notLaunched
            /// The back swipe's pop as it begins: written when its transition ends, completed or not.
            case interactivePop
        }

        /// What to do with an intercepted call.
        public enum Decision: Equatable, Sendable {
            /// Write it as the entry point's command, then perform it.
            case record
            /// Perform it, writing nothing.
            case passThrough(Reason)
        }

        /// Intercepted and routed calls in progress, outermost included.
        public private(set) var depth = 0
        /// UIKit transitions in progress (collapse, separate, a trait transition of the split).
        public private(set) var uikitTransitions = 0

        /// No call in progress.
        public init() {}

        /// Enters an intercepted call; pair each with ``leave()``.
        ///
        /// - Parameters:
        ///   - entry: The entry point called.
        ///   - inCapturedSplit: The receiver is the split or under it (by parent or presentation).
        ///   - launched: The split has launched.
        ///   - interactivePopBegan: For `pop`: the navigation controller's back-swipe gesture has just begun.
        public mutating func enter(
            _ entry: EntryPoint, inCapturedSplit: Bool, launched: Bool, interactivePopBegan: Bool = false
        ) -> Decision {
            depth += 1
            if depth > 1 { return .passThrough(.nested) }
            if uikitTransitions > 0 { return .passThrough(.uikitTransition) }
            if !launched { return .passThrough(.notLaunched) }
            if !inCapturedSplit { return .passThrough(.outsideSplit) }
            if entry == .pop, interactivePopBegan { return .passThrough(.interactivePop) }
            return .record
        }

        /// Enters a call the app routed through the capture's own methods (already written).
        public mutating func enterRouted() { depth += 1 }

        /// Leaves the innermost call entered.
        public mutating func leave() { depth = max(0, depth - 1) }

        /// UIKit begins collapsing, separating or moving the split to new traits.
        public mutating func beginUIKitTransition() { uikitTransitions += 1 }

        /// UIKit's collapse, separate or trait transition ended.
        public mutating func endUIKitTransition() { uikitTransitions = max(0, uikitTransitions - 1) }
    }

    /// The sheets the stream shows on screen, presenter first, so that a sheet the user swipes away
    /// (`presentationControllerDidDismiss`) is written as one `dismiss`, and not again when the
    /// stream already wrote the dismissal (UIKit dismissing it through the intercepted public
    /// `dismiss(animated:completion:)` first). Identities are the capture's controller IDs.
    public struct Presentations: Sendable {
        /// The sheets presented and not yet dismissed, in presentation order.
        public private(set) var onScreen: [String] = []

        /// No sheet on screen.
        public init() {}

        /// The stream presented `sheet` (a `present` line, or a `show` that presents).
        public mutating func presented(_ sheet: String) {
            onScreen.removeAll { $0 == sheet }
            onScreen.append(sheet)
        }

        /// The stream wrote a `dismiss` of `sheet`: it and every sheet it presented go.
        public mutating func dismissed(_ sheet: String) {
            guard let index = onScreen.firstIndex(of: sheet) else { return }
            onScreen.removeSubrange(index...)
        }

        /// The user swiped `sheet` away. Returns whether to write a `dismiss`: `false` when the
        /// stream already dismissed it (or never presented it).
        public mutating func userDismissed(_ sheet: String) -> Bool {
            guard onScreen.contains(sheet) else { return false }
            dismissed(sheet)
            return true
        }
    }

    // MARK: Lines

    /// The session line: `{"navtape":"intents","version":1,…}`. Members are written in the order of
    /// the parameters; an empty `session` or `device` and a blank `delegate` are left out. `traits` is
    /// required by the format unless `device` is a preset (`iphone`, `iphone-plus`, `ipad`, `ipad-pro`).
    public static func sessionLine(
        session: String? = nil, startTime: Int? = nil, style: Style? = nil,
        device: String? = nil, traits: Traits? = nil, delegate: String? = nil
    ) -> String {
        var out = "{\"navtape\":\"intents\",\"version\":1"
        if let session, !session.isEmpty { out += ",\"session\":" + quoted(session) }
        if let startTime { out += ",\"startTime\":" + String(startTime) }
        if let style { out += ",\"style\":" + quoted(style.rawValue) }
        if let device, !device.isEmpty { out += ",\"device\":" + quoted(device) }
        if let traits { out += ",\"traits\":" + traitsObject(traits) }
        if let delegate, delegate.contains(where: { !$0.isWhitespace }) { out += ",\"delegate\":" + quoted(delegate) }
        return out + "}"
    }

    /// A command line as the first line to mention its controllers: every controller argument is
    /// described in full. Equivalent to the `references:` form with a fresh ``References``.
    public static func commandLine(
        command: String, arguments: [(String, Value)] = [], time: Int? = nil,
        observed: Observed? = nil
    ) -> String {
        var references = References()
        return commandLine(command: command, arguments: arguments, time: time, observed: observed, references: &references)
    }

    /// A command line: `{"command":…,ARGUMENTS…,"time":…,"observed":{…}}`, arguments in order
    /// (names as in docs/JSON.md; not `command`, `time` or `observed`), `time` and `observed` left out
    /// when `nil`.
    ///
    /// A controller argument is its identity once `references` says the stream named it (or when this
    /// line described it already), else an object `{"id","name","kind"[,"restorationID"][,"children"]}`
    /// that names it. A navigation controller's `children` are those of its stack the stream never
    /// mentioned and of kind `content` (a new tree holds new content controllers only); when the
    /// navigation controller itself may already be known to NavTape, they are only possibly known after.
    /// An observed controller is its identity once named, else `{"id","name"}`.
    public static func commandLine(
        command: String, arguments: [(String, Value)] = [], time: Int? = nil,
        observed: Observed? = nil, references: inout References
    ) -> String {
        var renderer = Renderer(references: references)
        renderer.out = "{\"command\":" + quoted(command)
        for (name, value) in arguments {
            renderer.out += "," + quoted(name) + ":"
            renderer.write(value)
        }
        if let time { renderer.out += ",\"time\":" + String(time) }
        if let observed {
            renderer.out += ",\"observed\":"
            renderer.write(observed)
        }
        renderer.out += "}"
        references = renderer.references
        return renderer.out
    }

    /// A resync line: `{"resync":{…},"time":…}`, what UIKit shows when it changed with no command of
    /// the capture's in flight (a segue, an unwind, a direct UIKit call, third-party code); NavTape
    /// adopts it (docs/Capture.md, "Resync lines"). `observed` is written as a command line's
    /// observation, its controllers by identity once named; `time` is left out when `nil`.
    public static func resyncLine(observed: Observed, time: Int? = nil, references: inout References) -> String {
        var renderer = Renderer(references: references)
        renderer.out = "{\"resync\":"
        renderer.write(observed)
        if let time { renderer.out += ",\"time\":" + String(time) }
        renderer.out += "}"
        references = renderer.references
        return renderer.out
    }

    /// Traits as a JSON object: `{"sizeClass":…,"width":…,"height":…,"idiom":…}`.
    public static func traitsObject(_ traits: Traits) -> String {
        "{\"sizeClass\":" + quoted(traits.sizeClass) + ",\"width\":" + String(clamped(traits.width))
            + ",\"height\":" + String(clamped(traits.height)) + ",\"idiom\":" + quoted(traits.idiom) + "}"
    }

    /// `text` as a JSON string (RFC 8259): quotation mark and backslash escaped, `\b \f \n \r \t` for
    /// those controls, `\u00XX` for the other characters below U+0020, everything else as is.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
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

    // MARK: Rendering

    private static let hexDigits: [Character] = Array("0123456789abcdef")

    private static func clamped(_ value: Int) -> Int { min(max(value, Int(Int32.min)), Int(Int32.max)) }

    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)  // Swift's shortest form ("0.25", "1e-05", "1.5e+20") is a JSON number
    }

    /// One line being written: the references as of the line's start, updated in writing order.
    private struct Renderer {
        var references: References
        var out = ""
        var describedInLine: Set<String> = []

        mutating func write(_ value: Value) {
            switch value {
            case .string(let text): out += quoted(text)
            case .bool(let flag): out += flag ? "true" : "false"
            case .int(let integer): out += String(integer)
            case .number(let number): out += NavTapeCaptureFormat.number(number)
            case .null: out += "null"
            case .traits(let traits): out += traitsObject(traits)
            case .controller(let controller): describe(controller, certain: true)
            case .controllers(let controllers):
                out += "["
                for (index, controller) in controllers.enumerated() {
                    if index > 0 { out += "," }
                    describe(controller, certain: true)
                }
                out += "]"
            case .object(let members):
                out += "{"
                for (index, (name, member)) in members.enumerated() {
                    out += (index == 0 ? "" : ",") + quoted(name) + ":"
                    write(member)
                }
                out += "}"
            }
        }

        /// A controller argument: its identity once named (or described earlier in the line), else
        /// its description; `certain`: NavTape will create it if it does not know it.
        mutating func describe(_ controller: Controller, certain: Bool) {
            let prior = references.status[controller.id]
            if prior == .named || describedInLine.contains(controller.id) {
                out += quoted(controller.id)
                return
            }
            describedInLine.insert(controller.id)
            references.status[controller.id] = certain ? .named : .possiblyKnown
            out +=
                "{\"id\":" + quoted(controller.id) + ",\"name\":" + quoted(controller.name)
                + ",\"kind\":" + quoted(controller.kind.rawValue)
            if let restorationID = controller.restorationID { out += ",\"restorationID\":" + quoted(restorationID) }
            if controller.kind == .navigation, let children = controller.children {
                // A known controller's description is ignored, its children with it: they stay unsure.
                let childrenCertain = certain && prior == nil
                out += ",\"children\":["
                var first = true
                for child in children where child.kind == .content && references.status[child.id] == nil {
                    out += first ? "" : ","
                    first = false
                    describedInLine.insert(child.id)
                    references.status[child.id] = childrenCertain ? .named : .possiblyKnown
                    out += "{\"id\":" + quoted(child.id) + ",\"name\":" + quoted(child.name) + ",\"kind\":\"content\""
                    if let restorationID = child.restorationID { out += ",\"restorationID\":" + quoted(restorationID) }
                    out += "}"
                }
                out += "]"
            }
            out += "}"
        }

        mutating func write(_ observed: Observed) {
            var members: [String] = []
            func list(_ controllers: [Controller], _ out: inout String) {
                out += "["
                for (index, controller) in controllers.enumerated() {
                    if index > 0 { out += "," }
                    seen(controller, &out)
                }
                out += "]"
            }
            func seen(_ controller: Controller, _ out: inout String) {
                if references.status[controller.id] == .named {
                    out += quoted(controller.id)
                    return
                }
                references.status[controller.id] = .possiblyKnown
                out += "{\"id\":" + quoted(controller.id) + ",\"name\":" + quoted(controller.name) + "}"
            }
            if let viewControllers = observed.viewControllers {
                var member = "\"viewControllers\":"
                list(viewControllers, &member)
                members.append(member)
            }
            if let collapsed = observed.collapsed { members.append("\"collapsed\":" + (collapsed ? "true" : "false")) }
            if let mode = observed.displayMode, mode != .automatic { members.append("\"displayMode\":" + quoted(mode.rawValue)) }
            if let stacks = observed.stacks {
                var member = "\"stacks\":["
                for (index, stack) in stacks.enumerated() {
                    member += (index == 0 ? "" : ",") + "{\"navigation\":"
                    seen(stack.navigation, &member)
                    member += ",\"viewControllers\":"
                    list(stack.viewControllers, &member)
                    member += "}"
                }
                members.append(member + "]")
            }
            out += "{" + members.joined(separator: ",") + "}"
        }
    }
}
#endif

#if canImport(UIKit) && os(iOS)
import UIKit

/// Performs an app's UIKit navigation calls, notices the pops and display-mode changes UIKit performs
/// by itself, and writes them, one JSON line each, as a NavTape intent stream (docs/Capture.md).
/// Every line is rendered by ``NavTapeCaptureFormat``.
@available(iOS 14.0, *)
@MainActor
public final class NavTapeCapture {
    /// An environment as the stream writes it.
    public typealias Traits = NavTapeCaptureFormat.Traits
    private typealias Format = NavTapeCaptureFormat

    /// The split whose state is observed after each command.
    public let split: UISplitViewController
    /// The screen name written for a controller the first time it appears (default ``defaultName(of:)``).
    public var nameOf: @MainActor (UIViewController) -> String
    /// The current environment of the split (default: `NavTapeCapture.traits(of: split)`).
    public var traitsProvider: @MainActor (UISplitViewController) -> Traits
    /// Whether command lines carry the `observed` state (default `true`).
    public var recordsObserved = true
    /// Whether the capture installs its delegate proxies and trait registration to notice what UIKit
    /// does by itself (see the file's header).
    public let observesUIKit: Bool
    /// Whether lines are still written: `false` after ``stop()`` or once the reader went away.
    public var isRecording: Bool { !stopped && outputOpen }

    /// A command line waiting for its turn in the stream.
    private struct Pending {
        var command: String
        var arguments: [(String, NavTapeCaptureFormat.Value)]
        var time: Int
        var observe: Bool
        var observed: NavTapeCaptureFormat.Observed?
    }

    private struct Entry {
        weak var object: UIViewController?
        var id: String
        var generation: Int
    }

    private let output: (String) -> Bool
    private var outputOpen = true
    private var stopped = false
    fileprivate private(set) var hasLaunched = false
    private var lastTime: Int
    private var lastTraits: Traits?
    private var references = NavTapeCaptureFormat.References()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var nextSlot = 0
    private var nextToWrite = 0
    private var waiting: [Int: Pending] = [:]
    private var ready: [Int: Pending] = [:]

    // What the capture last saw, to recognise what UIKit did without the app asking.
    /// Each navigation controller's stack (identities), by the navigation controller's identity.
    private var lastStacks: [String: [String]] = [:]
    private var lastCollapsed: Bool?
    private var lastDisplayMode: UISplitViewController.DisplayMode?
    /// Navigation controllers (identities) in an interactive pop since their `willShow`.
    private var interactivePops: Set<String> = []
    /// The sheets the stream shows, so that a swiped-away one is written once.
    private var presentations = NavTapeCaptureFormat.Presentations()
    /// True for the rest of the main-queue turn in which a command completed.
    private var settling = false
    private var displayModeCheckScheduled = false
    private var traitsCheckScheduled = false
    private var navigationProxies: [ObjectIdentifier: WeakNavigationProxy] = [:]
    private var splitProxy: SplitDelegateProxy?
    /// The iOS 17 trait registration (`any UITraitChangeRegistration`).
    private var traitRegistration: Any?
    /// Closes the output the capture opened itself (`fileURL`); nothing for one the app owns.
    private var closeOutput: () -> Void = {}

    private init(
        split: UISplitViewController, output: @escaping (String) -> Bool, session: String, device: String,
        traits: Traits?, delegate: String?, observesUIKit: Bool
    ) {
        self.split = split
        self.output = output
        self.observesUIKit = observesUIKit
        self.nameOf = { NavTapeCapture.defaultName(of: $0) }
        self.traitsProvider = { NavTapeCapture.traits(of: $0) }
        let start = Self.now()
        lastTime = start
        let initial = traits ?? traitsProvider(split)
        lastTraits = initial
        emit(
            Format.sessionLine(
                session: session, startTime: start, style: Self.style(split.style), device: device,
                traits: initial, delegate: delegate))
        if observesUIKit { installObservers() }
    }

    /// Starts a capture that hands each line, newline-terminated, to `write` (a socket, a log). The
    /// closure must not raise SIGPIPE (see the `fileHandle` form).
    ///
    /// - Parameters:
    ///   - split: The app's split view controller.
    ///   - write: Receives each complete line, `\n` included, in order.
    ///   - session: The session identifier (default a new UUID).
    ///   - device: A label, or a NavTape preset (`iphone`, `iphone-plus`, `ipad`, `ipad-pro`).
    ///   - traits: The environment before launch (default: `traitsProvider(split)`).
    ///   - delegate: The split delegate's description: a NavTape preset name or policy text.
    ///   - observesUIKit: Whether to notice the pops, display-mode and trait changes UIKit performs.
    public convenience init(
        split: UISplitViewController, write: @escaping (String) -> Void,
        session: String = UUID().uuidString, device: String = "custom", traits: Traits? = nil,
        delegate: String? = nil, observesUIKit: Bool = true
    ) {
        self.init(
            split: split,
            output: { line in
                write(line); return true
            }, session: session, device: device,
            traits: traits, delegate: delegate, observesUIKit: observesUIKit)
    }

    /// Starts a capture that writes to `fileHandle`, each line in one `write(2)` loop, with SIGPIPE
    /// disabled on its descriptor: when the reader of a pipe or FIFO goes away, writing stops.
    public convenience init(
        split: UISplitViewController, fileHandle: FileHandle, session: String = UUID().uuidString,
        device: String = "custom", traits: Traits? = nil, delegate: String? = nil,
        observesUIKit: Bool = true
    ) {
        let sink = DescriptorSink(descriptor: fileHandle.fileDescriptor, keeping: fileHandle, closesOnDeinit: false)
        self.init(
            split: split, output: { sink.write($0) }, session: session, device: device, traits: traits,
            delegate: delegate, observesUIKit: observesUIKit)
    }

    /// Starts a capture that appends to the file (or FIFO) at `fileURL`, creating a file when absent.
    /// Opening a FIFO waits until `navtape record` has opened it for reading.
    /// - Throws: A `POSIXError` when the file cannot be created or opened for writing.
    public convenience init(
        split: UISplitViewController, fileURL: URL, session: String = UUID().uuidString,
        device: String = "custom", traits: Traits? = nil, delegate: String? = nil,
        observesUIKit: Bool = true
    ) throws {
        var failure: Int32 = 0
        let descriptor = fileURL.withUnsafeFileSystemRepresentation { path -> Int32 in
            guard let path else { failure = EINVAL; return -1 }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            if descriptor < 0 { failure = errno }
            return descriptor
        }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
        let sink = DescriptorSink(descriptor: descriptor, keeping: nil, closesOnDeinit: true)
        self.init(
            split: split, output: { sink.write($0) }, session: session, device: device, traits: traits,
            delegate: delegate, observesUIKit: observesUIKit)
        closeOutput = { sink.close() }
    }

    /// Stops capturing: writes the lines still waiting for UIKit (observed now), closes a file or
    /// FIFO the capture opened (its reader sees the end of the stream), puts the original split and
    /// navigation delegates back and ends the trait registration. Later calls of the command methods
    /// still perform their UIKit calls, and write nothing.
    public func stop() {
        guard !stopped else { return }
        if Interceptor.capture === self { Interceptor.capture = nil }
        for slot in waiting.keys.sorted() { complete(slot) }
        stopped = true
        outputOpen = false
        closeOutput()
        for holder in navigationProxies.values { holder.proxy?.detach() }
        navigationProxies.removeAll()
        splitProxy?.detach()
        splitProxy = nil
        if #available(iOS 17.0, *), let registration = traitRegistration as? any UITraitChangeRegistration {
            split.unregisterForTraitChanges(registration)
        }
        traitRegistration = nil
    }

    // MARK: Commands the app performs through the capture

    /// `sender.show(target, sender:)`, written as `show`.
    public func show(_ target: UIViewController, sender: UIViewController) {
        show(target, sender: sender) { sender.show(target, sender: sender) }
    }

    /// `sender.showDetailViewController(target, sender:)`, written as `showDetail`.
    public func showDetail(_ target: UIViewController, sender: UIViewController) {
        showDetail(target, sender: sender) { sender.showDetailViewController(target, sender: sender) }
    }

    /// `navigation.pushViewController(controller, animated:)`, written as `push`.
    public func push(_ controller: UIViewController, onto navigation: UINavigationController, animated: Bool = true) {
        push(controller, onto: navigation) { navigation.pushViewController(controller, animated: animated) }
    }

    /// `navigation.popViewController(animated:)`, written as `pop`.
    public func pop(_ navigation: UINavigationController, animated: Bool = true) {
        pop(navigation) { _ = navigation.popViewController(animated: animated) }
    }

    /// `navigation.popToRootViewController(animated:)`, written as `popToRoot`.
    public func popToRoot(_ navigation: UINavigationController, animated: Bool = true) {
        popToRoot(navigation) { _ = navigation.popToRootViewController(animated: animated) }
    }

    /// `navigation.popToViewController(controller, animated:)`, written as `popTo`.
    public func popTo(_ controller: UIViewController, in navigation: UINavigationController, animated: Bool = true) {
        popTo(controller, in: navigation) { _ = navigation.popToViewController(controller, animated: animated) }
    }

    /// `navigation.setViewControllers(controllers, animated:)`, written as `setViewControllers`.
    public func setViewControllers(_ controllers: [UIViewController], of navigation: UINavigationController, animated: Bool = true) {
        setViewControllers(controllers, of: navigation) { navigation.setViewControllers(controllers, animated: animated) }
    }

    /// `split.viewControllers = controllers`, written as `setSplitViewControllers`.
    public func setSplitViewControllers(_ controllers: [UIViewController]) {
        setSplitViewControllers(controllers) { split.viewControllers = controllers }
    }

    /// `split.preferredDisplayMode = mode`, written as `setPreferredDisplayMode`.
    public func setPreferredDisplayMode(_ mode: UISplitViewController.DisplayMode) {
        setPreferredDisplayMode(mode) { split.preferredDisplayMode = mode }
    }

    /// `split.setViewController(controller, for: column)`, written as `setViewController`.
    public func setViewController(_ controller: UIViewController?, for column: UISplitViewController.Column) {
        setViewController(controller, for: column) { split.setViewController(controller, for: column) }
    }

    /// `split.show(column)`, written as `showColumn`.
    public func showColumn(_ column: UISplitViewController.Column) {
        showColumn(column) { split.show(column) }
    }

    /// `split.hide(column)`, written as `hideColumn`.
    public func hideColumn(_ column: UISplitViewController.Column) {
        hideColumn(column) { split.hide(column) }
    }

    /// `presenter.present(controller, animated:)` (presenter: the split by default), written as `present`.
    public func present(_ controller: UIViewController, from presenter: UIViewController? = nil, animated: Bool = true) {
        let presenter = presenter ?? split
        present(controller, from: presenter) { finish in
            presenter.present(controller, animated: animated, completion: { MainActor.assumeIsolated { finish() } })
        }
    }

    /// `presenter.dismiss(animated:)` (presenter: the split by default), written as `dismiss`.
    public func dismiss(from presenter: UIViewController? = nil, animated: Bool = true) {
        let presenter = presenter ?? split
        dismiss(from: presenter) { finish in
            presenter.dismiss(animated: animated, completion: { MainActor.assumeIsolated { finish() } })
        }
    }

    // MARK: Each command's line: the routed calls above and the intercepted ones (`start(to:)`)

    /// Before `controller` is presented, as the app sets its own presentation delegate: a sheet the
    /// user swipes away is then written as a dismiss.
    fileprivate func watchDismissal(of controller: UIViewController) {
        guard observesUIKit, !stopped, let presentation = controller.presentationController else { return }
        presentations.presented(identity(of: controller))
        PresentationDelegateProxy(presentation: presentation, capture: self).install()
    }

    fileprivate func show(_ target: UIViewController, sender: UIViewController, performing call: () -> Void) {
        record(
            "show", [("target", ref(target)), ("sender", ref(sender))],
            navigations: [(sender as? UINavigationController) ?? sender.navigationController].compactMap { $0 }
        ) { finish in
            call()
            afterTransition(of: [target, sender, split], finish)
        }
    }

    fileprivate func showDetail(_ target: UIViewController, sender: UIViewController, performing call: () -> Void) {
        record(
            "showDetail", [("target", ref(target)), ("sender", ref(sender))],
            navigations: [(sender as? UINavigationController) ?? sender.navigationController].compactMap { $0 }
        ) { finish in
            call()
            afterTransition(of: [target, sender, split], finish)
        }
    }

    fileprivate func push(_ controller: UIViewController, onto navigation: UINavigationController, performing call: () -> Void) {
        record("push", [("controller", ref(controller)), ("onto", ref(navigation))], navigations: [navigation]) { finish in
            call()
            afterTransition(of: [navigation], finish)
        }
    }

    fileprivate func pop(_ navigation: UINavigationController, performing call: () -> Void) {
        record("pop", [("navigation", ref(navigation))], navigations: [navigation]) { finish in
            call()
            afterTransition(of: [navigation], finish)
        }
    }

    fileprivate func popToRoot(_ navigation: UINavigationController, performing call: () -> Void) {
        record("popToRoot", [("navigation", ref(navigation))], navigations: [navigation]) { finish in
            call()
            afterTransition(of: [navigation], finish)
        }
    }

    fileprivate func popTo(_ controller: UIViewController, in navigation: UINavigationController, performing call: () -> Void) {
        record("popTo", [("controller", ref(controller)), ("navigation", ref(navigation))], navigations: [navigation]) { finish in
            call()
            afterTransition(of: [navigation], finish)
        }
    }

    fileprivate func setViewControllers(
        _ controllers: [UIViewController], of navigation: UINavigationController, performing call: () -> Void
    ) {
        record(
            "setViewControllers", [("controllers", refs(controllers)), ("navigation", ref(navigation))],
            navigations: [navigation]
        ) { finish in
            call()
            afterTransition(of: [navigation], finish)
        }
    }

    fileprivate func setSplitViewControllers(_ controllers: [UIViewController], performing call: () -> Void) {
        record("setSplitViewControllers", [("controllers", refs(controllers))]) { finish in
            call()
            afterTransition(of: [split], finish)
        }
    }

    fileprivate func setPreferredDisplayMode(_ mode: UISplitViewController.DisplayMode, performing call: () -> Void) {
        guard let name = Self.displayModeName(mode) else { call(); return }
        record("setPreferredDisplayMode", [("mode", .string(name.rawValue))]) { finish in
            call()
            afterTransition(of: [split], finish)
        }
    }

    fileprivate func setViewController(
        _ controller: UIViewController?, for column: UISplitViewController.Column, performing call: () -> Void
    ) {
        guard let name = Self.columnName(column) else { call(); return }
        record("setViewController", [("controller", controller.map(ref) ?? .null), ("column", .string(name))]) { finish in
            call()
            afterTransition(of: [split], finish)
        }
    }

    fileprivate func showColumn(_ column: UISplitViewController.Column, performing call: () -> Void) {
        // UIKit raises on the compact column: an exception through `record` would leave its slot open.
        guard column != .compact, let name = Self.columnName(column) else { call(); return }
        record("showColumn", [("column", .string(name))]) { finish in
            call()
            afterTransition(of: [split], finish)
        }
    }

    fileprivate func hideColumn(_ column: UISplitViewController.Column, performing call: () -> Void) {
        // UIKit raises on the compact column: an exception through `record` would leave its slot open.
        guard column != .compact, let name = Self.columnName(column) else { call(); return }
        record("hideColumn", [("column", .string(name))]) { finish in
            call()
            afterTransition(of: [split], finish)
        }
    }

    /// `call` presents with `finish` as (part of) its completion.
    fileprivate func present(
        _ controller: UIViewController, from presenter: UIViewController,
        performing call: (_ finish: @escaping @MainActor @Sendable () -> Void) -> Void
    ) {
        watchDismissal(of: controller)
        record("present", [("controller", ref(controller))]) { finish in
            let refused = presenter.presentedViewController != nil  // UIKit then refuses and never calls back
            call(finish)
            if refused { finish() }
        }
    }

    /// `call` dismisses with `finish` as (part of) its completion.
    fileprivate func dismiss(
        from presenter: UIViewController, performing call: (_ finish: @escaping @MainActor @Sendable () -> Void) -> Void
    ) {
        // The sheet this dismisses: the presenter's own sheet, or the presenter itself when it is one.
        if let sheet = presenter.presentedViewController ?? (presenter.presentingViewController == nil ? nil : presenter) {
            presentations.dismissed(identity(of: sheet))
        }
        record("dismiss", []) { finish in
            let idle = presenter.presentedViewController == nil && presenter.presentingViewController == nil
            call(finish)
            if idle { finish() }  // nothing to dismiss: a callback may never come (a second one is ignored)
        }
    }

    // MARK: Facts the app reports (no UIKit call)

    /// Writes `setSplitViewControllers` for the controllers the split already holds (a storyboard's),
    /// without calling UIKit. Call it once, before the split goes on screen.
    public func noteSplitViewControllers() {
        record("setSplitViewControllers", [("controllers", refs(split.viewControllers))]) { $0() }
    }

    /// Writes `launch` with the current traits: call it once the split is on screen (its first
    /// `viewDidAppear`). What UIKit does by itself is written from then on.
    public func launched() {
        let traits = traitsProvider(split)
        lastTraits = traits
        hasLaunched = true
        record("launch", [("traits", .traits(traits))]) { $0() }
    }

    /// Writes `changeTraits` with the current traits, unless they equal the last ones written. On
    /// iOS 17 and later the capture calls it itself when a size class changes; below iOS 17 call it
    /// from the coordinator's completion in `viewWillTransition(to:with:)` (the new size is applied
    /// then), and on any iOS there for a resize that keeps the size classes. Calling it more than once
    /// for one change writes one line.
    /// - Returns: Whether a line was written.
    @discardableResult
    public func traitsChanged() -> Bool {
        guard !stopped else { return false }
        let traits = traitsProvider(split)
        guard traits != lastTraits else { return false }
        lastTraits = traits
        record("changeTraits", [("traits", .traits(traits))]) { $0() }
        return true
    }

    /// Writes `setFlag`: the app set or cleared a flag its delegate reads (a selection, a modified
    /// detail). `name` is one non-empty word.
    public func setFlag(_ name: String, _ value: Bool) {
        record("setFlag", [("name", .string(name)), ("value", .bool(value))], observe: false) { $0() }
    }

    /// Writes `setPolicy`: the delegate now answers as `policy` (policy text or a preset name) says.
    /// A blank policy is not a policy: nothing is written.
    public func policyChanged(_ policy: String) {
        guard policy.contains(where: { !$0.isWhitespace }) else { return }
        record("setPolicy", [("policy", .string(policy))], observe: false) { $0() }
    }

    /// Installs the delegate proxy on a navigation controller the capture cannot reach from the split
    /// (one the app presents, say), so that its pops are written too. Those reachable from the split
    /// and those passed to the capture's methods are adopted without this call.
    public func watch(_ navigation: UINavigationController) {
        adopt(navigation)
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

    // MARK: What UIKit did by itself (called by the proxies)

    /// A navigation controller's `willShow`: remembers an interactive pop (the back swipe) and,
    /// when it is cancelled, writes `interactivePop` with `completed: false`.
    fileprivate func navigationWillShow(_ navigation: UINavigationController, _ shown: UIViewController) {
        guard !stopped else { return }
        let key = identity(of: navigation)
        interactivePops.remove(key)
        guard hasLaunched, let coordinator = navigation.transitionCoordinator, coordinator.isInteractive,
            let before = lastStacks[key], let index = before.firstIndex(of: identity(of: shown)),
            index < before.count - 1
        else { return }
        interactivePops.insert(key)
        _ = coordinator.animate(
            alongsideTransition: nil,
            completion: { [weak self, weak navigation] context in
                let cancelled = context.isCancelled
                MainActor.assumeIsolated {
                    guard cancelled, let self, let navigation else { return }
                    self.interactivePopCancelled(navigation)
                }
            })
    }

    /// A navigation controller's `didShow`: a pop the app did not route through the capture, or a
    /// change that is not a pop (a segue, another caller's push), as `Format.StackChange` says.
    fileprivate func navigationDidShow(_ navigation: UINavigationController) {
        guard !stopped else { return }
        let key = identity(of: navigation)
        let stack = navigation.viewControllers
        let now = stack.map { identity(of: $0) }
        let before = lastStacks[key]
        lastStacks[key] = now
        let change = Format.StackChange.classify(
            before: before, now: now, idle: hasLaunched && waiting.isEmpty && !settling,
            collapseChanged: split.isCollapsed != lastCollapsed, columns: Set(split.viewControllers.map { identity(of: $0) }),
            interactive: interactivePops.remove(key) != nil)
        switch change {
        case .none: break
        case .resync: resyncWithUIKit()
        case .interactivePop:
            record("interactivePop", [("navigation", ref(navigation)), ("completed", .bool(true))]) { $0() }
        case .pop: record("pop", [("navigation", ref(navigation))]) { $0() }
        case .popToRoot: record("popToRoot", [("navigation", ref(navigation))]) { $0() }
        case .popTo:
            guard let top = stack.last else { break }
            record("popTo", [("controller", ref(top)), ("navigation", ref(navigation))]) { $0() }
        }
    }

    /// Writes what UIKit shows as a `resync` line: every earlier line is out (no command is waiting),
    /// so it takes its place in the stream at once.
    private func resyncWithUIKit() {
        guard hasLaunched, !stopped, waiting.isEmpty else { return }
        let time = max(lastTime, Self.now())
        lastTime = time
        emit(Format.resyncLine(observed: observeSplit(), time: time, references: &references))
    }

    /// The user swiped `sheet` away (`presentationControllerDidDismiss`): the dismissal UIKit
    /// performed, unless the stream already wrote it.
    fileprivate func presentationDismissedByUser(_ sheet: UIViewController) {
        guard hasLaunched, !stopped, presentations.userDismissed(identity(of: sheet)) else { return }
        record("dismiss", []) { $0() }
    }

    private func interactivePopCancelled(_ navigation: UINavigationController) {
        guard !stopped else { return }
        interactivePops.remove(identity(of: navigation))
        record("interactivePop", [("navigation", ref(navigation)), ("completed", .bool(false))]) { $0() }
    }

    /// The split's `willChangeTo`: a change no command of the capture's is making is the display-mode
    /// button, the edge swipe or a tap on the dimmed secondary (UIKit does not say which): once the
    /// split has settled it is written as `tapDisplayModeButton`, or as `changeTraits` when the traits
    /// changed with it (a rotation).
    fileprivate func splitWillChangeDisplayMode(_ splitViewController: UISplitViewController) {
        guard splitViewController === split, hasLaunched, !stopped, waiting.isEmpty, !settling,
            !displayModeCheckScheduled
        else { return }
        displayModeCheckScheduled = true
        afterSplitSettles { [weak self] in self?.displayModeChangedByUIKit() }
    }

    private func displayModeChangedByUIKit() {
        displayModeCheckScheduled = false
        guard !stopped else { return }
        if traitsProvider(split) != lastTraits {
            traitsChanged()
            return
        }
        guard waiting.isEmpty, !split.isCollapsed, split.displayMode != lastDisplayMode else { return }
        record("tapDisplayModeButton", []) { $0() }
    }

    /// The iOS 17 trait registration's action: `changeTraits` once the split has settled (collapsed
    /// or separated), so that its observation is UIKit's result.
    fileprivate func splitTraitsMayHaveChanged() {
        guard hasLaunched, !stopped, !traitsCheckScheduled else { return }
        traitsCheckScheduled = true
        afterSplitSettles { [weak self] in
            guard let self else { return }
            self.traitsCheckScheduled = false
            self.traitsChanged()
        }
    }

    /// Runs `body` on a later turn of the main queue, after the split's transition if one is running.
    private func afterSplitSettles(_ body: @escaping @MainActor @Sendable () -> Void) {
        Task { @MainActor [weak self] in
            guard let self else { return }
            guard let coordinator = self.split.transitionCoordinator else { body(); return }
            _ = coordinator.animate(alongsideTransition: nil, completion: { _ in MainActor.assumeIsolated { body() } })
        }
    }

    // MARK: Proxies

    private func installObservers() {
        adoptSplit()
        for navigation in navigations(in: split.viewControllers) { adopt(navigation) }
        if #available(iOS 17.0, *), let splitProxy {
            traitRegistration = split.registerForTraitChanges(
                [UITraitHorizontalSizeClass.self, UITraitVerticalSizeClass.self],
                target: splitProxy, action: #selector(SplitDelegateProxy.splitTraitsDidChange))
        }
    }

    private func adoptSplit() {
        guard observesUIKit, !stopped else { return }
        if let splitProxy {
            if split.delegate !== splitProxy { splitProxy.install() }  // the app set a delegate since
            return
        }
        let proxy = SplitDelegateProxy(split: split, capture: self)
        splitProxy = proxy
        proxy.install()
    }

    /// Starts following a navigation controller: its stack as of now, and (when observing UIKit) the
    /// delegate proxy, put back on when the app has set another delegate since.
    private func adopt(_ navigation: UINavigationController) {
        let key = identity(of: navigation)
        if lastStacks[key] == nil { lastStacks[key] = navigation.viewControllers.map { identity(of: $0) } }
        guard observesUIKit, !stopped else { return }
        if let proxy = navigationProxies[ObjectIdentifier(navigation)]?.proxy, proxy.navigation === navigation {
            if navigation.delegate !== proxy { proxy.install() }
            return
        }
        let proxy = NavigationDelegateProxy(navigation: navigation, capture: self)
        navigationProxies[ObjectIdentifier(navigation)] = WeakNavigationProxy(proxy: proxy)
        proxy.install()
    }

    /// The navigation controllers among `controllers` and nested in their stacks, each once.
    private func navigations(in controllers: [UIViewController]) -> [UINavigationController] {
        var found: [UINavigationController] = []
        var visited = Set<ObjectIdentifier>()
        func visit(_ controllers: [UIViewController], depth: Int) {
            guard depth < 32 else { return }
            for case let navigation as UINavigationController in controllers where visited.insert(ObjectIdentifier(navigation)).inserted {
                found.append(navigation)
                visit(navigation.viewControllers, depth: depth + 1)
            }
        }
        visit(controllers, depth: 0)
        return found
    }

    /// Records the stacks a command of the app's has just set, as the ones to expect: the `didShow`
    /// that follows finds nothing UIKit did by itself.
    private func rememberStacks(also extra: [UINavigationController]) {
        for navigation in navigations(in: split.viewControllers + extra) {
            adopt(navigation)
            lastStacks[identity(of: navigation)] = navigation.viewControllers.map { identity(of: $0) }
        }
    }

    // MARK: Lines

    private func identity(of controller: UIViewController) -> String {
        let key = ObjectIdentifier(controller)
        if let entry = entries[key], entry.object === controller { return entry.id }
        let generation = (entries[key]?.generation ?? 0) + 1
        let hex = "0x" + String(UInt(bitPattern: key), radix: 16)
        let id = generation == 1 ? hex : hex + "~" + String(generation)
        entries[key] = Entry(object: controller, id: id, generation: generation)
        return id
    }

    /// `controller` now; `deep`: with a navigation controller's stack.
    private func snapshot(_ controller: UIViewController, deep: Bool) -> NavTapeCaptureFormat.Controller {
        let kind: NavTapeCaptureFormat.Kind
        var children: [NavTapeCaptureFormat.Controller]?
        if let navigation = controller as? UINavigationController {
            kind = .navigation
            if deep { children = navigation.viewControllers.map { snapshot($0, deep: false) } }
        } else if controller is UITabBarController {
            kind = .tabBar
        } else if controller is UISplitViewController {
            kind = .split
        } else {
            kind = .content
        }
        let restorationID = controller.restorationIdentifier.flatMap { $0.isEmpty ? nil : $0 }
        return NavTapeCaptureFormat.Controller(
            id: identity(of: controller), name: nameOf(controller), kind: kind,
            restorationID: restorationID, children: children)
    }

    /// A command argument: described (with a navigation controller's stack as it is now) until named.
    private func ref(_ controller: UIViewController) -> NavTapeCaptureFormat.Value {
        if let navigation = controller as? UINavigationController { adopt(navigation) }
        return .controller(snapshot(controller, deep: true))
    }

    private func refs(_ controllers: [UIViewController]) -> NavTapeCaptureFormat.Value {
        for case let navigation as UINavigationController in controllers { adopt(navigation) }
        return .controllers(controllers.map { snapshot($0, deep: true) })
    }

    /// Reserves the command's place in the stream, performs it, and writes it once `call` reports
    /// UIKit has applied it (at the latest after three seconds). `navigations`: those whose stacks the
    /// call changes, besides the split's.
    private func record(
        _ command: String, _ arguments: [(String, NavTapeCaptureFormat.Value)], observe: Bool = true,
        navigations: [UINavigationController] = [],
        _ call: (_ finish: @escaping @MainActor @Sendable () -> Void) -> Void
    ) {
        guard !stopped else {
            Interceptor.state.enterRouted()
            call({})
            Interceptor.state.leave()
            return
        }
        let slot = nextSlot
        nextSlot += 1
        let time = max(lastTime, Self.now())
        lastTime = time
        waiting[slot] = Pending(command: command, arguments: arguments, time: time, observe: observe, observed: nil)
        Interceptor.state.enterRouted()  // UIKit's calls inside are this command's, not the app's
        call { [weak self] in self?.complete(slot) }
        Interceptor.state.leave()
        if observe { rememberStacks(also: navigations) }
        guard waiting[slot] != nil else { return }
        Task { @MainActor in  // holds the capture until the line is out
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
        guard var pending = waiting.removeValue(forKey: slot) else { return }
        if pending.observe {
            let state = observeSplit()
            if recordsObserved { pending.observed = state }
            settle()
        }
        ready[slot] = pending
        while let line = ready.removeValue(forKey: nextToWrite) {
            nextToWrite += 1
            emit(
                Format.commandLine(
                    command: line.command, arguments: line.arguments, time: line.time,
                    observed: line.observed, references: &references))
        }
    }

    /// Marks the rest of this main-queue turn as the aftermath of a command.
    private func settle() {
        guard !settling else { return }
        settling = true
        Task { @MainActor [weak self] in self?.settling = false }
    }

    private func emit(_ line: String) {
        guard outputOpen else { return }
        if !output(line + "\n") {
            outputOpen = false  // the recorder went away (EPIPE): write nothing more, keep the app running
            Task { @MainActor [weak self] in self?.stop() }
        }
    }

    /// The split's `viewControllers`, `isCollapsed`, `displayMode` (left out when UIKit reports
    /// `automatic`, a preference only, or a mode this file does not know), and the stack of every
    /// navigation controller among them or nested in their stacks; remembered as the last seen.
    private func observeSplit() -> NavTapeCaptureFormat.Observed {
        adoptSplit()
        var stacks: [NavTapeCaptureFormat.Stack] = []
        for navigation in navigations(in: split.viewControllers) {
            adopt(navigation)
            let stack = navigation.viewControllers
            lastStacks[identity(of: navigation)] = stack.map { identity(of: $0) }
            stacks.append(
                NavTapeCaptureFormat.Stack(
                    navigation: snapshot(navigation, deep: false),
                    viewControllers: stack.map { snapshot($0, deep: false) }))
        }
        lastCollapsed = split.isCollapsed
        lastDisplayMode = split.displayMode
        return NavTapeCaptureFormat.Observed(
            viewControllers: split.viewControllers.map { snapshot($0, deep: false) },
            collapsed: split.isCollapsed, displayMode: Self.displayModeName(split.displayMode),
            stacks: stacks)
    }

    private static func now() -> Int { Int((Date().timeIntervalSince1970 * 1000).rounded()) }

    private static func style(_ style: UISplitViewController.Style) -> NavTapeCaptureFormat.Style {
        switch style {
        case .doubleColumn: return .doubleColumn
        case .tripleColumn: return .tripleColumn
        case .unspecified: return .unspecified
        @unknown default: return .unspecified
        }
    }

    /// The iOS 14 name of a display mode, `nil` for one the model does not know.
    private static func displayModeName(_ mode: UISplitViewController.DisplayMode) -> NavTapeCaptureFormat.DisplayMode? {
        switch mode {
        case .automatic: return .automatic
        case .secondaryOnly: return .secondaryOnly
        case .oneBesideSecondary: return .oneBesideSecondary
        case .oneOverSecondary: return .oneOverSecondary
        case .twoBesideSecondary: return .twoBesideSecondary
        case .twoOverSecondary: return .twoOverSecondary
        case .twoDisplaceSecondary: return .twoDisplaceSecondary
        @unknown default: return nil
        }
    }

    /// The model's name of a column, `nil` for one it does not model (iOS 26's inspector).
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

// MARK: One line to start: interception

#if DEBUG
@available(iOS 14.0, *)
extension NavTapeCapture {
    /// Starts capturing with one call, in a debug build: UIKit's navigation entry points (show,
    /// showDetail, present, dismiss, push, the pops, `setViewControllers`, the split's setters and
    /// column calls; ``NavTapeCaptureFormat/EntryPoint``) are intercepted for the whole app, so
    /// segues, direct UIKit calls and third-party code are written as the app's intents, without
    /// routing them through the capture. Only the outermost call is written: what UIKit or the app's
    /// delegate does inside it (the pushes of a collapsed `showDetail`, a collapse's moves) is the
    /// model's to decide. Calls outside the captured split's hierarchy are left alone.
    ///
    /// The capture attaches to `split`, or else to the first split view controller that loads its
    /// view, writes its `viewControllers` then, and its launch at the split's first `viewDidAppear`.
    /// Call it before the split goes on screen (`application(_:didFinishLaunchingWithOptions:)`).
    /// If the file cannot be opened, nothing is captured and the app goes on.
    ///
    /// - Parameters:
    ///   - fileURL: The stream's file or FIFO (appended to).
    ///   - split: The split to capture (default: the first one to load its view).
    ///   - device: A label, or a NavTape preset (`iphone`, `iphone-plus`, `ipad`, `ipad-pro`).
    ///   - delegate: The split delegate's description: a NavTape preset name or policy text.
    public static func start(
        to fileURL: URL, split: UISplitViewController? = nil, device: String = "custom", delegate: String? = nil
    ) {
        Interceptor.install()
        Interceptor.request = Interceptor.Request(
            fileURL: fileURL, device: device, delegate: delegate, split: split, anySplit: split == nil)
        if let split, split.isViewLoaded { Interceptor.attach(to: split) }
    }

    /// The capture ``start(to:split:device:delegate:)`` made, once its split has loaded its view.
    public static var current: NavTapeCapture? { Interceptor.capture }
}
#endif

@available(iOS 14.0, *)
extension NavTapeCapture {
    /// Whether `controller` is the split or under it, by parent or by presentation.
    fileprivate func contains(_ controller: UIViewController) -> Bool {
        var current: UIViewController? = controller
        var steps = 0
        while let candidate = current, steps < 256 {
            if candidate === split { return true }
            current = candidate.parent ?? candidate.presentingViewController
            steps += 1
        }
        return false
    }
}

/// What `start(to:)` shares with UIKit's replaced methods: the capture, and the calls in progress
/// (``NavTapeCaptureFormat/Interception``, which decides which call is the app's). The routed
/// methods enter it too, so that UIKit's calls inside them are not written twice.
@available(iOS 14.0, *)
@MainActor
fileprivate enum Interceptor {
    struct Request {
        var fileURL: URL
        var device: String
        var delegate: String?
        /// The split to capture; `nil` for the first one that loads its view.
        weak var split: UISplitViewController?
        var anySplit: Bool
    }

    typealias EntryPoint = NavTapeCaptureFormat.EntryPoint
    static var state = NavTapeCaptureFormat.Interception()
    static var request: Request?
    static var capture: NavTapeCapture?
    private static var installed = false

    /// Creates the requested capture for `split` (once) and writes its `viewControllers`.
    static func attach(to split: UISplitViewController) {
        guard capture == nil, let request, request.anySplit || request.split === split else { return }
        self.request = nil
        let window = split.viewIfLoaded?.window ?? keyWindow()
        do {
            let made = try NavTapeCapture(
                split: split, fileURL: request.fileURL, device: request.device,
                traits: window.map { NavTapeCapture.traits(of: $0) }, delegate: request.delegate)
            capture = made
            made.noteSplitViewControllers()
            if split.viewIfLoaded?.window != nil { made.launched() }
        } catch {
            print("NavTapeCapture: cannot open \(request.fileURL.path): \(error); nothing is captured")
        }
    }

    private static func keyWindow() -> UIWindow? {
        for case let scene as UIWindowScene in UIApplication.shared.connectedScenes {
            if let window = scene.windows.first(where: { $0.isKeyWindow }) ?? scene.windows.first { return window }
        }
        return nil
    }

    /// Runs one intercepted call: through `write` (the command's line around `perform`) when it is
    /// the app's outermost call on the captured split, else `perform` alone. Either way `perform`
    /// runs exactly once.
    static func intercept<Result>(
        _ entry: EntryPoint, _ receiver: UIViewController, interactivePopBegan: Bool = false,
        write: (NavTapeCapture, _ perform: () -> Void) -> Void, perform: () -> Result
    ) -> Result {
        let decision = state.enter(
            entry, inCapturedSplit: capture?.contains(receiver) ?? false, launched: capture?.hasLaunched ?? false,
            interactivePopBegan: interactivePopBegan)
        defer { state.leave() }
        guard decision == .record, let capture else {
            let result = perform()
            // A subclass sets its columns after `super.viewDidLoad()`, where the capture attached:
            // what the split holds at launch is noted again.
            if decision == .passThrough(.notLaunched), let capture, receiver === capture.split,
                entry == .setViewController || entry == .setSplitViewControllers
            {
                capture.noteSplitViewControllers()
            }
            return result
        }
        var result: Result?
        write(capture) { result = perform() }
        guard let result else { return perform() }  // a writer that skipped the call: perform it still
        return result
    }

    /// `present` and `dismiss`: `write` performs the call itself, chaining the line's completion to
    /// the app's; `perform` is the call as the app made it.
    static func interceptPresentation(
        _ entry: EntryPoint, _ receiver: UIViewController, presented: UIViewController? = nil,
        write: (NavTapeCapture) -> Void, perform: () -> Void
    ) {
        let inSplit = capture?.contains(receiver) ?? false
        let decision = state.enter(entry, inCapturedSplit: inSplit, launched: capture?.hasLaunched ?? false)
        defer { state.leave() }
        guard decision == .record, let capture else {
            // A sheet a `show` or `showDetail` presents (nested): its swipe-away is still the user's dismiss.
            if decision == .passThrough(.nested), inSplit, let presented { capture?.watchDismissal(of: presented) }
            return perform()
        }
        write(capture)
    }

    /// Runs `body` on the main actor from a replaced implementation, which UIKit calls on the main thread.
    nonisolated static func onMain<Result>(_ body: @MainActor () -> Result) -> Result {
        MainActor.assumeIsolated { UncheckedBox(value: body()) }.value
    }

    /// Whether `navigation`'s back swipe has just begun: the edge swipe (`interactivePopGestureRecognizer`)
    /// or iOS 26's swipe anywhere in the content (`interactiveContentPopGestureRecognizer`, read by
    /// name so that older SDKs compile this file).
    static func backSwipeBegan(_ navigation: UINavigationController) -> Bool {
        if navigation.interactivePopGestureRecognizer?.state == .began { return true }
        let content = "interactiveContentPopGestureRecognizer"
        guard navigation.responds(to: NSSelectorFromString(content)),
            let recognizer = navigation.value(forKey: content) as? UIGestureRecognizer
        else { return false }
        return recognizer.state == .began
    }

    /// Runs UIKit's own collapse, separate or trait transition: nothing inside it is the app's.
    static func uikitTransition<Result>(_ perform: () -> Result) -> Result {
        state.beginUIKitTransition()
        defer { state.endUIKitTransition() }
        return perform()
    }

    // The replaced implementations. Each calls the class's original implementation (captured before
    // the replacement) exactly once; a class that inherits the method is left alone.

    typealias Show = @convention(c) (UIViewController, Selector, UIViewController, AnyObject?) -> Void
    typealias Present = @convention(c) (UIViewController, Selector, UIViewController, Bool, (@convention(block) () -> Void)?) -> Void
    typealias Dismiss = @convention(c) (UIViewController, Selector, Bool, (@convention(block) () -> Void)?) -> Void
    typealias Push = @convention(c) (UINavigationController, Selector, UIViewController, Bool) -> Void
    typealias Pop = @convention(c) (UINavigationController, Selector, Bool) -> UIViewController?
    typealias PopTo = @convention(c) (UINavigationController, Selector, UIViewController, Bool) -> NSArray?
    typealias PopToRoot = @convention(c) (UINavigationController, Selector, Bool) -> NSArray?
    typealias SetStackAnimated = @convention(c) (UINavigationController, Selector, NSArray, Bool) -> Void
    typealias SetControllers = @convention(c) (UIViewController, Selector, NSArray) -> Void
    typealias SetInteger = @convention(c) (UISplitViewController, Selector, Int) -> Void
    typealias SetForColumn = @convention(c) (UISplitViewController, Selector, UIViewController?, Int) -> Void
    typealias Collapse = @convention(c) (UIViewController, Selector, UIViewController, UISplitViewController) -> Void
    typealias Separate = @convention(c) (UIViewController, Selector, UISplitViewController) -> UIViewController?
    typealias WillTransition = @convention(c) (UIViewController, Selector, UITraitCollection, AnyObject) -> Void
    typealias Lifecycle = @convention(c) (UIViewController, Selector) -> Void
    typealias Appear = @convention(c) (UIViewController, Selector, Bool) -> Void

    /// Replaces UIKit's entry points once for the app's lifetime (they pass through when no capture runs).
    static func install() {
        guard !installed else { return }
        installed = true
        replace(.show, as: Show.self) { original, selector -> @convention(block) (UIViewController, UIViewController, AnyObject?) -> Void in
            { receiver, target, sender in
                onMain {
                    intercept(.show, receiver, write: { $0.show(target, sender: receiver, performing: $1) }) {
                        original(receiver, selector, target, sender)
                    }
                }
            }
        }
        replace(.showDetail, as: Show.self) { original, selector -> @convention(block) (UIViewController, UIViewController, AnyObject?) -> Void in
            { receiver, target, sender in
                onMain {
                    intercept(.showDetail, receiver, write: { $0.showDetail(target, sender: receiver, performing: $1) }) {
                        original(receiver, selector, target, sender)
                    }
                }
            }
        }
        replace(.present, as: Present.self) {
            original, selector
                -> @convention(block) (UIViewController, UIViewController, Bool, (@convention(block) () -> Void)?) -> Void in
            { receiver, presented, animated, completion in
                onMain {
                    interceptPresentation(
                        .present, receiver, presented: presented,
                        write: { capture in
                            capture.present(presented, from: receiver) { finish in
                                original(
                                    receiver, selector, presented, animated,
                                    {
                                        completion?(); MainActor.assumeIsolated { finish() }
                                    })
                            }
                        },
                        perform: { original(receiver, selector, presented, animated, completion) })
                }
            }
        }
        replace(.dismiss, as: Dismiss.self) { original, selector -> @convention(block) (UIViewController, Bool, (@convention(block) () -> Void)?) -> Void in
            { receiver, animated, completion in
                onMain {
                    interceptPresentation(
                        .dismiss, receiver,
                        write: { capture in
                            capture.dismiss(from: receiver) { finish in
                                original(
                                    receiver, selector, animated,
                                    {
                                        completion?(); MainActor.assumeIsolated { finish() }
                                    })
                            }
                        },
                        perform: { original(receiver, selector, animated, completion) })
                }
            }
        }
        replace(.push, as: Push.self) { original, selector -> @convention(block) (UINavigationController, UIViewController, Bool) -> Void in
            { receiver, pushed, animated in
                onMain {
                    intercept(.push, receiver, write: { $0.push(pushed, onto: receiver, performing: $1) }) {
                        original(receiver, selector, pushed, animated)
                    }
                }
            }
        }
        replace(.pop, as: Pop.self) { original, selector -> @convention(block) (UINavigationController, Bool) -> UIViewController? in
            { receiver, animated in
                onMain {
                    // The back swipe calls this as it begins; the proxies write it when it ends.
                    let swiping = backSwipeBegan(receiver)
                    return intercept(.pop, receiver, interactivePopBegan: swiping, write: { $0.pop(receiver, performing: $1) }) {
                        original(receiver, selector, animated)
                    }
                }
            }
        }
        replace(.popTo, as: PopTo.self) { original, selector -> @convention(block) (UINavigationController, UIViewController, Bool) -> NSArray? in
            { receiver, controller, animated in
                onMain {
                    intercept(.popTo, receiver, write: { $0.popTo(controller, in: receiver, performing: $1) }) {
                        original(receiver, selector, controller, animated)
                    }
                }
            }
        }
        replace(.popToRoot, as: PopToRoot.self) { original, selector -> @convention(block) (UINavigationController, Bool) -> NSArray? in
            { receiver, animated in
                onMain {
                    intercept(.popToRoot, receiver, write: { $0.popToRoot(receiver, performing: $1) }) {
                        original(receiver, selector, animated)
                    }
                }
            }
        }
        replace(.setViewControllers, 0, as: SetStackAnimated.self) {
            original, selector
                -> @convention(block) (UINavigationController, NSArray, Bool) -> Void in
            { receiver, controllers, animated in
                onMain {
                    let stack = controllers.compactMap { $0 as? UIViewController }
                    intercept(.setViewControllers, receiver, write: { $0.setViewControllers(stack, of: receiver, performing: $1) }) {
                        original(receiver, selector, controllers, animated)
                    }
                }
            }
        }
        replace(.setViewControllers, 1, as: SetControllers.self) { original, selector -> @convention(block) (UIViewController, NSArray) -> Void in
            { receiver, controllers in
                onMain {
                    let stack = controllers.compactMap { $0 as? UIViewController }
                    guard let navigation = receiver as? UINavigationController else { return original(receiver, selector, controllers) }
                    intercept(.setViewControllers, navigation, write: { $0.setViewControllers(stack, of: navigation, performing: $1) }) {
                        original(receiver, selector, controllers)
                    }
                }
            }
        }
        replace(.setSplitViewControllers, as: SetControllers.self) { original, selector -> @convention(block) (UIViewController, NSArray) -> Void in
            { receiver, controllers in
                onMain {
                    let children = controllers.compactMap { $0 as? UIViewController }
                    intercept(.setSplitViewControllers, receiver, write: { $0.setSplitViewControllers(children, performing: $1) }) {
                        original(receiver, selector, controllers)
                    }
                }
            }
        }
        replace(.setPreferredDisplayMode, as: SetInteger.self) { original, selector -> @convention(block) (UISplitViewController, Int) -> Void in
            { receiver, raw in
                onMain {
                    guard let mode = UISplitViewController.DisplayMode(rawValue: raw) else { return original(receiver, selector, raw) }
                    intercept(.setPreferredDisplayMode, receiver, write: { $0.setPreferredDisplayMode(mode, performing: $1) }) {
                        original(receiver, selector, raw)
                    }
                }
            }
        }
        replace(.setViewController, as: SetForColumn.self) {
            original, selector
                -> @convention(block) (UISplitViewController, UIViewController?, Int) -> Void in
            { receiver, controller, raw in
                onMain {
                    guard let column = UISplitViewController.Column(rawValue: raw) else { return original(receiver, selector, controller, raw) }
                    intercept(.setViewController, receiver, write: { $0.setViewController(controller, for: column, performing: $1) }) {
                        original(receiver, selector, controller, raw)
                    }
                }
            }
        }
        for entry in [EntryPoint.showColumn, .hideColumn] {
            replace(entry, as: SetInteger.self) { original, selector -> @convention(block) (UISplitViewController, Int) -> Void in
                { receiver, raw in
                    onMain {
                        guard let column = UISplitViewController.Column(rawValue: raw) else { return original(receiver, selector, raw) }
                        intercept(
                            entry, receiver,
                            write: { capture, perform in
                                if entry == .showColumn {
                                    capture.showColumn(column, performing: perform)
                                } else {
                                    capture.hideColumn(column, performing: perform)
                                }
                            }
                        ) { original(receiver, selector, raw) }
                    }
                }
            }
        }
        // UIKit's own moves: the classic collapse and separate, and the split's trait transitions.
        let containers = ["UIViewController", "UINavigationController"]
        replace("collapseSecondaryViewController:forSplitViewController:", in: containers, as: Collapse.self) {
            original, selector
                -> @convention(block) (UIViewController, UIViewController, UISplitViewController) -> Void in
            { receiver, secondary, split in onMain { uikitTransition { original(receiver, selector, secondary, split) } } }
        }
        replace("separateSecondaryViewControllerForSplitViewController:", in: containers, as: Separate.self) {
            original, selector
                -> @convention(block) (UIViewController, UISplitViewController) -> UIViewController? in
            { receiver, split in onMain { uikitTransition { original(receiver, selector, split) } } }
        }
        let splits = ["UISplitViewController", "UIViewController"]
        replace("willTransitionToTraitCollection:withTransitionCoordinator:", inMostSpecific: splits, as: WillTransition.self) {
            original, selector
                -> @convention(block) (UIViewController, UITraitCollection, AnyObject) -> Void in
            { receiver, traits, coordinator in
                onMain {
                    guard receiver === capture?.split else { return original(receiver, selector, traits, coordinator) }
                    state.beginUIKitTransition()
                    let end = TransitionEnd()
                    original(receiver, selector, traits, coordinator)
                    let queued = (coordinator as? UIViewControllerTransitionCoordinator)?.animate(
                        alongsideTransition: nil, completion: { _ in MainActor.assumeIsolated { end() } })
                    if queued != true { end() }
                    // A completion UIKit never calls must not stop the capture for good.
                    Task { @MainActor in
                        try? await Task.sleep(nanoseconds: 3_000_000_000)
                        end()
                    }
                }
            }
        }
        // Attaching the capture: the split's view loaded (its children set), then its first appearance.
        replace("viewDidLoad", in: splits, as: Lifecycle.self) { original, selector -> @convention(block) (UIViewController) -> Void in
            { receiver in
                onMain {
                    original(receiver, selector)
                    if let split = receiver as? UISplitViewController { attach(to: split) }
                }
            }
        }
        replace("viewDidAppear:", inMostSpecific: splits, as: Appear.self) { original, selector -> @convention(block) (UIViewController, Bool) -> Void in
            { receiver, animated in
                onMain {
                    original(receiver, selector, animated)
                    if let capture, receiver === capture.split, !capture.hasLaunched, capture.isRecording { capture.launched() }
                }
            }
        }
    }

    private static func replace<Function, Block>(
        _ entry: EntryPoint, _ index: Int = 0, as type: Function.Type, _ make: (Function, Selector) -> Block
    ) {
        let (selector, classes) = entry.selectors[index]
        replace(selector, in: classes, as: type, make)
    }

    /// Replaces `selectorName` in the first class of `classNames` (most specific first) that
    /// implements it itself: for a method whose subclass implementation calls `super` first, so that
    /// the block runs after the whole of it.
    private static func replace<Function, Block>(
        _ selectorName: String, inMostSpecific classNames: [String], as type: Function.Type, _ make: (Function, Selector) -> Block
    ) {
        let selector = NSSelectorFromString(selectorName)
        guard let owner = classNames.first(where: { name in owners(of: selector, in: [name]).count == 1 }) else { return }
        replace(selectorName, in: [owner], as: type, make)
    }

    /// The methods of the classes among `classNames` that implement `selector` themselves (not by inheritance).
    private static func owners(of selector: Selector, in classNames: [String]) -> [Method] {
        classNames.compactMap { name in
            guard let type = NSClassFromString(name), let method = class_getInstanceMethod(type, selector) else { return nil }
            if let superclass = class_getSuperclass(type), let inherited = class_getInstanceMethod(superclass, selector),
                method_getImplementation(inherited) == method_getImplementation(method)
            {
                return nil
            }
            return method
        }
    }

    /// Replaces `selectorName` in each class of `classNames` that implements it itself with the
    /// block `make` returns for the class's original implementation.
    private static func replace<Function, Block>(
        _ selectorName: String, in classNames: [String], as _: Function.Type, _ make: (Function, Selector) -> Block
    ) {
        let selector = NSSelectorFromString(selectorName)
        // Which classes implement it themselves, decided before any is replaced.
        for method in owners(of: selector, in: classNames) {
            let original = unsafeBitCast(method_getImplementation(method), to: Function.self)
            method_setImplementation(method, imp_implementationWithBlock(unsafeBitCast(make(original, selector), to: AnyObject.self)))
        }
    }
}

/// Ends one UIKit transition of the interception once, whichever of its two paths comes first.
@available(iOS 14.0, *)
@MainActor
private final class TransitionEnd {
    private var done = false

    func callAsFunction() {
        guard !done else { return }
        done = true
        Interceptor.state.endUIKitTransition()
    }
}

/// Carries a main-actor result out of `MainActor.assumeIsolated`, on the thread it was made on.
private struct UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
}

// MARK: Delegate proxies

/// A delegate that answers what its subclass implements and forwards every other message to the
/// app's own delegate (`forwardee`, kept weakly as UIKit keeps delegates). UIKit caches which
/// optional methods a delegate implements when it is assigned, so `forwardee` is set before the proxy
/// is. The proxy is kept alive by the object it is the delegate of (an associated object), so the app
/// keeps its delegate calls even if the capture goes away without `stop()`.
@MainActor
private class ForwardingProxy: NSObject {
    /// Read by `responds(to:)` and `forwardingTarget(for:)`, nonisolated entry points that UIKit calls
    /// on the main thread only.
    nonisolated(unsafe) weak var forwardee: (any NSObjectProtocol)?

    nonisolated override func responds(to aSelector: Selector!) -> Bool {
        NavTapeCaptureFormat.DelegateForwarding.responds(
            ownImplements: super.responds(to: aSelector), forwardeeImplements: forwardee.map { $0.responds(to: aSelector) })
    }

    nonisolated override func forwardingTarget(for aSelector: Selector!) -> Any? {
        let route = NavTapeCaptureFormat.DelegateForwarding.route(
            ownImplements: false, forwardeeImplements: forwardee.map { $0.responds(to: aSelector) })
        guard route == .forwardee, let forwardee else { return super.forwardingTarget(for: aSelector) }
        return forwardee
    }

    /// When the app's delegate is freed before the object it was the delegate of (a finished child
    /// coordinator), UIKit would still send the optional methods it cached for it, and no one would
    /// answer them: an unrecognized-selector crash where, without the capture, the delegate would
    /// simply be nil. A watcher attached to the forwardee calls `freed` as it goes, and the proxy is
    /// then assigned again, so UIKit asks `responds(to:)` afresh and caches the proxy's own methods only.
    func watchForwardee(_ freed: @escaping @MainActor @Sendable () -> Void) {
        guard let forwardee else { return }
        objc_setAssociatedObject(forwardee, associationKey, DeallocationWatcher(freed), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    /// Stops watching the forwardee (the proxy is detached).
    func unwatchForwardee() {
        guard let forwardee else { return }
        (objc_getAssociatedObject(forwardee, associationKey) as? DeallocationWatcher)?.cancel()
        objc_setAssociatedObject(forwardee, associationKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    /// This proxy's key for `objc_setAssociatedObject`: its own address, unique while it lives.
    var associationKey: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) }
}

/// Runs `freed` on the main thread when it is released: attached to an app's delegate as an
/// associated object, it is released as that delegate is deallocated.
private final class DeallocationWatcher: @unchecked Sendable {
    private var freed: (@MainActor @Sendable () -> Void)?

    init(_ freed: @escaping @MainActor @Sendable () -> Void) { self.freed = freed }

    /// Forgets `freed`: a detached proxy needs no reinstalling.
    func cancel() { freed = nil }

    deinit {
        guard let freed else { return }
        if Thread.isMainThread {
            MainActor.assumeIsolated { freed() }
        } else {
            Task { @MainActor in freed() }
        }
    }
}

@available(iOS 14.0, *)
private struct WeakNavigationProxy {
    weak var proxy: NavigationDelegateProxy?
}

@available(iOS 14.0, *)
@MainActor
private final class NavigationDelegateProxy: ForwardingProxy, UINavigationControllerDelegate {
    weak var navigation: UINavigationController?
    weak var capture: NavTapeCapture?

    var original: (any UINavigationControllerDelegate)? { forwardee as? any UINavigationControllerDelegate }

    init(navigation: UINavigationController, capture: NavTapeCapture) {
        self.navigation = navigation
        self.capture = capture
        super.init()
    }

    /// Becomes the delegate, forwarding to the current one.
    func install() {
        guard let navigation, navigation.delegate !== self else { return }
        forwardee = navigation.delegate
        objc_setAssociatedObject(navigation, associationKey, self, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        navigation.delegate = self
        watchForwardee { [weak self] in self?.forwardeeFreed() }
    }

    /// The app's delegate is gone: assigned again, so UIKit forgets the methods it cached for it.
    private func forwardeeFreed() {
        guard let navigation, NavTapeCaptureFormat.DelegateForwarding.reassignsWhenForwardeeFreed(isDelegate: navigation.delegate === self)
        else { return }
        navigation.delegate = nil
        navigation.delegate = self
    }

    /// Puts the app's delegate back.
    func detach() {
        capture = nil
        unwatchForwardee()
        guard let navigation else { return }
        if navigation.delegate === self { navigation.delegate = original }
        objc_setAssociatedObject(navigation, associationKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController,
        animated: Bool
    ) {
        capture?.navigationWillShow(navigationController, viewController)
        original?.navigationController?(navigationController, willShow: viewController, animated: animated)
    }

    func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController,
        animated: Bool
    ) {
        // The capture first: a command the app's delegate performs from here is written after the pop.
        capture?.navigationDidShow(navigationController)
        original?.navigationController?(navigationController, didShow: viewController, animated: animated)
    }
}

@available(iOS 14.0, *)
@MainActor
private final class SplitDelegateProxy: ForwardingProxy, UISplitViewControllerDelegate {
    weak var split: UISplitViewController?
    weak var capture: NavTapeCapture?

    var original: (any UISplitViewControllerDelegate)? { forwardee as? any UISplitViewControllerDelegate }

    init(split: UISplitViewController, capture: NavTapeCapture) {
        self.split = split
        self.capture = capture
        super.init()
    }

    /// Becomes the delegate, forwarding to the current one.
    func install() {
        guard let split, split.delegate !== self else { return }
        forwardee = split.delegate
        objc_setAssociatedObject(split, associationKey, self, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        split.delegate = self
        watchForwardee { [weak self] in self?.forwardeeFreed() }
    }

    /// The app's delegate is gone: assigned again, so UIKit forgets the methods it cached for it.
    private func forwardeeFreed() {
        guard let split, NavTapeCaptureFormat.DelegateForwarding.reassignsWhenForwardeeFreed(isDelegate: split.delegate === self)
        else { return }
        split.delegate = nil
        split.delegate = self
    }

    /// Puts the app's delegate back.
    func detach() {
        capture = nil
        unwatchForwardee()
        guard let split else { return }
        if split.delegate === self { split.delegate = original }
        objc_setAssociatedObject(split, associationKey, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }

    func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {
        capture?.splitWillChangeDisplayMode(svc)
        original?.splitViewController?(svc, willChangeTo: displayMode)
    }

    /// The target of the iOS 17 trait registration.
    @objc func splitTraitsDidChange() {
        capture?.splitTraitsMayHaveChanged()
    }
}

// MARK: Output

/// The presented controller's presentation-controller delegate while it is on screen: a sheet the
/// user swipes away (`presentationControllerDidDismiss`) is written as the `dismiss` it is; every
/// other message goes to the app's own delegate.
@available(iOS 14.0, *)
@MainActor
private final class PresentationDelegateProxy: ForwardingProxy, UIAdaptivePresentationControllerDelegate {
    weak var presentation: UIPresentationController?
    weak var capture: NavTapeCapture?

    var original: (any UIAdaptivePresentationControllerDelegate)? { forwardee as? any UIAdaptivePresentationControllerDelegate }

    init(presentation: UIPresentationController, capture: NavTapeCapture) {
        self.presentation = presentation
        self.capture = capture
        super.init()
    }

    /// Becomes the delegate, forwarding to the current one. Kept alive by the presentation controller.
    func install() {
        guard let presentation, presentation.delegate !== self else { return }
        forwardee = presentation.delegate
        objc_setAssociatedObject(presentation, associationKey, self, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        presentation.delegate = self
        watchForwardee { [weak self] in self?.forwardeeFreed() }
    }

    private func forwardeeFreed() {
        guard let presentation, presentation.delegate === self else { return }
        presentation.delegate = nil
        presentation.delegate = self
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        capture?.presentationDismissedByUser(presentationController.presentedViewController)
        original?.presentationControllerDidDismiss?(presentationController)
    }
}

/// Writes lines to a file descriptor with SIGPIPE disabled on it (`F_SETNOSIGPIPE`): when the reader
/// of a pipe or FIFO has gone, `write` fails with EPIPE instead of killing the app, and the sink
/// reports the output closed. Used on the main thread only.
private final class DescriptorSink {
    private let descriptor: Int32
    private let owner: AnyObject?  // keeps a FileHandle, and so its descriptor, open
    private let closesOnDeinit: Bool
    private var isOpen = true

    init(descriptor: Int32, keeping owner: AnyObject?, closesOnDeinit: Bool) {
        self.descriptor = descriptor
        self.owner = owner
        self.closesOnDeinit = closesOnDeinit
        _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
    }

    deinit {
        if closesOnDeinit && !isClosed { _ = Darwin.close(descriptor) }
    }

    private var isClosed = false

    /// Closes a descriptor this sink owns: a FIFO's reader sees the end of the stream.
    func close() {
        isOpen = false
        guard closesOnDeinit, !isClosed else { return }
        isClosed = true
        _ = Darwin.close(descriptor)
    }

    /// Writes all of `line`; `false` once the output is closed (EPIPE, or any other write error).
    func write(_ line: String) -> Bool {
        guard isOpen else { return false }
        let bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                isOpen = false
                return false
            }
        }
        return true
    }
}
#endif
