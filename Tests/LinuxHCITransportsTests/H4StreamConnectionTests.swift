import BeaconTestSupport
import Foundation
import HCICodec
import HCITransportCore
import LinuxHCITransports
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// ``H4StreamConnection`` over real descriptors: a pty pair opened as a serial port, a
/// socket pair, and a TCP connection on the loopback interface.
@Suite("H4StreamConnection")
struct H4StreamConnectionTests {
  /// HCI_Reset, as a host sends it.
  static let reset = HCIPacket(type: .command, direction: .hostToController, bytes: [0x03, 0x0C, 0x00])
  /// Command Complete for HCI_Reset, success, as H4 bytes.
  static let resetComplete: [UInt8] = [0x04, 0x0E, 0x04, 0x01, 0x03, 0x0C, 0x00]
  /// An LE Advertising Report (one report, an iBeacon-sized stub), as H4 bytes.
  static let advertisingReport: [UInt8] = [
    0x04, 0x3E, 0x0C, 0x02, 0x01, 0x03, 0x01, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x00, 0xC5,
  ]

  /// The exchange every transport must get right, from the connection's side.
  static func exchange(_ connection: H4StreamConnection, peer: StreamPeer) throws {
    try connection.send(reset)
    #expect(try peer.read(count: 4) == [0x01, 0x03, 0x0C, 0x00])

    // The event arrives in three pieces; the connection assembles it.
    try peer.write(Array(resetComplete[..<1]))
    try peer.write(Array(resetComplete[1..<3]))
    let started = ContinuousClock.now
    // The rest comes while `receive` waits in `poll`.
    let descriptor = peer.descriptor
    let rest = Array(resetComplete[3...]) + advertisingReport
    let writer = Thread {
      Thread.sleep(forTimeInterval: 0.05)
      _ = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
    writer.start()
    let complete = try #require(try connection.receive(timeout: .seconds(2))).packet
    #expect(ContinuousClock.now - started < .seconds(1))
    #expect(complete.type == .event)
    #expect(complete.direction == .controllerToHost)
    #expect(Array(complete.bytes) == Array(resetComplete.dropFirst()))
    let report = try #require(try connection.receive(timeout: .seconds(2))).packet
    #expect(Array(report.bytes) == Array(advertisingReport.dropFirst()))
  }

  static func expectNilAfterTimeout(_ connection: H4StreamConnection) throws {
    let started = ContinuousClock.now
    #expect(try connection.receive(timeout: .milliseconds(150)) == nil)
    let waited = ContinuousClock.now - started
    #expect(waited >= .milliseconds(140) && waited < .seconds(1), "waited \(waited)")
  }

  static func expectClosed(_ connection: H4StreamConnection) {
    var caught: HCIConnectionError?
    do {
      // Returns as soon as the peer's close arrives; the long limit only matters on a loaded machine.
      _ = try connection.receive(timeout: .seconds(10))
    } catch {
      caught = error
    }
    guard case .closed(let failure) = caught else {
      Issue.record("expected .closed, got \(String(describing: caught))")
      return
    }
    guard case .controllerGone = failure as? H4StreamError else {
      Issue.record("expected the controller gone, got \(failure)")
      return
    }
    #expect(failure.description.contains("the controller went away"))
    // And it stays closed.
    #expect(throws: HCIConnectionError.self) { try connection.send(reset) }
  }

  @Test func ptyOpenedAsASerialPort() throws {
    let (peer, path) = try StreamPeer.pseudoTerminal()
    let connection = try SerialPort.open(path: path, baudRate: 115_200)
    defer { connection.close() }
    #expect(connection.name == "serial:\(path)")
    try Self.exchange(connection, peer: peer)
    try Self.expectNilAfterTimeout(connection)
    peer.close()
    Self.expectClosed(connection)
  }

  @Test func ptyAtTheDefaultRateWithFlowControlThroughASymlink() throws {
    let (peer, path) = try StreamPeer.pseudoTerminal()
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let link = directory.path("ttyHCI")
    #expect(symlink(path, link) == 0)
    let connection = try SerialPort.open(path: link, flowControl: true)
    defer { connection.close() }
    try Self.exchange(connection, peer: peer)
  }

  @Test func socketPair() throws {
    let (peer, other) = try StreamPeer.socketPair()
    let connection = H4StreamConnection(adoptingDescriptor: other, name: "socketpair")
    defer { connection.close() }
    try Self.exchange(connection, peer: peer)
    try Self.expectNilAfterTimeout(connection)
    peer.close()
    Self.expectClosed(connection)
  }

  @Test func sendingToAPeerThatHasGoneIsClosedNotSIGPIPE() throws {
    let (peer, other) = try StreamPeer.socketPair()
    let connection = H4StreamConnection(adoptingDescriptor: other, name: "socketpair")
    defer { connection.close() }
    peer.close()
    #expect(throws: HCIConnectionError.self) {
      try connection.send(Self.reset)
      try connection.send(Self.reset)
    }
  }

