import NavTape
import NavigationCore

/// A parsed scenario script (`docs/ScriptFormat.md`): how the session starts, then commands and
/// the expectations checked after them.
///
/// Parse one with ``ScriptParser/parse(_:file:)``; run it with ``ScriptRunner/run(_:recordingTo:sessionID:)``.
public struct Script: Hashable, Sendable {
    /// The file the script came from, for messages (`T01.navscript`).
    public var file: String
    /// How the session starts.
    public var setup: ScriptSetup
    /// The commands and expectations, in file order.
    public var steps: [ScriptStep]

    /// Creates a script.
    public init(file: String, setup: ScriptSetup = ScriptSetup(), steps: [ScriptStep] = []) {
        self.file = file
        self.setup = setup
        self.steps = steps
    }

    /// The session's name: its `session` line, else the file's name without extension.
    public var sessionName: String { setup.sessionID ?? ScriptRunner.sessionID(forFile: file) }

    /// The number of command lines.
    public var commandCount: Int { steps.filter { if case .command = $0.kind { return true } else { return false } }.count }

    /// The number of expectation lines.
    public var expectationCount: Int {
        steps.filter { if case .expectation = $0.kind { return true } else { return false } }.count
    }
}

/// The setup directives of a script: environment, delegate policy, the split's children, start time.
public struct ScriptSetup: Hashable, Sendable {
    /// The device preset, when the environment came from one (`rotate portrait` needs it).
    public var device: Device?
    /// The device label written to the log header (`ipad`, or `custom` for raw traits).
    public var deviceLabel: String
    /// The traits before launch.
    public var initialTraits: Traits
    /// The delegate policy.
    public var policy: SplitPolicy
    /// How the split is created: classic, column style, legacy or manual.
    public var style: SplitStyle
    /// The primary's tree.
    public var primary: ControllerSpec
    /// The supplementary column's tree (triple column only).
    public var supplementary: ControllerSpec?
    /// The secondary's tree, or `nil` for a split with one child.
    public var secondary: ControllerSpec?
    /// The session's start, in milliseconds since the Unix epoch; setup commands happen then.
    public var startTime: Int64
    /// The session identifier written to the log header, if the script names one.
    public var sessionID: String?
    /// Who recorded the session (`app`, `appVersion`, `build`, `os`, `deviceModel` lines).
    public var origin = SessionOrigin.unknown

    /// The defaults: an iPad in landscape, no delegate, `MN[M]` and `DN[D]`, starting at
    /// ``SessionTime/defaultStart``.
    public init(
        device: Device? = .iPad, deviceLabel: String = Device.iPad.rawValue,
        initialTraits: Traits = Device.iPad.traits(.landscape), policy: SplitPolicy = .noDelegate,
        style: SplitStyle = .unspecified, primary: ControllerSpec = .navigation("MN", [.content("M")]),
        supplementary: ControllerSpec? = nil,
        secondary: ControllerSpec? = .navigation("DN", [.content("D")]),
        startTime: Int64 = SessionTime.defaultStart, sessionID: String? = nil
    ) {
        self.device = device
        self.deviceLabel = deviceLabel
        self.initialTraits = initialTraits
        self.policy = policy
        self.style = style
        self.primary = primary
        self.supplementary = supplementary
        self.secondary = secondary
        self.startTime = startTime
        self.sessionID = sessionID
    }

    /// `MN[M] | DN[D]`: the layout recorded in the session description.
    public var layout: String {
        [primary.notation, supplementary?.notation, secondary?.notation].compactMap { $0 }.joined(separator: " | ")
    }
}

/// One line of a script that does something: a command or an expectation.
public struct ScriptStep: Hashable, Sendable {
    /// What the line says.
    public enum Kind: Hashable, Sendable {
        /// A command to send.
        case command(ScriptCommand)
        /// A check of the state or of the previous command's events.
        case expectation(ScriptExpectation)
        /// A question to the split that sends nothing (`query showDetail from M`, SH-14); its
        /// answer is checked by `expect answer`.
        case query(ScriptQuery)
    }

    /// The 1-based line number.
    public var line: Int
    /// The command or expectation.
    public var kind: Kind

    /// Creates a step.
    public init(line: Int, kind: Kind) {
        self.line = line
        self.kind = kind
    }
}

/// How a script names a controller.
public enum ScriptReference: Hashable, Sendable {
    /// A raw ID: `#3` (app) or `#m0` (minted by a delegate answer).
    case id(ControllerID)
    /// A screen name: the newest controller with that name in the hierarchy, else the newest
    /// anywhere (``NavigationCore/NavigationState/controller(named:)``). In a target position a
    /// name no controller has creates a new content controller.
    case name(String)
    /// A bracket tree (`DN2[D2]`, `P:content`, `X@id`): always creates new controllers.
    case tree(ControllerSpec)
}

/// A reference at a position of a command line.
public struct ScriptSlot: Hashable, Sendable {
    /// The reference.
    public var reference: ScriptReference
    /// The 1-based column of the reference, for messages.
    public var column: Int
    /// Whether the position takes a controller being shown (a target), where an unknown name
    /// creates a new content controller; elsewhere an unknown name is an error.
    public var isTarget: Bool

