import LinuxHCITransports
import Testing

@Suite("TransportSpec")
struct TransportSpecTests {
  @Test(arguments: [
    ("hci0", TransportSpec.kernel(device: HCIDeviceIndex(rawValue: 0)), "hci0"),
    ("0", .kernel(device: HCIDeviceIndex(rawValue: 0)), "hci0"),
    ("hci12", .kernel(device: HCIDeviceIndex(rawValue: 12)), "hci12"),
    ("65534", .kernel(device: HCIDeviceIndex(rawValue: 65534)), "hci65534"),
    ("serial:/dev/ttyUSB0", .serial(path: "/dev/ttyUSB0", baudRate: nil, flowControl: false), "serial:/dev/ttyUSB0"),
    (
      "serial:/dev/ttyUSB0,1000000", .serial(path: "/dev/ttyUSB0", baudRate: 1_000_000, flowControl: false),
      "serial:/dev/ttyUSB0,1000000"
    ),
    (
      "serial:/dev/ttyACM0,115200,rtscts", .serial(path: "/dev/ttyACM0", baudRate: 115_200, flowControl: true),
      "serial:/dev/ttyACM0,115200,rtscts"
    ),
    (
      "serial:/dev/ttyACM0,rtscts,115200", .serial(path: "/dev/ttyACM0", baudRate: 115_200, flowControl: true),
      "serial:/dev/ttyACM0,115200,rtscts"
    ),
    (
      "serial:/dev/pts/3,rtscts", .serial(path: "/dev/pts/3", baudRate: nil, flowControl: true),
      "serial:/dev/pts/3,rtscts"
    ),
    ("tcp:127.0.0.1:9000", .tcp(host: "127.0.0.1", port: 9000), "tcp:127.0.0.1:9000"),
    ("tcp:[::1]:9000", .tcp(host: "::1", port: 9000), "tcp:[::1]:9000"),
    ("tcp:localhost:9000", .tcp(host: "localhost", port: 9000), "tcp:localhost:9000"),
    ("tcp:[fe80::1%eth0]:65535", .tcp(host: "fe80::1%eth0", port: 65535), "tcp:[fe80::1%eth0]:65535"),
    ("replay:FILE", .replay(path: "FILE"), "replay:FILE"),
    ("replay:/tmp/a:b.btsnoop", .replay(path: "/tmp/a:b.btsnoop"), "replay:/tmp/a:b.btsnoop"),
  ])
  func parsesAndPrintsBackCanonically(text: String, spec: TransportSpec, canonical: String) throws {
    #expect(try TransportSpec(parsing: text) == spec)
    #expect(spec.description == canonical)
    #expect(try TransportSpec(parsing: canonical) == spec)
  }

  /// What is known of a source before it is opened: whether it is live, and how messages name it.
  @Test func aCaptureIsRecordedAndNamedByItsPath() {
    #expect(TransportSpec.replay(path: "ride.btsnoop").pacing == .recorded)
    #expect(TransportSpec.replay(path: "ride.btsnoop").messageName == "ride.btsnoop")
    #expect(TransportSpec.replay(path: "-").messageName == "standard input")
    for spec in [
      TransportSpec.kernel(device: HCIDeviceIndex(rawValue: 0)), .monitor(device: nil), .tcp(host: "::1", port: 9000),
      .serial(path: "/dev/ttyUSB0", baudRate: nil, flowControl: false),
    ] {
      #expect(spec.pacing == .live)
      #expect(spec.messageName == spec.description)
    }
  }

  @Test(arguments: [
    ("", TransportSpecError.empty),
    ("usb:0", .unknownScheme("usb:0")),
    ("hciX", .unknownScheme("hciX")),
    ("hci", .unknownScheme("hci")),
    ("-1", .unknownScheme("-1")),
    ("hci65535", .deviceOutOfRange("hci65535")),
    ("99999", .deviceOutOfRange("99999")),
    ("serial:", .missingPath(scheme: "serial")),
    ("serial:,115200", .missingPath(scheme: "serial")),
    ("replay:", .missingPath(scheme: "replay")),
    ("serial:/dev/ttyUSB0,12345", .unsupportedBaudRate("12345")),
    ("serial:/dev/ttyUSB0,99999999999999999999999", .unsupportedBaudRate("99999999999999999999999")),
    ("serial:/dev/ttyUSB0,fast", .unknownSerialOption("fast")),
    ("serial:/dev/ttyUSB0,", .unknownSerialOption("")),
    ("serial:/dev/ttyUSB0,115200,9600", .duplicateBaudRate("serial:/dev/ttyUSB0,115200,9600")),
    ("tcp:", .missingHost("tcp:")),
    ("tcp::9000", .missingHost("tcp::9000")),
    ("tcp:localhost", .missingPort("tcp:localhost")),
    ("tcp:localhost:", .missingPort("tcp:localhost:")),
    ("tcp:[::1]", .missingPort("tcp:[::1]")),
    ("tcp:[::1:9000", .missingPort("tcp:[::1:9000")),
    ("tcp:localhost:70000", .badPort("70000")),
    ("tcp:localhost:0", .badPort("0")),
    ("tcp:localhost:-1", .badPort("-1")),
    ("tcp:localhost:90a", .badPort("90a")),
    ("tcp:::1:9000", .ipv6NeedsBrackets("::1")),
  ])
  func rejects(text: String, error: TransportSpecError) {
    #expect(throws: error) { try TransportSpec(parsing: text) }
  }

  @Test func unknownSchemeListsTheKnownOnesWithExamples() {
    let text = TransportSpecError.unknownScheme("usb:0").description
    for example in ["hci0", "serial:/dev/ttyUSB0,1000000", "tcp:127.0.0.1:9000", "tcp:[::1]:9000", "replay:"] {
      #expect(text.contains(example), "\(example) in: \(text)")
    }
  }

  @Test func errorsNameTheBadValue() {
    #expect(TransportSpecError.badPort("70000").description.hasPrefix("'70000' is not a TCP port"))
    #expect(TransportSpecError.unsupportedBaudRate("12345").description.contains("'12345' is not supported"))
    #expect(TransportSpecError.unsupportedBaudRate("12345").description.contains("921600, 1000000"))
    #expect(TransportSpecError.ipv6NeedsBrackets("::1").description.contains("tcp:[::1]:PORT"))
  }
}
