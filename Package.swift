// swift-tools-version: 6.2
// beacon-toolkit: Bluetooth LE beacons on Linux.
// Copyright 2026 the beacon-toolkit developers. Licensed under the Apache License, Version 2.0
// (LICENSE, https://www.apache.org/licenses/LICENSE-2.0); the bundled data keeps its own
// licences, stated beside it (Sources/StationCatalogs/Network/SOURCES.md, Fixtures/*/SOURCES.md).
import PackageDescription

// Modules, from the wire up; each imports only the ones before it, and SwiftPM enforces that.
// The Architecture article (Sources/BeaconToolkit/BeaconToolkit.docc/Architecture.md) draws the
// graph and follows a report from the socket to a station event; tools/check-layers checks it.
//
//   BluetoothTypes      addresses, UUIDs, advertising data (AD structures), byte readers, time.
//                       Pure Swift; knows nothing of HCI.
//   HCICodec            HCI packets, commands and events; H4 framing. Pure Swift: no I/O, no C.
//   HCITransportCore    the one connection abstraction every packet source implements
//                       (HCIConnection) and its typed errors. No I/O, no domain.
//   CStatfs             statfs and linux/magic.h, which Swift's Glibc leaves out; only POSIXSupport
//                       imports it.
//   POSIXSupport        the one place that knows EINTR: POSIX calls beyond swift-system; the one
//                       check of a path the commands write (OutputFile).
//   HCICaptures         capture files: btsnoop, pcap and pcapng (Nordic and link-layer headers,
//                       sniffer frames to HCI packets); replaying a capture as an HCIConnection,
//                       recording one to a file. File I/O through swift-system; no sockets.
//   CBlueZShim          C over BlueZ's HCI sockets; only LinuxHCITransports imports it.
//   LinuxHCITransports  the transports: the kernel HCI socket, H4 over serial and TCP; POSIX I/O
//                       through swift-system.
//   HCIController       the controller session over any HCIConnection: command flow,
//                       capabilities, scanning, advertising; HCIFailure, the connection's or the
//                       session's error that the finder and the broadcaster both report. No I/O.
//   Beacons             beacon frames (iBeacon, AltBeacon, Eddystone-UID), sightings, ranging,
//                       the BeaconFinder and BeaconBroadcaster protocols. No HCI.
//   BeaconScanning      HCI advertising reports to beacon sightings; the finder over a controller.
//   BeaconAdvertising   the broadcaster over a controller: a beacon frame to advertising commands.
//   Positioning         where the rider is: coordinates and distances, location fixes, the
//                       LocationFinder protocol. Pure Swift: no I/O; knows no gpsd.
//   GPSDClient          the LocationFinder over gpsd's JSON protocol (TCP through POSIXSupport,
//                       JSON through Foundation); knows no stations.
//   CMosquitto          libmosquitto's header (Debian libmosquitto-dev); only MosquittoClient imports it.
//   MosquittoClient     an MQTT session over libmosquitto: connect, reconnect, publish without
//                       blocking, a last will; knows no beacons.
//   MRTNavigation       stations, catalogs, the presence policy and the rider's use cases.
//                       Depends on Beacons, Positioning and BluetoothTypes only: no HCI, no
//                       capture files, no gpsd.
//   CLibzip             libzip's header (system library, pkg-config libzip, Debian libzip-dev); only
//                       TransitFeeds imports it.
//   TransitFeeds        GTFS Schedule feeds (a directory or a .zip): RFC 4180 CSV over bytes, the
//                       tables with ids interned to indices, typed errors naming file, line and
//                       column. Knows no Bluetooth, no HCI and no CLI.
//   TransitRealtime     GTFS-Realtime: a FeedMessage's bytes (swift-protobuf, code generated once and
//                       committed) to this project's model of trip updates, vehicles and alerts, matched
//                       to a static feed, with the ids it does not know counted. No I/O.
//   COpenSSL            OpenSSL's libssl (system library, pkg-config openssl, Debian libssl-dev); only
//                       RealtimeFeedFetching imports it.
//   RealtimeFeedFetching  --gtfs-rt's http:// and https:// sources: an HTTP/1.1 GET over POSIXSupport's
//                       TCP, through TLS (OpenSSL, the system's trust store, the host's name checked) for
//                       https://, polled on a thread at the feed's pace with ETag / If-Modified-Since.
//   TransitNetworks     a feed as the rider domain's StationCatalog: lines from the trips' stop patterns,
//                       walks from transfers and pathways, this project's default beacon scheme. Here, not
//                       in MRTNavigation, so the rider domain stays free of the feed reader's I/O.
//   StationCatalogs     the networks read from data: a station catalog file (JSON), alone or with a GTFS
//                       feed, and the built-in Jakarta network, compiled in from Sources/StationCatalogs/Network;
//                       the documented range of every number a user gives (ValueRange).
//   BeaconStatistics    the --summary tallies: per-identity counts, distinct addresses, RSSI.
//   RideReports         a ride as a page: escaped HTML and SVG markup, charts thinned per pixel
//                       column. No I/O: it builds text, the commands write it.
//   LinuxNotifications  desktop notifications, terminal bell, alarm sound; knows no beacons.
//   CSystemd            libsystemd's sd_notify, sd_watchdog_enabled and sd-bus (system library,
//                       pkg-config libsystemd); only ServiceManager imports it.
//   ServiceManager      running under systemd: readiness, stopping and watchdog notifications,
//                       journald's priority prefixes; D-Bus calls on the system bus (SystemBus).
//                       Knows no Bluetooth.
//   BluetoothdClient    sharing the radio with bluetoothd: its D-Bus side (whether it runs, an
//                       adapter's state, a discovery of our own), the connection that has it scan
//                       while the monitor channel hears the reports (--scan-via bluetoothd), and the
//                       broadcaster through the kernel's management interface beside it (--via).
//   ProgramOutput       what every program writes with: standard output (buffered, a reader
//                       that goes away), standard error (journald's priorities under systemd),
//                       one-line JSON, terminal-safe text, the output formats, the version; the
//                       stop that SIGINT and SIGTERM request of its loops.
//   ScanSession         the one scan loop of beacon-scan and beacon-ride over any source: opening
//                       it, reconnecting, deaf-scan recovery, several radios in turns, and the
//                       exit status a run ends with. No CLI, no argument parser, no rider domain.
//   FleetProtocol       a node of a fleet over MQTT, beside FleetJudging: the topics, when a
//                       beacon's state is worth publishing, telemetry, Home Assistant discovery,
//                       the remote settings and where they are kept, the publisher in front of the
//                       session, the judge's input (FleetMessage) and its verdicts' publishing.
//   BluetoothDoctor     beacon-scan --doctor's findings and advice: what this machine's Bluetooth
//                       is (kernel, rights, bluetoothd, rfkill, each controller and who holds it)
//                       and the least disruptive way to scan here, and its report's text and JSON.
//                       Printed by the CLI.
//   LineFormats         how each printed line reads: text for people or one JSON object a line, for
//                       sightings, summaries, the live table, station and health events, journeys,
//                       stations and the fleet's table. Formats only: the CLI's presenters write.
//   RunReports          --report FILE: what a run keeps for its page (bounded however long it
//                       runs), the page built with RideReports, and its file rewritten in place.
//   BeaconCLI           options, presentation and the commands' wiring.
//   beacon-scan, beacon-broadcast, beacon-ride, beacon-fleet   main.swift only.
//   beacon-toolkit      the same commands in one program, chosen by the name it is run as (the
//                       Debian package links it as beacon-scan, beacon-broadcast, beacon-fleet).
let package = Package(
  name: "beacon-toolkit",
  products: [
    .executable(name: "beacon-scan", targets: ["beacon-scan"]),
    .executable(name: "beacon-broadcast", targets: ["beacon-broadcast"]),
    .executable(name: "beacon-fleet", targets: ["beacon-fleet"]),
    .executable(name: "beacon-ride", targets: ["beacon-ride"]),
    .executable(name: "detection-sweep", targets: ["detection-sweep"]),
    .executable(name: "ranging-accuracy", targets: ["ranging-accuracy"]),
    .executable(name: "beacon-toolkit", targets: ["beacon-toolkit"]),
    .library(name: "BluetoothTypes", targets: ["BluetoothTypes"]),
    .library(name: "HCICodec", targets: ["HCICodec"]),
    .library(name: "HCITransportCore", targets: ["HCITransportCore"]),
    .library(name: "HCICaptures", targets: ["HCICaptures"]),
    .library(name: "Beacons", targets: ["Beacons"]),
    .library(name: "BeaconScanning", targets: ["BeaconScanning"]),
    .library(name: "BeaconAdvertising", targets: ["BeaconAdvertising"]),
    .library(name: "Positioning", targets: ["Positioning"]),
    .library(name: "MRTNavigation", targets: ["MRTNavigation"]),
    .library(name: "PhoneModels", targets: ["PhoneModels"]),
    .library(name: "BeaconStatistics", targets: ["BeaconStatistics"]),
    .library(name: "TransitFeeds", targets: ["TransitFeeds"]),
    .library(name: "TransitNetworks", targets: ["TransitNetworks"]),
    .library(name: "StationCatalogs", targets: ["StationCatalogs"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
    // Elementary functions (sin, cos, asin) for distances on the Earth, without importing the C library.
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    // Deque: the MQTT reporter's bounded queue of messages waiting for the broker.
    .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    // GTFS-Realtime's protocol buffers (TransitRealtime only; its generated code is committed). No traits: the
    // default BinaryDelimitedStreams imports Foundation (its streams), which the executables stay clear of.
    .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0", traits: []),
  ],
  targets: [
    .target(name: "BluetoothTypes"),
    .target(name: "HCICodec", dependencies: ["BluetoothTypes"]),
    .target(name: "HCITransportCore", dependencies: ["HCICodec"]),
    // The one place that knows EINTR: retrying POSIX calls beyond what swift-system covers.
    .systemLibrary(name: "CStatfs"),
    .target(
      name: "POSIXSupport", dependencies: ["CStatfs", .product(name: "SystemPackage", package: "swift-system")]),
    .target(
      name: "HCICaptures",
      dependencies: [
        "BluetoothTypes", "HCICodec", "HCITransportCore", "POSIXSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .target(
      name: "CBlueZShim",
      linkerSettings: [.linkedLibrary("bluetooth")]
    ),
    .target(
      name: "LinuxHCITransports",
      dependencies: [
        "CBlueZShim", "BluetoothTypes", "HCICodec", "HCITransportCore", "HCICaptures", "POSIXSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .target(name: "HCIController", dependencies: ["BluetoothTypes", "HCICodec", "HCITransportCore"]),
    .target(name: "Beacons", dependencies: ["BluetoothTypes"]),
    .target(
      name: "BeaconScanning",
      dependencies: ["BluetoothTypes", "HCICodec", "HCITransportCore", "HCIController", "Beacons"]
    ),
    .target(
      name: "BeaconAdvertising",
      dependencies: ["BluetoothTypes", "HCICodec", "HCITransportCore", "HCIController", "Beacons"]
    ),
    .target(
      name: "Positioning",
      dependencies: ["BluetoothTypes", .product(name: "RealModule", package: "swift-numerics")]
    ),
    .target(
      name: "GPSDClient",
      dependencies: [
        "BluetoothTypes", "Positioning", "POSIXSupport", .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
    .target(
      name: "MosquittoClient",
      dependencies: ["CMosquitto", "POSIXSupport", .product(name: "SystemPackage", package: "swift-system")]
    ),
    .target(name: "MRTNavigation", dependencies: ["BluetoothTypes", "Beacons", "Positioning"]),
    // What a phone would have made of a capture (`--phone`, `--trials`, `--check-phone`): its scan
    // windows, its library's cycle, then the rider's station detection. No I/O.
    .target(name: "PhoneModels", dependencies: ["BluetoothTypes", "Beacons", "MRTNavigation"]),
    .systemLibrary(name: "CLibzip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
    .target(
      name: "TransitFeeds",
      dependencies: ["CLibzip", "POSIXSupport", .product(name: "SystemPackage", package: "swift-system")]
    ),
    // GTFS-Realtime: a FeedMessage's bytes to this project's model, matched to a static feed. No I/O.
    .target(
      name: "TransitRealtime",
      dependencies: ["TransitFeeds", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
      exclude: ["Generated/SOURCES.md"]
    ),
    .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
    // --gtfs-rt's http:// and https:// sources: HTTP GETs over POSIXSupport's TCP (and OpenSSL's TLS),
    // polled at the feed's pace.
    .target(
      name: "RealtimeFeedFetching",
      dependencies: [
        "COpenSSL", "TransitFeeds", "TransitRealtime", "POSIXSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .target(
      name: "TransitNetworks",
      dependencies: ["BluetoothTypes", "Beacons", "Positioning", "MRTNavigation", "TransitFeeds", "TransitRealtime"]
    ),
    .target(
      name: "StationCatalogs",
      dependencies: [
        "BluetoothTypes", "Beacons", "Positioning", "MRTNavigation", "TransitFeeds", "POSIXSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      exclude: ["Network/SOURCES.md"],
      // The built-in network (BuiltInNetwork): compiled in, so a binary needs no data files.
      resources: [.embedInCode("Network/jakarta-rail.json"), .embedInCode("Network/jakarta-mrt.zip")]
    ),
    .target(name: "BeaconStatistics", dependencies: ["BluetoothTypes", "Beacons", "BeaconScanning", "MRTNavigation"]),
    .target(name: "FleetJudging", dependencies: ["BluetoothTypes"]),
    .target(
      name: "RideReports", dependencies: ["Positioning", .product(name: "RealModule", package: "swift-numerics")]),
    .target(
      name: "LinuxNotifications",
      dependencies: ["POSIXSupport", "ProgramOutput", .product(name: "SystemPackage", package: "swift-system")]
    ),
    .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
    .target(name: "ServiceManager", dependencies: ["CSystemd"]),
    .target(
      name: "BluetoothdClient",
      dependencies: [
        "BluetoothTypes", "Beacons", "HCICodec", "HCITransportCore", "LinuxHCITransports", "POSIXSupport",
        "ServiceManager", .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .target(
      name: "ProgramOutput",
      dependencies: ["ServiceManager", "POSIXSupport", .product(name: "SystemPackage", package: "swift-system")]
    ),
    .target(
      name: "FleetProtocol",
      dependencies: [
        "BluetoothTypes", "Beacons", "MRTNavigation", "StationCatalogs", "FleetJudging", "MosquittoClient",
        "POSIXSupport", "ServiceManager", "ProgramOutput",
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),
    .target(
      name: "ScanSession",
      dependencies: [
        "BluetoothTypes", "HCITransportCore", "HCICaptures", "LinuxHCITransports", "HCIController", "Beacons",
        "BeaconScanning", "BluetoothdClient", "ProgramOutput", "ServiceManager",
      ]
    ),
    .target(
      name: "BroadcastSession",
      dependencies: [
        "BluetoothTypes", "HCICodec", "HCITransportCore", "HCIController", "LinuxHCITransports", "Beacons",
        "BeaconAdvertising", "BluetoothdClient", "MRTNavigation", "FleetProtocol", "ProgramOutput", "ScanSession",
        "ServiceManager",
      ]
    ),
    .target(
      name: "BluetoothDoctor",
      dependencies: ["BluetoothdClient", "LinuxHCITransports", "POSIXSupport", "ServiceManager", "ProgramOutput"]
    ),
    .target(
      name: "LineFormats",
      dependencies: [
        "BluetoothTypes", "Beacons", "BeaconScanning", "BeaconStatistics", "Positioning", "MRTNavigation",
        "PhoneModels", "TransitFeeds", "TransitNetworks", "FleetJudging", "FleetProtocol", "ProgramOutput",
      ]
    ),
    .target(
      name: "RunReports",
      dependencies: [
        "BluetoothTypes", "Beacons", "BeaconScanning", "HCITransportCore", "HCIController", "Positioning",
        "MRTNavigation", "TransitNetworks", "RideReports", "POSIXSupport", "ProgramOutput", "ScanSession",
        "LineFormats",
      ]
    ),
    // The reference documentation (a DocC catalog of articles, no code):
    // `swift package generate-documentation --target BeaconToolkit`.
    .target(name: "BeaconToolkit", path: "Sources/BeaconToolkit"),
    .target(
      name: "BeaconCLI",
      dependencies: [
        "BluetoothTypes", "HCICodec", "HCITransportCore", "HCICaptures", "LinuxHCITransports", "HCIController",
        "Beacons", "BeaconScanning", "BeaconAdvertising", "Positioning", "GPSDClient", "MosquittoClient",
        "MRTNavigation", "PhoneModels", "BeaconStatistics", "TransitFeeds", "TransitRealtime",
        "RealtimeFeedFetching", "TransitNetworks",
        "StationCatalogs",
        "RideReports", "LinuxNotifications", "POSIXSupport", "ServiceManager", "BluetoothdClient", "BluetoothDoctor",
        "FleetJudging", "FleetProtocol", "ProgramOutput", "ScanSession", "BroadcastSession", "LineFormats",
        "RunReports", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "SystemPackage", package: "swift-system"),
        .product(name: "DequeModule", package: "swift-collections"),
      ]
    ),
    .executableTarget(name: "beacon-scan", dependencies: ["BeaconCLI"]),
    .executableTarget(name: "beacon-broadcast", dependencies: ["BeaconCLI"]),
    .executableTarget(name: "beacon-fleet", dependencies: ["BeaconCLI"]),
    .executableTarget(name: "beacon-ride", dependencies: ["BeaconCLI"]),
    .executableTarget(name: "beacon-toolkit", dependencies: ["BeaconCLI"]),
    .executableTarget(
      name: "detection-sweep",
      dependencies: [
        "BluetoothTypes", "HCITransportCore", "LinuxHCITransports", "HCIController", "Beacons", "BeaconScanning",
        "MRTNavigation", "PhoneModels", "StationCatalogs", "RideReports", "POSIXSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // How far the ranging is from the truth on real radio (the RangingAccuracy article): the philotuxo
    // recordings, converted by tools/rssi-captures.py, decoded by the scanner and ranged by Beacons.
    .executableTarget(
      name: "ranging-accuracy",
      dependencies: [
        "BluetoothTypes", "HCITransportCore", "LinuxHCITransports", "Beacons", "BeaconScanning", "MRTNavigation",
        "ProgramOutput", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),

    .testTarget(name: "BluetoothTypesTests", dependencies: ["BluetoothTypes"]),
    // HCICaptures only to read the fixtures' events.
    .testTarget(name: "HCICodecTests", dependencies: ["BluetoothTypes", "HCICodec", "HCICaptures"]),
    .testTarget(
      name: "HCICapturesTests",
      dependencies: [
        "BluetoothTypes", "HCICodec", "HCITransportCore", "HCICaptures", "BeaconTestSupport", "POSIXSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .testTarget(
      name: "LinuxHCITransportsTests",
      dependencies: [
        "BluetoothTypes", "HCICodec", "HCITransportCore", "LinuxHCITransports", "HCIController", "BeaconTestSupport",
        "HCITestSupport", "HCICaptures",
        "POSIXSupport", .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .testTarget(
      name: "HCIControllerTests",
      dependencies: ["BluetoothTypes", "HCICodec", "HCITransportCore", "HCIController", "BeaconTestSupport"]),
    // Sightings, a clock and a seeded generator shared by the domain tests, and the fixtures, child processes and
    // services (gpsfake, mosquitto, emulators) the other tests share. Knows no HCI, so the domain tests need none.
    .target(
      name: "BeaconTestSupport",
      dependencies: ["BluetoothTypes", "Beacons", "MRTNavigation", "POSIXSupport", "StationCatalogs"],
      path: "Tests/BeaconTestSupport"
    ),
    // Captures scanned packet by packet and scripted HCI socket system calls, for the tests below the domain and the
    // rides replayed from captures.
    .target(
      name: "HCITestSupport",
      dependencies: [
        "BluetoothTypes", "HCITransportCore", "HCICaptures", "LinuxHCITransports", "Beacons", "BeaconScanning",
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      path: "Tests/HCITestSupport"
    ),
    .testTarget(name: "BeaconsTests", dependencies: ["BluetoothTypes", "Beacons", "BeaconTestSupport"]),
    .testTarget(name: "PositioningTests", dependencies: ["BluetoothTypes", "Positioning"]),
    .testTarget(
      name: "GPSDClientTests",
      dependencies: [
        "BluetoothTypes", "Positioning", "GPSDClient", "MRTNavigation", "BeaconTestSupport", "POSIXSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .testTarget(
      name: "BeaconScanningTests",
      dependencies: [
        "BluetoothTypes", "HCICodec", "HCITransportCore", "HCICaptures", "HCIController", "Beacons", "BeaconScanning",
        "LinuxHCITransports", "MRTNavigation", "BeaconTestSupport", "HCITestSupport",
      ]
    ),
    .testTarget(name: "RideReportsTests", dependencies: ["RideReports", "Positioning"]),
    // The rider domain alone, over sightings built in code: no transport, capture, codec or scanner module
    // (tools/check-layers holds it so).
    .testTarget(
      name: "MRTNavigationTests",
      dependencies: ["BluetoothTypes", "Beacons", "Positioning", "MRTNavigation", "BeaconTestSupport"]
    ),
    // What a phone would have noticed, over visits made up in the tests (the closed form and a
    // simulation written apart from the code).
    .testTarget(name: "PhoneModelsTests", dependencies: ["BluetoothTypes", "Beacons", "MRTNavigation", "PhoneModels"]),
    // The rides over recorded captures, through the real scanner into the domain's use cases as beacon-ride composes
    // them, and the advertisers in them.
    .testTarget(
      name: "RideReplayTests",
      dependencies: [
        "BluetoothTypes", "HCICodec", "HCITransportCore", "HCICaptures", "LinuxHCITransports", "Beacons",
        "BeaconScanning", "MRTNavigation", "BeaconTestSupport", "HCITestSupport",
      ]
    ),
    .testTarget(
      name: "FleetJudgingTests", dependencies: ["BluetoothTypes", "FleetJudging"]),
    .testTarget(
      name: "BeaconStatisticsTests",
      dependencies: [
        "BluetoothTypes", "Beacons", "BeaconScanning", "MRTNavigation", "BeaconStatistics", "BeaconTestSupport",
      ]
    ),
    // The feed reader over the real feeds in Fixtures/gtfs and broken copies of them.
    .testTarget(
      name: "TransitFeedsTests", dependencies: ["TransitFeeds", "BeaconTestSupport"]),
    // GTFS-Realtime decoding and matching, over the recordings in ../shared/gtfs-rt and feeds the tests encode.
    .testTarget(
      name: "TransitRealtimeTests", dependencies: ["TransitRealtime", "TransitFeeds", "BeaconTestSupport"]),
    // http:// and https:// sources: URLs, answers, the pace, and polling a local HTTP (and HTTPS) server
    // the tests start.
    .testTarget(
      name: "RealtimeFeedFetchingTests",
      dependencies: [
        "RealtimeFeedFetching", "TransitRealtime", "TransitFeeds", "POSIXSupport", "BeaconTestSupport",
      ]),
    // The networks the real feeds in Fixtures/gtfs make.
    .testTarget(
      name: "TransitNetworksTests",
      dependencies: [
        "BluetoothTypes", "Beacons", "MRTNavigation", "TransitFeeds", "TransitRealtime", "TransitNetworks",
        "BeaconTestSupport",
      ]
    ),
    .testTarget(name: "LinuxNotificationsTests", dependencies: ["LinuxNotifications"]),
    // The MQTT session against a real mosquitto broker that the tests start.
    .testTarget(name: "MosquittoClientTests", dependencies: ["MosquittoClient", "BeaconTestSupport"]),
    .testTarget(name: "ServiceManagerTests", dependencies: ["ServiceManager", "BeaconTestSupport"]),
    // The executables end to end: run as a user runs them, against captures and emulated controllers.
    .testTarget(
      name: "ExecutablesTests",
      dependencies: [
        "HCICodec", "HCICaptures", "LinuxHCITransports", "Beacons", "BeaconTestSupport", "TransitRealtime",
      ]
    ),
    .testTarget(
      name: "BluetoothDoctorTests",
      dependencies: [
        "BluetoothDoctor", "BluetoothTypes", "BluetoothdClient", "LinuxHCITransports", "POSIXSupport",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
    .testTarget(
      name: "FleetProtocolTests",
      dependencies: [
        "FleetProtocol", "FleetJudging", "Beacons", "BluetoothTypes", "MRTNavigation", "BeaconTestSupport",
        "ProgramOutput",
      ]
    ),
    // The scan loop through its package API, over captures and scripted sources.
    .testTarget(
      name: "ScanSessionTests",
      dependencies: [
        "BluetoothTypes", "HCITransportCore", "LinuxHCITransports", "HCIController", "Beacons", "BeaconScanning",
        "BluetoothdClient", "ProgramOutput", "ScanSession", "BeaconTestSupport",
      ]
    ),
    .testTarget(name: "ProgramOutputTests", dependencies: ["ProgramOutput"]),
    .testTarget(
      name: "BluetoothdClientTests",
      dependencies: [
        "BluetoothTypes", "Beacons", "BluetoothdClient", "LinuxHCITransports", "HCITestSupport", "BeaconTestSupport",
      ]
    ),
    // The broadcast session through its package API: what a plan prints, how a run ends.
    .testTarget(
      name: "BroadcastSessionTests",
      dependencies: [
        "BluetoothTypes", "Beacons", "HCIController", "LinuxHCITransports", "MRTNavigation", "ProgramOutput",
        "ScanSession", "BroadcastSession", "BeaconTestSupport",
      ]
    ),
    // The formatters through their package API: the lines people and programs read.
    .testTarget(
      name: "LineFormatsTests",
      dependencies: [
        "BluetoothTypes", "Beacons", "BeaconScanning", "BeaconStatistics", "MRTNavigation", "ProgramOutput",
        "LineFormats", "BeaconTestSupport",
      ]
    ),
    // --report's collector and page file through their package API.
    .testTarget(
      name: "RunReportsTests",
      dependencies: [
        "BluetoothTypes", "Beacons", "BeaconScanning", "Positioning", "MRTNavigation", "POSIXSupport",
        "LineFormats", "RunReports", "BeaconTestSupport",
      ]
    ),
    .testTarget(
      name: "BeaconCLITests",
      dependencies: [
        "BluetoothTypes", "HCICodec", "HCITransportCore", "LinuxHCITransports", "HCIController", "Beacons",
        "BeaconScanning", "Positioning", "MRTNavigation", "BeaconStatistics", "BeaconCLI", "BeaconTestSupport",
        "HCITestSupport",
        "POSIXSupport", "StationCatalogs", "BluetoothdClient", "ProgramOutput", "FleetProtocol", "MosquittoClient",
        "ScanSession", "LineFormats",
        .product(name: "SystemPackage", package: "swift-system"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
