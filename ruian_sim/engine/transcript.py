"""A hand as readable text: dice, break, the turned wild, the deal, every
draw, discard, claim, kong and replacement, the end, the final hands.

The text is made from the engine's own event log (table/log.py), so it
shows exactly what the compiled engine did."""

from __future__ import annotations

from .. import tiles as T
from ..hand.spec import shape_names
from ..table import layout as L
from ..table.records import per_seat

WINDS = ("East", "South", "West", "North", "Fifth")


def seat_name(s: int) -> str:
    return f"S{s}"


def tile(k: int) -> str:
    return "?" if k < 0 else T.name(k)


def _names(mask: int, names) -> list[str]:
    return [n for i, n in enumerate(names) if mask & (1 << i)]


def raw_hand(cnt_row, wilds: int, wk: int, si: int) -> list[int]:
    """Raw kinds of a concealed hand kept by face (the stand-in back as itself)."""
    out = []
    for f, c in enumerate(cnt_row):
        k = si if (si >= 0 and f == wk) else f
        out += [k] * int(c)
    return sorted(out + [wk] * int(wilds))


def meld_text(mtype: int, face: int, wk: int, si: int) -> str:
    raw = si if (si >= 0 and face == wk) else face
    if mtype == L.MELD_CHI:
        return f"chi {T.format_kinds([face, face + 1, face + 2])}"
    kind = {L.MELD_PON: "pon", L.MELD_KONG_EXP: "kong", L.MELD_KONG_ADD: "added kong",
            L.MELD_KONG_CON: "concealed kong"}[mtype]
    n = 3 if mtype == L.MELD_PON else 4
    return f"{kind} {T.format_kinds([raw] * n)}"


