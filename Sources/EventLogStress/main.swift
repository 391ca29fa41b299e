// EventLogStress: the child process of scripts/crash-loop.sh, and a small read benchmark.
//
//   EventLogStress append PATH [--ack-before-sync]   append StressRecords forever, printing each
//                                                     acknowledged index on its own line (stdout)
//   EventLogStress verify PATH ACKFILE               recover PATH, check it is an exact prefix of the
//                                                     stream holding every index listed in ACKFILE
//   EventLogStress bench PATH COUNT                  write COUNT records, time a full read
//                                                     (COUNT 0: only time a read of PATH)
import EventLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func fail(_ message: String) -> Never {
    var line = "EventLogStress: \(message)\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    exit(1)
}

/// Writes a line to stdout with one `write(2)`, so a SIGKILL never leaves half a line.
func emit(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first, arguments.count >= 2 else {
    fail("usage: EventLogStress append PATH [--ack-before-sync] | verify PATH ACKFILE | bench PATH COUNT")
}
let path = arguments[1]

switch command {
case "append":
    runAppend(path: path, ackBeforeSync: arguments.contains("--ack-before-sync"))
case "verify":
    guard arguments.count == 3 else { fail("usage: EventLogStress verify PATH ACKFILE") }
    runVerify(path: path, ackFile: arguments[2])
case "bench":
    guard arguments.count == 3, let count = UInt64(arguments[2]) else { fail("usage: EventLogStress bench PATH COUNT") }
    runBench(path: path, count: count)
default:
    fail("unknown command \(command)")
}
