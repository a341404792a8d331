"""``casino rules [ID]``: every rule of the contract has its text, word for word from docs/rules.md."""

from __future__ import annotations

import io
import re
from pathlib import Path

import orjson
import pytest
from inproc import cli

import casino_cli
from casino_cli.cli.cmd_rules import plain, read_rules

ROOT = Path(__file__).resolve().parent.parent
CONTRACT = ROOT.parent / "shared" / "RULES.md"


def contract_ids() -> list[str]:
    """The rule IDs of the contract (``- C3.`` bullets), read from RULES.md itself, or from the
    IDs the engine cites when the contract is not beside the checkout."""
    if CONTRACT.exists():
        return re.findall(r"^- ([A-Z][0-9]+)\.", CONTRACT.read_text(encoding="utf-8"), re.M)
    return ["V1", "V4", "D1", "D4", "C1", "C7", "B1", "B8", "T1", "T3", "O1", "O3", "S1", "S2", "P1", "P4", "G1", "G4"]


def test_every_rule_of_the_contract_has_a_text():
    ids = [r.id for r in read_rules((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))]
    missing = [i for i in contract_ids() if i not in ids]
    assert not missing
    assert ids[:4] == ["turn", "card", "notation", "claim"]


@pytest.mark.parametrize(
    "finding, hand, cause",
    [  # a hand of a record that the referee finds at fault with one of its own values
        (
            "card",
            '"dealer":1,"table":["7D","2C","9S","KH"],"moves":["3H"],"shown":[{"after":1,"seat":0,"cards":["3H"]}]',
            "shown",
        ),
        ("notation", '"moves":["2C"]},{"moves":[]', "stops part-way"),
        ("claim", '"moves":["2C"],"score":[0,0]', "stops unfinished"),
    ],
)
def test_the_rules_text_of_the_referees_own_findings_covers_each_case(finding, hand, cause):
    """`casino rules card` (notation, claim) describes the cases the referee gives that value
    to: a shown card played already, a hand cut short before another, a claimed unfinished hand."""
    head = '{"format":"casino.record/1","rules":{"variant":"classic","players":2},"seed":"7","hands":'
    record = head + "[{" + hand + "}]}"
    found = cli("validate", "-", stdin=record.encode())
    assert [orjson.loads(line)["rule"] for line in found.stdout.splitlines()] == [finding]
    assert cause in cli("rules", finding, "--format", "text").stdout.decode()


def test_the_text_is_the_docs_text():
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    line = next(ln for ln in page.splitlines() if ln.startswith("- **B3** — "))
    out = cli("rules", "B3", "--format", "text")
    assert out.returncode == 0
    assert out.stdout.decode().splitlines()[0] == "B3 — " + plain(line.split(" — ", 1)[1]) + " " + plain(
        next(ln for ln in page.splitlines()[page.splitlines().index(line) + 1 :]).strip()
    )


def test_the_package_ships_the_page():
    shipped = Path(casino_cli.__file__).parent / "data" / "rules.md"  # the package the tests import
    assert shipped.read_bytes() == (ROOT / "docs" / "rules.md").read_bytes()


def test_decisions_come_with_their_rule():
    out = cli("rules", "b6", "--format", "text")
    lines = out.stdout.decode().splitlines()
    assert lines[0].startswith("B6 — Raising a build you own")
    assert any(ln.startswith("  decision: You may always add to a build you own") for ln in lines)


def test_every_decision_reaches_each_rule_its_label_names():
    """A decision of the page's decisions sections (from "## Decisions" on) whose bold label
    starts with rule IDs ("B6/B7", "C5 with `court_takes_all`", "G5, counting out") is
    printed with each of those rules; read here with a pattern of the test's own."""
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    decisions = page[page.index("\n## Decisions") :]
    named: dict[str, int] = {}
    for label in re.findall(r"^- \*\*([A-Z][0-9]+(?:/[A-Z][0-9]+)*)[^*]*\*\* — ", decisions, re.M):
        for rule in label.split("/"):
            named[rule] = named.get(rule, 0) + 1
    assert {"G5", "D4", "V3", "B4", "C5"} <= set(named)
    for rule, n in named.items():
        doc = orjson.loads(cli("rules", rule, "--format", "json").stdout)
        assert len(doc["rules"][0]["decisions"]) == n, rule


