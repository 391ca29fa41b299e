// Prints the summary of one benchmark run: each of our figures, its baseline from the same run,
// the ratio, the target and whether it is met — from the influx CSV export of the run's baseline
// (`swift package benchmark baseline read NAME --format influx`). Values there are raw: wall clock
// in nanoseconds, memory in bytes, counts as counted.
//
//   ratios RESULTS.influx.csv…
import Foundation

struct Key: Hashable { var test: String; var metric: String }
nonisolated(unsafe) var values: [Key: [Double: Double]] = [:]  // percentile -> value

for path in CommandLine.arguments.dropFirst() {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        FileHandle.standardError.write(Data("ratios: cannot read \(path)\n".utf8))
        exit(1)
    }
    for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("measurement,") {
        let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard f.count >= 11, let percentile = Double(f[9]), let value = Double(f[10]) else { continue }
        values[Key(test: f[8], metric: f[6]), default: [:]][percentile] = value
    }
}
guard !values.isEmpty else {
    print("ratios: no results")
    exit(1)
}

func value(_ test: String, _ metric: String, _ percentile: Double = 50) -> Double? {
    values[Key(test: test, metric: metric)]?[percentile]
}
/// Median nanoseconds per event of a timed benchmark.
func nsPerEvent(_ test: String) -> Double? {
    guard let ns = value(test, "Time(wallclock)"), let events = value(test, "events"), events > 0 else { return nil }
    return ns / events
}
func rate(_ test: String) -> Double? { nsPerEvent(test).map { 1e9 / $0 } }

func countLabel(_ v: Double?) -> String {
    guard let v else { return "?" }
    return v >= 1e6 ? String(format: "%.0f M", v / 1e6) : String(format: "%.0f k", v / 1e3)
}
func eventsPerSecond(_ r: Double?) -> String {
    guard let r else { return "n/a" }
    if r >= 1e6 { return String(format: "%.1f M/s", r / 1e6) }
    if r >= 1e3 { return String(format: "%.1f k/s", r / 1e3) }
    return String(format: "%.0f /s", r)
}
func fixed(_ v: Double?, _ digits: Int = 2, _ suffix: String = "") -> String {
    v.map { String(format: "%.\(digits)f", $0) + suffix } ?? "n/a"
}
func ratio(_ v: Double?) -> String { v.map { $0 >= 10 ? String(format: "%.0f×", $0) : String(format: "%.2f×", $0) } ?? "n/a" }
func met(_ ok: Bool?) -> String { ok.map { $0 ? "met" : "**missed**" } ?? "n/a" }
func divide(_ a: Double?, _ b: Double?) -> Double? {
    guard let a, let b, b != 0 else { return nil }
    return a / b
}

// MARK: medians

let timed = values.keys.filter { $0.metric == "Time(wallclock)" }.map(\.test)
    .filter { value($0, "events") != nil && !$0.hasPrefix("seek ") }
    .sorted()
print("## Medians (one run, release)\n")
print("| benchmark | events / iteration | median wall clock | ns / event | events / s |")
print("| --- | ---: | ---: | ---: | ---: |")
for test in timed {
    let ns = value(test, "Time(wallclock)")!
    let wall = ns >= 1e6 ? String(format: "%.2f ms", ns / 1e6) : String(format: "%.1f µs", ns / 1e3)
    print("| \(test) | \(Int(value(test, "events") ?? 0)) | \(wall) | \(fixed(nsPerEvent(test), 1)) | \(eventsPerSecond(rate(test))) |")
}

// MARK: targets

