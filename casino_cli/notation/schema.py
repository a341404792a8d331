"""The JSON Schemas of the notation's documents, shipped in ``casino_cli/schema``."""

from __future__ import annotations

from importlib import resources
from typing import Any

import orjson

NAMES = ("position", "record", "moves", "score", "finding")


def schema(name: str) -> dict[str, Any]:
    """The self-contained schema of one document type (shared definitions inlined)."""
    if name not in NAMES:
        raise KeyError(name)
    folder = resources.files("casino_cli") / "schema"
    doc = orjson.loads((folder / f"{name}.json").read_bytes())
    defs = orjson.loads((folder / "defs.json").read_bytes())["$defs"]
    text = orjson.dumps(dict(doc, **{"$defs": defs})).replace(b'"defs.json#/$defs/', b'"#/$defs/')
    out: dict[str, Any] = orjson.loads(text)
    return out
