"""The search player (engine/search.py): it samples only what its seat has not
seen, decides the same however the hidden tiles lie, and refuses rules its
playouts cannot settle."""

import numpy as np
import pytest

from hiding import copied, hidden_shuffled
from ruian_sim.bots import layout as BL
from ruian_sim.engine.compile import simulator
from ruian_sim.engine.sample import deal_sample
from ruian_sim.engine.search import search_discard
from ruian_sim.engine.turn_state import PH_DISCARD, T_SEAT
from ruian_sim.errors import UserError
from ruian_sim.ruleset import load
from ruian_sim.table import layout as L
from ruian_sim.table.seat import raw_of

BOT = "search:playouts=4:width=3"


@pytest.fixture(scope="module")
def sim():
    return simulator(load("ruian"), [BOT] * 4)


def phases(sim, seed, match):
    """The first hand of ``match`` played by smart seats, step by step."""
    return sim.steps(seed, match, BL.BOT_SMART)


def mid_hand(sim, match, turns):
    """The table as seat T_SEAT is about to make its ``turns``-th discard of the
    first hand of ``match`` (the seats play as their rollout policy until then)."""
    seen = 0
    for phase, st, T, wk in phases(sim, 5, match):
        if phase == PH_DISCARD:
            seen += 1
            if seen == turns:
                st.bots.bp[:, BL.BP_KIND] = BL.BOT_SEARCH
                return st, T, wk
    return None


def decision(sim, st, T, wk):
    st = copied(st)
    s = int(T[T_SEAT])
    search_discard(s, 0, 1, 0, wk, sim.kernel_rules, st.wall, st.seats, st.table, st.bots, T.copy(), sim.search,
                   sim.work, sim.values)
    assert st.table.H[L.H_ERROR] == 0
    return int(st.bots.bp[s, BL.BP_FORCED])


def test_the_search_decides_alike_however_the_hidden_tiles_lie(sim):
    rng = np.random.default_rng(2)
    decided = set()
    for match in range(6):
        for turns in (3, 9, 17):
            at = mid_hand(sim, match, turns)
            if at is None:
                continue
            st, T, wk = at
            want = decision(sim, st, T, wk)
            decided.add(want)
            s = int(T[T_SEAT])
            for _ in range(2):
                assert decision(sim, hidden_shuffled(st, s, rng), T, wk) == want
    assert len(decided) >= 5   # many different discards were chosen


def test_a_sample_deals_exactly_the_tiles_the_seat_has_not_seen(sim):
    checked = 0
    for match in range(4):
        at = mid_hand(sim, match, 11)
        if at is None:
            continue
        st, T, wk = at
        s = int(T[T_SEAT])
        sw = sim.search
        from ruian_sim.engine.sample import copy_table
        copy_table(st.wall, st.seats, st.table, st.bots, T, sw)
        assert deal_sample(s, np.uint64(9), sim.kernel_rules, sim.work, sw)
        H = st.table.H

        def hidden(state):
            out = np.zeros(L.N_RAW, np.int64)
            for p in range(4):
                if p == s:
                    continue
                for f in range(L.N_FACE):
                    out[raw_of(f, H[L.H_WK], H[L.H_SI])] += state.seats.cnt[p, f]
                for i in range(state.seats.F[p, L.F_NMELD]):
                    if state.seats.melds[p, i, L.M_TYPE] == L.MELD_KONG_CON:
                        out[raw_of(state.seats.melds[p, i, L.M_FACE], H[L.H_WK], H[L.H_SI])] += 4
                out[H[L.H_WK]] += state.seats.F[p, L.F_W] if H[L.H_WK] >= 0 else 0
            left = state.wall.gone == 0
            np.add.at(out, state.wall.tiles[left], 1)
            return out

        real, dealt = hidden(st), hidden(sw.state)
        assert (real == dealt).all()
        # the others' hands keep their sizes and are dealt anew
        for p in range(4):
            assert sw.state.seats.F[p, L.F_NTILES] == st.seats.F[p, L.F_NTILES]
        assert any((sw.state.seats.cnt[p] != st.seats.cnt[p]).any() for p in range(4) if p != s)
        assert (sw.state.seats.cnt[s] == st.seats.cnt[s]).all()
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game,variants", [("sichuan", []), ("wenzhou", []), ("ruian", ["caishen-money"])])
def test_rules_whose_money_a_playout_cannot_settle_are_refused(game, variants):
    with pytest.raises(UserError, match="search cannot play these rules"):
        simulator(load(game, variants), "search")