def test_a_decision_keeps_what_its_label_says_it_is_on():
    """A decision labelled "C5 with `court_takes_all`" is not on C5 in every rule set: printed with
    C5, the decision says so, and a decision whose label names no rule is a rule of its own."""
    lines = cli("rules", "C5", "--format", "text").stdout.decode().splitlines()
    assert lines[1].startswith("  decision: with court_takes_all: A classic court card may take any non-empty")
    assert (
        cli("rules", "G5", "--format", "text")
        .stdout.decode()
        .splitlines()[1]
        .startswith("  decision: counting out: The Royal Casino descriptions")
    )
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    unnamed = re.findall(r"^- \*\*([A-Z][a-z][^*]*)\*\* — ", page[page.index("\n## Decisions") :], re.M)
    assert "Refusal order" in unnamed
    for label in unnamed:
        doc = orjson.loads(cli("rules", label.lower(), "--format", "json").stdout)
        assert [(r["id"], r["section"]) for r in doc["rules"]] == [(label, "Decisions")]
    out = cli("rules", "refusal", "--format", "text")
    assert out.returncode == 2 and "the decisions 'Refusal order'" in out.stderr


def test_a_family_and_the_json_form():
    out = cli("rules", "T", "--format", "json")
    doc = orjson.loads(out.stdout)
    assert doc["format"] == "casino.rules/1"
    assert [r["id"] for r in doc["rules"]] == ["T1", "T2", "T3"]
    assert doc["rules"][1]["section"] == "Trailing (T)"


def test_all_rules_one_per_line_in_jsonl():
    out = cli("rules", "--format", "jsonl")
    ids = [orjson.loads(line)["id"] for line in out.stdout.splitlines()]
    assert set(contract_ids()) <= set(ids)


@pytest.mark.parametrize(
    "wanted, hint",
    [
        ("B33", "did you mean B3"),
        ("Q1", "rules are V1"),
        ("", "rules are"),
        ("royl", "did you mean royal?"),  # a rule set and an option are suggested as an ID is
        ("sweps", "did you mean sweeps or"),
        ("ladr", "did you mean ladder or"),  # an option's value too, which rules answers
        ("prevous", "did you mean previous?"),
        ("partnership", "did you mean partnerships or"),
        ("xyz", "a rule set's options (classic, royal, american-royal)"),
    ],
)
def test_an_unknown_rule_is_a_usage_error(wanted, hint):
    out = cli("rules", wanted, "--format", "text")
    assert out.returncode == 2
    assert hint in out.stderr
    assert out.stdout == b""


@pytest.mark.parametrize(
    ("word", "ids"),
    [
        ("deal_passes", ["D4"]),
        ("endgame", ["G2", "G3", "G5"]),
        ("ace_high_builds", ["V3", "B4"]),
        ("count_out", ["G5"]),  # a value of endgame, written as code in its rule
        ("most_spades", ["G3"]),
        ("Count_Out", ["G5"]),
        ("partnerships", ["C7", "B3", "B7", "S2", "P1", "P2", "G1"]),  # its paragraph below the table
    ],
)
def test_an_option_or_its_value_gives_the_rules_it_is_about(word, ids):
    doc = orjson.loads(cli("rules", word, "--format", "json").stdout)
    assert [r["id"] for r in doc["rules"]] == ids


def test_every_option_gives_the_rules_its_row_names():
    """Each option of the options table, asked for by name, gives at least the rule IDs its
    row names in parentheses (read here with the test's own pattern), and some rule always."""
    from casino_cli.engine.rules import OPTIONS

    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for option in OPTIONS:
        (row,) = [line for line in page.splitlines() if line.startswith(f"| `{option}` |")]
        named = re.findall(r"[A-Z][0-9]", row.rsplit("|", 2)[1])
        got = [r["id"] for r in orjson.loads(cli("rules", option, "--format", "json").stdout)["rules"]]
        assert got and set(named) <= set(got), option


