#!/usr/bin/env python3
"""Reports how a real browser lays out a report page, as one JSON object, for the Swift tests
to assert on: where each inline SVG figure and each of its text labels lands, which labels
overlap or stick out of their figure, whether the page needs sideways scrolling, and the
contrast of every piece of text.

The ride report pages are self-contained HTML with inline SVG and no script; whether their
labels collide or leave their figure depends on the fonts and on how the browser lays the
glyphs out, which no estimate in Swift can settle. So the page is opened in headless Chromium
(Debian's `chromium`, driven by Playwright, run as root too: --no-sandbox) and the boxes are the
browser's own (getBoundingClientRect of each <text>: the rendered glyph extents). One
JavaScript function collects the raw boxes and colours; the overlap, containment and contrast
arithmetic is done here.

    tools/.venv/bin/python tools/page-layout.py /tmp/ride.html --width 390
    tools/.venv/bin/python tools/page-layout.py --self-test

Contrast follows WCAG 2.x (relative luminance; failing below 4.5): the text colour is the
computed `color` (HTML) or `fill` (SVG <text>, skipped when `none`), faded by the opacity of
the element and its ancestors (and `fill-opacity`), over the background colours of its
ancestors composited down to white. What an SVG draws behind a label (a band, a bar) is not
known to CSS: a `data-background` colour on the <text> (or a group holding it) says it.

Exit status: 0 when the page was measured, whatever was found; 2 for bad arguments or a
missing page; 1 when the browser does not start or fails on the page. With --self-test: 0
only when the faults planted in tools/page-layout-selftest.html are found and no more.
Needs tools/.venv (source tools/lib/install-deps.sh && source tools/lib/python-env.sh).
"""
import argparse
import json
import os
import re
import shutil
import sys
from pathlib import Path

DEFAULT_WIDTH = 1000
DEFAULT_HEIGHT = 1400
# Boxes that overlap or stick out by less than this (px, px²) are subpixel noise, not faults.
TOLERANCE = 0.5
# WCAG 2.x AA for normal text.
MINIMUM_CONTRAST = 4.5
# Printing: A4 with Chrome's default margins (0.4 in, about 10 mm) on each side.
A4_WIDTH_MM = 210
PRINT_MARGIN_MM = 10
PRINT_CONTENT_WIDTH = round((A4_WIDTH_MM - 2 * PRINT_MARGIN_MM) * 96 / 25.4)  # CSS px: 718
SELF_TEST_PAGE = Path(__file__).resolve().parent / "page-layout-selftest.html"
WHITE = (255.0, 255.0, 255.0)

