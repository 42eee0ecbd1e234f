import BluetoothTypes
import HCICodec
import HCITransportCore

/// An ``HCIConnection`` that writes every packet it passes, both ways, to a btsnoop capture
/// (`--record FILE`), stamped with the time of day.
///
/// Each record is written as it passes, so a process that is killed loses at most the record
/// being written. A failure to record is a failure of the connection: a capture the user
/// asked for is not silently incomplete.
public final class RecordingConnection: HCIConnection {
  /// The connection whose packets are recorded.
  public let inner: any HCIConnection
  /// The capture file the packets are written to.
  public let writer: CaptureWriter
  /// Whether ``close()`` closes the writer too; not when one capture spans several
  /// connections (`--reconnect`).
  public let closesWriter: Bool

  /// Records every packet `inner` sends or receives to `writer`.
  public init(_ inner: any HCIConnection, writer: CaptureWriter, closesWriter: Bool = true) {
    self.inner = inner
    self.writer = writer
    self.closesWriter = closesWriter
  }

  public var name: String { inner.name }

  public func send(_ packet: HCIPacket) throws(HCIConnectionError) {
    try inner.send(packet)
    try record(packet, at: WallClock.now())
  }

  public var answersCommands: Bool { inner.answersCommands }

  public var pacing: HCIConnectionPacing { inner.pacing }

  public var endWarnings: [any TransportWarning] { inner.endWarnings }

  public var selfScanDescription: String? { inner.selfScanDescription }

  public func receive(timeout: Duration) throws(HCIConnectionError) -> TimedHCIPacket? {
    guard let timed = try inner.receive(timeout: timeout) else { return nil }
    try record(timed.packet, at: timed.time)
    return timed
  }

  public func close() {
    inner.close()
    if closesWriter { writer.close() }
  }

  private func record(_ packet: HCIPacket, at time: Timestamp) throws(HCIConnectionError) {
    do {
      try writer.record(packet, at: time)
    } catch {
      throw .failed(RecordingFailed(cause: error))
    }
  }

  /// Writing the capture failed, so the connection stops rather than leave it incomplete.
  public struct RecordingFailed: TransportFailure, Hashable {
    public var cause: CaptureFileError
    public var description: String { "recording stopped: \(cause)" }
  }
}
