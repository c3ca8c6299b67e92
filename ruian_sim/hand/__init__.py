"""Hand evaluation with wilds: win test, shapes, hard/soft, shanten, waits."""

from .evaluate import HandEvaluator, HandResult, Meld

__all__ = ["HandEvaluator", "HandResult", "Meld"]
