"""The smart bot (docs/bots.md): for each candidate discard, its chance of
winning (chance.py), what a win could pay under the played table (values.py,
patterns.py, targets.py, projection.py, lone.py), and what dealing in would
cost (danger.py, with tables learned by self-play: danger_log.py counts them
in the kernel, danger.json ships them); choice.py weighs them."""
