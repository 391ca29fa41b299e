import Foundation
import NavigationCore
@testable import NavTape

/// A fresh temporary directory, removed when the test ends.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("navtape-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Records a generated session of at least `events` events; returns every event with its time.
@discardableResult
func recordGenerated(events: Int, seed: UInt64, device: Device = .iPhonePlus, policy: SplitPolicy = .calendarPaste(),
                     to path: String, checkpointInterval: Int = 4_096) throws -> (events: [RecordedEvent], final: NavigationState) {
    var generator = SessionGenerator(seed: seed, device: device, policy: policy)
    let recorder = try Recorder(creating: path, setup: generator.setup, sessionID: "test-\(seed)",
                                startTime: 1_700_000_000_000, options: RecorderOptions(checkpointInterval: checkpointInterval))
    var produced: [NavigationEvent] = []
    while recorder.eventCount < UInt64(events) {
        let (time, command) = generator.next(in: recorder.state)
        produced += try recorder.send(command, at: time)
    }
    let final = recorder.state
    try recorder.close()
    let machine = try TimeMachine(path: path)
    let decoded = try machine.events(from: 0, to: machine.eventCount)
    // Through codec and file: every decoded event is the one recorded (after the setup's events).
    guard Array(decoded.suffix(produced.count).map(\.event)) == produced else {
        throw NavTapeError(.dataError, path: path, "decoded events differ from the recorded ones")
    }
    return (decoded, final)
}
