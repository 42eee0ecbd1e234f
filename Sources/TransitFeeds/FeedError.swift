/// Why a GTFS feed is refused: the first defect found, with the file, the file's own line number
/// (the header is line 1) and the column, so that whoever publishes the feed can fix that cell.
public enum FeedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The feed's path cannot be read as a directory or a zip archive.
  case unreadableFeed(path: String, reason: String)
  /// A file the GTFS Schedule Reference requires is absent (`calendar.txt` stands for "neither
  /// `calendar.txt` nor `calendar_dates.txt`").
  case missingFile(String)
  /// A required column is absent from the file's header (line 1).
  case missingColumn(file: String, column: String)
  /// A required value is empty.
  case missingValue(file: String, line: Int, column: String)
  /// A value names an id that the file it refers to does not define.
  case unknownReference(file: String, line: Int, column: String, value: String, definedIn: String)
  /// An id defined twice in the file that defines it (or a trip's stop_sequence used twice).
  case duplicateID(file: String, line: Int, column: String, value: String)
  /// A time, number, date or enumeration value that cannot be read.
  case malformedValue(file: String, line: Int, column: String, value: String, expected: String)
  /// The file is not CSV as RFC 4180 writes it (a quote left open, text after a closing quote, a
  /// row of another length than the header, a blank line): a warning, the file read as Python's
  /// `csv` module reads it (``FeedWarning``).
  case malformedCSV(file: String, line: Int, reason: String)
  /// Every row of a file the network needs (`stops.txt`, `routes.txt`, `trips.txt`,
  /// `stop_times.txt`) has a defect (``Feed/warnings`` says which): nothing usable remains.
  case nothingUsable(file: String)

  /// The file the defect is in, when it is in one.
  public var file: String? {
    switch self {
    case .unreadableFeed: nil
    case .missingFile(let file): file
    case .missingColumn(let file, _), .missingValue(let file, _, _), .unknownReference(let file, _, _, _, _),
      .duplicateID(let file, _, _, _), .malformedValue(let file, _, _, _, _), .malformedCSV(let file, _, _),
      .nothingUsable(let file):
      file
    }
  }

  /// The file's own line number of the defect (1 for the header).
  public var line: Int? {
    switch self {
    case .unreadableFeed, .missingFile, .nothingUsable: nil
    case .missingColumn: 1
    case .missingValue(_, let line, _), .unknownReference(_, let line, _, _, _), .duplicateID(_, let line, _, _),
      .malformedValue(_, let line, _, _, _), .malformedCSV(_, let line, _):
      line
    }
  }

  /// The column (its header name) of the defect.
  public var column: String? {
    switch self {
    case .unreadableFeed, .missingFile, .malformedCSV, .nothingUsable: nil
    case .missingColumn(_, let column), .missingValue(_, _, let column), .unknownReference(_, _, let column, _, _),
      .duplicateID(_, _, let column, _), .malformedValue(_, _, let column, _, _):
      column
    }
  }

  public var description: String {
    switch self {
    case .unreadableFeed(let path, let reason):
      "cannot read GTFS feed \(path.debugDescription): \(reason); give a feed directory or a .zip"
    case .missingFile("calendar.txt"):
      "the feed has neither calendar.txt nor calendar_dates.txt; a feed needs one of them"
    case .missingFile(let file):
      "the feed has no \(file); a GTFS feed needs it"
    case .missingColumn(let file, let column):
      "\(file) line 1: no column \(column); the GTFS Schedule Reference requires it"
    case .missingValue(let file, let line, let column):
      "\(file) line \(line), column \(column): empty; a value is required"
    case .unknownReference(let file, let line, let column, let value, let definedIn):
      "\(file) line \(line), column \(column): \(Self.quoted(value)) is not defined in \(definedIn); fix the feed"
    case .duplicateID(let file, let line, let column, let value):
      "\(file) line \(line), column \(column): \(Self.quoted(value)) appears twice; it must be unique"
    case .malformedValue(let file, let line, let column, let value, let expected):
      "\(file) line \(line), column \(column): \(Self.quoted(value)) is not \(expected)"
    case .malformedCSV(let file, let line, let reason):
      "\(file) line \(line): \(reason)"
    case .nothingUsable(let file):
      "\(file): no row can be read (see the feed's warnings for each row's defect); the feed has nothing usable"
    }
  }

  /// A value as Swift writes a string literal (control characters escaped, so the message stays
  /// one line and safe on a terminal), cut at 60 characters.
  static func quoted(_ value: String) -> String {
    value.count > 60 ? String(value.prefix(60)).debugDescription + "…" : value.debugDescription
  }
}
