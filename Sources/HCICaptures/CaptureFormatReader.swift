import BluetoothTypes
import HCICodec
import HCITransportCore
import SystemPackage

/// One capture format's decoder, as the replay source drives it: bytes in, HCI packets out.
/// Classes, so that the decoders' buffers are mutated in place, never copied.
protocol CaptureFormatReader: AnyObject {
  /// Records (or frames) read so far, HCI packets or not.
  var recordCount: Int { get }
  func append(_ bytes: ArraySlice<UInt8>)
  /// Has `read` write up to `maximumCount` bytes straight into the decoder's buffer; returns
  /// how many it wrote, 0 at the end of the input.
  func append(upTo maximumCount: Int, from read: (UnsafeMutableRawBufferPointer) throws(Errno) -> Int) throws(Errno)
    -> Int
  /// Checks the file header, given the whole header or the whole (shorter) file, so that a
  /// wrong file fails when it is opened.
  func readFileHeader() throws(CaptureFileError.Reason)
  /// Hands `body` the packets decodable from the bytes appended so far, in order, until `body`
  /// returns `false` or `maximumCount` were handed. Returns how many were handed, and whether
  /// `body` asked to stop; fewer than `maximumCount` without a stop means more bytes are needed.
  func nextPackets(
    maximumCount: Int, _ body: (TimedHCIPacket) -> Bool
  ) throws(CaptureFileError.Reason) -> (handed: Int, stopped: Bool)
  /// Called at the end of the input; what the replay should warn about.
  func finish() throws(CaptureFileError.Reason) -> [CaptureReplayWarning]
}

/// Reads btsnoop: datalinks 1001, 1002 and 2001.
///
/// A record whose H4 packet type is unknown (a vendor's own, or damage inside one record), and an
/// HCI packet record with no bytes at all, are skipped and counted, not fatal: their length is known, so
/// the records after them are intact.
final class BTSnoopFormatReader: CaptureFormatReader {
  /// Unchecked: the reader is used from one thread, and a dynamic exclusivity check on every
  /// record cost more than decoding its header.
  @exclusivity(unchecked) private var decoder = BTSnoopDecoder()
  private(set) var datalink: BTSnoopDatalink?
  private(set) var recordCount = 0
  private var unknownTypeRecords: (count: Int, first: BTSnoopError)?
  private var emptyRecords: (count: Int, firstRecordNumber: Int, firstByteOffset: Int)?

  func append(_ bytes: ArraySlice<UInt8>) { decoder.append(bytes) }

  func append(upTo maximumCount: Int, from read: (UnsafeMutableRawBufferPointer) throws(Errno) -> Int) throws(Errno)
    -> Int
  { try decoder.append(upTo: maximumCount, from: read) }

  func readFileHeader() throws(CaptureFileError.Reason) {
    do throws(BTSnoopError) {
      datalink = try decoder.readFileHeader()
      if datalink == nil { throw .truncatedHeader(presentBytes: decoder.unconsumedByteCount) }
    } catch {
      throw .format(error)
    }
  }

  func nextPackets(
    maximumCount: Int, _ body: (TimedHCIPacket) -> Bool
  ) throws(CaptureFileError.Reason) -> (handed: Int, stopped: Bool) {
    var handed = 0
    do throws(BTSnoopError) {
      if datalink == nil { datalink = try decoder.readFileHeader() }
      guard let datalink else { return (0, false) }
      // The buffer does not change until the next append: shared once per call, and each
      // packet is a slice of it, neither copied nor built through a `BTSnoopRecord`.
      let buffer = decoder.bufferedBytes
      while handed < maximumCount, let (header, data) = try decoder.nextRecordHeader() {
        recordCount += 1
        let kind: BTSnoopPacketKind?
        do {
          kind = try BTSnoopPacketKind(
            datalink: datalink, flags: header.flags, firstDataByte: data.isEmpty ? nil : buffer[data.lowerBound],
            recordNumber: header.recordNumber, byteOffset: header.byteOffset)
        } catch {
          switch error {
          case .unknownPacketType:
            unknownTypeRecords = ((unknownTypeRecords?.count ?? 0) + 1, unknownTypeRecords?.first ?? error)
          case .corruptRecord(_, _, .missingPacketType):
            countEmpty(header)
          default:
            throw error
          }
          continue
        }
        guard let kind else { continue }
        let packetStart = data.lowerBound + kind.indicatorLength
        // An HCI packet record with no bytes (Linux monitor records such as Open Index are
        // empty by design, and are not HCI packets).
        guard packetStart < data.upperBound else {
          countEmpty(header)
          continue
        }
        handed += 1
        let packet = TimedHCIPacket(
          time: header.timestamp.captureTime,
          packet: HCIPacket(type: kind.type, direction: kind.direction, bytes: buffer[packetStart..<data.upperBound]),
          origin: PacketOrigin(recordNumber: header.recordNumber, byteOffset: header.byteOffset))
        if !body(packet) { return (handed, true) }
      }
      return (handed, false)
    } catch {
      throw .format(error)
    }
  }

