"""The JSON Schemas of the notation's documents, shipped in ``casino_cli/schema``."""

from __future__ import annotations

from importlib import resources
from typing import Any

import orjson

from ..engine.errors import CasinoError
from ..errors import shown, wrong_type

NAMES = ("position", "record", "moves", "score", "finding", "ruling")


def schema(name: str) -> dict[str, Any]:
    """The self-contained schema of one document type (shared definitions inlined), one of
    :data:`NAMES` in any case (as ``casino schema`` reads it); another name is a
    :class:`CasinoError` naming them."""
    if not isinstance(name, str):
        raise wrong_type("name", name, "a str")
    if name.lower() not in NAMES:
        raise CasinoError(f"no schema named {shown(name)} (known: {', '.join(NAMES)})")
    name = name.lower()
    folder = resources.files("casino_cli") / "schema"
    doc = orjson.loads((folder / f"{name}.json").read_bytes())
    defs = orjson.loads((folder / "defs.json").read_bytes())["$defs"]
    text = orjson.dumps(dict(doc, **{"$defs": defs})).replace(b'"defs.json#/$defs/', b'"#/$defs/')
    out: dict[str, Any] = orjson.loads(text)
    return out
