import BluetoothTypes
import HCICodec
import HCITransportCore
import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// An ``HCIConnection`` that speaks H4 over a byte stream: a serial port (``SerialPort``), a
/// TCP connection (``TCPClient``), or any descriptor such as a pty or one end of a socket pair.
///
/// Packets go out as their H4 indicator and bytes; what comes in is split into packets by an
/// ``H4StreamDecoder``, however the reads cut it. End of stream, a connection reset and `EIO`
/// (a serial adapter unplugged, a pty whose other side closed) all end in
/// ``HCIConnectionError/closed(_:)``. A packet begun and not finished within
/// ``partialPacketTimeout`` (a controller that hung mid-packet, a stream that lost bytes) is a
/// ``HCIConnectionError/framing(_:)``: at any UART speed a whole packet takes milliseconds.
public final class H4StreamConnection: HCIConnection {
  /// The transport as the user named it, e.g. `serial:/dev/ttyUSB0` or `tcp:127.0.0.1:9000`.
  public let name: String
  /// How long the rest of a begun packet may take to arrive.
  public let partialPacketTimeout: Duration

  private var file: FileDescriptor?
  private let isSocket: Bool
  private var decoder: H4StreamDecoder
  private var chunk: [UInt8]
  /// Set once the other side has gone, so that later calls say so again.
  private var ended: HCIConnectionError?
  /// When bytes last arrived.
  private var lastArrival = ContinuousClock.now

  /// Takes over an open byte-stream descriptor; the connection closes it.
  ///
  /// - Parameters:
  ///   - descriptor: a readable and writable stream: a tty, a pty or a stream socket.
  ///   - name: what messages call the transport.
  ///   - maximumPacketLength: the longest packet accepted; see ``H4StreamDecoder``.
  ///   - partialPacketTimeout: how long the rest of a begun packet may take (default 1 s).
  public init(
    adoptingDescriptor descriptor: Int32, name: String,
    maximumPacketLength: Int = H4StreamDecoder.defaultMaximumPacketLength,
    partialPacketTimeout: Duration = .seconds(1)
  ) {
    let file = FileDescriptor(rawValue: descriptor)
    self.file = file
    self.name = name
    self.partialPacketTimeout = partialPacketTimeout
    self.isSocket = file.isSocket
    self.decoder = H4StreamDecoder(direction: .controllerToHost, maximumPacketLength: maximumPacketLength)
    self.chunk = [UInt8](repeating: 0, count: 4096)
  }

  deinit {
    file?.closeIgnoringErrors()
  }

  /// Writes the packet's H4 bytes, all of them.
  ///
  /// The corresponding C function is `write` (`send` with `MSG_NOSIGNAL` on a socket).
  public func send(_ packet: HCIPacket) throws(HCIConnectionError) {
    let file = try openFile()
    let bytes = H4Encoder.encode(packet)
    do throws(Errno) {
      if isSocket { try file.sendAll(bytes) } else { try file.writeAll(bytes) }
    } catch {
      throw fail(error, while: "sending")
    }
  }

  /// The next packet, reading as much as it takes; `nil` when `timeout` passes first.
  ///
  /// A signal does not cut the wait short. Zero or a negative timeout only takes what has
  /// already arrived. The corresponding C functions are `poll` and `read`.
  ///
  /// - Throws: ``HCIConnectionError/framing(_:)`` when the bytes are not H4, or a packet stays
  ///   unfinished for ``partialPacketTimeout``; ``HCIConnectionError/closed(_:)`` when the
  ///   other side has gone.
  public func receive(timeout: Duration) throws(HCIConnectionError) -> TimedHCIPacket? {
    let file = try openFile()
    let clock = ContinuousClock()
    // A year is "without limit" for a scanner, and keeps the deadline arithmetic from overflowing.
    let deadline = clock.now.advanced(by: min(timeout, .seconds(366 * 86_400)))
    while true {
      if let packet = try nextBufferedPacket() { return TimedHCIPacket(time: WallClock.now(), packet: packet) }
      var waitUntil = deadline
      if decoder.bufferedByteCount > 0 {
        let stalled = lastArrival.advanced(by: partialPacketTimeout)
        if clock.now >= stalled {
          throw ended(
            .framing(
              H4StreamError.stalled(
                connection: name, bufferedBytes: decoder.bufferedByteCount, streamOffset: decoder.streamOffset,
                timeout: partialPacketTimeout)))
        }
        waitUntil = min(deadline, stalled)
      }
      let readable: Bool
      do throws(Errno) {
        readable = try file.waitUntilReadable(until: waitUntil)
      } catch {
        throw fail(error, while: "waiting for")
      }
      guard readable else {
        if clock.now < deadline { continue }
        return nil
      }
      let count: Int
      do throws(Errno) {
        count = try file.read(into: &chunk)
      } catch  where error == .resourceTemporarilyUnavailable {
        continue
      } catch {
        throw fail(error, while: "reading from")
      }
      guard count > 0 else {
        throw ended(.closed(H4StreamError.controllerGone(connection: name, errno: nil)))
      }
      lastArrival = clock.now
      decoder.append(chunk[..<count])
    }
  }

  /// Closes the descriptor. Closing again does nothing.
  ///
  /// The corresponding C function is `close`.
  public func close() {
    file?.closeIgnoringErrors()
    file = nil
  }

  private func nextBufferedPacket() throws(HCIConnectionError) -> HCIPacket? {
    do throws(H4FramingError) {
      return try decoder.nextPacket()
    } catch {
      throw .framing(
        H4StreamError.notH4(
          connection: name, error, received: Array(decoder.unreadBytes(limit: 32)), overSocket: isSocket))
    }
  }

  private func openFile() throws(HCIConnectionError) -> FileDescriptor {
    if let ended { throw ended }
    guard let file else { throw .closed(H4StreamError.closedHere(connection: name)) }
    return file
  }

  /// The error for a failed call; the ones that mean the other side is gone end the connection.
  private func fail(_ errno: Errno, while doing: String) -> HCIConnectionError {
    switch errno {
    case .connectionReset, .brokenPipe, .ioError, .noSuchAddressOrDevice, .operationNotSupportedByDevice:
      return ended(.closed(H4StreamError.controllerGone(connection: name, errno: errno)))
    default:
      return .failed(H4StreamError.systemCall(connection: name, operation: doing, errno: errno))
    }
  }

  private func ended(_ error: HCIConnectionError) -> HCIConnectionError {
    ended = error
    return error
  }
}
