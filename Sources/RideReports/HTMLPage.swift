/// A self-contained HTML page: a title, inline CSS and a body, nothing fetched and no script.
/// The report pages (``RideReportPage``, ``SweepReportPage``) are built on it.
public struct HTMLPage: Sendable {
  public var title: String
  /// The inline CSS; it must need no escaping (no `<`, `>`, `&` or quotes), which the pages'
  /// tests check of theirs.
  public var style: String
  public var body: [Markup]

  public init(title: String, style: String, body: [Markup]) {
    self.title = title
    self.style = style
    self.body = body
  }

  /// The page, from `<!DOCTYPE html>` on.
  public var html: String {
    var output = "<!DOCTYPE html>\n"
    document.render(into: &output)
    output += "\n"
    return output
  }

  var document: Markup {
    .node(
      "html", [.init("lang", "en")],
      [
        .node(
          "head", [],
          [
            .node("meta", [.init("charset", "utf-8")]),
            .node("meta", [.init("name", "viewport"), .init("content", "width=device-width, initial-scale=1")]),
            .node("title", [], [.text(title)]),
            .node("style", [], [.text(style)]),
          ]),
        .node("body", [], [.node("h1", [], [.text(title)])] + body),
      ])
  }

  /// Label and value pairs as a `<dl>` of class `name`.
  public static func definitionList(_ name: String, _ pairs: [(label: String, value: String)]) -> Markup {
    .node(
      "dl", [.init("class", name)],
      pairs.flatMap { pair in [Markup.node("dt", [], [.text(pair.label)]), .node("dd", [], [.text(pair.value)])] })
  }

  /// A CSS class from a word: letters, digits and dashes only.
  public static func className(_ word: String) -> String {
    String(
      word.unicodeScalars.filter {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
      }.map(Character.init))
  }

  /// The pages' common CSS: light and printable.
  public static let baseStyle = """
    body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
    h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.5em; }
    dl { display: grid; grid-template-columns: max-content auto; gap: 0.1em 1em; }
    dt { color: #666; } dd { margin: 0; font-family: ui-monospace, monospace; }
    figure { margin: 0.5em 0; } figcaption { font-weight: 600; }
    table { border-collapse: collapse; } td, th { padding: 0.2em 0.6em; text-align: left; }
    tr:nth-child(even) { background: #f4f4f4; }
    """
}
