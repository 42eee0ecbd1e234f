import BluetoothTypes
import HCICodec

/// Joins extended advertising data that a controller reports in fragments.
///
/// A long extended advertisement arrives as several reports from the same advertiser and
/// advertising set: all but the last say "incomplete, more data to come"; the last says
/// "complete" or "incomplete, truncated" (the controller gave up). Only the joined data is
/// searched for beacon frames, so a fragment is never mistaken for a whole payload.
///
/// Memory is bounded: at most ``maximumPendingAdvertisements`` partial advertisements are held,
/// each at most ``maximumDataLength`` bytes; the oldest is dropped to make room.
struct ExtendedDataReassembler: Sendable {
  /// The most advertising data one extended advertisement can carry (Core spec Vol 6, Part B, 2.3.4.9).
  static let maximumDataLength = 1650
  static let maximumPendingAdvertisements = 16

  private struct Key: Hashable, Sendable {
    var address: BluetoothAddress
    var addressType: UInt8
    var advertisingSID: UInt8
  }

  private var pending: [Key: [UInt8]] = [:]
  private var arrivalOrder: [Key] = []

  /// What became of a report.
  enum Completion: Equatable {
    /// A fragment, held until the rest arrives.
    case held
    /// The report is a whole advertisement by itself: search its own data.
    case whole(isTruncated: Bool)
    /// The report completed held fragments: search the joined data.
    case joined([UInt8], isTruncated: Bool)
  }

  /// Adds a report; says whether an advertisement is now whole and where its data is.
  ///
  /// The common case, a complete report while nothing is held, costs no lookup and no copy.
  mutating func add(_ report: AdvertisingReportHeader, data: Span<UInt8>) -> Completion {
    let status = report.dataStatus
    if pending.isEmpty, status != .incompleteMoreToCome { return .whole(isTruncated: status != .complete) }
    let key = Key(
      address: report.address, addressType: report.addressType.rawValue, advertisingSID: report.advertisingSID)
    var held = pending.removeValue(forKey: key)
    if held != nil { arrivalOrder.removeAll { $0 == key } }
    if held == nil, status != .incompleteMoreToCome { return .whole(isTruncated: status != .complete) }
    var joined = held.take() ?? []
    let room = Self.maximumDataLength - joined.count
    joined.reserveCapacity(joined.count + min(room, data.count))
    for index in 0..<min(room, data.count) { joined.append(data[index]) }
    if status == .incompleteMoreToCome {
      hold(joined, for: key)
      return .held
    }
    return .joined(joined, isTruncated: status != .complete)
  }

  private mutating func hold(_ data: [UInt8], for key: Key) {
    if arrivalOrder.count >= Self.maximumPendingAdvertisements {
      pending.removeValue(forKey: arrivalOrder.removeFirst())
    }
    pending[key] = data
    arrivalOrder.append(key)
  }

  /// How many partial advertisements are held (for tests and statistics).
  var pendingCount: Int { pending.count }
}
