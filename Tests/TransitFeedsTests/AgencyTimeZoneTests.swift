import BeaconTestSupport
import Foundation
import Testing

@testable import TransitFeeds

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

  /// The offsets read from the database's TZif files against Foundation's time zones (ICU, its own
  /// copy of the rules): zones with and without summer time, north and south, at quarter and
  /// half hours, every 9 days from 1990 to 2060 (past 2037 by the files' footer rules).
  @Test(arguments: [
    "Europe/Berlin", "Europe/London", "America/New_York", "America/Los_Angeles", "Australia/Sydney",
    "Pacific/Auckland", "Asia/Jakarta", "Asia/Tokyo", "Asia/Kolkata", "Asia/Kathmandu", "America/Sao_Paulo",
  ])
  func offsetsAgreeWithFoundationsTimeZones(zone name: String) throws {
    let zone = try #require(AgencyTimeZone(identifier: name))
    let reference = try #require(TimeZone(identifier: name))
    var disagreements: [String] = []
    var instant: Int64 = 631_152_000  // 1990-01-01
    while instant < 2_871_763_200 {  // 2061-01-01
      let expected = reference.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
      if zone.utcOffset(atUnixSeconds: instant) != expected { disagreements.append("\(instant): \(expected)") }
      instant += 9 * 86_400 + 3_607
    }
    #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
  }

  @Test(arguments: [
    ("WIB-7", 1_800_000_000, 25_200), ("<+0545>-5:45", 0, 20_700), ("EST5EDT,M3.2.0,M11.1.0", 1_783_000_000, -14_400),
    ("EST5EDT,M3.2.0,M11.1.0", 1_800_000_000, -18_000), ("AEST-10AEDT,M10.1.0,M4.1.0/3", 1_800_000_000, 39_600),
    ("IST-2IDT,M3.4.4/26,M10.5.0", 1_783_000_000, 10_800), ("<-03>3<-02>,J60/2,300/2", 1_783_000_000, -7_200),
  ])
  func footerRules(_ rule: String, _ instant: Int64, _ expected: Int) throws {
    let parsed = try #require(PosixZoneRule(rule))
    #expect(parsed.utcOffset(at: instant) == expected)
  }

  @Test(arguments: ["", "W-7", "WIB", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.5.0", "CET-1CEST,M3.5.0,M10.5.0/x"])
  func malformedFooterRulesAreRefused(_ rule: String) {
    #expect(PosixZoneRule(rule) == nil)
  }
}
