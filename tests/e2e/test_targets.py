"""Every page type at 360 x 640: each tappable thing (a, button, input, select, textarea, summary)
offers a hit area of at least 44 x 44 CSS px (issue 25, item 4), and axe-core finds nothing serious
or critical on them (item 5: tests/e2e/test_screens.py, whose page list this file shares).

A checkbox or radio button counts with its label (tapping the label ticks it). The one exception
is WCAG 2.5.8's inline one, written down in docs/accessibility.md: a link inside a sentence of
running text (display inline, with words of the sentence beside it in the same block) keeps the
sentence's line height."""

from __future__ import annotations

from tests.e2e.test_screens import _pages, open_phone, site  # noqa: F401  (the fixtures)

#: Left out: a disabled control (a finished play's garden squares) does nothing when tapped; the
#: squares of the Vadoran garden painter (40 px, painted by a stroke across them): their size is the
#: painter's (issue 25 item 3 redesigns its gestures), docs/screens.md.
SKIP = ":disabled, .vad .sq"

MEASURE = """(SKIP) => {
  const out = [];
  const blockOf = el => { let b = el.parentElement; while (b && getComputedStyle(b).display.startsWith('inline')) b = b.parentElement; return b; };
  const inSentence = el => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const block = blockOf(el);
    if (!block || !['P', 'LI', 'DD', 'SPAN', 'SMALL', 'DIV'].includes(block.tagName)) return false;
    const own = el.textContent.trim().length;
    return block.textContent.trim().length - own > 12;  // words of the sentence beside the link
  };
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) continue;                        // not drawn (or visually hidden)
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || cs.pointerEvents === 'none' || el.closest('[inert]')) continue;  // not tappable
    if (el.matches(SKIP)) continue;
    let w = r.width, h = r.height;
    if (['checkbox', 'radio'].includes(el.type)) {
      const label = el.closest('label') || (el.id && document.querySelector(`label[for="${el.id}"]`));
      if (label) { const l = label.getBoundingClientRect(); w = Math.max(w, l.width); h = Math.max(h, l.height); }
    }
    if (w >= 43.5 && h >= 43.5) continue;
    if (inSentence(el)) continue;
    const name = (el.getAttribute('aria-label') || el.textContent || el.value || el.name || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    out.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} "${name}" ${Math.round(w)}x${Math.round(h)}`);
  }
  return out;
}"""


def test_every_tappable_thing_is_at_least_44_px(site, open_phone):  # noqa: F811
    base, ids = site
    page = open_phone("light", "360")
    small: list[str] = []
    for name, path in _pages(ids):
        page.goto(base + path)
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")  # (every part open)
        small += [f"{name}: {s}" for s in page.evaluate(MEASURE, SKIP)]
    assert not small, "targets under 44 x 44 px at 360 x 640:\n" + "\n".join(small)
