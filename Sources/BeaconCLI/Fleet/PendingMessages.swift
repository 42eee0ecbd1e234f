import DequeModule
import MosquittoClient

/// Messages waiting for the broker, at most one per topic and at most ``capacity`` in all.
///
/// A message for a topic that already waits replaces it in place (a beacon's newer state, a
/// config sent again): what the broker gets is each topic's latest, in the order the topics
/// first waited. A message for a new topic when ``capacity`` topics wait is dropped and counted:
/// the scan never waits for the broker, and memory stays bounded however long it is away.
struct PendingMessages {
  /// The most topics waiting at once.
  let capacity: Int
  private var order: Deque<String> = []
  private var latest: [String: MQTTMessage] = [:]
  /// Messages dropped because ``capacity`` topics were waiting.
  private(set) var dropped = 0
  /// Messages replaced by a newer one for the same topic before they were sent.
  private(set) var superseded = 0

  init(capacity: Int) { self.capacity = max(1, capacity) }

  var count: Int { latest.count }
  var isEmpty: Bool { latest.isEmpty }

  /// Whether a message for `topic` would be kept: one waits already (it is replaced), or there
  /// is room.
  func accepts(topic: String) -> Bool { latest[topic] != nil || order.count < capacity }

  /// Counts a message the caller did not make because it would not have been kept.
  mutating func countDropped() { dropped += 1 }

  mutating func append(_ message: MQTTMessage) {
    if latest.updateValue(message, forKey: message.topic) != nil {
      superseded += 1
      return
    }
    guard order.count < capacity else {
      latest[message.topic] = nil
      dropped += 1
      return
    }
    order.append(message.topic)
  }

  /// The oldest waiting message, left in place.
  var first: MQTTMessage? {
    guard let topic = order.first else { return nil }
    return latest[topic]
  }

  /// Removes the oldest waiting message (it was sent, or refused for good).
  mutating func removeFirst() {
    guard let topic = order.popFirst() else { return }
    latest[topic] = nil
  }
}
