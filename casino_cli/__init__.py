"""casino: a rules engine, a JSON notation and a command line for Casino and Royal Casino."""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec

__version__ = "0.1.0"

_HERE = os.path.dirname(os.path.abspath(__file__))
_MANIFEST = "compiled-sources.txt"  # written by setup.py: "casino_cli/engine/x.py CRC32" lines


def _engine_choice(package: str = _HERE) -> tuple[str, str]:
    """("compiled" or "python", a description): the engine to run from ``package``. The
    compiled one (setup.py) runs when it is there, not refused with ``CASINO_ENGINE=python``,
    and built from exactly the sources beside it: a checkout edited since the build never
    runs stale compiled modules."""
    engine = os.path.join(package, "engine")
    if not any(name.startswith("listing.") and name.endswith(tuple(EXTENSION_SUFFIXES)) for name in os.listdir(engine)):
        return "python", "pure Python"
    if os.environ.get("CASINO_ENGINE") == "python":
        return "python", "pure Python (CASINO_ENGINE=python)"
    if not _sources_match(package):
        return "python", "pure Python (the compiled modules do not match their sources, so they are ignored)"
    return "compiled", "compiled with mypyc"


def _sources_match(package: str) -> bool:
    """Whether every source listed in the build's manifest is unchanged."""
    from zlib import crc32

    root = os.path.dirname(package)
    try:
        with open(os.path.join(package, _MANIFEST), encoding="utf-8") as manifest:
            for line in manifest:
                name, crc = line.split()
                with open(os.path.join(root, name), "rb") as source:
                    if crc32(source.read()) != int(crc):
                        return False
    except (OSError, ValueError):
        return False
    return True


class _PureEngine:
    """A meta-path finder that loads the engine's modules from their ``.py`` sources,
    ahead of the compiled modules beside them."""

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if fullname != "casino_cli.cards" and not fullname.startswith("casino_cli.engine."):
            return None
        from importlib.util import spec_from_file_location

        source = os.path.join(_HERE, *fullname.split(".")[1:]) + ".py"
        return spec_from_file_location(fullname, source) if os.path.exists(source) else None


ENGINE, ENGINE_DESCRIPTION = _engine_choice()
_REFUSED = ENGINE == "python" and ENGINE_DESCRIPTION != "pure Python"  # compiled modules there, not to run
if _REFUSED and not any(isinstance(f, _PureEngine) for f in sys.meta_path):
    sys.meta_path.insert(0, _PureEngine())


def version_line() -> str:
    """What ``casino --version`` prints: the version and which engine runs."""
    return f"casino {__version__} (engine: {ENGINE_DESCRIPTION})"
