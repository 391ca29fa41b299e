import NavigationCore

/// Commands of every kind, built from the vocabulary's signatures alone: for each parameter type a
/// few values (every property, both flags, `nil` and a minted controller), so that every form's
/// round-trip test covers a new command without being edited.
public enum CommandSamples {
    /// At least one command of every ``CommandKind``, several for parameters with several shapes.
    public static var all: [NavigationCommand] {
        CommandKind.allCases.flatMap { kind in
            combinations(kind.signature.parameters.map { values(of: $0.type) })
                .compactMap { NavigationCommand(kind: kind, arguments: $0) }
        }
    }

    /// Sample values of a parameter type.
    public static func values(of type: CommandParameterType) -> [CommandArgument] {
        switch type {
        case .controller: return [.controller(ControllerID(app: 3)), .controller(ControllerID(minted: 1))]
        case .optionalController: return [.optionalController(ControllerID(app: 7)), .optionalController(nil)]
        case .controllers: return [.controllers([ControllerID(app: 1), ControllerID(minted: 2)]), .controllers([])]
        case .tree:
            return [
                .tree(.navigation("MN", restorationID: "MainNC", [.content("M"), .content("Détail名")])),
                .tree(ControllerSpec(.tabBar, "Tabs")),
            ]
        case .traits:
            var narrow = Device.iPad.multitaskingTraits(.landscape, widthFraction: 0.5)
            narrow.sideBySide = .narrow
            return [.traits(Device.iPhonePlus.traits(.landscape)), .traits(narrow)]
        case .displayMode: return DisplayMode.allCases.map(CommandArgument.displayMode)
        case .column: return Column.allCases.map(CommandArgument.column)
        case .splitBehavior: return SplitBehavior.allCases.map(CommandArgument.splitBehavior)
        case .property:
            return SplitProperty.Name.allCases.flatMap { name -> [CommandArgument] in
                let values: [SplitProperty.Value]
                switch name.valueType {
                case .bool: values = [.bool(false), .bool(true)]
                case .edge: values = PrimaryEdge.allCases.map(SplitProperty.Value.edge)
                case .points: values = [.points(nil), .points(0.25), .points(320)]
                case .visibility: values = ButtonVisibility.allCases.map(SplitProperty.Value.visibility)
                }
                return values.compactMap { SplitProperty(name: name, value: $0).map(CommandArgument.property) }
            }
        case .flag: return [.flag(true), .flag(false)]
        case .text: return [.text("detailModified"), .text("Sélection")]
        case .policy: return policies.map(CommandArgument.policy)
        }
    }

    /// Each value list's items, but no cross product beyond the first item of the others: enough to
    /// see every value in place without thousands of commands.
    static func combinations(_ lists: [[CommandArgument]]) -> [[CommandArgument]] {
        guard !lists.isEmpty else { return [[]] }
        let base = lists.map { $0[0] }
        var result = [base]
        for (i, list) in lists.enumerated() {
            for value in list.dropFirst() {
                var variant = base
                variant[i] = value
                result.append(variant)
            }
        }
        return result
    }

    /// Policies that use every method, answer, condition and pattern of the policy language.
    public static let policies: [SplitPolicy] = [
        .noDelegate, .calendarPaste(), .template(), .mergeStacks, .swiftDelegate(named: "WordPressDelegate"),
        """
        name every-answer; primaryForCollapsing secondary if collapsed else existing Master:navigation else nil else fresh M2; \
        collapseSecondary discard if flag detailDimmed else merge if flag detailModified and not secondary deeper than 3 \
        else mergeTop if secondary top is Article else filter List|Conversation if secondary is Photo else keep; \
        primaryForExpanding nil; \
        separateSecondary unmerge firstNested or after BlogList|BlogDetails or from Post or top wrap DetailNC@WPDetail \
        else fresh NoSelectionNC@NoSelectionNC[NoSelection] if not (primary contains Photo or primary nestedTop is *:navigation) \
        else nil; \
        targetDisplayMode allVisible if landscape else automatic; showOverride handled if target is *@Modal; \
        showDetailOverride notHandled; topColumnForCollapsing secondary if proposed secondary and flag articleSelected \
        else supplementary if flag feedSelected else primary; displayModeForExpanding proposed if portrait else twoBesideSecondary; \
        shouldHide show if landscape else hide; implementsWillHide true
        """,
        """
        name every-action; collapseSecondary discard then preferredDisplayMode automatic then flag collapsedOnce true \
        then set preferredPrimaryColumnWidthFraction 0.4 if secondary shows nothing else keep; \
        separateSecondary nil then preferredSplitBehavior tile then set presentsWithGesture false; \
        showDetailOverride handled then push target wrapped DetailNav@DetailNC onto primary if collapsed \
        else handled then replaceSecondary target wrapped DetailNav if not target showsSameItemAs secondary \
        else handled then push target unwrapped onto DetailNav:navigation else notHandled then showDetail target; \
        showOverride handled then present target wrapped ModalNav if target is *@Modal; \
        didCollapse then pop primary then popToRoot MasterNav if presented is About; \
        didExpand then dismiss if presented shows settings; didShow then flag rooted false if navigation is MasterNav and target is Rooms
        """,
    ]
}
