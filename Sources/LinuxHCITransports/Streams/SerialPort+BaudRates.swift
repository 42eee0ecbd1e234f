#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

extension SerialPort {
  /// 1000000: what Zephyr's `hci_uart` sample and most H4 controller firmware use by default
  /// (8N1, with RTS/CTS), and Bumble's default for `serial:` transports.
  public static let defaultBaudRate = 1_000_000

  /// The rates ``open(path:baudRate:flowControl:)`` can set: Linux's standard `B` constants
  /// from 9600 up.
  public static let supportedBaudRates: [Int] = speeds.map(\.rate)

  /// The termios speed constant for `rate`, or `nil` when Linux has none.
  static func termiosSpeed(for rate: Int) -> speed_t? {
    speeds.first { $0.rate == rate }.map { speed_t($0.constant) }
  }

  private static let speeds: [(rate: Int, constant: Int32)] = [
    (9600, B9600), (19200, B19200), (38400, B38400), (57600, B57600), (115_200, B115200),
    (230_400, B230400), (460_800, B460800), (500_000, B500000), (576_000, B576000),
    (921_600, B921600), (1_000_000, B1000000), (1_152_000, B1152000), (1_500_000, B1500000),
    (2_000_000, B2000000), (2_500_000, B2500000), (3_000_000, B3000000), (3_500_000, B3500000),
    (4_000_000, B4000000),
  ]
}
