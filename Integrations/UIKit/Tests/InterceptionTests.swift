import Foundation
import NavTape
import NavTapeInterchange
import NavTapeTestSupport
import Testing

/// `NavTapeCapture.start(to:)` replaces UIKit's navigation entry points; which call it writes is
/// `NavTapeCaptureFormat.Interception`'s decision, compiled here. UIKit does not exist on Linux, so
/// these stand-ins do what Apple's documentation says each entry point does, including the calls
/// UIKit makes inside it (a navigation controller's `show` pushes; a regular split's `showDetail`
/// sets its secondary; a collapsed one's shows on the primary's stack; a collapse pushes the
/// secondary onto the primary's stack; an unwind segue pops to its destination; a sheet's own
/// `dismiss` is forwarded to its presenter), each entry point going through the interception as the
/// replaced implementations do. What they write is then recorded by `record --intents` and compared
/// with the stand-ins' own state after every line: the intents intercepted take the model where UIKit
/// went.
@Suite("UIKit capture file: one line to start (interception through stand-ins)")
struct InterceptionTests {
    typealias F = NavTapeCaptureFormat

    /// A stand-in `UIViewController`.
    class Controller {
        let id: String
        let name: String
        unowned let app: App
        weak var parent: Controller?
        weak var presenting: Controller?
        var presented: Controller?
        /// The presentation controller's delegate's `presentationControllerDidDismiss`, as the
        /// capture's proxy answers it.
        var didDismiss: (() -> Void)?

        init(_ name: String, in app: App) {
            self.name = name
            self.app = app
            app.count += 1
            self.id = "0x" + String(app.count, radix: 16)
        }

        var kind: F.Kind { .content }

        /// `show(_:sender:)`: sent to `targetViewController(forAction:sender:)`, the nearest ancestor
        /// that overrides it (a navigation controller); presented when there is none.
        func show(_ target: Controller, sender: Controller?) {
            app.intercept(.show, self, [("target", app.ref(target)), ("sender", app.ref(self))]) {
                var ancestor = parent
                while let candidate = ancestor, !(candidate is Navigation) { ancestor = candidate.parent }
                if let navigation = ancestor { navigation.show(target, sender: sender) } else { present(target) }
            }
        }

        /// `showDetailViewController(_:sender:)`: sent up to the split.
        func showDetailViewController(_ target: Controller, sender: Controller?) {
            app.intercept(.showDetail, self, [("target", app.ref(target)), ("sender", app.ref(self))]) {
                var ancestor = parent
                while let candidate = ancestor, !(candidate is Split) { ancestor = candidate.parent }
                if let split = ancestor { split.showDetailViewController(target, sender: sender) } else { show(target, sender: sender) }
            }
        }

        /// `present(_:animated:completion:)`.
        func present(_ controller: Controller) {
            app.intercept(.present, self, [("controller", app.ref(controller))], presenting: controller) {
                presented = controller
                controller.presenting = self
            }
        }

        /// `dismiss(animated:completion:)`: a presented controller forwards it to its presenter.
        func dismiss() {
            app.intercept(.dismiss, self, [], dismissing: presented ?? (presenting == nil ? nil : self)) {
                if presented == nil, let presenting { return presenting.dismiss() }
                presented?.presenting = nil
                presented = nil
            }
        }

        /// The user swipes this sheet down. UIKit removes it, through the public `dismiss` on its
        /// presenter when `throughDismiss`, then tells the presentation controller's delegate.
        func userSwipesAway(throughDismiss: Bool) {
            guard let presenting else { return }
            if throughDismiss {
                presenting.dismiss()
            } else {
                presenting.presented = nil
                self.presenting = nil
            }
            didDismiss?()
        }

        /// `performSegue(withIdentifier:sender:)` of a Show segue: `show(_:sender:)` on the source.
        func performShowSegue(to destination: Controller) { show(destination, sender: self) }

        /// `performSegue(withIdentifier:sender:)` of a Show Detail segue.
        func performShowDetailSegue(to destination: Controller) { showDetailViewController(destination, sender: self) }

        /// An unwind segue to `destination`: its navigation controller's `unwind(for:towards:)` pops to it.
        func performUnwindSegue(to destination: Controller) {
            guard let navigation = destination.parent as? Navigation else { return }
            _ = navigation.popToViewController(destination)
        }
    }

