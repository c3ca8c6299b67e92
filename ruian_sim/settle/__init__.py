"""Hand records to payments, above the engine: every seat's reading valued
under the table (the same compiled evaluator the engine used), then who pays
whom, vectorised over hands.

- payments.py: wins, pairwise settlement, side money; ``score(records, rules)``
- draw.py: kong money paid at once, and an exhaustive draw settled among the
  seats left (查叫, 查花猪, 退税)
- hand.py: one hand written as tiles, scored by the engine's own kernels
  (what `ruian-sim hand` prints)
"""

from __future__ import annotations

from .payments import Scored, Settlement, fact_vectors, possible_times, score, settlement, values

__all__ = ["Scored", "Settlement", "fact_vectors", "possible_times", "score", "settlement", "values"]
