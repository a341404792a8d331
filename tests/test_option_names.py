"""One command line: an option's name means one thing and takes the same values on every
command that has it, so a script can use the spelling it learnt on one command on the next."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest
import typer
from clirun import casino
from inproc import cli

from casino_cli.cli import quick
from casino_cli.cli.main import app
from casino_cli.engine.deal import MAX_SEED_BYTES
from casino_cli.records import botproto

COMMANDS = typer.main.get_command(app).commands  # type: ignore[attr-defined]
RECORD = cli("simulate", "--games", "2", "--seed", "q", "--hands", "1").stdout


def _values(param: typer.core.TyperOption) -> tuple[object, ...]:
    """What an option takes: its kind of value, its bounds and its choices."""
    kind = param.type
    return type(kind).__name__, getattr(kind, "min", None), getattr(kind, "max", None)


def test_an_option_on_several_commands_takes_the_same_values() -> None:
    """simulate --hands took 1 to 500 where match --hands took 0 (whole games) to 500."""
    seen: dict[str, dict[tuple[object, ...], list[str]]] = {}
    for name, command in COMMANDS.items():
        for param in command.params:
            if param.param_type_name == "option" and param.name != "help":
                for opt in param.opts:
                    seen.setdefault(opt, {}).setdefault(_values(param), []).append(name)
    seen.pop("--to")  # replay's move number; convert's old name for its -f
    assert {opt: kinds for opt, kinds in seen.items() if len(kinds) > 1} == {}


@pytest.mark.parametrize(("option", "commands"), [("hands", ("simulate", "match")), ("bots", ("simulate", "play"))])
def test_an_option_whose_default_differs_between_commands_says_it_and_why(option, commands) -> None:
    """simulate --hands plays whole games by default, match --hands 1 hand, and simulate's
    --help did not say its default; simulate's bots are random, play's greedy. Each help
    says its own default (the one the command has) and the other command's."""
    defaults = {}
    for name in commands:
        param = next(p for p in COMMANDS[name].params if p.name == option)
        defaults[name] = "whole games" if param.default is None else f"{param.default}"
    assert len(set(defaults.values())) == 2
    for name, other in (commands, commands[::-1]):
        said = " ".join(next(p for p in COMMANDS[name].params if p.name == option).help.split())
        assert f"default: {defaults[name]}" in said.lower(), (name, said)
        assert other in said and defaults[other] in said, (name, said)