def test_a_rollout_names_a_bot():
    from ruian_sim.bots.spec import parse_bots

    bp, _ = parse_bots("search:rollout=greedy:playouts=3", 4)
    assert bp[0, BL.BP_ROLLOUT] == BL.BOT_GREEDY and bp[0, BL.BP_PLAYOUTS] == 3
    with pytest.raises(UserError, match="rollout must be one of greedy, smart"):
        parse_bots("search:rollout=random", 4)


def test_others_judged_ready_are_dealt_hands_in_shape(sim):
    """A sample deals another hand ready (sets, a pair, a wait) with the chance
    the seat's danger model judges it ready: all of them where the model says
    certainly, and loose ones (mostly two or more from ready) where ready=0."""
    from ruian_sim.engine.sample import copy_table

    sw = sim.search
    share = {}
    for ready in (0.0, 1.0):
        got = []
        for match in range(4):
            at = mid_hand(sim, match, 9)
            if at is None:
                continue
            st, T, wk = at
            s = int(T[T_SEAT])
            st.bots.bp[s, BL.BP_READY] = ready
            st.bots.bp[s, BL.BP_V0 + BL.V_READY:BL.BP_V0 + BL.V_READY + 4 * 16] = 1.0   # "surely ready"
            for k in range(10):
                copy_table(st.wall, st.seats, st.table, st.bots, T, sw)
                assert deal_sample(s, np.uint64(100 + k), sim.kernel_rules, sim.work, sw)
                got += [sw.state.seats.F[p, L.F_SHANTEN] for p in range(4) if p != s]
        assert len(got) >= 60
        share[ready] = np.mean(np.array(got) <= 0)
    assert share[0.0] < 0.1 and share[1.0] > 0.8, share


def at_claim(sim, match, skip):
    """The table as the claims on a discard begin, the ``skip``-th discard of
    the first hand of ``match`` after which some seat may pon, kong or chi;
    (state, turn, wk, that seat), or None."""
    from ruian_sim.engine.turn_state import PH_CLAIMS, T_DISCARD, T_DISCARD_RAW
    from ruian_sim.table.legal import claimable

    seen = 0
    for phase, st, T, wk in phases(sim, 7, match):
        if phase == PH_CLAIMS and T[T_DISCARD_RAW] != wk:
            turn, f = int(T[T_SEAT]), int(T[T_DISCARD])
            for i in range(1, 4):
                s = (turn + i) % 4
                if claimable(s, f, turn, False, sim.kernel_rules.P, st.seats.cnt[s]):
                    seen += 1
                    if seen == skip:
                        st.bots.bp[:, BL.BP_KIND] = BL.BOT_SEARCH
                        return st, T, wk, s
                    break
    return None


def claim_decision(sim, st, T, wk, s):
    from ruian_sim.engine.search_claim import search_claims

    st = copied(st)
    st.bots.bp[:, BL.BP_KIND] = BL.BOT_SMART
    st.bots.bp[s, BL.BP_KIND] = BL.BOT_SEARCH
    search_claims(0, 1, 0, wk, sim.kernel_rules, st.wall, st.seats, st.table, st.bots, T.copy(), sim.search,
                  sim.work, sim.values)
    assert st.table.H[L.H_ERROR] == 0
    return int(st.bots.bp[s, BL.BP_FORCED_CLAIM])


