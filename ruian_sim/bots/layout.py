"""The bots' parameter rows (``bots.bp[s]``, float64): what kind of bot each
seat is, its parameters, and the rules' values the smart bot reads
(bots/smart/values.py fills them once per rule set).  Plain ints, read by the
kernels as constants."""

# --- bots ----------------------------------------------------------------------
BOT_GREEDY, BOT_RANDOM, BOT_SMART = 0, 1, 2
BP_KIND = 0        # BOT_*
BP_CLAIM = 1       # probability of making a claim the bot finds useful
BP_CHASE_HARD = 2  # 1: pass a soft win on a discard while the wall is long
BP_KONG = 3        # 1: declare kongs that do not hurt the hand
BP_FOLLOW = 4      # probability of following (跟风) the previous player's honor discard
BP_AGGRESSION = 5  # smart: weight of its own chances against the danger of a discard (1: even)
BP_VALUE = 6       # smart: weight of what a win is worth against how soon it comes (1: expected value)
BP_MARGIN = 7      # smart: a claim must make the hand worth this many times what it keeps
BP_PATTERNS = 8    # smart: 1 values the hand by what it can become under the table (patterns.py), 0 by a representative win
BP_CLAIMS = 9      # smart (patterns): others' discards that may be claimed, as extra draws per draw
BP_SPREAD = 10     # smart (patterns): targets more tiles than this behind the plain hand are not weighed
BP_RON = 11        # smart (patterns): how often an opponent's discard brings the winning tile, as a share of a draw
BP_APPETITE = 12   # smart (patterns): a target's gain over the plain hand counts this many times (1: as paid)
BP_PACE = 13       # smart: the learned acceptance of the steps after the next counts this many times (1)
BP_RISING = 14     # smart: 1 plans with the hazard learned for each round of the hand, 0 with one rate (0)
BP_V0 = 15         # smart: the rules' win values (bots/smart/values.py), N_VALUES entries
# offsets from BP_V0: gain[me dealer][route][hard][self-drawn], then what the bot
# pays [me dealer][they dealer] when it deals in, when they self-draw, when a third deals in
V_GAIN = 0
V_DEAL_IN = 32
V_BY_SELF = 36
V_BY_OTHER = 40
V_READY = 44       # P(a player is ready) [open melds 0..3][own discards 0..15] (bots/smart/danger.json)
V_HIT = 108        # P(a tile wins for a ready player) [simple, terminal, honor][unseen copies 0..3]
V_ACCEPT = 120     # the share of unseen tiles that improve a typical hand at shanten 0..7 (learned for the rules)
N_ACCEPT = 8
V_HAZARD = 128     # the chance, per round of turns, that another player wins and ends the hand (learned)
V_HAZARD_R = 129   # the same, learned for each round of turns 0..N_HAZARD_R - 1 (the last for every later one)
N_HAZARD_R = 16
N_VALUES = 145
BP_SIZE = BP_V0 + N_VALUES
