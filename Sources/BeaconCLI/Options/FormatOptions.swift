import ArgumentParser
import ProgramOutput

/// `--format text|json`.
public struct FormatOptions: ParsableArguments {
  @Option(help: "Output format: text (aligned columns) or json (one object per line).")
  public var format: OutputFormat = .text

  public init() {}
}

extension OutputFormat: ExpressibleByArgument {}
