import NavigationCore
import NavigationProjections

/// What differs between two states, as `navtape diff --json` and the server's `…/diff` give it
/// (docs/JSON.md, "Diff"): one change per part of the state, in words with screen names.
public struct DiffReport: Codable, Hashable, Sendable {
    /// One part of the state that differs.
    public struct Change: Codable, Hashable, Sendable {
        /// The kind of part (`traits`, `stack`, `displayMode`, …).
        public var change: String
        /// `traits: compact 414×736 phone → regular 736×414 phone`.
        public var text: String
    }

    /// Always `diff`.
    public var type = "diff"
    /// The earlier point, as named (`LOG @12`, or a log).
    public var from: String
    /// The later point.
    public var to: String
    /// The changes, in the order of the state's parts.
    public var changes: [Change]

    /// The changes from `before` to `after`. Controllers are named from `after`; one only `before`
    /// knows (a branch's minted controllers) is named from `before`.
    public init(from before: NavigationState, to after: NavigationState, fromName: String, toName: String) {
        from = fromName
        to = toName
        changes = diff(before, after).map { change in
            Change(
                change: Mirror(reflecting: change).children.first?.label ?? "\(change)",
                text: Self.renamed(change.description(in: after), unknownIn: after, knownIn: before))
        }
    }

    /// The diff of points `a` and `b` of `machine`'s log (each an event count), named as written.
    public init(_ machine: TimeMachine, from a: LogPoint, to b: LogPoint) throws(NavTapeError) {
        let before = try machine.state(at: a.count(in: machine)), after = try machine.state(at: b.count(in: machine))
        self.init(from: before, to: after, fromName: "\(machine.path) \(a)", toName: "\(machine.path) \(b)")
    }

    /// The diff of the final states of `machine`'s log and `other`'s (a branch, or another log),
    /// each named by its path.
    public init(finalStatesOf machine: TimeMachine, and other: TimeMachine) throws(NavTapeError) {
        let before = try machine.state(at: machine.eventCount), after = try other.state(at: other.eventCount)
        self.init(from: before, to: after, fromName: machine.path, toName: other.path)
    }

    /// `StateChange.description(in:)` prints `#m0` for a controller its state does not know;
    /// replaces each such whole token with the name `earlier` gives it.
    static func renamed(_ text: String, unknownIn names: NavigationState, knownIn earlier: NavigationState) -> String {
        guard text.contains("#") else { return text }
        let characters = Array(text)
        var result = ""
        var i = 0
        while i < characters.count {
            guard characters[i] == "#", i == 0 || !characters[i - 1].isLetter && !characters[i - 1].isNumber else {
                result.append(characters[i])
                i += 1
                continue
            }
            var end = i + 1
            while end < characters.count, characters[end].isLetter || characters[end].isNumber { end += 1 }
            let token = String(characters[i..<end])
            if let id = ControllerID(parsing: token), !names.contains(id), earlier.contains(id) {
                result += DisplaySafety.escaped(earlier.name(of: id))
            } else {
                result += token
            }
            i = end
        }
        return result
    }
}