def format_hand(spec, seed: int, match: int, hand: int, records, events, state,
                settlement=None) -> str:
    rules = spec.rules
    rec = records[hand]
    n = spec.seats
    wk = int(rec["wild"])
    si = rules.wild.stand_in if rules.wild.stand_in is not None and wk >= 0 and rules.wild.stand_in != wk else -1
    dealer = int(rec["dealer"])
    players = per_seat(records[hand:hand + 1], "player", n)[0]
    lines = [f"ruian-sim play: {rules.name} (rules hash {rules.hash}), seed {seed}, match {match}, hand {hand}",
             "Tiles: 1m-9m 万, 1p-9p 筒, 1s-9s 条, 1z-7z 东南西北白发中, 1f-8f flowers.",
             "Seats " + ", ".join(f"{seat_name(s)}=player {int(players[s])}" for s in range(n))
             + f"; dealer {seat_name(dealer)} in term {int(rec['streak'])}"
             + (f"; player {int(rec['sitting_out'])} sits out" if rec["sitting_out"] >= 0 else "")]
    dealt: dict[int, list[int]] = {}
    notes: list[str] = []
    dealing = True
    turn_no = 0

    def flush_deal():
        lines.append("Deal:")
        for s in sorted(dealt):
            lines.append(f"  {seat_name(s)}: {T.format_kinds(dealt[s])} ({len(dealt[s])} tiles)")
        lines.extend(notes)

    for code, s, t, a, b in events.tolist():
        if dealing and (code in (L.EV_DEAL, L.EV_FLOWER) or (code == L.EV_DRAW and a)):
            # the deal, with flowers laid aside and replaced (补花) before play
            if code == L.EV_DEAL:
                dealt.setdefault(s, []).append(t)
            elif code == L.EV_FLOWER:
                dealt[s].remove(t)
                notes.append(f"  {seat_name(s)} lays aside flower {tile(t)}")
            else:
                dealt[s].append(t)
                notes.append(f"  {seat_name(s)} draws {tile(t)} from the tail")
            continue
        if dealing and dealt:
            dealing = False
            flush_deal()
        if code == L.EV_DICE:
            who = "dealer" if b == 1 else "开门人"
            lines.append(f"Dice: {seat_name(s)} ({who}) throws {a}")
        elif code == L.EV_BREAK:
            lines.append(_break_line(spec.rules.wall, seat_name, s, t, a, b))
        elif code == L.EV_WILD:
            if a < 0:
                lines.append("Wild: none")
            else:
                src = {L.WILD_TURNED: "its kind is the wild", L.WILD_NEXT: "the kind after it is the wild",
                       L.WILD_FIXED: "the rules fix the wild"}[b]
                turned = f"turned {tile(t)}, " if t >= 0 else ""
                stand = f"; 白板 5z plays as {T.name(wk)}" if si >= 0 else ""
                lines.append(f"Wild (财神): {turned}{src}: {tile(a)}{stand}")
        elif code == L.EV_DRAW:
            if a:
                lines.append(f"      {seat_name(s)} draws {tile(t)} from the tail")
            else:
                lines.append(f"      {seat_name(s)} draws {tile(t)}")
        elif code == L.EV_FLOWER:
            lines.append(f"      {seat_name(s)} lays aside flower {tile(t)}")
        elif code == L.EV_DISCARD:
            turn_no += 1
            lines.append(f"{turn_no:4d}. {seat_name(s)} discards {tile(t)}")
        elif code == L.EV_CHI:
            lines.append(f"      {seat_name(s)} chis {tile(t)} from {seat_name(b)}: "
                         f"{T.format_kinds([a, a + 1, a + 2])}")
        elif code == L.EV_PON:
            lines.append(f"      {seat_name(s)} pons {tile(t)} from {seat_name(b)}")
        elif code == L.EV_KONG_EXP:
            lines.append(f"      {seat_name(s)} kongs {tile(t)} from {seat_name(b)}")
        elif code == L.EV_KONG_ADD:
            lines.append(f"      {seat_name(s)} adds {tile(t)} to a pon (added kong)")
        elif code == L.EV_KONG_CON:
            lines.append(f"      {seat_name(s)} declares a concealed kong of {tile(t)}")
        elif code == L.EV_PASS_WIN:
            lines.append(f"      {seat_name(s)} could win{' on ' + tile(t) if t >= 0 else ''} and passes")
        elif code == L.EV_HAIDI:
            lines.append(f"      海底: {seat_name(s)} receives {tile(t)} (win or pass only)")
        elif code == L.EV_EXCHANGE:
            lines.append(f"      换三张: {seat_name(s)} passes {tile(t)} to {seat_name(b)}")
        elif code == L.EV_VOID:
            lines.append(f"      定缺: {seat_name(s)} names {'mps'[a]} its void suit")
        elif code == L.EV_PENALTY:
            lines.append(f"      跟风: {seat_name(s)} started a run of four {tile(t)} and pays the penalty")
        elif code == L.EV_WIN:
            shapes = ", ".join(_names(a, shape_names(rules)))
            facts = ", ".join(_names(b, L.FACT_NAMES))
            on = f" on {tile(t)}" if t >= 0 else ""
            lines.append(f"      {seat_name(s)} wins{on}: {shapes}" + (f" ({facts})" if facts else ""))
        elif code == L.EV_ROB_GOLD:
            lines.append(f"      抢金: {seat_name(s)} takes the turned {tile(t)} as a wild")
        elif code == L.EV_READY:
            lines.append("      查叫: " + {L.READY_YES: f"{seat_name(s)} is ready, valued on {tile(t)}",
                                          L.READY_NO: f"{seat_name(s)} is not ready",
                                          L.READY_VOID: f"{seat_name(s)} still holds its void suit (花猪)"}[a])
        elif code == L.EV_END:
            lines.append(f"End: {L.OUTCOME_NAMES[a].replace('_', ' ')}")
    lines += _ending(rec, n, wk, shape_names(rules))
    lines.append("Final hands:")
    cnt, F, melds = state.seats.cnt, state.seats.F, state.seats.melds
    for s in range(n):
        conc = T.format_kinds(raw_hand(cnt[s], F[s, L.F_W], wk, si))
        ms = [meld_text(int(melds[s, i, 0]), int(melds[s, i, 1]), wk, si)
              for i in range(min(int(F[s, L.F_NMELD]), L.MAX_MELDS))]
        extra = f" | melds: {', '.join(ms)}" if ms else ""
        fl = f" | flowers: {int(F[s, L.F_FLOWERS])}" if F[s, L.F_FLOWERS] else ""
        wild = f" | wilds held: {int(F[s, L.F_W])}" if F[s, L.F_W] else ""
        lines.append(f"  {seat_name(s)}: {conc}{extra}{fl}{wild}")
    if settlement is not None:
        lines += _settlement_lines(settlement, players)
    return "\n".join(lines) + "\n"


