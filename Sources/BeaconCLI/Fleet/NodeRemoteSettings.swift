import MRTNavigation
import ServiceManager

/// A node's settings as its operator changes them over MQTT (``NodeSettings``): at the start, the
/// saved ones over the command line's; then each message on `PREFIX/NODE/config/set` or
/// `PREFIX/all/config/set`, applied to the running parts, saved (``NodeSettingsStore``) and
/// echoed, retained, on `PREFIX/NODE/config`; a message that changes nothing is answered on
/// `PREFIX/NODE/config/error` with the key it is about.
///
/// Everything runs on the scan's thread: messages are taken in the publisher's ``MQTTPublisher/pump()``.
final class NodeRemoteSettings {
  private(set) var current: NodeSettings
  private let catalog: StationCatalog
  private let store: NodeSettingsStore?
  private let publisher: MQTTPublisher
  private let program: String
  /// Whether this node runs a scan of its own now, whose timing a setting can change.
  private let scans: () -> Bool
  /// Whether this node can watch expected stations (`--expect`, or a watch of remotely set
  /// ones), whose list a setting can change.
  private let watches: Bool
  /// Puts `settings` to work in the running parts.
  private let apply: (NodeSettings) -> Void

  init(
    initial: NodeSettings, catalog: StationCatalog, store: NodeSettingsStore?, publisher: MQTTPublisher,
    program: String, scans: @escaping () -> Bool, watches: Bool, apply: @escaping (NodeSettings) -> Void
  ) {
    current = initial
    self.catalog = catalog
    self.store = store
    self.publisher = publisher
    self.program = program
    self.scans = scans
    self.watches = watches
    self.apply = apply
    publisher.onSettingsMessage = { [unowned self] _, payload in take(payload) }
  }

  /// Applies the saved settings over the command line's, when there are any (a file that cannot
  /// be read or holds settings this node refuses is said and left unused), and echoes the
  /// settings in force.
  func start() {
    if let store {
      do {
        if let saved = try store.load() {
          switch validate(saved) {
          case .success(let settings):
            current = settings
            apply(settings)
            say("settings from \(store.path): \(settings.json())", priority: .info)
          case .failure(let error):
            say("\(store.path): not used: \(error)", priority: .warning)
          }
        }
      } catch {
        say("\(store.path): not used: \(error)", priority: .warning)
      }
    }
    echo()
  }

  /// One settings message: applied, saved and echoed, or refused with the reason.
  private func take(_ payload: [UInt8]) {
    switch validate(payload) {
    case .success(let settings):
      current = settings
      apply(settings)
      echo()
      say("settings changed over MQTT: \(settings.json())", priority: .notice)
      guard let store else { return }
      do {
        try store.save(settings)
      } catch {
        say("\(store.path): the settings could not be saved, so a restart forgets them: \(error)", priority: .warning)
      }
    case .failure(let error):
      publisher.append(topic: publisher.topics.settingsError, retain: false, replacing: false) {
        Array(error.json(received: payload).utf8)
      }
      say("a settings message changed nothing: \(error)", priority: .warning)
    }
  }

  private func validate(_ payload: [UInt8]) -> Result<NodeSettings, NodeSettingsError> {
    do throws(NodeSettingsError) {
      let settings = try current.applying(payload, catalog: catalog, scans: scans())
      if !watches, settings.expectedStations != current.expectedStations {
        throw NodeSettingsError(
          key: "expectedStations",
          reason: "this node publishes no health in ESPresense's layout: run it with --mqtt-layout native")
      }
      return .success(settings)
    } catch {
      return .failure(error)
    }
  }

  private func echo() {
    let json = current.json()
    publisher.append(topic: publisher.topics.settings, retain: true) { Array(json.utf8) }
  }

  private func say(_ text: String, priority: LogPriority) {
    StandardError.writeLine("\(program): \(publisher.brokerName): \(text)", priority: priority)
  }
}
