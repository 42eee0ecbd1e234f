extension Markup {
  /// An SVG `<text>` of class `classes` whose baseline starts, centres or ends (`anchor`) at
  /// (`x`, `y`), as ``LabelPlacement/Box/text(_:fontSize:x:baseline:anchor:padding:)`` measures it.
  static func svgText(_ value: String, x: Double, y: Double, anchor: LabelPlacement.Anchor, classes: String) -> Markup {
    .node(
      "text",
      [
        .init("class", classes), .init("x", ChartScale.number(x)), .init("y", ChartScale.number(y)),
        .init("text-anchor", anchor.rawValue),
      ], [.text(value)])
  }
}
