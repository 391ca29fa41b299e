import Foundation
import Testing

/// UIKit caches which optional methods a delegate implements when the delegate is assigned (a
/// navigation controller's delegate flags) and later sends only those, without asking again. The
/// capture's proxy stands between UIKit and the app's delegate, holding the app's delegate weakly as
/// UIKit does. These stand-ins model that cache, the app's delegate (whose associated objects are
/// released as it deallocates, as the capture's watcher is) and the proxy following
/// `NavTapeCaptureFormat.DelegateForwarding`, the rules the UIKit part's proxies ask.
@Suite("UIKit capture file: a freed app delegate (UIKit's selector cache modelled)")
struct DelegateForwardingTests {
    typealias F = NavTapeCaptureFormat.DelegateForwarding

    static let willShow = "navigationController:willShowViewController:animated:"
    static let didShow = "navigationController:didShowViewController:animated:"
    static let animation = "navigationController:animationControllerForOperation:fromViewController:toViewController:"
    static let orientations = "navigationControllerSupportedInterfaceOrientations:"

    /// What UIKit asks of a delegate and sends to it.
    protocol Delegate: AnyObject {
        func responds(to selector: String) -> Bool
        func route(_ selector: String) -> F.Route
    }

    /// A stand-in `UINavigationController`: the delegate held weakly, its answers cached on assignment.
    final class Navigation {
        static let optionalMethods = [willShow, didShow, animation, orientations]
        private(set) weak var delegate: (any Delegate)?
        private var cached: Set<String> = []
        var delivered: [String] = []
        var unrecognized: [String] = []

        /// The `delegate` setter: asks `responds(to:)` once per optional method, as UIKit does.
        func setDelegate(_ delegate: (any Delegate)?) {
            self.delegate = delegate
            cached = Set(Self.optionalMethods.filter { delegate?.responds(to: $0) ?? false })
        }

        /// UIKit sending `selector` if it cached it for the current delegate.
        func send(_ selector: String) {
            guard cached.contains(selector) else { return }
            guard let delegate else { return }  // a nil delegate is never messaged
            switch delegate.route(selector) {
            case .proxy, .forwardee: delivered.append(selector)
            case .nobody: unrecognized.append(selector)  // -[… doesNotRecognizeSelector:]: the app crashes
            }
        }
    }

    /// The app's delegate, with the objects attached to it (associated objects) released as it goes.
    final class AppDelegate: Delegate {
        let methods: Set<String>
        var attached: [() -> Void] = []

        init(_ methods: Set<String>) { self.methods = methods }
        deinit { for release in attached { release() } }

        func responds(to selector: String) -> Bool { methods.contains(selector) }
        func route(_ selector: String) -> F.Route { methods.contains(selector) ? .proxy : .nobody }
    }

    /// The capture's proxy: its own `willShow`/`didShow` (which forward to the app's), the rest forwarded.
    final class Proxy: Delegate {
        static let own: Set<String> = [willShow, didShow]
        weak var forwardee: AppDelegate?
        weak var navigation: Navigation?
        let watches: Bool

        init(watches: Bool) { self.watches = watches }

        func responds(to selector: String) -> Bool {
            F.responds(ownImplements: Self.own.contains(selector), forwardeeImplements: forwardee?.responds(to: selector))
        }

        func route(_ selector: String) -> F.Route {
            F.route(ownImplements: Self.own.contains(selector), forwardeeImplements: forwardee?.responds(to: selector))
        }

        /// `install()`: the forwardee first, then the proxy assigned, then the watcher attached.
        func install(on navigation: Navigation) {
            self.navigation = navigation
            forwardee = navigation.delegate as? AppDelegate
            navigation.setDelegate(self)
            guard watches, let forwardee else { return }
            forwardee.attached.append { [weak self] in self?.forwardeeFreed() }
        }

        private func forwardeeFreed() {
            guard let navigation, F.reassignsWhenForwardeeFreed(isDelegate: navigation.delegate === self) else { return }
            navigation.setDelegate(nil)
            navigation.setDelegate(self)
        }
    }

    /// An app delegate implementing a custom transition, captured, then freed (a finished child
    /// coordinator), then UIKit sending what it cached.
    static func freeTheAppsDelegate(watching: Bool) -> Navigation {
        let navigation = Navigation()
        var app: AppDelegate? = AppDelegate([Self.didShow, Self.animation])
        navigation.setDelegate(app)
        let proxy = Proxy(watches: watching)
        proxy.install(on: navigation)
        navigation.send(Self.animation)
        navigation.send(Self.didShow)
        app = nil
        navigation.send(Self.animation)
        navigation.send(Self.didShow)
        withExtendedLifetime(proxy) {}
        return navigation
    }

    @Test("the model shows the crash: a proxy that is not assigned again sends UIKit's cached method to nobody")
    func withoutReassigning() {
        let navigation = Self.freeTheAppsDelegate(watching: false)
        #expect(navigation.unrecognized == [Self.animation])
    }

    @Test("assigned again when the app's delegate is freed, the proxy is asked afresh: nothing unrecognized, its own methods still sent")
    func reassigned() {
        let navigation = Self.freeTheAppsDelegate(watching: true)
        #expect(navigation.unrecognized.isEmpty)
        #expect(navigation.delivered == [Self.animation, Self.didShow, Self.didShow])
    }

    @Test("a delegate the app set after the proxy is left alone when the first one goes")
    func laterDelegate() {
        let navigation = Navigation()
        var first: AppDelegate? = AppDelegate([Self.animation])
        navigation.setDelegate(first)
        let proxy = Proxy(watches: true)
        proxy.install(on: navigation)
        let second = AppDelegate([Self.orientations])
        navigation.setDelegate(second)
        first = nil
        navigation.send(Self.orientations)
        #expect(navigation.delegate === second && navigation.delivered == [Self.orientations] && navigation.unrecognized.isEmpty)
        withExtendedLifetime(proxy) {}
    }

    @Test("where a message goes: the proxy's own, the forwardee's while it lives, else nobody")
    func routes() {
        #expect(F.route(ownImplements: true, forwardeeImplements: nil) == .proxy)
        #expect(F.route(ownImplements: false, forwardeeImplements: true) == .forwardee)
        #expect(F.route(ownImplements: false, forwardeeImplements: false) == .nobody)
        #expect(F.route(ownImplements: false, forwardeeImplements: nil) == .nobody)
        #expect(!F.responds(ownImplements: false, forwardeeImplements: nil))
        #expect(F.reassignsWhenForwardeeFreed(isDelegate: true) && !F.reassignsWhenForwardeeFreed(isDelegate: false))
    }
}
