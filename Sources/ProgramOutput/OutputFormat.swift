/// How results are printed.
public enum OutputFormat: String, CaseIterable, Sendable {
  /// Aligned columns for people.
  case text
  /// One JSON object per line, for programs (the schema is in the README).
  case json
}
