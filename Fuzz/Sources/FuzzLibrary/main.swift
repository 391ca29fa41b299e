// Bytes → a library directory (FUZZ_SCRATCH or /tmp), as `navtape serve DIR` and `verify DIR` scan
// one: each 4 bytes make an entry (a log, a garbage .navtape file, a directory, a symbolic link to
// an entry, the library itself, its parent or a log outside it, or a FIFO). The scan must end,
// list only regular files inside the library (never the outside log, never a FIFO), and every
// listed log must be read or refused without a trap.
import FuzzSupport
import Glibc
import NavTape

let scratch = getenv("FUZZ_SCRATCH").map { String(cString: $0) } ?? "/tmp"
let base = "\(scratch)/fuzz-library-\(getpid())"
/// A small valid log to copy in: the repository's golden demo log, read once.
let sample: [UInt8] = {
    let here = String(#filePath.dropLast("main.swift".count))  // …/Fuzz/Sources/FuzzLibrary/
    return readFile(here + "../../../Tests/NavTapeTests/Golden/demo.navtape") ?? Array("NAVTAPE\0".utf8)
}()

func write(_ bytes: [UInt8], to path: String) {
    guard let file = fopen(path, "wb") else { return }
    bytes.withUnsafeBytes { if let base = $0.baseAddress { fwrite(base, 1, $0.count, file) } }
    fclose(file)
}

func check(_ bytes: UnsafeRawBufferPointer) {
    _ = system("rm -rf '\(base)'")
    let library = base + "/lib", outside = base + "/outside.navtape"
    mkdir(base, 0o755)
    mkdir(library, 0o755)
    write(sample, to: outside)
    var directories = [library]
    var entries: [String] = []
    for chunk in stride(from: 0, to: min(bytes.count, 4 * 64), by: 4) where chunk + 4 <= bytes.count {
        let kind = bytes[chunk] % 7, parent = directories[Int(bytes[chunk + 1]) % directories.count]
        let path = "\(parent)/e\(bytes[chunk + 2])\(kind == 2 ? "" : ".navtape")"
        let target = bytes[chunk + 3]
        var info = stat()
        guard lstat(path, &info) != 0 else { continue }  // a name taken (writing to a FIFO there would block the harness)
        switch kind {
        case 0: write(sample, to: path)
        case 1: write(Array(sample.prefix(Int(target) * 16)), to: path)
        case 2: if mkdir(path, 0o755) == 0 { directories.append(path) }
        case 3: symlink(entries.isEmpty ? library : entries[Int(target) % entries.count], path)
        case 4: symlink(target % 2 == 0 ? library : base, path)
        case 5: symlink(outside, path)
        default: mkfifo(path, 0o644)
        }
        entries.append(path)
    }
    let scanned = SessionLibrary(roots: [library]).logs()
    /// `path` with every link resolved, or `nil` when it is gone.
    func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
    guard let real = resolved(library) else { return }
    let root = real + "/"
    for path in scanned.paths {
        guard let real = resolved(path) else { continue }  // gone since the scan
        precondition(real.hasPrefix(root), "the scan listed \(path) (\(real)), outside the library")
        var info = stat()
        precondition(stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG, "the scan listed \(path), not a regular file")
    }
    precondition(scanned.paths.count <= SessionLibrary.maximumLogs)
    _ = SessionLibrary(roots: [library], jobs: 1).rows(scanned.paths)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
