import EventLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NavTape
import NavTapeInterchange

/// The inspector's and the library's pages, made from the web files embedded in this target
/// (`Web/`): the HTML with its CSS, its JavaScript modules bundled into one inline module, and the
/// data as a JSON block. The same page is served and written by `navtape inspect`: it needs no
/// network and no server.
public enum InspectorPage {
    /// The page of `data`.
    public static func html(_ data: InspectorData) throws(JSONError) -> String {
        page(
            inspectorTemplate, title: "NavTape · \(data.session.id)", style: inspectorStyle,
            script: inspectorScript, data: try JSONValue(encoding: data))
    }

    /// The library page for `data` (its shape: the comment at the top of `Web/library.js`).
    static func library(_ data: JSONValue) -> String {
        page(libraryTemplate, title: "NavTape library", style: "", script: libraryScript, data: data)
    }

    /// `template` with `{{TITLE}}` (escaped), `{{STYLE}}`, `{{SCRIPT}}` and `{{DATA}}` filled in one
    /// pass, so no text is read for another's placeholder. The data's `<`, `>` and `&` (only ever
    /// inside its strings) are written as `\u003c`, `\u003e`, `\u0026`, the same JSON strings, so no
    /// name can end the block or open an HTML comment in it (a closing script tag, `<!--`).
    static func page(_ template: String, title: String, style: String, script: String, data: JSONValue) -> String {
        var embedded = ""
        for scalar in data.text.unicodeScalars {
            switch scalar {
            case "&": embedded += "\\u0026"
            case "<": embedded += "\\u003c"
            case ">": embedded += "\\u003e"
            default: embedded.unicodeScalars.append(scalar)
            }
        }
        let values = ["TITLE": escapeHTML(title), "STYLE": style, "SCRIPT": script, "DATA": embedded]
        // `{{NAME}}` with a known NAME is replaced; any other text is copied as it is.
        let parts = template.split(separator: "{{", omittingEmptySubsequences: false)
        var out = String(parts[0])
        for part in parts.dropFirst() {
            if let close = part.firstIndex(of: "}"), part[close...].hasPrefix("}}"), let value = values[String(part[..<close])] {
                out += value + part[part.index(close, offsetBy: 2)...]
            } else {
                out += "{{" + part
            }
        }
        return out
    }

    /// `text` safe in HTML text and attribute values (`&`, `<`, `>`, `"` escaped).
    public static func escapeHTML(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// One inline module from a logic module and the page's module: the page's `import` lines go
    /// (what they import is the logic, now in the same scope) and the logic's `export ` prefixes go.
    /// The rule the web files follow (Tests/Web/bundle.test.mjs checks it).
    static func bundle(logic: String, page: String) -> String {
        let logicLines = logic.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("export ") ? line.dropFirst("export ".count) : line
        }
        let pageLines = page.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }
        return (logicLines + pageLines).joined(separator: "\n")
    }

    static var inspectorTemplate: String { web("inspector.html", PackageResources.inspector_html) }
    static var inspectorStyle: String { web("inspector.css", PackageResources.inspector_css) }
    static var inspectorScript: String {
        bundle(logic: web("inspector-logic.js", PackageResources.inspector_logic_js), page: web("inspector.js", PackageResources.inspector_js))
    }
    static var libraryTemplate: String { web("library.html", PackageResources.library_html) }
    static var libraryScript: String {
        bundle(logic: web("library-logic.js", PackageResources.library_logic_js), page: web("library.js", PackageResources.library_js))
    }

    /// A web file: the copy embedded at build time, or with `NAVTAPE_WEB_ROOT` set (working on the
    /// page) the file of that name in that directory, read each time.
    private static func web(_ name: String, _ embedded: [UInt8]) -> String {
        if let root = webRoot, let bytes = try? LogFiles.read(root + "/" + name, limit: 1 << 22) {
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(decoding: embedded, as: UTF8.self)
    }

    private static let webRoot: String? = getenv("NAVTAPE_WEB_ROOT").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
}
