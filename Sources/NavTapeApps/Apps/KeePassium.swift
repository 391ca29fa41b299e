import NavigationCore

extension AppModel {
    /// KeePassium (keepassium/KeePassium be22b061, the last classic split before 6a71e7bc): the
    /// database picker at the root of the primary router's stack; selecting a database shows its
    /// unlocker with `RootSplitVC.setDetailRouter` (`viewControllers = [primary, nav]` expanded, a
    /// navigation controller pushed onto the collapsed primary); unlocking pushes the root group onto
    /// the primary and swaps the split's delegate to `DatabaseViewerCoordinator` until that group is
    /// popped; an entry is shown as its own navigation controller the same way.
    ///
    /// The delegate swap is the flag `databaseOpen`, set when the database is unlocked and cleared by the
    /// policy's didShow (the root group's pop handler), which the policy's database-viewer rules read
    /// (see `Tests/NavTapeScriptTests/RealAppDelegates+PortsB.swift`, KeePassiumDelegate). Steps act on the
    /// acting screen's own navigation controller, so unlocking (which pushes onto the primary from the
    /// unlocker in the secondary) is offered by the picker beside it, expanded; the scripts unlock
    /// collapsed too.
    public static let keePassium = AppModel(
        name: "keepassium",
        summary: "KeePassium (classic split, two delegates swapped while a database is open): database picker, unlocker, groups, entries",
        devices: [.iPhonePlus, .iPad],
        policy: keePassiumPolicy,
        primary: "PrimaryNav[Picker]",
        secondary: "PlaceholderNav[Placeholder]",
        // MainCoordinator.init: `_rootSplitVC.maximumPrimaryColumnWidth = 700`; RootSplitVC.viewDidLoad:
        // `self.preferredDisplayMode = .oneBesideSecondary`.
        preparation: [.setProperty(.maximumPrimaryColumnWidth(700)), .setPreferredDisplayMode(.oneBesideSecondary)],
        screens: [
            AppScreen(
                "Picker",
                [
                    // _showDatabaseUnlocker → setDetailRouter(router): collapsed, `primaryNavVC.pushViewController(
                    // router.navigationController)`; expanded, `viewControllers = [primary, nav]`, which UIKit's
                    // showDetail of a navigation controller does too (SH-11).
                    AppAction("select a database", if: .collapsed, [.flag("unlockerShown", true), .push(unlocker)]),
                    AppAction("select a database", if: .not(.collapsed), [.flag("unlockerShown", true), .showDetail(unlocker)]),
                    AppAction("open the settings", weight: 3, [.present(.navigation("SettingsNav", [.content("Settings")]))]),
                    // didUnlockDatabase → _showDatabaseViewer: DatabaseViewerCoordinator.start() (`delegate = self`,
                    // the root group pushed onto the primary, showEntry(nil): the viewer's placeholder as the
                    // detail), then _deallocateDatabaseUnlocker().
                    AppAction(
                        "unlock the database",
                        if: .all([.not(.collapsed), .flag("unlockerShown"), .test(.secondary, .is(.named("UnlockerNav")))]),
                        [
                            .flag("databaseOpen", true), .push(.content("Group")), .showDetail(databasePlaceholder),
                            .flag("unlockerShown", false),
                        ]),
                    // didLeaveDatabase: `if !_rootSplitVC.isCollapsed { _setDatabase(_selectedDatabaseRef …) }`,
                    // the unlocker of the database just closed. It runs right after Back lands on the picker
                    // (the policy's didShow gave the split back to MainCoordinator); a reaction cannot ask
                    // whether the split is collapsed, so it is an action only that state offers, chosen first.
                    AppAction(
                        "(app) show the closed database's unlocker", weight: 1_000_000,
                        if: .all([
                            .not(.collapsed), .not(.flag("databaseOpen")),
                            .test(.secondary, .is(ControllerMatch(names: ["EntryNav", "DBPlaceholderNav"]))),
                        ]),
                        [.flag("unlockerShown", true), .showDetail(unlocker)]),
                ]),
            AppScreen(
                "Group",
                [
                    AppAction("open a subgroup", [.push(.content("Group"))]),
                    // showEntry(entry) → setDetailRouter(entryViewerRouter).
                    AppAction("select an entry", if: .collapsed, [.push(entry)]),
                    AppAction("select an entry", if: .not(.collapsed), [.showDetail(entry)]),
                    // _lockDatabase → closeDatabase → stop(): the primary router pops back to the picker.
                    AppAction("lock the database", weight: 3, [.popToRoot]),
                ]),
            AppScreen(
                "Entry",
                [
                    // EntryViewerCoordinator: the attachment preview and a history entry are pushed by its router.
                    AppAction("preview an attachment", weight: 5, [.push(.content("Preview"))]),
                    AppAction("open a history entry", weight: 5, [.push(.content("HistoryEntry"))]),
                ]),
        ],
        // presentsWithGesture is left on; no displayModeButtonItem is put in a bar.
        gestures: AppGestures(button: 0))

    /// MainCoordinator's and DatabaseViewerCoordinator's methods, one rule set each, the second guarded
    /// by the flag the swap sets.
    static let keePassiumPolicy: SplitPolicy = """
        name keepassium; primaryForCollapsing existing PrimaryNav; primaryForExpanding existing PrimaryNav; \
        collapseSecondary discard if flag databaseOpen and secondary is DBPlaceholderNav else keep if flag databaseOpen \
        else discard if secondary is Placeholder or secondary top is Placeholder else keep; \
        separateSecondary unmerge top wrap EntryNav if flag databaseOpen and primary top is EntryNav \
        else existing DBPlaceholderNav if flag databaseOpen else fresh DBPlaceholderNav[Placeholder] if flag databaseOpen \
        else unmerge top wrap UnlockerNav if flag unlockerShown and primary top is UnlockerNav \
        else existing UnlockerNav if flag unlockerShown else existing PlaceholderNav; \
        didShow then flag databaseOpen false if flag databaseOpen and navigation is PrimaryNav and target is Picker
        """

    private static let unlocker = ControllerSpec.navigation("UnlockerNav", [.content("Unlocker")])
    private static let entry = ControllerSpec.navigation("EntryNav", [.content("Entry")])
    private static let databasePlaceholder = ControllerSpec.navigation("DBPlaceholderNav", [.content("Placeholder")])
}
