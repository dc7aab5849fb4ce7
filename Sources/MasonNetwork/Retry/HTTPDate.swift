import Foundation

/// Reading and writing HTTP-dates (RFC 9110 §5.6.7) without a locale or a `DateFormatter`: the civil
/// calendar arithmetic is done by hand (proleptic Gregorian, UTC).
enum HTTPDate {
    private static let shortDays = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
    private static let longDays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date of an IMF-fixdate, RFC 850 or asctime value, or `nil`.
    static func parse(_ value: String, now: Date) -> Date? {
        let parts = value.split(separator: " ").map { $0.lowercased() }
        guard let first = parts.first else { return nil }
        if first.hasSuffix(",") {
            let day = String(first.dropLast())
            if parts.count == 6, shortDays.contains(day), parts[5] == "gmt" {
                // Sun, 06 Nov 1994 08:49:37 GMT
                guard parts[3].count == 4, let year = Int(parts[3]) else { return nil }
                return make(year: year, month: parts[2], day: parts[1], time: parts[4])
            }
            if parts.count == 4, longDays.contains(day), parts[3] == "gmt" {
                // Sunday, 06-Nov-94 08:49:37 GMT
                let date = parts[1].split(separator: "-", omittingEmptySubsequences: false).map(String.init)
                guard date.count == 3, date[2].count == 2, let shortYear = Int(date[2]) else { return nil }
                return make(year: fullYear(shortYear, now: now), month: date[1], day: date[0], time: parts[2])
            }
            return nil
        }
        // Sun Nov  6 08:49:37 1994
        guard parts.count == 5, shortDays.contains(first), parts[4].count == 4, let year = Int(parts[4])
        else { return nil }
        return make(year: year, month: parts[1], day: parts[2], time: parts[3])
    }

    /// The IMF-fixdate of `date`, its fraction of a second dropped.
    static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        let weekday = ((days % 7) + 11) % 7  // 1970-01-01 was a Thursday (4)
        return "\(dayNames[weekday]), \(twoDigits(day)) \(monthNames[month - 1]) \(year) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60)) GMT"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// A date from its parts, or `nil` when a part is malformed or out of range.
    private static func make(year: Int, month monthName: String, day dayText: String, time: String) -> Date? {
        guard let monthIndex = months.firstIndex(of: monthName),
            (1...2).contains(dayText.count), let day = digits(dayText)
        else { return nil }
        let month = monthIndex + 1
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let hour = digits(clock[0]), let minute = digits(clock[1]), let second = digits(clock[2]),
            hour < 24, minute < 60, second <= 60,  // 60: a leap second
            day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        let days = self.days(fromCivil: year, month, day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The value of a string of ASCII digits, or `nil`.
    private static func digits(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    /// RFC 9110: a two-digit year more than 50 years after `now` is in the previous century.
    private static func fullYear(_ shortYear: Int, now: Date) -> Int {
        let nowDays = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))
        let currentYear = civil(fromDays: nowDays).year
        var year = currentYear - currentYear % 100 + shortYear
        if year > currentYear + 50 { year -= 100 }
        return year
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a count of days since 1970-01-01 (`civil_from_days`).
    static func civil(fromDays count: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = count + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
