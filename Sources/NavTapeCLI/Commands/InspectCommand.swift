import NavigationCore
import NavigationProjections
import ArgumentParser
import NavTape
import NavTapeInterchange
import NavTapeScript

/// `navtape inspect LOG -o session.html`.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Write a session as one self-contained HTML page: scrub through it and see the split drawn.",
        discussion: """
            The page needs no network and no server, so it can be attached to a bug report: a timeline \
            scrubber over the commands with bug markers and rotations, the split drawn at the selected \
            point (columns with their widths, each navigation stack, collapsed as one stack, the \
            overlay, the presented modal), the events with their rules, what UIKit told the app, and \
            divergences of a capture. ← and → step command by command; the page's address may end in \
            #at=N to open after event @N. A log longer than --max-commands is embedded around --at \
            (default: its end), and the page says which part it holds.

            Examples:
              navtape inspect navtape-demo-stale.navtape -o stale.html
              navtape inspect big.navtape --at 500000 -o around.html
            """)

    @OptionGroup var input: LogArgument

    @Option(help: ArgumentHelp("Center the embedded part of a long log on this event: N, start or end.", valueName: "event"))
    var at: EventPoint = .end

    @Option(help: "The most commands to embed.")
    var maxCommands = 2_000

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard maxCommands >= 1 else { throw ValidationError("--max-commands must be at least 1.") }
    }

    func run() throws {
        try output.prepare()
        let machine = try Logs.open(input)
        let page = try InspectPage.html(machine, around: at.count(in: machine), maxCommits: maxCommands)
        try Files.writeText(page, to: output.output, force: output.force)
        Output.standard.line("wrote \(output.output): \(machine.eventCount) events of \(machine.sessionID)")
    }
}

/// The inspector's page: the session's commits with the state after each, as JSON embedded in
/// one HTML file with its own script and style (`navtape inspect`).
enum InspectPage {
    /// The page for `machine`'s log, embedding at most `maxCommits` commits around point `around`.
    ///
    /// With `api` (`serve`'s `/api/sessions/N`), the page reads more of the log as it is scrubbed or
    /// stepped past the part it holds (`…/commits`), and a page whose part reaches the end of the log
    /// follows it as it grows (`…/live`); the page is then found near the point without reading the
    /// whole log, and `commands` (the number of commits, if known) is shown.
    static func html(_ machine: TimeMachine, around: UInt64, maxCommits: Int, api: String? = nil, commands: Int? = nil) throws -> String {
        var commitCount: Int?, first = 0
        var from: UInt64 = 0, to = machine.eventCount
        if api != nil {
            // Served: the commits around the point, found by reading only near it (the page reads
            // more as it is scrubbed); the number of commands is the library's, when it has it.
            commitCount = commands
            let point = Swift.min(Swift.max(around, 1), Swift.max(machine.eventCount, 1)) - 1
            let held = try window(machine, holding: point, count: maxCommits)
            (from, to) = (held.lowerBound, held.upperBound)
        } else {
            // Two counting passes, in memory that does not grow with the log: how many commits there
            // are and which holds the point, then where the window of commits starts and ends.
            var count = 0, containing = 0
            try machine.forEachEvent { recorded in
                if startsCommit(recorded) {
                    if recorded.index < Swift.max(around, 1) { containing = count }
                    count += 1
                }
                return true
            }
            commitCount = count
            first = Swift.max(0, Swift.min(containing - maxCommits / 2, count - maxCommits))
            let last = Swift.min(count, first + maxCommits)
            var seen = 0
            try machine.forEachEvent { recorded in
                guard startsCommit(recorded) else { return true }
                if seen == first { from = recorded.index }
                if seen == last {
                    to = recorded.index
                    return false
                }
                seen += 1
                return true
            }
        }
        let commits = try self.commits(machine, from: from, to: to)
        let description = machine.sessionDescription
        let data = JSONValue.object([
            "session": .object([
                "id": .string(machine.sessionID), "device": .string(description.device), "policy": .string(description.policy.name),
                "style": .string("\(description.style)"), "start": .string(SessionTime.iso8601(machine.startTime)),
                "events": .int(Int64(machine.eventCount)), "commands": commitCount.map { .int(Int64($0)) } ?? .null,
                "parent": Logs.parent(of: machine).map(JSONValue.string) ?? .null,
            ]),
            "window": .object(["firstCommand": .int(Int64(first)), "from": .int(Int64(from)), "to": .int(Int64(to)),
                               "partial": .bool(from > 0 || to < machine.eventCount)]),
            "commits": .array(commits),
            "api": api.map(JSONValue.string) ?? .null,
            "devices": .array(Device.allCases.map { .string($0.rawValue) }),
            "presets": .array(["none", "calendar-paste", "merge-stacks", "template"].map(JSONValue.string)),
            "live": .bool(api != nil && to == machine.eventCount),
            // A page that holds part of a log (and is not served, so cannot read more) draws the state
            // at its checkpoints too: the whole log, coarsely.
            "checkpoints": api == nil && (from > 0 || to < machine.eventCount) ? .array(try checkpoints(machine)) : .null,
        ])
        return page(title: "NavTape · \(machine.sessionID)", data: data)
    }

