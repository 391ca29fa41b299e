// Generates (or finds) every cached input of a benchmark run, so that no benchmark process pays for
// generation and the peak-memory figure is the replay's alone.
//   prepare [--seek]     (--seek: also the long seek log)
import BenchSupport
import Foundation

let withSeek = CommandLine.arguments.contains("--seek")
let started = Date()
let session = try SessionData.load()
print("session: \(session.count) events, \(session.path)")
let json = try JSONMirror.linesFile(of: session, count: BenchConfig.jsonEventCount)
print("JSON lines: \(BenchConfig.jsonEventCount) events, \(json)")
print("SQLite: \(try SQLiteStore.cachedDatabase(of: session))")
if withSeek {
    print("seek log: \(try SessionLog.path(count: BenchConfig.seekEventCount))")
}
print(String(format: "prepared in %.1f s", Date().timeIntervalSince(started)))
