/// Why a notification channel cannot be used here, worded so that a user knows what to do.
public enum ChannelUnavailableReason: Error, Sendable, Equatable, CustomStringConvertible {
  /// A program the channel needs is not on `PATH`; `installHint` says how to get it.
  case programMissing(program: String, installHint: String)
  /// Neither `DBUS_SESSION_BUS_ADDRESS` nor `$XDG_RUNTIME_DIR/bus` points at a session bus.
  case noSessionBus
  /// The bell's file descriptor is not a terminal (output redirected, or run by a service).
  case notATerminal(descriptor: Int32)
  /// Neither `paplay` nor `aplay` is on `PATH`.
  case noSoundPlayer
  /// `paplay` is there but no PulseAudio or PipeWire server is reachable, and `aplay` is not there.
  case noSoundServer
  /// The sound file the user gave does not exist.
  case soundFileMissing(path: String)

  public var description: String {
    switch self {
    case .programMissing(let program, let installHint):
      "no \(program): \(installHint)"
    case .noSessionBus:
      "no desktop session bus: notifications need a desktop session"
        + " (DBUS_SESSION_BUS_ADDRESS is unset and there is no $XDG_RUNTIME_DIR/bus; under sudo, keep them"
        + " with sudo --preserve-env=DBUS_SESSION_BUS_ADDRESS,XDG_RUNTIME_DIR)"
    case .notATerminal(let descriptor):
      "\(descriptor == 2 ? "standard error" : "file descriptor \(descriptor)") is not a terminal:"
        + " the bell needs the program to run in a terminal"
    case .noSoundPlayer:
      "no paplay or aplay: sudo apt-get install pulseaudio-utils (or alsa-utils)"
    case .noSoundServer:
      "no sound server for paplay: start a PulseAudio/PipeWire session, or sudo apt-get install alsa-utils for aplay"
    case .soundFileMissing(let path):
      "no sound file at \(path): give the path of an existing WAV file"
    }
  }
}
