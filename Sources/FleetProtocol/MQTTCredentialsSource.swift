import MosquittoClient
import POSIXSupport
import SystemPackage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the broker's user name and password come from: never the command line, where every
/// user of the machine can read them (`ps`), but a file (`--mqtt-credentials FILE`, e.g.
/// systemd's `LoadCredential=` directory) or the environment (`BEACON_MQTT_USERNAME`,
/// `BEACON_MQTT_PASSWORD`, e.g. from a unit's `EnvironmentFile=`).
package enum MQTTCredentialsSource {
  package static let usernameVariable = "BEACON_MQTT_USERNAME"
  package static let passwordVariable = "BEACON_MQTT_PASSWORD"

  /// The credentials from `file` (its first line: `USERNAME:PASSWORD`, or `USERNAME` alone), or
  /// else from the environment; `nil` when neither gives any.
  package static func load(file: String?, environment: [String: String]) throws(MQTTCredentialsError)
    -> MQTTCredentials?
  {
    if let file {
      if environment[usernameVariable] != nil || environment[passwordVariable] != nil {
        throw .twoSources(file)
      }
      guard let bytes = try? FileDescriptor.readSmallFile(file) else { throw .unreadable(file) }
      let data = Data(bytes)
      let firstLine = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
      guard !firstLine.isEmpty else { throw .empty(file) }
      guard let colon = firstLine.firstIndex(of: ":") else {
        return MQTTCredentials(username: String(firstLine), password: nil)
      }
      let username = firstLine[..<colon]
      guard !username.isEmpty else { throw .noUsername(file) }
      return MQTTCredentials(username: String(username), password: String(firstLine[firstLine.index(after: colon)...]))
    }
    guard let username = environment[usernameVariable], !username.isEmpty else {
      if environment[passwordVariable] != nil { throw .passwordWithoutUsername }
      return nil
    }
    return MQTTCredentials(username: username, password: environment[passwordVariable])
  }

  /// Whether users other than the owner may read `file` (group or others have read permission).
  package static func isReadableByOthers(_ file: String) -> Bool {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
      let permissions = attributes[.posixPermissions] as? Int
    else { return false }
    return permissions & 0o044 != 0
  }
}

/// Why the broker's credentials could not be read; each says what to do.
package enum MQTTCredentialsError: Error, Hashable, CustomStringConvertible {
  case unreadable(String)
  case empty(String)
  case noUsername(String)
  case twoSources(String)
  case passwordWithoutUsername

  package var description: String {
    switch self {
    case .unreadable(let file): return "cannot read the MQTT credentials file \(file)"
    case .empty(let file): return "\(file) is empty: write USERNAME:PASSWORD on its first line"
    case .noUsername(let file): return "\(file) has no user name before the ':': write USERNAME:PASSWORD"
    case .twoSources(let file):
      return "credentials in both \(file) and \(MQTTCredentialsSource.usernameVariable)/"
        + "\(MQTTCredentialsSource.passwordVariable): give one"
    case .passwordWithoutUsername:
      return "\(MQTTCredentialsSource.passwordVariable) is set but \(MQTTCredentialsSource.usernameVariable) is not"
    }
  }
}
