"""The bots' parameter rows (``bots.bp[s]``, float64): what kind of bot each
seat is, its parameters, then the rules' values the smart bot reads
(bots/smart/values.py fills them once per rule set, the danger tables learned
for the rules among them).  Plain ints, read by the kernels as constants.

The claim scratch (``work.claim``, int64): a decision's answer and the rows a
claim choice works in."""

from ..fields import Fields

BOT_GREEDY, BOT_RANDOM, BOT_SMART, BOT_SEARCH = 0, 1, 2, 3   # BP_KIND (spec.py names them)

# --- the rules' values, from BP_V0 ------------------------------------------------
_V = Fields()
V_GAIN = _V(32)        # a win's gain [me dealer][route][hard][self-drawn]
V_DEAL_IN = _V(4)      # what the bot pays [me dealer][they dealer] when it deals in, ...
V_BY_SELF = _V(4)      # ... when they self-draw, ...
V_BY_OTHER = _V(4)     # ... when a third deals in
V_READY = _V(64)       # P(a player is ready) [open melds 0..3][own discards 0..15] (bots/smart/danger.json)
V_HIT = _V(12)         # P(a tile wins for a ready player) [simple, terminal, honor][unseen copies 0..3]
N_ACCEPT = 8
V_ACCEPT = _V(N_ACCEPT)  # the share of unseen tiles that improve a typical hand at shanten 0..7 (learned)
V_HAZARD = _V()        # the chance, per round of turns, that another player wins and ends the hand (learned)
N_HAZARD_R = 16
V_HAZARD_R = _V(N_HAZARD_R)  # the same for each round of turns 0..N_HAZARD_R - 1 (the last for every later one)
N_VALUES = _V.size

# --- a seat's row -------------------------------------------------------------------
_BP = Fields()
BP_KIND = _BP()        # BOT_*
BP_CLAIM = _BP()       # probability of making a claim the bot finds useful
BP_CHASE_HARD = _BP()  # 1: pass a soft win on a discard while the wall is long
BP_KONG = _BP()        # 1: declare kongs that do not hurt the hand
BP_FOLLOW = _BP()      # probability of following (跟风) the previous player's honor discard
BP_AGGRESSION = _BP()  # smart: weight of its own chances against the danger of a discard (1: even)
BP_VALUE = _BP()       # smart: weight of what a win is worth against how soon it comes (1: expected value)
BP_MARGIN = _BP()      # smart: a claim must make the hand worth this many times what it keeps
BP_PATTERNS = _BP()    # smart: 1 values the hand by what it can become under the table (patterns.py), 0 by a
                       # representative win
BP_CLAIMS = _BP()      # smart (patterns): others' discards that may be claimed, as extra draws per draw
BP_SPREAD = _BP()      # smart (patterns): targets more tiles than this behind the plain hand are not weighed
BP_RON = _BP()         # smart (patterns): how often an opponent's discard brings the winning tile, as a share
                       # of a draw
BP_APPETITE = _BP()    # smart (patterns): a target's gain over the plain hand counts this many times (1: as paid)
BP_PACE = _BP()        # smart: the learned acceptance of the steps after the next counts this many times (1)
BP_RISING = _BP()      # smart: 1 plans with the hazard learned for each round of the hand, 0 with one rate (0)
BP_SHORT = _BP()       # smart (patterns): a reading the gate refuses counts as this share of a plain win (0)
BP_FILL = _BP()        # smart (patterns): 1 fills a projected reading with melds no two alike (0: one face)
BP_OWN = _BP()         # smart (patterns): the reading is the hand's own melds where its shanten is below this (0)
BP_PLAYOUTS = _BP()    # search: playouts of each candidate discard (engine/search.py)
BP_WIDTH = _BP()       # search: candidate discards weighed, its rollout policy's choice first
BP_ROLLOUT = _BP()     # search: the bot (BOT_*) that plays the playouts and the search seat's other decisions
BP_SURE = _BP()        # search: leaves its rollout policy's choice only for a mean lead this many standard errors
                       # above 0 (paired over the samples)
BP_READY = _BP()       # search: deals each other hand ready with this times the chance the danger model gives
                       # (engine/shaped.py)
BP_CALLS = _BP()       # search: 1 searches its claims (pon, chi, kong on a discard) too, 0 its discards alone
BP_CONFIRM = _BP()     # search: a candidate that leads its policy's choice must lead it again in this many
                       # times BP_PLAYOUTS fresh samples (0: no second look)
BP_PRUNE = _BP()       # search: 1 drops, at half its samples, a candidate whose lead over the first is not
                       # above 0 (0: every candidate plays every sample)
BP_FORCED = _BP()      # search: 2 + the face its next discard must be (1: a wild), 0 none; cleared when used
BP_FORCED_CLAIM = _BP()  # search: its next claim decision (dispatch.claim_code), 0 none; cleared when used
BP_V0 = _BP(N_VALUES)  # smart: the rules' values (V_* above)
BP_SIZE = _BP.size

# --- work.claim ---------------------------------------------------------------------
_CL = Fields()
CL_CHOICE = _CL()      # the claim (table/layout CLAIM_*) or the kong's meld type; -1 none
CL_START = _CL()       # a chi's first face
CL_STARTS = _CL(3)     # the chis the rules allow (table/legal.claim_options), -1 past the last
CL_FACES2 = _CL(2)     # a chi's other two faces, while its shanten is asked
CL_SIZE = _CL.size
