import BluetoothTypes
import HCICodec
import HCITransportCore
import SystemPackage

/// Replays a capture file as an ``HCIConnection`` (`-i replay:FILE`, `--replay FILE`): btsnoop (datalinks 1001, 1002, 2001), pcap
/// and pcapng (HCI link types 187, 201, 254; link-layer sniffer link types 251, 256, 272).
///
/// The format is recognised from the file's first bytes, not its name. The file is read in
/// chunks, so memory stays bounded however large it is. Records that are not HCI packets
/// (monitor notes, index events) are skipped; from a link-layer sniffer capture, each received
/// advertising PDU becomes the LE Advertising Report a controller would have sent.
/// A record cut short at the end of the file is not an error: the packets before it are
/// delivered, and ``warnings`` reports it once the end is reached.
///
/// It answers no commands (``answersCommands`` is `false`): the scan loop reads it without a
/// controller session, at the speed the decoder goes, with the times the capture recorded.
public final class CaptureReplayConnection: HCIConnection {
  /// The file being replayed, as messages name it: the path, or `standard input` for `-`.
  public let path: String

  /// The path that means standard input (`--replay -`), so that a capture can be piped in:
  /// `zcat ride.btsnoop.gz | beacon-scan --replay -`.
  public static let standardInputPath = "-"

  /// How messages name the capture at `path`: the path itself, or `standard input`.
  public static func messageName(forPath path: String) -> String {
    path == standardInputPath ? "standard input" : path
  }

  /// The capture format, recognised when the source is opened.
  public let format: CaptureFileFormat
  /// Problems that did not stop the replay; complete once the end of the stream was reached.
  public private(set) var warnings: [CaptureReplayWarning] = []

  @exclusivity(unchecked) private var file: FileDescriptor?
  private let reader: any CaptureFormatReader
  /// How many bytes each `read` asks for.
  private let chunkSize: Int

  /// How many records (pcap: frames) were read, HCI packets or not.
  public var recordCount: Int { reader.recordCount }

  /// The btsnoop datalink, once the header has been read; `nil` for pcap and pcapng.
  public var datalink: BTSnoopDatalink? { (reader as? BTSnoopFormatReader)?.datalink }

  /// Opens `path` (``standardInputPath`` for standard input) and recognises its format, so
  /// that a file that is no capture is reported here rather than at the first packet.
  ///
  /// - Parameter chunkSize: How many bytes each `read` asks for.
  public init(path: String, chunkSize: Int = 65_536) throws(CaptureFileError) {
    self.path = Self.messageName(forPath: path)
    self.chunkSize = max(chunkSize, CaptureFileFormat.identifyingByteCount)
    var chunk = [UInt8](repeating: 0, count: self.chunkSize)
    let opened: FileDescriptor
    do {
      opened = path == Self.standardInputPath ? .standardInput : try FileDescriptor.openForReading(path)
    } catch {
      throw CaptureFileError(path: self.path, operation: "open", errno: error)
    }
    // Read until the format can be told, or the file ends.
    var leading: [UInt8] = []
    while leading.count < CaptureFileFormat.identifyingByteCount {
      let count: Int
      do {
        count = try opened.read(into: &chunk)
      } catch {
        opened.closeIgnoringErrors()
        throw CaptureFileError(path: self.path, operation: "read", errno: error)
      }
      if count == 0 { break }
      leading.append(contentsOf: chunk[..<count])
    }
    format = CaptureFileFormat(leadingBytes: leading)
    switch format {
    case .btsnoop: reader = BTSnoopFormatReader()
    case .pcap, .pcapng: reader = PacketCaptureReader()
    case .unknown(let looksLike):
      opened.closeIgnoringErrors()
      throw CaptureFileError(
        path: self.path, reason: .unrecognizedFormat(leadingBytes: Array(leading.prefix(8)), looksLike: looksLike))
    }
    reader.append(leading[...])
    do {
      try reader.readFileHeader()
    } catch {
      opened.closeIgnoringErrors()
      throw CaptureFileError(path: self.path, reason: error)
    }
    // Only now does `self` own the descriptor, so that no error path closes it twice.
    self.file = opened
  }

