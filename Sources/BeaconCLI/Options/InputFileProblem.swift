import ProgramOutput
import ScanSession
import StationCatalogs

/// Why a file named on the command line (a station catalog, a policy file) cannot be used: its
/// message names the file and, for bad content, the key and what it must be.
protocol InputFileProblem: Error, CustomStringConvertible {
  /// 66 when the file cannot be read, 65 when its content is wrong.
  var exitStatus: ProcessExitStatus { get }
}

/// Reading the files the options name, as the commands report their problems.
enum InputFiles {
  /// `body`'s result; a file it could not use is said in one line, `program: file: what is
  /// wrong`, and the run ends with the problem's exit status.
  static func read<Result>(program: String, _ body: () throws -> Result) throws -> Result {
    do {
      return try body()
    } catch let problem as any InputFileProblem {
      StandardError.writeLine("\(program): \(problem)", priority: .error)
      throw problem.exitStatus
    }
  }
}

extension BuiltInNetworkError: InputFileProblem {
  var exitStatus: ProcessExitStatus { ProcessExitStatus.software }
}

extension CatalogFileError: InputFileProblem {
  var exitStatus: ProcessExitStatus {
    switch self {
    case .unreadable: return ProcessExitStatus.noInput
    case .invalid: return ProcessExitStatus.dataError
    }
  }
}

extension StationPolicyFileError: InputFileProblem {
  var exitStatus: ProcessExitStatus {
    switch self {
    case .unreadable: return ProcessExitStatus.noInput
    case .invalid: return ProcessExitStatus.dataError
    }
  }
}

extension GTFSFeedProblem: InputFileProblem {
  var exitStatus: ProcessExitStatus {
    switch self {
    case .feed(_, .unreadableFeed): return ProcessExitStatus.noInput
    case .timetable(_, .timeZone(.noDatabase)): return ProcessExitStatus.unavailable
    case .feed, .network, .timetable: return ProcessExitStatus.dataError
    }
  }
}
