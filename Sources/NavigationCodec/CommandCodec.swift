import ByteCoding
import NavigationCore

// Whole commands, as recorded in `rejected` and `ignored` events: the kind's frozen raw value as its
// wire tag, then each argument of the command's signature in order, by its type
// (docs/EventEncoding.md, "Commands"). Derived from the one description of the vocabulary
// (NavigationCore's CommandVocabulary): a new command needs nothing here.

extension SplitPropertyWireTag {
    /// The tag of the property `name`: the case of the same name.
    init?(_ name: SplitProperty.Name) {
        guard let tag = Self.tags[name] else { return nil }
        self = tag
    }

    /// The property name of this tag.
    var name: SplitProperty.Name? { Self.names[Int(rawValue)] }

    private static let tags: [SplitProperty.Name: SplitPropertyWireTag] = Dictionary(
        uniqueKeysWithValues: SplitProperty.Name.allCases.compactMap { name in
            allCases.first { "\($0)" == name.rawValue }.map { (name, $0) }
        })
    private static let names: [SplitProperty.Name?] = (0...255).map { raw in
        SplitPropertyWireTag(rawValue: UInt8(raw)).flatMap { SplitProperty.Name(rawValue: "\($0)") }
    }
}

extension ByteWriter {
    /// A command: its wire tag, then its arguments.
    mutating func writeCommand(_ command: NavigationCommand) {
        writeUInt8(command.kind.rawValue)
        for argument in command.arguments { writeArgument(argument) }
    }

    /// One argument, by its type.
    mutating func writeArgument(_ argument: CommandArgument) {
        switch argument {
        case .controller(let id): writeID(id)
        case .optionalController(let id): writeOptionalID(id)
        case .controllers(let ids): writeIDs(ids)
        case .tree(let spec): writeSpec(spec)
        case .traits(let traits): writeTraits(traits)
        case .displayMode(let mode): writeUInt8(mode.rawValue)
        case .column(let column): writeUInt8(column.rawValue)
        case .splitBehavior(let behavior): writeUInt8(behavior.rawValue)
        case .property(let property): writeProperty(property)
        case .flag(let flag): writeBool(flag)
        case .text(let text): writeString(text)
        case .policy(let policy): writePolicy(policy)
        }
    }

    /// A split property: its wire tag, then a boolean, an enum byte, or an optional double.
    mutating func writeProperty(_ property: SplitProperty) {
        writeUInt8(SplitPropertyWireTag(property.name)?.rawValue ?? 0xFF)
        switch property.value {
        case .bool(let flag): writeBool(flag)
        case .edge(let edge): writeUInt8(edge.rawValue)
        case .points(let points): writeOptionalDouble(points)
        case .visibility(let visibility): writeUInt8(visibility.rawValue)
        }
    }
}

extension ByteReader {
    /// Consumes a command.
    mutating func readCommand() throws(CodecError) -> NavigationCommand {
        let start = offset
        var arguments = CommandArguments()
        let kind = try readCommandArguments { arguments.append($0) }
        guard let command = NavigationCommand(kind: kind, arguments: arguments) else {
            throw Self.failure(.invalidValue, at: start, for: "command.arguments")
        }
        return command
    }

    /// Consumes a command, checked exactly as ``readCommand()`` checks it, without building it: what
    /// a fold does with the command of a `rejected` or `ignored` event, which changes no state.
    ///
    /// Arguments read by their signature always fit it, so the one check ``readCommand()`` adds
    /// (`NavigationCommand(kind:arguments:)`) cannot fail after this one passes; the decoder
    /// equality tests hold both to it.
    mutating func skipCommand() throws(CodecError) {
        _ = try readCommandArguments { _ in }
    }

    /// Consumes a command's tag and its arguments, in signature order, handing each to `body`.
    @inline(__always)
    mutating func readCommandArguments(_ body: (CommandArgument) -> Void) throws(CodecError) -> CommandKind {
        let start = offset
        guard let kind = CommandKind(rawValue: try readByte(for: "command.tag")) else {
            throw Self.failure(.unknownTag, at: start, for: "command.tag")
        }
        for parameter in kind.signature.parameters {
            do {
                body(try readArgument(parameter.type))
            } catch  where !error.context.hasPrefix("spec") && !error.context.hasPrefix("property") && !error.context.hasPrefix("policy") {
                // Name the field as the vocabulary does: `interactivePop.completed`.
                throw CodecError(error.code, at: error.offset, "\(kind.name).\(parameter.name)")
            }
        }
        return kind
    }

    /// Consumes one argument of `type`.
    mutating func readArgument(_ type: CommandParameterType) throws(CodecError) -> CommandArgument {
        switch type {
        case .controller: return .controller(try readID(for: "command.controller"))
        case .optionalController: return .optionalController(try readOptionalID(for: "command.controller"))
        case .controllers: return .controllers(try readIDs(for: "command.controllers"))
        case .tree: return .tree(try readSpec())
        case .traits: return .traits(try readTraits(for: "command.traits"))
        case .displayMode: return .displayMode(try readEnum(DisplayMode.self, for: "command.displayMode"))
        case .column: return .column(try readEnum(Column.self, for: "command.column"))
        case .splitBehavior: return .splitBehavior(try readEnum(SplitBehavior.self, for: "command.splitBehavior"))
        case .property: return .property(try readProperty())
        case .flag: return .flag(try readBool(for: "command.flag"))
        case .text: return .text(try readString(for: "command.text"))
        case .policy: return .policy(try readPolicy(version: SessionDescription.formatVersion))
        }
    }

    /// Consumes a split property.
    mutating func readProperty() throws(CodecError) -> SplitProperty {
        let start = offset
        guard let name = SplitPropertyWireTag(rawValue: try readByte(for: "property.tag"))?.name else {
            throw Self.failure(.unknownTag, at: start, for: "property.tag")
        }
        let value: SplitProperty.Value
        switch name.valueType {
        case .bool: value = .bool(try readBool(for: "property.value"))
        case .edge: value = .edge(try readEnum(PrimaryEdge.self, for: "property.value"))
        case .points: value = .points(try readOptionalDouble(for: "property.value"))
        case .visibility: value = .visibility(try readEnum(ButtonVisibility.self, for: "property.value"))
        }
        guard let property = SplitProperty(name: name, value: value) else {
            throw Self.failure(.invalidValue, at: start, for: "property.value")
        }
        return property
    }
}