    /// A stand-in `UINavigationController`.
    final class Navigation: Controller {
        private(set) var stack: [Controller] = []
        /// The back-swipe gesture's state is `.began`.
        var swipeBegan = false

        override var kind: F.Kind { .navigation }

        init(_ name: String, root: Controller, in app: App) {
            super.init(name, in: app)
            adopt([root])
        }

        override init(_ name: String, in app: App) { super.init(name, in: app) }

        private func adopt(_ controllers: [Controller]) {
            for controller in stack where !controllers.contains(where: { $0 === controller }) { controller.parent = nil }
            stack = controllers
            for controller in controllers { controller.parent = self }
        }

        override func show(_ target: Controller, sender: Controller?) {
            app.intercept(.show, self, [("target", app.ref(target)), ("sender", app.ref(self))]) { pushViewController(target) }
        }

        func pushViewController(_ controller: Controller) {
            app.intercept(.push, self, [("controller", app.ref(controller)), ("onto", app.ref(self))]) {
                adopt(stack + [controller])
            }
        }

        /// `popViewController(animated:)`. The back swipe calls it as it begins; `completes` says
        /// whether the user lifts the finger past the middle.
        @discardableResult
        func popViewController(completes: Bool = true) -> Controller? {
            var popped: Controller?
            app.intercept(.pop, self, [("navigation", app.ref(self))], interactivePopBegan: swipeBegan) {
                guard stack.count > 1, completes else { return }
                popped = stack.last
                adopt(Array(stack.dropLast()))
            }
            return popped
        }

        func popToViewController(_ controller: Controller) -> [Controller]? {
            var popped: [Controller]?
            app.intercept(.popTo, self, [("controller", app.ref(controller)), ("navigation", app.ref(self))]) {
                guard let index = stack.firstIndex(where: { $0 === controller }) else { return }
                popped = Array(stack[(index + 1)...])
                adopt(Array(stack[...index]))
            }
            return popped
        }

        func setViewControllers(_ controllers: [Controller]) {
            app.intercept(.setViewControllers, self, [("controllers", app.refs(controllers)), ("navigation", app.ref(self))]) {
                adopt(controllers)
            }
        }

        /// `collapseSecondaryViewController(_:for:)`: UIKit's own collapse pushes the secondary.
        func collapseSecondary(_ secondary: Controller) {
            app.interception.beginUIKitTransition()
            defer { app.interception.endUIKitTransition() }
            pushViewController(secondary)
        }
    }

    /// A stand-in classic `UISplitViewController`.
    final class Split: Controller {
        private(set) var children: [Controller] = []
        private(set) var isCollapsed = false

        override var kind: F.Kind { .split }

        /// The `viewControllers` setter.
        func setViewControllers(_ controllers: [Controller]) {
            app.intercept(.setSplitViewControllers, self, [("controllers", app.refs(controllers))]) {
                for child in children { child.parent = nil }
                children = controllers
                for child in controllers { child.parent = self }
            }
        }

        /// Regular: forwarded to a navigation secondary (a push) unless `target` is a navigation
        /// controller, else the secondary replaced through the `viewControllers` setter. Collapsed: shown
        /// on the primary's stack.
        override func showDetailViewController(_ target: Controller, sender: Controller?) {
            app.intercept(.showDetail, self, [("target", app.ref(target)), ("sender", app.ref(self))]) {
                if isCollapsed, let primary = children.first as? Navigation {
                    primary.show(target, sender: sender)
                } else if children.count == 2, let secondary = children[1] as? Navigation, !(target is Navigation) {
                    secondary.show(target, sender: sender)  // forwarded to the controller being replaced
                } else {
                    setViewControllers([children[0], target])
                }
            }
        }

        /// A rotation to compact: `willTransition(to:with:)`, then the collapse.
        func collapse() {
            app.interception.beginUIKitTransition()
            defer { app.interception.endUIKitTransition() }
            guard !isCollapsed, children.count == 2, let primary = children.first as? Navigation else { return }
            let secondary = children[1]
            children = [primary]
            isCollapsed = true
            primary.collapseSecondary(secondary)
        }
    }

    /// The app: the replaced entry points' shared state, the captured split, and the stream written.
    final class App {
        var count = 0
        var interception = F.Interception()
        var launched = false
        var split: Split?
        var lines: [String] = []
        var references = F.References()
        var presentations = F.Presentations()
        /// Each line's reason not to be written, for the calls that were not.
        var passed: [(F.EntryPoint, F.Interception.Reason)] = []