def _settlement_lines(st, players) -> list[str]:
    out = ["Scores:"]
    for s, names, times in st.entries:
        items = f"scoring items {names}" if names else "no scoring item"
        out.append(f"  {seat_name(s)} wins: {items}, times ×{times}")
    if not st.entries:
        out.append("  no winner: no scoring item applies")
    for s, v in enumerate(st.points):
        out.append(f"  {seat_name(s)} (player {int(players[s])}): {v:+d}")
    return out


def _break_line(wall, seat_name, opener: int, at: int, count: int, side: int) -> str:
    """Where the dice count ends: ``at`` is the break stack's index in the wall
    of ``side``, from that wall's left end (table/wall.py)."""
    cw = wall.count == "clockwise"
    start = "right" if cw else "left"
    nth = wall.stacks_per_side - at if cw else at + 1
    on = "its own wall" if side == opener else f"the wall in front of {seat_name(side)}"
    return (f"Break: 开门人 {seat_name(opener)} counts {count} stacks {wall.count} from the {start} end of "
            f"its wall; the count ends on {on}, stack {nth} from its {start} end; "
            f"drawing starts at the next stack and goes {wall.draw}, replacements come from the other end")


def _ending(rec, n: int, wk: int, shapes_of: tuple[str, ...]) -> list[str]:
    out = int(rec["outcome"])
    if out in L.WIN_OUTCOMES:
        # in the order they won (play may go on after a win: end.after_wins)
        winners = sorted((s for s in range(n) if int(rec["winners"]) >> s & 1),
                         key=lambda s: int(rec[f"win_order_{s}"]))
        several = len({int(rec[f"win_order_{s}"]) for s in winners}) > 1
        out_lines = []
        for s in winners:
            shapes = _names(int(rec[f"shapes_{s}"]), shapes_of)
            hard = "hard" if int(rec[f"hard_{s}"]) else "soft"
            facts = _names(int(rec[f"facts_{s}"]), L.FACT_NAMES)
            frm = int(rec[f"win_from_{s}"])
            by = f", discarder {seat_name(frm)}" if frm >= 0 else ""
            head = f"Win {int(rec[f'win_order_{s}'])}" if several else "Winner"
            out_lines.append(f"{head}: {seat_name(s)} — {', '.join(shapes)}, {hard}; "
                             f"{', '.join(facts)}{by}; wilds held {int(rec[f'wilds_{s}'])}")
        return out_lines
    return [f"No winner ({L.OUTCOME_NAMES[out].replace('_', ' ')}); "
            f"{int(rec['wall_left'])} normal draws were left"]


def play_text(sim, seed: int, match: int, hand: int, settle=None) -> str | None:
    """The transcript of one hand; ``settle(record)``, when given, returns the
    hand's Settlement (scoring sits above the engine, so it is passed in)."""
    got = sim.replay(seed, match, hand)
    if got is None:
        return None
    records, events, state = got
    settlement = settle(records[hand:hand + 1]) if settle else None
    return format_hand(sim.spec, seed, match, hand, records, events, state, settlement)


__all__ = ["format_hand", "play_text", "raw_hand"]
