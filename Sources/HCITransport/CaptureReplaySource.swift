import BeaconDomain
import HCICodec

/// Replays the HCI packets of a btsnoop capture file (datalink 1001, 1002 or 2001) as an
/// ``HCIPacketSource``.
///
/// The file is read in chunks, so memory stays bounded however large it is. Records that are
/// not HCI packets (Linux monitor notes, index events) are skipped. A record cut short at the
/// end of the file is not an error: the packets before it are delivered, and ``warnings``
/// reports it once ``nextPacket()`` has returned `nil`.
public final class CaptureReplaySource: HCIPacketSource {
  /// The file being replayed.
  public let path: String
  /// The file's datalink, read when the source is opened.
  public let datalink: BTSnoopDatalink
  /// Problems at the end of the file that did not stop the replay; complete once
  /// ``nextPacket()`` has returned `nil`.
  public private(set) var warnings: [BTSnoopWarning] = []
  /// How many records were read, HCI packets or not.
  public private(set) var recordCount = 0

  private var file: POSIXFile?
  private var decoder = BTSnoopDecoder()
  private var chunk: [UInt8]

  /// Opens `path` and reads its file header, so that a file that is not a btsnoop capture is
  /// reported here rather than at the first packet.
  ///
  /// - Parameter chunkSize: How many bytes each `read` asks for.
  public init(path: String, chunkSize: Int = 65_536) throws(CaptureFileError) {
    self.path = path
    self.chunk = [UInt8](repeating: 0, count: max(chunkSize, 1))
    let opened: POSIXFile
    do {
      opened = try POSIXFile.openForReading(path)
    } catch {
      throw CaptureFileError(path: path, operation: "open", errno: error)
    }
    var header: BTSnoopDatalink?
    while header == nil {
      let count: Int
      do {
        count = try opened.read(into: &chunk)
      } catch {
        opened.close()
        throw CaptureFileError(path: path, operation: "read", errno: error)
      }
      do throws(BTSnoopError) {
        guard count > 0 else {
          // The input ended inside the header: `finish()` throws the error that says how.
          _ = try decoder.finish()
          throw .truncatedHeader(presentBytes: decoder.unconsumedByteCount)
        }
        decoder.append(chunk[..<count])
        header = try decoder.readFileHeader()
      } catch {
        opened.close()
        throw CaptureFileError(path: path, reason: .format(error))
      }
    }
    // Only now does `self` own the descriptor, so that no error path closes it twice.
    self.file = opened
    self.datalink = header ?? .linuxMonitor
  }

  deinit {
    file?.close()
  }

  /// The next HCI packet, or `nil` at the end of the file.
  ///
  /// The packet's bytes are copied out of the read buffer, so keeping packets does not keep
  /// chunks of the file in memory.
  public func nextPacket() throws(CaptureFileError) -> TimedHCIPacket? {
    while true {
      do {
        while let record = try decoder.nextRecord() {
          recordCount += 1
          if let captured = try record.capturedPacket(datalink: datalink) {
            var packet = captured.packet
            packet.bytes = Array(packet.bytes)[...]
            return TimedHCIPacket(
              time: captured.time, packet: packet,
              origin: PacketOrigin(recordNumber: captured.recordNumber, byteOffset: captured.byteOffset))
          }
        }
      } catch {
        close()
        throw CaptureFileError(path: path, reason: .format(error))
      }
      guard try readChunk() else { return nil }
    }
  }

  /// Reads the next chunk into the decoder; at the end of the file records the final warning,
  /// closes the file and returns `false`.
  private func readChunk() throws(CaptureFileError) -> Bool {
    guard let file else { return false }
    let count: Int
    do {
      count = try file.read(into: &chunk)
    } catch {
      close()
      throw CaptureFileError(path: path, operation: "read", errno: error)
    }
    if count > 0 {
      decoder.append(chunk[..<count])
      return true
    }
    close()
    do {
      if let warning = try decoder.finish() { warnings.append(warning) }
    } catch {
      throw CaptureFileError(path: path, reason: .format(error))
    }
    return false
  }

  private func close() {
    file?.close()
    file = nil
  }
}
