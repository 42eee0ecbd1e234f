extension MQTTSession {
  /// How a session connects, and what it leaves behind when it dies.
  public struct Configuration: Hashable, Sendable {
    public var broker: MQTTBroker
    /// The client identifier; unique per running client, or the broker drops the older one.
    public var clientID: String
    public var credentials: MQTTCredentials?
    /// The certificate authorities to trust for `mqtts://`: a PEM file; `nil` is the system's
    /// (``systemCertificateDirectory``).
    public var certificateAuthorityFile: String?
    /// What the broker publishes when this client goes without saying goodbye (killed, network
    /// gone): the MQTT "last will".
    public var will: MQTTMessage?
    /// What the session publishes itself on every connection, from libmosquitto's thread as the
    /// broker accepts it, before anything else: the last will's opposite (`online`), so that it
    /// does not wait for the owner to look at its events.
    public var birth: MQTTMessage?
    /// Topic filters subscribed on every connection (again after each reconnect).
    public var subscriptions: [String]
    /// Seconds between pings while idle; the broker declares the client gone after 1.5 times it.
    public var keepAliveSeconds: Int32
    /// The first wait before reconnecting, doubled after each failure up to ``reconnectDelayLimit``.
    public var reconnectDelay: Duration
    public var reconnectDelayLimit: Duration
    /// The most messages handed to libmosquitto and not yet sent (or, at QoS 1, acknowledged).
    /// libmosquitto's own queue has no limit; this is the limit.
    public var maximumInFlight: Int
    /// The most messages received and events kept until the owner takes them
    /// (``MQTTSession/takeEvents()``); beyond it, received messages are dropped and counted
    /// (``MQTTSession/droppedReceivedCount``).
    public var maximumWaitingEvents: Int

    /// Debian's directory of trusted certificate authorities.
    public static let systemCertificateDirectory = "/etc/ssl/certs"

    public init(
      broker: MQTTBroker, clientID: String, credentials: MQTTCredentials? = nil,
      certificateAuthorityFile: String? = nil,
      will: MQTTMessage? = nil, birth: MQTTMessage? = nil, subscriptions: [String] = [], keepAliveSeconds: Int32 = 30,
      reconnectDelay: Duration = .seconds(1), reconnectDelayLimit: Duration = .seconds(30), maximumInFlight: Int = 256,
      maximumWaitingEvents: Int = 1024
    ) {
      self.broker = broker
      self.clientID = clientID
      self.credentials = credentials
      self.certificateAuthorityFile = certificateAuthorityFile
      self.will = will
      self.birth = birth
      self.subscriptions = subscriptions
      self.keepAliveSeconds = keepAliveSeconds
      self.reconnectDelay = reconnectDelay
      self.reconnectDelayLimit = reconnectDelayLimit
      self.maximumInFlight = maximumInFlight
      self.maximumWaitingEvents = maximumWaitingEvents
    }
  }
}
