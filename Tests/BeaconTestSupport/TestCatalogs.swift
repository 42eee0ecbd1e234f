import MRTNavigation
import StationCatalogs

/// The built-in network (read once from its compiled-in data), and the MRT North–South line
/// alone, as the tests use them.
package enum TestCatalogs {
  /// The built-in network: the MRT, the KRL Cikarang line, the airport line and LRT Jabodebek.
  package static let jakartaRail: StationCatalog = {
    do {
      return try BuiltInNetwork.loadCatalog()
    } catch {
      // The compiled-in data is this build's; BuiltInNetworkTests says what is wrong with it.
      preconditionFailure("the built-in network does not load: \(error)")
    }
  }()

  /// The North–South line, Lebak Bulus to Bundaran HI.
  package static let northSouth: TransitLine = {
    guard let line = jakartaRail.lines.first(where: { $0.name == "NorthSouth" }) else {
      preconditionFailure("the built-in network has no NorthSouth line")
    }
    return line
  }()

  /// The North–South line's stations alone (no walks, no train beacons), in line order.
  package static let northSouthLine: StationCatalog = {
    let stations = northSouth.stationNames.compactMap { jakartaRail.station(named: $0) }
    do {
      return try StationCatalog(stations: stations, lines: [northSouth])
    } catch {
      preconditionFailure("the North–South line alone is no catalog: \(error)")
    }
  }()
}