  @Test func unknownIndicatorIsAFramingError() throws {
    let (peer, other) = try StreamPeer.socketPair()
    let connection = H4StreamConnection(adoptingDescriptor: other, name: "socketpair")
    defer { connection.close() }
    try peer.write(Self.resetComplete + [0x41, 0x54, 0x0D])  // an event, then a modem's "AT\r"
    #expect(try connection.receive(timeout: .seconds(1)) != nil)
    var caught: HCIConnectionError?
    do { _ = try connection.receive(timeout: .seconds(1)) } catch { caught = error }
    guard case .framing(let failure) = caught,
      case .notH4(_, let framing, let received, let overSocket) = failure as? H4StreamError
    else {
      Issue.record("expected .framing, got \(String(describing: caught))")
      return
    }
    #expect(framing == .unknownPacketIndicator(0x41, offset: 7))
    #expect(received == [0x41, 0x54, 0x0D] && overSocket)
    #expect(failure.description.contains("0x41 at stream offset 7"))
    #expect(failure.description.contains("it sent text (\"AT\")"), "\(failure)")
  }

  /// What a user meets pointing `-i tcp:` at a web server: the advice is about the address, not
  /// a baud rate, and quotes what the server said; over a serial line it is about the line.
  @Test func textInsteadOfH4IsToldByTransport() throws {
    let listener = try LoopbackListener()
    let connection = try TCPClient.connect(host: "127.0.0.1", port: listener.port)
    defer { connection.close() }
    let server = try listener.accept()
    try server.write(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8))
    var caught: HCIConnectionError?
    do { _ = try connection.receive(timeout: .seconds(2)) } catch { caught = error }
    let overTCP = try #require(caught.flatMap { if case .framing(let failure) = $0 { failure } else { nil } })
    #expect(overTCP.description.contains("it sent text (\"HTTP/1.1 400 Bad Request\")"), "\(overTCP)")
    #expect(overTCP.description.contains("HCI bridge or an emulator speaking H4"), "\(overTCP)")
    #expect(!overTCP.description.contains("baud"), "\(overTCP)")

