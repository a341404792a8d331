"""One meaning per option across commands: the seed default, variant and player choices,
"did you mean", and whole descriptions in ``casino --help``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
import typer
from clirun import casino

from casino_cli.cli.main import app
from tests.inproc import cli


@pytest.mark.parametrize(
    "args", [["deal"], ["play", "--watch", "-f", "text"], ["simulate", "--games", "1"]], ids=lambda a: a[0]
)
def test_every_seeded_command_defaults_to_a_random_seed_it_says(args):
    first = cli(*args)
    said = re.search(r"casino: seed: (\w+)", first.stderr)
    assert first.returncode == 0 and said, first.stderr
    again = cli(*args, "--seed", said.group(1))
    assert again.stdout == first.stdout and "seed:" not in again.stderr


@pytest.mark.parametrize("command", [["deal"], ["play", "--watch"], ["simulate"]], ids=lambda a: a[0])
def test_variant_names_in_any_case_and_players_as_choices(command):
    assert cli(*command, "--seed", "1", "--variant", "Royal").returncode == 0
    refused = cli(*command, "--players", "5")
    assert refused.returncode == 2 and "'2', '3', '4'" in refused.stderr


def test_choices_are_completed():
    env = dict(os.environ, _CASINO_COMPLETE="complete_bash", COMP_WORDS="casino deal --variant ", COMP_CWORD="3")
    out = subprocess.run([sys.executable, "-m", "casino_cli"], env=env, capture_output=True, text=True)
    assert out.stdout.split() == ["classic", "royal", "american-royal"]


def test_did_you_mean():
    assert "Did you mean 'deal'" in cli("dael").stderr
    assert "--seed" in cli("deal", "--sede", "1").stderr
    rule = cli("deal", "-o", "sweps=true")
    assert rule.returncode == 2 and "did you mean 'sweeps'?" in rule.stderr


def test_root_help_shows_whole_descriptions():
    """Each command in the list is its first paragraph, whole, and short enough to scan."""
    out = cli("--help").stdout.decode()
    flat = " ".join(out.split())
    commands = out.split("Commands:")[1]
    assert "..." not in commands and "…" not in commands
    for name, command in typer.main.get_command(app).commands.items():
        first = " ".join((command.help or "").split("\n\n")[0].split())
        assert first in flat, name
        assert len(first) <= 110, f"{name}: say what it does in a line; the detail goes after it ({first})"


def test_replay_hand_is_the_hand_of_the_game_as_in_deal():
    lines = cli("replay", "fixtures/docs/game.json", "--hand", "2", "-f", "text").stdout.decode().splitlines()
    assert lines[:2] == ["replay: royal 2p", "hand 2 starts, seat 0 deals"] and lines[-1].startswith("hand 2 ends")


def test_words_for_people(tmp_path):
    case = orjson.loads(Path("fixtures/positions/55-classic-build-ten-and-sweep.json").read_bytes())
    position = tmp_path / "p.json"
    position.write_bytes(orjson.dumps(case["position"]))
    classic = cli("moves", str(position), "-f", "pretty").stdout.decode()
    assert "clears the table" in classic and "sweep" not in classic
    case["position"]["rules"]["sweeps"] = True
    position.write_bytes(orjson.dumps(case["position"]))
    assert "— sweep" in cli("moves", str(position), "-f", "pretty").stdout.decode()
    sheet = cli("score", "fixtures/docs/game.json", "-f", "text").stdout.decode()
    assert "Little Casino 1" in sheet and "little_casino" not in sheet and "1 sweep ->" in sheet
    assert re.search(r"\b1 spade\b", "\n".join(plural_examples()))


def plural_examples() -> list[str]:
    from casino_cli.cli.plain import sweep_words
    from casino_cli.errors import plural

    return [plural(1, "spade"), plural(2, "spade"), sweep_words(1, False), sweep_words(1, True)]


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--games", "2", "--seed", "z", "--per-task", "1"],
        ["validate", "fixtures/records/dispute.json", "--per-task", "3"],
    ],
)
def test_per_task_without_a_cluster_is_a_usage_error(args):
    """--per-task sizes the tasks of --dask; alone it would be ignored, so it is refused."""
    out = cli(*args)
    assert out.returncode == 2 and "--per-task goes with --dask" in out.stderr and not out.stdout


def test_a_rules_error_names_only_the_options_given():
    alone = cli("deal", "--seed", "7", "-o", "ace_high=true")
    both = cli("deal", "--seed", "7", "-o", "ace_high=true", "-o", "must_take_equal=true")
    assert alone.returncode == 2 and "bad rules: ace_high needs court_values" in alone.stderr
    assert both.returncode == 2 and "ace_high and must_take_equal need court_values" in both.stderr


def test_an_option_reads_a_whole_number_written_with_a_fraction_as_a_document_does():
    """-o target=11.0 was refused ('not 11.0') where a document's "target": 11.0 is 11."""
    dealt = cli("deal", "--seed", "7", "-o", "target=11.0", "-f", "json")
    assert dealt.returncode == 0, dealt.stderr
    assert orjson.loads(dealt.stdout)["rules"]["target"] == 11
    half = cli("deal", "--seed", "7", "-o", "target=11.5")
    assert half.returncode == 2 and "not 11.5" in half.stderr


def test_a_schema_is_named_in_any_case():
    assert cli("schema", "Position").stdout == cli("schema", "position").stdout != b""


