"""The build: the engine (``casino_cli/cards.py`` and ``casino_cli/engine/``) compiled with
mypyc where it can be, the same pure-Python package where it cannot.

Compiled for a wheel or ``pip install .`` when mypyc (a build requirement) and a C
compiler work; never for an editable install (``pip install -e .``), whose sources change
under it, and never with ``CASINO_BUILD=python``. A compiler that fails leaves the
pure-Python engine, with a warning: compiling is an optimisation, not a requirement.
Everything else about the package is in pyproject.toml.
"""

from __future__ import annotations

import os
import sys
import zlib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
MANIFEST = "compiled-sources.txt"  # read by casino_cli/__init__.py
# The modules compiled: the engine but its package __init__ and move_list.py (MoveList, a
# collections.abc.Sequence with slots set directly, which mypyc cannot compile).
PURE = {"casino_cli/engine/move_list.py"}
ENGINE = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "casino_cli" / "engine").glob("[!_]*.py"))
COMPILED = ["casino_cli/cards.py", *(name for name in ENGINE if name not in PURE)]


class OptionalBuildExt(build_ext):
    """build_ext that falls back to no compiled modules at all when compiling fails."""

    def run(self) -> None:
        try:
            super().run()
            if self.extensions:
                self._write_manifest()
        except Exception as exc:  # noqa: BLE001 - any compiler failure means: ship the pure engine
            for ext in self.extensions:  # all or nothing: a half-built engine would not import
                built = Path(self.get_ext_fullpath(ext.name))
                built.unlink(missing_ok=True)
            self.extensions = []
            print(
                f"casino-cli: the engine was not compiled ({exc}); the pure-Python engine is installed", file=sys.stderr
            )

    def _write_manifest(self) -> None:
        """casino_cli/compiled-sources.txt: the CRC-32 of each compiled source, by which the
        package knows at run time whether its compiled modules match the sources beside them."""
        package = Path(self.get_ext_fullpath("casino_cli.cards")).parent
        lines = [f"{name} {zlib.crc32((ROOT / name).read_bytes())}" for name in COMPILED]
        (package / MANIFEST).write_text("\n".join(lines) + "\n", encoding="utf-8")


def _ext_modules() -> list[object]:
    building = {"bdist_wheel", "build", "build_ext", "install"} & set(sys.argv)  # not metadata, not editable
    if os.environ.get("CASINO_BUILD") == "python" or not building or "editable_wheel" in sys.argv:
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("casino-cli: mypyc is not available; the pure-Python engine is installed", file=sys.stderr)
        return []
    try:
        return list(mypycify(COMPILED, opt_level="3"))
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - mypyc exits on a type error: ship the pure engine
        print(f"casino-cli: mypyc failed ({exc}); the pure-Python engine is installed", file=sys.stderr)
        return []


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
