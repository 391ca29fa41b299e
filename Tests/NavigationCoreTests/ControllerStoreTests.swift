import Testing

@testable import NavigationCore

/// The state's controllers as flat data: stacks are spans of one arena that grow, move and get
/// compacted; none of that may show in what a state holds, compares or shares.
@Suite("ControllerStore: stacks as spans of one arena")
struct ControllerStoreTests {
    /// A state with `navigations` navigation controllers and `contents` content controllers.
    static func state(navigations: Int, contents: Int) -> NavigationState {
        var state = NavigationState(traits: Traits(horizontalSizeClass: .regular, width: 1024, height: 768, idiom: .pad))
        state.evolve(.nameInterned("N"))
        for i in 0..<(navigations + contents) {
            state.evolve(
                .controllerCreated(ControllerID(app: i), kind: i < navigations ? .navigation : .content, name: NameID(rawValue: 0), restorationID: nil))
        }
        return state
    }

    @Test("Stacks that grow in turn keep their contents while their spans move (NV-1, NV-2)")
    func interleavedGrowth() {
        let navigations = 8
        var state = Self.state(navigations: navigations, contents: 4_000)
        var model = [[ControllerID]](repeating: [], count: navigations)
        var next = navigations
        // Round-robin pushes make every stack outgrow its span again and again; pops free room.
        for round in 0..<6_000 {
            let nav = round % navigations
            if round % 7 == 6, model[nav].count > 1 {
                state.evolve(.popped(navigation: ControllerID(app: nav), interactive: false))
                model[nav].removeLast()
            } else if next < navigations + 4_000 {
                state.evolve(.pushed(ControllerID(app: next), onto: ControllerID(app: nav)))
                model[nav].append(ControllerID(app: next))
                next += 1
            }
        }
        for nav in 0..<navigations {
            #expect(state.stack(of: ControllerID(app: nav)) == model[nav])
            // Compared in place, as `blame` compares a stack after every event: equal only to itself.
            #expect(state.stack(of: ControllerID(app: nav), is: model[nav]))
            #expect(!state.stack(of: ControllerID(app: nav), is: model[nav].dropLast()))
            #expect(!state.stack(of: ControllerID(app: nav), is: model[nav].reversed()))
            #expect(!state.stack(of: ControllerID(app: nav), is: model[nav] + [ControllerID(app: nav)]))
            for child in model[nav] { #expect(state.parent(of: child) == .navigation(ControllerID(app: nav))) }
        }
        #expect(state.containmentProblem() == nil)
        // Spans double as they move, so the arena holds at most twice the live spans.
        let live = (0..<navigations).reduce(0) { $0 + Int(state.controllers.appRecord($1).stackCapacity) }
        #expect(live >= model.reduce(0) { $0 + $1.count })
        #expect(state.controllers.arenaCount <= 2 * live)
    }

    @Test("A stack compared in place: a controller with none, or none known, holds the empty one")
    func stackComparedInPlace() {
        let state = Self.state(navigations: 1, contents: 2)
        #expect(state.stack(of: ControllerID(app: 0), is: []))
        #expect(!state.stack(of: ControllerID(app: 0), is: [ControllerID(app: 1)]))
        #expect(state.stack(of: ControllerID(app: 1), is: []))  // content: no stack
        #expect(state.stack(of: ControllerID(app: 99), is: []))  // unknown
        #expect(!state.stack(of: ControllerID(app: 99), is: [ControllerID(app: 1)]))
    }

    @Test("Equal states compare and hash equal whatever their arenas' layout")
    func layoutIsNotCompared() {
        let a0 = ControllerID(app: 0), a1 = ControllerID(app: 1)
        var grown = Self.state(navigations: 2, contents: 40)
        // Grow nav 0 past its span, then pop back down: its span moved and holds slack.
        for i in 2..<30 { grown.evolve(.pushed(ControllerID(app: i), onto: a0)) }
        for _ in 2..<29 { grown.evolve(.popped(navigation: a0, interactive: false)) }
        grown.evolve(.pushed(ControllerID(app: 35), onto: a1))
        var direct = Self.state(navigations: 2, contents: 40)
        direct.evolve(.pushed(ControllerID(app: 2), onto: a0))
        direct.evolve(.pushed(ControllerID(app: 35), onto: a1))
        #expect(grown.controllers.arenaCount != direct.controllers.arenaCount)
        #expect(grown == direct)
        #expect(grown.hashValue == direct.hashValue)
        direct.evolve(.pushed(ControllerID(app: 36), onto: a1))
        #expect(grown != direct)
    }

    @Test("A copy shares the store until one side changes; the other keeps what it had")
    func copyOnWrite() {
        let nav = ControllerID(app: 0)
        var original = Self.state(navigations: 1, contents: 8)
        original.evolve(.pushed(ControllerID(app: 1), onto: nav))
        let snapshot = original
        #expect(snapshot.controllers.owner === original.controllers.owner)
        original.evolve(.pushed(ControllerID(app: 2), onto: nav))
        #expect(snapshot.controllers.owner !== original.controllers.owner)
        #expect(snapshot.stack(of: nav) == [ControllerID(app: 1)])
        #expect(snapshot.parent(of: ControllerID(app: 2)) == .none)
        #expect(original.stack(of: nav) == [ControllerID(app: 1), ControllerID(app: 2)])
    }

    @Test("A released minted slot keeps its span for the next controller minted there (EX-3)")
    func releasedSlotKeepsSpan() {
        var state = Self.state(navigations: 0, contents: 6)
        let minted = ControllerID(minted: 0)
        state.evolve(.controllerCreated(minted, kind: .navigation, name: NameID(rawValue: 0), restorationID: nil))
        state.evolve(.stackInitialized(minted, (0..<6).map { ControllerID(app: $0) }))
        let span = state.controllers.slot(minted)?.pointee.stackStart
        state.evolve(.stackSet([ControllerID(app: 0)], navigation: minted))
        state.evolve(.controllerReleased(minted))
        #expect(state.stack(of: minted).isEmpty)
        #expect((1..<6).allSatisfy { state.parent(of: ControllerID(app: $0)) == .none })
        let arena = state.controllers.arenaCount
        state.evolve(.controllerCreated(minted, kind: .navigation, name: NameID(rawValue: 0), restorationID: nil))
        state.evolve(.stackInitialized(minted, [ControllerID(app: 3), ControllerID(app: 4)]))
        #expect(state.stack(of: minted) == [ControllerID(app: 3), ControllerID(app: 4)])
        #expect(state.controllers.slot(minted)?.pointee.stackStart == span)
        #expect(state.controllers.arenaCount == arena)
    }
}