# Runs in the page; returns the raw measurements: the viewport, every top-level <svg> with its
# rendered <text> labels, and every rendered piece of text with its colour, opacity and the
# background colours behind it (outermost first). Boxes are in page coordinates.
MEASURE_PAGE_JS = r"""
() => {
  const SVG = 'http://www.w3.org/2000/svg';
  const scrollX = window.scrollX, scrollY = window.scrollY;
  const pageBox = element => {
    const rect = element.getBoundingClientRect();
    return [rect.left + scrollX, rect.top + scrollY, rect.width, rect.height];
  };
  const squash = text => text.replace(/\s+/g, ' ').trim();
  const isRendered = element => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0
      && element.checkVisibility({opacityProperty: true, visibilityProperty: true});
  };

  // Any CSS colour as [r, g, b, alpha]: computed colours are rgb()/rgba(); anything else
  // (a data-background name or hex, a colour space computed styles keep) goes through a canvas.
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const context = canvas.getContext('2d', {willReadFrequently: true});
  const rgba = css => {
    const match = /^rgba?\(([^)]*)\)$/.exec(css.trim());
    if (match) {
      const parts = match[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
      return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
    }
    if (!CSS.supports('color', css)) return null;
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const opacityOf = element => {
    let opacity = 1;
    for (let e = element; e; e = e.parentElement) opacity *= parseFloat(getComputedStyle(e).opacity);
    return opacity;
  };
  const outermostSvg = element => {
    let svg = null;
    for (let e = element; e; e = e.parentElement) if (e.namespaceURI === SVG && e.localName === 'svg') svg = e;
    return svg;
  };
  // Background colours from the root down to `element`, transparent ones left out.
  const backgroundsBehind = element => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const colour = rgba(getComputedStyle(e).backgroundColor);
      if (colour && colour[3] > 0) layers.unshift(colour);
    }
    return layers;
  };

  const figures = [...document.getElementsByTagNameNS(SVG, 'svg')]
    .filter(svg => !svg.parentElement || !svg.parentElement.closest('svg'));
  const headings = [...document.querySelectorAll('h2, figcaption')];
  const precedingHeading = svg => {
    const before = headings.filter(h => h.compareDocumentPosition(svg) & Node.DOCUMENT_POSITION_FOLLOWING);
    return before.length ? squash(before[before.length - 1].textContent) : null;
  };

  const texts = [];
  for (const element of document.querySelectorAll('*')) {
    const own = [...element.childNodes].filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.data).join('');
    if (!squash(own) || !isRendered(element)) continue;
    const style = getComputedStyle(element);
    const text = squash(own);
    if (element.namespaceURI !== SVG) {
      texts.push({text, color: rgba(style.color), opacity: opacityOf(element),
                  backgrounds: backgroundsBehind(element)});
      continue;
    }
    if (style.fill === 'none') continue;
    // SVG content paints no CSS background: only the outermost <svg> and what holds it do.
    const svg = outermostSvg(element);
    const backgrounds = backgroundsBehind(svg);
    const marked = element.closest('[data-background]');
    if (marked && svg.contains(marked)) backgrounds.push(rgba(marked.getAttribute('data-background')));
    texts.push({text, color: rgba(style.fill), opacity: opacityOf(element) * parseFloat(style.fillOpacity),
                backgrounds});
  }

  return {
    viewport: {width: window.innerWidth, height: window.innerHeight},
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    figures: figures.map(svg => ({
      class: svg.getAttribute('class'),
      box: pageBox(svg),
      precedingHeading: precedingHeading(svg),
      labels: [...svg.getElementsByTagNameNS(SVG, 'text')]
        .filter(text => squash(text.textContent) && isRendered(text))
        .map(text => ({text: squash(text.textContent), box: pageBox(text)})),
    })),
    texts,
  };
}
"""

# The print layout: how wide the document is when laid out for print at the A4 content width.
PRINT_WIDTHS_JS = """
() => ({scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth})
"""


