/// What happened on the connection since the owner last asked (``MQTTSession/takeEvents()``).
public enum MQTTSessionEvent: Hashable, Sendable {
  /// The broker accepted the connection (the first one, or again after a loss).
  case connected
  /// The first attempt to reach the broker failed before any MQTT was spoken; libmosquitto
  /// tries again after its delay.
  case notReached(MQTTConnectFailure)
  /// The broker answered but refused; libmosquitto tries again after its delay.
  case refused(MQTTConnectionRefusal)
  /// An established connection went away; libmosquitto reconnects with backoff.
  case lost(MosquittoStatus)
  /// libmosquitto reported an error or a warning (a TLS handshake that failed, say): its text.
  case problem(String)
  /// A message arrived on a subscribed topic.
  case message(topic: String, payload: [UInt8])
}
