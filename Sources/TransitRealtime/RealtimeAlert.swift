/// An `Alert`: a notice to riders about some routes, stops or trips.
public struct RealtimeAlert: Hashable, Sendable {
  /// What an alert is about (`EntitySelector`): each field given narrows it.
  public struct InformedEntity: Hashable, Sendable {
    public var agencyID: String?
    public var routeID: String?
    public var routeType: Int?
    public var directionID: Int?
    public var tripID: String?
    public var stopID: String?

    public init(
      agencyID: String? = nil, routeID: String? = nil, routeType: Int? = nil, directionID: Int? = nil,
      tripID: String? = nil, stopID: String? = nil
    ) {
      self.agencyID = agencyID
      self.routeID = routeID
      self.routeType = routeType
      self.directionID = directionID
      self.tripID = tripID
      self.stopID = stopID
    }
  }

  /// A text in one language (`TranslatedString.Translation`).
  public struct Text: Hashable, Sendable {
    public var text: String
    /// A BCP 47 language tag; `nil` when the text is the feed's only or default one.
    public var language: String?

    public init(_ text: String, language: String? = nil) {
      self.text = text
      self.language = language
    }
  }

  /// The entity's `id` in the feed.
  public var entityID: String
  public var informedEntities: [InformedEntity]
  /// When it is in force: `(start, end)` in Unix seconds, either open; empty: always.
  public var activePeriods: [ActivePeriod]
  /// `header_text`, in each language given.
  public var header: [Text]
  /// `description_text`, in each language given.
  public var description: [Text]

  /// A `TimeRange`.
  public struct ActivePeriod: Hashable, Sendable {
    public var start: Int64?
    public var end: Int64?

    public init(start: Int64?, end: Int64?) {
      self.start = start
      self.end = end
    }

    public func contains(_ time: Int64) -> Bool {
      (start.map { $0 <= time } ?? true) && (end.map { time <= $0 } ?? true)
    }
  }

  public init(
    entityID: String, informedEntities: [InformedEntity], activePeriods: [ActivePeriod] = [], header: [Text],
    description: [Text] = []
  ) {
    self.entityID = entityID
    self.informedEntities = informedEntities
    self.activePeriods = activePeriods
    self.header = header
    self.description = description
  }

  /// Whether the alert is in force at `time` (Unix seconds).
  public func isActive(at time: Int64) -> Bool {
    activePeriods.isEmpty || activePeriods.contains { $0.contains(time) }
  }

  /// The header in `language` (a BCP 47 tag; its primary subtag is enough), else the untagged one,
  /// else the first; `nil` when the alert has no header.
  public func headerText(language: String? = nil) -> String? {
    if let language {
      let primary = language.split(separator: "-").first.map { $0.lowercased() }
      if let match = header.first(where: { $0.language?.split(separator: "-").first?.lowercased() == primary }) {
        return match.text
      }
    }
    return (header.first { $0.language == nil } ?? header.first)?.text
  }
}