class OneLineArgumentParser(argparse.ArgumentParser):
    """argparse, but a bad command line is one line on stderr (and status 2), not the usage."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message}\n")


def positive_integer(text):
    if not text.isdigit() or int(text) == 0:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {text!r}")
    return int(text)


def parse_arguments(argv):
    parser = OneLineArgumentParser(
        prog="page-layout.py",
        description="Open an HTML page in headless Chromium and print its rendered layout as one "
        "JSON object: the SVG figures and their text labels (page coordinates), overlapping "
        "labels, labels outside their figure, horizontal overflow, and WCAG text contrast.",
        epilog="Exit status: 0 measured (whatever was found), 2 bad arguments or missing page, "
        "1 the browser did not start or failed on the page.",
    )
    parser.add_argument("page", nargs="?", metavar="PAGE.html", help="the page to measure")
    parser.add_argument("--width", type=positive_integer, default=DEFAULT_WIDTH,
                        help=f"viewport width in CSS px (default {DEFAULT_WIDTH}; 390 for a phone)")
    parser.add_argument("--height", type=positive_integer, default=DEFAULT_HEIGHT,
                        help=f"viewport height in CSS px (default {DEFAULT_HEIGHT})")
    parser.add_argument("--screenshot", metavar="PNG", help="also save a full-page screenshot there")
    parser.add_argument("--pdf", metavar="PDF",
                        help="also print the page to PDF there (A4, print media, 10 mm margins) and "
                        "report its page count and whether anything is wider than the "
                        f"{PRINT_CONTENT_WIDTH} px A4 content width")
    parser.add_argument("--chromium", metavar="PATH",
                        help="the browser to run (default: chromium or chromium-browser on PATH)")
    parser.add_argument("--self-test", action="store_true",
                        help=f"measure {SELF_TEST_PAGE.name} instead and check that its planted "
                        "faults are found and nothing else; exits 0 only then")
    arguments = parser.parse_args(argv)
    if arguments.self_test:
        if arguments.page:
            parser.error("--self-test measures its own page: give no PAGE")
        arguments.page = str(SELF_TEST_PAGE)
    elif not arguments.page:
        parser.error("give the PAGE.html to measure (or --self-test)")
    if not os.path.isfile(arguments.page):
        parser.error(f"no such page: {arguments.page}")
    for output in (arguments.screenshot, arguments.pdf):
        if output and not os.path.isdir(os.path.dirname(os.path.abspath(output))):
            parser.error(f"no folder for {output}")
    return arguments


def find_chromium(override):
    """The browser to run: --chromium, else chromium or chromium-browser on PATH."""
    return override or shutil.which("chromium") or shutil.which("chromium-browser")


def measure_in_browser(arguments):
    """Opens the page in headless Chromium and returns (raw screen measurements, print
    measurements or None), saving the screenshot and PDF asked for. Exits 1 when the browser
    does not start or fails on the page."""
    chromium = find_chromium(arguments.chromium)
    if not chromium:
        fail("no chromium or chromium-browser on PATH (apt-get install chromium), and no --chromium PATH")
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        fail("needs Playwright: run it with tools/.venv/bin/python (source tools/lib/install-deps.sh "
             "&& source tools/lib/python-env.sh)")
    with sync_playwright() as playwright:
        try:
            browser = playwright.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        except Error as error:
            fail(f"chromium {chromium} did not start: {first_line(error)}")
        try:
            page = browser.new_page(viewport={"width": arguments.width, "height": arguments.height})
            page.goto(Path(arguments.page).resolve().as_uri(), wait_until="load")
            page.evaluate("document.fonts.ready")
            screen = page.evaluate(MEASURE_PAGE_JS)
            if arguments.screenshot:
                page.screenshot(path=arguments.screenshot, full_page=True)
            printed = print_to_pdf(page, arguments) if arguments.pdf else None
        except Error as error:
            fail(f"chromium {chromium} failed on {arguments.page}: {first_line(error)}")
        finally:
            browser.close()
    return screen, printed


def print_to_pdf(page, arguments):
    """Prints the page to arguments.pdf and lays it out again for print at the A4 content width."""
    margin = f"{PRINT_MARGIN_MM}mm"
    page.pdf(path=arguments.pdf, format="A4", margin={side: margin for side in ("top", "right", "bottom", "left")})
    page.emulate_media(media="print")
    page.set_viewport_size({"width": PRINT_CONTENT_WIDTH, "height": arguments.height})
    widths = page.evaluate(PRINT_WIDTHS_JS)
    return {
        "pdf": arguments.pdf,
        "pages": count_pdf_pages(arguments.pdf),
        "contentWidth": PRINT_CONTENT_WIDTH,
        "scrollWidth": widths["scrollWidth"],
        "horizontalOverflow": widths["scrollWidth"] > widths["clientWidth"],
    }


def count_pdf_pages(path):
    """The number of page objects in a PDF (Chromium writes them uncompressed)."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", Path(path).read_bytes()))


def first_line(error):
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def fail(message):
    print(f"page-layout.py: {message}", file=sys.stderr)
    sys.exit(1)


def rounded(box):
    return [round(value, 2) for value in box]


def intersection_area(a, b):
    width = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    height = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return width * height if width > 0 and height > 0 else 0.0


def is_inside(box, outer):
    return (box[0] >= outer[0] - TOLERANCE and box[1] >= outer[1] - TOLERANCE
            and box[0] + box[2] <= outer[0] + outer[2] + TOLERANCE
            and box[1] + box[3] <= outer[1] + outer[3] + TOLERANCE)


def composite(colour, alpha, behind):
    """`colour` (r, g, b) at `alpha` over the opaque colour `behind`."""
    return tuple(c * alpha + b * (1 - alpha) for c, b in zip(colour[:3], behind))


def relative_luminance(colour):
    def linear(channel):
        channel /= 255
        return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(first, second):
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def css_rgb(colour):
    return "rgb({}, {}, {})".format(*(round(c) for c in colour))


