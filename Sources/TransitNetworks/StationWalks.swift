import TransitFeeds

/// Walking between stations and changing trains within one, as `transfers.txt` and
/// `pathways.txt` give them, each stop taken to its station.
struct StationWalks {
  struct Walk {
    let from: Int
    let to: Int
    var seconds: Int
  }

  /// The walks between two different stations, each way once (a `transfers.txt` row one way, a
  /// `pathways.txt` row one way or both, by `is_bidirectional`) with its shortest time: rows with
  /// a `min_transfer_time` (`transfer_type` other than 3, "not possible") and pathways with a
  /// `traversal_time`. In the order their first rows come, transfers first.
  let walks: [Walk]
  /// The time to change trains at a station: the shortest `min_transfer_time` of the
  /// `transfers.txt` rows between two of its stops (0 for a timed transfer, `transfer_type` 1);
  /// stations without such a row are absent.
  let changeSeconds: [Int: Int]

  init(feed: Feed) {
    var walks: [Walk] = []
    var position: [[Int]: Int] = [:]
    var changeSeconds: [Int: Int] = [:]
    // Pathways inside a station lead between its entrances and platforms, not from one train to
    // another: only transfers.txt sets a change time.
    func add(_ a: Int?, _ b: Int?, _ seconds: Int?, isTransfer: Bool) {
      guard let a, let b, let seconds, let from = feed.station(of: a), let to = feed.station(of: b) else { return }
      if from == to {
        if isTransfer { changeSeconds[from] = min(changeSeconds[from] ?? seconds, seconds) }
      } else if let known = position[[from, to]] {
        walks[known].seconds = min(walks[known].seconds, seconds)
      } else {
        position[[from, to]] = walks.count
        walks.append(Walk(from: from, to: to, seconds: seconds))
      }
    }
    for transfer in feed.transfers where transfer.type != 3 {
      add(
        transfer.fromStop, transfer.toStop,
        transfer.type == 1 ? transfer.minTransferTime ?? 0 : transfer.minTransferTime,
        isTransfer: true)
    }
    for pathway in feed.pathways {
      add(pathway.fromStop, pathway.toStop, pathway.traversalTime, isTransfer: false)
      if pathway.isBidirectional { add(pathway.toStop, pathway.fromStop, pathway.traversalTime, isTransfer: false) }
    }
    self.walks = walks
    self.changeSeconds = changeSeconds
  }
}
