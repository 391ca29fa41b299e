import NavigationCore

/// A text picture of the split: the columns side by side when expanded (widths in proportion to
/// `primaryColumnWidth`; a hidden primary drawn dashed, an overlaid one marked, the secondary
/// dimmed under it), one stack when collapsed, then any presented controller. `◀` marks what the
/// user sees.
public enum StateDiagram {
    /// The width of the picture in characters.
    static let width = 64

    public static func render(_ state: NavigationState) -> [String] {
        let visible = Set(state.visibleContent)
        func tree(_ root: ControllerID?) -> [String] {
            guard let root else { return ["(none)"] }
            var lines: [String] = []
            func visit(_ id: ControllerID, prefix: String, branch: String, depth: Int) {
                let marker = visible.contains(id) ? " ◀" : ""
                lines.append(prefix + branch + DisplaySafety.escaped(state.name(of: id)) + marker)
                guard depth < 32, state.kind(of: id) == .navigation else { return }
                let children = state.stack(of: id)
                let childPrefix = prefix + (branch.isEmpty ? "" : branch == "└─ " ? "   " : "│  ")
                for (i, child) in children.enumerated() {
                    visit(child, prefix: childPrefix, branch: i == children.count - 1 ? "└─ " : "├─ ", depth: depth + 1)
                }
            }
            visit(root, prefix: "", branch: "", depth: 0)
            return lines
        }
        var boxes: [[String]] = []
        if state.isCollapsed {
            boxes.append(box("collapsed: one stack", tree(state.viewControllers.first), width: width, dashed: false))
        } else {
            boxes.append(columns(state, tree: tree))
        }
        if let presented = state.presented {
            boxes.append(box("presented modally", tree(presented), width: width, dashed: false))
        }
        return boxes.flatMap { $0 }
    }

    /// The expanded columns side by side: primary (and supplementary) then secondary, widths in
    /// proportion to `primaryColumnWidth`, hidden columns dashed, overlays marked.
    static func columns(_ state: NavigationState, tree: (ControllerID?) -> [String]) -> [String] {
        let mode = state.displayMode
        let overlay = mode == .oneOverSecondary || mode == .twoOverSecondary
        let triple = state.style == .tripleColumn
        var shown: [(String, ControllerID?, Bool)] = [
            ("primary", state.primary, state.style == .manual || (triple ? mode.rawValue >= DisplayMode.twoBesideSecondary.rawValue : mode != .secondaryOnly))
        ]
        if triple { shown.append(("supplementary", state.supplementary, mode != .secondaryOnly)) }
        let share = state.traits.width > 0 ? state.primaryColumnWidth / Double(state.traits.width) : 1.0 / 3.0
        var boxes: [[String]] = []
        var used = 0
        for (name, id, visible) in shown {
            var label =
                name + " · "
                + (visible ? (overlay ? "overlay" : (name == "primary" ? "\(EventText.points(state.primaryColumnWidth)) pt" : "beside")) : "hidden")
            if state.style == .manual { label = name }
            let lines = tree(id)
            let columnWidth = max(needed(label, lines), min(width - 16, Int((Double(width) * share).rounded())))
            used += columnWidth
            boxes.append(box(label, lines, width: columnWidth, dashed: !visible))
        }
        let secondaryLabel = overlay ? "secondary · dimmed" : "secondary"
        let secondaryLines = tree(state.secondary)
        boxes.append(box(secondaryLabel, secondaryLines, width: max(needed(secondaryLabel, secondaryLines), width - used), dashed: false))
        if state.primaryEdge == .trailing { boxes.reverse() }
        return boxes.dropFirst().reduce(boxes[0]) { join($0, $1) }
    }

    /// The narrowest box that shows the label and every line.
    static func needed(_ label: String, _ lines: [String]) -> Int {
        max(label.count + 6, (lines.map(\.count).max() ?? 0) + 4)
    }

    static func box(_ label: String, _ lines: [String], width: Int, dashed: Bool) -> [String] {
        let horizontal = dashed ? "┄" : "─", vertical = dashed ? "┆" : "│"
        let inner = width - 2
        var result = ["┌" + horizontal + " " + label + " " + String(repeating: horizontal, count: max(0, inner - label.count - 3)) + "┐"]
        for line in lines {
            result.append(vertical + " " + line + String(repeating: " ", count: max(0, inner - 1 - line.count)) + vertical)
        }
        result.append("└" + String(repeating: horizontal, count: inner) + "┘")
        return result
    }

    /// Two boxes side by side, the shorter stretched to the taller one's height.
    static func join(_ left: [String], _ right: [String]) -> [String] {
        let height = max(left.count, right.count)
        return zip(extend(left, to: height), extend(right, to: height)).map { $0 + $1 }
    }

    /// A box stretched to `height` lines by repeating empty rows above its bottom border.
    static func extend(_ box: [String], to height: Int) -> [String] {
        guard box.count < height, box.count >= 2, let bottom = box.last, let first = box.dropLast().last else { return box }
        let vertical = String(first.first ?? "│")
        let empty = vertical + String(repeating: " ", count: max(0, bottom.count - 2)) + vertical
        return Array(box.dropLast()) + Array(repeating: empty, count: height - box.count) + [bottom]
    }

    /// The one-line summary above a picture.
    public static func header(_ state: NavigationState, policy: SplitPolicy) -> String {
        guard state.isLaunched else { return "not launched · \(EventText.describe(state.traits))" }
        var parts = [state.isCollapsed ? "collapsed" : "expanded"]
        func name(_ mode: DisplayMode) -> String { state.style.isColumnStyle ? mode.name : mode.classicName }
        if !state.isCollapsed && state.style != .manual {
            var mode = name(state.displayMode)
            if state.preferredDisplayMode != .automatic { mode += " (preferred \(name(state.preferredDisplayMode)))" }
            if state.style.isColumnStyle { mode += " · \(state.splitBehavior)" }
            parts.append(mode)
        }
        parts.append(EventText.describe(state.traits))
        parts.append("button: " + (state.displayModeButton(delegate: state.policy(session: policy)).map { "→ \(name($0.target))" } ?? "hidden"))
        return parts.joined(separator: " · ")
    }
}
