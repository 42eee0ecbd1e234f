import HCICodec

/// The legacy HCI command sequence that makes a controller advertise a beacon frame:
/// non-connectable undirected advertising (ADV_NONCONN_IND) on all three channels.
public struct LegacyBeaconAdvertising: Hashable, Sendable {
  public var frame: BeaconFrame
  public var interval: AdvertisingInterval

  public init(frame: BeaconFrame, interval: AdvertisingInterval = .hundredMilliseconds) {
    self.frame = frame
    self.interval = interval
  }

  /// LE Set Advertising Parameters: the interval as both minimum and maximum, ADV_NONCONN_IND,
  /// the controller's public address, all channels.
  public var parameters: LESetAdvertisingParameters {
    LESetAdvertisingParameters(
      advertisingIntervalMin: interval, advertisingIntervalMax: interval, advertisingType: .advNonconnInd)
  }

  /// In order: disable advertising (a controller refuses new parameters while advertising),
  /// set the parameters, set the data, enable.
  public func commands() throws(HCIParameterError) -> [any HCICommand] {
    [
      LESetAdvertisingEnable(advertisingEnable: false),
      parameters,
      try LESetAdvertisingData(advertisingData: frame.advertisingData),
      LESetAdvertisingEnable(advertisingEnable: true),
    ]
  }
}
