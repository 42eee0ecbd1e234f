/// A piece of an HTML page or of the SVG inside it, built as values and written out with every
/// text and attribute value escaped: names and identities come from the air and from user
/// catalogs, and a page must stay inert whatever they hold.
///
/// There is no way to put unescaped text into a page; element and attribute names are the
/// writer's own, never data, and are checked to be plain names.
public indirect enum Markup: Hashable, Sendable {
  /// An element, its attributes in the order written, its children.
  case element(String, attributes: [Attribute], children: [Markup])
  /// Text content, escaped when written.
  case text(String)
  /// Nothing: for a piece that may or may not be there.
  case empty

  /// One attribute: a name of the writer's and a value, escaped when written.
  public struct Attribute: Hashable, Sendable {
    public let name: String
    public let value: String

    public init(_ name: String, _ value: String) {
      self.name = name
      self.value = value
    }
  }

  /// An element named `name` with `attributes` and `children`.
  public static func node(_ name: String, _ attributes: [Attribute] = [], _ children: [Markup] = []) -> Markup {
    .element(name, attributes: attributes, children: children)
  }

  /// The markup as text; an element or attribute name that is not a plain name (letters, digits,
  /// `-`, `:`, `_`) is written as `x-invalid`, so a writer's mistake cannot open a tag.
  public var rendered: String {
    var output = ""
    render(into: &output)
    return output
  }

  /// Appends the markup to `output`.
  public func render(into output: inout String) {
    switch self {
    case .empty:
      return
    case .text(let text):
      Self.appendEscaped(text, to: &output)
    case .element(let name, let attributes, let children):
      let tag = Self.plainName(name)
      output += "<" + tag
      for attribute in attributes {
        output += " " + Self.plainName(attribute.name) + "=\""
        Self.appendEscaped(attribute.value, to: &output)
        output += "\""
      }
      output += ">"
      guard !Self.voidElements.contains(tag) else { return }
      for child in children { child.render(into: &output) }
      output += "</" + tag + ">"
    }
  }

  /// HTML's elements that have no end tag.
  static let voidElements: Set<String> = ["br", "hr", "img", "input", "link", "meta", "col", "area", "base", "wbr"]

  static func plainName(_ name: String) -> String {
    let allowed =
      !name.isEmpty
      && name.unicodeScalars.allSatisfy { scalar in
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
          || scalar == "-" || scalar == ":" || scalar == "_"
      }
    return allowed ? name : "x-invalid"
  }

  /// `&`, `<`, `>`, `"` and `'`, in text and attribute values alike (so that no text can end an
  /// attribute, wherever it is put). Control characters other than tab, line feed and carriage
  /// return cannot appear in HTML: they become U+FFFD.
  static func appendEscaped(_ text: String, to output: inout String) {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: output += "\u{FFFD}"
      default: output.unicodeScalars.append(scalar)
      }
    }
  }
}
