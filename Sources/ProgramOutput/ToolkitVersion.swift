/// This toolkit's version, as its programs report it (`--mqtt` telemetry).
package enum ToolkitVersion {
  package static let current = "0.1.0"
}
