import NavigationCore

/// Hand-picked values covering every case of every encoded type, with edge values: what the codec
/// tests round-trip, and what event text is checked over.
public enum EventSamples {
    public static let ids: [ControllerID] = [
        ControllerID(app: 0), ControllerID(app: 1), ControllerID(app: 63), ControllerID(app: 64),
        ControllerID(app: 8_191), ControllerID(rawValue: 0x7FFF_FFFF),
        ControllerID(minted: 0), ControllerID(minted: 5), ControllerID(rawValue: 0xFFFF_FFFF),
    ]
    public static let a = ControllerID(app: 3), nav = ControllerID(app: 1), minted = ControllerID(minted: 2)
    public static let maxApp = ControllerID(rawValue: 0x7FFF_FFFF), maxMinted = ControllerID(rawValue: 0xFFFF_FFFF)

    public static let longString = String(repeating: "Pâté 🍝 ", count: 1_500)
    public static let strings = ["", "Paste", "Ünïcødé 名前 🚀", "nul\u{0}inside", "e\u{301}", longString]

    public static let traits: [Traits] = {
        var result = [
            Device.iPhone.traits(.portrait), Device.iPad.traits(.landscape),
            Device.iPad.multitaskingTraits(.landscape, widthFraction: 0.5),
        ]
        for sizeClass in SizeClass.allCases {
            for idiom in Idiom.allCases {
                for sideBySide in [SideBySide.byOrientation, .wide, .narrow] {
                    result.append(Traits(horizontalSizeClass: sizeClass, width: .max, height: .min, idiom: idiom, sideBySide: sideBySide))
                }
            }
        }
        result.append(Traits(horizontalSizeClass: .compact, width: 0, height: -1, idiom: .phone))
        return result
    }()

    public static let doubles: [Double?] = [nil, 0, -0.0, 0.5, 1.0 / 3.0, 320, -5, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude]

    public static let properties: [SplitProperty] = {
        var result: [SplitProperty] = [.presentsWithGesture(true), .presentsWithGesture(false), .primaryEdge(.leading), .primaryEdge(.trailing)]
        for value in doubles {
            result += [
                .preferredPrimaryColumnWidthFraction(value), .preferredPrimaryColumnWidth(value),
                .minimumPrimaryColumnWidth(value), .maximumPrimaryColumnWidth(value),
            ]
        }
        result += [.showsSecondaryOnlyButton(true), .showsSecondaryOnlyButton(false)]
        result += ButtonVisibility.allCases.map { .displayModeButtonVisibility($0) }
        return result
    }()

    public static let specs: [ControllerSpec] = [
        .content(""),
        .content("Paste", restorationID: "PasteVC"),
        .navigation("NoSelectionNC", restorationID: "NoSelectionNC", [.content("NoSelection")]),
        .navigation("MN", [.content("M"), .navigation("DN", [.content("D", restorationID: "名前")])]),
        ControllerSpec(.tabBar, "Tabs"),
        ControllerSpec(.split, "Split", restorationID: ""),
        ControllerSpec(.content, "Odd", children: [.content("Child")]),
        deepSpec(depth: 63),
    ]

    /// `depth` nested navigation controllers above a content leaf (the leaf sits at `depth`).
    public static func deepSpec(depth: Int) -> ControllerSpec {
        var spec = ControllerSpec.content("Leaf")
        for level in 0..<depth { spec = .navigation("N\(level)", [spec]) }
        return spec
    }

    public static let resolutions: [ShowResolution] = [
        .pushed(onto: nav), .pushed(onto: maxMinted), .installedAsPrimary, .installedAsSecondary,
        .presentedModally, .handledByDelegate, .unchanged, .replacedStack(of: nav), .replacedStack(of: maxMinted),
    ]

    public static let columnResolutions: [ColumnResolution] = [
        .installed, .wrapped(in: minted), .wrapped(in: maxMinted), .pushed(onto: nav), .pushed(onto: maxApp), .cleared,
    ]

