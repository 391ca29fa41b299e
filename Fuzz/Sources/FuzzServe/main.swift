// An HTTP request target (the path and query a browser, or a hostile client, sends) → the routes of
// `navtape serve` (NavTapeServer's public API), called as the server calls them, over a small library in a scratch directory
// (FUZZ_SCRATCH or /tmp): two generated sessions and a damaged log, with a log *outside* the library
// whose session ID is a canary. Findings (each a trap, so libFuzzer keeps the input):
//   - an answer other than 200, a 4xx with a message or 503 (a 500 is an error a route did not
//     expect);
//   - a JSON answer that does not parse, a page or answer holding the canary (a request reached a
//     file outside the library);
//   - a crash or a hang anywhere in the handlers. A streamed answer (the live route) is read for a
//     moment and then cancelled, as a browser closing the page does.
import Dispatch
import FuzzSupport
import Glibc
import NavTape
import NavTapeInterchange
import NavTapeServer
import NavTapeApps
import NavTapeTestSupport
import Synchronization

let scratch = getenv("FUZZ_SCRATCH").map { String(cString: $0) } ?? "/tmp"
let root = "\(scratch)/fuzz-serve-\(getpid())"
let canary = "canary-outside-the-library"

/// The library, small so that each request is quick: `lib/a.navtape` (iPhone, 1,200 events, a
/// checkpoint every 256), `lib/b.navtape` (iPad, 300 events, every 64), `lib/c.navtape` (a's first
/// 5,000 bytes: a torn tail); the canary log beside `lib/`.
func makeLibrary() -> String {
    let library = "\(root)/lib"
    mkdir(root, 0o755)
    mkdir(library, 0o755)
    do {
        try recordGenerated(events: 1_200, seed: 1, to: "\(library)/a.navtape", checkpointInterval: 256)
        try recordGenerated(events: 300, seed: 2, device: .iPad, to: "\(library)/b.navtape", checkpointInterval: 64)
        var generator = SessionGenerator(seed: 3)
        let outside = try Recorder(creating: "\(root)/outside.navtape", setup: generator.setup, sessionID: canary, startTime: 0)
        try outside.record(&generator, events: 200)
        try outside.close()
    } catch {
        fatalError("fuzz-serve: cannot make the library in \(root): \(error)")
    }
    if let bytes = readFile("\(library)/a.navtape") {
        _ = bytes.prefix(5_000).withUnsafeBytes { scratchFile($0, in: library, suffix: ".navtape") }
        rename("\(library)/fuzz-\(getpid()).navtape", "\(library)/c.navtape")
    }
    return library
}

var configuration = InspectorServer.Configuration()
configuration.maximumWork = 8
let server = InspectorServer(library: SessionLibrary(roots: [makeLibrary()]), configuration: configuration)

/// A response body, kept.
final class Sink: Sendable {
    let bytes = Mutex<[UInt8]>([])
}

/// What the routes answered: the status, the content type and the body.
struct Answer: Sendable {
    var status: Int
    var type: String
    var body: [UInt8]
}

/// Calls the routes with a GET of `target` and reads the answer (a streamed one for 50 ms).
func answer(_ target: String) -> Answer {
    let result = Mutex<Answer?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        defer { done.signal() }
        let response = await server.respond(to: InspectorServer.Request(target: target, host: "127.0.0.1"))
        let sink = Sink()
        switch response.body {
        case .bytes(let bytes): sink.bytes.withLock { $0 = bytes }
        case .stream(let body):
            await withTaskGroup(of: Void.self) { group in
                group.addTask { try? await body { text in sink.bytes.withLock { $0 += Array(text.utf8) } } }
                group.addTask { try? await Task.sleep(for: .milliseconds(50)) }
                _ = await group.next()
                group.cancelAll()
                await group.waitForAll()
            }
        }
        result.withLock { $0 = Answer(status: response.status, type: response.header("Content-Type") ?? "", body: sink.bytes.withLock { $0 }) }
    }
    done.wait()
    return result.withLock { $0 } ?? Answer(status: 0, type: "", body: [])
}

func check(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count < 4_096 else { return }
    let target = String(decoding: bytes, as: UTF8.self)
    let answer = answer(target)
    let (status, type, text) = (answer.status, answer.type, String(decoding: answer.body, as: UTF8.self))
    #if !FUZZING
    // Reproducing by hand: what the server answered.
    print("\(target): \(status) \(type): \(text.prefix(160).split(separator: "\n").first ?? "")")
    #endif
    precondition(!text.contains(canary), "the answer to \(target.debugDescription) holds a log outside the library")
    guard status == 200 else {
        // 500 is an error a route did not expect.
        precondition((400..<500).contains(status) || status == 503, "\(status) for \(target.debugDescription): \(text)")
        // A refusal says why, in JSON.
        precondition((try? JSONValue.parse(text)) != nil, "\(status) without a message for \(target.debugDescription)")
        return
    }
    if type.hasPrefix("application/json") {
        precondition((try? JSONValue.parse(text)) != nil, "unparsable JSON for \(target.debugDescription)")
    } else if type.hasPrefix("text/event-stream") {
        for line in text.split(separator: "\n") where line.hasPrefix("data: ") {
            precondition((try? JSONValue.parse(String(line.dropFirst(6)))) != nil, "unparsable event for \(target.debugDescription)")
        }
    } else {
        precondition(type.hasPrefix("text/html"), "\(type) for \(target.debugDescription)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
