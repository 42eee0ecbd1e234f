import ArgumentParser
import MRTNavigation

/// `--catalog FILE`: which stations beacons are named after.
public struct CatalogOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "A station catalog (JSON) mapping your own beacons to stations; default: the built-in network (the MRT North–South line, KRL Cikarang line, airport line, LRT Jabodebek).",
      valueName: "file"))
  public var catalog: String?

  public init() {}

  /// The catalog file's stations, or the built-in line. The commands read it through
  /// ``InputFiles/read(program:_:)``: a catalog that cannot be read exits 66, a wrong one 65.
  public func load() throws(CatalogFileError) -> StationCatalog {
    guard let catalog else { return JakartaRail.network }
    return try CatalogFile.load(path: catalog)
  }
}
