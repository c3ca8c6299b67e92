"""What the runner tests ask of a command's answer: one line on stderr with the
contract's exit code, and a summary without the figures that differ run to run."""


def one_line(done, *needles, code=2):
    """Exit ``code``, no traceback, one line on stderr holding every needle; the line."""
    assert done.returncode == code, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


def stable(summary):
    """A summary (any JSON the runner writes) without its clocks and run stamp."""
    if isinstance(summary, dict):
        return {k: stable(v) for k, v in summary.items()
                if k not in ("run", "hands_per_second", "cpu_seconds", "wall_seconds", "seconds")}
    if isinstance(summary, list):
        return [stable(v) for v in summary]
    return summary
