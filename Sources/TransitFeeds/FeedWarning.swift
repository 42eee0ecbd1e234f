/// A defect ``Feed/load(from:)`` read past: the feed still loads, and ``Feed/warnings`` says what
/// was wrong (``defect``, with its file, line and column), how the GTFS validator classes it
/// (``kind``) and what the load did instead (``outcome``).
public struct FeedWarning: Hashable, Sendable, CustomStringConvertible {
  /// The defect's class, by the notice code of MobilityData's GTFS validator (`RULES.md`).
  public enum Kind: String, Hashable, Sendable, CaseIterable, Comparable {
    case csvParsingFailed = "csv_parsing_failed"
    case duplicateKey = "duplicate_key"
    case emptyRow = "empty_row"
    case foreignKeyViolation = "foreign_key_violation"
    case inconsistentAgencyTimezone = "inconsistent_agency_timezone"
    case invalidDate = "invalid_date"
    case invalidInteger = "invalid_integer"
    case invalidRowLength = "invalid_row_length"
    case invalidTime = "invalid_time"
    case leadingOrTrailingWhitespaces = "leading_or_trailing_whitespaces"
    case missingRequiredColumn = "missing_required_column"
    case missingRequiredField = "missing_required_field"
    case missingTripEdge = "missing_trip_edge"
    case numberOutOfRange = "number_out_of_range"
    case stopTimeWithArrivalBeforePreviousDepartureTime = "stop_time_with_arrival_before_previous_departure_time"
    case unexpectedEnumValue = "unexpected_enum_value"

    public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// What the load did with the defect.
  public enum Outcome: Hashable, Sendable {
    /// The row is left out (of a duplicate id, the first row is kept).
    case rowSkipped
    /// The row is read, as Python's `csv` module (pandas, partridge) reads it (spaces after a
    /// closing quote dropped, as the GTFS validator's parser drops them).
    case rowRead
    /// The value is left empty; the row is kept.
    case valueIgnored
    /// The stop is read as standing alone, under no station.
    case stopStandsAlone
    /// The trip is left out, with all its stop times (its `trip_id`).
    case tripSkipped(String)
    /// The trip's stop times are read in the order the file lists them, which their times agree
    /// with and their stop_sequence does not (its `trip_id`).
    case tripReordered(String)
    /// The trip's times that fall back by more than 12 hours are read as past midnight, 24 hours
    /// on (its `trip_id`).
    case timesPastMidnight(String)
    /// The optional file is left out.
    case fileSkipped
  }

  public let kind: Kind
  /// What is wrong, where: the error a strict reading would have stopped on.
  public let defect: FeedError
  public let outcome: Outcome

  public init(kind: Kind, defect: FeedError, outcome: Outcome) {
    self.kind = kind
    self.defect = defect
    self.outcome = outcome
  }

  /// A warning classed by its defect (a bad value by its column), for a skipped row.
  init(rowSkippedFor defect: FeedError) {
    self.init(kind: Kind(classifying: defect), defect: defect, outcome: .rowSkipped)
  }

  public var file: String? { defect.file }
  public var line: Int? { defect.line }
  public var column: String? { defect.column }

  /// The value at fault, when there is one.
  public var value: String? {
    switch defect {
    case .unknownReference(_, _, _, let value, _), .duplicateID(_, _, _, let value),
      .malformedValue(_, _, _, let value, _):
      value
    default: nil
    }
  }

  /// One line, the feed's text escaped as ``FeedError`` escapes it.
  public var description: String {
    let what =
      switch outcome {
      case .rowSkipped: "the row is left out"
      case .rowRead: "the row is read"
      case .valueIgnored: "the value is ignored"
      case .stopStandsAlone: "the stop stands alone"
      case .tripSkipped(let trip): "trip \(FeedError.quoted(trip)) is left out"
      case .tripReordered(let trip):
        "trip \(FeedError.quoted(trip))'s stops are read in the file's order, which their times agree with"
      case .timesPastMidnight(let trip): "trip \(FeedError.quoted(trip))'s times from there are read as past midnight"
      case .fileSkipped: "the file is left out"
      }
    return "\(kind.rawValue): \(defect) (\(what))"
  }
}

extension FeedWarning.Kind {
  /// The notice of a defect that makes a row unreadable.
  init(classifying defect: FeedError) {
    switch defect {
    case .unknownReference: self = .foreignKeyViolation
    case .duplicateID: self = .duplicateKey
    case .missingValue: self = .missingRequiredField
    case .missingColumn: self = .missingRequiredColumn
    case .unreadableFeed, .missingFile, .malformedCSV, .nothingUsable: self = .csvParsingFailed
    case .malformedValue(_, _, let column, _, let expected):
      switch column {
      case _ where expected == "an integer": self = .invalidInteger
      // ``CSVRecord/integer(_:_:atLeast:)``'s.
      case _ where expected == "a positive integer" || expected == "a whole number of seconds":
        self = .numberOutOfRange
      case "arrival_time", "departure_time", "start_time", "end_time": self = .invalidTime
      case "start_date", "end_date", "date": self = .invalidDate
      case "stop_lat", "stop_lon": self = .numberOutOfRange
      case "agency_timezone": self = .inconsistentAgencyTimezone
      case "stop_sequence", "route_type", "headway_secs", "min_transfer_time", "traversal_time": self = .invalidInteger
      default: self = .unexpectedEnumValue
      }
    }
  }
}