let replay = "replay TimeMachine.fold"
let evolve = rate("evolve")
let cFold = rate("C fold (baseline)")
let replayRate = rate(replay)
let sqliteRead = rate("SQLite read and fold (baseline)")
let sqliteScan = rate("SQLite scan alone (baseline)")
let jsonRead = rate("JSON lines read and fold (baseline)")
let lz4 = rate("raw LZ4_decompress_safe (baseline)")
let durable = rate("append durable group commit 4096")
let sqliteInsert = rate("SQLite insert one transaction (baseline)")
let bytesPerEvent = value("size", "logbytespereventx1000").map { $0 / 1000 }
let seekP50 = value("seek random state(at:)", "Time(wallclock)", 50).map { $0 / 1000 }
let seekP99 = value("seek random state(at:)", "Time(wallclock)", 99).map { $0 / 1000 }
let peak = value("replay long log peak memory", "Memory(residentpeak)", 100).map { $0 / 1_048_576 }
let peakDelta = value("replay long log peak memory", "MemoryΔ(residentpeak)", 100).map { $0 / 1_048_576 }
let seekEvents = value("seek random state(at:)", "events")

print("\n## Targets (issue 32's, issue 13's where 32 sets none; 2-core VM; medians; ratios against baselines measured in the same run)\n")
print("| figure | ours | baseline | ratio | target | |")
print("| --- | ---: | ---: | ---: | --- | --- |")
func row(_ figure: String, _ ours: String, _ baseline: String, _ r: String, _ target: String, _ ok: Bool?) {
    print("| \(figure) | \(ours) | \(baseline) | \(r) | \(target) | \(met(ok)) |")
}
row("evolve over pre-decoded events", eventsPerSecond(evolve), "—", "—", "—", nil)
row(
    "evolve vs the C fold", eventsPerSecond(evolve), eventsPerSecond(cFold), ratio(divide(evolve, cFold)), "≥ 0.9× C", divide(evolve, cFold).map { $0 >= 0.9 }
)
row("decode alone", eventsPerSecond(rate("decode")), "—", "—", "—", nil)
row(
    "decodeAndEvolve (fused) vs the C fold", eventsPerSecond(rate("decodeAndEvolve")), eventsPerSecond(cFold), ratio(divide(rate("decodeAndEvolve"), cFold)),
    "≥ 0.7× C", divide(rate("decodeAndEvolve"), cFold).map { $0 >= 0.7 })
row(
    "full replay from file vs the C fold", eventsPerSecond(replayRate), eventsPerSecond(cFold), ratio(divide(replayRate, cFold)), "≥ 0.5× C",
    divide(replayRate, cFold).map { $0 >= 0.5 })
row(
    "replay vs SQLite read and fold", eventsPerSecond(replayRate), eventsPerSecond(sqliteRead), ratio(divide(replayRate, sqliteRead)), "≥ 5×",
    divide(replayRate, sqliteRead).map { $0 >= 5 })
row(
    "replay vs SQLite scan alone (rows read, no fold)", eventsPerSecond(replayRate), eventsPerSecond(sqliteScan), ratio(divide(replayRate, sqliteScan)),
    "≥ 2.5×", divide(replayRate, sqliteScan).map { $0 >= 2.5 })
row(
    "replay vs JSON lines read and fold", eventsPerSecond(replayRate), eventsPerSecond(jsonRead), ratio(divide(replayRate, jsonRead)), "≥ 500×",
    divide(replayRate, jsonRead).map { $0 >= 500 })
row(
    "replay vs raw LZ4_decompress_safe (ceiling)", eventsPerSecond(replayRate), eventsPerSecond(lz4), ratio(divide(replayRate, lz4)), "within 8× (≥ 0.125×)",
    divide(replayRate, lz4).map { $0 >= 0.125 })
row(
    "bytes per event on disk, \(countLabel(value("size", "events")))-event session (timestamps, checkpoints included)", fixed(bytesPerEvent, 3), "—", "—",
    "≤ 4.0", bytesPerEvent.map { $0 <= 4 })
let longEvents = value("size", "longlogevents")
row(
    "  of which checkpoints (the whole state every 4,096 events)", fixed(value("size", "checkpointbytespereventx1000").map { $0 / 1000 }, 3), "—", "—", "—", nil
)
row(
    "bytes per event on disk, \(countLabel(longEvents))-event log", fixed(value("size", "longlogbytespereventx1000").map { $0 / 1000 }, 3), "—", "—", "—",
    nil)
