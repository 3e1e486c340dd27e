"""The accessibility checker axe-core (tests/web/vendor/, for the tests only) run on a page:
what it finds of impact "serious" or "critical", one line per element, to assert empty."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
SEVERE = ("serious", "critical")

# The whole document, against axe's default rules (WCAG 2.x A and AA, and its best practices;
# not its experimental ones); the result is cut down in the page to what is reported (axe's
# full result is large).
RUN = """async (severe) => {
  const result = await axe.run(document, {resultTypes: ['violations']});
  return result.violations.filter((v) => severe.includes(v.impact)).flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary}`));
}"""


def audit(page: Page) -> list[str]:
    """The serious and critical violations axe finds in the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated rather than added as a <script>: the page's Content-Security-Policy
        # rightly refuses inline scripts.
        page.evaluate(AXE.read_text("utf-8"))
    found: list[Any] = page.evaluate(RUN, list(SEVERE))
    return [str(line) for line in found]
