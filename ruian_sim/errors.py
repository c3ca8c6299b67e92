"""User-facing errors: every mistake in user input is reported as a list of
located problems, never as a traceback (the CLI turns them into exit code 2)."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Mark:
    """Where a value stands: 1-based line and column in a file."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{display_path(self.file)}:{self.line}:{self.col}"


@dataclass(frozen=True)
class Problem:
    mark: Mark | None
    path: str  # dotted key path, e.g. "wall.stacks_per_side"; "" for the whole file
    message: str
    warning: bool = False   # worth saying, not worth refusing the rules for

    def __str__(self) -> str:
        where = f"{self.mark}: " if self.mark else ""
        key = f"{self.path}: " if self.path else ""
        return f"{where}{'warning: ' if self.warning else ''}{key}{shortened(self.message)}"


MESSAGE_LIMIT = 1000


def shortened(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message cut in the middle past ``limit`` characters: a message quoting the
    user's input once echoed a 3 MB stdin line whole to stderr."""
    if len(text) <= limit:
        return text
    keep = limit // 2
    return f"{text[:keep]} … [{len(text) - 2 * keep:,} characters] … {text[-keep:]}"


class UserError(Exception):
    """Bad user input (rule files, tile strings, CLI arguments): exit code 2."""

    def __init__(self, problems: list[Problem | str] | str):
        if isinstance(problems, str):
            problems = [problems]
        self.problems = [p if isinstance(p, Problem) else Problem(None, "", p) for p in problems]
        super().__init__("\n".join(str(p) for p in self.problems))


def display_path(path: str) -> str:
    """A path relative to the working directory when it lies below it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return path if rel.startswith("..") else rel


def dotted(path: tuple) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


class EnvironmentFailure(Exception):
    """The machine, not the input: a full disk, a directory that cannot be written.
    The CLI prints the message on one line and exits 1; finished work is kept."""
