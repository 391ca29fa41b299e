import ByteCoding
import NavigationCore

// Whole commands, as recorded in `rejected` and `ignored` events: a CommandWireTag byte, then the
// payload of the case (docs/EventEncoding.md, "Commands").

extension CodecWriter {
    /// A command: its wire tag, then its payload.
    mutating func writeCommand(_ command: NavigationCommand) {
        switch command {
        case .instantiate(let spec):
            writeUInt8(CommandWireTag.instantiate.rawValue)
            writeSpec(spec)
        case .setSplitViewControllers(let list):
            writeUInt8(CommandWireTag.setSplitViewControllers.rawValue)
            writeIDs(list)
        case .launch(let traits):
            writeUInt8(CommandWireTag.launch.rawValue)
            writeTraits(traits)
        case .changeTraits(let traits):
            writeUInt8(CommandWireTag.changeTraits.rawValue)
            writeTraits(traits)
        case .setPreferredDisplayMode(let mode):
            writeUInt8(CommandWireTag.setPreferredDisplayMode.rawValue)
            writeUInt8(mode.rawValue)
        case .tapDisplayModeButton:
            writeUInt8(CommandWireTag.tapDisplayModeButton.rawValue)
        case .edgeSwipe:
            writeUInt8(CommandWireTag.edgeSwipe.rawValue)
        case .tapDimmedSecondary:
            writeUInt8(CommandWireTag.tapDimmedSecondary.rawValue)
        case .show(let target, let sender):
            writeUInt8(CommandWireTag.show.rawValue)
            writeID(target)
            writeID(sender)
        case .showDetail(let target, let sender):
            writeUInt8(CommandWireTag.showDetail.rawValue)
            writeOptionalID(target)
            writeID(sender)
        case .push(let controller, let navigation):
            writeUInt8(CommandWireTag.push.rawValue)
            writeID(controller)
            writeID(navigation)
        case .pop(let navigation):
            writeUInt8(CommandWireTag.pop.rawValue)
            writeID(navigation)
        case .interactivePop(let navigation, let completed):
            writeUInt8(CommandWireTag.interactivePop.rawValue)
            writeID(navigation)
            writeBool(completed)
        case .popToRoot(let navigation):
            writeUInt8(CommandWireTag.popToRoot.rawValue)
            writeID(navigation)
        case .popTo(let controller, let navigation):
            writeUInt8(CommandWireTag.popTo.rawValue)
            writeID(controller)
            writeID(navigation)
        case .setViewControllers(let list, let navigation):
            writeUInt8(CommandWireTag.setViewControllers.rawValue)
            writeIDs(list)
            writeID(navigation)
        case .present(let controller):
            writeUInt8(CommandWireTag.present.rawValue)
            writeID(controller)
        case .dismiss:
            writeUInt8(CommandWireTag.dismiss.rawValue)
        case .setProperty(let property):
            writeUInt8(CommandWireTag.setProperty.rawValue)
            writeProperty(property)
        case .setViewController(let controller, let column):
            writeUInt8(CommandWireTag.setViewController.rawValue)
            writeOptionalID(controller)
            writeUInt8(column.rawValue)
        case .showColumn(let column):
            writeUInt8(CommandWireTag.showColumn.rawValue)
            writeUInt8(column.rawValue)
        case .hideColumn(let column):
            writeUInt8(CommandWireTag.hideColumn.rawValue)
            writeUInt8(column.rawValue)
        case .setPreferredSplitBehavior(let behavior):
            writeUInt8(CommandWireTag.setPreferredSplitBehavior.rawValue)
            writeUInt8(behavior.rawValue)
        case .tapSecondaryOnlyButton:
            writeUInt8(CommandWireTag.tapSecondaryOnlyButton.rawValue)
        }
    }

    /// A split property: its wire tag, then a boolean, an enum byte, or an optional double.
    mutating func writeProperty(_ property: SplitProperty) {
        switch property {
        case .presentsWithGesture(let value):
            writeUInt8(SplitPropertyWireTag.presentsWithGesture.rawValue)
            writeBool(value)
        case .primaryEdge(let edge):
            writeUInt8(SplitPropertyWireTag.primaryEdge.rawValue)
            writeUInt8(edge.rawValue)
        case .preferredPrimaryColumnWidthFraction(let value):
            writeUInt8(SplitPropertyWireTag.preferredPrimaryColumnWidthFraction.rawValue)
            writeOptionalDouble(value)
        case .preferredPrimaryColumnWidth(let value):
            writeUInt8(SplitPropertyWireTag.preferredPrimaryColumnWidth.rawValue)
            writeOptionalDouble(value)
        case .minimumPrimaryColumnWidth(let value):
            writeUInt8(SplitPropertyWireTag.minimumPrimaryColumnWidth.rawValue)
            writeOptionalDouble(value)
        case .maximumPrimaryColumnWidth(let value):
            writeUInt8(SplitPropertyWireTag.maximumPrimaryColumnWidth.rawValue)
            writeOptionalDouble(value)
        case .showsSecondaryOnlyButton(let value):
            writeUInt8(SplitPropertyWireTag.showsSecondaryOnlyButton.rawValue)
            writeBool(value)
        case .displayModeButtonVisibility(let visibility):
            writeUInt8(SplitPropertyWireTag.displayModeButtonVisibility.rawValue)
            writeUInt8(visibility.rawValue)
        }
    }
}

