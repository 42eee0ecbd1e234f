import TransitFeeds

/// A service day of a timetable: when its times count from (Unix seconds: the agency's noon minus
/// 12 h) and which of the feed's services run on it.
struct TimetableServiceDay {
  let base: Int64
  /// By service index.
  let running: [Bool]

  var hasService: Bool { running.contains(true) }

  /// Whether run `run` of `timetable` runs on this day.
  func runs(_ run: Int32, in timetable: Timetable) -> Bool {
    if !timetable.liveRunDays.isEmpty, let live = timetable.liveRunDays[run] {
      switch live {
      case .only(let day): return day == base
      case .except(let day) where day == base: return false
      case .except: break
      }
    }
    return running[timetable.feed.trips[Int(timetable.runs[Int(run)].trip)].service]
  }
}

extension Timetable {
  /// The service days before, of and after `time`'s date in the agency's zone: those whose trips
  /// can run at `time` (a trip past midnight belongs to the day before).
  func serviceDays(around time: Int64) -> [TimetableServiceDay] {
    let date = timeZone.date(atUnixSeconds: time)
    return (-1...1).map { serviceDay(timeZone.date(date, plusDays: $0)) }
  }

  func serviceDay(_ date: ServiceDate) -> TimetableServiceDay {
    TimetableServiceDay(base: timeZone.serviceDayStart(date), running: feed.services.map { $0.runs(on: date) })
  }
}

/// A run's service day as a realtime feed changed it (``Timetable/withLiveUpdates(_:near:)``).
enum LiveRunDay: Hashable, Sendable {
  /// A run with the live times, on that day only.
  case only(Int64)
  /// The scheduled run, on every day it runs but that one (moved or cancelled there).
  case except(Int64)
}

extension Timetable {
  /// Whether run `run` is a live run: a trip's run at the times a realtime feed gave it.
  func isLiveRun(_ run: Int32) -> Bool {
    guard case .only = liveRunDays[run] else { return false }
    return true
  }
}
