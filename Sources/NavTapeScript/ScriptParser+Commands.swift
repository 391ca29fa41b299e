import NavTape
import NavigationCore

extension ScriptLine {
    // MARK: setup directives

    mutating func setup(_ setup: inout ScriptSetup) throws(ScriptError) {
        let keyword = tokens[0]
        switch keyword.text {
        case "device":
            let (traits, device) = try environment(device: nil, isSetup: true)
            setup.initialTraits = traits
            setup.device = device
            setup.deviceLabel = device?.rawValue ?? "custom"
        case "style":
            let token = try next("a split style: classic, double-column, triple-column, legacy or manual")
            guard let style = SplitStyle(name: token.text) else {
                throw error(at: token, "unknown style '\(token.text)' (classic, double-column, triple-column, legacy, manual)")
            }
            setup.style = style
        case "supplementary":
            setup.supplementary = try specToken("the supplementary column's tree")
        case "policy":
            try policy(&setup.policy)
        case "primary":
            setup.primary = try specToken("the primary's tree, e.g. MN[M]")
        case "secondary":
            if peek()?.text == "none" {
                cursor += 1
                setup.secondary = nil
            } else {
                setup.secondary = try specToken("the secondary's tree, e.g. DN[D], or none")
            }
        case "start":
            let token = try next("a start time such as 2026-11-22T14:00:00.000Z")
            guard case .absolute(let start)? = SessionTime.parse(token.text) else {
                throw error(at: token, "expected an absolute time such as 2026-11-22T14:00:00.000Z, found '\(token.text)'")
            }
            setup.startTime = start
        case "session":
            setup.sessionID = try next("a session identifier").text
        case _ where SessionOrigin.fieldNames.contains(keyword.text):
            // Who recorded the session: the text to the end of the line (`os iOS 17.4`).
            guard let first = peek() else { throw error(column: endColumn, "expected the \(keyword.text)'s value") }
            let value = rest()
            if let problem = SessionOrigin.problem(with: value) { throw error(at: first, "\(keyword.text): \(problem)") }
            setup.origin[field: keyword.text] = value
        default:
            throw error(at: keyword, "unknown setup directive '\(keyword.text)'")
        }
        try expectEnd()
    }

    /// The rest of a `policy …` line, in the policy language, applied on top of `policy`.
    mutating func policy(_ policy: inout SplitPolicy) throws(ScriptError) {
        guard let first = peek() else { throw error(column: endColumn, "expected a policy preset or a delegate method") }
        let text = rest()
        do {
            policy = try SplitPolicy(parsing: text, onto: policy)
        } catch {
            throw self.error(column: first.column + error.offset, error.message)
        }
    }

    mutating func column() throws(ScriptError) -> Column {
        try one(of: Column.allCases.map { ($0.name, $0) }, "a column (primary, supplementary, secondary, compact)")
    }

    // MARK: environments

    /// `portrait` | `landscape` (the script's device) | `DEVICE ORIENTATION` |
    /// `compact|regular WIDTHxHEIGHT phone|pad [auto|wide|narrow]` |
    /// `multitasking [DEVICE] ORIENTATION FRACTION`. In the `device` directive the orientation is
    /// optional (portrait).
    mutating func environment(device: Device?, isSetup: Bool) throws(ScriptError) -> (Traits, Device?) {
        let token = try next("an environment: portrait, landscape, a device (\(Device.presetNames)), raw traits or multitasking")
        if let preset = Device(rawValue: token.text) {
            let orientation = isSetup && atEnd ? .portrait : try self.orientation()
            return (preset.traits(orientation), preset)
        }
        switch token.text {
        case "portrait", "landscape":
            guard let device else {
                throw error(at: token, "'\(token.text)' needs a device preset: write 'DEVICE \(token.text)' or raw traits")
            }
            return (device.traits(token.text == "portrait" ? .portrait : .landscape), device)
        case "compact", "regular":
            let size = try next("WIDTHxHEIGHT in points, e.g. 414x736")
            let parts = size.text.split(whereSeparator: { $0 == "x" || $0 == "×" })
            guard parts.count == 2, let width = Int32(parts[0]), let height = Int32(parts[1]), width > 0, height > 0 else {
                throw error(at: size, "expected WIDTHxHEIGHT in points, e.g. 414x736, found '\(size.text)'")
            }
            let idiom = try one(of: [("phone", Idiom.phone), ("pad", Idiom.pad)], "phone or pad")
            var sideBySide = SideBySide.byOrientation
            if let hint = peek(), ["auto", "wide", "narrow"].contains(hint.text) {
                cursor += 1
                sideBySide = hint.text == "wide" ? .wide : hint.text == "narrow" ? .narrow : .byOrientation
            }
            let sizeClass: SizeClass = token.text == "compact" ? .compact : .regular
            return (Traits(horizontalSizeClass: sizeClass, width: width, height: height, idiom: idiom, sideBySide: sideBySide), device)
        case "multitasking":
            var preset = device
            if let named = peek().flatMap({ Device(rawValue: $0.text) }) {
                cursor += 1
                preset = named
            }
            guard let preset else { throw error(at: token, "multitasking needs a device preset: write 'multitasking ipad landscape 1/2'") }
            let orientation = try self.orientation()
            let fractionToken = try next("a width fraction: 1/3, 1/2, 2/3 or a decimal")
            guard let fraction = Self.fraction(fractionToken.text), fraction > 0, fraction <= 1 else {
                throw error(at: fractionToken, "expected a width fraction such as 1/3, 1/2, 2/3 or 0.5, found '\(fractionToken.text)'")
            }
            return (preset.multitaskingTraits(orientation, widthFraction: fraction), preset)
        default:
            throw error(at: token, "unknown environment '\(token.text)' (portrait, landscape, \(Device.presetNames), compact, regular, multitasking)")
        }
    }

    mutating func orientation() throws(ScriptError) -> Orientation {
        try one(of: [("portrait", Orientation.portrait), ("landscape", .landscape)], "portrait or landscape")
    }

    static func fraction(_ text: String) -> Double? {
        let parts = text.split(separator: "/")
        if parts.count == 2, let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 {
            return numerator / denominator
        }
        return parts.count == 1 ? Double(text) : nil
    }
}
