/// How an ``HCIConnection``'s packets come in time, and so what a scan loop may expect of it.
public enum HCIConnectionPacing: Hashable, Sendable {
  /// As a controller sends them, now: a run lasts until it is stopped, and its controller may go
  /// deaf, or away and come back.
  case live
  /// As fast as they can be read from a recording, with the times it recorded: the run ends where
  /// the recording does, and it is never deaf.
  case recorded
}
