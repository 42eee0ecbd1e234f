/// One message to publish.
public struct MQTTMessage: Hashable, Sendable {
  /// How hard the broker tries to deliver it.
  public enum QualityOfService: Int32, Hashable, Sendable {
    /// Sent once; lost if the connection drops (QoS 0).
    case atMostOnce = 0
    /// Acknowledged by the broker; sent again until it is (QoS 1).
    case atLeastOnce = 1
  }

  public var topic: String
  public var payload: [UInt8]
  /// Whether the broker keeps it as the topic's last message, for subscribers that come later.
  public var retain: Bool
  public var qualityOfService: QualityOfService

  public init(topic: String, payload: [UInt8], retain: Bool = false, qualityOfService: QualityOfService = .atMostOnce) {
    self.topic = topic
    self.payload = payload
    self.retain = retain
    self.qualityOfService = qualityOfService
  }

  public init(topic: String, text: String, retain: Bool = false, qualityOfService: QualityOfService = .atMostOnce) {
    self.init(topic: topic, payload: Array(text.utf8), retain: retain, qualityOfService: qualityOfService)
  }
}