def test_the_search_claims_alike_however_the_hidden_tiles_lie(sim):
    from ruian_sim.bots.dispatch import CODE_SPAN

    rng = np.random.default_rng(3)
    decided = []
    for match in range(8):
        for skip in (1, 3):
            at = at_claim(sim, match, skip)
            if at is None:
                continue
            st, T, wk, s = at
            want = claim_decision(sim, st, T, wk, s)
            decided.append(want)
            for _ in range(2):
                assert claim_decision(sim, hidden_shuffled(st, s, rng), T, wk, s) == want
    assert len(decided) >= 10
    # it decided each time (a seat with a claim has at least passing and the claim to weigh), and not alike
    assert all(d > 0 for d in decided)
    assert len({d // CODE_SPAN for d in decided}) >= 2, decided   # passes and claims both


def test_a_forced_claim_is_the_claim_made(sim):
    """dispatch.claim makes the claim the search left, not the policy's: a pass
    where the policy claims, a claim where it passes; and forgets it once made."""
    from ruian_sim.bots import dispatch
    from ruian_sim.engine.turn_state import T_DISCARD
    from ruian_sim.table.legal import claim_options

    work, rules = sim.work, sim.kernel_rules
    made = 0
    for match in range(8):
        at = at_claim(sim, match, 1)
        if at is None:
            continue
        st, T, wk, s = at
        st.bots.bp[s, BL.BP_KIND] = BL.BOT_SMART
        f, turn = int(T[T_DISCARD]), int(T[T_SEAT])

        def ask(forced):
            c = copied(st)
            c.bots.bp[s, BL.BP_FORCED_CLAIM] = forced
            dispatch.claim(s, f, turn, False, rules, c.seats, c.table, c.bots, work, sim.values)
            assert c.bots.bp[s, BL.BP_FORCED_CLAIM] == 0
            return int(work.claim[BL.CL_CHOICE]), int(work.claim[BL.CL_START])

        policy = ask(0.0)
        if policy[0] >= 0:
            want = (-1, -1)
        else:
            starts = np.zeros(3, np.int64)
            _, pon_ok, n_chi = claim_options(s, f, turn, False, rules.P, st.seats.cnt[s], starts)
            want = (L.CLAIM_PON, -1) if pon_ok else (L.CLAIM_CHI, int(starts[0]))
        assert ask(float(dispatch.claim_code(*want))) == want
        made += 1
    assert made >= 4


def test_others_concealed_kongs_are_sampled_and_no_tile_is_dealt_twice():
    """Another seat's concealed kong hides its face: a sample gives it a kind
    of which four are unseen, takes those four from what it deals, and keeps
    every hand within its caps (its kong's own tiles dealt beside it once made
    a hand whose readings failed)."""
    from ruian_sim.engine.sample import copy_table

    sim = simulator(load("taiwanese"), [BOT] * 4)
    sw, found, faces = sim.search, 0, set()
    for match in range(150):
        at = mid_hand(sim, match, 40)
        if at is None:
            continue
        st, T, wk = at
        s = int(T[T_SEAT])
        kongs = [(p, i) for p in range(4) if p != s for i in range(st.seats.F[p, L.F_NMELD])
                 if st.seats.melds[p, i, L.M_TYPE] == L.MELD_KONG_CON]
        if not kongs:
            continue
        found += 1
        for k in range(12):
            copy_table(st.wall, st.seats, st.table, st.bots, T, sw)
            assert deal_sample(s, np.uint64(k), sim.kernel_rules, sim.work, sw)
            c = sw.state.seats
            for p, i in kongs:
                f = c.melds[p, i, L.M_FACE]
                faces.add(int(f))
                assert c.cnt[p, f] == 0
            for p in range(4):
                assert (c.cnt[p, :L.N_FACE] <= c.capx[p, :L.N_FACE]).all()
            # every kind within its copies: hands, melds, the wall and what is shown
            total = np.zeros(L.N_RAW, np.int64)
            for p in range(4):
                total[:L.N_FACE] += c.cnt[p, :L.N_FACE]
                for j in range(c.F[p, L.F_NMELD]):
                    if c.melds[p, j, L.M_TYPE] == L.MELD_KONG_CON:
                        total[c.melds[p, j, L.M_FACE]] += 4
            np.add.at(total, sw.state.wall.tiles[sw.state.wall.gone == 0], 1)
            total += sw.state.table.vis
            assert (total <= sim.kernel_rules.P[L.EP_COPIES:L.EP_COPIES + L.N_RAW]).all()
    assert found >= 2
    assert len(faces) > found   # the faces are drawn anew, not the real ones kept


def test_another_seats_chosen_claim_is_neither_seen_nor_kept_in_a_sample(sim):
    """Where two search seats may claim one discard, the first's choice is left
    before the second searches; it was made for the first's real hand, which a
    sample deals anew, and is hidden: the second decides alike with or without
    it, and no playout is bound by it (once it made a meld from tiles a sampled
    hand did not hold, and a hand's readings failed on ruian-tai)."""
    from ruian_sim.bots import dispatch

    tried = 0
    for match in range(8):
        at = at_claim(sim, match, 1)
        if at is None:
            continue
        st, T, wk, s = at
        want = claim_decision(sim, st, T, wk, s)
        for p in range(4):
            if p != s and p != int(T[T_SEAT]):
                for code in (dispatch.claim_code(L.CLAIM_CHI, 0), dispatch.claim_code(L.CLAIM_PON, -1)):
                    bound = copied(st)
                    bound.bots.bp[p, BL.BP_FORCED_CLAIM] = code
                    bound.bots.bp[p, BL.BP_FORCED] = 2.0
                    assert claim_decision(sim, bound, T, wk, s) == want   # and no playout failed
                    tried += 1
    assert tried >= 8


def test_a_forced_move_the_seat_cannot_make_stops_the_hand(sim):
    """A discard of a tile the seat does not hold, or a meld it cannot make,
    stops the hand with its own error (ERR_FORCED) and leaves the hand whole,
    rather than count a tile below zero."""
    from ruian_sim.bots import dispatch
    from ruian_sim.engine.turn_state import T_DISCARD

    work, rules = sim.work, sim.kernel_rules
    st, T, wk = mid_hand(sim, 0, 5)
    s = int(T[T_SEAT])
    st.bots.bp[:, BL.BP_KIND] = BL.BOT_SMART
    absent = int(np.flatnonzero(st.seats.cnt[s, :L.N_FACE] == 0)[0])
    c = copied(st)
    c.bots.bp[s, BL.BP_FORCED] = absent + 2.0
    f = dispatch.discard(s, rules, c.wall, c.seats, c.table, c.bots, work, sim.values)
    assert c.table.H[L.H_ERROR] == L.ERR_FORCED
    assert c.seats.cnt[s, absent] == 0 and f != absent and c.seats.cnt[s, f] > 0

    st, T, wk, s = at_claim(sim, 0, 1)
    st.bots.bp[:, BL.BP_KIND] = BL.BOT_SMART
    c = copied(st)
    c.bots.bp[s, BL.BP_FORCED_CLAIM] = dispatch.claim_code(L.CLAIM_KONG, -1)   # a kong the seat is not offered
    dispatch.claim(s, int(T[T_DISCARD]), int(T[T_SEAT]), False, rules, c.seats, c.table, c.bots, work, sim.values)
    assert c.table.H[L.H_ERROR] == L.ERR_FORCED
    assert work.claim[BL.CL_CHOICE] != L.CLAIM_KONG


def test_the_hand_where_two_search_seats_claimed_plays_through():
    """The hand that first showed another seat's claim applied in a sample
    (ruian-tai, seed 1, match 1, hand 4, search in seats 1 and 3) plays to its end."""
    sim = simulator(load("ruian-tai"), "smart,search,smart,search")
    records, _, state = sim.replay(1, 1, 4)
    assert len(records) == 5 and state.table.H[L.H_ERROR] == 0


def test_a_searched_match_is_one_kernel_call(monkeypatch):
    """Signals are answered between kernel calls; a searched match takes
    seconds or minutes, so each is its own call (128 a call held Ctrl-C off
    for minutes in a duel)."""
    from ruian_sim.engine import simulate

    calls = []
    real = simulate.play_matches

    def counted(*args):
        calls.append(int(args[2]))
        return real(*args)

    monkeypatch.setattr(simulate, "play_matches", counted)
    simulator(load("ruian"), "search:playouts=1:width=2,smart,smart,smart").play_raw(3, 0, 3)
    assert calls == [1, 1, 1]
    calls.clear()
    simulator(load("ruian"), "smart").play_raw(3, 0, 3)
    assert calls == [3]


def test_smart_keeps_in_mind_the_hand_the_searched_discard_leaves(sim):
    """After a discard the search chose over smart's, smart's claims weigh the
    hand that discard left (its worth, bots.kept), not the one its own choice
    would have: early in a hand, where no danger bends smart's choice, that
    worth is at most its own choice's and below it for some; and a discard
    that keeps the hand's progress is no fold."""
    from ruian_sim.bots import dispatch

    work, rules = sim.work, sim.kernel_rules
    lower = weighed = 0
    for match in range(6):
        st, T, wk = mid_hand(sim, match, 2)
        s = int(T[T_SEAT])
        st.bots.bp[:, BL.BP_KIND] = BL.BOT_SMART
        own = copied(st)
        f = dispatch.discard(s, rules, own.wall, own.seats, own.table, own.bots, work, sim.values)
        mine = own.bots.kept[s, 0]
        held = [g for g in range(L.N_FACE) if st.seats.cnt[s, g] > 0 and g != f]
        for g in held:
            c = copied(st)
            c.bots.bp[s, BL.BP_KIND] = BL.BOT_SEARCH
            c.bots.bp[s, BL.BP_FORCED] = g + 2.0
            assert dispatch.discard(s, rules, c.wall, c.seats, c.table, c.bots, work, sim.values) == g
            kept = c.bots.kept[s, 0]
            assert kept <= mine + 1e-9, (match, g, kept, mine)
            assert c.bots.kept[s, 1] == own.bots.kept[s, 1]   # the same draws counted
            if c.seats.F[s, L.F_SHANTEN] == own.seats.F[s, L.F_SHANTEN]:
                assert c.seats.F[s, L.F_FOLDED] == st.seats.F[s, L.F_FOLDED]
            weighed += 1
            lower += kept < mine - 1e-9
    assert weighed >= 30 and lower >= weighed // 3, (weighed, lower)


def test_a_lead_must_hold_in_fresh_samples(sim):
    """``confirm``: a candidate that leads the policy's tile is kept only if it
    leads again in fresh samples.  The first look is the same with or without
    it, so the search leaves the policy's tile only where it would without the
    second look, for the same tile, and less often (a lead of half a standard
    error is enough here, so that leads are many)."""
    def choice(st, T, wk, confirm):
        c = copied(st)
        c.bots.bp[:, BL.BP_CONFIRM] = confirm
        c.bots.bp[:, BL.BP_SURE] = 0.5
        forced = decision(sim, c, T, wk) - 2
        first = int(sim.search.cands[0])
        return forced if forced >= -1 and forced != first else None

    left = {0.0: 0, 4.0: 0}
    for match in range(10):
        for turns in (3, 9, 15):
            at = mid_hand(sim, match, turns)
            if at is None:
                continue
            plain, confirmed = choice(*at, 0.0), choice(*at, 4.0)
            assert confirmed is None or confirmed == plain
            left[0.0] += plain is not None
            left[4.0] += confirmed is not None
    assert left[0.0] >= 3 and left[4.0] < left[0.0], left


def test_a_candidate_not_ahead_at_half_its_samples_plays_no_more(sim):
    """``prune``: at half the samples a candidate whose summed lead over the
    policy's tile is not above 0 stops there (its sums are those of the first
    half, which choose never takes); one ahead plays every sample, its sums
    exactly those without pruning (the samples are the same seeds)."""
    from ruian_sim.bots import dispatch
    from ruian_sim.engine.search import as_policy, candidates, leads

    sw, rules, work = sim.search, sim.kernel_rules, sim.work
    dropped = kept = 0
    for match in range(8):
        for turns in (3, 9, 15):
            at = mid_hand(sim, match, turns)
            if at is None:
                continue
            st, T, wk = at
            s = int(T[T_SEAT])
            c = copied(st)
            as_policy(c.bots.bp[s, BL.BP_ROLLOUT], rules, c.wall, c.seats, c.table, c.bots, T, sw)
            p = sw.state
            first = dispatch.discard(s, rules, p.wall, p.seats, p.table, p.bots, work, sim.values)
            k = candidates(s, first, 3, rules, c.seats, work, sw)

            def sums(m, prune):
                c.bots.bp[s, BL.BP_PRUNE] = prune
                assert leads(s, k, 0, m, np.uint64(7 + match), PH_DISCARD, 0, 1, 0, wk, rules, c.wall, c.seats,
                             c.table, c.bots, T.copy(), sw, work, sim.values)
                return sw.sums[1, :k].copy(), sw.sums[3, :k].copy()

            half, _ = sums(4, 0.0)
            full, _ = sums(8, 0.0)
            pruned, live = sums(8, 1.0)
            for i in range(1, k):
                if half[i] <= 0.0:
                    assert live[i] == 0.0 and pruned[i] == half[i], (match, turns, i)
                    dropped += 1
                else:
                    assert live[i] == 1.0 and pruned[i] == full[i], (match, turns, i)
                    kept += 1
    assert dropped >= 5 and kept >= 3, (dropped, kept)


SETTLED_ELSEWHERE = """\
extends: sichuan
name: sichuan-plain
scoring:
  kongs: {exposed: 0, added: 0, concealed: 0}
  draw: {ready: false, void_penalty: 0, refund_kongs: false}
"""


@pytest.mark.parametrize("game", ["taiwanese", "hangzhou", "fuzhou", "ruian-tai", "mcr", "sichuan-plain"])
def test_the_search_plays_every_game_whose_money_a_playout_settles(game, tmp_path):
    """Each built-in game the search does not refuse, and 血战's play after a win with its void
    suits (a user's Sichuan without kong money or the draw's settlement): whole matches, one
    search seat, no engine error (play_raw raises one)."""
    from ruian_sim.table.layout import C_WINNERS

    if game == "sichuan-plain":
        path = tmp_path / "sichuan-plain.yaml"
        path.write_text(SETTLED_ELSEWHERE, encoding="utf-8")
        game = str(path)
    sim = simulator(load(game), "search:playouts=1:width=2,smart,smart,smart")
    rows = sim.play_raw(5, 0, 2)
    assert len(rows) >= 2
    if "sichuan" in game:   # play went on after a first win in some hand
        assert max(bin(int(w)).count("1") for w in rows[:, C_WINNERS]) >= 2
