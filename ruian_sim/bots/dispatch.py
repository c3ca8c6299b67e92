"""The one place that reads a seat's bot kind (``bp[s, BP_KIND]``): the engine
asks here for each decision a player makes, and this calls that seat's bot.

    discard      the tile a seat throws (定缺's void tile first, as the rules say)
    claim        a claim on another seat's discard (the options: table/legal.py)
    own_kong     a concealed or added kong on the seat's own turn
    take_win     whether to declare a win the rules allow

A new bot is a module in this package with one kernel per decision, a branch
here, and its name in spec.py (docs/extending.md).  A bot reads only what its
seat sees: its own tiles, the public record (``vis``, ``pond``, the melds,
discard counts, tiles left); tests/bots/test_smart.py reshuffles the rest."""

from ..jit import kernel, kernel_inline
from ..table.intake import can_replace
from ..table.layout import CLAIM_CHI, CLAIM_KONG, CLAIM_PON, ERR_FORCED, F_FOLDED, F_SHANTEN, F_VOID, F_W, H_ERROR
from ..table.legal import claim_options
from ..table.seat import add_face, remove_face
from ..table.void import void_discard
from .greedy import greedy_claim, greedy_own_kong, greedy_turn, long_wall, wants_win
from .layout import (BOT_RANDOM, BOT_SEARCH, BOT_SMART, BP_FORCED, BP_FORCED_CLAIM, BP_KIND, BP_ROLLOUT, CL_CHOICE,
                     CL_START, CL_STARTS)
from .random_bot import random_claim, random_own_kong, random_turn
from .shanten import current_shanten
from .smart.choice import searched_discard, smart_turn
from .smart.claim import smart_claim
from .smart.soft_win import smart_takes_win


@kernel_inline
def kind_of(s, bots):
    """The bot that decides for seat s: a search seat's rollout policy decides
    all but the discards its search forces (BP_FORCED)."""
    kind = bots.bp[s, BP_KIND]
    return bots.bp[s, BP_ROLLOUT] if kind == BOT_SEARCH else kind


@kernel_inline
def discard(s, rules, wall, seats, table, bots, work, values):
    """The face seat s discards (-1: a wild); F[s, F_SHANTEN] is left at the
    hand's shanten once it is gone (claims and win checks read it)."""
    F = seats.F
    kind = kind_of(s, bots)
    folded = F[s, F_FOLDED]
    if kind == BOT_RANDOM:
        f = random_turn(s, rules, seats, bots, work)
    elif kind == BOT_SMART:
        f = smart_turn(s, F[s, F_VOID] > 0 and void_discard(s, seats) >= 0, rules, wall, seats, table, bots, work,
                       values)
    else:
        f = greedy_turn(s, rules, seats, table, bots, work)
    if F[s, F_VOID] > 0:
        f = void_first(s, f, rules, seats, work)
    forced = bots.bp[s, BP_FORCED]
    if forced > 0:
        # the search chose (its policy has played, so what that keeps in mind is of this hand, and
        # of the hand the search's tile leaves: searched_discard)
        bots.bp[s, BP_FORCED] = 0.0
        g = int(forced) - 2
        if (F[s, F_W] > 0) if g < 0 else (seats.cnt[s, g] > 0):
            if kind == BOT_SMART and g != f and g >= 0:
                searched_discard(s, g, folded, seats, bots, work)
            f = forced_discard(s, g, rules, seats, work)
        else:
            table.H[H_ERROR] = ERR_FORCED   # a tile it does not hold: the engine stops rather than break the hand
    return f


@kernel
def forced_discard(s, f, rules, seats, work):
    """Face f as seat s's discard, F[s, F_SHANTEN] set to the hand without it."""
    cnt, keys, F, pw = seats.cnt, seats.keys, seats.F, rules.pw
    remove_face(s, f, cnt, keys, F, pw)
    F[s, F_SHANTEN] = current_shanten(s, rules, seats, work)
    add_face(s, f, cnt, keys, F, pw)
    return f


@kernel
def void_first(s, f, rules, seats, work):
    """定缺: the void tile seat s throws instead of the bot's choice f, while it
    holds one (the bot has still chosen, so what it keeps in mind for its
    claims is of this hand); F[s, F_SHANTEN] then follows the void tile."""
    v = void_discard(s, seats)
    if v < 0 or v == f:
        return f
    return forced_discard(s, v, rules, seats, work)


