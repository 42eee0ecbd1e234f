/// What happened on one channel when ``NotificationChannels/announce(title:body:)`` ran.
public struct ChannelDelivery: Sendable, Equatable, CustomStringConvertible {
  /// The result on one channel.
  public enum Result: Sendable, Equatable {
    /// It was delivered.
    case delivered
    /// The channel was not tried because it is unavailable here.
    case skipped(ChannelUnavailableReason)
    /// It was tried and failed.
    case failed(ChannelDeliveryError)
  }

  /// The channel.
  public var channel: NotificationChannel
  /// What happened on it.
  public var result: Result

  /// A delivery record for `channel`.
  public init(channel: NotificationChannel, result: Result) {
    self.channel = channel
    self.result = result
  }

  public var description: String {
    switch result {
    case .delivered: "\(channel.rawValue): delivered"
    case .skipped(let reason): "\(channel.rawValue): skipped, \(reason)"
    case .failed(let error): "\(channel.rawValue): failed, \(error)"
    }
  }
}
