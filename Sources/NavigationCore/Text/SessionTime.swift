/// Times in scripts and on the command line: milliseconds since the Unix epoch, written as
/// ISO 8601 UTC (`2026-11-22T14:02:31.250Z`), as a bare millisecond count, or relative
/// (`+250ms`, `+2s`, `+1.5s`, `+3m`).
///
/// Pure arithmetic on the proleptic Gregorian calendar (no Foundation, no time zones), so the
/// same text gives the same instant on every machine.
public enum SessionTime {
    /// What a time token means.
    public enum Value: Hashable, Sendable {
        /// An instant, in milliseconds since the Unix epoch.
        case absolute(Int64)
        /// A duration in milliseconds after a reference point (the previous command, or the start).
        case relative(Int64)
    }

    /// The default start of a script's session: `2026-11-22T14:00:00.000Z`.
    public static let defaultStart: Int64 = 1_795_356_000_000

    /// Parses `+250ms`, `+2s`, `+1.5s`, `+3m`, `2026-11-22T14:02:31.250Z` or `1795442400000`.
    /// Returns `nil` for anything else (or a value out of range).
    public static func parse(_ text: String) -> Value? {
        if text.hasPrefix("+") {
            return parseDuration(text.dropFirst()).map(Value.relative)
        }
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            return Int64(text).map(Value.absolute)
        }
        return parseISO(text).map(Value.absolute)
    }

    /// Parses a duration without its sign: `250ms`, `2s`, `1.5s`, `3m`, bare seconds `2.5`, or the
    /// compound form ``offset(_:)`` prints (`1h10m06.464s`, `48d16h23m30.464s`).
    public static func parseDuration(_ text: Substring) -> Int64? {
        if let simple = parseSimpleDuration(text) { return simple }
        // Compound: digits and a unit, in the order d, h, m, s; only the seconds may have a fraction.
        let units: [(Character, Double)] = [("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1_000)]
        var rest = text, next = 0, total = 0.0, parts = 0
        while !rest.isEmpty {
            let number = rest.prefix { ($0 >= "0" && $0 <= "9") || $0 == "." }
            rest = rest.dropFirst(number.count)
            guard !number.isEmpty, let unit = rest.first,
                let position = units[next...].firstIndex(where: { $0.0 == unit }),
                unit == "s" || !number.contains("."), let value = Double(number)
            else { return nil }
            total += value * units[position].1
            next = position + 1
            parts += 1
            rest = rest.dropFirst()
            if unit == "s" && !rest.isEmpty { return nil }
        }
        guard parts >= 2, total.isFinite, total < 1e15 else { return nil }
        return Int64(total.rounded())
    }

    static func parseSimpleDuration(_ text: Substring) -> Int64? {
        let units: [(String, Double)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000)]
        var number = text
        var scale = 1_000.0
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            number = text.dropLast(suffix.count)
            scale = factor
            break
        }
        guard !number.isEmpty, number.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == 46 }),
            let value = Double(number), value.isFinite
        else { return nil }
        let milliseconds = (value * scale).rounded()
        guard milliseconds >= 0, milliseconds < 1e15 else { return nil }
        return Int64(milliseconds)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z` (UTC only).
    public static func parseISO(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int64 = 0
            for i in range {
                guard bytes[i] >= 48 && bytes[i] <= 57 else { return nil }
                value = value * 10 + Int64(bytes[i] - 48)
            }
            return value
        }
        func byte(_ i: Int, _ expected: Character) -> Bool { i < bytes.count && bytes[i] == expected.asciiValue }
        guard bytes.count >= 20, byte(4, "-"), byte(7, "-"), byte(10, "T"), byte(13, ":"), byte(16, ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        var i = 19
        var millis: Int64 = 0
        if byte(i, ".") {
            var digits = 0
            i += 1
            while i < bytes.count, bytes[i] >= 48 && bytes[i] <= 57 {
                if digits < 3 { millis = millis * 10 + Int64(bytes[i] - 48) }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            if digits < 3 { for _ in digits..<3 { millis *= 10 } }
        }
        guard byte(i, "Z"), i == bytes.count - 1 else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1_000 + millis
    }

    /// `2026-11-22T14:02:31.250Z`.
    public static func iso8601(_ milliseconds: Int64) -> String {
        let dayMillis: Int64 = 86_400_000
        var days = milliseconds / dayMillis
        var rest = milliseconds % dayMillis
        if rest < 0 {
            rest += dayMillis
            days -= 1
        }
        let (year, month, day) = civilFromDays(days)
        let hour = rest / 3_600_000, minute = rest / 60_000 % 60, second = rest / 1_000 % 60, millis = rest % 1_000
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: Swift.max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(millis, 3))Z"
    }

    /// `12.500s`: a duration, the ``offset(_:)`` without its sign.
    public static func duration(_ milliseconds: Int64) -> String { String(offset(milliseconds).dropFirst()) }

    /// `+12.250s`: a duration in seconds with milliseconds.
    public static func offset(_ milliseconds: Int64) -> String {
        var text = TextWriter(capacity: 24)
        writeOffset(milliseconds, to: &text)
        return text.text
    }

    /// Appends ``offset(_:)``'s text to `text`: every line of `log` and `timeline` carries one.
    public static func writeOffset(_ milliseconds: Int64, to text: inout TextWriter) {
        let magnitude = milliseconds.magnitude
        let seconds = magnitude / 1_000, minutes = seconds / 60, hours = minutes / 60, days = hours / 24
        text.append(ascii: milliseconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        // Under a minute: seconds (`+12.500s`); longer: `+1h10m06.464s`, `+48d16h23m30.464s`.
        if seconds < 60 {
            text.append(seconds)
        } else {
            if days > 0 {
                text.append(days)
                text.append(ascii: UInt8(ascii: "d"))
                text.append(hours % 24, width: 2)
                text.append(ascii: UInt8(ascii: "h"))
            } else if hours > 0 {
                text.append(hours)
                text.append(ascii: UInt8(ascii: "h"))
            }
            text.append(minutes % 60, width: days > 0 || hours > 0 ? 2 : 1)
            text.append(ascii: UInt8(ascii: "m"))
            text.append(seconds % 60, width: 2)
        }
        text.append(ascii: UInt8(ascii: "."))
        text.append(magnitude % 1_000, width: 3)
        text.append(ascii: UInt8(ascii: "s"))
    }

    static func isLeap(_ year: Int64) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (H. Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date (year, month, day) of a day count since 1970-01-01, proleptic Gregorian
    /// (H. Hinnant's `civil_from_days`).
    public static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension SessionTime.Value {
    /// Milliseconds since the epoch, a relative time counted from `start`.
    public func milliseconds(from start: Int64) -> Int64 {
        switch self {
        case .absolute(let time): time
        case .relative(let offset): start + offset
        }
    }
}
