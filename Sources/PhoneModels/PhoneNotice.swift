/// How often, and how soon, a phone noticed a visit over a number of trials.
public struct PhoneNotice: Hashable, Sendable {
  /// How many trials ran.
  public var trials: Int
  /// The latency of each trial that noticed the visit, in seconds from its first report, sorted.
  public var latencies: [Double]

  public init(trials: Int, latencies: [Double]) {
    self.trials = trials
    self.latencies = latencies.sorted()
  }

  /// The share of trials in which the visit was noticed.
  public var noticedShare: Double { trials == 0 ? 0 : Double(latencies.count) / Double(trials) }

  /// The median latency of the trials that noticed it; `nil` when none did.
  public var latencyMedian: Double? { percentile(0.5) }

  /// The 95th-percentile latency (nearest rank) of the trials that noticed it; `nil` when none did.
  public var latencyP95: Double? { percentile(0.95) }

  public var verdict: PhoneVerdict { PhoneVerdict(noticedShare: noticedShare) }

  /// The nearest-rank percentile of ``latencies``.
  private func percentile(_ share: Double) -> Double? {
    guard !latencies.isEmpty else { return nil }
    let rank = (share * Double(latencies.count)).rounded(.up)
    return latencies[min(max(Int(rank) - 1, 0), latencies.count - 1)]
  }
}
