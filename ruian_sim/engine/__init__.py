"""The game loop above the bots: a hand in phases (turn.py), the opening
(opening.py, exchange.py), claims, wins and the winners who leave (claims.py,
leave.py, rob_gold.py, record.py, ready.py), matches (match.py), and running
it all from Python (simulate.py; single.py for one scored hand)."""
