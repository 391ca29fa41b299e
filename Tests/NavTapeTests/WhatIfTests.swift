import Foundation
import NavTapeApps
import NavigationCore
import NavigationProjections
import Testing
@testable import NavTape
import NavTapeTestSupport

@Suite("What-if branches and recompute")
struct WhatIfTests {
    @Test("a fork with the same policy and traits reproduces the original suffix exactly")
    func forkReproduces() throws {
        let dir = TemporaryDirectory()
        let source = dir.path("source.navtape"), branch = dir.path("branch.navtape")
        let (events, final) = try recordGenerated(events: 30_000, seed: 5, to: source)
        let machine = try TimeMachine(path: source)
        let report = try WhatIf.fork(machine, at: 12_345, into: branch, sessionID: "branch")
        #expect(report.forkIndex <= 12_345)
        #expect(report.forkIndex > 12_345 - 20)
        #expect(events[Int(report.forkIndex)].startsCommit)
        let fork = try TimeMachine(path: branch)
        #expect(fork.parent?.sessionID == machine.sessionID)
        #expect(fork.parent?.forkIndex == report.forkIndex)
        #expect(try fork.state(at: 0) == machine.state(at: report.forkIndex))
        let suffix = try fork.events(from: 0, to: fork.eventCount).map(\.event)
        #expect(suffix == events[Int(report.forkIndex)...].map(\.event))
        #expect(try fork.last() == final)
        #expect(try fork.verify().isDeterministic)
    }

    /// A Plus phone with the Calendar Paste app: launch, select a paste, rotate back and forth.
    func calendarPasteSession(at path: String) throws -> Recorder {
        let setup = SessionSetup(
            device: .iPhonePlus, orientation: .landscape, policy: .calendarPaste(),
            primary: "MN[M]", secondary: "NoSelectionNC@NoSelectionNC[NoSelection]")
        let recorder = try Recorder(creating: path, setup: setup, sessionID: "cp", startTime: 1_000)
        try recorder.send(.launch(Device.iPhonePlus.traits(.landscape)), at: 2_000)
        try recorder.send(.changeTraits(Device.iPhonePlus.traits(.portrait)), at: 3_000)
        try recorder.send(.changeTraits(Device.iPhonePlus.traits(.landscape)), at: 4_000)
        try recorder.send(.changeTraits(Device.iPhonePlus.traits(.portrait)), at: 5_000)
        return recorder
    }

    @Test("swapping Calendar Paste for no delegate changes what collapse does with the empty detail")
    func forkUnderAnotherPolicy() throws {
        let dir = TemporaryDirectory()
        let source = dir.path("cp.navtape"), branch = dir.path("none.navtape")
        let recorder = try calendarPasteSession(at: source)
        #expect(recorder.state.hierarchyDescription == "MN[M]")
        let recorded = recorder.state
        try recorder.close()
        let machine = try TimeMachine(path: source)
        #expect(try machine.last() == recorded)
        #expect(recorded.mintedControllerCount == 2)  // the fresh NoSelectionNC and its NoSelection
        // Fork at the first rotation, after the setup commits and the launch.
        let rotation = try #require(
            try machine.events(from: 0, to: machine.eventCount)
                .first { if case .traitsChanged = $0.event { return true } else { return false } })
        let report = try WhatIf.fork(machine, at: rotation.index, into: branch, policy: .noDelegate, sessionID: "none")
        #expect(report.forkIndex == rotation.index)
        let fork = try TimeMachine(path: branch)
        let forked = try fork.last()
        // No delegate: the empty detail is pushed onto the primary instead of discarded (CO-1 vs CO-2),
        // and separate pops it back rather than minting a fresh NoSelectionNC (EX-2 vs EX-3).
        #expect(forked.hierarchyDescription == "MN[M, NoSelectionNC[NoSelection]]")
        #expect(forked.mintedControllerCount == 0)
        #expect(try machine.last().mintedControllerCount == 2)
        let outcomes = try fork.events(from: 0, to: fork.eventCount).compactMap { recorded -> CollapseOutcome? in
            if case .collapsed(let resolution) = recorded.event { return resolution.outcome } else { return nil }
        }
        #expect(outcomes == [.secondaryPushed, .secondaryPushed])
        #expect(report.commandsRedecided == 3)
        // The diff of the two sessions' final states shows the collapse difference.
        let changes = diff(try machine.last(), forked).map { $0.description(in: forked) }
        #expect(changes.contains("MN stack: [M] → [M, NoSelectionNC] (added NoSelectionNC)"))
        #expect(changes.contains { $0.hasPrefix("rememberedSecondary:") })
    }

    @Test("a fork onto another device re-decides rotations: an iPad never collapses")
    func forkOntoIPad() throws {
        let dir = TemporaryDirectory()
        let source = dir.path("cp.navtape"), branch = dir.path("ipad.navtape")
        try calendarPasteSession(at: source).close()
        let machine = try TimeMachine(path: source)
        _ = try WhatIf.fork(machine, at: 0, into: branch, device: .iPad, sessionID: "ipad")
        let fork = try TimeMachine(path: branch)
        #expect(fork.sessionDescription.device == "ipad")
        let last = try fork.last()
        #expect(!last.isCollapsed)
        #expect(last.hierarchyDescription == "MN[M] | NoSelectionNC[NoSelection]")
    }

    @Test("recompute without the selection: the detail is never shown, later commands still apply")
    func recomputeSkipping() throws {
        let dir = TemporaryDirectory()
        let source = dir.path("s.navtape"), output = dir.path("skip.navtape")
        let setup = SessionSetup(device: .iPad, orientation: .landscape, policy: .noDelegate, primary: "MN[M]", secondary: "DN[D]")
        let recorder = try Recorder(creating: source, setup: setup, sessionID: "s", startTime: 0)
        try recorder.send(.launch(Device.iPad.traits(.landscape)), at: 1)
        let paste = recorder.state.nextAppControllerID
        try recorder.send(.instantiate(.content("Paste")), at: 2)
        let showIndex = recorder.eventCount
        try recorder.send(.showDetail(paste, sender: ControllerID(app: 1)), at: 3)
        try recorder.send(.tapDisplayModeButton, at: 4)
        try recorder.close()
        let machine = try TimeMachine(path: source)
        #expect(try machine.last().hierarchyDescription == "MN[M] | DN[D, Paste]")
        let report = try WhatIf.recompute(machine, skipping: [showIndex], into: output, sessionID: "skip")
        #expect(report.commandsSkipped == 1)
        let result = try TimeMachine(path: output).last()
        #expect(result.hierarchyDescription == "MN[M] | DN[D]")
        #expect(result.displayMode == .primaryHidden)
    }
}

