"""``casino convert``: records from JSON to casino text and back, nothing lost either way."""

from __future__ import annotations

from ..notation.fields import dumps
from ..notation.text_record import write_text
from .common import documents
from .output import DATA_ERROR, Fail, Form, say, write_line
from .records_io import record_of


def run_convert(path: str, to: Form | None) -> None:
    """Write every record of FILE in the other form (or in ``to``); a record that cannot be
    read is reported and left out, and the exit status is then 65."""
    failed = 0
    written = 0
    for doc in documents(path):
        try:
            record_of(doc)  # the record must read, in either form, before it is written
        except Fail as exc:
            say(exc.message)
            failed += 1
            continue
        target = to or (Form.json if doc.locate is not None else Form.text)
        if target == Form.json:
            write_line(dumps(doc.value))
        else:
            if written:
                write_line(b"")
            assert isinstance(doc.value, dict)  # record_of read it as a record
            write_line(write_text(doc.value).removesuffix("\n").encode())  # a document: UTF-8
        written += 1
    if failed:
        raise Fail(DATA_ERROR)
