import DequeModule
import MosquittoClient

/// Messages waiting for the broker, at most one per topic and at most ``capacity`` in all.
///
/// A message for a topic that already waits replaces it in place (a beacon's newer state, a
/// config sent again): what the broker gets is each topic's latest, in the order the topics
/// first waited. A message for a new topic when ``capacity`` topics wait is dropped and counted:
/// the scan never waits for the broker, and memory stays bounded however long it is away.
package struct PendingMessages {
  /// The most topics waiting at once.
  package let capacity: Int
  private var order: Deque<String> = []
  private var latest: [String: MQTTMessage] = [:]
  /// Messages dropped because ``capacity`` topics were waiting.
  private(set) var dropped = 0
  /// Numbers the messages that replace nothing (``append(topic:replacing:_:)``), so that each
  /// waits under a key of its own.
  private var distinct = 0

  package init(capacity: Int) { self.capacity = max(1, capacity) }

  package var count: Int { latest.count }
  package var isEmpty: Bool { latest.isEmpty }

  /// Queues the message `make` returns for `topic`, replacing one that waits for it (unless
  /// `replacing` is false: an answer that must not be lost waits beside the others); when
  /// ``capacity`` other messages wait, drops it, counted, without making it.
  package mutating func append(topic: String, replacing: Bool = true, _ make: () -> MQTTMessage) {
    var key = topic
    if !replacing {
      distinct += 1
      // NUL cannot be in a topic, so no topic's key is ever this one.
      key = "\(topic)\u{0}\(distinct)"
    }
    if latest[key] == nil {
      guard order.count < capacity else {
        dropped += 1
        return
      }
      order.append(key)
    }
    latest[key] = make()
  }

  /// The oldest waiting message, left in place.
  package var first: MQTTMessage? {
    guard let topic = order.first else { return nil }
    return latest[topic]
  }

  /// Removes the oldest waiting message (it was sent, or refused for good).
  package mutating func removeFirst() {
    guard let topic = order.popFirst() else { return }
    latest[topic] = nil
  }
}
