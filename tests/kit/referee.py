"""A referee for one hand: replays the engine's event log in plain Python and
checks it against the rules, independently of the engine's own bookkeeping.

Checked: every tile comes from the wall and is somewhere at the end (hands,
melds, discards, flowers, the wall, the turned tile); hand sizes after every
discard; nothing drawn from the dead wall; chi only from the left neighbour
and only with tiles held; no wild in a meld and no claimed wild; every seat
that could win on a discard (by the Python HandEvaluator) wins or passes, and
the winner is the first from the discarder unless everyone may win; a
self-drawn win is complete; the replayed final hands equal the engine's.
Where play goes on after a win (end.after_wins), each win is checked as it
comes: a winner never acts again, no more wins are made than the rules end
at, and play goes on from the seat after the winner.  Under 换三张
(exchange.tiles) every seat passes that many tiles of one suit it holds to
the seat the rules name, all at once.  Under 定缺
(void_suit.declare) every seat names a suit once, throws it before any
other tile, claims none of it, and wins only without it.
"""

from __future__ import annotations

from collections import Counter

from wallwalk import WallWalk

from ruian_sim import tiles as T
from ruian_sim.engine.transcript import raw_hand
from ruian_sim.hand import HandEvaluator, Meld
from ruian_sim.hand.layout import SHAPE_THREE
from ruian_sim.settle.hand import HandScorer
from ruian_sim.table import layout as L
from ruian_sim.table.wall import WS_GONE


class Violation(AssertionError):
    pass


def check(cond, msg):
    if not cond:
        raise Violation(msg)


