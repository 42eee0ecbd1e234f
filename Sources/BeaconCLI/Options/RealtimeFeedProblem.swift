import POSIXSupport
import ProgramOutput
import RealtimeFeedFetching
import ScanSession
import TransitRealtime

/// Why a `--gtfs-rt` source gives no feed: its message names the source and says what to do.
enum RealtimeFeedProblem: InputFileProblem {
  case unreadable(source: String, SmallFileProblem)
  case notAFeed(source: String, RealtimeFeedError)
  /// A URL of another scheme than http:// and https://, or a malformed URL.
  case fetch(source: String, RealtimeFetchProblem)
  /// `--gtfs-rt` with no timetable to update (the built-in one left out on this machine).
  case noTimetable

  var exitStatus: ProcessExitStatus {
    switch self {
    case .unreadable: ProcessExitStatus.noInput
    case .notAFeed: ProcessExitStatus.dataError
    case .fetch: ProcessExitStatus.usage
    case .noTimetable: ProcessExitStatus.unavailable
    }
  }

  var description: String {
    switch self {
    case .unreadable(let source, let problem):
      "\(TerminalText.escaped(source)): cannot read the GTFS-Realtime feed: \(problem)"
    case .notAFeed(let source, let error): "\(TerminalText.escaped(source)): \(error)"
    case .fetch(let source, let problem): "--gtfs-rt \(TerminalText.escaped(source)): \(problem)"
    case .noTimetable: "--gtfs-rt updates a timetable, and there is none here: give --gtfs FEED, the feed it is for"
    }
  }
}
