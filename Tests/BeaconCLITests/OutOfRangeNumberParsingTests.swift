import ArgumentParser
import BeaconTestSupport
import ScanSession
import Testing

@testable import BeaconCLI

/// Every number out of its documented range on the three commands' lines
/// (``OutOfRangeNumbers``), parsed as each executable parses it (`runAsProgram`'s
/// `parseAsRoot`): refused before the run, status 64, the message naming the option and its range.
/// ExecutablesTests' `NumberValidationTests` runs a sample of the same table as processes.
@Suite struct OutOfRangeNumberParsingTests {
  @Test(arguments: OutOfRangeNumbers.commandLineCases)
  func aNumberOutOfRangeIsRefusedNamingTheOptionAndTheRange(_ bad: OutOfRangeNumbers.CommandLineCase) throws {
    let command = try #require(BeaconCommands.byProgram[bad.program], "no command named \(bad.program)")
    let arguments = (OutOfRangeNumbers.base[bad.program] ?? []) + bad.arguments
    do {
      _ = try command.parseAsRoot(arguments)
      Issue.record("\(bad) was accepted")
    } catch {
      #expect(command.exitCode(for: error) == ExitCode(ProcessExitStatus.usage))
      // The message alone: `fullMessage` adds "Error: " and the usage, which ArgumentParser builds
      // from every option each time (slow under ASan); the processes of NumberValidationTests
      // check that line whole.
      let first = command.message(for: error).split(separator: "\n").first.map(String.init) ?? ""
      #expect(first.contains(bad.option), "\(first)")
      #expect(first.contains(bad.range), "\(first)")
      for sign in ["Fatal error", "cannot be converted"] { #expect(!first.contains(sign), "\(first)") }
    }
  }
}
