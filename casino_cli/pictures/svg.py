"""SVG building blocks: escaping, text, and cards drawn as cards.

Suits are drawn as paths (no font needed for them); ranks and labels use a generic
sans-serif stack, so a picture needs no external font and no network.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from xml.sax.saxutils import escape, quoteattr

from ..cards import RANKS, SUITS, rank, suit
from ..records.shown import visible
from .lines import fit, wrap

_RED_SUIT = re.compile("[♥♦]+")
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")  # XML forbids all but DEL (which shows nothing)
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
RED, BLACK = "#c0142c", "#141414"
TEXT_RED = "#a40018"  # ♥ and ♦ in words: darker, to read on gold (4.5:1) as on white
HIGHLIGHT = "#f5b800"
CARD_W, CARD_H = 60, 84

_SUIT_PATHS = {
    "S": "M50 2C78 26 98 42 98 62C98 78 86 86 74 86C64 86 57 81 53 74C54 86 58 93 68 99H32C42 93 46 86 47 74"
    "C43 81 36 86 26 86C14 86 2 78 2 62C2 42 22 26 50 2Z",
    "H": "M50 96C22 70 2 52 2 30C2 13 14 3 28 3C39 3 46 10 50 19C54 10 61 3 72 3C86 3 98 13 98 30C98 52 78 70 50 96Z",
    "D": "M50 2L88 50L50 98L12 50Z",
    "C": "M50 4A22 22 0 1 1 49.9 4ZM26 36A22 22 0 1 1 25.9 36ZM74 36A22 22 0 1 1 73.9 36Z"
    "M50 26L24 62H76ZM45 52C45 78 40 90 30 99H70C60 90 55 78 55 52Z",
}


def markup(content: str) -> str:
    """Document text made safe as XML/HTML text: escaped, the characters XML forbids (control
    characters, U+FFFE and U+FFFF) shown as �."""
    return escape(_NOT_XML.sub("\ufffd", content))


def named(name: str, cut: Callable[[str], str] | None = None) -> str:
    """A name from a document as a picture shows it: :func:`visible` (nothing in it is
    obeyed), ``cut`` to fit, then isolated (FSI … PDI, honoured by browsers and librsvg)
    so that a right-to-left name does not reorder the words and numbers next to it; "" stays
    "" (the seat is shown alone)."""
    if not name:
        return ""
    shown = visible(name)
    return f"\u2068{cut(shown) if cut else shown}\u2069"


def names_isolated(names: Sequence[str] | None) -> tuple[str, ...] | None:
    """A record's players' names for a picture's words, each as :func:`named` shows it (the
    words around them :func:`visible` on their own, since making the whole text visible
    would show the isolates as escapes); None when it names none."""
    return tuple(map(named, names)) if names else None


def banner(x: float, y: float, width: float, words: str, pad: float) -> tuple[str, int]:
    """``words`` in bold on a gold box ``width`` wide at (``x``, ``y``), wrapped to fit within
    ``pad`` either side (a word wider than that cut, …): its markup and its height."""
    lines = [fit(line, 16, width - 2 * pad) for line in wrap(words, 16, width - 2 * pad)]
    height = 12 + 22 * len(lines)
    box = f'<rect x="{x:g}" y="{y:g}" width="{width:g}" height="{height}" rx="6" fill="{HIGHLIGHT}"/>'
    return box + "".join(
        text(x + pad, y + 23 + 22 * i, line, 16, red_suits=True, font_weight="bold", fill=BLACK)
        for i, line in enumerate(lines)
    ), height


def red(body: str, html: bool = False) -> str:
    """Escaped text with its ♥ and ♦ in :data:`TEXT_RED`: SVG tspans, or HTML spans."""
    start, end = (f'<span style="color:{TEXT_RED}">', "</span>") if html else (f'<tspan fill="{TEXT_RED}">', "</tspan>")
    return _RED_SUIT.sub(lambda m: start + m.group() + end, body)


def text(x: float, y: float, content: str, size: float, red_suits: bool = False, **attrs: str | float) -> str:
    """A text element; ``content`` is escaped (its ♥ and ♦ red with ``red_suits``), attribute
    names use _ for -."""
    extra = "".join(f" {k.rstrip('_').replace('_', '-')}={quoteattr(str(v))}" for k, v in attrs.items())
    body = red(markup(content)) if red_suits else markup(content)
    return f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{extra}>{body}</text>'


def is_red(card: int) -> bool:
    """Hearts and diamonds are red."""
    return suit(card) in (1, 2)


def defs(cards: set[int] | None, back: bool) -> str:
    """Symbols for the suits, the given faces (all 52 when None) and the back."""
    parts = [f'<symbol id="s{s}" viewBox="0 0 100 100"><path d="{p}"/></symbol>' for s, p in _SUIT_PATHS.items()]
    parts.append(
        '<pattern id="weave" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        '<rect width="8" height="8" fill="#1f4e8c"/><rect width="4" height="8" fill="#2c64ad"/></pattern>'
    )
    for card in sorted(range(52) if cards is None else cards):
        parts.append(_face_symbol(card))
    if back or cards is None:
        parts.append(
            f'<symbol id="back" viewBox="0 0 {CARD_W} {CARD_H}">'
            f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="6" fill="#fff" stroke="#555"/>'
            f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="3" fill="url(#weave)"/></symbol>'
        )
    return "<defs>" + "".join(parts) + "</defs>"


def _face_symbol(card: int) -> str:
    """One card face: white card, rank and small suit in two corners, a large suit in the middle."""
    r = RANKS[rank(card)].replace("T", "10")
    s = SUITS[suit(card)]
    colour = RED if is_red(card) else BLACK
    size = 17 if len(r) == 1 else 15
    corner = (
        text(4 if len(r) == 1 else 2, 19, r, size, font_weight="bold", fill=colour, font_family=FONT)
        + f'<use href="#s{s}" x="4" y="22" width="13" height="13"/>'
    )
    return (
        f'<symbol id="c{r}{s}" viewBox="0 0 {CARD_W} {CARD_H}"><g fill="{colour}">'
        f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="6" fill="#fff" stroke="#555"/>'
        f"{corner}"
        f'<g transform="rotate(180 {CARD_W / 2:g} {CARD_H / 2:g})">{corner}</g>'
        f'<use href="#s{s}" x="18" y="30" width="24" height="24"/></g></symbol>'
    )


def face_id(card: int) -> str:
    """The symbol id of a card face."""
    return "c" + RANKS[rank(card)].replace("T", "10") + SUITS[suit(card)]


def card(x: float, y: float, which: int | None, lit: bool = False, scale: float = 1.0) -> str:
    """A card (a face, or the back when ``which`` is None) at x, y; ``lit`` rings it in gold."""
    w, h = CARD_W * scale, CARD_H * scale
    ref = "back" if which is None else face_id(which)
    out = f'<use href="#{ref}" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"/>'
    if lit:
        out += (
            f'<rect x="{x - 2:g}" y="{y - 2:g}" width="{w + 4:g}" height="{h + 4:g}" rx="8" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="4"/>'
        )
    return out


def document(
    width: float, height: float, body: str, title: str, faces: set[int] | None, back: bool, desc: str = ""
) -> str:
    """A standalone SVG document (with its own symbols, or relying on shared ones when faces is None
    and ``back`` is False: see :func:`frame`); with ``desc``, an image (role="img") whose
    <desc> says in words what it shows."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family={quoteattr(FONT)}{_described(title, desc)}{defs(faces, back)}'
        f"{body}</svg>\n"
    )


def frame(width: float, height: float, body: str, title: str, cls: str, desc: str) -> str:
    """An inline SVG of class ``cls`` that uses the symbols of a page's shared :func:`defs`
    (for the HTML replay), an image titled ``title``, described by ``desc``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" viewBox="0 0 {width:g} {height:g}" '
        f"font-family={quoteattr(FONT)}{_described(title, desc)}{body}</svg>"
    )


def _described(title: str, desc: str) -> str:
    """The end of an <svg> tag and its <title>, and (an image then) its <desc>."""
    if not desc:
        return f"><title>{markup(title)}</title>"
    return f' role="img"><title>{markup(title)}</title><desc>{markup(desc)}</desc>'
