import EventLog
import NavTape
import NavTapeApps
import NavTapeTestSupport
import NavigationCodec
import NavigationCore

/// `profile decoders LOG [MUTATE_EVERY]`: the replay loop's decoding against the reference decoder on
/// every record of a log (issue 13, point 1), in a release build.
///
/// For every record: `EventCodec.decode` then `evolve` (the reference) and `decodeAndEvolve` (the
/// fused step, which checks `rejected`/`ignored` records without building their commands) must give
/// the same commit bit, and the two states are compared every 65,536 records and at the end. Every
/// `MUTATE_EVERY`-th record (16 by default) is also damaged one way (a byte changed, cut, or one
/// added) and both must then give the same error, or the same state. Finally `TimeMachine.fold`
/// (record batches, the fused step) over the whole log, and `state(at:)` (checkpoint plus fold) at
/// 200 points, must equal the reference's states. Prints a summary; returns whether all agreed.
func checkDecoders(path: String, mutateEvery: UInt64) throws -> Bool {
    let machine = try TimeMachine(path: path)
    let reader = try EventLogReader(path: path)
    var reference = machine.initialState
    var fused = machine.initialState
    var random = SplitMix64(seed: 0xD3C0DE)
    let count = machine.eventCount
    var targets = (0..<200).map { _ in random.next() % (count + 1) }.sorted()
    targets.append(count)
    var expectedAtTargets: [(UInt64, NavigationState)] = []
    var nextTarget = 0
    var problems: [String] = []
    var mutants = (total: 0, refused: 0)
    var scratch: [UInt8] = []
    var reusing = EventDecoder()

    func outcome(_ bytes: [UInt8], from state: NavigationState, fusedStep: Bool) -> (Result<Bool, CodecError>, NavigationState) {
        var state = state
        let result: Result<Bool, CodecError> = bytes.withUnsafeBytes { buffer in
            do throws(CodecError) {
                if fusedStep { return .success(try EventCodec.decodeAndEvolve(buffer, into: &state)) }
                let decoded = try EventCodec.decode(buffer)
                state.evolve(decoded.event)
                return .success(decoded.startsCommit)
            } catch { return .failure(error) }
        }
        return (result, state)
    }

    let clock = ContinuousClock()
    let started = clock.now
    try reader.forEachRecord { index, _, bytes in
        while nextTarget < targets.count, targets[nextTarget] == index {
            expectedAtTargets.append((index, reference))
            nextTarget += 1
        }
        if index % mutateEvery == 0 {
            scratch = Array(bytes)
            switch random.next() % 4 {
            case 0: scratch.removeLast(Int(1 + random.next() % UInt64(scratch.count)))
            case 1: scratch.append(UInt8(truncatingIfNeeded: random.next()))
            default:
                let position = Int(random.next() % UInt64(scratch.count))
                scratch[position] = scratch[position] == 0 ? 1 : (random.next() % 2 == 0 ? 0 : UInt8(truncatingIfNeeded: random.next()))
            }
            // Both from the state before this record.
            let (expected, expectedState) = outcome(scratch, from: reference, fusedStep: false)
            let (actual, actualState) = outcome(scratch, from: reference, fusedStep: true)
            mutants.total += 1
            if case .failure = expected { mutants.refused += 1 }
            if actual != expected || (actualState != expectedState && StateCodec.encode(actualState) != StateCodec.encode(expectedState)) {
                problems.append("record \(index) damaged to \(scratch): fused \(actual), reference \(expected)")
            }
        }
        let decoded = try EventCodec.decode(bytes)
        if try reusing.decode(bytes) != decoded { problems.append("record \(index): the reusing decoder differs") }
        reference.evolve(decoded.event)
        do throws(CodecError) {
            let startsCommit = try EventCodec.decodeAndEvolve(bytes, into: &fused)
            if startsCommit != decoded.startsCommit { problems.append("record \(index): commit bit differs") }
        } catch {
            problems.append("record \(index): the fused step refused it: \(error)")
        }
        if index % 65_536 == 65_535, fused != reference { problems.append("state after record \(index) differs") }
        return problems.count < 20
    }
    while nextTarget < targets.count, targets[nextTarget] == count {
        expectedAtTargets.append((count, reference))
        nextTarget += 1
    }
    let walked = clock.now - started
    if fused != reference { problems.append("final states differ") }

    var batched = machine.initialState
    try machine.fold(from: 0, to: count, into: &batched)
    if batched != reference { problems.append("TimeMachine.fold over the whole log differs") }
    for (index, expected) in expectedAtTargets where try machine.state(at: index) != expected {
        problems.append("state(at: \(index)) differs")
    }
    print("decoders: \(count) records of \(path) (\(walked) for the walk)")
    print("  fused step vs reference: \(count) records, commit bits and states every 65,536 and at the end")
    print("  damaged copies: \(mutants.total) (\(mutants.refused) refused by the reference), same error or state from both")
    print("  TimeMachine.fold (batches) over the whole log and state(at:) at \(expectedAtTargets.count) points vs the reference")
    print(problems.isEmpty ? "  all agree" : "  \(problems.count) disagreements:\n    " + problems.joined(separator: "\n    "))
    return problems.isEmpty
}
