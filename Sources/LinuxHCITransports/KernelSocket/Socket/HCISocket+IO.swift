import BluetoothTypes
import Glibc
import HCICodec
import HCITransportCore
import POSIXSupport
import SystemPackage

extension HCISocket {
  /// The largest datagram read: an H4 indicator and BlueZ's `HCI_MAX_FRAME_SIZE` (1500)
  /// fit with room to spare.
  static let receiveBufferSize = 4096

  /// Sets which packets the socket receives. Only the raw channel has a filter.
  ///
  /// The corresponding C function is `setsockopt(SOL_HCI, HCI_FILTER)`, through the
  /// `hci_filter_*` helpers.
  public func setFilter(_ filter: HCIFilter) throws(HCISocketError) {
    guard channel == .raw else { throw .filterNeedsRawChannel(channel) }
    let descriptor = try openDescriptor()
    let types = filter.packetTypes.map(\.rawValue).sorted()
    let events: [UInt8]?
    switch filter.events {
    case .all: events = nil
    case .only(let codes): events = codes.map(\.rawValue).sorted()
    }
    do throws(Errno) {
      try retryingOnInterrupt { () throws(Errno) in
        try system.setFilter(descriptor, packetTypes: types, eventCodes: events)
      }
    } catch {
      throw system.error(error, during: .setFilter, device: device, descriptor: descriptor)
    }
  }

  /// Sends a packet, with its H4 packet indicator byte first as the socket expects.
  ///
  /// The raw channel accepts commands (and data for connections the kernel does not own);
  /// the device must be up. The corresponding C function is `write`.
  public func send(_ packet: HCIPacket) throws(HCISocketError) {
    try send(h4Bytes: [packet.type.rawValue] + packet.bytes)
  }

  /// Sends bytes that already start with the H4 packet indicator byte (0x01 for a command).
  ///
  /// The corresponding C function is `write`.
  public func send(h4Bytes bytes: [UInt8]) throws(HCISocketError) {
    guard !bytes.isEmpty else { throw .missingPacketIndicator }
    try sendDatagram(bytes)
  }

  /// Writes one datagram as it is.
  func sendDatagram(_ bytes: [UInt8]) throws(HCISocketError) {
    let descriptor = try openDescriptor()
    let written: Int
    do throws(Errno) {
      written = try retryingOnInterrupt { () throws(Errno) in try system.write(descriptor, bytes) }
    } catch {
      throw system.error(
        error, during: .send, device: channel == .raw || channel == .user ? device : nil, descriptor: descriptor)
    }
    guard written == bytes.count else { throw .shortWrite(written: written, expected: bytes.count) }
  }

  /// Waits for the next packet and returns it, or `nil` when `timeout` passes first.
  ///
  /// - Parameter timeout: how long to wait; `nil` waits for as long as it takes, zero or
  ///   less only takes a packet that is already waiting. A signal does not cut the wait
  ///   short: an interrupted `poll` or `read` is resumed for the time that is left.
  ///
  /// The corresponding C functions are `poll` and `read`.
  public func receive(timeout: Duration? = nil) throws(HCISocketError) -> HCIPacket? {
    guard let datagram = try receiveDatagram(until: timeout.map { ContinuousClock.now.advanced(by: $0) }) else {
      return nil
    }
    return try H4Datagram.decode(datagram)
  }

  /// The next datagram as the kernel delivered it, or `nil` once `deadline` (`nil`: none) passes.
  func receiveDatagram(until deadline: ContinuousClock.Instant?) throws(HCISocketError) -> [UInt8]? {
    let descriptor = try openDescriptor()
    while true {
      do throws(Errno) {
        let readable = try waitRetryingOnInterrupt(until: deadline) { milliseconds throws(Errno) in
          try system.poll(descriptor, timeoutMilliseconds: milliseconds)
        }
        guard readable else { return nil }
        return try retryingOnInterrupt { () throws(Errno) in
          try system.read(descriptor, maxCount: Self.receiveBufferSize)
        }
      } catch  where error == .resourceTemporarilyUnavailable {
        // Readable, and then not: another reader of a shared socket took the packet.
        continue
      } catch {
        throw system.error(
          error, during: .receive, device: channel == .raw || channel == .user ? device : nil, descriptor: descriptor)
      }
    }
  }
}
