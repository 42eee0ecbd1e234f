import POSIXSupport
import ProgramOutput
import RealtimeFeedFetching
import SystemPackage
import TransitFeeds
import TransitNetworks
import TransitRealtime

/// The `--gtfs-rt` feeds of a run (files, and `http://` and `https://` URLs polled at the feed's pace), matched to
/// the timetable's feed: the ride's
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
  /// The rider's stations and routes: the alerts about them are shown, each once.
  private let interest = POSIXMutex<(interest: RiderInterest, feed: Feed)?>(nil)
  /// The alerts shown, by feed entity id and header.
  private let shownAlerts = POSIXMutex<Set<String>>([])
  private let pollers = POSIXMutex<[RealtimeFeedPoller]>([])

  init(program: String, maximumAge: Int64) {
    self.program = program
    self.maximumAge = maximumAge
    entries = POSIXMutex([])
  }

  /// Reads each of `sources` and matches it to `feed`: a file that cannot be read or is no feed
  /// ends the run; a URL is fetched now, and with `poll` again at the feed's pace for
  /// the rest of the run, each failure a warning (the ride goes on with the timetable).
  static func load(sources: [String], feed: Feed, maximumAge: Int64?, poll: Bool, program: String)
    throws(RealtimeFeedProblem) -> RealtimeFeedBoard
  {
    let board = RealtimeFeedBoard(program: program, maximumAge: maximumAge ?? RealtimeFeed.defaultMaximumAge)
    for source in sources {
      let location: RealtimeFeedLocation
      do {
        location = try RealtimeFeedLocation(parsing: source)
      } catch {
        throw .fetch(source: source, error)
      }
      switch location {
      case .file(let path):
        let bytes: [UInt8]
        do {
          bytes = try FileDescriptor.readSmallFile(path)
        } catch {
          throw .unreadable(source: source, error)
        }
        do {
          board.update(source: source, with: MatchedRealtimeFeed(try RealtimeFeed(decoding: bytes), feed: feed))
        } catch {
          throw .notAFeed(source: source, error)
        }
      case .url(let url):
        let poller = RealtimeFeedPoller(
          source: source, location: url, feed: feed,
          onUpdate: { [board] in board.update(source: source, with: $0) },
          onProblem: { [board] in board.warn(source: source, $0) })
        do throws(RealtimeFetchProblem) {
          if let matched = try poller.fetch() { board.update(source: source, with: matched) }
        } catch {
          board.warn(source: source, error)
        }
        if poll {
          if poller.start() {
            board.pollers.withLock { $0.append(poller) }
          } else {
            StandardError.writeLine(
              "\(program): \(source): no thread to poll the GTFS-Realtime feed on; it is fetched once",
              priority: .warning)
          }
        }
      }
    }
    return board
  }

  /// Says that fetching `source` failed; the ride goes on with what it had.
  func warn(source: String, _ problem: RealtimeFetchProblem) {
    StandardError.writeLine(
      "\(program): \(source): fetching the GTFS-Realtime feed failed: \(problem.description); trying again",
      priority: .warning)
  }

  /// Ends the polling of every URL source.
  func stopPolling() {
    for poller in pollers.withLock({ $0 }) { poller.stop() }
  }

  /// Puts `feed` in place of `source`'s previous one, warning of what the static feed does not know.
  func update(source: String, with feed: MatchedRealtimeFeed) {
    for warning in feed.warnings {
      StandardError.writeLine(
        "\(program): \(source): \(warning.description)",
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

  /// From now on, shows the alerts about `interest` (once each) in the feeds fresh at the ride's clock.
  func showAlerts(about interest: RiderInterest, feed: Feed) {
    self.interest.withLock { $0 = (interest, feed) }
  }

  /// Writes each alert of `feeds` in force at `time` and about the rider's interest not yet shown:
  /// `program: alert: HEADER — DESCRIPTION` (`StandardError.writeLine` escapes it).
  private func showAlerts(of feeds: [MatchedRealtimeFeed], at time: Int64) {
    guard let (interest, feed) = interest.withLock({ $0 }) else { return }
    for alert in feeds.flatMap(\.alerts) where alert.alert.isActive(at: time) && alert.concerns(interest, feed: feed) {
      let header = alert.alert.headerText() ?? ""
      let description = alert.alert.description.first?.text ?? ""
      guard !(header.isEmpty && description.isEmpty) else { continue }
      let key = alert.alert.entityID + "\u{0}" + header
      guard shownAlerts.withLock({ $0.insert(key).inserted }) else { continue }
      let text = [header, description].filter { !$0.isEmpty }.joined(separator: " — ")
      StandardError.writeLine("\(program): alert: \(text)", priority: .warning)
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
        "\(program): \(source): the GTFS-Realtime feed is left out: \(why); the timetable's times are shown (--gtfs-rt-max-age sets the age allowed)",
        priority: .warning)
    }
    showAlerts(of: fresh, at: time)
    return fresh
  }
}
