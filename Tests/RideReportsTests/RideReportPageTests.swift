import Testing

@testable import RideReports

/// The page around the strips: self-contained, and inert whatever the names hold.
@Suite struct RideReportPageTests {
  func page(name: String) -> RideReportPage {
    let strip = TimelineChart(
      title: name, reports: [(time: 1, value: -80)], smoothed: [(time: 1, value: -80)],
      marks: [.init(time: 1, label: "found \(name)", kind: "found")], start: 0, end: 10,
      thresholds: .init(enter: -88, exit: -95))
    return RideReportPage(
      title: "Ride to \(name)", run: [("command", "beacon-ride --to \(name)")], totals: [("reports", "1")],
      timelines: [strip, strip],
      events: [.init(time: "2026-11-23T05:40:37.232Z", kind: "found", subject: name, source: "bluetooth", detail: "")])
  }

  @Test func aSelfContainedDocument() {
    let html = page(name: "Dukuh Atas").html
    #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"))
    #expect(html.ranges(of: "<svg class=\"timeline\"").count == 2)
    #expect(html.ranges(of: "<tr class=\"event found\">").count == 1)
    // Nothing from elsewhere: no scripts, no links, no remote images.
    for needle in ["<script", "<link", "src=", "href=", "http://", "https://", "@import", "url("] {
      #expect(!html.contains(needle), "\(needle)")
    }
  }

  @Test func namesFromTheAirStayInert() {
    let hostile = #"<script>alert('x')</script>" onmouseover="alert(1)"#
    let html = page(name: hostile).html
    #expect(!html.contains("<script"))
    #expect(!html.contains(#"" onmouseover=""#))
    #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
  }

  /// `<style>` is raw text to a browser: an escaped character would reach the CSS as an entity.
  @Test func theStyleNeedsNoEscaping() {
    #expect(!RideReportPage.style.contains { "&<>\"'".contains($0) })
  }

  @Test func eventKindsBecomePlainClassNames() {
    #expect(HTMLPage.className("wrongDirection") == "wrongDirection")
    #expect(HTMLPage.className(#"x" onload="y"#) == "xonloady")
  }
}
