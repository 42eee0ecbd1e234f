import POSIXSupport
import ProgramOutput
import SystemPackage
import TransitFeeds
import TransitNetworks
import TransitRealtime

/// The `--gtfs-rt` feeds of a run, matched to the timetable's feed: the ride's
/// ``TransitNetworks/RealtimeUpdatesSource``. What the static feed does not know is warned once a
/// feed as it is read; a feed too old at the ride's clock (now, or a replay's) is left out, with
/// a warning once until it is fresh again.
final class RealtimeFeedBoard: RealtimeUpdatesSource {
  private struct Entry {
    var source: String
    var feed: MatchedRealtimeFeed
    var warnedStale = false
  }

  let program: String
  let maximumAge: Int64
  private let entries: POSIXMutex<[Entry]>

  init(program: String, maximumAge: Int64) {
    self.program = program
    self.maximumAge = maximumAge
    entries = POSIXMutex([])
  }

  /// Reads each of `sources` (files) and matches it to `feed`: a source that is no feed ends the run.
  static func load(sources: [String], feed: Feed, maximumAge: Int64?, program: String) throws(RealtimeFeedProblem)
    -> RealtimeFeedBoard
  {
    let board = RealtimeFeedBoard(program: program, maximumAge: maximumAge ?? RealtimeFeed.defaultMaximumAge)
    for source in sources {
      let bytes: [UInt8]
      do {
        bytes = try FileDescriptor.readSmallFile(source)
      } catch {
        throw .unreadable(source: source, error)
      }
      do {
        board.update(source: source, with: MatchedRealtimeFeed(try RealtimeFeed(decoding: bytes), feed: feed))
      } catch {
        throw .notAFeed(source: source, error)
      }
    }
    return board
  }

  /// Puts `feed` in place of `source`'s previous one, warning of what the static feed does not know.
  func update(source: String, with feed: MatchedRealtimeFeed) {
    for warning in feed.warnings {
      StandardError.writeLine(
        "\(program): \(TerminalText.escaped(source)): \(TerminalText.escaped(warning.description))",
        priority: .warning)
    }
    entries.withLock { entries in
      if let index = entries.firstIndex(where: { $0.source == source }) {
        entries[index].feed = feed
      } else {
        entries.append(Entry(source: source, feed: feed))
      }
    }
  }

  func feeds(freshAt time: Int64) -> [MatchedRealtimeFeed] {
    var stale: [(source: String, freshness: RealtimeFreshness)] = []
    let fresh = entries.withLock { entries in
      var fresh: [MatchedRealtimeFeed] = []
      for index in entries.indices {
        let freshness = entries[index].feed.realtime.freshness(now: time, maximumAge: maximumAge)
        if freshness.isFresh {
          fresh.append(entries[index].feed)
          entries[index].warnedStale = false
        } else if !entries[index].warnedStale {
          entries[index].warnedStale = true
          stale.append((entries[index].source, freshness))
        }
      }
      return fresh
    }
    for (source, freshness) in stale {
      let why =
        switch freshness {
        case .stale(let age): "its header's timestamp is \(age) s from the ride's clock, more than \(maximumAge) s"
        case .undated, .fresh: "its header has no timestamp, so its age cannot be told"
        }
      StandardError.writeLine(
        "\(program): \(TerminalText.escaped(source)): the GTFS-Realtime feed is left out: \(why); the timetable's times are shown (--gtfs-rt-max-age sets the age allowed)",
        priority: .warning)
    }
    return fresh
  }
}
