/// Why a text is no gpsd address (``GPSDEndpoint/init(parsing:)``); the description quotes the
/// text, says what is wrong and shows the forms that work.
public struct GPSDEndpointError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong with the text.
  public enum Reason: Hashable, Sendable {
    /// Nothing before the port (`:` alone is this machine only with a port: `:2947`).
    case missingHost
    /// A colon with no port after it (`host:`, `[::1]x`).
    case missingPort
    /// The port, as written, is not a number from 1 to 65535.
    case badPort(String)
    /// A `[` without its `]`.
    case unclosedBracket
    /// The host holds a space, a tab or a newline.
    case spaceInHost
  }

  /// The text as given.
  public var text: String
  public var reason: Reason

  public init(text: String, reason: Reason) {
    self.text = text
    self.reason = reason
  }

  /// The forms an address may take.
  public static let knownForms = "HOST, HOST:PORT, :PORT or [IPV6]:PORT (gpsd's default is 127.0.0.1:2947)"

  public var description: String {
    let what: String
    switch reason {
    case .missingHost: what = "no host"
    case .missingPort: what = "no port after the host (1 to 65535, or leave out the colon)"
    case .badPort(let port): what = "'\(port)' is not a port (1 to 65535)"
    case .unclosedBracket: what = "an IPv6 address needs its closing bracket, e.g. [::1]:2947"
    case .spaceInHost: what = "a host has no spaces"
    }
    return "'\(text)': \(what); write \(Self.knownForms)"
  }
}