    /// The template filled in: `title` as HTML text, `data` as the page's JSON block. The data's `<`,
    /// `>` and `&` (only ever inside its strings) are written as `\u003c`, `\u003e`, `\u0026`, the
    /// same JSON strings, so no name can end the block or open a comment in it (`</script>`,
    /// `<!--<script>`); the placeholders are filled in one pass, so neither text is read for the other's.
    static func page(title: String, data: JSONValue) -> String {
        let embedded = data.text.replacingOccurrences(of: "&", with: "\\u0026").replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
        let halves = template.components(separatedBy: "{{DATA}}")
        return halves[0].replacingOccurrences(of: "{{TITLE}}", with: escapeHTML(title)) + embedded + halves.dropFirst().joined(separator: "{{DATA}}")
    }

    /// The most checkpoints a page draws (evenly spaced when the log has more).
    static let maximumCheckpoints = 1_000

    /// The state at the log's checkpoints, `{"event": N, "state": drawing}` each, at most
    /// ``maximumCheckpoints`` (evenly spaced): one checkpoint decode each, no replay.
    static func checkpoints(_ machine: TimeMachine) throws -> [JSONValue] {
        let all = machine.checkpointIndices.filter { $0 > 0 }
        let stride = Swift.max(1, (all.count + maximumCheckpoints - 1) / maximumCheckpoints)
        return try Swift.stride(from: 0, to: all.count, by: stride).map { i in
            .object(["event": .int(Int64(all[i])), "state": drawing(try machine.state(at: all[i]))])
        }
    }

    /// The commits of events `from ..< to` (`from` the first event of a commit), each as ``commit(_:before:after:machine:)``.
    static func commits(_ machine: TimeMachine, from: UInt64, to: UInt64) throws -> [JSONValue] {
        var state = try machine.state(at: from)
        var commits: [JSONValue] = []
        var events: [RecordedEvent] = []
        func flush() {
            guard !events.isEmpty else { return }
            commits.append(commit(events, from: &state, machine: machine))
            events.removeAll()
        }
        try machine.forEachEvent(from: from, to: to) { recorded in
            if startsCommit(recorded) { flush() }
            events.append(recorded)
            return true
        }
        flush()
        return commits
    }

    /// About `count` commits around the one holding event `event`, about half on each side, found by
    /// reading near it only: the events from the first one's start to the last one's end.
    static func window(_ machine: TimeMachine, holding event: UInt64, count: Int) throws -> Range<UInt64> {
        let starts = try commitStarts(machine, before: event + 1, count: count / 2 + 1)
        let first = starts.first ?? event, holding = starts.last ?? event
        return first..<(try commitEnd(machine, from: holding, count: count - starts.count + 1))
    }

    /// Whether `recorded` is the first event of a commit (the log's first event always is).
    static func startsCommit(_ recorded: RecordedEvent) -> Bool {
        recorded.startsCommit || recorded.index == 0
    }

    /// The first events of the last `count` commits that start before event `end`, oldest first:
    /// read backwards in growing spans, so it costs about the span of those commits, not the log.
    static func commitStarts(_ machine: TimeMachine, before end: UInt64, count: Int) throws -> [UInt64] {
        var span: UInt64 = 4_096
        while true {
            let start = end > span ? end - span : 0
            var starts: [UInt64] = []
            try machine.forEachEvent(from: start, to: end) { recorded in
                if startsCommit(recorded) { starts.append(recorded.index) }
                return true
            }
            if starts.count >= count || start == 0 { return Array(starts.suffix(count)) }
            span *= 4
        }
    }

    /// The first event of the commit after the first `count` commits from event `from` (or the log's end).
    static func commitEnd(_ machine: TimeMachine, from: UInt64, count: Int) throws -> UInt64 {
        var seen = 0, end = machine.eventCount
        try machine.forEachEvent(from: from) { recorded in
            guard startsCommit(recorded) else { return true }
            if seen == count {
                end = recorded.index
                return false
            }
            seen += 1
            return true
        }
        return end
    }

    /// One commit applied to `state` (the state before it, left as the state after it): its events
    /// as `log` prints them, what UIKit told the app, the bugs it raised, and the state after it,
    /// drawn as columns of controller trees.
    static func commit(_ events: [RecordedEvent], from state: inout NavigationState, machine: TimeMachine) -> JSONValue {
        let before = state
        var running = before
        var lines: [JSONValue] = []
        var rotation = false, diverged = 0
        for recorded in events {
            // The rules are judged on the state before the event, its text with the state after it.
            let rules = recorded.event.governingRules(in: running)
            running.evolve(recorded.event)
            if case .traitsChanged = recorded.event { rotation = true }
            if case .diverged = recorded.event { diverged += 1 }
            lines.append(.object([
                "i": .int(Int64(recorded.index)), "text": .string(EventText.describe(recorded.event, in: running)),
                "rules": .array(rules.map { .string($0.description) }),
            ]))
        }
        state = running
        let after = running
        let plain = events.map(\.event)
        let command = NavigationCommand(commit: plain, names: before.names).map { $0.scriptLine(in: after) } ?? events[0].event.kind.name
        let observation = CommitObservation(before: before, events: plain)
        let told = EventListing.annotation(observation, names: after).map { String($0.drop { $0 == " " }.dropFirst(2)) }
        let bugs = NavigationState.rulesRaised(from: before, by: plain).map { JSONValue.string($0.description) }
        return .object([
            "first": .int(Int64(events[0].index)), "last": .int(Int64(events[events.count - 1].index)),
            "time": .string(SessionTime.offset(events[0].time - machine.startTime)), "command": .string(command),
            "events": .array(lines), "told": told.map(JSONValue.string) ?? .null, "bugs": .array(bugs),
            "rotation": .bool(rotation), "diverged": .int(Int64(diverged)), "state": drawing(after),
        ])
    }

