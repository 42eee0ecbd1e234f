import BeaconTestSupport
import Foundation
import Testing
import TransitFeeds

// Expected instants were computed with Python's zoneinfo (datetime(…, tzinfo=ZoneInfo(…))), not
// with this code.

@Suite("An agency's time zone")
struct AgencyTimeZoneTests {
  @Test func aServiceDayStartsAtNoonMinusTwelveHoursAlsoWhenClocksChange() throws {
    let berlin = try #require(AgencyTimeZone(identifier: "Europe/Berlin"))
    // 2026-03-29, clocks go forward at 02:00: noon is 10:00 UTC, so the day's times count from
    // 22:00 UTC on the 28th (23:00 local), not from midnight (23:00 UTC).
    #expect(berlin.serviceDayStart(ServiceDate(year: 2026, month: 3, day: 29)) == 1_774_735_200)
    // 2026-10-25, clocks go back: from 23:00 UTC on the 24th (01:00 local).
    #expect(berlin.serviceDayStart(ServiceDate(year: 2026, month: 10, day: 25)) == 1_792_882_800)
    // An ordinary day: midnight, 23:00 UTC the day before in winter.
    #expect(berlin.serviceDayStart(ServiceDate(year: 2026, month: 1, day: 15)) == 1_768_431_600)
    #expect(berlin.utcOffset(atUnixSeconds: 1_774_746_000) == 7200)
    #expect(berlin.utcOffset(atUnixSeconds: 1_774_735_200) == 3600)
  }

  @Test func datesCountInTheZonesCalendar() throws {
    let jakarta = try #require(AgencyTimeZone(identifier: "Asia/Jakarta"))
    // 2026-11-26T20:00Z is already the 27th in Jakarta (+07:00).
    #expect(jakarta.date(atUnixSeconds: 1_795_723_200) == ServiceDate(year: 2026, month: 11, day: 27))
    #expect(
      jakarta.date(ServiceDate(year: 2026, month: 12, day: 31), plusDays: 1)
        == ServiceDate(year: 2027, month: 1, day: 1))
    #expect(
      jakarta.date(ServiceDate(year: 2028, month: 3, day: 1), plusDays: -1)
        == ServiceDate(year: 2028, month: 2, day: 29))
    #expect(
      jakarta.unixSeconds(of: ServiceDate(year: 2026, month: 11, day: 27), secondsPastMidnight: 27_000) == 1_795_739_400
    )
  }

  @Test func theMachinesTZIsLeftAsItWas() throws {
    let before = getenv("TZ").map { String(cString: $0) }
    let tokyo = try #require(AgencyTimeZone(identifier: "Asia/Tokyo"))
    #expect(tokyo.utcOffset(atUnixSeconds: 0) == 9 * 3600)
    #expect(getenv("TZ").map { String(cString: $0) } == before)
  }

  @Test(arguments: [
    "", "Mars/Olympus_Mons", "../etc/passwd", "/etc/localtime", "Asia//Jakarta", "Asia/Jakarta/", "zone.tab",
  ])
  func aNameOutsideTheDatabaseIsNoZone(_ name: String) {
    #expect(AgencyTimeZone(identifier: name) == nil)
  }
}
