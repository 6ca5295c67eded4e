import Testing

@testable import NotezKit

struct NoteDateTests {
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
        #expect(NoteDate.iso8601(date.seconds) == expected)
    }

    @Test(arguments: ["", "yesterday", "2024-13-01", "2023-02-29", "2024-05-01T25:00", "2024-05-01X", "05/01/24", "123456789012345678",
        // Implausible epochs are not guessed: 1970 or the year 2611 by accident.
        "0", "5", "12345678", "20231340", "99999999999999", "20230613256000"])
    func rejects(_ input: String) {
        #expect(NoteDate.parse(input) == nil)
    }

    @Test(arguments: [
        "2024-05-01", "2024-05-01T09:30:00Z", "2024-05-01T09:30:00+02:00", "2024-05-01T09:30:00+0200",
        "2024-05-01 09:30", "2019-03-13 10:00:00 -0500", "1714554000", "1714554000000", "05/01/2024",
        "2024-05-01T09:30:00.500Z", "20230613", "202306132231", "20230613223113",
    ])
    func formatsInItsOwnStyle(_ input: String) throws {
        let date = try #require(NoteDate.parse(input))
        #expect(date.formatted(date.seconds) == input)
    }

    @Test func compactStampIsSortableUTCWithMilliseconds() {
        #expect(NoteDate.compactStamp(1_795_000_000.25) == "20261118T110640250Z")
        #expect(NoteDate.compactStamp(0) == "19700101T000000000Z")
    }
}
