/// Shows the rider a notification. Implemented outside the domain (a desktop notification, a
/// terminal line).
public protocol NotificationManager: AnyObject {
  /// Shows a notification with `title` and `body`.
  func notify(title: String, body: String)
}