class Referee:
    def __init__(self, spec):
        self.spec = spec
        self.rules = spec.rules
        self.ev = HandEvaluator(spec.rules)
        block = spec.rules.claims.pass_block
        self.scorer = (HandScorer(spec.rules) if spec.rules.scoring.get("gate") is not None
                       or block.worth_more_wins else None)
        self.n = spec.seats

    def referee(self, rec, events, state) -> dict:
        """Check one hand; returns counters of what was seen (for coverage)."""
        rules, n = self.rules, self.n
        wall, gone, W = state.wall.tiles, state.wall.gone, state.wall.W
        cnt, F = state.seats.cnt, state.seats.F
        wk = int(rec["wild"])
        wild = wk if wk >= 0 else None
        si = rules.wild.stand_in if (rules.wild.stand_in is not None and wild is not None
                                     and rules.wild.stand_in != wk) else None
        face = (lambda k: wk if (si is not None and k == si) else k)
        aside = set(rules.tiles.aside) - {wk}  # laid aside like flowers, unless it is the wild
        if rules.tiles.aside_if_wild is not None and wk in rules.tiles.aside:
            aside.add(rules.tiles.aside_if_wild)
        laid_aside = (lambda k: T.is_flower(k) or k in aside)
        hands = [Counter() for _ in range(n)]
        mlds: list[list[Meld]] = [[] for _ in range(n)]
        pond: list[int] = []
        out_of_play = Counter()
        seen = Counter()
        flowers = Counter()
        own_flowers = [Counter() for _ in range(n)]   # each seat's, for a gate (its flower fans)
        words_of: list[list[str]] = [[] for _ in range(n)]   # its melds as `hand --melds` writes them
        size = rules.deal.hand_size
        stats = Counter()
        last_discard = None  # (seat, raw)
        pending = []         # seats that could win on the last discard
        passed = set()
        blocked = {}         # 过水: seat -> the most a win it passed was worth; no discard win until the next draw
        block = rules.claims.pass_block
        since_draw = 0       # discards since the last draw from the wall
        dealing = True
        out: set[int] = set()   # seats that won and left the hand
        group: list[tuple[int, int, int]] = []   # (seat, tile, facts) of the win being made
        next_up = None          # the seat that must draw next, after a win
        shared = False          # some win had several winners on one tile
        ended_by_win = False
        after = rules.end.after_wins
        voids: dict[int, int] = {}   # seat -> the suit it named void (定缺)
        passing: list[tuple[int, int, int]] = []   # (from, tile, to) of 换三张, given when all have passed
        first_throw = None
        kong_logs = [0] * n    # each seat's kongs as made: kind, from whom, who was in (kong money)
        kongs_made = [0] * n

        def log_kong(s, kind, frm=0):
            inn = sum(1 << (i - 1) for i in range(1, n) if (s + i) % n not in out)
            kong_logs[s] |= (kind | (frm << 2) | (inn << 5)) << (L.KL_BITS * kongs_made[s])
            kongs_made[s] += 1

        def exchange_done():
            k = rules.exchange.tiles
            by = Counter(s for s, _, _ in passing)
            check(set(by) == set(range(n)) and set(by.values()) == {k}, f"passes of 换三张: {dict(by)}")
            d = rules.exchange.direction
            if d == "dice":
                d = ("next", "opposite", "previous")[first_throw % 3]
            step = {"next": 1, "opposite": n // 2, "previous": n - 1}[d]
            for s in range(n):
                mine = [t for p, t, _ in passing if p == s]
                check(len({t // 9 for t in mine}) == 1 and all(T.is_suited(t) for t in mine),
                      f"S{s} passes {T.format_kinds(mine)}, not one suit")
            for s, t, to in passing:
                check(to == (s + step) % n, f"S{s} passes to S{to}, where {d} is S{(s + step) % n}")
                hands[to][t] += 1
            passing.clear()

        def void_tile(s, k):
            # a tile plays as its face (白板 standing in for the wild's kind is of that suit); a wild is no suit
            return (s in voids and not (wild is not None and k == wk) and T.is_suited(face(k))
                    and face(k) // 9 == voids[s])

        def void_held(s, extra=None):
            kinds = list(hands[s].elements()) + ([extra] if extra is not None else [])
            return any(void_tile(s, k) for k in kinds)
        ind = int(rec["indicator"])
        if ind >= 0 and rules.wild.turned_out_of_play:
            out_of_play[ind] += 1

        def take(s, k):
            check(hands[s][k] > 0, f"S{s} gives up {T.name(k)} it does not hold: {dict(hands[s])}")
            hands[s][k] -= 1

        def scored(s, k):
            """A win of seat s on the discard k, by the `hand` scorer on what the table showed:
            the hand, its melds, the seat and round, its flowers and the copies of k seen."""
            words = ", ".join(words_of[s])
            shown = pond.count(k) - 1 + sum(m.tiles().count(k) for x in range(n) for m, w in
                                            zip(mlds[x], words_of[x]) if not w.startswith("ckong"))
            return self.scorer.score(T.format_kinds(sorted(hands[s].elements())), words, "discard", T.name(k),
                                     (s - int(rec["dealer"])) % n, int(rec["round"]) % 4,
                                     T.format_kinds(sorted(own_flowers[s].elements())), wild=wild, shown=shown,
                                     streak=int(rec["streak"]))

        def gate_lets(s, k):
            """Where the rules gate a win (MCR's 8 fan), whether a win on the discard ``k``
            passes (scored()).  Facts the referee does not follow (the last discard, a discard
            after a kong) only add to a table's count, so without them a hand that passes here
            passes in play."""
            if rules.scoring.get("gate") is None:
                return True
            got = scored(s, k)
            stats["gate_passed" if got["win"] else "gate_refused"] += 1
            return bool(got["win"])

        def worth(s, k):
            """What a win of seat s on the discard k is worth (the value against a non-dealer)."""
            return scored(s, k)["value"]

        def barred(s, k):
            """过水: a win it passed bars seat s from winning on the discard k."""
            if s not in blocked:
                return False
            return not block.worth_more_wins or worth(s, k) <= blocked[s]

        def note_pass(s, k):
            if rules.claims.pass_blocks_win:
                w = worth(s, k) if block.worth_more_wins else 0
                blocked[s] = max(blocked.get(s, w), w)

        def could_win(s, k):
            if void_held(s, k):
                return False   # 定缺: no win while holding the void suit
            kinds = list(hands[s].elements()) + [k]
            try:
                if wild is not None and k == wk:
                    # a discarded wild that may be claimed plays as its own kind
                    # (rules: wild.claim), not as a wild
                    cnt, w, wf = self.ev.faces(kinds[:-1], wild)
                    cnt[wk] += 1
                    return bool(self.ev.shapes_mask(cnt, w, wf, mlds[s]))
                return self.ev.evaluate(kinds, wild, melds=mlds[s]).win and gate_lets(s, k)
            except Exception as exc:  # a size or copy error is a referee failure
                raise Violation(f"S{s} cannot be evaluated: {exc}") from None

        def settle_pending(winner_seats):
            # every seat able to win on the last discard either won or passed, but
            # for those after the first winner when only the first may win (截胡)
            order = [(last_discard[0] + i) % n for i in range(1, n)] if last_discard else []
            first_only = bool(winner_seats) and rules.claims.multiple_wins == "first"
            cut = order.index(winner_seats[0]) if first_only and winner_seats[0] in order else n
            for s in pending:
                check(s in winner_seats or s in passed or order.index(s) > cut,
                      f"S{s} could win on {T.name(last_discard[1])} but neither won nor passed")
            if first_only:
                # a winner may be missing from pending where a gate counts facts the referee does not
                # follow (the last discard): the gate's answer there is play's
                first = next(s for s in order if (s in pending or s in winner_seats) and s not in passed)
                check(winner_seats == [first], f"winner {winner_seats} is not the first ({first})")

        def win_made():
            # every EV_WIN of one tile has come: check and apply the win
            nonlocal pending, next_up, shared
            seats = [w for w, _, _ in group]
            t, facts = group[0][1], group[0][2]
            check(len(seats) <= 1 or rules.claims.multiple_wins == "all",
                  f"{len(seats)} winners under multiple_wins {rules.claims.multiple_wins}")
            check(len(out) < after and n - len(out) >= 2,
                  f"a win after {len(out)} wins, where the hand ends at {after}")
            check(all(int(rec[f"win_order_{w}"]) == int(rec[f"win_order_{seats[0]}"]) for w in seats),
                  "winners of one tile recorded as different wins")
            frm = int(rec[f"win_from_{seats[0]}"])
            if facts & L.FACT_ROBBED:
                # the tile being added to a pon goes to the robber instead
                check(frm == drawer, f"a kong robbed from S{frm}, but S{drawer} was adding it")
                take(frm, t)
                for w in seats:
                    hands[w][t] += 1
                stats["robbed"] += 1
                last = max(seats, key=lambda w: (w - frm) % n)
            elif facts & L.FACT_DISCARD:
                settle_pending(seats)
                for w in seats:
                    check(not barred(w, t), f"S{w} wins on {T.name(t)}, which a win it passed (过水) bars")
                    stats["won_past_pass"] += w in blocked
                check(last_discard is not None and t == last_discard[1] and frm == last_discard[0],
                      f"a discard win on {T.name(t)} from S{frm}, not the last discard")
                # a discarded wild won on (wild.claim) joins the winner's hand as a wild
                stats["wild_won"] += t == wk
                for w in seats:
                    hands[w][t] += 1
                pond.pop()
                last = max(seats, key=lambda w: (w - frm) % n)
            else:
                for w in seats:
                    kinds = list(hands[w].elements())
                    check(self.ev.evaluate(kinds, wild, melds=mlds[w]).win,
                          f"S{w} wins on its own draw with an incomplete hand {T.format_kinds(kinds)}")
                last = seats[0]
            for w in seats:
                check(not void_held(w), f"S{w} wins holding its void suit {'mps'[voids.get(w, 0)]}")
            pending = []
            shared = shared or len(seats) > 1
            out.update(seats)
            left = [(last + i) % n for i in range(1, n) if (last + i) % n not in out]
            next_up = left[0] if left else None
            stats["wins"] += len(seats)
            group.clear()

        taken = self.check_wall(rec, events, wall, gone)
        ready_said: dict[int, tuple[int, int]] = {}   # seat -> (READY_*, tile) said at the wall (查叫)
        rob_passed: set[int] = set()                   # seats that passed 抢金
        drawer = int(rec["dealer"])

        for code, s, t, a, b in events.tolist():
            if code in (L.EV_DISCARD, L.EV_WIN, L.EV_KONG_CON, L.EV_END, L.EV_HAIDI):
                dealing = False
            if group and code != L.EV_WIN:
                win_made()
                ended_by_win = code == L.EV_END
            if passing and code != L.EV_EXCHANGE:
                exchange_done()
            if code == L.EV_DICE and first_throw is None:
                first_throw = a
            if code not in (L.EV_DICE, L.EV_BREAK, L.EV_WILD, L.EV_END, L.EV_PENALTY):
                check(s not in out, f"S{s} acts (event {code}) after it won and left the hand")
            if code in (L.EV_DRAW, L.EV_HAIDI) and not dealing:
                check(next_up is None or s == next_up, f"S{s} draws after a win, where S{next_up} is next")
                next_up = None
                drawer = s
            if code == L.EV_DEAL:
                hands[s][t] += 1
                seen[t] += 1
            elif code in (L.EV_DRAW, L.EV_HAIDI):
                hands[s][t] += 1
                seen[t] += 1
                if not dealing:
                    blocked.pop(s, None)
                    since_draw = 0
                    stats["draws_tail" if a else "draws"] += 1
            elif code == L.EV_FLOWER:
                check(laid_aside(t), f"{T.name(t)} laid aside as a flower")
                take(s, t)
                flowers[t] += 1
                own_flowers[s][t] += 1
            elif code == L.EV_EXCHANGE:
                check(rules.exchange.tiles > 0, "tiles passed without 换三张")
                take(s, t)
                passing.append((s, t, b))
            elif code == L.EV_VOID:
                check(rules.void_suit.declare and s not in voids and 0 <= a < 3, f"S{s} names void suit {a}")
                check(int(rec[f"void_{s}"]) == a, f"S{s} named void {a}, the record says {int(rec[f'void_{s}'])}")
                voids[s] = a
            elif code == L.EV_DISCARD:
                if pending:
                    settle_pending([])
                check(void_tile(s, t) or not void_held(s),
                      f"S{s} discards {T.name(t)} while holding its void suit {'mps'[voids.get(s, 0)]}")
                take(s, t)
                check(wild is None or t != wk or rules.wild.discard
                      or sum(hands[s].values()) == hands[s][wk],
                      f"S{s} discards a wild {T.name(t)}")
                check(sum(hands[s].values()) + 3 * len(mlds[s]) == size,
                      f"S{s} holds {sum(hands[s].values())} tiles and {len(mlds[s])} melds after a discard")
                pond.append(t)
                last_discard = (s, t)
                stats["discards"] += 1
                since_draw += 1
                claimable = not (wild is not None and t == wk and not rules.wild.claim)
                if block.own_discard and claimable and rules.claims.win_on_discard and could_win(s, t):
                    note_pass(s, t)   # 过水: one's own discard of a winning tile is a pass
                    stats["own_discard_pass"] += 1
                pending = [x for x in ((s + i) % n for i in range(1, n))
                           if claimable and rules.claims.win_on_discard and x not in out
                           and could_win(x, t) and not barred(x, t)]
                passed = set()
            elif code == L.EV_PASS_WIN:
                if stats["discards"] == 0 and t < 0 and s != int(rec["dealer"]):
                    rob_passed.add(s)
                if t >= 0:
                    passed.add(s)
                    note_pass(s, t)
                stats["passes"] += 1
            elif code in (L.EV_CHI, L.EV_PON, L.EV_KONG_EXP):
                check(last_discard is not None and pond and pond[-1] == t,
                      f"S{s} claims {T.name(t)}, which is not the last discard")
                settle_pending([])
                pending = []
                d = last_discard[0]
                check(s != d, "a player claims their own discard")
                check(not void_tile(s, t), f"S{s} claims {T.name(t)} of its void suit")
                check(wild is None or t != wk or rules.wild.claim, "a discarded wild is claimed")
                pond.pop()
                if code == L.EV_CHI:
                    check(rules.claims.chi != "never", "chi is not allowed")
                    if rules.claims.chi == "left":
                        check(s == (d + 1) % n, f"S{s} chis from S{d}, not its left neighbour")
                    start = a
                    faces = [start, start + 1, start + 2]
                    check(T.is_suited(start) and T.rank_of(start) <= 7, "chi is not a run")
                    check(face(t) in faces, "the chi does not use the discard")
                    rest = list(faces)
                    rest.remove(face(t))
                    raws = [t]
                    for f in rest:
                        raw = si if (si is not None and f == wk) else f
                        check(wild is None or raw != wk, "a wild in a chi")
                        take(s, raw)
                        raws.append(raw)
                    mlds[s].append(Meld("chi", start, raw=tuple(sorted(raws))))
                    words_of[s].append(f"chi {T.format_kinds(sorted(raws))}")
                    stats["chi"] += 1
                else:
                    k = 2 if code == L.EV_PON else 3
                    for _ in range(k):
                        take(s, t)
                    check(wild is None or t != wk, "a wild in a meld")
                    mlds[s].append(Meld("pon" if code == L.EV_PON else "kong", t))
                    words_of[s].append(f"{'pon' if code == L.EV_PON else 'kong'} "
                                       f"{T.format_kinds([t] * (3 if code == L.EV_PON else 4))}")
                    stats["pon" if code == L.EV_PON else "kong"] += 1
                    if code == L.EV_PON and block.pon_lifts and s in blocked and not self.ev.evaluate(
                            list(hands[s].elements()), wild, melds=mlds[s]).win:
                        del blocked[s]   # 过水 ends with a pon that breaks the hand
                        stats["pon_lifted"] += 1
                    if code == L.EV_KONG_EXP:
                        log_kong(s, L.KL_EXPOSED, d)
            elif code == L.EV_KONG_CON:
                check(not void_tile(s, t), f"S{s} makes a kong of {T.name(t)}, its void suit")
                for _ in range(4):
                    take(s, t)
                check(wild is None or t != wk, "a wild in a kong")
                mlds[s].append(Meld("kong", t))
                words_of[s].append(f"ckong {T.format_kinds([t] * 4)}")
                stats["kong"] += 1
                log_kong(s, L.KL_CONCEALED)
            elif code == L.EV_KONG_ADD:
                take(s, t)
                i = next(i for i, m in enumerate(mlds[s]) if m.kind == "pon" and m.tile == t)
                mlds[s][i] = Meld("kong", t)
                words_of[s][i] = f"akong {T.format_kinds([t] * 4)}"
                stats["kong"] += 1
                log_kong(s, L.KL_ADDED)
            elif code == L.EV_READY:
                ready_said[s] = (a, t)
            elif code == L.EV_ROB_GOLD:
                # 抢金: before the first discard, a seat other than the dealer, the first in turn that
                # could (the turned tile completing a shape other than three wilds) or did not pass
                check(rules.wild.rob and stats["discards"] == 0 and s != int(rec["dealer"]) and t == ind,
                      f"S{s} takes the turned {T.name(t)} (抢金) out of turn")
                d0 = int(rec["dealer"])
                for x in ((d0 + i) % n for i in range(1, n)):
                    if x == s:
                        break
                    check(x in rob_passed or not self.can_rob(hands[x], mlds[x], wild),
                          f"S{x} could rob the gold before S{s}")
                check(self.can_rob(hands[s], mlds[s], wild), f"S{s} robs the gold with no hand it completes")
                out_of_play[t] -= 1
                seen[t] += 1
                hands[s][t] += 1
                stats["robbed_gold"] += 1
            elif code == L.EV_WIN:
                route = L.FACT_SELF_DRAWN | L.FACT_DISCARD | L.FACT_ROBBED
                check(not group or (t, b & route) == (group[0][1], group[0][2] & route),
                      "winners of one win on different tiles or routes")
                group.append((s, t, b))
        if group:
            win_made()
            ended_by_win = True

        check(len(voids) == (n if rules.void_suit.declare else 0), f"{len(voids)} seats named a void suit")
        outcome = int(rec["outcome"])
        winners = [s for s in range(n) if int(rec["winners"]) >> s & 1]
        check(sorted(out) == winners, f"the record's winners {winners} are not those who won ({sorted(out)})")
        check((outcome in L.WIN_OUTCOMES) == bool(out), f"outcome {outcome} with {len(out)} wins")
        if outcome == L.OUT_MULTI_WIN_DRAW:
            # several seats could win on the last discard, and the rules make that a draw
            check(len(pending) >= 2, f"a multiple-win draw with {len(pending)} seats able to win")
        elif pending and outcome != L.OUT_FOUR_WINDS and not ended_by_win:
            settle_pending([])

        for s in range(n):
            check(not any(hands[s][k] for k in aside), f"S{s} holds a tile the rules lay aside")
        # the replayed hands are the engine's final hands
        if not shared:
            for s in range(n):
                engine = raw_hand(cnt[s], F[s, L.F_W], wk, -1 if si is None else si)
                check(sorted(hands[s].elements()) == engine,
                      f"S{s}: replayed {T.format_kinds(hands[s].elements())}, engine {T.format_kinds(engine)}")
                check(len(mlds[s]) == F[s, L.F_NMELD], f"S{s}: melds differ")

        # conservation: every tile is seen once or still in the wall
        in_wall = Counter(int(wall[i]) for i in range(len(wall)) if gone[i] == 0)
        total = Counter()
        P = self.spec.P
        for k in range(L.N_RAW):
            total[k] = int(P[L.EP_COPIES + k])
        flower_indicators = Counter()
        # flowers turned at the break are out of play too
        gone_count = int(W[WS_GONE])
        accounted = seen + in_wall + out_of_play
        extra = total - accounted
        turned_past = set(rules.tiles.aside) if rules.wild.turn_past_aside else set()
        for k, c in extra.items():
            check((T.is_flower(k) or k in turned_past) and c > 0, f"{c} × {T.name(k)} unaccounted for")
            flower_indicators[k] += c
        check(not (accounted - total), f"tiles appear from nowhere: {dict(accounted - total)}")
        check(sum(seen.values()) + sum(out_of_play.values()) + sum(flower_indicators.values()) == gone_count,
              "the wall's count of taken tiles differs from the tiles seen")
        # the dead wall is never reached: at least its full stacks stay (from the
        # rules, not from the engine's numbers), and an exhaustive draw used
        # every 海底 tile
        left = len(wall) - gone_count
        # the dead wall grows with each kong once its replacement is drawn, so
        # the last kong's growth may end the hand at once with fewer tiles left
        grow = rules.wall.dead_per_kong
        dead = rules.wall.dead_stacks * rules.wall.stack_height + sum(
            grow[min(i, len(grow) - 1)] for i in range(int(rec["kongs"]) - 1))
        check(left >= dead, f"the dead wall was drawn from ({left} tiles left, {dead} are dead)")
        by_wall = outcome == L.OUT_EXHAUSTIVE or (out and not ended_by_win)
        if by_wall and rules.claims.last_discard == "win_only":
            # nothing may be claimed but a win on the discard after the last draw
            check(since_draw <= 1, f"{since_draw} discards after the last draw: the last one was claimed")
        if by_wall:
            # 海底牌必须分完: every tile outside the dead wall was dealt
            exact = dead + self.lone_tail(wall, taken)
            full = rules.wall.dead_stacks * rules.wall.stack_height + sum(
                grow[min(i, len(grow) - 1)] for i in range(int(rec["kongs"])))
            if full + self.lone_tail(wall, taken) == exact:
                check(left == exact, f"an exhaustive draw with {left} tiles left beside a dead wall of {exact}")
            else:  # the last kong's growth ended the wall between the two sizes
                check(left <= full + self.lone_tail(wall, taken),
                      f"an exhaustive draw with {left} tiles left beside a grown dead wall of {full}")
        for s in range(n):
            check(int(rec[f"kong_log_{s}"]) == kong_logs[s],
                  f"S{s}: kong_log {int(rec[f'kong_log_{s}']):#x}, its kongs as made give {kong_logs[s]:#x}")
        self.check_ready(rec, by_wall and not ended_by_win, out, ready_said, hands, mlds, void_held, could_win)
        stats["ready"] += sum(1 for s in range(n) if int(rec[f"ready_{s}"]) == L.READY_YES)
        if by_wall:
            stats["exhaustive"] += 1
            stats["haidi_dealt"] += sum(1 for e in events.tolist() if e[0] == L.EV_HAIDI)
        return stats

    def can_rob(self, hand, melds, wild) -> bool:
        """抢金: the hand with one more wild makes a shape other than three wilds alone."""
        kinds = list(hand.elements()) + [wild]
        cnt, w, wf = self.ev.faces(kinds, wild)
        return bool(self.ev.shapes_mask(cnt, w, wf, melds) & ~SHAPE_THREE)

    def check_ready(self, rec, at_wall, out, said, hands, mlds, void_held, could_win):
        """查叫: where the rules settle a draw, every seat left when the wall
        ran out is read: 花猪 while it holds its void suit, else ready when a
        tile of the game would complete its hand (the rules' gate aside: the
        referee reads shapes), on the tile the record names; no other seat is."""
        n = self.n
        read = at_wall and bool(self.spec.P[L.EP_DRAW_READY])
        for s in range(n):
            got = int(rec[f"ready_{s}"])
            if not read or s in out:
                check(got == L.READY_UNKNOWN and s not in said,
                      f"S{s} read at the wall ({got}), not being left there")
                continue
            if void_held(s):
                want = L.READY_VOID
            else:
                held = Counter(hands[s])
                for m in mlds[s]:
                    held[m.tile] += 3 if m.kind == "pon" else (4 if m.kind == "kong" else 0)
                copies = self.rules.tiles.copies
                waits = [k for k in sorted(self.rules.tiles.kinds) if held[k] < copies and could_win(s, k)]
                want = L.READY_YES if waits else L.READY_NO
                if want == L.READY_YES and self.rules.scoring.get("gate") is None:
                    check(int(rec[f"ready_on_{s}"]) in waits, f"S{s} valued on {int(rec[f'ready_on_{s}'])}, "
                                                              f"not one of its waits {T.format_kinds(waits)}")
            if self.rules.scoring.get("gate") is None or want != L.READY_YES:
                check(got == want, f"S{s} read {got} at the wall, where its hand is {want}")
            check(said.get(s, (None,))[0] == got, f"S{s}: the transcript says {said.get(s)}, the record {got}")

    def check_wall(self, rec, events, wall, gone) -> set[int]:
        """Every tile is drawn from where the seed's procedure says (wallwalk.py):
        the break, the turned tile, the head in order, replacements from the tail."""
        rules, n = self.rules, self.n
        throws = [a for code, _, _, a, b in events.tolist() if code == L.EV_DICE]
        check(len(throws) == rules.dice.throws, f"{len(throws)} throws of the dice")
        opener = (int(rec["dealer"]) + throws[0] - 1) % n  # seats counted from the dealer = 1
        walk = self._walk = WallWalk(rules, opener, sum(throws))
        head, tail = iter(walk.head()), iter(walk.tail() if rules.replacement == "tail" else ())
        taken: set[int] = set()

        def next_free(order):
            for pos in order:
                if pos not in taken:
                    taken.add(pos)
                    return pos
            raise Violation("a tile was drawn from an empty wall")

        ind = int(rec["indicator"])
        if rules.wild.source in ("turned", "next"):
            pos = walk.turned()
            past = set(rules.tiles.aside) if rules.wild.turn_past_aside else set()
            # a flower (or a kind laid aside like one, where the rules say so) is laid aside;
            # the next tail tile is turned
            while T.is_flower(int(wall[pos])) or int(wall[pos]) in past:
                taken.add(pos)
                pos = next(p for p in walk.tail() if p not in taken)
            check(int(wall[pos]) == ind, f"turned {T.name(ind)}, but the break stack's bottom tile is "
                                         f"{T.name(int(wall[pos]))}")
            if rules.wild.turned_out_of_play:
                taken.add(pos)
        for code, s, t, a, _ in events.tolist():
            if code in (L.EV_DEAL, L.EV_HAIDI) or (code == L.EV_DRAW and not a):
                pos = next_free(head)
            elif code == L.EV_DRAW:
                pos = next_free(tail) if rules.replacement == "tail" else next_free(head)
            else:
                continue
            check(int(wall[pos]) == t, f"S{s} drew {T.name(t)} but the next tile there is {T.name(int(wall[pos]))}")
        check(taken == {i for i in range(len(gone)) if gone[i]}, "the wall's taken tiles differ from the replay")
        return taken

    def lone_tail(self, wall, taken) -> int:
        """Tiles of a partly taken stack at the tail, when the rules count them as dead."""
        if not self.rules.wall.dead_odd_single:
            return 0
        h = self.rules.wall.stack_height
        order = self._walk.tail()
        for i in range(0, len(order), h):  # the first stack from the tail not taken whole
            left = sum(1 for p in order[i:i + h] if p not in taken)
            if left:
                return left if left < h else 0
        return 0


def referee_matches(sim, seed: int, matches: int, max_hands: int = 1 << 30):
    """Referee every hand of matches 0 .. matches - 1 (at most ``max_hands``
    a match): yields each hand's record and the counters of what was seen."""
    ref = Referee(sim.spec)
    for match in range(matches):
        hand = 0
        while hand < max_hands and (got := sim.replay(seed=seed, match=match, hand=hand)) is not None:
            records, events, state = got
            yield records[hand], ref.referee(records[hand], events, state)
            hand += 1


def referee_totals(sim, seed: int, matches: int) -> tuple[int, Counter]:
    """(hands refereed, what was seen in all of them) over these matches."""
    seen: Counter = Counter()
    hands = 0
    for _, stats in referee_matches(sim, seed, matches):
        seen += stats
        hands += 1
    return hands, seen
