/// A train as the beacon it carries names it: its line, the way it runs, and its train set.
public struct Train: Hashable, Sendable {
  /// The line it runs on.
  public let line: TransitLine
  /// The way it runs along the line.
  public let direction: TransitLine.Direction
  /// Which train set (1…65535): the minor of its beacon.
  public let trainSet: UInt16
  /// What it shows, e.g. `Bundaran HI`.
  public let headsign: String
}