    /// At least one command of every kind.
    public static let commands: [NavigationCommand] = {
        var result: [NavigationCommand] = specs.map { .instantiate($0) }
        result += [.setSplitViewControllers([]), .setSplitViewControllers([a]), .setSplitViewControllers(ids)]
        result += traits.prefix(3).flatMap { [NavigationCommand.launch($0), .changeTraits($0)] }
        result += DisplayMode.allCases.map { .setPreferredDisplayMode($0) }
        result += [.tapDisplayModeButton, .edgeSwipe, .tapDimmedSecondary, .dismiss]
        result += [.show(a, sender: nav), .show(maxMinted, sender: maxApp)]
        result += [.showDetail(nil, sender: a), .showDetail(minted, sender: nav), .showDetail(maxMinted, sender: maxMinted)]
        result += [.push(a, onto: nav), .push(maxApp, onto: maxMinted), .pop(nav), .pop(maxMinted)]
        result += [.interactivePop(nav, completed: true), .interactivePop(minted, completed: false)]
        result += [.popToRoot(nav), .popTo(a, in: nav), .setViewControllers([], of: nav), .setViewControllers(ids, of: minted)]
        result += [.present(a), .present(maxMinted)]
        result += properties.map { .setProperty($0) }
        for column in Column.allCases {
            result += [
                .setViewController(nil, for: column), .setViewController(a, for: column),
                .setViewController(maxMinted, for: column), .showColumn(column), .hideColumn(column),
            ]
        }
        result += SplitBehavior.allCases.map { .setPreferredSplitBehavior($0) }
        result.append(.tapSecondaryOnlyButton)
        result += [.setFlag("detailModified", true), .setFlag("", false), .setFlag("名前", true)]
        result += CommandSamples.policies.map { .setPolicy($0) }
        // Every kind, from the vocabulary's signatures alone (a new command is covered unedited).
        result += CommandSamples.all
        return result
    }()

