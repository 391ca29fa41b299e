import NavigationCore

extension AppModel {
    /// Mullvad VPN on the iPad (`ios/MullvadVPN/Coordinators/ApplicationCoordinator.swift` 58-65,
    /// 489-512 and 921-950, mullvad/mullvadvpn-app d304842116557290d2cd0086216aedc6fdbb1a83, the
    /// parent of 3d357799 "Remove all complexity to do with iPad UI"): a classic split with the
    /// location picker's navigation controller as the primary (on the trailing edge) and the tunnel
    /// screen, a plain controller, as the secondary. Collapsing makes the tunnel screen the only
    /// child (`primaryViewController(forCollapsing:)`), expanding puts the location picker back
    /// (`primaryViewController(forExpanding:)`), and `splitViewControllerDidExpand` dismisses the
    /// location picker presented while collapsed.
    ///
    /// The tunnel screen offers "select location" only in a compact width on the iPad
    /// (`TunnelControlView.swift` 458-475, `(.pad, .compact)`), which presents a second location
    /// picker in its own navigation controller (`presentSelectLocation`, 636-643); choosing a location
    /// there dismisses it (`locationCoordinator.didFinish`, 717-720). Settings are presented by the
    /// router (140-171) from the header bar the split sits under. iPad only: on the iPhone the app
    /// has no split (`if isPad { setupSplitView() }`, 128-136).
    public static let mullvad = AppModel(
        name: "mullvad",
        summary: "Mullvad VPN on the iPad (classic split): location picker and tunnel screen, primary swapped on collapse and expand",
        devices: [.iPad],
        policy: """
            name mullvad; primaryForCollapsing existing Tunnel; collapseSecondary discard; \
            primaryForExpanding existing LocationNav; separateSecondary nil; \
            didExpand then dismiss if presented is SelectLocationNav
            """,
        primary: "LocationNav[Location]",
        secondary: "Tunnel",
        preparation: [
            .setProperty(.minimumPrimaryColumnWidth(300)), .setProperty(.preferredPrimaryColumnWidthFraction(0.3)),
            .setProperty(.primaryEdge(.trailing)), .setPreferredDisplayMode(.allVisible),
        ],
        screens: [
            AppScreen(
                "Tunnel",
                [
                    AppAction(
                        "select location", if: .collapsed,
                        [.present(.navigation("SelectLocationNav", [.content("Location")]))]),
                    AppAction("open settings", weight: 2, [.present(.navigation("SettingsNav", [.content("Settings")]))]),
                ]),
            AppScreen(
                "Location",
                [
                    AppAction(
                        "choose a location", if: .test(.presented, .is(.named("SelectLocationNav"))), [.dismiss])
                ]),
        ])
}
