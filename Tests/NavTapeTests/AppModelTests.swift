import Testing
import NavTape
import NavTapeApps
import NavigationCore

/// App models (issue 26, point 4): a generated session is one a user of the app could produce, so
/// its bug reports mean something about the app.
@Suite("App models")
struct AppModelTests {
    /// `count` commands of a walk of `model` on `device`, each decided under the app's policy.
    static func walk(_ model: AppModel, device: Device, seed: UInt64, commands count: Int) throws
        -> (commands: [NavigationCommand], events: [[NavigationEvent]], states: [NavigationState])
    {
        var session = AppSession(model: model, seed: seed, device: device)
        var state = NavigationState(style: model.style, traits: session.setup.initialTraits)
        for command in try session.setup.commands() { Navigation.send(command, to: &state, policy: model.policy) }
        var commands: [NavigationCommand] = [], events: [[NavigationEvent]] = [], states: [NavigationState] = []
        for _ in 0..<count {
            let command = session.next(in: state).command
            commands.append(command)
            states.append(state)
            events.append(Navigation.send(command, to: &state, policy: state.policy(session: model.policy)))
        }
        return (commands, events, states)
    }

    @Test("every model walks on each of its devices with no report but its known bugs, deterministically", arguments: AppModel.all.map(\.name))
    func walksCleanly(name: String) throws {
        let model = try #require(AppModel.named(name))
        for device in model.devices {
            let first = try Self.walk(model, device: device, seed: 11, commands: 1_500)
            let again = try Self.walk(model, device: device, seed: 11, commands: 1_500)
            #expect(first.commands == again.commands, "\(name) on \(device): the same seed gave other commands")
            var collapses = 0
            for (before, events) in zip(first.states, first.events) {
                let known = Set(model.knownBugs.map(\.rule))
                let raised = NavigationState.violationsRaised(from: before, by: events).filter { !known.contains($0.rule) }
                #expect(raised.isEmpty, "\(name) on \(device): \(raised.map(\.description))")
                if events.contains(where: { $0.kind == .collapsed }) { collapses += 1 }
                if !raised.isEmpty { break }
            }
            // A Plus phone collapses on every rotation to portrait; an iPad in Slide Over sizes, more rarely.
            #expect(device != .iPhonePlus || collapses > 10, "\(name) on \(device): only \(collapses) collapses")
        }
    }

    @Test("only screens on screen act: Calendar Paste's list selects, never a detail (the fuzzing walk's false BUG-2)")
    func onlyVisibleScreensAct() throws {
        let model = AppModel.calendarPaste
        let walk = try Self.walk(model, device: .iPhonePlus, seed: 3, commands: 5_000)
        var selections = 0
        for (command, state) in zip(walk.commands, walk.states) {
            guard case .showDetail(_, let sender) = command else { continue }
            selections += 1
            #expect(state.name(of: sender) == "M")
            #expect(state.visibleContent.contains(sender), "a selection from a screen off screen")
        }
        #expect(selections > 300)
    }

    @Test("the fuzzing walk (generate --policy) is no user's session: it reports bugs an app model never does")
    func fuzzingWalkDiffers() throws {
        var generator = SessionGenerator(seed: 5, device: .iPhonePlus, policy: .calendarPaste())
        var state = NavigationState(traits: generator.setup.initialTraits)
        for command in try generator.setup.commands() { Navigation.send(command, to: &state, policy: generator.policy) }
        var bugs = 0
        for _ in 0..<5_000 {
            let before = state
            let events = Navigation.send(generator.next(in: state).command, to: &state, policy: generator.policy)
            bugs += NavigationState.violationsRaised(from: before, by: events).count
        }
        #expect(bugs > 100)
    }
}
