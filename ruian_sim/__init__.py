"""ruian-sim: simulate 瑞安麻将 (Ruian mahjong) and its variants from YAML rules."""

from .ruleset import RuleSet, load as load_rules

__all__ = ["RuleSet", "load_rules"]
