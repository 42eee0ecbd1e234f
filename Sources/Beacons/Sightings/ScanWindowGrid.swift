import BluetoothTypes

/// The windows a scanner listens in: one of ``windowMilliseconds`` every ``intervalMilliseconds``,
/// laid from an origin; which of a capture's reports a scanner listening only part of the time
/// would have heard. `BeaconScanning`'s duty model and `PhoneModels`' phones both filter with it.
///
/// A capture recorded at 100 % duty holds every advert the scanner received, with the channel's
/// loss as it was; a report is kept only when its time falls inside a window. The first window
/// starts ``phase`` (a share of an interval) before the origin.
///
/// The windows are laid ``slide`` longer than the interval apart (by default ``advertisingSlide``:
/// 100.5 ms for 100 ms), which slides them 5 ms a second against an advertiser on any grid of
/// whole interval multiples. A real advertiser slides by itself: the spec adds a random advDelay of 0–10 ms to
/// every advertising event (Core spec Vol 6 Part B 4.4.2.2.1), 5 ms an event on average, so no
/// beacon stays in step with a scanner's windows. Synthetic captures (the ride fixtures) put
/// their adverts on a fixed grid of 500 or 1000 ms with jitter that does not add up; windows on
/// an exact grid would hear such a station's every advert or none of them. 5 ms a second is a
/// beacon advertising every second; one advertising faster slides faster, which makes the deaf
/// stretches shorter, so the grid errs on the side of late. On a real capture, whose adverts carry
/// their advDelay already, a fixed slide adds to it and can fall into step with the beacon again
/// (a 1-s beacon against 140-ms windows every 1,400 ms is heard 72 % of 12-s visits with it, 82 %
/// without); `PhoneModels` therefore draws the slide at random per phone, within ±0.5 %.
///
/// What it leaves out: the channel a window listens on (a scanner moves from 37 to 38 to 39 each
/// interval, and an advertiser sends on all three within a few milliseconds, so an advert inside
/// a window is heard on the window's channel), and the time the controller needs to switch.
public struct ScanWindowGrid: Hashable, Sendable {
  /// How long each window listens, in milliseconds.
  public var windowMilliseconds: Double
  /// How often a window starts, in milliseconds (before the slide).
  public var intervalMilliseconds: Double
  /// Where the windows fall: the first starts this share of an interval (0 up to 1) before the
  /// origin.
  public var phase: Double

  /// How much longer than the interval the windows are apart, as a share of it (negative: shorter).
  public var slide: Double

  /// The standard slide: 0.5 %, 5 ms a second.
  public static let advertisingSlide = 0.005

  public init(
    windowMilliseconds: Double, intervalMilliseconds: Double, phase: Double = 0, slide: Double = advertisingSlide
  ) {
    self.windowMilliseconds = windowMilliseconds
    self.intervalMilliseconds = intervalMilliseconds
    self.phase = phase
    self.slide = slide
  }

  /// Whether the scanner listens all the time: every report is heard.
  public var listensAlways: Bool { windowMilliseconds >= intervalMilliseconds }

  /// Whether a report at `time` falls inside a window, the windows laid from `origin`.
  public func contains(_ time: Timestamp, origin: Timestamp) -> Bool {
    guard !listensAlways else { return true }
    let elapsedMilliseconds = time.milliseconds(since: origin)
    let period = intervalMilliseconds * (1 + slide)
    let position = (elapsedMilliseconds / period + phase).truncatingRemainder(dividingBy: 1)
    return (position < 0 ? position + 1 : position) < windowMilliseconds / intervalMilliseconds
  }

  /// The end of the window a report at `time` falls in, the windows laid from `origin`; `nil`
  /// when it falls between windows. A scanner that listens always has no window ends: `time` itself.
  public func windowEnd(containing time: Timestamp, origin: Timestamp) -> Timestamp? {
    guard !listensAlways else { return time }
    let elapsedMilliseconds = time.milliseconds(since: origin)
    let period = intervalMilliseconds * (1 + slide)
    let position = elapsedMilliseconds / period + phase
    let index = position.rounded(.down)
    let share = windowMilliseconds / intervalMilliseconds
    guard position - index < share else { return nil }
    let endMilliseconds = (index - phase + share) * period
    return origin.adding(milliseconds: endMilliseconds)
  }
}