def test_an_unknown_schema_is_a_usage_error_that_lists_the_known_names():
    """Nothing checked casino schema's answer to a name it does not know (a mutant exiting
    65, unreadable input, passed every test): a usage error, exit 2, naming every schema
    that casino schema lists."""
    known = cli("schema").stdout.decode().split()
    refused = cli("schema", "positon")
    assert refused.returncode == 2 and not refused.stdout
    assert "positon" in refused.stderr and all(name in refused.stderr for name in known) and len(known) == 6


def test_moves_limit_takes_1_and_refuses_0():
    """--limit is at least 1 (a mutant taking --limit 0 passed every test): 1 lists one move,
    marked truncated; 0 is refused as usage, with nothing listed."""
    dealt = cli("deal", "--seed", "7").stdout
    one = cli("moves", "-", "--limit", "1", "-f", "json", stdin=dealt)
    listing = orjson.loads(one.stdout)
    assert one.returncode == 0 and listing["count"] == len(listing["moves"]) == 1 and listing["truncated"]
    zero = cli("moves", "-", "--limit", "0", stdin=dealt)
    assert zero.returncode == 2 and "'--limit'" in zero.stderr and not zero.stdout


@pytest.mark.parametrize("command", [["simulate", "--games", "2", "--seed", "t"], ["validate", "-"]])
def test_per_task_takes_0_its_default_and_refuses_a_negative_count(command):
    """--help says 0 is --per-task's default (about a second of work a task); nothing checked
    that 0 may be given, nor that -1 is refused (mutants moving its least value to 1, or to
    -1, passed every test). Refused before any cluster is reached."""
    records = cli("simulate", "--games", "2", "--seed", "t").stdout
    plain = cli(*command, stdin=records)
    assert plain.returncode == 0
    assert cli(*command, "--per-task", "0", stdin=records) == plain
    refused = cli(*command, "--per-task", "-1", "--dask", "tcp://127.0.0.1:1", stdin=records)
    assert refused.returncode == 2 and not refused.stdout
    assert "Invalid value for '--per-task': -1 is not in the range x>=0" in refused.stderr


@pytest.mark.parametrize("command", [["simulate", "--games", "2", "--seed", "t"], ["validate", "-"]])
def test_dask_where_it_is_not_installed_is_a_usage_error_saying_what_to_install(command, monkeypatch):
    """Nothing checked --dask without Dask (a mutant exiting 65, unreadable input, passed
    every test): exit 2, naming the extra to install, and nothing written."""
    records = cli("simulate", "--games", "2", "--seed", "t").stdout
    monkeypatch.setitem(sys.modules, "dask.bag", None)  # import dask.bag raises ImportError, as where it is absent
    refused = cli(*command, "--dask", "tcp://127.0.0.1:1", stdin=records)
    assert refused.returncode == 2 and not refused.stdout
    assert refused.stderr == "casino: --dask needs Dask: pip install 'casino-cli[dask]'\n"


@pytest.mark.parametrize(
    "words",
    [
        ["simulate", "--jobs", "0"],
        ["match", "greedy", "random", "--jobs", "0"],
        ["hint", "-", "--jobs", "0"],
        ["review", "-", "--jobs", "0"],
        ["replay", "-", "--to", "-1"],
        ["match", "greedy", "random", "--looks", "0"],
        ["play", "--watch", "--delay", "-1.0"],
    ],
    ids=lambda words: " ".join(words[:1] + words[-2:]),
)
def test_a_count_below_its_least_is_refused_before_any_work(words):
    """--jobs 0 (no worker at all), replay --to -1 (before the hand's start), match --looks 0
    and play --delay -1 were taken by mutants that passed every test: each is refused as
    usage, naming the option, before any input is read or any game played."""
    refused = cli(*words, "--seed", "s") if words[0] in ("simulate", "match") else cli(*words, stdin=b"")
    assert refused.returncode == 2 and not refused.stdout
    assert f"Invalid value for '{words[-2]}': {words[-1]} is not in the range" in refused.stderr


def test_casinos_own_bots_are_named_in_any_case_and_recorded_in_lower_case():
    """--bots GREEDY was 'unknown bot' where --variant ROYAL and -f JSON were taken: casino's
    own bots are read in any case and written as their own names; module:function keeps its
    case, as Python names do."""
    lower = cli("simulate", "--seed", "3", "--bots", "greedy,counter").stdout
    assert cli("simulate", "--seed", "3", "--bots", "GREEDY,Counter").stdout == lower
    watched = cli("play", "--watch", "--seed", "3", "--bots", "Random,SEARCHER", "-f", "json")
    assert orjson.loads(watched.stdout)["players"] == ["random", "searcher"]
    assert "seat 0: random, seat 1: searcher" in watched.stderr
    pair = ("--pairs", "2", "--hands", "1", "--seed", "m")
    assert cli("match", "Greedy", "RANDOM", *pair).stdout == cli("match", "greedy", "random", *pair).stdout
    checked = casino("botcheck", "COUNTER", "--decisions", "1", "--redeals", "1", "--seed", "b")  # it forks: a process
    assert checked.returncode == 0 and checked.stderr.decode().startswith(
        "casino: bot 'counter' (classic 2p): 1 decision"
    )
    mine = "casino_cli.engine.bots:greedy_bot"
    assert orjson.loads(cli("simulate", "--seed", "3", "--bots", f"{mine},COUNTER").stdout)["players"] == [
        mine,
        "counter",
    ]
    refused = cli("simulate", "--seed", "3", "--bots", mine.upper())
    assert refused.returncode == 2 and "cannot load bot 'CASINO_CLI.ENGINE.BOTS:GREEDY_BOT'" in refused.stderr
