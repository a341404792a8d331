"""``casino rules [ID]``: the text of a rule, read from the rules page itself.

The page is docs/rules.md, shipped inside the package (``casino_cli/data/rules.md`` is a
link to it), so what a referee shows players is word for word what the docs say. A rule
is a top-level bullet ``- **B3** — text`` with its indented continuation lines; the
decisions at the end of the page (``- **B6/B7** — …``) are shown with the rules they name.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import NamedTuple

from ..notation.fields import dumps
from .output import USAGE, Fail, Format, resolve_format, utf8_argument, write_line

PRESET_FORMAT = "casino.preset/1"
RULES_FORMAT = "casino.rules/1"
_ENTRY = re.compile(r"^- \*\*(.+?)\*\* — (.*)$")
_ID = re.compile(r"^[A-Z][0-9]+$")
_IDS = re.compile(r"[A-Z][0-9]+(?:/[A-Z][0-9]+)*\b")  # a decision's label starts with the IDs it is on
_ID_IN_TEXT = re.compile(r"\b[A-Z][0-9]\b")
_FINDING = re.compile(r"^\| `([a-z]+)` \| (.*) \|$")
_OPTION_ROW = re.compile(r"^\| `([a-z_0-9]+)` \|.*\|([^|]*)\|$")  # the options table: its last cell says what it does
_DECISIONS = "## Decisions"
_OPTIONS = "## Variants and options"


class Rule(NamedTuple):
    """One rule of the page: its ID, the section it is in, its text and the decisions on it."""

    id: str
    section: str
    text: str
    decisions: tuple[str, ...]


def _page() -> str:
    return (resources.files("casino_cli") / "data" / "rules.md").read_text(encoding="utf-8")


def plain(markdown: str) -> str:
    """Inline markdown (``**bold**``, ``*em*``, backticks) as plain words; a code span's
    text is kept as written (``american-royal-*.jsonl``)."""
    parts = re.split(r"(`[^`]*`)", markdown)
    return "".join(
        part[1:-1]
        if part.startswith("`") and part.endswith("`") and len(part) > 1
        else re.sub(r"\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`", "", part)
        for part in parts
    )


def read_rules(page: str) -> list[Rule]:
    """Every rule of the page in page order, the referee's own findings (``turn``, ``card``…)
    first; decisions attached to each ID they name."""
    entries: list[tuple[str, str, list[str]]] = []  # (ids, section, lines)
    findings: list[Rule] = []
    section = ""
    in_decisions = False
    current: list[str] | None = None
    for line in page.splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
            in_decisions = line.startswith(_DECISIONS)
            current = None
            continue
        if line.startswith("### "):
            section = line[4:].strip()
            current = None
            continue
        found = _FINDING.match(line)
        if found and not section:
            findings.append(Rule(found.group(1), "The referee's own findings", found.group(2), ()))
            continue
        entry = _ENTRY.match(line)
        if entry:
            current = [entry.group(2)]
            entries.append((entry.group(1), "Decisions" if in_decisions else section, current))
        elif current is not None and line.startswith("  "):
            stripped = line.strip()
            current.append(("\n" if stripped.startswith("- ") else "") + stripped)
        else:
            current = None
    rules = list(findings)
    decided: dict[str, list[str]] = {}
    for ids, where, lines in entries:
        text = " ".join(lines).replace(" \n", "\n")
        if where == "Decisions":
            named = _IDS.match(ids)  # "B6/B7", "C5 with `court_takes_all`", "G5, counting out"
            if named is None:  # "Refusal order": a decision on no one rule, asked for by its name
                rules.append(Rule(plain(ids), where, text, ()))
                continue
            qualifier = ids[named.end() :].lstrip(", ")  # what the decision is on: "with `court_takes_all`"
            for one in named.group().split("/"):
                decided.setdefault(one, []).append(f"{qualifier}: {text}" if qualifier else text)
        elif _ID.match(ids):
            rules.append(Rule(ids, where, text, ()))
    return [r._replace(decisions=tuple(decided.get(r.id, ()))) for r in rules]


def about_option(page: str, rules: list[Rule], word: str) -> list[Rule]:
    """The rules an option (``deal_passes``) or an option's value (``count_out``) is about:
    the rule IDs its row of the options table names, else the rules that write the word as
    code (an option's row naming none: every rule that uses the word), else those of the
    rows and paragraphs of the options section that write the word (``little_casino``, a
    value no rule writes as code; ``partnerships``, set apart from the options)."""
    rows = [row for row in map(_OPTION_ROW.match, page.splitlines()) if row]
    for row in rows:
        if row.group(1) == word:
            ids = set(_ID_IN_TEXT.findall(row.group(2)))
            if ids:
                return [r for r in rules if r.id in ids]
            return [r for r in rules if re.search(rf"\b{word}\b", r.text)]
    code = f"`{word}`"
    written = [r for r in rules if _ID.match(r.id) and (code in r.text or any(code in d for d in r.decisions))]
    if written:
        return written
    ids = {i for row in rows if code in row.group(0) for i in _ID_IN_TEXT.findall(row.group(2))}
    ids |= {i for p in _option_paragraphs(page) if code in p for i in _ID_IN_TEXT.findall(p)}
    return [r for r in rules if r.id in ids]


def _option_paragraphs(page: str) -> list[str]:
    """The paragraphs of the options section outside its table, each on one line: the one
    on `partnerships` names the rules partners play under."""
    section = page.partition(f"\n{_OPTIONS}\n")[2].partition("\n## ")[0]
    return [" ".join(p.split()) for p in section.split("\n\n") if not p.lstrip().startswith("|")]


def pick(rules: list[Rule], wanted: str | None, page: str = "") -> list[Rule]:
    """The rules asked for: all, one ID (any case), a letter for a whole family (B), or an
    option or option value (``count_out``) for the rules about it."""
    if wanted is None:
        return rules
    key = wanted.strip()
    exact = [r for r in rules if r.id.lower() == key.lower()]
    if exact:
        return exact
    family = [r for r in rules if _ID.match(r.id) and r.id[0] == key.upper() and len(key) == 1]
    if family:
        return family
    option = about_option(page, rules, key.lower()) if key else []
    if option:
        return option
    import difflib

    from ..engine.rules import DEAL_PASSES, ENDGAMES, LADDER_20, OPTIONS, VARIANTS

    values = (*ENDGAMES, *DEAL_PASSES, *LADDER_20, "partnerships")  # what `casino rules` answers too
    words = {w.lower(): w for w in [*(r.id for r in rules), *VARIANTS, *OPTIONS, *values]}
    near = [words[w] for w in difflib.get_close_matches(key.lower(), list(words), n=3, cutoff=0.5)]
    hint = f" (did you mean {' or '.join(near)}?)" if near else ""
    ids = ", ".join(r.id for r in rules if _ID.match(r.id))
    named = ", ".join(repr(r.id) for r in rules if r.section == "Decisions")
    raise Fail(
        USAGE,
        f"no rule {wanted!r}{hint}; rules are {ids}, the findings turn, card, notation, claim, "
        f"the decisions {named}, a rule set's options ({', '.join(VARIANTS)}), and the rules an option "
        "or its value is about (deal_passes, count_out)",
    )


def run_preset(variant: str, fmt: Format) -> None:
    """A rule set's options and their values (docs/rules.md, Variants and options), as ``-o`` names them."""
    from ..engine.rules import PRESETS

    options = PRESETS[variant]
    if fmt in (Format.json, Format.jsonl):
        write_line(dumps({"format": PRESET_FORMAT, "variant": variant, "options": options}))
        return
    width = max(map(len, options))
    lines = [f"{variant}: the options of the rule set (change one with -o NAME=VALUE)"]
    lines += [f"  {name:<{width}}  {dumps(value).decode()}" for name, value in options.items()]
    if fmt == Format.text:
        for line in lines:
            write_line(line)
        return
    from .output import console

    console().print("\n".join(lines), markup=False, highlight=False)


def run_rules(wanted: str | None, fmt: Format | None) -> None:
    fmt = resolve_format(fmt)
    from ..engine.rules import VARIANTS

    wanted = None if wanted is None else utf8_argument(wanted)
    if wanted is not None and wanted.strip().lower() in VARIANTS:
        return run_preset(wanted.strip().lower(), fmt)
    page = _page()
    chosen = pick(read_rules(page), wanted, page)
    if fmt in (Format.json, Format.jsonl):
        docs = [{"id": r.id, "section": r.section, "text": r.text, "decisions": list(r.decisions)} for r in chosen]
        if fmt == Format.jsonl:
            for doc in docs:
                write_line(dumps(doc))
        else:
            write_line(dumps({"format": RULES_FORMAT, "rules": docs}))
        return
    if fmt == Format.text:
        for r in chosen:
            write_line(f"{r.id} — {plain(r.text)}")
            for d in r.decisions:
                write_line(f"  decision: {plain(d)}")
        return
    from rich.markdown import Markdown

    from .output import console

    out = console()
    for r in chosen:
        body = f"**{r.id}** ({r.section}) — {r.text}"
        body += "".join(f"\n\n*Decision:* {d}" for d in r.decisions)
        out.print(Markdown(body))