    /// At least one event of every kind, with edge values.
    public static let events: [NavigationEvent] = {
        var result: [NavigationEvent] = strings.map { .nameInterned($0) }
        for kind in ControllerKind.allCases {
            result += [
                .controllerCreated(a, kind: kind, name: NameID(rawValue: 0), restorationID: nil),
                .controllerCreated(minted, kind: kind, name: NameID(rawValue: 7), restorationID: NameID(rawValue: 0)),
            ]
        }
        result += [
            .controllerCreated(maxMinted, kind: .navigation, name: NameID(rawValue: .max), restorationID: NameID(rawValue: .max)),
            .controllerCreated(maxApp, kind: .content, name: NameID(rawValue: .max - 1), restorationID: nil),
        ]
        result += [.stackInitialized(nav, []), .stackInitialized(nav, [a]), .stackInitialized(maxMinted, ids)]
        result += traits.flatMap { [NavigationEvent.launched($0), .traitsChanged($0)] }
        result += properties.map { .propertySet($0) }
        result += DisplayMode.allCases.map { .preferredDisplayModeSet($0) }
        for mode in DisplayMode.allCases {
            for cause in DisplayModeCause.allCases { result.append(.displayModeChanged(mode, cause: cause)) }
        }
        for secondary in [nil, a, maxMinted] { result.append(.splitViewControllersSet(primary: nav, secondary: secondary)) }
        result.append(.splitViewControllersSet(primary: maxApp, secondary: maxApp))
        for outcome in CollapseOutcome.allCases {
            for atLaunch in [false, true] {
                result.append(.collapsed(CollapseResolution(newPrimary: nav, outcome: outcome, atLaunch: atLaunch)))
            }
        }
        result.append(.collapsed(CollapseResolution(newPrimary: maxMinted, outcome: .mergedByDelegate, atLaunch: true)))
        for source in SeparateSource.allCases {
            for secondary in [nil, a, maxMinted] {
                result.append(.separated(SeparateResolution(newPrimary: nav, secondary: secondary, source: source)))
            }
        }
        for resolution in resolutions {
            result.append(.shown(a, sender: nav, resolution: resolution))
            result.append(.shown(maxMinted, sender: maxApp, resolution: resolution))
            for target in [nil, a, maxMinted] {
                result.append(.detailShown(target, sender: nav, resolution: resolution))
            }
        }
        for id in ids {
            result += [
                .pushed(id, onto: nav), .pushed(a, onto: id), .popped(navigation: id, interactive: false),
                .popped(navigation: id, interactive: true), .poppedToRoot(navigation: id), .poppedTo(a, navigation: id),
                .presented(id), .dismissed(id),
            ]
        }
        result += [.stackSet([], navigation: nav), .stackSet([a], navigation: maxMinted), .stackSet(ids + ids, navigation: minted)]
        result += [
            .stackSet([a], navigation: nav, transition: .push), .stackSet([], navigation: maxMinted, transition: .pop),
            .stackSet(ids, navigation: minted, transition: .none),
        ]
        result += [.flagSet(NameID(rawValue: 0), value: true), .flagSet(NameID(rawValue: .max), value: false)]
        result += CommandSamples.policies.map { .policyChanged($0) }
        result += [.controllerReleased(minted), .controllerReleased(maxMinted), .controllerReleased(a)]
        result += [.detailMarked(a), .detailMarked(maxMinted)]
        result += [
            .itemRepresented(a, item: NameID(rawValue: 0)), .itemRepresented(maxMinted, item: NameID(rawValue: .max)), .itemRepresented(minted, item: nil),
        ]
        result += [
            .diverged(
                Divergence(
                    aspect: .viewControllers, observed: .controllers([.controller(a), .unmatched(name: NameID(rawValue: .max))]),
                    model: .controllers([.controller(maxMinted)]), rules: [RuleID(.SH, 11), RuleID(.BUG, 6)])),
            .diverged(
                Divergence(
                    aspect: .stack(of: .controller(nav)), observed: .controllers([]), model: .controllers(ids.map { .controller($0) }),
                    rules: [])),
            .diverged(Divergence(aspect: .collapsed, observed: .flag(false), model: .flag(true), rules: [RuleID(.CO, 2)])),
        ]
        result += [
            .resynced(Resync()), .resynced(Resync(stacks: [Resync.Stack(navigation: nav, viewControllers: [a, maxMinted])])),
            .resynced(
                Resync(
                    viewControllers: [nav, minted],
                    stacks: [Resync.Stack(navigation: minted, viewControllers: ids), Resync.Stack(navigation: nav, viewControllers: [])],
                    displayMode: .secondaryOnly)),
            .resynced(Resync(viewControllers: [], displayMode: .automatic)),
        ]
        for (index, command) in commands.enumerated() {
            let reason = RejectionReason.allCases[index % RejectionReason.allCases.count]
            let ignoreReason = IgnoreReason.allCases[index % IgnoreReason.allCases.count]
            let subject = index.isMultiple(of: 3) ? nil : ids[index % ids.count]
            result += [.rejected(command, reason: reason, subject: subject), .ignored(command, reason: ignoreReason, subject: subject)]
        }
        for column in Column.allCases {
            for resolution in columnResolutions {
                for controller in [nil, a, maxMinted] {
                    result.append(.columnSet(controller, column: column, resolution: resolution))
                }
            }
            result += [.columnShown(column), .columnHidden(column), .columnStacked(column), .columnUnstacked(column)]
        }
        result += SplitBehavior.allCases.flatMap { [NavigationEvent.preferredSplitBehaviorSet($0), .splitBehaviorChanged($0)] }
        result += DelegateNotification.allCases.map { .delegateNotified($0) }
        result += RejectionReason.allCases.map { .rejected(.dismiss, reason: $0, subject: nil) }
        result += IgnoreReason.allCases.map { .ignored(.dismiss, reason: $0, subject: maxMinted) }
        return result
    }()
}
