import Foundation
import Testing

@testable import NotezKit
import NotezTestSupport

struct NoteDateTests {
    /// The hand-built digits print what `%0Nd` prints, the sign counted in the width.
    @Test func digitsMatchPrintf() {
        for value in [0, 7, 42, 999, 1000, 12345, -1, -42, -999, -12345, 2024, Int(Int32.max), Int(Int32.min) + 1] {
            for width in 1...5 {
                expect(NoteDate.digits(value, width), equals: String(format: "%0\(width)d", value), "\(value) \(width)")
            }
        }
        for seconds in [-62_135_596_800.0, -1.5, 0, 86_399.999, 951_782_400, 4_102_444_800, 253_402_300_799] {
            let p = NoteDate.components(seconds, offset: 0)
            let expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", p.year, p.month, p.day, p.hour, p.minute, p.second)
            expect(NoteDate.iso8601(seconds), equals: expected)
            expect(NoteDate.day(seconds), equals: String(expected.prefix(while: { $0 != "T" })))
        }
    }

    @Test(arguments: [
        ("2024-05-01", "2024-05-01T00:00:00Z"),
        ("2024-02-29T23:59:59Z", "2024-02-29T23:59:59Z"),
        ("2024-05-01T09:00:00.250+02:00", "2024-05-01T07:00:00Z"),
        ("2024-05-01 09:00", "2024-05-01T09:00:00Z"),
        ("2019-03-13 10:00:00 -0500", "2019-03-13T15:00:00Z"),
        ("1714554000", "2024-05-01T09:00:00Z"),
        ("1714554000000", "2024-05-01T09:00:00Z"),
        ("12/31/1999", "1999-12-31T00:00:00Z"),
        ("1969-12-31T23:00:00Z", "1969-12-31T23:00:00Z"),
        ("20230613", "2023-06-13T00:00:00Z"),
        ("202306132231", "2023-06-13T22:31:00Z"),
        ("20230613223113", "2023-06-13T22:31:13Z"),
        ("2023-06-13T22:31", "2023-06-13T22:31:00Z"),
    ])
    func parses(_ input: String, _ expected: String) throws {
        let date = try #require(NoteDate.parse(input))
        expect(NoteDate.iso8601(date.seconds), equals: expected)
    }

    @Test(arguments: ["", "yesterday", "2024-13-01", "2023-02-29", "2024-05-01T25:00", "2024-05-01X", "05/01/24", "123456789012345678",
        // Implausible epochs are not guessed: 1970 or the year 2611 by accident.
        "0", "5", "12345678", "20231340", "99999999999999", "20230613256000"])
    func rejects(_ input: String) {
        expect(NoteDate.parse(input) == nil)
    }

    @Test(arguments: [
        "2024-05-01", "2024-05-01T09:30:00Z", "2024-05-01T09:30:00+02:00", "2024-05-01T09:30:00+0200",
        "2024-05-01 09:30", "2019-03-13 10:00:00 -0500", "1714554000", "1714554000000", "05/01/2024",
        "2024-05-01T09:30:00.500Z", "20230613", "202306132231", "20230613223113",
    ])
    func formatsInItsOwnStyle(_ input: String) throws {
        let date = try #require(NoteDate.parse(input))
        expect(date.formatted(date.seconds), equals: input)
    }

    @Test func compactStampIsSortableUTCWithMilliseconds() {
        expect(NoteDate.compactStamp(1_795_000_000.25), equals: "20261118T110640250Z")
        expect(NoteDate.compactStamp(0), equals: "19700101T000000000Z")
    }
}
