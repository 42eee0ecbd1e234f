import BluetoothTypes
import MRTNavigation
import Positioning

/// Carries out a ride's effects by writing them down: every effect in order, and each one the
/// rider is told as a line (`found Fatmawati by gps`, `arrived BlokM by bluetooth`,
/// `train Bundaran HI 4 at LebakBulus`). Alarms, notifications and report samples are kept in
/// ``effects`` only.
public final class RideEffectRecorder: RideEffectHandler {
  public private(set) var effects: [RideEffect] = []
  public private(set) var lines: [String] = []
  /// Called after each line is recorded, e.g. to start again from the effect.
  public var onLine: (() -> Void)?

  public init() {}

  public func handle(_ effect: RideEffect) {
    effects.append(effect)
    guard let line = Self.line(effect) else { return }
    lines.append(line)
    onLine?()
  }

  /// The stations found (a transfer station too: where the journey changes lines), with when.
  public var founds: [(station: String, at: Timestamp)] {
    effects.compactMap { effect in
      switch effect {
      case .found(let station, _, let time, _): (station.name, time)
      case .transfer(let transfer, _, _, let time): (transfer.from.name, time)
      default: nil
      }
    }
  }

  /// The arrivals at the destination, with when.
  public var arrivals: [(station: String, at: Timestamp)] {
    effects.compactMap { effect in
      guard case .arrived(let station, _, let time) = effect else { return nil }
      return (station.name, time)
    }
  }

  /// The stations suspected, with when.
  public var suspects: [(station: String, at: Timestamp)] {
    effects.compactMap { effect in
      guard case .suspect(let station, _, let time) = effect else { return nil }
      return (station.name, time)
    }
  }

  /// The alarms sounded.
  public var alarms: [AlarmReason] {
    effects.compactMap { effect in
      guard case .alarm(let reason) = effect else { return nil }
      return reason
    }
  }

  /// An effect the rider is told, as one line; `nil` for alarms, notifications and samples.
  public static func line(_ effect: RideEffect) -> String? {
    switch effect {
    case .found(let station, let evidence, _, _): "found \(station.name) by \(evidence.source.rawValue)"
    case .arrived(let station, let evidence, _): "arrived \(station.name) by \(evidence.source.rawValue)"
    case .left(let station, _): "left \(station.name)"
    case .suspect(let station, _, _): "suspect \(station.name)"
    case .locationSourceChanged(let condition): "gps \(condition)"
    case .transfer(let transfer, let next, _, _):
      "transfer \(transfer.from.name) to \(transfer.to.name), then \(next?.line.name ?? "on foot")"
    case .approaching(let station, let approach, _): "approaching \(station.name) (\(approach.rawValue))"
    case .wrongDirection(let station, _, _): "wrong way at \(station.name)"
    case .trainArriving(let train, let station, _, _): "train \(train.headsign) \(train.trainSet) at \(station.name)"
    case .riderAtDeparture(let station, let evidence, _): "at \(station.name) by \(evidence.source.rawValue)"
    case .reportSample, .alarm, .notification: nil
    }
  }
}
