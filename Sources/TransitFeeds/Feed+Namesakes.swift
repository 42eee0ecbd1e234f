extension Feed {
  /// Joins stops that stand alone (`location_type` 0, no `parent_station`), share a `stop_name`
  /// and are near each other into one station: the first in `stops.txt` order stays the station,
  /// the others become its platforms (their ``Stop/parentStation`` is it, and
  /// ``station(of:)`` and ``platforms(ofStation:)`` say so). Feeds without stations give each
  /// platform or each side of a street a stop of its own under one name.
  ///
  /// `isNear` tells whether a stop is near the first stop of a group of namesakes; a stop near
  /// none of the groups so far starts one of its own. Stops without coordinates are left alone.
  public mutating func joinNamesakes(isNear: (Stop, Stop) -> Bool) {
    var groups: [String: [Int]] = [:]
    var joined = false
    for (index, stop) in stops.enumerated()
    where stop.locationType == .stopOrPlatform && stop.parentStation == nil && !stop.name.isEmpty
      && stop.latitude != nil && stop.longitude != nil
    {
      var firsts = groups[stop.name, default: []]
      if let first = firsts.first(where: { isNear(stops[$0], stop) }) {
        stops[index].parentStation = first
        children[first].append(index)
        joined = true
      } else {
        firsts.append(index)
        groups[stop.name] = firsts
      }
    }
    if joined { findStations() }
  }
}
