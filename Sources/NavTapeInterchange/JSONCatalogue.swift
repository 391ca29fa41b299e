import EventLog
import NavTape

/// A library's catalogue as a JSON-lines file in each directory it serves (`.navtape-catalogue.jsonl`,
/// docs/FileFormat.md, "Catalogue"): one line per readable log,
/// `{"size":…,"modified":…,"inode":…,"row":{…SessionSummary…}}`. Read when the library starts,
/// rewritten whole (atomically) when rows were read; missing, damaged or unwritable, it is rebuilt
/// or simply not kept.
public struct JSONCatalogue: SessionCatalogue {
    /// The catalogue's name in a served directory.
    public static let fileName = ".navtape-catalogue.jsonl"
    /// A catalogue past this size (a row is ~300 bytes) is not one a library wrote: rebuilt.
    public static let maximumBytes = 64 << 20

    /// The catalogue files of the directories a library serves.
    public init() {}

    private struct Line: Codable {
        var size: UInt64
        var modified: Int64
        var inode: UInt64
        var row: SessionSummary
    }

    public func load(directory: String) -> [(path: String, version: LogFiles.Version, summary: SessionSummary)] {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + Self.fileName
        guard LogFiles.kind(of: path) == .regular, let bytes = try? LogFiles.read(path, limit: Self.maximumBytes) else { return [] }
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let value = try? JSONValue.parse(String(decoding: line, as: UTF8.self)),
                let entry = try? value.decode(Line.self)
            else { return nil }
            return (entry.row.log, LogFiles.Version(size: entry.size, modified: entry.modified, inode: entry.inode), entry.row)
        }
    }

    public func save(directory: String, rows: [(path: String, version: LogFiles.Version, summary: SessionSummary)]) {
        var text = ""
        for row in rows {
            let line = Line(size: row.version.size, modified: row.version.modified, inode: row.version.inode, row: row.summary)
            guard let value = try? JSONValue(encoding: line) else { continue }
            text += value.text + "\n"
        }
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + Self.fileName
        guard let file = try? OutputFile(path: path, replacing: true) else { return }
        do {
            try file.write(text)
            try file.commit()
        } catch {
            file.abandon()
        }
    }
}
