"""The table both the bots and the game read: the state bundles and their
layout, the wall, a seat's hand, random streams, tiles reaching a hand, 定缺,
the event log, and what a seat's hand is worth under the played table (the
value evaluator over the seat's state).  Nothing here decides anything a
player decides: ruian_sim.bots above reads this, and ruian_sim.engine above
both runs the hand."""