extension ByteReader {
    /// Consumes a command.
    mutating func readCommand() throws(CodecError) -> NavigationCommand {
        let start = offset
        guard let tag = CommandWireTag(rawValue: try readByte(for: "command.tag")) else {
            throw Self.failure(.unknownTag, at: start, for: "command.tag")
        }
        switch tag {
        case .instantiate:
            return .instantiate(try readSpec())
        case .setSplitViewControllers:
            return .setSplitViewControllers(try readIDs(for: "setSplitViewControllers.list"))
        case .launch:
            return .launch(try readTraits(for: "launch.traits"))
        case .changeTraits:
            return .changeTraits(try readTraits(for: "changeTraits.traits"))
        case .setPreferredDisplayMode:
            return .setPreferredDisplayMode(try readEnum(DisplayMode.self, for: "setPreferredDisplayMode.mode"))
        case .tapDisplayModeButton:
            return .tapDisplayModeButton
        case .edgeSwipe:
            return .edgeSwipe
        case .tapDimmedSecondary:
            return .tapDimmedSecondary
        case .show:
            let target = try readID(for: "show.target")
            return .show(target, sender: try readID(for: "show.sender"))
        case .showDetail:
            let target = try readOptionalID(for: "showDetail.target")
            return .showDetail(target, sender: try readID(for: "showDetail.sender"))
        case .push:
            let controller = try readID(for: "push.controller")
            return .push(controller, onto: try readID(for: "push.onto"))
        case .pop:
            return .pop(try readID(for: "pop.navigation"))
        case .interactivePop:
            let navigation = try readID(for: "interactivePop.navigation")
            return .interactivePop(navigation, completed: try readBool(for: "interactivePop.completed"))
        case .popToRoot:
            return .popToRoot(try readID(for: "popToRoot.navigation"))
        case .popTo:
            let controller = try readID(for: "popTo.controller")
            return .popTo(controller, in: try readID(for: "popTo.navigation"))
        case .setViewControllers:
            let list = try readIDs(for: "setViewControllers.list")
            return .setViewControllers(list, of: try readID(for: "setViewControllers.navigation"))
        case .present:
            return .present(try readID(for: "present.controller"))
        case .dismiss:
            return .dismiss
        case .setProperty:
            return .setProperty(try readProperty())
        case .setViewController:
            let controller = try readOptionalID(for: "setViewController.controller")
            return .setViewController(controller, for: try readEnum(Column.self, for: "setViewController.column"))
        case .showColumn:
            return .showColumn(try readEnum(Column.self, for: "showColumn.column"))
        case .hideColumn:
            return .hideColumn(try readEnum(Column.self, for: "hideColumn.column"))
        case .setPreferredSplitBehavior:
            return .setPreferredSplitBehavior(try readEnum(SplitBehavior.self, for: "setPreferredSplitBehavior.behavior"))
        case .tapSecondaryOnlyButton:
            return .tapSecondaryOnlyButton
        }
    }

    /// Consumes a split property.
    mutating func readProperty() throws(CodecError) -> SplitProperty {
        let start = offset
        guard let tag = SplitPropertyWireTag(rawValue: try readByte(for: "property.tag")) else {
            throw Self.failure(.unknownTag, at: start, for: "property.tag")
        }
        switch tag {
        case .presentsWithGesture:
            return .presentsWithGesture(try readBool(for: "presentsWithGesture"))
        case .primaryEdge:
            return .primaryEdge(try readEnum(PrimaryEdge.self, for: "primaryEdge"))
        case .preferredPrimaryColumnWidthFraction:
            return .preferredPrimaryColumnWidthFraction(try readOptionalDouble(for: "preferredPrimaryColumnWidthFraction"))
        case .preferredPrimaryColumnWidth:
            return .preferredPrimaryColumnWidth(try readOptionalDouble(for: "preferredPrimaryColumnWidth"))
        case .minimumPrimaryColumnWidth:
            return .minimumPrimaryColumnWidth(try readOptionalDouble(for: "minimumPrimaryColumnWidth"))
        case .maximumPrimaryColumnWidth:
            return .maximumPrimaryColumnWidth(try readOptionalDouble(for: "maximumPrimaryColumnWidth"))
        case .showsSecondaryOnlyButton:
            return .showsSecondaryOnlyButton(try readBool(for: "showsSecondaryOnlyButton"))
        case .displayModeButtonVisibility:
            return .displayModeButtonVisibility(try readEnum(ButtonVisibility.self, for: "displayModeButtonVisibility"))
        }
    }
}
