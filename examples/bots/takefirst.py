#!/usr/bin/env python3
"""A casino.bot/1 bot in plain Python: capture the most cards, else trail the lowest card.

Run it with: casino match cmd:"python3 examples/bots/takefirst.py" random
"""

import json
import sys

RANKS = "A23456789TJQK"

for line in sys.stdin:  # one request per line: the view, the legal moves, a seed, a time limit
    request = json.loads(line)
    moves = request["moves"]  # texts such as "8Sx8D+5C", "5S+3H=8", "KD"
    captures = [m for m in moves if "x" in m]
    if captures:
        choice = max(captures, key=lambda m: m.count("+") + 1)  # the most table cards
    else:
        trails = [m for m in moves if "x" not in m and "=" not in m] or moves
        choice = min(trails, key=lambda m: RANKS.index(m[0]))  # the lowest card
    print(json.dumps({"move": choice}), flush=True)
