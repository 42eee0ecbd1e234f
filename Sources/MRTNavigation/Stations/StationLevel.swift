/// Where a station's platforms are relative to the street.
public enum StationLevel: String, Hashable, Sendable, CaseIterable {
  /// On a viaduct: GPS fixes reach the platform.
  case elevated
  /// At street level.
  case atGrade = "at-grade"
  /// In a tunnel: no GPS fix reaches the platform.
  case underground
}
