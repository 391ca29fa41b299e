// Runs one hot loop once on the cached session, for instruction counts under callgrind (the VM has
// no perf counters, so package-benchmark's `instructions` metric is empty here). Benchmarks/
// instructions.sh runs it and reads the inclusive Ir of the function `measured<Loop>` (not
// --toggle-collect: the loops' closures match the same name and would toggle collection off).
// Loops: evolve | evolveContentsOf | evolveBorrowed | decode | decodeAndEvolve | cfold | replay | seek
// (with --time: best-of-9 wall clock instead, cfold included; also append | appendDurable, a group commit every 4,096);
// diagnostics: seekparts | columns | stats | hash | layout (the event's and the record's sizes against the C fold's);
// `decoders LOG [MUTATE_EVERY]`: the replay loop's decoder against the reference on every record of LOG (DecoderEquality.swift)
import BenchSupport
import CBaselines
import EventLog
import Foundation
import NavTape
import NavigationCodec
import NavigationCore

@inline(never) func measuredEvolve(_ session: SessionData) -> NavigationState {
    var state = session.initialState
    for event in session.events { state.evolve(event) }
    return state
}

/// The same fold, iterating through a buffer pointer so that no event is copied out of the array.
@inline(never) func measuredEvolveBorrowed(_ session: SessionData) -> NavigationState {
    var state = session.initialState
    session.events.withUnsafeBufferPointer { events in
        for i in events.indices { state.evolve(events[i]) }
    }
    return state
}

/// The library's own loop: `evolve(contentsOf:)`.
@inline(never) func measuredEvolveContentsOf(_ session: SessionData) -> NavigationState {
    var state = session.initialState
    state.evolve(contentsOf: session.events)
    return state
}

@inline(never) func measuredDecode(_ session: SessionData) throws -> Int {
    var commits = 0
    var decoder = EventDecoder()
    try session.forEachRecord(in: 0..<session.count) { record in
        if try decoder.decode(record).startsCommit { commits += 1 }
    }
    return commits
}

@inline(never) func measuredDecodeAndEvolve(_ session: SessionData) throws -> NavigationState {
    var state = session.initialState
    try session.forEachRecord(in: 0..<session.count) { _ = try EventCodec.decodeAndEvolve($0, into: &state) }
    return state
}

@inline(never) func measuredCFold(_ flat: FlatEvents, _ state: inout nt_state) {
    flat.fold(into: &state)
}

@inline(never) func measuredReplay(_ path: String) throws -> NavigationState {
    let machine = try TimeMachine(path: path)
    var state = machine.initialState
    try machine.fold(from: 0, to: machine.eventCount, into: &state)
    return state
}

/// The replay through `forEachRecord` (a call and a timestamp per record) instead of
/// `TimeMachine.fold`'s record batches: what the batches save.
@inline(never) func measuredReplayRecords(_ path: String) throws -> NavigationState {
    let machine = try TimeMachine(path: path)
    let reader = try EventLogReader(path: path)
    var state = machine.initialState
    try reader.forEachRecord { _, _, record in
        _ = try EventCodec.decodeAndEvolve(record, into: &state)
        return true
    }
    return state
}

/// Appends the session's records to a new log in `directory`, a group commit every `batch` records
/// (`nil`: only the final sync), and closes it.
@inline(never) func measuredAppend(_ session: SessionData, batch: Int?, in directory: String) throws -> UInt64 {
    let path = directory + "/append.navtape"
    unlink(path)
    unlink(path + ".idx")
    var options = LogOptions()
    options.syncEveryRecords = batch ?? .max
    options.syncEveryBytes = .max
    options.syncInterval = nil
    let writer = try EventLogWriter.create(
        at: path, header: LogHeader(sessionID: "profile", device: "profile", startTimeMilliseconds: 0), options: options)
    var i = 0
    try session.forEachRecord(in: 0..<session.count) { record in
        try writer.append(timestamp: session.times[i], record: record)
        i += 1
    }
    let acknowledged = try writer.sync()
    try writer.close()
    return acknowledged
}

@inline(never) func measuredSeek(_ machine: TimeMachine, _ targets: [UInt64]) throws -> Int {
    var modes = 0
    for target in targets { modes &+= Int(try machine.state(at: target).displayMode.rawValue) }
    return modes
}

