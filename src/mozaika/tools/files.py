"""File writing for the commands and clients (the rules engines themselves never touch files)."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, text: str) -> None:
    """Write a whole file or nothing: a crash never leaves half a record behind."""
    directory = path.parent if str(path.parent) else Path(".")
    # Said of the path asked for, not of the temporary file the write begins with.
    if not directory.exists():
        raise FileNotFoundError(errno.ENOENT, "no such folder", str(directory))
    if not directory.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "not a folder", str(directory))
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "a folder, not a file", str(path))
    if path.exists() and not path.is_file():
        # A stream (/dev/null, a pipe, a terminal): written to, never replaced by a file (as root,
        # replacing /dev/null would break every program on the machine).
        with path.open("w", encoding="utf-8") as stream:
            stream.write(text)
        return
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
