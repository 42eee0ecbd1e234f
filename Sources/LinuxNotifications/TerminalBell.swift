/// Rings the terminal bell by writing BEL (0x07) to standard error, when that is a terminal.
public final class TerminalBell: Sendable {
  /// The ASCII BEL control character.
  public static let bel: UInt8 = 0x07

  /// The file descriptor written to; standard error (2) by default, so that the bell does not
  /// mix with output piped elsewhere.
  public let descriptor: Int32
  private let host: HostSystem

  /// A bell on `descriptor` of `host`.
  public init(descriptor: Int32 = 2, host: HostSystem = .live) {
    self.descriptor = descriptor
    self.host = host
  }

  /// Whether the bell can be rung now.
  public var availability: ChannelAvailability {
    host.isTerminal(descriptor)
      ? .available(detail: "BEL to \(descriptor == 2 ? "standard error" : "file descriptor \(descriptor)")")
      : .unavailable(.notATerminal(descriptor: descriptor))
  }

  /// Rings the bell.
  /// - Throws: ``ChannelDeliveryError`` when the descriptor is not a terminal or the write fails.
  public func ring() throws(ChannelDeliveryError) {
    guard host.isTerminal(descriptor) else { throw .unavailable(.notATerminal(descriptor: descriptor)) }
    let code = host.write(descriptor, [Self.bel])
    guard code == 0 else { throw .writeFailed(code: code) }
  }
}