  private func countEmpty(_ record: BTSnoopRecordHeader) {
    emptyRecords = (
      (emptyRecords?.count ?? 0) + 1, emptyRecords?.firstRecordNumber ?? record.recordNumber,
      emptyRecords?.firstByteOffset ?? record.byteOffset
    )
  }

  func finish() throws(CaptureFileError.Reason) -> [CaptureReplayWarning] {
    var warnings: [CaptureReplayWarning] = []
    if let unknownTypeRecords {
      warnings.append(.skippedRecords(count: unknownTypeRecords.count, first: unknownTypeRecords.first))
    }
    if let emptyRecords {
      warnings.append(
        .emptyRecords(
          count: emptyRecords.count, firstRecordNumber: emptyRecords.firstRecordNumber,
          firstByteOffset: emptyRecords.firstByteOffset))
    }
    do throws(BTSnoopError) {
      if let warning = try decoder.finish() { warnings.append(.btsnoop(warning)) }
    } catch {
      throw .format(error)
    }
    return warnings
  }
}

/// Reads pcap and pcapng: HCI link types as they are, link-layer sniffer captures as the
/// advertising reports a controller would have sent for the advertising PDUs received.
final class PacketCaptureReader: CaptureFormatReader {
  private var decoder = PacketCaptureDecoder()
  private(set) var recordCount = 0
  private var packetCount = 0
  private var skipped: [String: Int] = [:]
  /// A pcapng Simple Packet Block has no time of its own: it takes its predecessor's.
  private var lastTime = Timestamp(microsecondsSinceUnixEpoch: 0)

  func append(_ bytes: ArraySlice<UInt8>) { decoder.append(bytes) }

  func append(upTo maximumCount: Int, from read: (UnsafeMutableRawBufferPointer) throws(Errno) -> Int) throws(Errno)
    -> Int
  { try decoder.append(upTo: maximumCount, from: read) }

  /// The pcap and pcapng headers are checked with the first frame.
  func readFileHeader() throws(CaptureFileError.Reason) {}

  func nextPackets(
    maximumCount: Int, _ body: (TimedHCIPacket) -> Bool
  ) throws(CaptureFileError.Reason) -> (handed: Int, stopped: Bool) {
    var handed = 0
    do throws(PacketCaptureError) {
      while handed < maximumCount, let frame = try decoder.nextFrame() {
        recordCount += 1
        if let time = frame.time { lastTime = time }
        switch try frame.translated() {
        case .packet(let packet):
          packetCount += 1
          handed += 1
          let timed = TimedHCIPacket(
            time: lastTime, packet: packet,
            origin: PacketOrigin(recordNumber: frame.recordNumber, byteOffset: frame.byteOffset))
          if !body(timed) { return (handed, true) }
        case .skipped(let reason):
          skipped[Self.category(of: reason), default: 0] += 1
        }
      }
      return (handed, false)
    } catch {
      throw .packetCaptureFormat(error)
    }
  }

  func finish() throws(CaptureFileError.Reason) -> [CaptureReplayWarning] {
    let warning: PacketCaptureWarning?
    do throws(PacketCaptureError) {
      warning = try decoder.finish()
    } catch {
      throw .packetCaptureFormat(error)
    }
    if let warning { return [.packetCapture(warning)] }
    if packetCount == 0, !skipped.isEmpty {
      return [
        .nothingReplayable(skipped: skipped.sorted { $0.value > $1.value }.map { (reason: $0.key, count: $0.value) })
      ]
    }
    return []
  }

  /// The kind of a skip reason without its details, for counting.
  private static func category(of reason: FrameSkipReason) -> String {
    switch reason {
    case .monitorMetadata: return "monitor metadata"
    case .dataChannelPDU: return "data-channel PDU(s)"
    case .unreportedPDUType: return "PDU(s) no advertising report carries"
    case .crcFailed: return "with a bad CRC"
    case .malformed: return "malformed"
    }
  }
}