        func ref(_ controller: Controller) -> F.Value { .controller(describe(controller, deep: true)) }
        func refs(_ controllers: [Controller]) -> F.Value { .controllers(controllers.map { describe($0, deep: true) }) }

        func describe(_ controller: Controller, deep: Bool) -> F.Controller {
            let children = deep ? (controller as? Navigation)?.stack.map { describe($0, deep: false) } : nil
            return F.Controller(id: controller.id, name: controller.name, kind: controller.kind, children: children)
        }

        func contains(_ controller: Controller) -> Bool {
            var current: Controller? = controller
            while let candidate = current {
                if candidate === split { return true }
                current = candidate.parent ?? candidate.presenting
            }
            return false
        }

        /// What a replaced implementation does: the line (when it is the app's call), then the call.
        /// `presenting` is a `present`'s sheet, `dismissing` the sheet a `dismiss` removes.
        func intercept(
            _ entry: F.EntryPoint, _ receiver: Controller, _ arguments: @autoclosure () -> [(String, F.Value)],
            interactivePopBegan: Bool = false, presenting: Controller? = nil, dismissing: Controller? = nil,
            perform: () -> Void
        ) {
            let inSplit = contains(receiver)
            let decision = interception.enter(
                entry, inCapturedSplit: inSplit, launched: launched, interactivePopBegan: interactivePopBegan)
            defer { interception.leave() }
            switch decision {
            case .record:
                if let presenting { watchDismissal(of: presenting) }
                if let dismissing { presentations.dismissed(dismissing.id) }
                let line = F.commandLine(command: entry.command, arguments: arguments(), references: &references)
                perform()
                lines.append(observing(line))
            case .passThrough(let reason):
                if reason == .nested, inSplit, let presenting { watchDismissal(of: presenting) }
                passed.append((entry, reason))
                perform()
            }
        }

        /// What the capture's presentation-delegate proxy does: a swipe-away is a `dismiss`, once.
        func watchDismissal(of sheet: Controller) {
            presentations.presented(sheet.id)
            sheet.didDismiss = { [unowned self, unowned sheet] in
                if presentations.userDismissed(sheet.id) { write("dismiss") }
            }
        }

        /// A call the app routed through the capture's own methods: written once, by the routed method.
        func routed(_ command: String, _ arguments: [(String, F.Value)], perform: () -> Void) {
            interception.enterRouted()
            defer { interception.leave() }
            let line = F.commandLine(command: command, arguments: arguments, references: &references)
            perform()
            lines.append(observing(line))
        }

        func write(_ command: String, _ arguments: [(String, F.Value)] = [], observe: Bool = true) {
            let line = F.commandLine(command: command, arguments: arguments, references: &references)
            lines.append(observe ? observing(line) : line)
        }

        /// `line` with the stand-ins' stacks as its `observed` state (what the model must reach).
        private func observing(_ line: String) -> String {
            guard let split else { return line }
            var stacks: [F.Stack] = []
            var pending = split.children
            while let next = pending.first {
                pending.removeFirst()
                guard let navigation = next as? Navigation else { continue }
                stacks.append(F.Stack(navigation: describe(navigation, deep: false), viewControllers: navigation.stack.map { describe($0, deep: false) }))
                pending += navigation.stack
            }
            let observed = F.Observed(viewControllers: split.children.map { describe($0, deep: false) }, stacks: stacks)
            var withObservation = references
            let rewritten = F.commandLine(
                command: "", arguments: [], observed: observed, references: &withObservation)
            references = withObservation
            // The observation's members, appended to the line as written.
            let members = rewritten.dropFirst(#"{"command":"""#.count).drop(while: { $0 != "," })
            return String(line.dropLast()) + members
        }
    }

    /// Records the stream with `record --intents`' ingestion: its divergences from the stand-ins.
    static func ingest(_ lines: [String]) throws -> (divergences: [String], hierarchy: String) {
        let scratch = TemporaryDirectory()
        defer { scratch.remove() }
        var ingest = CaptureIngest(path: scratch.path("i.navtape"), file: "i.jsonl", options: RecorderOptions(), now: { 0 })
        var divergences: [String] = []
        for (i, line) in lines.enumerated() {
            if let step = try ingest.feed(line, number: i + 1) { divergences += step.divergences.map { "line \(i + 1): \($0.aspect.name)" } }
        }
        try ingest.finish()
        let tape = try TimeMachine(path: scratch.path("i.navtape"))
        return (divergences, try tape.state(at: tape.eventCount).hierarchyDescription)
    }

