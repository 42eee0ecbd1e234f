import HCICodec

/// The legacy HCI commands that make a controller advertise a payload as non-connectable
/// undirected advertising (ADV_NONCONN_IND) on all three channels, in the order
/// ``ControllerSession/startAdvertising(data:interval:)`` sends them: disable (a controller
/// refuses new parameters while advertising), parameters, data, enable. The dry run of
/// `beacon-broadcast` prints these same commands, so what it shows is what a session sends.
public struct LegacyAdvertisingCommands: Hashable, Sendable {
  public let disable = LESetAdvertisingEnable(advertisingEnable: false)
  /// The interval as both minimum and maximum, ADV_NONCONN_IND, the public address, all channels.
  public let parameters: LESetAdvertisingParameters
  public let data: LESetAdvertisingData
  public let enable = LESetAdvertisingEnable(advertisingEnable: true)

  public init(payload: LegacyAdvertisingPayload, interval: AdvertisingInterval = .hundredMilliseconds) {
    parameters = LESetAdvertisingParameters(
      advertisingIntervalMin: interval, advertisingIntervalMax: interval, advertisingType: .advNonconnInd)
    data = LESetAdvertisingData(advertisingData: payload)
  }

  /// All four, in order.
  public var sequence: [any HCICommand] { [disable, parameters, data, enable] }
}
