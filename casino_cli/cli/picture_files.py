"""Writing ``--svg`` pictures: never over one of the command's own input files."""

from __future__ import annotations

import os
from collections.abc import Iterable

from .output import USAGE, Fail


def check_target(target: str | None, inputs: Iterable[str], option: str = "--svg") -> None:
    """Refuse (exit 2) a picture file that is one of the inputs, or standard output."""
    if target is None:
        return
    if target == "-":
        raise Fail(USAGE, f"{option} needs a file name (a picture is not written to standard output)")
    for source in inputs:
        if source == "-":
            continue
        same = os.path.realpath(source) == os.path.realpath(target)
        if not same and os.path.exists(source) and os.path.exists(target):
            same = os.path.samefile(source, target)
        if same:
            raise Fail(USAGE, f"{option} {target} would overwrite the input file {source}; choose another name")


def write_picture(target: str, content: str) -> None:
    """Write a picture (UTF-8); a file that cannot be written is a usage error."""
    try:
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(content)
    except OSError as exc:
        raise Fail(USAGE, f"cannot write {target}: {exc.strerror or exc}") from None
