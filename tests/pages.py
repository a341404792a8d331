"""A replay page as its script leaves it: every step's pictures drawn in its figure (the page
carries one step drawn and the others packed: casino_cli/pictures/packed.py), for the tests
that read a page's pictures without a browser. tests/test_html_replay.py holds the page's
own drawing to the same pictures."""

from __future__ import annotations

import json
import re


def pictures(page: str) -> list[str]:
    """The markup of each step's pictures, joined from the page's pieces as its script joins them."""
    packed = json.loads(re.search(r'<script type="application/json" id="pictures">(.*?)</script>', page, re.S)[1])
    digits, width = packed["digits"], packed["width"]
    out = []
    for refs in packed["pictures"]:
        drawn = []
        for at in range(0, len(refs), width):
            index = 0
            for digit in refs[at : at + width]:
                index = index * len(digits) + digits.index(digit)
            template, *numbers = packed["pieces"][index].split(" ")
            parts = packed["templates"][int(template)]
            drawn.append(parts[0] + "".join(n + part for n, part in zip(numbers, parts[1:])))
        out.append("".join(drawn))
    return out


def drawn_page(page: str) -> str:
    """The page with each step's pictures at the start of its figure, as its script draws them
    (the step it opens at is drawn already), the packed pictures left out."""
    steps = iter(pictures(page))

    def fill(figure: re.Match[str]) -> str:
        step = next(steps)
        return figure[0] if figure[1] else figure[0] + step

    page = re.sub(r'<figure class="frame"[^>]*>(<svg)?', fill, page)
    return re.sub(r'<script type="application/json" id="pictures">.*?</script>', "", page, flags=re.S)