    /// What the page draws: the columns (`viewControllers`) with their roles and widths, each a
    /// tree of controllers (a navigation controller's children are its stack), and the modal.
    static func drawing(_ state: NavigationState) -> JSONValue {
        func node(_ id: ControllerID, depth: Int = 0) -> JSONValue {
            var object: [String: JSONValue] = ["id": .string(id.description), "name": .string(state.name(of: id))]
            if state.kind(of: id) == .navigation && depth < 64 {
                object["children"] = .array(state.stack(of: id).map { node($0, depth: depth + 1) })
            }
            return .object(object)
        }
        let roles: [String]
        if state.isCollapsed {
            roles = ["collapsed"]
        } else if state.style.isColumnStyle {
            roles = [state.primary, state.supplementary, state.secondary].enumerated().compactMap { i, id in
                id == nil ? nil : ["primary", "supplementary", "secondary"][i]
            }
        } else {
            roles = ["primary", "secondary"]
        }
        let columns = state.viewControllers.enumerated().map { i, id -> JSONValue in
            .object(["role": .string(i < roles.count ? roles[i] : "secondary"), "node": node(id)])
        }
        // Which columns are on screen and which overlay the secondary, as the display mode says.
        let visible: [String], overlay: [String]
        let overlaid: Set<DisplayMode> = [.primaryOverlay, .oneOverSecondary, .twoOverSecondary]
        if state.isCollapsed {
            (visible, overlay) = (["collapsed"], [])
        } else if state.style.isColumnStyle {
            let shown = state.visibleColumns
            visible = [Column.primary, .supplementary, .secondary].filter { shown.contains($0) }.map(\.name)
            overlay = overlaid.contains(state.displayMode) ? visible.filter { $0 != "secondary" } : []
        } else {
            let primaryShown = state.displayMode != .primaryHidden && state.displayMode != .secondaryOnly
            visible = (primaryShown ? ["primary"] : []) + ["secondary"]
            overlay = primaryShown && overlaid.contains(state.displayMode) ? ["primary"] : []
        }
        return .object([
            "hierarchy": .string(state.hierarchyDescription), "collapsed": .bool(state.isCollapsed),
            "launched": .bool(state.isLaunched), "displayMode": .string(state.displayMode.classicName),
            "width": .int(Int64(state.traits.width)), "height": .int(Int64(state.traits.height)),
            "sizeClass": .string("\(state.traits.horizontalSizeClass)"), "primaryWidth": .double(state.primaryColumnWidth),
            "columns": .array(columns), "presented": state.presented.map { node($0) } ?? .null,
            "visible": .array(visible.map(JSONValue.string)), "overlay": .array(overlay.map(JSONValue.string)),
        ])
    }