    /// A regular-width iPad split: MasterNC[Master] beside DetailNC[Detail], captured from launch.
    static func launchedApp() -> (App, Split, Navigation, Controller) {
        let app = App()
        let split = Split("Split", in: app)
        let master = Controller("Master", in: app)
        let masterNC = Navigation("MasterNC", root: master, in: app)
        let detailNC = Navigation("DetailNC", root: Controller("Detail", in: app), in: app)
        app.lines.append(
            F.sessionLine(
                session: "interception", startTime: 1_000, device: "ipad", traits: F.Traits(sizeClass: "regular", width: 1024, height: 768, idiom: "pad")))
        app.split = split
        split.setViewControllers([masterNC, detailNC])  // the app's setup before launch: not written
        app.write("setSplitViewControllers", [("controllers", app.refs(split.children))])  // what start(to:) notes
        app.launched = true
        app.write("launch")
        return (app, split, masterNC, master)
    }

    @Test("a Show segue, the Back button, a Show Detail segue, a third-party push and an unwind are each the app's intent, and the model follows UIKit")
    func seguesAndThirdParty() throws {
        let (app, split, masterNC, master) = Self.launchedApp()
        let item = Controller("Item", in: app)
        master.performShowSegue(to: item)  // show → the navigation controller's show → push
        _ = masterNC.popViewController()  // the Back button
        let editor = Controller("Editor", in: app)
        let editorNC = Navigation("EditorNC", root: editor, in: app)
        master.performShowDetailSegue(to: editorNC)  // showDetail → the split's showDetail → its viewControllers setter
        let sdkScreen = Controller("SDKScreen", in: app)
        editorNC.pushViewController(sdkScreen)  // a third-party SDK pushing its own screen
        let step = Controller("Step", in: app)
        editorNC.pushViewController(step)
        editor.performUnwindSegue(to: editor)  // unwind: popTo
        #expect(app.lines.dropFirst(3).map(Self.command) == ["show", "pop", "showDetail", "push", "push", "popTo"])
        #expect(app.passed.map(\.1).allSatisfy { $0 == .nested || $0 == .notLaunched })
        #expect(app.passed.contains { $0.0 == .push && $0.1 == .nested } && app.passed.contains { $0.0 == .setSplitViewControllers && $0.1 == .nested })
        let recorded = try Self.ingest(app.lines)
        #expect(recorded.divergences.isEmpty, "\(recorded.divergences)")
        #expect(split.children.count == 2 && recorded.hierarchy.contains("EditorNC[Editor]"), "\(recorded.hierarchy)")
    }

    @Test("calls outside the captured split, before launch, in UIKit's collapse and a back swipe as it begins write nothing; a cancelled swipe changes nothing")
    func notTheAppsIntent() throws {
        let (app, split, masterNC, master) = Self.launchedApp()
        // An SDK's own navigation controller, in its own window.
        let sdkNC = Navigation("SDKNav", root: Controller("SDKRoot", in: app), in: app)
        sdkNC.pushViewController(Controller("SDKPage", in: app))
        #expect(app.passed.last.map { $0.0 == .push && $0.1 == .outsideSplit } == true)
        // The back swipe: UIKit calls popViewController as the gesture begins; the proxies write it when it ends.
        let item = Controller("Item", in: app)
        masterNC.pushViewController(item)
        masterNC.swipeBegan = true
        masterNC.popViewController(completes: false)
        masterNC.swipeBegan = false
        #expect(app.passed.last.map { $0.0 == .pop && $0.1 == .interactivePop } == true)
        // The user let go before the middle: the navigation proxy writes the cancelled swipe, which
        // changes nothing (the observation after it still holds Item, and the model must agree).
        app.write("interactivePop", [("navigation", app.ref(masterNC)), ("completed", .bool(false))])
        // A rotation to compact: UIKit pushes the secondary onto the primary's stack itself.
        let linesBefore = app.lines.count
        split.collapse()
        #expect(app.lines.count == linesBefore && app.passed.last.map { $0.0 == .push && $0.1 == .uikitTransition } == true)
        app.write("changeTraits", [("traits", .traits(F.Traits(sizeClass: "compact", width: 320, height: 768, idiom: "pad")))])
        // Collapsed, a showDetail goes onto the primary's stack: one line, UIKit's pushes inside it are its own.
        let detail = Controller("Detail2", in: app)
        master.showDetailViewController(detail, sender: master)
        #expect(Array(app.lines.dropFirst(3).map(Self.command)) == ["push", "interactivePop", "changeTraits", "showDetail"])
        #expect(app.interception.depth == 0 && app.interception.uikitTransitions == 0)
        let recorded = try Self.ingest(app.lines)
        #expect(recorded.divergences.isEmpty, "\(recorded.divergences)")
    }

