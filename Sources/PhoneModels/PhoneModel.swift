/// A phone as it scans for beacons: its schedule (``PhoneScanSchedule``) and what that schedule
/// rests on. A named model is one phone OS's (or beacon library's) documented or measured
/// behaviour; a custom one is a schedule given as `window=MS,interval=MS[,cycle=MS,pause=MS,report=end|each]`.
///
/// Everything a model produces is a prediction: no model here was compared with a phone's own log.
public struct PhoneModel: Hashable, Sendable {
  /// The name given on the command line (a custom schedule's own text).
  public var name: String
  public var schedule: PhoneScanSchedule
  /// What the model rests on: its source, the OS version, and whether the figures are documented
  /// (in source code or docs) or measured (by whom).
  public var basis: String

  public init(name: String, schedule: PhoneScanSchedule, basis: String) {
    self.name = name
    self.schedule = schedule
    self.basis = basis
  }

  /// The model named `name`, or the custom schedule `name` spells.
  public init(parsing text: String) throws(PhoneModelError) {
    if let model = Self.named.first(where: { $0.name == text }) {
      self = model
      return
    }
    guard text.contains("=") else { throw .unknownModel(text) }
    self = PhoneModel(
      name: text, schedule: try PhoneScheduleText.parse(text),
      basis: "a custom schedule, as given: not any phone's documented or measured behaviour")
  }
}
