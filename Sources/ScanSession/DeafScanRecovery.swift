import BeaconScanning
import HCIController
import HCITransportCore
import LinuxHCITransports
import ProgramOutput
import ServiceManager

/// The staged recovery of a controller that went deaf while scanning: enabled, answering
/// commands, heard before, and then no advertising report for `--deaf-after` (the finder's
/// ``HCIBeaconFinder/RunEnd/deaf(silence:)``). Raspberry Pis' adapters are known to do this
/// until they are reset.
///
/// Each silence brings the next stage, each stage one line on standard error (a warning; the
/// last, an error) and one count in the scanner's ``ScanStatistics/deafScanRecoveries``:
/// 1. scanning disabled and enabled again;
/// 2. the controller reset (HCI_Reset), set up and scanning again; not on the kernel's shared
///    channel, where bluetoothd owns the controller (stage 3 resets it through the kernel);
/// 3. the kernel device powered down and up (`ioctl(HCIDEVDOWN)`, `ioctl(HCIDEVUP)`, which need
///    CAP_NET_ADMIN; on the user channel, closing it and opening it again does the same); not
///    available for serial and TCP controllers;
/// 4. the run ends with ``ProcessExitStatus/deafController`` (75), for systemd's `Restart=on-failure`.
///
/// A stage that cannot be done here says so and the next is done at once. Reports heard again
/// start the stages from the first.
struct DeafScanRecovery {
  /// The stages, in order.
  enum Stage: Int, CaseIterable {
    case rescan = 1
    case reset
    case powerCycle
    case exit
  }

  /// What the run does after a stage.
  enum Outcome {
    /// Scan on: the next silence brings the next stage.
    case scanOn
    /// The controller failed during the stage, as it may in any run.
    case failed(HCIFailure)
    /// Stage 4: end the run with ``ProcessExitStatus/deafController``.
    case exit
  }

  let spec: TransportSpec
  let exclusive: Bool
  let program: String
  /// The last stage done since reports were last heard; `nil`: none.
  private(set) var lastStage: Stage?

  init(spec: TransportSpec, exclusive: Bool, program: String) {
    self.spec = spec
    self.exclusive = exclusive
    self.program = program
  }

  /// Reports are heard again: says after which stage, and starts again from the first.
  mutating func heardAgain() {
    guard let stage = lastStage else { return }
    lastStage = nil
    StandardError.writeLine(
      "\(program): \(spec): advertising reports again after deaf-scan recovery stage \(stage.rawValue) "
        + "(\(Self.doing(stage)))", priority: .notice)
  }

  /// Does the next stage on `finder`, whose controller has been silent for `silence`.
  mutating func recover(_ finder: HCIBeaconFinder, silence: Duration) -> Outcome {
    var stage = lastStage.flatMap { Stage(rawValue: $0.rawValue + 1) } ?? .rescan
    let heading =
      "\(program): \(spec): no advertising report for \(silence.spokenDescription) while scanning (deaf?); "
    while true {
      lastStage = stage
      let line = heading + "recovery stage \(stage.rawValue) of \(Stage.allCases.count): "
      do throws(HCIFailure) {
        switch stage {
        case .rescan:
          StandardError.writeLine(line + Self.doing(.rescan))
          try finder.rescan()
        case .reset:
          guard finder.resetsController else {
            StandardError.writeLine(
              line + "no reset on the kernel's shared channel, where bluetoothd owns \(spec) (stage 3 resets it "
                + "through the kernel); going on")
            stage = .powerCycle
            continue
          }
          StandardError.writeLine(line + Self.doing(.reset))
          try finder.resetController()
        case .powerCycle:
          guard let cycle = powerCycle() else {
            StandardError.writeLine(line + "no power cycle for \(spec) (kernel devices only); going on")
            stage = .exit
            continue
          }
          StandardError.writeLine(line + Self.doing(.powerCycle))
          var refused: HCIConnectionError?
          do throws(HCIFailure) {
            try finder.powerCycle { () throws(HCIConnectionError) in
              do throws(HCIConnectionError) { try cycle() } catch {
                refused = error
                throw error
              }
            }
          } catch {
            guard let refused else { throw error }
            StandardError.writeLine("\(program): could not power-cycle \(spec): \(refused); going on")
            stage = .exit
            continue
          }
        case .exit:
          finder.scanner.deafScanRecoveries.exits += 1
          StandardError.writeLine(
            line + "exiting with status \(ProcessExitStatus.deafController.code) for the service manager to start "
              + "the program again (systemd: Restart=on-failure)", priority: .error)
          return .exit
        }
      } catch {
        return .failed(error)
      }
      return .scanOn
    }
  }

  /// What a stage does, as the lines say it.
  static func doing(_ stage: Stage) -> String {
    switch stage {
    case .rescan: return "disabling and enabling scanning again"
    case .reset: return "resetting the controller and scanning again"
    case .powerCycle: return "powering the device down and up and scanning again"
    case .exit: return "exiting"
    }
  }

  /// How this source is powered down and up: the kernel's raw channel through the ioctls; the
  /// user channel by closing it and opening it again (the kernel closes the device with the
  /// channel and opens it with the next), which ``HCIBeaconFinder/powerCycle(_:)`` does around
  /// this. `nil` for serial and TCP controllers.
  private func powerCycle() -> (() throws(HCIConnectionError) -> Void)? {
    guard case .kernel(let device) = spec else { return nil }
    if exclusive { return {} }
    return { () throws(HCIConnectionError) in
      do throws(HCISocketError) {
        try HCIDevicePower.down(device)
        try HCIDevicePower.up(device)
      } catch {
        throw error.connectionError
      }
    }
  }
}