    /// Creates a slot.
    public init(reference: ScriptReference, column: Int, isTarget: Bool) {
        self.reference = reference
        self.column = column
        self.isTarget = isTarget
    }
}

/// A command line: a ``NavigationCore/NavigationCommand`` whose controller IDs are slot numbers.
///
/// Slot `k` is written as `ControllerID(app: k)` in ``template``; the runner resolves every slot
/// (creating controllers first where the slot asks for it) and maps the IDs.
public struct ScriptCommand: Hashable, Sendable {
    /// The command with slot numbers in place of controller IDs.
    public var template: NavigationCommand
    /// The references, in slot order (left to right on the line).
    public var slots: [ScriptSlot]
    /// The time the line gives (`at +250ms`), or `nil` for the default step.
    public var time: SessionTime.Value?

    /// Creates a command line.
    public init(template: NavigationCommand, slots: [ScriptSlot] = [], time: SessionTime.Value? = nil) {
        self.template = template
        self.slots = slots
        self.time = time
    }
}

/// SH-14's question, which real apps ask to draw disclosure indicators: would `show` or
/// `showDetail` from this sender push? (`query showDetail from M`)
public struct ScriptQuery: Hashable, Sendable {
    /// `show` or `showDetail`.
    public var action: CommandKind
    /// The sender.
    public var sender: ScriptSlot

    /// Creates a query.
    public init(action: CommandKind, sender: ScriptSlot) {
        self.action = action
        self.sender = sender
    }
}

/// A check after a command (`expect …`).
public enum ScriptExpectation: Hashable, Sendable {
    /// `state.hierarchyDescription` equals this text.
    case hierarchy(String)
    /// `state.isCollapsed`.
    case collapsed(Bool)
    /// `state.displayMode`.
    case displayMode(DisplayMode)
    /// `state.preferredDisplayMode`.
    case preferredDisplayMode(DisplayMode)
    /// The names of the visible content controllers, primary column first.
    case visible([String])
    /// The previous command raised this rule (`BUG-5`, `INV-4`).
    case violation(String)
    /// The previous command raised exactly these distinct rules, in order (empty: none).
    case violations([String])
    /// The previous command was rejected for this rule (`NV-1`) or reason (`alreadyInStack`).
    case rejected(String)
    /// The previous command was ignored for this rule (`NV-2`) or reason (`atRoot`).
    case ignored(String)
    /// The previous command was neither rejected nor ignored.
    case accepted
    /// The previous command left the state `==` to what it was before it.
    case unchanged
    /// The display-mode button: `nil` when hidden, else the mode a tap leads to.
    case button(DisplayMode?)
    /// The presented controller's name, or `nil` for none.
    case presented(String?)
    /// `state.primaryColumnWidth`, in points.
    case primaryColumnWidth(Double)
    /// `state.splitBehavior` (column style).
    case splitBehavior(SplitBehavior)
    /// The appearance callbacks since the previous command, in order: `viewWillAppear(D2)` (AP-1..AP-6).
    case callbacks([String])
    /// The delegate notifications of the previous command, in order: `willChangeTo(allVisible)`, `didCollapse`.
    case notifications([String])
    /// The stack transitions of the previous command, in order: `push(MN)`, `pop(DN)`, `none(MN)` (NV-5).
    case transitions([String])
    /// What the previous `pop`, `popTo` or `popToRoot` returned, bottom to top (NV-2..NV-4); empty for nothing.
    case popped([String])
    /// The controller named `name` is the instance `id` (not a new one).
    case same(String, ControllerID)
    /// The controller named `name` was created since the previous command.
    case fresh(String)
    /// The previous command did not raise this rule.
    case noViolation(String)
    /// The answer of the last `query`: `true` for `push`, `false` for `noPush`.
    case answer(Bool)
}

/// A script that cannot be parsed or run: `FILE:LINE:COLUMN: message`.
public struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script file.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column.
    public var column: Int
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int, column: Int, _ message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `T01.navscript:4:9: unknown command 'lanch' (did you mean 'launch'?)`.
    /// `FILE:LINE:COLUMN: message`, or `FILE: message` for the file as a whole (line 0).
    public var description: String { line == 0 ? "\(file): \(message)" : "\(file):\(line):\(column): \(message)" }
}

/// An expectation that did not hold: `FILE:LINE: expected X, got Y`.
public struct ScriptFailure: Hashable, Sendable, CustomStringConvertible {
    /// The script file.
    public var file: String
    /// The line of the expectation.
    public var line: Int
    /// What was expected.
    public var expected: String
    /// What the state or the events said.
    public var actual: String

    /// Creates a failure.
    public init(file: String, line: Int, expected: String, actual: String) {
        self.file = file
        self.line = line
        self.expected = expected
        self.actual = actual
    }

    /// `T10.navscript:7: expected hierarchy MN[M], got MN[M, DN[D]]`.
    public var description: String { "\(file):\(line): expected \(expected), got \(actual)" }
}
