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

    /// Creates a setup.
    public init(device: Device, orientation: Orientation, policy: SplitPolicy, primary: String, secondary: String?) {
        self.device = device
        self.orientation = orientation
        self.policy = policy
        self.primary = primary
        self.secondary = secondary
    }

    /// The split's initial traits.
    public var initialTraits: Traits { device.traits(orientation) }

    /// The description stored in the log header.
    public var sessionDescription: SessionDescription {
        SessionDescription(
            style: .unspecified, initialTraits: initialTraits, policy: policy,
            device: device.rawValue, layout: [primary, secondary].compactMap { $0 }.joined(separator: " | "))
    }

    /// The commands that create and install the split's children (before launch): see
    /// `NavigationCommand.installing(primary:supplementary:secondary:style:)`.
    public func commands() throws(NavTapeError) -> [NavigationCommand] {
        var specs: [ControllerSpec] = []
        for text in [primary, secondary].compactMap({ $0 }) {
            do {
                specs.append(try ControllerSpec.parse(text))
            } catch {
                throw NavTapeError(.invalidArgument, path: "setup", "'\(text)': \(error)")
            }
        }
        guard let first = specs.first else { return [] }
        return NavigationCommand.installing(primary: first, secondary: specs.count > 1 ? specs[1] : nil, style: .unspecified)
    }
}
