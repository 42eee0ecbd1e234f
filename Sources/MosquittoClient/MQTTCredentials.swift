/// A user name and password for the broker.
public struct MQTTCredentials: Hashable, Sendable {
  public var username: String
  public var password: String?

  public init(username: String, password: String?) {
    self.username = username
    self.password = password
  }
}