@Suite("UIKit's split vs a manual container")
struct StyleComparisonTests {
    @Test("one intent stream under the classic split and the manual container: the documented differences")
    func classicVersusManual() throws {
        let dir = TemporaryDirectory()
        let classicPath = dir.path("classic.navtape"), manualPath = dir.path("manual.navtape")
        let plus = Device.iPhonePlus
        let setup = SessionSetup(
            device: .iPhonePlus, orientation: .landscape, policy: .noDelegate,
            primary: "MN[M]", secondary: "DN[D]")
        let recorder = try Recorder(creating: classicPath, setup: setup, sessionID: "classic", startTime: 0)
        try recorder.send(.launch(plus.traits(.landscape)), at: 1_000)
        let paste = recorder.state.nextAppControllerID
        try recorder.send(.instantiate(.content("Paste")), at: 2_000)
        try recorder.send(.showDetail(paste, sender: ControllerID(app: 1)), at: 3_000)
        try recorder.send(.changeTraits(plus.traits(.portrait)), at: 4_000)
        try recorder.send(.changeTraits(plus.traits(.landscape)), at: 5_000)
        try recorder.close()
        let classic = try TimeMachine(path: classicPath)
        _ = try WhatIf.replay(classic, as: .manual, into: manualPath, sessionID: "manual")
        let manual = try TimeMachine(path: manualPath)
        #expect(manual.sessionDescription.style == .manual)

        func kinds(_ machine: TimeMachine) throws -> [EventKind] { try machine.events(from: 0, to: machine.eventCount).map(\.event.kind) }
        // Rotation on a Plus phone collapses and separates UIKit's split, never the manual container.
        #expect(try kinds(classic).filter { $0 == .collapsed || $0 == .separated } == [.collapsed, .separated])
        #expect(try !kinds(manual).contains(.collapsed))
        #expect(try !kinds(manual).contains(.separated))
        // Landscape Plus: UIKit shows two columns and pushes the plain detail into the secondary
        // stack; the phone-idiom container keeps one stack and pushes onto it.
        let classicEnd = try classic.last(), manualEnd = try manual.last()
        #expect(classicEnd.hierarchyDescription == "MN[M] | DN[D, Paste]")
        #expect(manualEnd.hierarchyDescription == "MN[M, Paste]")
        #expect(manualEnd.visibleContent.map(manualEnd.name) == ["Paste"])
        // The same commands went in: every recorded intent was re-decided.
        #expect(
            try classic.events(from: 0, to: classic.eventCount).filter(\.startsCommit).count
                == manual.events(from: 0, to: manual.eventCount).filter(\.startsCommit).count)
    }
}