  deinit {
    file?.closeIgnoringErrors()
  }

  public var name: String { "replay:\(path)" }

  public var answersCommands: Bool { false }

  /// As fast as the file can be read, with the times it recorded.
  public var pacing: HCIConnectionPacing { .recorded }

  /// ``warnings``.
  public var endWarnings: [any TransportWarning] { warnings }

  /// A capture takes no commands. Fails with ``CaptureFileError/Reason/notAController``.
  public func send(_ packet: HCIPacket) throws(HCIConnectionError) {
    throw .failed(CaptureFileError(path: path, reason: .notAController))
  }

  /// The next HCI packet as recorded, whatever `timeout`; ``HCIConnectionError/endOfStream``
  /// at the end of the file, ``HCIConnectionError/failed(_:)`` with the ``CaptureFileError``
  /// when it is damaged.
  public func receive(timeout: Duration) throws(HCIConnectionError) -> TimedHCIPacket? {
    let packet: TimedHCIPacket?
    do throws(CaptureFileError) {
      packet = try nextPacket()
    } catch {
      throw .failed(error)
    }
    guard let packet else { throw .endOfStream }
    return packet
  }

  /// The packets of the buffered part of the file, and of the next reads, until `body` says
  /// stop or `maximumCount` were handed, whatever `timeout`. ``HCIConnectionError/endOfStream``
  /// once the file has ended and every packet was handed; ``HCIConnectionError/failed(_:)``
  /// with the ``CaptureFileError`` when it is damaged (after the packets before the damage).
  public func receivePackets(
    timeout: Duration, maximumCount: Int, _ body: (TimedHCIPacket) -> Bool
  ) throws(HCIConnectionError) -> Int {
    let handed: Int
    do throws(CaptureFileError) {
      handed = try packets(maximumCount: maximumCount, body)
    } catch {
      throw .failed(error)
    }
    if handed == 0, maximumCount > 0 { throw .endOfStream }
    return handed
  }

  /// Stops reading; later calls to ``receive(timeout:)`` end the stream.
  public func close() {
    closeFile()
  }

  /// The next HCI packet, or `nil` at the end of the file: ``receive(timeout:)`` with the
  /// capture's own error type.
  package func nextPacket() throws(CaptureFileError) -> TimedHCIPacket? {
    var next: TimedHCIPacket?
    _ = try packets(maximumCount: 1) { packet in
      next = packet
      return true
    }
    return next
  }

  /// The one read loop: hands `body` the packets of the buffered bytes, reading more of the
  /// file as needed, until `body` says stop, `maximumCount` were handed or the file ends;
  /// returns how many were handed (0 only at the end).
  private func packets(
    maximumCount: Int, _ body: (TimedHCIPacket) -> Bool
  ) throws(CaptureFileError) -> Int {
    var handed = 0
    while handed < maximumCount {
      let batch: (handed: Int, stopped: Bool)
      do throws(CaptureFileError.Reason) {
        batch = try reader.nextPackets(maximumCount: maximumCount - handed, body)
      } catch {
        closeFile()
        throw CaptureFileError(path: path, reason: error)
      }
      handed += batch.handed
      if batch.stopped || handed == maximumCount { break }
      guard try readChunk() else { break }
    }
    return handed
  }

  /// Reads the next chunk into the decoder; at the end of the file records the final warning,
  /// closes the file and returns `false`.
  private func readChunk() throws(CaptureFileError) -> Bool {
    guard let file else { return false }
    let count: Int
    do {
      count = try reader.append(upTo: chunkSize) { room throws(Errno) in try file.readBytes(into: room) }
    } catch {
      closeFile()
      throw CaptureFileError(path: path, operation: "read", errno: error)
    }
    if count > 0 { return true }
    closeFile()
    do {
      warnings += try reader.finish()
    } catch {
      throw CaptureFileError(path: path, reason: error)
    }
    return false
  }

  private func closeFile() {
    file?.closeIgnoringErrors()
    file = nil
  }
}
