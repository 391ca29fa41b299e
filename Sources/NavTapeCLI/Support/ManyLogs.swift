import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavTape
import NavigationCore
import NavTapeInterchange

/// Several logs on one command line (`verify`, `stats`): files as given, and directories searched
/// for `.navtape` files (recursively, in name order). Each log is reported on its own; the exit
/// status is the worst of them.
struct LogsArgument: ParsableArguments {
    @Argument(help: "NavTape logs (.navtape), or directories holding them.")
    var logs: [String] = []

    @Flag(help: "Refuse a log whose last block is torn (exit 65) instead of reading the whole blocks before it.")
    var strict = false
}

enum ManyLogs {
    /// The logs `arguments` name: files as they are, directories expanded to the `.navtape` files
    /// under them, sorted. A directory with none is an error (exit 66), as a missing file is.
    static func paths(_ arguments: [String]) throws(CLIError) -> [String] {
        var result: [String] = []
        for argument in arguments {
            guard Files.isDirectory(argument) else {
                result.append(argument)
                continue
            }
            let found = logs(under: argument)
            if found.isEmpty { throw CLIError(.noInput, "\(argument): no .navtape logs in this directory") }
            result += found
        }
        return result
    }

    static func logs(under directory: String) -> [String] { files(under: directory, suffix: ".navtape") }

    /// The files whose names end with `suffix` under `directory`, recursively (16 levels at most), in
    /// name order; hidden files and directories are left out.
    static func files(under directory: String, suffix: String, depth: Int = 0) -> [String] {
        guard depth < 16, let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            names.append(name)
        }
        var result: [String] = []
        for name in names.sorted() {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if Files.isDirectory(path) {
                result += files(under: path, suffix: suffix, depth: depth + 1)
            } else if name.hasSuffix(suffix) {
                result.append(path)
            }
        }
        return result
    }

    /// Runs `body` for each log, reporting a failure as one line on standard error (and, with
    /// `json`, as `{"type":"error","log":…,"status":…,"message":…}` on standard output) and going
    /// on; then exits with the worst status.
    static func each(_ paths: [String], json: Bool, _ body: (String) throws -> Void) throws {
        var worst = ExitStatus.success
        for path in paths {
            do {
                try body(path)
            } catch where Failure.isNavtapeError(error) {
                let status = Failure.report(error)
                if json, let message = Failure.describe(error).message {
                    Output.standard.raw(JSONValue.object([
                        "type": .string("error"), "log": .string(path), "status": .int(Int64(status.rawValue)), "message": .string(message),
                    ]).text + "\n")
                }
                if status.rawValue > worst.rawValue { worst = status }
            }
        }
        if worst != .success { throw ExitCode(worst.rawValue) }
    }
}
