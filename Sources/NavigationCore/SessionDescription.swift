/// What a recorded session started from: the split's style and traits, the delegate policy, the
/// device and the initial layout, and who recorded it. A log's header stores it (NavigationCodec
/// encodes it), so a replay or a what-if run can rebuild the same starting point.
public struct SessionDescription: Hashable, Sendable {
    /// How the split was created.
    public var style: SplitStyle
    /// The traits the session started in.
    public var initialTraits: Traits
    /// The delegate policy `decide` ran under.
    public var policy: SplitPolicy
    /// The device preset's name (such as `iphone-plus`), or any label.
    public var device: String
    /// A human description of the initial layout, such as `MN[M] | DN[D]` in bracket notation.
    public var layout: String
    /// Who recorded the session (the app, its version and build, the OS, the device model), as far
    /// as its recorder said.
    public var origin: SessionOrigin

    /// Creates a description.
    public init(
        style: SplitStyle, initialTraits: Traits, policy: SplitPolicy, device: String, layout: String,
        origin: SessionOrigin = .unknown
    ) {
        self.style = style
        self.initialTraits = initialTraits
        self.policy = policy
        self.device = device
        self.layout = layout
        self.origin = origin
    }
}