def test_every_value_the_options_table_writes_gives_rules_of_its_row():
    """A value written as code in an option's row (little_casino, next) gives rules, some of
    those its row names, even a value no rule writes as code (little_casino was 'no rule')."""
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if re.match(r"^\| `[a-z_0-9]+` \|.*\|$", line)]
    for row in rows:
        option, *cells = row.strip("|").split("|")
        named = set(re.findall(r"[A-Z][0-9]", cells[-1]))
        for value in sorted(set(re.findall(r"`([a-z_0-9]+)`", "|".join(cells)))):
            got = [r["id"] for r in orjson.loads(cli("rules", value, "--format", "json").stdout)["rules"]]
            assert set(got) & named, (option, value, got)


def test_pretty_output_names_the_section(monkeypatch):
    from rich.console import Console

    from casino_cli.cli import output
    from casino_cli.cli.cmd_rules import run_rules

    screen = Console(width=80, record=True, file=io.StringIO())
    monkeypatch.setattr(output, "console", lambda stderr=False: screen)
    run_rules("O1", output.Format.pretty)
    shown = screen.export_text()
    assert "O1 (Obligations of a build owner (O))" in shown
    assert "for every build you own" in shown


def test_plain_words_keep_a_code_spans_text_as_written():
    assert (
        plain("see `corpus/american-royal-*.jsonl` and **this** *one*")
        == "see corpus/american-royal-*.jsonl and this one"
    )


@pytest.mark.parametrize(
    "options, said",
    [
        (["-o", "sweeps=true", "-o", "sweeps=false"], "bad rules: the option sweeps is given twice"),
        (["-o", "partnerships=false"], "partnerships is not an option: use --partnerships or --no-partnerships"),
        (["-o", "players=3"], "players is not an option: use --players"),
    ],
)
def test_options_on_the_command_line_are_refused_as_a_rules_object_refuses_them(options, said):
    out = cli("deal", "--seed", "1", *options)
    assert out.returncode == 2 and said in out.stderr


@pytest.mark.parametrize("variant", ["classic", "royal", "american-royal"])
def test_a_rule_sets_options_are_shown_as_minus_o_names_them(variant):
    """`casino rules royal`: every option with its value, which -o takes back as the same rules."""
    from casino_cli.engine import make_rules
    from casino_cli.engine.rules import OPTIONS

    out = cli("rules", variant.upper(), "--format", "json")
    shown = orjson.loads(out.stdout)
    assert out.returncode == 0 and shown["variant"] == variant and set(shown["options"]) == set(OPTIONS)
    assert make_rules(variant, 2, **shown["options"]) == make_rules(variant, 2)
    others = [v for v in ("classic", "royal", "american-royal") if v != variant]
    assert any(make_rules(o, 2, **shown["options"]) != make_rules(o, 2) for o in others)
    text = cli("rules", variant, "--format", "text").stdout.decode()
    assert all(f"  {name} " in text for name in OPTIONS)


@pytest.mark.parametrize(
    "variant, options",
    [
        ("classic", {}),
        ("classic", {"endgame": "ladder"}),
        ("classic", {"endgame": "ladder", "ladder_20": "most_spades", "target": 11}),
        ("royal", {"endgame": "highest", "sweeps_cancel": False}),
        ("american-royal", {"court_values": False, "ace_high": False, "sweeps": False}),
    ],
)
def test_a_bot_gets_every_option_from_the_preset_under_the_question_s_rules(variant, options):
    """docs/bots.md: a question's rules give the options that differ from the preset; laid
    over ``casino rules VARIANT -f json``'s (ladder_20, not given, following endgame) they
    are every option of the rule set played."""
    from casino_cli.engine import make_rules
    from casino_cli.engine.rules import OPTIONS
    from casino_cli.notation.position import rules_json

    rules = make_rules(variant, 2, **options)
    asked = rules_json(rules)
    preset = orjson.loads(cli("rules", variant, "-f", "json").stdout)
    assert preset["format"] == "casino.preset/1" and list(preset["options"]) == list(OPTIONS)
    full = preset["options"] | {name: value for name, value in asked.items() if name in OPTIONS}
    if "ladder_20" not in asked:
        full["ladder_20"] = "little_casino" if full["endgame"] == "ladder" else None
    assert full == {name: getattr(rules, name) for name in OPTIONS}