row("  of which checkpoints", fixed(value("size", "longlogcheckpointbytespereventx1000").map { $0 / 1000 }, 3), "—", "—", "—", nil)
row("  LZ4 ratio of records blocks", fixed(value("size", "LZ4ratiox1000").map { $0 / 1000 }), "—", "—", "—", nil)
row(
    "  vs JSON lines bytes per event", fixed(bytesPerEvent, 3), fixed(value("size", "JSONlinesbytespereventx1000").map { $0 / 1000 }, 1),
    ratio(divide(value("size", "JSONlinesbytespereventx1000"), value("size", "logbytespereventx1000"))) + " smaller", "—", nil)
row(
    "  vs SQLite bytes per event", fixed(bytesPerEvent, 3), fixed(value("size", "SQLitebytespereventx1000").map { $0 / 1000 }, 1),
    ratio(divide(value("size", "SQLitebytespereventx1000"), value("size", "logbytespereventx1000"))) + " smaller", "—", nil)
for batch in [256, 4_096, 65_536] {
    let r = rate("append durable group commit \(batch)")
    row(
        "durable append, group commit every \(batch)", eventsPerSecond(r), "—", "—", batch == 4_096 ? "≥ 10 M events/s" : "—",
        batch == 4_096 ? r.map { $0 >= 10e6 } : nil)
}
row(
    "  one 1 KiB append + fdatasync on this disk (p50)", fixed(value("fdatasync 1 KiB append (disk)", "Time(wallclock)").map { $0 / 1000 }, 0, " µs"), "—", "—",
    "—", nil)
row(
    "durable append (4096) vs SQLite inserts in one transaction", eventsPerSecond(durable), eventsPerSecond(sqliteInsert), ratio(divide(durable, sqliteInsert)),
    "≥ 8×", divide(durable, sqliteInsert).map { $0 >= 8 })
row("buffered append (no sync)", eventsPerSecond(rate("append buffered")), "—", "—", "—", nil)
row("seek p50, random state(at:) in a \(countLabel(seekEvents))-event log", fixed(seekP50, 1, " µs"), "—", "—", "≤ 50 µs", seekP50.map { $0 <= 50 })
row("seek p99", fixed(seekP99, 1, " µs"), "—", "—", "≤ 150 µs", seekP99.map { $0 <= 150 })
row("peak resident memory, replaying that log (process)", fixed(peak, 1, " MiB"), "—", "—", "≤ 32 MiB", peak.map { $0 <= 32 })
row("  growth during the replay", fixed(peakDelta, 1, " MiB"), "—", "—", "—", nil)

print("\n## Allocations (gated by scripts/bench-check; one steady-state window per iteration)\n")
print("| benchmark | mallocs p50 | p90 | max | events per window | target |")
print("| --- | ---: | ---: | ---: | ---: | --- |")
let n = value("evolve", "events") ?? value("size", "events")
let window = n.map { Int(($0 - ($0 / 2).rounded(.down)) / 11) }
/// Issue 32's target for a malloc benchmark: none per window on the three decode and fold paths.
func zeroTarget(_ test: String) -> String {
    guard ["evolve_mallocs", "decode_mallocs", "decodeAndEvolve_mallocs"].contains(test) else { return "—" }
    return "0: " + met(value(test, "Malloc(total)", 100).map { $0 == 0 })
}
for test in values.keys.filter({ $0.metric == "Malloc(total)" }).map(\.test).sorted() {
    let perWindow = ["evolve_mallocs", "decode_mallocs", "decodeAndEvolve_mallocs", "append_mallocs"].contains(test)
    print(
        "| \(test) | \(fixed(value(test, "Malloc(total)", 50), 0)) | \(fixed(value(test, "Malloc(total)", 90), 0)) | \(fixed(value(test, "Malloc(total)", 100), 0)) | \(perWindow ? window.map(String.init) ?? "?" : (test == "seek_mallocs" ? "one seek" : "whole log")) | \(zeroTarget(test)) |"
    )
}