let loop = CommandLine.arguments.dropFirst().first ?? "evolve"
if loop == "decoders" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    guard let path = arguments.first else {
        print("usage: profile decoders LOG [MUTATE_EVERY]")
        exit(2)
    }
    exit(try checkDecoders(path: path, mutateEvery: arguments.dropFirst().first.flatMap { UInt64($0) } ?? 16) ? 0 : 1)
}
if loop == "layout" {
    // What one pre-decoded event costs the Evolve suite's loop in memory, against the C fold's.
    print("NavigationEvent: size \(MemoryLayout<NavigationEvent>.size), stride \(MemoryLayout<NavigationEvent>.stride)")
    print("NavigationCommand: size \(MemoryLayout<NavigationCommand>.size); ControllerRecord: stride \(MemoryLayout<ControllerRecord>.stride)")
    print("C fold event: stride \(MemoryLayout<nt_event>.stride)")
    exit(0)
}
let session = try SessionData.load()
let n = session.count
if CommandLine.arguments.contains("--time") {
    // Wall clock of the loop, best of 9 runs (outside callgrind; the suites are the recorded figures).
    let clock = ContinuousClock()
    var best = Duration.seconds(1_000)
    for _ in 0..<9 {
        let start = clock.now
        switch loop {
        case "evolve": _ = measuredEvolve(session)
        case "evolveContentsOf": _ = measuredEvolveContentsOf(session)
        case "decodeAndEvolve": _ = try measuredDecodeAndEvolve(session)
        case "decode": _ = try measuredDecode(session)
        case "cfold":
            let flat = FlatEvents(session.events)
            var state = FlatEvents.initialState(like: session.initialState)
            let foldStart = clock.now
            measuredCFold(flat, &state)
            best = min(best, clock.now - foldStart)
            nt_state_free(&state)
            continue
        case "replay": _ = try measuredReplay(session.path)
        case "replayRecords": _ = try measuredReplayRecords(session.path)
        case "append": _ = try measuredAppend(session, batch: nil, in: BenchConfig.scratchDirectory("profile-append"))
        case "appendDurable": _ = try measuredAppend(session, batch: 4_096, in: BenchConfig.scratchDirectory("profile-append"))
        default: break
        }
        best = min(best, clock.now - start)
    }
    let ns = Double(best.components.seconds) * 1e9 + Double(best.components.attoseconds) / 1e9
    print(String(format: "%@: %.1f ns/event (best of 9)", loop, ns / Double(n)))
    exit(0)
}
switch loop {
case "evolve":
    print(measuredEvolve(session).displayMode)
case "evolveContentsOf":
    print(measuredEvolveContentsOf(session).displayMode)
case "evolveBorrowed":
    print(measuredEvolveBorrowed(session).displayMode)
case "decode":
    print(try measuredDecode(session))
case "decodeAndEvolve":
    print(try measuredDecodeAndEvolve(session).displayMode)
case "cfold":
    let flat = FlatEvents(session.events)
    var state = FlatEvents.initialState(like: session.initialState)
    measuredCFold(flat, &state)
    print(state.display_mode)
case "replay":
    print(try measuredReplay(session.path).displayMode)
case "append":
    print(try measuredAppend(session, batch: nil, in: BenchConfig.scratchDirectory("profile-append")))
case "appendDurable":
    print(try measuredAppend(session, batch: 4_096, in: BenchConfig.scratchDirectory("profile-append")))
case "seek":
    let machine = try TimeMachine(path: session.path)
    var random = BenchRandom(seed: 42)
    let targets = (0..<100).map { _ in random.below(machine.eventCount + 1) }
    print(try measuredSeek(machine, targets))
    print("seeks: 100")
case "seekparts":
    // Where a seek's time goes, in the log of NAVTAPE_BENCH_SEEK_EVENTS events (default 10 M).
    let path = try SessionLog.path(count: BenchConfig.seekEventCount)
    let reader = try EventLogReader(path: path)
    let machine = try TimeMachine(path: path)
    var random = BenchRandom(seed: 42)
    let clock = ContinuousClock()
    var load = Duration.zero, decode = Duration.zero, fold = Duration.zero, payloadBytes = 0, controllers = 0
    let seeks = 200
    for _ in 0..<seeks {
        let target = random.below(reader.recordCount + 1)
        var t = clock.now
        guard let checkpoint = try reader.checkpoint(atOrBefore: target) else { continue }
        load += clock.now - t
        t = clock.now
        var state = try StateCodec.decode(Array(checkpoint.payload[9...]))
        decode += clock.now - t
        t = clock.now
        try machine.fold(from: checkpoint.recordIndex, to: target, into: &state)
        fold += clock.now - t
        payloadBytes += checkpoint.payload.count
        controllers += state.appControllerCount + state.mintedControllerCount
    }
    print("per seek: checkpoint read \(load / seeks), state decode \(decode / seeks), fold \(fold / seeks)")
    print("mean checkpoint \(payloadBytes / seeks) bytes, \(controllers / seeks) controllers")
    print("final state: \(try machine.state(at: machine.eventCount).mintedControllerCount) minted controllers")
case "hash":
    // The final state's hash, to compare builds (a scratch copy with a changed evolve).
    print(String(StateCodec.hash(measuredEvolve(session)), radix: 16))
case "columns":
    // Where a records block's bytes go: the timestamp column, the length column and the records,
    // raw and each compressed alone with LZ4 (blocks as written in the session's log).
    let blocks = try LogBlocks(path: session.path)
    var raw = [0, 0, 0], packed = [0, 0, 0], stored = 0
    var scratch = [UInt8](repeating: 0, count: 8 << 20)
    var out = [UInt8](repeating: 0, count: 8 << 20)
    func lz4(_ bytes: ArraySlice<UInt8>) -> Int {
        let input = Array(bytes)
        return input.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                Int(
                    nt_lz4_compress_default(
                        UnsafeRawPointer(i.baseAddress!).assumingMemoryBound(to: CChar.self),
                        UnsafeMutableRawPointer(o.baseAddress!).assumingMemoryBound(to: CChar.self),
                        Int32(input.count), Int32(o.count)))
            }
        }
    }
    var payloads: [(payload: [UInt8], afterCheckpoint: Bool)] = []
    var checkpointSeen = true
    for block in blocks.blocks {
        guard block.kind == 0x52 else {
            checkpointSeen = true
            continue
        }
        stored += block.storedLength
        let payload: ArraySlice<UInt8>
        if block.isStored {
            payload = blocks.bytes[block.payloadOffset..<(block.payloadOffset + block.rawLength)]
        } else {
            let n = blocks.bytes.withUnsafeBufferPointer { file in
                scratch.withUnsafeMutableBufferPointer { o in
                    nt_lz4_decompress_safe(
                        UnsafeRawPointer(file.baseAddress! + block.payloadOffset).assumingMemoryBound(to: CChar.self),
                        UnsafeMutableRawPointer(o.baseAddress!).assumingMemoryBound(to: CChar.self),
                        Int32(block.storedLength), Int32(block.rawLength))
                }
            }
            payload = scratch[0..<Int(n)]
        }
        let p = Array(payload)
        let t = Int(p[0]) | Int(p[1]) << 8 | Int(p[2]) << 16 | Int(p[3]) << 24
        let l = Int(p[4]) | Int(p[5]) << 8 | Int(p[6]) << 16 | Int(p[7]) << 24
        payloads.append((p, checkpointSeen))
        checkpointSeen = false
        let parts = [p[8..<(8 + t)], p[(8 + t)..<(8 + t + l)], p[(8 + t + l)...]]
        for k in 0..<3 {
            raw[k] += parts[k].count
            packed[k] += parts[k].isEmpty ? 0 : lz4(parts[k])
        }
    }
    if let dump = ProcessInfo.processInfo.environment["NAVTAPE_COLUMNS_DUMP"] {
        // The three columns of the whole session, concatenated, for trying other compressors.
        var columns: [[UInt8]] = [[], [], []]
        for block in blocks.recordBlocks where !block.isStored {
            let n = blocks.bytes.withUnsafeBufferPointer { file in
                scratch.withUnsafeMutableBufferPointer { o in
                    nt_lz4_decompress_safe(
                        UnsafeRawPointer(file.baseAddress! + block.payloadOffset).assumingMemoryBound(to: CChar.self),
                        UnsafeMutableRawPointer(o.baseAddress!).assumingMemoryBound(to: CChar.self),
                        Int32(block.storedLength), Int32(block.rawLength))
                }
            }
            let p = Array(scratch[0..<Int(n)])
            let t = Int(p[0]) | Int(p[1]) << 8 | Int(p[2]) << 16 | Int(p[3]) << 24
            let l = Int(p[4]) | Int(p[5]) << 8 | Int(p[6]) << 16 | Int(p[7]) << 24
            columns[0] += p[8..<(8 + t)]
            columns[1] += p[(8 + t)..<(8 + t + l)]
            columns[2] += p[(8 + t + l)...]
        }
        for (k, name) in ["timestamps", "lengths", "records"].enumerated() {
            FileManager.default.createFile(atPath: "\(dump).\(name)", contents: Data(columns[k]))
        }
    }
    let names = ["timestamp column", "length column", "records"]
    for k in 0..<3 {
        print(String(format: "%@: %.3f bytes/event raw, %.3f LZ4 alone", names[k], Double(raw[k]) / Double(n), Double(packed[k]) / Double(n)))
    }
    print(String(format: "records blocks as stored: %.3f bytes/event payload (%d blocks)", Double(stored) / Double(n), blocks.recordBlocks.count))
    // Issue 13, point 2: what linked blocks (the chain's earlier blocks, up to 64 KiB, as the
    // dictionary) and LZ4 HC would store for the same payloads, and what they cost to compress and
    // to decompress (each block round-tripped and checked).
    func trial(level: Int32, restart: (Int) -> Bool) -> (bytes: Int, compress: Double, decompress: Double) {
        var bytes = 0, compressNanos: UInt64 = 0, decompressNanos: UInt64 = 0
        var chain: [UInt8] = []
        var back = [UInt8](repeating: 0, count: 8 << 20)
        for (i, block) in payloads.enumerated() {
            if restart(i) { chain.removeAll(keepingCapacity: true) }
            let dictionary = Array(chain.suffix(65536))
            let input = block.payload
            let start = DispatchTime.now().uptimeNanoseconds
            let size = dictionary.withUnsafeBufferPointer { d in
                input.withUnsafeBufferPointer { i in
                    out.withUnsafeMutableBufferPointer { o in
                        Int(
                            nt_lz4_compress_with(
                                UnsafeRawPointer(d.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(d.count), level,
                                UnsafeRawPointer(i.baseAddress!).assumingMemoryBound(to: CChar.self),
                                UnsafeMutableRawPointer(o.baseAddress!).assumingMemoryBound(to: CChar.self),
                                Int32(i.count), Int32(o.count)))
                    }
                }
            }
            let middle = DispatchTime.now().uptimeNanoseconds
            let decoded = dictionary.withUnsafeBufferPointer { d in
                out.withUnsafeBufferPointer { o in
                    back.withUnsafeMutableBufferPointer { b in
                        Int(
                            nt_lz4_decompress_with(
                                UnsafeRawPointer(d.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(d.count),
                                UnsafeRawPointer(o.baseAddress!).assumingMemoryBound(to: CChar.self),
                                UnsafeMutableRawPointer(b.baseAddress!).assumingMemoryBound(to: CChar.self),
                                Int32(size), Int32(b.count)))
                    }
                }
            }
            decompressNanos += DispatchTime.now().uptimeNanoseconds - middle
            compressNanos += middle - start
            precondition(size > 0 && decoded == input.count && back[0..<decoded].elementsEqual(input), "LZ4 round trip failed")
            bytes += size
            chain += input
        }
        return (bytes, Double(compressNanos) / Double(n), Double(decompressNanos) / Double(n))
    }
    print("records payloads recompressed (bytes/event; ns/event to compress, to decompress):")
    for (label, level) in [("LZ4 fast", Int32(0)), ("LZ4 HC 9", 9), ("LZ4 HC 12", 12)] {
        for (chaining, restart) in [
            ("independent blocks", { (_: Int) in true }),
            ("linked, restarted at each checkpoint", { payloads[$0].afterCheckpoint }),
            ("linked, restarted every 16 blocks", { $0 % 16 == 0 }),
        ] as [(String, (Int) -> Bool)] {
            let result = trial(level: level, restart: restart)
            print(String(format: "  %@, %@: %.3f; %.1f, %.1f", label, chaining, Double(result.bytes) / Double(n), result.compress, result.decompress))
        }
    }
case "stats":
    var counts: [String: Int] = [:]
    for event in session.events { counts["\(event.kind)", default: 0] += 1 }
    for (kind, count) in counts.sorted(by: { $0.value > $1.value }) {
        print(kind, count, String(format: "%.1f%%", 100 * Double(count) / Double(n)))
    }
    print("bytes per record:", Double(session.recordBytes.count) / Double(n))
default:
    print("unknown loop \(loop)")
    exit(2)
}
print("events: \(n)")
