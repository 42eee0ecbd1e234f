import HCICodec
import HCITransportCore

/// Something at the end of a replay that did not stop it but that the user should know.
public enum CaptureReplayWarning: Hashable, TransportWarning {
  /// The last btsnoop record was cut short.
  case btsnoop(BTSnoopWarning)
  /// Records that could not be interpreted (an unknown H4 packet type) were skipped;
  /// `first` says which was the first.
  case skippedRecords(count: Int, first: BTSnoopError)
  /// HCI packet records with no bytes at all (not even an H4 packet type) were skipped.
  case emptyRecords(count: Int, firstRecordNumber: Int, firstByteOffset: Int)
  /// The last pcap record or pcapng block was cut short.
  case packetCapture(PacketCaptureWarning)
  /// Frames that carried nothing a host would have received (bad CRC, data-channel PDUs,
  /// scan requests …), by reason, largest count first. Only reported when no frame was usable.
  case nothingReplayable(skipped: [(reason: String, count: Int)])

  public var description: String {
    switch self {
    case .btsnoop(let warning): return warning.description
    case .skippedRecords(let count, let first):
      return "\(count) record(s) skipped, the first: \(first)"
    case .emptyRecords(let count, let record, let offset):
      return
        "\(count) HCI packet record(s) hold no bytes and were skipped, the first: record \(record) at byte \(offset)"
    case .packetCapture(let warning): return warning.description
    case .nothingReplayable(let skipped):
      let reasons = skipped.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")
      return "no frame in the capture carries HCI traffic or advertising PDUs (skipped: \(reasons))"
    }
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }
  public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
