// swift-tools-version: 6.1
import PackageDescription

// Layers, from the wire up. SwiftPM enforces the import rules:
//   CBlueZShim      C over BlueZ's HCI sockets; only LinuxHCISocket may import it.
//   HCICodec        pure Swift: HCI packets, commands, events, AD structures, btsnoop. No I/O, no C.
//   HCIController   the controller session over an abstract HCIConnection: command flow,
//                   capabilities, scanning and advertising. No I/O of its own.
//   BeaconDomain    beacons, stations, the scanning pipeline. Imports only HCICodec.
//   HCITransport    capture files, H4 over serial and TCP; implements the domain's and the
//                   controller's interfaces.
//   LinuxHCISocket  the kernel HCI socket, through CBlueZShim.
//   LinuxNotifications  desktop notifications (notify-send), terminal bell, alarm sound
//                   (paplay/aplay) on Linux. FoundationEssentials only; knows nothing of beacons.
//   BeaconCLI       options and presentation shared by the executables.
//   beacon-scan, beacon-broadcast, beacon-ride   wiring only.
let package = Package(
  name: "beacon-toolkit",
  products: [
    .executable(name: "beacon-scan", targets: ["beacon-scan"]),
    .executable(name: "beacon-broadcast", targets: ["beacon-broadcast"]),
    .executable(name: "beacon-ride", targets: ["beacon-ride"]),
    .executable(name: "ride-report", targets: ["ride-report"]),
    .library(name: "HCICodec", targets: ["HCICodec"]),
    .library(name: "BeaconDomain", targets: ["BeaconDomain"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .target(
      name: "CBlueZShim",
      linkerSettings: [.linkedLibrary("bluetooth")]
    ),
    .target(name: "HCICodec"),
    .target(name: "HCIController", dependencies: ["HCICodec"]),
    .target(name: "BeaconDomain", dependencies: ["HCICodec"]),
    .target(name: "HCITransport", dependencies: ["HCICodec", "HCIController", "BeaconDomain"]),
    .target(name: "LinuxHCISocket", dependencies: ["CBlueZShim", "HCICodec", "HCIController"]),
    .target(name: "LinuxNotifications"),
    .target(
      name: "BeaconCLI",
      dependencies: [
        "HCICodec", "HCIController", "BeaconDomain", "HCITransport", "LinuxHCISocket", "LinuxNotifications",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(name: "beacon-scan", dependencies: ["BeaconCLI"]),
    .executableTarget(name: "beacon-broadcast", dependencies: ["BeaconCLI"]),
    .executableTarget(name: "beacon-ride", dependencies: ["BeaconCLI"]),
    .executableTarget(name: "ride-report", dependencies: ["BeaconDomain", "HCITransport", "HCICodec"]),

    .testTarget(name: "HCICodecTests", dependencies: ["HCICodec"]),
    .testTarget(name: "HCIControllerTests", dependencies: ["HCIController", "HCICodec"]),
    .testTarget(name: "BeaconDomainTests", dependencies: ["BeaconDomain", "HCICodec"]),
    .testTarget(
      name: "HCITransportTests", dependencies: ["HCITransport", "HCIController", "BeaconDomain", "HCICodec"]),
    .testTarget(name: "LinuxHCISocketTests", dependencies: ["LinuxHCISocket", "HCIController", "HCICodec"]),
    .testTarget(name: "LinuxNotificationsTests", dependencies: ["LinuxNotifications"]),
    .testTarget(
      name: "BeaconCLITests",
      dependencies: ["BeaconCLI", "BeaconDomain", "HCICodec", "HCIController", "HCITransport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
