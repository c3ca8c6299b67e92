"""The documentation's links hold, and the README stays short.

Every relative link in README.md and docs/*.md points at a file or folder of
the repository; a link with a #fragment into a markdown page (or into the
same page) points at one of that page's headings, by GitHub's anchor rule:
the heading's text, lowercased, punctuation other than hyphens and
underscores removed, each space a hyphen, and "-1", "-2", ... after a
heading met before.  Links in code (fenced blocks, `spans`) are not links."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_MAX_LINES = 250

FENCE = re.compile(r"^\s*(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1")
# [text](target "title"): the text may hold one level of [brackets]
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]"
                         r"\(\s*<?([^)\s>]*)>?(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def prose_lines(text: str):
    """(line number, line) of the page outside fenced code blocks."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif m.group(1) == fence:
                fence = None
            continue
        if fence is None:
            yield number, line


def links(text: str):
    """(line number, target) of every link in the page's prose."""
    for number, line in prose_lines(text):
        line = CODE_SPAN.sub("", line)
        for m in INLINE_LINK.finditer(line):
            yield number, m.group(1)
        m = REFERENCE_DEF.match(line)
        if m:
            yield number, m.group(1)


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text."""
    text = re.sub(r"\s+#+\s*$", "", heading)               # closing hashes: "## Title ##"
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link in a heading: its text
    text = text.replace("`", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)                    # \w: letters of any script, digits, _
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found, seen = set(), {}
    for _, line in prose_lines(path.read_text(encoding="utf-8")):
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def test_the_anchor_rule():
    assert slug("Exit codes, and what survives a failure") == \
        "exit-codes-and-what-survives-a-failure"
    assert slug("§7 Regional aborts and penalties") == "7-regional-aborts-and-penalties"
    assert slug("1. The 台 game sold as 瑞安麻将 (`ruian-tai`)") == \
        "1-the-台-game-sold-as-瑞安麻将-ruian-tai"
    assert slug("(e) A new bot") == "e-a-new-bot"
    assert slug("`__init__.py` and friends ##") == "__init__py-and-friends"


def test_code_is_not_a_link():
    text = "see [a](a.md) and `[b](b.md)`\n```\n[c](c.md)\n```\n[d]: d.md\n"
    assert [t for _, t in links(text)] == ["a.md", "d.md"]


def test_there_are_pages():
    assert (ROOT / "README.md").is_file()
    assert len(PAGES) >= 5


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT).as_posix() for p in PAGES])
def test_every_relative_link_resolves(page):
    broken = []
    for number, target in links(page.read_text(encoding="utf-8")):
        if not target or SCHEME.match(target) or target.startswith("//"):
            continue   # a web address: not checked here
        path, _, fragment = target.partition("#")
        dest = page if not path else (page.parent / unquote(path)).resolve()
        where = f"{page.relative_to(ROOT)}:{number}: {target}"
        if ROOT not in (dest, *dest.parents):
            broken.append(f"{where}: outside the repository")
        elif not dest.exists():
            broken.append(f"{where}: no such file")
        elif fragment and dest.suffix == ".md" and unquote(fragment) not in anchors(dest):
            broken.append(f"{where}: no heading #{fragment} in {dest.relative_to(ROOT)}")
    assert not broken, "broken links:\n  " + "\n  ".join(broken)


def test_the_readme_is_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_MAX_LINES, \
        f"README.md has {lines} lines; at most {README_MAX_LINES}: move detail to docs/"
