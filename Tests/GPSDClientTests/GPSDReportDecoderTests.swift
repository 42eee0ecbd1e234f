import BluetoothTypes
import GPSDClient
import Positioning
import Testing

/// Lines as gpsd 3.22 (Debian bookworm) wrote them to `gpspipe -w`, fed by `gpsfake` with a
/// log from `tools/gps-ride.py` (Lebak Bulus's platform, then the train leaving).
@Suite struct GPSDReportDecoderTests {
  let decoder = GPSDReportDecoder()

  func decode(_ line: String) throws -> GPSDReport { try decoder.decode(Array(line.utf8)) }

  @Test func versionAndDevices() throws {
    #expect(
      try decode(#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#)
        == .version(release: "3.22", protocolMajor: 3, protocolMinor: 14))
    let devices = try decode(
      #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","activated":"2026-11-25T17:46:14.153Z","native":0,"bps":4800,"parity":"N","stopbits":1,"cycle":1.00}]}"#
    )
    #expect(devices == .devices([GPSDDevice(path: "/dev/pts/1", isActive: true, cycle: 1)]))
    // gpsd's way of saying a receiver went away: activated is 0, not a time.
    #expect(
      try decode(#"{"class":"DEVICE","path":"/dev/ttyACM0","activated":0}"#)
        == .device(GPSDDevice(path: "/dev/ttyACM0", isActive: false, cycle: nil)))
    #expect(try decode(#"{"class":"DEVICES","devices":[]}"#) == .devices([]))
  }

  @Test func aFixWithEveryFieldThisClientUses() throws {
    let report = try decode(
      #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-25T08:02:21.000Z","ept":0.005,"lat":-6.292153333,"lon":106.790773333,"altHAE":41.0000,"altMSL":38.0000,"alt":38.0000,"epv":29.900,"track":100.4000,"magtrack":100.9376,"magvar":0.5,"speed":19.400,"climb":0.000,"epc":59.80,"geoidSep":3.000,"eph":17.100,"sep":30.400}"#
    )
    guard case .fix(let fix) = report else {
      Issue.record("not a fix: \(report)")
      return
    }
    // 2026-11-25T08:02:21Z is 1,795,593,741 s after the epoch (date -u -d ... +%s).
    #expect(fix.time == Timestamp(microsecondsSinceUnixEpoch: 1_795_593_741_000_000))
    #expect(fix.mode == .threeDimensional)
    #expect(fix.position == GeoCoordinate(latitude: -6.292153333, longitude: 106.790773333))
    #expect(fix.speed == 19.4)
    #expect(fix.track == 100.4)
    #expect(fix.horizontalError == 17.1)
  }

  @Test func noFixHasNoPositionAndNoTime() throws {
    let report = try decode(#"{"class":"TPV","device":"/dev/pts/1","mode":1}"#)
    guard case .fix(let fix) = report else {
      Issue.record("not a fix: \(report)")
      return
    }
    #expect(fix.mode == .noFix)
    #expect(fix.position == nil)
  }

  @Test func aFixWithoutSpeedLeavesItOut() throws {
    // gpsd leaves out what it does not have: never null, never a made-up zero.
    let report = try decode(#"{"class":"TPV","mode":2,"time":"2026-11-25T08:00:20Z","lat":-6.2,"lon":106.8}"#)
    guard case .fix(let fix) = report else {
      Issue.record("not a fix: \(report)")
      return
    }
    #expect(fix.mode == .twoDimensional)
    #expect(fix.speed == nil)
    #expect(fix.position != nil)
  }

  @Test func otherClassesAndErrors() throws {
    #expect(
      try decode(#"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0}"#) == .other(className: "WATCH"))
    #expect(
      try decode(#"{"class":"ERROR","message":"Unrecognized request '?FOO'"}"#)
        == .error(message: "Unrecognized request '?FOO'"))
  }

  @Test(arguments: [
    (
      #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2026-11-25T08:02:21.000Z","lat":-6.29"#,
      GPSDLineError.Reason.notAnObject
    ),
    ("\u{0}\u{13}garbage\u{FF} line", .notAnObject),
    (#"{"mode":3}"#, .notAnObject),
    (#"{"class":"TPV","mode":"three"}"#, .fieldsDoNotDecode(className: "TPV")),
    ("", .notAnObject),
  ])
  func unreadableLinesThrowWithAnExcerpt(line: String, reason: GPSDLineError.Reason) {
    #expect(throws: GPSDLineError(line: Array(line.utf8.prefix(GPSDLineError.excerptLength)), reason: reason)) {
      try decode(line)
    }
  }

  @Test func endpoints() throws {
    #expect(try GPSDEndpoint(parsing: "127.0.0.1:2947") == .local)
    #expect(try GPSDEndpoint(parsing: "pi.local") == GPSDEndpoint(host: "pi.local", port: 2947))
    #expect(try GPSDEndpoint(parsing: ":29470") == GPSDEndpoint(host: "127.0.0.1", port: 29470))
    #expect(try GPSDEndpoint(parsing: "[::1]:2948") == GPSDEndpoint(host: "::1", port: 2948))
    #expect(try GPSDEndpoint(parsing: "::1") == GPSDEndpoint(host: "::1", port: 2947))
    #expect(GPSDEndpoint(host: "::1", port: 2948).description == "[::1]:2948")
  }

  @Test(arguments: [
    ("host:0", GPSDEndpointError.Reason.badPort("0"), "'host:0': '0' is not a port (1 to 65535)"),
    ("host:70000", .badPort("70000"), "'host:70000': '70000' is not a port (1 to 65535)"),
    ("host:", .missingPort, "'host:': no port after the host (1 to 65535, or leave out the colon)"),
    ("[::1", .unclosedBracket, "'[::1': an IPv6 address needs its closing bracket, e.g. [::1]:2947"),
    ("", .missingHost, "'': no host"),
    ("pi local:2947", .spaceInHost, "'pi local:2947': a host has no spaces"),
  ])
  func badEndpointsSayWhatIsWrong(text: String, reason: GPSDEndpointError.Reason, message: String) {
    #expect(throws: GPSDEndpointError(text: text, reason: reason)) { try GPSDEndpoint(parsing: text) }
    #expect(
      GPSDEndpointError(text: text, reason: reason).description == message + "; write " + GPSDEndpointError.knownForms)
  }
}