def contrast_report(texts):
    """The minimum contrast ratio and the failures below MINIMUM_CONTRAST, one per (colour,
    background) pair with its first text as the example. A text whose colour or
    data-background is not a plain colour (a gradient fill, say) is counted as skipped."""
    ratios, failures, skipped = [], {}, 0
    for text in texts:
        if text["color"] is None or None in text["backgrounds"]:
            skipped += 1
            continue
        background = WHITE
        for layer in text["backgrounds"]:
            background = composite(layer, layer[3], background)
        colour = composite(text["color"], text["color"][3] * text["opacity"], background)
        ratio = contrast_ratio(colour, background)
        ratios.append(ratio)
        if ratio < MINIMUM_CONTRAST:
            key = (css_rgb(colour), css_rgb(background))
            failure = failures.setdefault(
                key, {"text": text["text"], "ratio": round(ratio, 2), "color": key[0], "background": key[1], "count": 0})
            failure["count"] += 1
    return {
        "minimum": round(min(ratios), 2) if ratios else None,
        "failures": list(failures.values()),
        "checked": len(ratios),
        "skipped": skipped,
    }


def layout_report(screen):
    """The JSON report from the browser's raw screen measurements."""
    viewport = screen["viewport"]
    figures, labels, overlaps, outside = [], [], [], []
    for index, figure in enumerate(screen["figures"]):
        svg_box = figure["box"]
        figures.append({
            "index": index, "class": figure["class"], "box": rounded(svg_box),
            "precedingHeading": figure["precedingHeading"], "labels": len(figure["labels"]),
        })
        for label in figure["labels"]:
            inside = is_inside(label["box"], svg_box)
            labels.append({"figure": index, "text": label["text"], "box": rounded(label["box"]), "inside": inside})
            if not inside:
                outside.append({"figure": index, "text": label["text"], "box": rounded(label["box"]),
                                "svgBox": rounded(svg_box)})
        for first_index, first in enumerate(figure["labels"]):
            for second in figure["labels"][first_index + 1:]:
                area = intersection_area(first["box"], second["box"])
                if area > TOLERANCE:
                    overlaps.append({"figure": index, "a": first["text"], "b": second["text"], "area": round(area, 2)})
    return {
        "viewport": viewport,
        "scrollWidth": screen["scrollWidth"],
        "horizontalOverflow": screen["scrollWidth"] > screen["clientWidth"],
        "svgWidthsFit": all(figure["box"][2] <= viewport["width"] + TOLERANCE for figure in screen["figures"]),
        "figures": figures,
        "labels": labels,
        "overlaps": overlaps,
        "outside": outside,
        "contrast": contrast_report(screen["texts"]),
    }


def self_test_findings(report):
    """Checks the report of tools/page-layout-selftest.html; returns (passed, lines to print)."""
    overlaps = report["overlaps"]
    outside = [entry["text"] for entry in report["outside"]]
    failures = report["contrast"]["failures"]
    failing = [failure["text"] for failure in failures]
    flagged = {pair["a"] for pair in overlaps} | {pair["b"] for pair in overlaps} | set(outside) | set(failing)
    checks = [
        ("exactly 1 overlapping pair", len(overlaps) == 1,
         "; ".join(f"{o['a']!r} × {o['b']!r} ({o['area']} px²)" for o in overlaps) or "none"),
        ("at least 1 label outside its figure", len(outside) >= 1, ", ".join(map(repr, outside)) or "none"),
        ("at least 1 contrast failure", len(failures) >= 1,
         "; ".join(f"{f['text']!r} {f['ratio']} ({f['color']} on {f['background']})" for f in failures) or "none"),
        ("'clean label' not flagged", "clean label" not in flagged, "flagged" if "clean label" in flagged else "not flagged"),
        ("'on the band' (data-background) not flagged", "on the band" not in flagged,
         "flagged" if "on the band" in flagged else "not flagged"),
        ("figure 0 follows its figcaption", report["figures"][0]["precedingHeading"] == "Faulty labels",
         repr(report["figures"][0]["precedingHeading"])),
    ]
    lines = [f"{'ok  ' if passed else 'FAIL'} {name}: {found}" for name, passed, found in checks]
    lines.append(f"     {len(report['labels'])} labels, contrast minimum {report['contrast']['minimum']}, "
                 f"{report['contrast']['checked']} texts checked")
    passed = all(passed for _, passed, _ in checks)
    lines.append("self-test passed" if passed else "self-test FAILED")
    return passed, lines


def main(argv):
    arguments = parse_arguments(argv)
    screen, printed = measure_in_browser(arguments)
    report = layout_report(screen)
    if printed:
        report["print"] = printed
    if arguments.self_test:
        passed, lines = self_test_findings(report)
        print("\n".join(lines))
        return 0 if passed else 1
    print(json.dumps(report, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