@kernel_inline
def claim(s, f, discarder, can_kong, rules, seats, table, bots, work, values):
    """Seat s's claim on face f: work.claim[CL_CHOICE, CL_START] = (claim,
    chi start), -1: pass; the rest of work.claim is scratch.  The engine has asked
    legal.claimable() first, so there is at least one option."""
    out = work.claim
    out[CL_CHOICE] = -1
    out[CL_START] = -1
    starts = out[CL_STARTS:CL_STARTS + 3]
    kong_ok, pon_ok, n_chi = claim_options(s, f, discarder, can_kong, rules.P, seats.cnt[s], starts)
    if not (kong_ok or pon_ok or n_chi > 0):
        return
    kind = kind_of(s, bots)
    if kind == BOT_RANDOM:
        random_claim(s, kong_ok, pon_ok, n_chi, starts, bots, work)
    elif kind == BOT_SMART:
        smart_claim(s, f, kong_ok, pon_ok, n_chi, starts, rules, seats, table, bots, work, values)
    else:
        greedy_claim(s, f, kong_ok, pon_ok, n_chi, starts, rules, seats, bots, work)
    forced = bots.bp[s, BP_FORCED_CLAIM]
    if forced > 0:
        # the search chose (its policy has decided, so what that keeps in mind is of this hand)
        bots.bp[s, BP_FORCED_CLAIM] = 0.0
        choice, start = int(forced) // CODE_SPAN - 2, int(forced) % CODE_SPAN - 1
        if legal_claim(choice, start, kong_ok, pon_ok, n_chi, starts):
            out[CL_CHOICE] = choice
            out[CL_START] = start
        else:
            table.H[H_ERROR] = ERR_FORCED   # a meld it cannot make: the engine stops rather than break the hand


@kernel_inline
def legal_claim(choice, start, kong_ok, pon_ok, n_chi, starts):
    """Whether the claim (CL_CHOICE, CL_START) is among the seat's options (-1: a pass, always)."""
    if choice == CLAIM_KONG:
        return kong_ok
    if choice == CLAIM_PON:
        return pon_ok
    if choice == CLAIM_CHI:
        for j in range(n_chi):
            if starts[j] == start:
                return True
        return False
    return choice == -1


CODE_SPAN = 64   # claim_code's base: above every chi start (a face) + 1


@kernel_inline
def claim_code(choice, start):
    """A claim decision (CL_CHOICE, CL_START; -1 -1 a pass) as one number
    above 0 (0 is "none"), for bp[s, BP_FORCED_CLAIM]."""
    return (choice + 2) * CODE_SPAN + start + 1


@kernel_inline
def own_kong(s, rules, wall, seats, bots, work):
    """A concealed or added kong seat s declares now: work.claim[CL_CHOICE, CL_START] =
    (meld type, face), -1: none.  The engine has asked legal.may_kong()."""
    out = work.claim
    out[CL_CHOICE] = -1
    out[CL_START] = -1
    if not can_replace(rules, wall):
        return
    if kind_of(s, bots) == BOT_RANDOM:
        random_own_kong(s, rules, seats, bots, work)
    else:
        greedy_own_kong(s, rules, seats, bots, work)   # smart declares kongs as greedy does


@kernel_inline
def take_win(s, f, shapes, hard, on_discard, rules, wall, seats, table, bots, work):
    """Whether seat s declares a win the rules allow (the gate has passed it):
    on face f (a discard, or a robbed kong) or self-drawn; ``shapes`` its
    shape mask, ``hard`` its hard shapes."""
    if kind_of(s, bots) == BOT_SMART:
        # a soft win on a discard may be passed for a hard one that pays more
        return not on_discard or hard != 0 or smart_takes_win(s, f, shapes, rules, wall, seats, table, bots, work)
    return wants_win(s, bots, hard == 0, on_discard and long_wall(s, rules, wall, bots), on_discard)


@kernel_inline
def searches(s, bots):
    """Whether seat s searches before it discards (engine/search.py)."""
    return bots.bp[s, BP_KIND] == BOT_SEARCH
