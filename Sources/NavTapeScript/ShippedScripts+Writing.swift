import EventLog
import NavTape

extension ShippedScripts {
    /// Writes `scripts` under `directory`, creating it and the folders their paths name. A file that
    /// already holds the same text is left as it is; any other file there is replaced only with
    /// `replacing` (each one written whole, see ``EventLog/OutputFile``).
    /// - Throws: ``NavTape/NavTapeError`` `.cannotCreate` for a folder that cannot be made, or the
    ///   ``EventLog/EventLogError`` of a file that cannot be written.
    public static func write(_ scripts: [(path: String, text: String)] = all, into directory: String, replacing: Bool) throws {
        func makeDirectory(_ path: String) throws(NavTapeError) {
            do throws(EventLogError) {
                try LogFiles.createDirectory(path)
            } catch {
                var failure = NavTapeError(error)
                failure.code = .cannotCreate
                throw failure
            }
        }
        try makeDirectory(directory)
        for script in scripts {
            var path = directory
            for part in script.path.split(separator: "/").dropLast() {
                path += "/" + part
                try makeDirectory(path)
            }
            let target = directory + "/" + script.path
            // The same script written again is no change: only a different file there needs replacing.
            if !replacing, let existing = try? LogFiles.read(target, limit: script.text.utf8.count + 1),
                String(decoding: existing, as: UTF8.self) == script.text
            {
                continue
            }
            let file = try OutputFile(path: target, replacing: replacing)
            try file.write(script.text)
            try file.commit()
        }
    }
}
