/// This toolkit's version, as its programs report it (`--mqtt` telemetry).
enum ToolkitVersion {
  static let current = "0.1.0"
}
