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
        SessionDescription(style: .unspecified, initialTraits: initialTraits, policy: policy,
                           device: device.rawValue, layout: [primary, secondary].compactMap { $0 }.joined(separator: " | "))
    }

    /// The commands that create and install the split's children (before launch).
    public func commands() throws(NavTapeError) -> [NavigationCommand] {
        var result: [NavigationCommand] = []
        var next = 0
        var roots: [ControllerID] = []
        for text in [primary, secondary].compactMap({ $0 }) {
            let spec: ControllerSpec
            do {
                spec = try ControllerSpec.parse(text)
            } catch {
                throw NavTapeError(.invalidArgument, path: "setup", "'\(text)': \(error)")
            }
            roots.append(ControllerID(app: next))
            next += spec.count
            result.append(.instantiate(spec))
        }
        result.append(.setSplitViewControllers(roots))
        return result
    }
}

/// What a checkpoint stores: the state after `index` events and its hash, for seeks and for
/// verifying deterministic replay.
enum Checkpoint {
    static let version: UInt8 = 1

    /// `[version][hash: 8 bytes LE][state]`.
    static func encode(_ state: NavigationState, hash stored: UInt64? = nil) -> [UInt8] {
        var bytes: [UInt8] = [version]
        let hash = stored ?? StateCodec.hash(state)
        for i in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: hash >> (8 * UInt64(i)))) }
        bytes += StateCodec.encode(state)
        return bytes
    }

    /// The stored hash and state.
    static func decode(_ bytes: [UInt8]) throws(CodecError) -> (hash: UInt64, state: NavigationState) {
        guard bytes.count >= 9 else { throw CodecError(.truncated, at: bytes.count, "checkpoint header") }
        guard bytes[0] == version else { throw CodecError(.invalidValue, at: 0, "checkpoint version \(bytes[0])") }
        var hash: UInt64 = 0
        for i in 0..<8 { hash |= UInt64(bytes[1 + i]) << (8 * UInt64(i)) }
        let state = try StateCodec.decode(Array(bytes[9...]))
        return (hash, state)
    }
}
