/// What ``MQTTSession/publish(_:)`` did with a message.
public enum MQTTPublishResult: Hashable, Sendable {
  /// Handed to libmosquitto, which sends it from its own thread.
  case queued
  /// Not connected: nothing was queued.
  case notConnected
  /// ``MQTTSession/Configuration/maximumInFlight`` messages are still being sent: the broker (or
  /// the network) is slower than the messages come; nothing was queued.
  case busy
  /// libmosquitto refused it (a topic with wildcards, a payload over 256 MiB…).
  case failed(MosquittoStatus)
}
