import NavigationCodec
import NavigationCore

/// How a recorded session starts: the device and orientation, the delegate policy, and the split's
/// children in bracket notation. The log header stores it; replay starts from it.
public struct SessionSetup: Hashable, Sendable {
    /// The device.
    public var device: Device
    /// The starting orientation.
    public var orientation: Orientation
    /// The delegate policy.
    public var policy: SplitPolicy
    /// The primary's tree, e.g. `MN[M]`.
    public var primary: String
    /// The secondary's tree, e.g. `DN[D]`, or `nil` for none.
    public var secondary: String?
    /// How the split is created (classic unless said).
    public var style: SplitStyle
    /// The supplementary column's tree (triple column), if any.
    public var supplementary: String?

    /// Creates a setup.
    public init(
        device: Device, orientation: Orientation, policy: SplitPolicy, primary: String, secondary: String?,
        style: SplitStyle = .unspecified, supplementary: String? = nil
    ) {
        self.device = device
        self.orientation = orientation
        self.policy = policy
        self.primary = primary
        self.secondary = secondary
        self.style = style
        self.supplementary = supplementary
    }

    /// The split's initial traits.
    public var initialTraits: Traits { device.traits(orientation) }

    /// The description stored in the log header.
    public var sessionDescription: SessionDescription {
        SessionDescription(
            style: style, initialTraits: initialTraits, policy: policy,
            device: device.rawValue, layout: [primary, supplementary, secondary].compactMap { $0 }.joined(separator: " | "))
    }

    /// The commands that create and install the split's children (before launch): see
    /// `NavigationCommand.installing(primary:supplementary:secondary:style:)`.
    public func commands() throws(NavTapeError) -> [NavigationCommand] {
        func parse(_ text: String?) throws(NavTapeError) -> ControllerSpec? {
            guard let text else { return nil }
            do {
                return try ControllerSpec.parse(text)
            } catch {
                throw NavTapeError(.invalidArgument, path: "setup", "'\(text)': \(error)")
            }
        }
        guard let first = try parse(primary) else { return [] }
        return NavigationCommand.installing(primary: first, supplementary: try parse(supplementary), secondary: try parse(secondary), style: style)
    }
}