@pytest.mark.parametrize("words", [["-f", "text"], ["--format", "TEXT"], ["--format=json"], ["-f", "json"]])
def test_convert_chooses_its_form_with_format_as_the_other_commands_do(
    words: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """casino convert FILE -f text (as deal --record -f text) was 'No such option: -f'; --to still works."""
    old = cli("convert", "-", "--to", words[-1].rpartition("=")[2].lower(), stdin=RECORD)
    assert old.returncode == 0 and old.stdout
    assert quick.parse(["convert", "-", *words]) is not None
    assert cli("convert", "-", *words, stdin=RECORD) == old
    monkeypatch.setattr(quick, "parse", lambda words: None)  # typer's path
    assert cli("convert", "-", *words, stdin=RECORD) == old


def test_simulate_hands_0_plays_whole_games_as_match_hands_0_does() -> None:
    """casino simulate --hands 0 was refused (0 is not in the range 1<=x<=500)."""
    words = ["simulate", "--games", "2", "--seed", "w"]
    assert quick.parse([*words, "--hands", "0"]) is not None
    whole = cli(*words)
    assert whole.returncode == 0 and cli(*words, "--hands", "0") == whole


def test_an_option_says_its_default_as_typer_does() -> None:
    """Help said '(default yes)', '(default 10, …)' and '(default 1)' where typer and the
    other options say 'default: X'; an option says its default once, in words or typer's."""
    for name, command in COMMANDS.items():
        for param in command.params:
            said = re.findall(r"\bdefault\b(.?)", param.help or "", re.IGNORECASE)
            assert all(after == ":" for after in said), (name, param.opts, param.help)
            assert not said or param.default is None or not param.show_default, (name, param.opts)


@pytest.mark.parametrize(
    ("words", "games"),
    [
        (["deal"], 0),
        (["simulate", "--games", "12", "--hands", "1"], 12),
        (["match", "random", "random", "--pairs", "2"], 2),
        (["botcheck", "random", "--decisions", "1", "--redeals", "1"], 1),
    ],
)
def test_a_seed_too_long_for_its_games_is_refused_as_usage(words: list[str], games: int) -> None:
    """simulate, match and botcheck took a 1,024-byte seed, then failed dealing game N from
    SEED/N: 'internal error: DealError: a seed is at most 1024 bytes' (exit 70)."""
    run = casino if words[0] == "botcheck" else cli  # botcheck forks: in a process of its own, not pytest's
    room = MAX_SEED_BYTES - (len(f"/{games}") if games else 0)
    too_long = run(*words, "--seed", "s" * (room + 1))
    assert too_long.returncode == 2 and f"casino: a seed is at most {room} bytes" in _text(too_long.stderr)
    assert run(*words, "--seed", "s" * room).returncode == 0


def test_match_with_its_default_pairs_refuses_the_seed_docs_notation_md_quotes() -> None:
    """docs/notation.md's Limits table quotes match's refusal at its default of 400 pairs;
    nothing ran it (mutants playing 399 or 401 pairs by default passed every test)."""
    page = (Path(__file__).parent.parent / "docs" / "notation.md").read_text(encoding="utf-8")
    row = next(line for line in page.splitlines() if line.startswith("| a `--seed` |"))
    quoted = re.search(
        r"refused \(exit 2\): `(a seed is at most (\d+) bytes here \(game \d+ deals from SEED/\d+, )…\)`", row
    )
    assert quoted, row
    refused = cli("match", "greedy", "random", "--seed", "s" * (int(quoted.group(2)) + 1))
    assert refused.returncode == 2 and refused.stderr.startswith(f"casino: {quoted.group(1)}"), refused.stderr


def test_match_and_botcheck_use_the_defaults_docs_bots_md_gives() -> None:
    """docs/bots.md gives match's default looks (10, each at Pocock's 2.555) and botcheck's
    default decisions (120); nothing ran either without its option (mutants with 9 looks,
    or 119 or 121 decisions, passed every test)."""
    page = " ".join((Path(__file__).parent.parent / "docs" / "bots.md").read_text(encoding="utf-8").split())
    bound, looks = re.search(r"\(([\d.]+) for the default (\d+) looks\)", page).groups()  # type: ignore[union-attr]
    played = cli("match", "greedy", "random", "--pairs", "200", "--hands", "1", "--seed", "m", "-f", "json")
    rule = orjson.loads(played.stdout)["stopping"]["rule"]
    assert rule.endswith(f">= {bound}") and len(re.findall(r"\d+", rule.split(";")[0])) == int(looks), rule
    decisions = re.search(r"`--decisions` of the bot's decisions \((\d+)\)", page).group(1)  # type: ignore[union-attr]
    long_seed = ("--seed", "s" * MAX_SEED_BYTES)  # refused before any game, naming the last one
    default = casino("botcheck", "greedy", *long_seed)
    assert (
        default.returncode == 2
        and default.stderr == casino("botcheck", "greedy", "--decisions", decisions, *long_seed).stderr
    )


@pytest.mark.parametrize("seconds", ["0.01", "0.009", "0.02", "1e9"])
def test_time_limit_takes_what_casino_bot_time_limit_takes(seconds: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """--time-limit reaches the bots through CASINO_BOT_TIME_LIMIT, so it takes the numbers the
    variable takes (from 0.01 on); nothing checked the two agree (mutants taking 0.005, or
    refusing 0.01, passed every test). One it refuses is exit 2, never a bot's late error."""
    monkeypatch.setenv("CASINO_BOT_TIME_LIMIT", seconds)
    try:
        botproto.time_limit()
        taken = True
    except ValueError:
        taken = False
    monkeypatch.delenv("CASINO_BOT_TIME_LIMIT")
    out = cli("simulate", "--games", "1", "--seed", "t", "--time-limit", seconds)
    assert (out.returncode, bool(out.stdout)) == ((0, True) if taken else (2, False)), out.stderr
    assert taken or "Invalid value for '--time-limit'" in out.stderr


def _text(said: str | bytes) -> str:
    return said.decode() if isinstance(said, bytes) else said


def test_every_file_argument_names_its_documents_and_standard_input_alike() -> None:
    """moves and apply said 'A JSON file' (not which document), and validate '- for stdin'
    where the others say '- for standard input'."""
    files = [
        (name, param.help or "")
        for name, command in COMMANDS.items()
        for param in command.params
        if param.param_type_name == "argument" and (param.metavar or "").startswith("FILE")
    ]
    assert len(files) == 9
    for name, text in files:
        assert re.search(r"\b(position|record)s?\b", text, re.IGNORECASE), (name, text)
        assert text.endswith("or - for standard input."), (name, text)
