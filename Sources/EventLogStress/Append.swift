import EventLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends the stress stream from wherever the log ends, until killed.
///
/// Correct mode: group commit (every 256 records or 20 ms), and an index is printed only once
/// `acknowledgedCount` covers it, i.e. after the sync that made it durable returned.
/// `--ack-before-sync` (deliberately broken): no automatic syncs, a sync only every 50 000 records,
/// and every index printed as soon as `append` returns — so the records still buffered in memory
/// when the child is killed were "acknowledged" and are lost, which the verifier must catch.
func runAppend(path: String, ackBeforeSync: Bool) -> Never {
    var options = LogOptions()
    options.blockTargetBytes = 8 * 1024
    if ackBeforeSync {
        options.syncEveryRecords = .max
        options.syncEveryBytes = .max
        options.syncInterval = nil
    } else {
        options.syncEveryRecords = 256
        options.syncInterval = .milliseconds(20)
    }
    let writer: EventLogWriter
    do {
        if access(path, F_OK) == 0 {
            writer = try EventLogWriter.openForAppend(at: path, options: options).writer
        } else {
            let header = LogHeader(sessionID: StressRecords.sessionID, device: "stress", startTimeMilliseconds: 1_700_000_000_000)
            writer = try EventLogWriter.create(at: path, header: header, options: options)
        }
    } catch {
        fail("cannot open \(path): \(error)")
    }
    var printed = writer.acknowledgedCount
    var buffer: [UInt8] = []
    var index = writer.recordCount
    do {
        while true {
            if index > 0, index % StressRecords.checkpointEvery == 0 {
                try writer.appendCheckpoint(StressRecords.checkpoint(index))
            }
            StressRecords.record(index, into: &buffer)
            try writer.append(timestamp: StressRecords.timestamp(index), record: buffer)
            index += 1
            if ackBeforeSync {
                emit(String(index - 1))
                if index % 50_000 == 0 { try writer.sync() }
            } else {
                while printed < writer.acknowledgedCount {
                    emit(String(printed))
                    printed += 1
                }
            }
            // A realistic pace: bursts of 16 records, then a pause.
            if index % 16 == 0 { usleep(500) }
        }
    } catch {
        fail("append failed at record \(index): \(error)")
    }
}