    let (peer, path) = try StreamPeer.pseudoTerminal()
    let serial = try SerialPort.open(path: path, baudRate: 115_200)
    defer { serial.close() }
    try peer.write([0xFF, 0x00, 0x7F])
    caught = nil
    do { _ = try serial.receive(timeout: .seconds(2)) } catch { caught = error }
    let overSerial = try #require(caught.flatMap { if case .framing(let failure) = $0 { failure } else { nil } })
    #expect(overSerial.description.contains("check the baud rate"), "\(overSerial)")
    #expect(!overSerial.description.contains("sent text"), "\(overSerial)")
  }

  @Test func packetLeftHalfFinishedIsAFramingErrorAfterThePartialPacketTimeout() throws {
    let (peer, other) = try StreamPeer.socketPair()
    let connection = H4StreamConnection(
      adoptingDescriptor: other, name: "socketpair", partialPacketTimeout: .milliseconds(200))
    defer { connection.close() }
    // A whole event, then 3 of the 7 bytes of a second one, then silence with the link open.
    try peer.write(Self.resetComplete + Array(Self.resetComplete.prefix(3)))
    #expect(try connection.receive(timeout: .seconds(1)) != nil)
    let started = ContinuousClock.now
    var caught: HCIConnectionError?
    do { _ = try connection.receive(timeout: .seconds(10)) } catch { caught = error }
    let waited = ContinuousClock.now - started
    guard let caught, case .framing(let failure) = caught else {
      Issue.record("expected .framing, got \(String(describing: caught))")
      return
    }
    let text = failure.description
    #expect(
      failure as? H4StreamError
        == .stalled(connection: "socketpair", bufferedBytes: 3, streamOffset: 7, timeout: .milliseconds(200)))
    #expect(text.contains("sent 3 byte(s) of a packet (from stream offset 7) and then nothing for 200 ms"), "\(text)")
    #expect(waited >= .milliseconds(150) && waited < .seconds(5), "\(waited)")
    // The link is out of step for good: later calls say the same.
    #expect(throws: caught) { try connection.receive(timeout: .zero) }
  }

  @Test func aPacketArrivingInSlowPiecesIsNotAStall() throws {
    let (peer, other) = try StreamPeer.socketPair()
    let connection = H4StreamConnection(
      adoptingDescriptor: other, name: "socketpair", partialPacketTimeout: .milliseconds(300))
    defer { connection.close() }
    // One byte every 100 ms: each gap is shorter than the timeout, the whole packet longer.
    for byte in Self.resetComplete.dropLast() {
      try peer.write([byte])
      #expect(try connection.receive(timeout: .milliseconds(100)) == nil)
    }
    try peer.write([Self.resetComplete[6]])
    #expect(
      try connection.receive(timeout: .seconds(1)).map { Array($0.packet.bytes) }
        == Array(Self.resetComplete.dropFirst()))
  }

  @Test func useAfterCloseSaysSo() throws {
    let (_, other) = try StreamPeer.socketPair()
    let connection = H4StreamConnection(adoptingDescriptor: other, name: "socketpair")
    connection.close()
    connection.close()
    #expect(throws: HCIConnectionError.closed(H4StreamError.closedHere(connection: "socketpair"))) {
      try connection.receive(timeout: .zero)
    }
  }

  @Test func tcpLoopback() throws {
    let listener = try LoopbackListener()
    let connection = try TCPClient.connect(host: "127.0.0.1", port: listener.port)
    defer { connection.close() }
    let peer = try listener.accept()
    #expect(connection.name == "tcp:127.0.0.1:\(listener.port)")
    try Self.exchange(connection, peer: peer)
    try Self.expectNilAfterTimeout(connection)
    peer.close()
    Self.expectClosed(connection)
  }

  @Test func tcpByHostName() throws {
    let listener = try LoopbackListener()
    // localhost may resolve to ::1 first, where nothing listens: the client tries the next address.
    let connection = try TCPClient.connect(host: "localhost", port: listener.port)
    defer { connection.close() }
    let peer = try listener.accept()
    try connection.send(Self.reset)
    #expect(try peer.read(count: 4) == [0x01, 0x03, 0x0C, 0x00])
  }

  @Test func tcpConnectionRefusedSaysNothingListens() throws {
    let port = try unusedLoopbackPort()
    #expect(throws: TCPClientError(host: "127.0.0.1", port: port, reason: .refused)) {
      try TCPClient.connect(host: "127.0.0.1", port: port)
    }
    let text = TCPClientError(host: "127.0.0.1", port: port, reason: .refused).description
    #expect(text.contains("nothing listens on 127.0.0.1:\(port)"))
    #expect(text.contains("Start the controller emulator"))
  }

  @Test func tcpUnresolvableHost() throws {
    do {
      _ = try TCPClient.connect(host: "no-such-host.invalid", port: 9000)
      Issue.record("connected to a .invalid host")
    } catch {
      guard case .unresolvable = error.reason else {
        Issue.record("expected .unresolvable, got \(error.reason)")
        return
      }
      #expect(error.description.hasPrefix("no-such-host.invalid: cannot resolve"))
    }
  }

  @Test func serialPortErrors() throws {
    #expect(throws: SerialPortError(path: "/dev/ttyNOPE9", reason: .notFound)) {
      try SerialPort.open(path: "/dev/ttyNOPE9")
    }
    #expect(throws: SerialPortError(path: "/dev/null", reason: .notASerialPort)) {
      try SerialPort.open(path: "/dev/null")
    }
    let (_, path) = try StreamPeer.pseudoTerminal()
    do {
      _ = try SerialPort.open(path: path, baudRate: 12_345)
      Issue.record("opened at 12345 baud")
    } catch {
      #expect(error.reason == .unsupportedBaudRate(12_345))
      #expect(error.description.contains("115200, 230400"))
      #expect(error.description.contains("1000000"))
    }
  }
}