    @Test("a sheet presented by a segue and dismissed from inside itself is one present and one dismiss; a routed call is written once")
    func sheetsAndRoutedCalls() throws {
        let (app, _, masterNC, master) = Self.launchedApp()
        let sheet = Controller("Sheet", in: app)
        master.present(sheet)  // a Present Modally segue
        sheet.dismiss()  // from inside the sheet: forwarded to its presenter, inside the sheet's own call
        let routed = Controller("Routed", in: app)
        app.routed("push", [("controller", app.ref(routed)), ("onto", app.ref(masterNC))]) { masterNC.pushViewController(routed) }
        #expect(Array(app.lines.dropFirst(3).map(Self.command)) == ["present", "dismiss", "push"])
        #expect(app.passed.map { "\($0.0)" } == ["setSplitViewControllers", "dismiss", "push"])
        let recorded = try Self.ingest(app.lines)
        #expect(recorded.divergences.isEmpty, "\(recorded.divergences)")
    }

    @Test("a sheet the user swipes away is one dismiss, whether or not UIKit dismisses it through the public call first")
    func swipedAwaySheets() throws {
        let (app, split, _, master) = Self.launchedApp()
        let first = Controller("FirstSheet", in: app)
        master.present(first)
        first.userSwipesAway(throughDismiss: false)  // no entry point called: only the delegate says so
        let second = Controller("SecondSheet", in: app)
        master.present(second)
        second.userSwipesAway(throughDismiss: true)  // the intercepted dismiss writes it; the delegate must not again
        #expect(Array(app.lines.dropFirst(3).map(Self.command)) == ["present", "dismiss", "present", "dismiss"])
        #expect(app.presentations.onScreen.isEmpty && split.presented == nil && master.presented == nil)
        let recorded = try Self.ingest(app.lines)
        #expect(recorded.divergences.isEmpty, "\(recorded.divergences)")
        #expect(!recorded.hierarchy.contains("Sheet"), "\(recorded.hierarchy)")
    }

    @Test("every entry point names its command and the Objective-C selectors it replaces, once each")
    func entryPoints() {
        let selectors = F.EntryPoint.allCases.flatMap { entry in entry.selectors.flatMap { pair in pair.classes.map { "\($0) \(pair.selector)" } } }
        #expect(Set(selectors).count == selectors.count)
        #expect(F.EntryPoint.allCases.allSatisfy { !$0.selectors.isEmpty && !$0.command.isEmpty })
        // Each selector's colons match its Swift name's arguments (Apple's declarations).
        #expect(F.EntryPoint.push.selectors[0].selector == "pushViewController:animated:")
        #expect(F.EntryPoint.showDetail.selectors[0].selector == "showDetailViewController:sender:")
        // A nested call never records, whatever else holds; leaving more than entered stays at zero.
        var interception = F.Interception()
        #expect(interception.enter(.push, inCapturedSplit: true, launched: true) == .record)
        #expect(interception.enter(.show, inCapturedSplit: true, launched: true) == .passThrough(.nested))
        interception.leave()
        interception.leave()
        interception.leave()
        #expect(interception.depth == 0)
        #expect(interception.enter(.pop, inCapturedSplit: true, launched: true, interactivePopBegan: true) == .passThrough(.interactivePop))
    }

    static func command(_ line: String) -> String {
        guard let range = line.range(of: #"{"command":""#) else { return "?" }
        return String(line[range.upperBound...].prefix(while: { $0 != "\"" }))
    }
}
