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

  /// A whole advertisement ready to be searched.
  struct Assembled: AdvertisingReportFields {
    var addressType: LEAddressType
    var address: BluetoothAddress
    var rssi: Int8?
    var data: ArraySlice<UInt8>
    /// The controller truncated the data: only a prefix was received.
    var isTruncated: Bool
  }

  /// Adds a report; returns the whole advertisement once its last fragment has arrived.
  mutating func add(_ report: LEExtendedAdvertisingReport.Report) -> Assembled? {
    let status = report.eventType.dataStatus
    let key = Key(
      address: report.address, addressType: report.addressType.rawValue, advertisingSID: report.advertisingSID)
    let earlier = pending.removeValue(forKey: key)
    if earlier != nil { arrivalOrder.removeAll { $0 == key } }
    if status == .incompleteMoreToCome {
      var data = earlier ?? []
      data.append(contentsOf: report.data.prefix(Self.maximumDataLength - data.count))
      hold(data, for: key)
      return nil
    }
    let data: ArraySlice<UInt8> = earlier.map { ($0 + report.data)[...] } ?? report.data
    return Assembled(
      addressType: report.addressType, address: report.address, rssi: report.rssi, data: data,
      isTruncated: status != .complete)
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