    /// `text` safe in HTML text and attribute values (`&`, `<`, `>`, `"` escaped).
    static func escapeHTML(_ text: String) -> String {
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

    /// The page. Every name reaches the document through `textContent`, never as markup.
    static let template = #"""
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8"><title>{{TITLE}}</title>
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <style>
    body { font: 14px -apple-system, system-ui, sans-serif; margin: 0; color: #1d1d1f; background: #f5f5f7; }
    header { padding: 10px 16px; background: #fff; border-bottom: 1px solid #ddd; }
    header h1 { font-size: 16px; margin: 0 0 4px; }
    #note { color: #b25000; }
    #timeline { position: relative; margin: 12px 16px 4px; }
    #scrub, #seek { width: 100%; }
    #markers { position: relative; height: 14px; margin: 0 16px; }
    .marker { position: absolute; top: 0; width: 6px; height: 12px; margin-left: -3px; border-radius: 2px; }
    .marker.bug { background: #d70015; } .marker.rotation { background: #0071e3; top: 7px; height: 6px; }
    .marker.diverged { background: #8e44ad; top: 7px; height: 6px; }
    main { display: grid; grid-template-columns: minmax(380px, 1fr) minmax(320px, 1fr); gap: 12px; padding: 8px 16px 16px; }
    .device { position: relative; background: #222; border-radius: 18px; padding: 14px; }
    .split { position: relative; display: flex; background: #fff; border-radius: 6px; overflow: hidden; min-height: 280px; }
    #pair { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
    .pane { flex: 1 1 260px; min-width: 0; } .pane > .label { font-size: 12px; font-weight: 600; color: #555; margin-bottom: 4px; }
    main.branching { grid-template-columns: minmax(380px, 2fr) minmax(280px, 1fr); }
    #whatif .device { background: #4a2a6a; } #whatif > .label { color: #8e44ad; } #whatifbar { margin-top: 8px; font-size: 12px; }
    #drawn2 { display: block; font: 11px ui-monospace, monospace; color: #8e44ad; margin-top: 4px; }
    .column { position: relative; border-right: 1px solid #ccc; padding: 6px; box-sizing: border-box; overflow: hidden; }
    .column:last-child { border-right: none; flex: 1; }
    .column.overlay { position: absolute; left: 0; top: 0; bottom: 0; z-index: 2; background: #fff; box-shadow: 4px 0 12px rgba(0,0,0,.35); }
    .column.hidden { display: none; }
    .role { font-size: 11px; text-transform: uppercase; color: #888; margin-bottom: 4px; }
    .node { border: 1px solid #bbb; border-radius: 4px; padding: 3px 6px; margin: 3px 0; background: #fafafa; }
    .node.navigation { background: #eef4ff; border-color: #7aa7ff; }
    .node.top { border-width: 2px; border-color: #0071e3; font-weight: 600; }
    .name { white-space: nowrap; }
    .modal { position: absolute; inset: 40px 30px; z-index: 3; background: #fff; border-radius: 8px; padding: 8px; box-shadow: 0 6px 30px rgba(0,0,0,.5); }
    .info { color: #fff; font-size: 12px; margin-top: 8px; }
    #events { background: #fff; border-radius: 6px; padding: 8px; max-height: 520px; overflow: auto; font: 12px ui-monospace, monospace; }
    .event { white-space: pre-wrap; } .event.current { background: #fff3c4; }
    .commit { border-top: 1px solid #eee; padding: 2px 0; cursor: pointer; content-visibility: auto; contain-intrinsic-size: auto 3em; }
    .commit.selected { background: #e8f0ff; }
    .rules { color: #888; } .bugs { color: #d70015; font-weight: 600; } #told { font-size: 12px; color: #444; margin-top: 8px; }
    #drawn { display: block; font: 11px ui-monospace, monospace; color: #bbb; margin-top: 6px; }
    #tools { margin-top: 8px; font-size: 12px; } #tools button { font-size: 12px; }
    #diff, #blame { display: block; white-space: pre-wrap; font: 12px ui-monospace, monospace; background: #fff; border-radius: 6px; padding: 6px; margin-top: 6px; }
    #diff:empty, #blame:empty { display: none; } .column, .node.navigation { cursor: help; }
    </style></head>
    <body>
    <header><h1 id="title"></h1><div id="summary"></div><div id="note"></div></header>
    <div id="timeline"><input type="range" id="scrub" min="0" value="0" aria-label="command">
      <input type="range" id="seek" min="0" value="0" aria-label="event of the whole log" title="the whole log" hidden></div>
    <div id="markers"></div>
    <main>
      <section><div id="pair">
        <div id="recorded" class="pane"><div id="recLabel" class="label" hidden>recorded</div>
          <div id="device" class="device"><div id="split" class="split"></div><div id="modal" class="modal" hidden></div><div id="info" class="info"></div></div>
          <output id="drawn"></output></div>
        <div id="whatif" class="pane" hidden><div id="wiLabel" class="label">what if</div>
          <div class="device"><div id="split2" class="split"></div><div id="modal2" class="modal" hidden></div><div id="info2" class="info"></div></div>
          <output id="drawn2"></output></div></div>
        <div id="told"></div>
        <div id="tools"><button id="markA" title="a">A = here</button> <button id="markB" title="b">B = here</button>
          <span id="ab"></span> · click a column or a stack for its blame</div>
        <output id="diff"></output><output id="blame"></output>
        <div id="whatifbar" hidden>What if, from the shown command on: <select id="wiDevice"></select> <select id="wiPolicy"></select>
          <button id="wiGo">re-decide</button> <span id="wiNote"></span></div></section>
      <section id="events"></section>
    </main>
    <script id="data" type="application/json">{{DATA}}</script>
    <script>
    "use strict";
    const data = JSON.parse(document.getElementById("data").textContent);
    const commits = data.commits;
    const $ = (id) => document.getElementById(id);
    function el(tag, cls, text) {
      const e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text !== undefined) e.textContent = text;
      return e;
    }
    function drawNode(node, isTop) {
      const box = el("div", "node" + (node.children ? " navigation" : "") + (isTop ? " top" : ""));
      box.dataset.id = node.id;
      box.appendChild(el("div", "name", node.name));
      if (node.children) node.children.forEach((child, i) => box.appendChild(drawNode(child, i === node.children.length - 1)));
      return box;
    }
    // The hierarchy read back from what is drawn, in bracket notation (MN[M] | DN[D]).
    function notation(box) {
      const name = box.querySelector(":scope > .name").textContent;
      if (!box.classList.contains("navigation")) return name;
      return name + "[" + Array.from(box.querySelectorAll(":scope > .node")).map(notation).join(", ") + "]";
    }
    function notationOf(node) {
      return node.children ? node.name + "[" + node.children.map(notationOf).join(", ") + "]" : node.name;
    }
    function findNode(node, id) {
      if (!node) return null;
      if (node.id === id) return node;
      for (const child of node.children || []) { const found = findNode(child, id); if (found) return found; }
      return null;
    }
    // What the diff compares: the parts of a drawn state, in words.
    function parts(state) {
      const out = { hierarchy: state.hierarchy || "(none)", collapsed: String(state.collapsed), "display mode": state.displayMode,
        traits: state.sizeClass + " " + state.width + "×" + state.height, presented: state.presented ? notationOf(state.presented) : "none" };
      for (const column of state.columns) out[column.role] = notationOf(column.node);
      return out;
    }
    // The held command holding event `event` (commits are in log order), or -1: a binary search.
    function heldCommit(event) {
      let low = 0, high = commits.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (commits[middle].last < event) low = middle + 1;
        else if (commits[middle].first > event) high = middle - 1;
        else return middle;
      }
      return -1;
    }
    // A and B are events (the marked command's last), kept while the page reads other commands. Both
    // held, the page compares its drawn states; a served page that no longer holds one asks the
    // server (/diff, navtape diff's changes). Only marking changes the diff.
    const marks = {};
    let diffing = 0;
    function showDiff() {
      const a = marks.a, b = marks.b;
      $("ab").textContent = (a ? "A: " + a.command + " (@" + a.event + ")" : "") + (b ? "  B: " + b.command + " (@" + b.event + ")" : "");
      const token = ++diffing;
      if (!a || !b) { $("diff").textContent = ""; return; }
      const head = "A @" + a.event + " → B @" + b.event;
      const ia = heldCommit(a.event), ib = heldCommit(b.event);
      if (ia >= 0 && ib >= 0) {
        const pa = parts(commits[ia].state), pb = parts(commits[ib].state);
        const lines = [];
        for (const key of new Set(Object.keys(pa).concat(Object.keys(pb)))) {
          if (pa[key] !== pb[key]) lines.push(key + ": " + (pa[key] === undefined ? "—" : pa[key]) + " → " + (pb[key] === undefined ? "—" : pb[key]));
        }
        $("diff").textContent = head + ":\n" + (lines.length ? lines.join("\n") : "no difference");
        document.body.dataset.diffFrom = "page";
        return;
      }
      if (!data.api) { $("diff").textContent = head + ": not both in this page"; return; }
      $("diff").textContent = head + ": asking the server…";
      delete document.body.dataset.diffFrom;
      (async () => {
        const answer = await fetch(data.api + "/diff?a=" + a.event + "&b=" + b.event);
        const result = await answer.json();
        if (token !== diffing) return;
        if (!answer.ok) { $("diff").textContent = head + ": " + (result.error ? result.error.message : "the server refused"); return; }
        const lines = result.changes.map((change) => change.text);
        $("diff").textContent = head + " (navtape diff, from the server):\n" + (lines.length ? lines.join("\n") : "no difference");
        document.body.dataset.diffFrom = "api";
      })().catch(() => { if (token === diffing) $("diff").textContent = head + ": the server did not answer"; });
    }
    // Blame within the page: walk back from the shown command while the part keeps its value. At the
    // first command the page holds, with more of the log before it, a served page asks the server
    // which event set the part (/blame, as navtape blame traces it: a column's controller, a stack)
    // and reads that event's command (/commits); a file page says how to look further.
    // `part` names it for navtape blame: `api` (a role or a #ID), `cli` (as a user types it).
    let blaming = 0;
    function blame(what, part, valueAt) {
      const token = ++blaming;
      const index = Number(document.body.dataset.commit || 0);
      const shown = commits[index];
      const now = valueAt(shown.state);
      let k = index;
      while (k > 0 && valueAt(commits[k - 1].state) === now) k--;
      const c = commits[k];
      const head = what + " = " + now + "\n";
      const span = c.command + " (@" + c.first + "…@" + c.last + ", " + c.time + ")";
      delete document.body.dataset.blameFrom;
      document.body.dataset.blame = c.last;
      if (k > 0 || data.window.from <= 0) {
        $("blame").textContent = head + "set by " + span + (k > 0 ? "; was " + valueAt(commits[k - 1].state) : "");
        return;
      }
      if (!data.api) {
        $("blame").textContent = head + "unchanged since the page's first command, " + span + "; navtape blame LOG " + part.cli +
          " --at " + shown.last + " looks further";
        return;
      }
      $("blame").textContent = head + "unchanged since the page's first command, " + span + "; asking the server…";
      (async () => {
        const answer = await fetch(data.api + "/blame?what=" + encodeURIComponent(part.api) + "&at=" + shown.last + "&limit=1");
        const result = await answer.json();
        if (token !== blaming) return;
        if (!answer.ok) { $("blame").textContent = head + (result.error ? result.error.message : "the server refused"); return; }
        const set = result.setBy;
        if (!set) {
          $("blame").textContent = head + "unchanged since the log's start (navtape blame " + part.cli + ": " + result.value + ")";
        } else {
          // The command of the event that set it: the first held one (which may have set it), or
          // else the one commit the server reads around it.
          const held = heldCommit(set.index);
          let command = held >= 0 ? commits[held] : null;
          if (!command) {
            const around = await fetch(data.api + "/commits?around=" + set.index + "&count=1").then((r) => r.json()).catch(() => null);
            if (token !== blaming) return;
            command = around && around.commits ? around.commits.find((x) => x.first <= set.index && set.index <= x.last) || null : null;
          }
          $("blame").textContent = head + "set by " + (command ? command.command + " (@" + command.first + "…@" + command.last + ", " + command.time + ")" :
            "@" + set.index) + "; @" + set.index + " " + set.text + "; was " + set.before + " (navtape blame " + part.cli + ", from the server" +
            (held >= 0 ? "" : "; before the commands this page holds") + ")";
          document.body.dataset.blame = command ? command.last : set.index;
        }
        document.body.dataset.blameFrom = "api";
      })().catch(() => { if (token === blaming) $("blame").textContent = head + "the server did not answer"; });
    }
    // How navtape blame names a navigation controller's stack: its name, or its #ID when the name
    // would need quoting; the API always gets the #ID (names need not be unique).
    function stackPart(node) {
      return { api: node.id, cli: /^[A-Za-z0-9_.-]+$/.test(node.name) ? node.name : node.id };
    }
    const main = { split: "split", modal: "modal", info: "info", drawn: "drawn", blame: true };
    const second = { split: "split2", modal: "modal2", info: "info2", drawn: "drawn2", blame: false };
    function draw(state, where = main) {
      const split = $(where.split);
      split.replaceChildren();
      // The device fits the width its section has (minus the frame's padding), never wider than its points.
      const room = Math.max(160, split.parentElement.parentElement.clientWidth - 28);
      const scale = Math.min(1, room / state.width);
      split.style.width = Math.round(state.width * scale) + "px";
      split.style.height = Math.round(state.height * scale * 0.8) + "px";
      // Leading columns have the primary's width (the supplementary's is not modelled, ST-10); those
      // that overlay the secondary sit over it, one after the other.
      let overlayLeft = 0;
      for (const column of state.columns) {
        const c = el("div", "column " + column.role);
        c.dataset.role = column.role;
        if (column.role !== "secondary" && !state.collapsed) {
          c.style.width = Math.round(state.primaryWidth * scale) + "px";
          if (!state.visible.includes(column.role)) c.classList.add("hidden");
          else if (state.overlay.includes(column.role)) {
            c.classList.add("overlay");
            c.style.left = overlayLeft + "px";
            overlayLeft += Math.round(state.primaryWidth * scale);
          }
        }
        c.appendChild(el("div", "role", column.role));
        c.appendChild(drawNode(column.node, true));
        // A collapsed split's one stack is its primary column (viewControllers is [primary]).
        const columnPart = column.role === "collapsed" ? "primary" : column.role;
        // A column's blame is its controller's, as navtape blame traces it (a stack's is the stack's).
        if (where.blame) c.addEventListener("click", () => blame(column.role, { api: columnPart, cli: columnPart }, (s) => {
          const found = s.columns.find((x) => x.role === column.role);
          return found ? found.node.name + " (" + found.node.id + ")" : "none";
        }));
        if (where.blame) c.querySelectorAll(".node.navigation").forEach((box) => box.addEventListener("click", (e) => {
          e.stopPropagation();
          const name = box.querySelector(":scope > .name").textContent;
          blame(name + "'s stack", stackPart({ id: box.dataset.id, name: name }), (s) => {
            for (const x of s.columns.map((x) => x.node).concat(s.presented ? [s.presented] : [])) {
              const found = findNode(x, box.dataset.id);
              if (found) return notationOf(found);
            }
            return "not in the hierarchy";
          });
        }));
        split.appendChild(c);
      }
      const modal = $(where.modal);
      modal.replaceChildren();
      modal.hidden = !state.presented;
      if (state.presented) { modal.appendChild(el("div", "role", "presented")); modal.appendChild(drawNode(state.presented, true)); }
      $(where.info).textContent = (state.collapsed ? "collapsed" : state.displayMode) + " · " + state.sizeClass + " " +
        state.width + "×" + state.height + (state.launched ? "" : " · not launched");
      $(where.drawn).textContent = Array.from(split.querySelectorAll(":scope > .column > .node")).map(notation).join(" | ");
    }
    function show(index, eventIndex) {
      index = Math.max(0, Math.min(commits.length - 1, index));
      const commit = commits[index];
      $("scrub").value = index;
      // The whole-log slider: by event when served, by checkpoint on a partial page (the last one at or before).
      if (data.checkpoints && data.checkpoints.length) {
        let k = 0;
        while (k + 1 < data.checkpoints.length && data.checkpoints[k + 1].event <= commit.last + 1) k++;
        $("seek").value = k;
      } else {
        $("seek").value = commit.last;
      }
      // With a branch, the recording and the branch share the section: laid out before either is drawn.
      const start = branch ? heldCommit(branch.fork) : -1;
      if (branch) branching(start >= 0 && commits[start].first === branch.fork);
      draw(commit.state);
      $("told").textContent = commit.told ? "UIKit told the app: " + commit.told : "";
      document.querySelectorAll(".commit.selected").forEach((e) => e.classList.remove("selected"));
      const row = document.querySelector('.commit[data-index="' + index + '"]');
      if (row) { row.classList.add("selected"); row.scrollIntoView({ block: "nearest" }); }
      document.body.dataset.commit = index;
      document.body.dataset.event = eventIndex === undefined ? commit.last : eventIndex;
      if (branch && start >= 0 && commits[start].first === branch.fork) drawBranch(index, start);
      // Served: nearing either end of what the page holds, read the next commands in the background,
      // so a step across the end finds them there.
      if (data.api && !extending) {
        if (commits.length - 1 - index < 50 && data.window.to < s.events && !data.live) extend(true);
        else if (index < 50 && data.window.from > 0) extend(false);
      }
    }
    // What-if (served): the session re-decided from a command on another device or under another
    // delegate, drawn beside the recording for the same command (the branch's commands match the
    // recording's one for one from the fork), "recorded" and "what if …" side by side (one under the
    // other when the section is narrow), while the page holds the fork's command.
    let branch = null;
    function branching(on) {
      if ($("whatif").hidden === !on) return;
      $("whatif").hidden = !on;
      $("recLabel").hidden = !on;
      document.querySelector("main").classList.toggle("branching", on);
    }
    function drawBranch(index, start) {
      const k = index - start;
      const shown = k < 0 ? commits[index].state : branch.commits[Math.min(k, branch.commits.length - 1)].state;
      draw(shown, second);
      $("wiLabel").textContent = "what if " + branch.device + " · " + branch.policy;
      $("wiNote").textContent = "what if " + branch.device + " · " + branch.policy + " from @" + branch.fork + ": " +
        (k < 0 ? "before the fork, the same" : "command " + (k + 1) + " of " + branch.commits.length + " re-decided");
      document.body.dataset.whatif = k < 0 ? "" : k;
    }
    async function whatIf() {
      const index = Number(document.body.dataset.commit || 0);
      const from = commits[index].first;
      const query = "at=" + (from === 0 ? "start" : from - 1) + "&device=" + encodeURIComponent($("wiDevice").value) +
        "&policy=" + encodeURIComponent($("wiPolicy").value);
      const answer = await fetch(data.api + "/whatif?" + query);
      const result = await answer.json();
      if (!answer.ok) { $("wiNote").textContent = result.error ? result.error.message : "the server refused"; return; }
      branch = result;
      show(index);
    }
    // One row per held command; its data-index is its place in `commits`, renumbered when commands
    // are read in front of it.
    function rowFor(commit) {
      const row = el("div", "commit");
      row.appendChild(el("div", "head", commit.time + "  " + commit.command));
      if (commit.bugs.length) row.appendChild(el("div", "bugs", "raises " + commit.bugs.join(", ")));
      for (const event of commit.events) {
        const line = el("div", "event", "@" + event.i + " " + event.text);
        if (event.rules.length) line.appendChild(el("span", "rules", "  (" + event.rules.join(", ") + ")"));
        row.appendChild(line);
      }
      row.addEventListener("click", () => show(Number(row.dataset.index)));
      return row;
    }
    function renumber() {
      const rows = $("events").children;
      for (let i = 0; i < rows.length; i++) rows[i].dataset.index = i;
    }
    function list() {
      $("events").append(...commits.map(rowFor));
      renumber();
    }
    function markers() {
      const box = $("markers");
      const span = Math.max(1, commits.length - 1);
      commits.forEach((commit, index) => {
        const kinds = [];
        if (commit.bugs.some((rule) => rule.startsWith("BUG-"))) kinds.push("bug");
        if (commit.rotation) kinds.push("rotation");
        if (commit.diverged) kinds.push("diverged");
        for (const kind of kinds) {
          const m = el("div", "marker " + kind);
          m.style.left = (100 * index / span) + "%";
          m.title = commit.command + (commit.bugs.length ? " · " + commit.bugs.join(", ") : "");
          m.dataset.index = index;
          m.addEventListener("click", () => show(index));
          box.appendChild(m);
        }
      });
    }
    function commitOf(eventIndex) {
      let low = 0, high = commits.length - 1;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (commits[middle].last >= eventIndex) high = middle; else low = middle + 1;
      }
      return Math.max(0, low);
    }
    const s = data.session;
    $("title").textContent = "NavTape · " + s.id;
    function note() {
      const held = "events @" + data.window.from + "…@" + (data.window.to - 1) + " of " + s.events;
      if (data.api) $("note").textContent = data.window.from > 0 || data.window.to < s.events ?
        "This page holds " + commits.length + " commands, " + held + "; stepping past either end or the slider below reads more." : "";
      else if (data.window.partial) $("note").textContent = "This page holds commands " + (data.window.firstCommand + 1) + "–" +
        (data.window.firstCommand + commits.length) + " of " + s.commands + " (" + held + "); run navtape inspect --at N for another part.";
    }
    function rerender() {
      $("scrub").max = Math.max(0, commits.length - 1);
      $("events").replaceChildren();
      $("markers").replaceChildren();
      list();
      markers();
      note();
    }
    // Served: more of the log is read as the page is stepped past either end of what it holds, or
    // scrubbed with the slider over the whole log (the commits around the point, from the seek API).
    let reading = null;
    function read(query) {
      reading = fetch(data.api + "/commits?" + query).then((r) => r.json()).finally(() => { reading = null; });
      return reading;
    }
    // Reads 200 more commands past one end of what the page holds and drops as many from the other
    // end past `held`, changing only those rows (a rebuilt list cost a step 80 ms). The selection
    // keeps its command; its index moves with what was read in front of it.
    let extending = null;
    function extend(forward) {
      if (extending) return extending;
      if (forward ? data.window.to >= s.events : data.window.from <= 0) return Promise.resolve();
      extending = (async () => {
        if (reading) await reading;
        const more = await read(forward ? "from=" + data.window.to + "&count=200" : "to=" + data.window.from + "&count=200");
        const box = $("events");
        const current = Number(document.body.dataset.commit || 0);
        let moved = 0;
        if (forward) {
          commits.push(...more.commits);
          data.window.to = more.to;
          box.append(...more.commits.map(rowFor));
          const drop = trim(commits.length - held, true);
          for (let i = 0; i < drop; i++) box.firstElementChild.remove();
          moved = -drop;
        } else {
          commits.unshift(...more.commits);
          data.window.from = more.from;
          box.prepend(...more.commits.map(rowFor));
          moved = more.commits.length;
          const before = commits.length;
          trim(commits.length - held, false);
          for (let i = commits.length; i < before; i++) box.lastElementChild.remove();
        }
        renumber();
        document.body.dataset.commit = Math.max(0, Math.min(commits.length - 1, current + moved));
        $("scrub").max = Math.max(0, commits.length - 1);
        $("scrub").value = document.body.dataset.commit;
        $("markers").replaceChildren();
        markers();
        note();
      })().finally(() => { extending = null; });
      return extending;
    }
    async function step(by) {
      let to = Number(document.body.dataset.commit || 0) + by;
      if (data.api && (to >= commits.length || to < 0)) {
        await extend(to >= commits.length);
        to = Number(document.body.dataset.commit || 0) + by;
      }
      show(to);
    }
    // At most `held` commands stay in the page: reading more drops as many from the other end.
    // The marks A and B are events, so they need no change.
    const held = Math.max(1000, commits.length);
    function trim(count, fromStart) {
      if (count <= 0) return 0;
      if (fromStart) {
        commits.splice(0, count);
        data.window.from = commits[0].first;
      } else {
        commits.splice(commits.length - count, count);
        data.window.to = commits[commits.length - 1].last + 1;
      }
      return fromStart ? count : 0;
    }
    async function seek(eventIndex) {
      if (extending) await extending;
      if (reading) await reading;
      const more = await read("around=" + eventIndex + "&count=200");
      commits.splice(0, commits.length, ...more.commits);
      data.window.from = more.from;
      data.window.to = more.to;
      rerender();
      show(commitOf(eventIndex), eventIndex);
    }
    if (data.api) {
      $("whatifbar").hidden = false;
      const option = (text, value) => { const o = el("option", null, text); o.value = value; return o; };
      $("wiDevice").appendChild(option("same device", ""));
      for (const d of data.devices) $("wiDevice").appendChild(option(d, d));
      $("wiPolicy").appendChild(option("same delegate", ""));
      for (const p of data.presets) $("wiPolicy").appendChild(option(p, p));
      $("wiGo").addEventListener("click", whatIf);
      $("seek").hidden = false;
      $("seek").max = Math.max(0, s.events - 1);
      $("seek").addEventListener("change", (e) => seek(Number(e.target.value)));
    }
    note();
    $("scrub").max = Math.max(0, commits.length - 1);
    $("scrub").addEventListener("input", (e) => show(Number(e.target.value)));
    function mark(which) {
      const commit = commits[Number(document.body.dataset.commit || 0)];
      if (!commit) return;
      marks[which] = { event: commit.last, command: commit.command };
      document.body.dataset[which] = commit.last;
      showDiff();
    }
    $("markA").addEventListener("click", () => mark("a"));
    $("markB").addEventListener("click", () => mark("b"));
    document.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight") step(1);
      if (e.key === "ArrowLeft") step(-1);
      if (e.key === "a" || e.key === "b") mark(e.key);
    });
    function summary() {
      $("summary").textContent = s.device + " · " + s.policy + " · " + s.style + " · " + s.events + " events" +
        (s.commands === null ? "" : ", " + s.commands + " commands") + " · started " + s.start + (s.parent ? " · fork of " + s.parent : "") + (data.live ? " · live" : "");
    }
    // Served by navtape serve at the end of a log: new commits arrive as server-sent events. A commit
    // that was still growing comes again whole and replaces the partial one. The page follows the
    // session while the last command is shown.
    function follow() {
      const from = commits.length ? commits[commits.length - 1].first : data.window.to;
      const source = new EventSource(data.api + "/live?from=" + from);
      source.addEventListener("commits", (message) => {
        const update = JSON.parse(message.data);
        const following = Number(document.body.dataset.commit || 0) >= commits.length - 1;
        for (const commit of update.commits) {
          if (commits.length && commits[commits.length - 1].first === commit.first) commits[commits.length - 1] = commit;
          else if (!commits.length || commit.first > commits[commits.length - 1].first) { commits.push(commit); if (s.commands !== null) s.commands += 1; }
        }
        s.events = update.events;
        data.window.to = update.events;
        // Following, the page keeps at most `held` commands, as stepping does.
        if (following) trim(commits.length - held, true);
        summary();
        $("seek").max = Math.max(0, s.events - 1);
        rerender();
        document.body.dataset.live = update.events;
        show(following ? commits.length - 1 : Number(document.body.dataset.commit || 0));
      });
    }
    summary();
    list();
    markers();
    const wanted = /#at=(\d+)/.exec(location.hash);
    if (commits.length) {
      if (wanted) show(commitOf(Number(wanted[1])), Number(wanted[1])); else show(commits.length - 1);
    }
    if (data.live && typeof EventSource !== "undefined") follow();
    // A partial page (navtape inspect of a long log) draws the log's checkpoints too: the slider over
    // the whole log shows the state at the nearest one, with no events (they are not in the page).
    if (data.checkpoints && data.checkpoints.length) {
      const slider = $("seek");
      slider.hidden = false;
      slider.max = data.checkpoints.length - 1;
      slider.title = "the whole log, at its checkpoints";
      slider.addEventListener("input", (e) => {
        const checkpoint = data.checkpoints[Number(e.target.value)];
        draw(checkpoint.state);
        $("told").textContent = "A checkpoint: the state after @" + (checkpoint.event - 1) + " (events " + checkpoint.event +
          " on are not in this page; navtape inspect --at " + (checkpoint.event - 1) + " writes the page around it).";
        document.body.dataset.checkpoint = checkpoint.event;
      });
      $("note").textContent += " The slider below the commands scrubs the whole log at its " + data.checkpoints.length + " checkpoints.";
    }
    </script>
    </body></html>

    """#
}
