import MRTNavigation
import ProgramOutput
import ServiceManager

/// A node's settings as its operator changes them over MQTT (``NodeSettings``): at the start, the
/// saved ones over the command line's; then each message on `PREFIX/NODE/config/set` or
/// `PREFIX/all/config/set`, applied to the running parts, saved (``NodeSettingsStore``) and
/// echoed, retained, on `PREFIX/NODE/config`; a message that changes nothing is answered on
/// `PREFIX/NODE/config/error` with the key it is about. Off (`--no-mqtt-remote-settings`), the
/// settings in force are echoed and nothing else is read or taken.
///
/// Everything runs on the scan's thread: messages are taken in the publisher's ``MQTTPublisher/pump()``.
package final class NodeRemoteSettings {
  /// Whether a node's scan timing can be set.
  package enum ScanControl {
    /// It scans a controller of its own.
    case scans
    /// Its source has not started: a live controller, which it may scan itself. A timing set
    /// now is used when scanning starts (``sourceStarted()`` takes it back if it does not).
    case notStarted
    /// It only listens: a capture, the monitor channel, bluetoothd's discovery.
    case listensOnly
  }

  /// The settings in force.
  package private(set) var current: NodeSettings
  private let catalog: StationCatalog
  private let store: NodeSettingsStore?
  private let publisher: MQTTPublisher
  private let program: String
  /// Whether messages are taken (`--mqtt-remote-settings`, the default).
  private let takesMessages: Bool
  private let scanControl: () -> ScanControl
  /// Whether this node can watch expected stations (`--expect`, or a watch of remotely set
  /// ones), whose list a setting can change.
  private let watches: Bool
  /// Puts `settings` to work in the running parts.
  private let apply: (NodeSettings) -> Void

  package init(
    initial: NodeSettings, catalog: StationCatalog, store: NodeSettingsStore?, publisher: MQTTPublisher,
    program: String, takesMessages: Bool, scanControl: @escaping () -> ScanControl, watches: Bool,
    apply: @escaping (NodeSettings) -> Void
  ) {
    current = initial
    self.catalog = catalog
    self.store = store
    self.publisher = publisher
    self.program = program
    self.takesMessages = takesMessages
    self.scanControl = scanControl
    self.watches = watches
    self.apply = apply
    if takesMessages { publisher.onSettingsMessage = { [unowned self] _, payload in take(payload) } }
  }

  /// Applies the saved settings over the command line's, key by key: a key that cannot apply
  /// on this node is said and left out, the others are applied; a file that cannot be read is
  /// said and the command line's settings stay. Then echoes the settings in force.
  package func start() {
    if takesMessages, !publisher.exposures.isEmpty {
      say(
        "settings over MQTT are on, over an \(publisher.exposures.joined(separator: ", ")) connection: anyone who can "
          + "publish to \(publisher.topics.allSettingsSet) can change this node (its expected stations, its scan "
          + "timing, its RSSI offset); --no-mqtt-remote-settings turns them off, and the Fleet article's broker ACL keeps them to "
          + "the operator", priority: .warning)
    }
    if let store {
      if takesMessages {
        load(store)
      } else if (try? store.load()) != nil {
        say(
          "settings over MQTT are off (--no-mqtt-remote-settings): the ones saved in \(store.path) are not used",
          priority: .notice)
      }
    }
    echo()
  }

  /// Once the source has started: on a node that turns out only to listen, a scan timing is
  /// nothing it can set, and the echo no longer shows one (said when it came from the file).
  package func sourceStarted() {
    guard scanControl() == .listensOnly, current.scanInterval != nil || current.scanWindow != nil else { return }
    if let saved = savedScanTiming {
      say(
        "\(saved): the saved scan timing is not used: this node listens to a scan it does not run (the monitor "
          + "channel or bluetoothd's discovery)", priority: .warning)
    }
    current.scanInterval = nil
    current.scanWindow = nil
    echo()
  }

  /// The file whose scan timing was applied at the start, if it held one.
  private var savedScanTiming: String?

  private func load(_ store: NodeSettingsStore) {
    let saved: [UInt8]
    do {
      guard let bytes = try store.load() else { return }
      saved = bytes
    } catch {
      say("\(store.path): not used (the command line's settings stay): \(error)", priority: .warning)
      return
    }
    var (settings, refused) = current.applyingEach(
      saved, catalog: catalog, scans: scanControl() != .listensOnly)
    if !watches, settings.expectedStations != current.expectedStations {
      settings.expectedStations = current.expectedStations
      refused.append(Self.noHealthLayout)
    }
    for refusal in refused {
      let what = refusal.key == nil ? "not used (the command line's settings stay)" : "left out"
      say("\(store.path): \(what): \(refusal)", priority: .warning)
    }
    guard settings != current else { return }
    if settings.scanInterval != current.scanInterval || settings.scanWindow != current.scanWindow {
      savedScanTiming = store.path
    }
    current = settings
    apply(settings)
    say("settings from \(store.path): \(settings.json())", priority: .info)
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
      let settings = try current.applying(payload, catalog: catalog, scans: scanControl() != .listensOnly)
      if !watches, settings.expectedStations != current.expectedStations { throw Self.noHealthLayout }
      return .success(settings)
    } catch {
      return .failure(error)
    }
  }

  private static let noHealthLayout = NodeSettingsError(
    key: "expectedStations",
    reason: "this node publishes no health in ESPresense's layout: run it with --mqtt-layout native")

  private func echo() {
    let json = current.json()
    publisher.append(topic: publisher.topics.settings, retain: true) { Array(json.utf8) }
  }

  private func say(_ text: String, priority: LogPriority) {
    StandardError.writeLine("\(program): \(publisher.brokerName): \(text)", priority: priority)
  }
}
