"""Writes the 1872 review set: for each rule, a save that breaks it and nothing else (<rule>-bad.yaml)
and its corrected twin (<rule>-good.yaml). The saves are the careful player's seeded games cut short
after the day that matters, with one field changed; the header of each file says which rule it tests,
which seed and day it comes from, whether its check holds with and without `rolls:` and, for a bad
one, words the validator's message must contain.

    python tests/data/review/1872/make.py     # rewrites the files beside this script

The rules come from the source (000_cb9a9ce6659a045c.txt) and, where it is silent, from the rulings
in lostprint.games.lost_crows; a case that tests a ruling says so.
"""
from __future__ import annotations

import copy
from pathlib import Path

import yaml

from lostprint.engine import lost_crows as eng
from lostprint.games import lost_crows_plots as plots
from lostprint.games.lost_crows import RULES
from lostprint.players.lost_crows import Chief, played
from lostprint.saves.rules_1872 import save_of as transcript

HERE = Path(__file__).resolve().parent
SEEDS = range(0, 400)


class Traced(Chief):
    """The careful player, keeping the state before and after every day."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.seed = seed

    def play(self, limit: int = 80) -> dict:
        final, events = played(self, limit)
        dawns = [i for i, e in enumerate(events) if e.step == "dawn"]
        self.before = [events[i].before.st for i in dawns]
        self.maps = [dict(events[i].before.terrain) for i in dawns]
        self.after = [events[j - 1].state.st for j in dawns[1:]] + [final.st]
        self.st, self.terrain = final.st, final.terrain
        self.days = transcript(events, final)["days"]
        return {"days": self.days, "result": final.over[0] if final.over else "unfinished"}


GAMES: dict = {}


def game(seed: int) -> Traced:
    if seed not in GAMES:
        g = Traced(seed)
        g.play()
        GAMES[seed] = g
    return GAMES[seed]


class Steered(Traced):
    """The careful player steered where the rules leave a choice or a die it never takes: `prefer` lists
    plot outcomes and vision terrains to take where offered, `vision_roll` is the Vision Quest's die."""

    def __init__(self, seed: int, prefer: tuple = (), vision_roll: int | None = None):
        super().__init__(seed)
        self.prefer, self.vision_roll = prefer, vision_roll
        self.who = f"careful player steered to {', '.join(prefer)}" + (f" (vision die {vision_roll})"
                                                                       if vision_roll else "")

    def decide(self, game, step, need):
        if need.key == "vision":
            return next((t for t in self.prefer if t in step.options(game)), None) or super().decide(game, step, need)
        if need.key == "plot choice":
            item = game.agenda[0]
            enc = eng.encounter_of(f"{item[eng.FIRST]}{item[eng.SECOND]}")
            picks = [i for i, c in enumerate(enc.choices) if c.outcome in self.prefer]
            if picks and picks[0] in step.options(game):
                return picks[0]
        return super().decide(game, step, need)

    def target(self) -> str:
        """With "home" preferred: straight for Canada once the Mountie is found (44A); with "E first", to
        plot hex E before the others."""
        if "home" in self.prefer and self.st.mountie == -1:
            return self.plan.route(self.st.pos, ())[0]
        first = [letter for letter in RULES.plot_letters if f"{letter} first" in self.prefer]
        if first and not self.st.done(first[0]):
            return self.land.plots[first[0]]
        return super().target()

    def roll(self, need):
        return self.vision_roll if need.key == "vision" and self.vision_roll else super().roll(need)


def steered(seeds, prefer: tuple, vision_roll: int | None = None):
    """The steered games of these seeds, each played once."""
    for seed in seeds:
        key = (seed, prefer, vision_roll)
        if key not in GAMES:
            g = Steered(seed, prefer, vision_roll)
            g.play()
            GAMES[key] = g
        yield GAMES[key]


def save_of(g: Traced, last: int, outcome: dict | None = None) -> dict:
    """The game's save, days 1..last+1 (an index), without its outcome unless given."""
    out = {"format": "lostprint-save/1", "game": "lost-crows", "map": "standard",
           "days": copy.deepcopy(g.days[:last + 1])}
    if outcome:
        out["outcome"] = outcome
    return out


def find(test, games=None):
    """The first (game, day index) where test(game, i) holds, of the careful player's games or `games`."""
    for g in games or (game(seed) for seed in SEEDS):
        for i in range(len(g.days)):
            if test(g, i):
                return g, i
    raise LookupError("no such day")


CASES: list = []


def case(rule: str, source: str, rolls: str, expect: str):
    """rolls: both (the check holds with and without `rolls:`) or with (only the recorded dice show it)."""
    def wrap(fn):
        CASES.append((rule, source, rolls, expect, fn))
        return fn
    return wrap


def moved(d):
    return d.get("moved", [])


def crossed(g, i):
    path = [g.before[i].pos] + moved(g.days[i])
    return [(a, b) for a, b in zip(path, path[1:]) if eng.crossing(g.land, a, b)]


# --- movement and its price -------------------------------------------------------------------------

@case("move-unmapped", "Phase 3: you can only move to mapped hexes", "both", "is not mapped yet")
def _(g=None):
    def ok(g, i):
        d = g.days[i]
        return len(moved(d)) == 1 and any(n not in g.after[i] and n not in g.maps[i] and n not in d.get("mapped", {})
                                          for n in g.land.neighbors[moved(d)[0]])
    g, i = find(lambda g, i: len(moved(g.days[i])) == 1 and i > 0)
    bad = save_of(g, i)
    d = bad["days"][i]
    here = d["moved"][0]
    mapped = set(g.maps[i]) | set(d.get("mapped", {}))
    blank = next(n for n in g.land.neighbors[here] if n not in mapped and n not in g.land.fort)
    d["moved"] = [here, blank]
    return g, i, bad, save_of(g, i)


@case("move-not-adjacent", "Phase 3: trace the route from hex to hex", "both", "is not next to")
def _():
    g, i = find(lambda g, i: len(moved(g.days[i])) >= 1 and i > 2)
    bad = save_of(g, i)
    d = bad["days"][i]
    start = g.before[i].pos
    mapped = set(g.maps[i]) | set(d.get("mapped", {}))
    far = next(lab for lab in sorted(mapped) if lab not in g.land.neighbors[start] and lab != start)
    d["moved"] = [far]
    return g, i, bad, save_of(g, i)


@case("terrain-cost", "Phase 3: Forest costs 2 Movement and 1 Food to enter", "with",
      "movement is")
def _():
    g, i = find(lambda g, i: len(moved(g.days[i])) == 1 and g.after[i].values[eng.MOVEMENT] < 5
                and g.maps[i].get(moved(g.days[i])[0], g.days[i].get("mapped", {}).get(moved(g.days[i])[0])) == "forest"
                and not crossed(g, i) and not g.days[i].get("marks"))
    bad = save_of(g, i)
    bad["days"][i]["resources"]["movement"] += 1  # paid as a Plains
    return g, i, bad, save_of(g, i)


@case("river-unpaid", "Map guide and movement table: a river costs 1 extra Movement (or Resolve) to cross",
      "with", "")
def _():
    g, i = find(lambda g, i: crossed(g, i) and not g.after[i].vision and g.after[i].over is None
                and g.days[i]["resources"]["movement"] < 6 and g.days[i]["resources"]["resolve"] < 6)
    bad = save_of(g, i)
    r = bad["days"][i]["resources"]
    r["movement" if g.before[i].values[eng.MOVEMENT] - g.after[i].values[eng.MOVEMENT] > 0 else "resolve"] += 1
    return g, i, bad, save_of(g, i)


@case("river-paid-twice", "Movement table: 1 extra Movement OR Resolve per crossing, not both", "with", "")
def _():
    g, i = find(lambda g, i: len(crossed(g, i)) == 1 and not g.after[i].vision and g.after[i].over is None
                and g.after[i].values[eng.RESOLVE] > 1 and g.after[i].values[eng.MOVEMENT] >= 0)
    bad = save_of(g, i)
    bad["days"][i]["resources"]["resolve"] -= 1
    good = save_of(g, i)
    return g, i, bad, good


@case("river-paid-in-resolve", "Ruling river-price (house): the crossing may be paid in Resolve instead of "
      "Movement; the good twin pays Resolve, the bad one pays nothing", "with", "")
def _():
    # a crossing the player paid in Movement; the good twin pays Resolve instead (same day, one move)
    def ok(g, i):
        d = g.days[i]
        if len(crossed(g, i)) != 1 or len(moved(d)) != 1 or g.after[i].vision or g.after[i].over or d.get("marks"):
            return False
        return g.after[i].values[eng.RESOLVE] >= 2 and g.after[i].values[eng.MOVEMENT] < g.after[i].caps[eng.MOVEMENT]
    g, i = find(ok)
    good = save_of(g, i)
    r = good["days"][i]["resources"]
    # check by the engine below that the Movement pay was chosen (the player prefers the cheaper)
    r["movement"] += 1
    r["resolve"] -= 1
    bad = copy.deepcopy(good)
    bad["days"][i]["resources"]["resolve"] += 1
    return g, i, bad, good


@case("plot-stop", "Phase 3: on first entering a plot hex you must immediately STOP", "both",
      "stops on first entering a plot hex")
def _():
    def ok(g, i):
        d = g.days[i]
        return d.get("marks") and moved(d) and moved(d)[-1] in g.land.plot_at and g.after[i].over is None
    g, i = find(ok)
    bad = save_of(g, i)
    d = bad["days"][i]
    plot_hex = d["moved"][-1]
    mapped = set(g.maps[i]) | set(d.get("mapped", {}))
    nxt = next((n for n in g.land.neighbors[plot_hex] if n in mapped and n not in d["moved"]
                and n != g.before[i].pos), None)
    if nxt is None:
        nxt = next(n for n in g.land.neighbors[plot_hex] if n in mapped)
    d["moved"] = d["moved"] + [nxt]
    return g, i, bad, save_of(g, i)


@case("idle-resolve", "Phase 3: if you do not move, lose 1 Resolve", "with", "no legal roll and choice gives")
def _():
    g, i = find(lambda g, i: not moved(g.days[i]) and i > 0 and g.days[i]["resources"]["resolve"] < 6
                and g.after[i].over is None)
    bad = save_of(g, i)
    bad["days"][i]["resources"]["resolve"] += 1
    return g, i, bad, save_of(g, i)


@case("fort-zone", "Map guide: start a turn in the fort's zone of control, Proximity -1", "with",
      "no legal roll and choice gives")
def _():
    g, i = find(lambda g, i: g.before[i].pos in g.land.zone and g.days[i]["resources"]["proximity"] < 6
                and g.after[i].over is None)
    bad = save_of(g, i)
    bad["days"][i]["resources"]["proximity"] += 1
    return g, i, bad, save_of(g, i)


@case("fort-impassable", "Map guide: Fort Benton is impassable; ruling fort-blank (house): no map icon "
      "colours it before 12A", "both", "Fort Benton")
def _():
    fort = next(iter(game(0).land.fort))

    def ok(g, i):
        d = g.days[i]
        return g.before[i].pos in g.land.neighbors[fort] and d.get("mapped") and fort not in g.maps[i]
    g, i = find(ok)
    bad = save_of(g, i)
    d = bad["days"][i]
    lab = next(lab for lab in d["mapped"] if lab in g.land.neighbors[g.before[i].pos])
    d["mapped"] = {(fort if k == lab else k): v for k, v in d["mapped"].items()}
    return g, i, bad, save_of(g, i)


# --- the map -------------------------------------------------------------------------------------

@case("map-two-away", "Unit chart: colour an adjacent unmapped hex; two hexes away only if all adjacent are "
      "mapped", "both", "two hexes from")
def _():
    def ok(g, i):
        d = g.days[i]
        start = g.before[i].pos
        return d.get("mapped") and any(lab in g.land.neighbors[start] for lab in d["mapped"]) and any(
            n not in g.maps[i] and n not in d["mapped"] and n not in g.land.fort for n in g.land.neighbors[start])
    g, i = find(ok)
    bad = save_of(g, i)
    d = bad["days"][i]
    start = g.before[i].pos
    lab = next(lab for lab in d["mapped"] if lab in g.land.neighbors[start])
    mapped = set(g.maps[i]) | set(d["mapped"])
    far = next(m for m in g.land.far[start] if m not in mapped)
    d["mapped"] = {(far if k == lab else k): v for k, v in d["mapped"].items()}
    return g, i, bad, save_of(g, i)


@case("map-count", "Unit chart: each map icon colours one hex", "with", "cannot colour")
def _():
    def ok(g, i):
        d = g.days[i]
        start = g.before[i].pos
        return d.get("mapped") and any(n not in g.maps[i] and n not in d["mapped"] and n not in g.land.fort
                                       and n not in g.land.goals for n in g.land.neighbors[start]) \
            and not moved(d) == [] and g.after[i].over is None
    g, i = find(ok)
    bad = save_of(g, i)
    d = bad["days"][i]
    start = g.before[i].pos
    extra = next(n for n in g.land.neighbors[start] if n not in g.maps[i] and n not in d["mapped"]
                 and n not in g.land.fort and n not in g.land.goals)
    d["mapped"] = dict(d["mapped"], **{extra: "plains"})
    return g, i, bad, save_of(g, i)


@case("canada-terrain", "Canada: both hexes share the same terrain; ruling canada-terrain (house): no map icon "
      "colours one unlike its mapped twin", "both", "Canada's double hex")
def _():
    def ok(g, i):
        d = g.days[i].get("mapped", {})
        return any(lab in d and twin in g.maps[i] and d[lab] == g.maps[i][twin] and any(
            t != d[lab] and other not in g.land.goals for other, t in d.items())
            for lab, twin in (g.land.goals, g.land.goals[::-1]))
    g, i = find(ok)
    bad = save_of(g, i)
    d = bad["days"][i]["mapped"]
    lab = next(lab for lab in g.land.goals if lab in d)
    other = next(o for o, t in d.items() if t != d[lab] and o not in g.land.goals)
    d[lab], d[other] = d[other], d[lab]
    return g, i, bad, save_of(g, i)


# --- weather: the Bad Omens ----------------------------------------------------------------------

def omen_day(g, i, low):
    return any(o in (low, low + 1) for o in g.days[i].get("rolls", {}).get("omens", []))


@case("thunderstorm", "Bad Omen 15-16: Movement cost doubled this turn (ruling thunderstorm: Movement only)",
      "with", "movement is")
def _():
    g, i = find(lambda g, i: omen_day(g, i, 15) and moved(g.days[i]) and g.after[i].over is None
                and not g.days[i].get("marks") and not eng.power(g.before[i]).storm_immune)
    bad = save_of(g, i)
    terrain = dict(g.maps[i], **g.days[i].get("mapped", {}))
    bad["days"][i]["resources"]["movement"] += sum(RULES.cost(terrain[lab]).movement for lab in moved(g.days[i]))
    return g, i, bad, save_of(g, i)


@case("hailstorm", "Bad Omen 23-24: no movement this turn", "with", "no movement this turn")
def _():
    g, i = find(lambda g, i: omen_day(g, i, 23) and not moved(g.days[i]) and g.after[i].over is None
                and i + 1 < len(g.days))
    bad = save_of(g, i)
    d = bad["days"][i]
    start = g.before[i].pos
    mapped = set(g.maps[i]) | set(d.get("mapped", {}))
    d["moved"] = [next(n for n in g.land.neighbors[start] if n in mapped)]
    return g, i, bad, save_of(g, i)


@case("bad-luck", "Bad Omen 21-22: lose 2 of your lowest resource (ruling bad-luck: a primary, never Movement)",
      "with", "")
def _():
    def ok(g, i):
        if not omen_day(g, i, 21) or g.after[i].over is not None:
            return False
        return g.days[i]["resources"]["movement"] >= 2
    g, i = find(ok)
    good = save_of(g, i)
    bad = save_of(g, i)
    r = bad["days"][i]["resources"]
    before = g.before[i]
    low = min(eng.PRIMARY, key=lambda k: before.value(k))
    r[low] = min(r[low] + 2, g.after[i].cap(low))
    r["movement"] -= 2
    return g, i, bad, good


@case("cursed-land", "Bad Omen 41-42: you cannot enter the adjacent hex to the north next turn (ruling "
      "cursed-land: north of where that turn starts)", "with", "Cursed Land")
def _():
    def ok(g, i):
        if i == 0 or not omen_day(g, i - 1, 41) or g.after[i].over is not None:
            return False
        north = g.land.north.get(g.before[i].pos)
        return north is not None and north in g.maps[i] and north not in g.land.fort
    g, i = find(ok)
    bad = save_of(g, i)
    d = bad["days"][i]
    d["moved"] = [g.land.north[g.before[i].pos]]
    return g, i, bad, save_of(g, i)


# --- plot hexes ----------------------------------------------------------------------------------

def plot_day(g, i):
    return bool(g.days[i].get("marks"))


@case("plot-unrolled", "Plot hexes: roll 1d6 on first entering a lettered hex", "both", "record its roll")
def _():
    g, i = find(lambda g, i: plot_day(g, i) and g.after[i].over is None)
    bad = save_of(g, i)
    del bad["days"][i]["marks"]
    return g, i, bad, save_of(g, i)


@case("plot-twice", "Plot hexes: only 1 roll per letter per game", "both", "once per game")
def _():
    g, i = find(lambda g, i: plot_day(g, i) and g.after[i].over is None and i > 0
                and any(plot_day(g, j) for j in range(i)))
    j = max(j for j in range(i) if plot_day(g, j))
    bad = save_of(g, i)
    first = bad["days"][j]["marks"][0]["plot"]
    bad["days"][i]["marks"][0]["plot"]["letter"] = first["letter"]
    return g, i, bad, save_of(g, i)


@case("plot-outcome", "Plot tables: each choice goes to its own numbered outcome", "both", "leads to")
def _():
    def ok(g, i):
        if not plot_day(g, i) or g.after[i].over is not None:
            return False
        p = g.days[i]["marks"][0]["plot"]
        return "outcome" in p and p.get("choice")
    g, i = find(ok)
    bad = save_of(g, i)
    p = bad["days"][i]["marks"][0]["plot"]
    enc = plots.encounter(f"{p['letter']}{p['roll']}")
    other = next(o.code for o in plots.OUTCOMES if o.code not in {c.outcome for c in enc.choices})
    p["outcome"] = other
    return g, i, bad, save_of(g, i)


@case("plot-effect", "Plot outcomes: an outcome's resources are applied (07A: gain 2 Food, lose 1 Proximity...)",
      "with", "")
def _():
    def ok(g, i):
        if not plot_day(g, i) or g.after[i].over is not None:
            return False
        p = g.days[i]["marks"][0]["plot"]
        out = p.get("outcome")
        return out and any(e.op == "add" and e.key == "proximity" for e in plots.outcome(out).effects) \
            and 0 < g.days[i]["resources"]["proximity"] < 6
    g, i = find(ok)
    bad = save_of(g, i)
    out = plots.outcome(bad["days"][i]["marks"][0]["plot"]["outcome"])
    n = sum(e.n for e in out.effects if e.op == "add" and e.key == "proximity")
    bad["days"][i]["resources"]["proximity"] -= n  # the outcome's Proximity not applied
    r = bad["days"][i]["resources"]
    r["proximity"] = max(0, min(6, r["proximity"]))
    return g, i, bad, save_of(g, i)


@case("plot-d4", "D4 Ambush: Resolve greater than 3 goes to 22A, 3 or less to 45A", "both", "D4")
def _():
    def ok(g, i):
        return any(m["plot"]["letter"] == "D" and m["plot"].get("roll") == 4 for m in g.days[i].get("marks", ())) \
            and g.after[i].over is None
    g, i = find(ok)
    bad = save_of(g, i)
    p = bad["days"][i]["marks"][0]["plot"]
    enc = plots.encounter("D4")
    c = next(c for c in enc.choices if c.outcome != p["outcome"])
    p["choice"], p["outcome"] = c.text, c.outcome
    return g, i, bad, save_of(g, i)


# --- crows, the vision quest, spirit dancers ------------------------------------------------------

@case("crow-terrain", "Crow icon: colour a Crow to match the terrain you currently occupy", "both",
      "terrain the tribe stands in")
def _():
    g, i = find(lambda g, i: g.days[i].get("crows") and g.after[i].over is None and not g.days[i].get("vision"))
    bad = save_of(g, i)
    d = bad["days"][i]
    terrain = dict(g.maps[i], **d.get("mapped", {}))
    stood = {terrain.get(lab) for lab in [g.before[i].pos] + moved(d)}
    d["crows"] = [next(t for t in ("plains", "forest", "mountains") if t not in stood)] + d["crows"][1:]
    return g, i, bad, save_of(g, i)


@case("crow-count", "Crow icon: one Crow per crow icon", "with", "Crows coloured")
def _():
    g, i = find(lambda g, i: g.days[i].get("crows") and g.after[i].over is None and not g.after[i].vision
                and len(g.after[i].crows) < RULES.crows_for_vision - 1)
    bad = save_of(g, i)
    d = bad["days"][i]
    d["crows"] = d["crows"] + d["crows"][:1]
    return g, i, bad, save_of(g, i)


@case("vision-missing", "Vision Quest: once you have acquired your seventh Crow, roll on the Vision Quest chart",
      "both", "record vision")
def _():
    g, i = find(lambda g, i: "vision" in g.days[i] and g.after[i].over is None)
    bad = save_of(g, i)
    del bad["days"][i]["vision"]
    return g, i, bad, save_of(g, i)


@case("vision-terrain", "Vision Quest: consult the table of the terrain with the most colored Crows", "both",
      "the terrain with the most Crows")
def _():
    def ok(g, i):
        if "vision" not in g.days[i] or g.after[i].over is not None:
            return False
        first = g.after[i].crows[:RULES.crows_for_vision]
        return len(eng.vision_terrains(g.after[i]._replace(vision=None, crows=first))) == 1
    g, i = find(ok)
    bad = save_of(g, i)
    v = bad["days"][i]["vision"]
    v["terrain"] = next(t for t in ("plains", "forest", "mountains") if t != v["terrain"])
    return g, i, bad, save_of(g, i)


@case("spirit-dancers", "Spirit Dancers: two, each used once per game", "both", "Spirit Dancers")
def _():
    g, i = find(lambda g, i: g.days[i].get("spirit-dancers") and g.after[i].dancers == RULES.spirit_dancers
                and g.after[i].over is None and eng.power(g.after[i]).storm_dancers == "")
    j = next(j for j in range(i + 1, len(g.days)) if g.after[j].over is None)
    bad = save_of(g, j)
    bad["days"][j]["spirit-dancers"] = 1
    return g, j, bad, save_of(g, j)


@case("fever-order", "Fever: on the next two turns the first 2d6 rolled must be placed in the Shaman's boxes "
      "(recorded as rolls.order)", "with", "Fever")
def _():
    g, i = find(lambda g, i: g.before[i].fever > 0 and not eng.discards(g.before[i]) and g.after[i].over is None)
    good = save_of(g, i)
    units = list(eng.UNITS)
    order = ["shaman", "shaman"] + [u for u in units if u != "shaman" for _ in range(2)]
    good["days"][i]["rolls"]["order"] = order
    bad = copy.deepcopy(good)
    bad["days"][i]["rolls"]["order"] = order[2:4] + order[:2] + order[4:]
    return g, i, bad, good


# --- caps and floors ----------------------------------------------------------------------------

@case("cap", "Set up: none of the tracking boxes can exceed 6, or a lowered maximum", "both",
      "cap is")
def _():
    g, i = find(lambda g, i: any(c < 6 for c in g.after[i].caps[:3]) and g.after[i].over is None)
    bad = save_of(g, i)
    k = next(k for k, c in zip(eng.KEYS, g.after[i].caps) if c < 6)
    bad["days"][i]["resources"][k] = g.after[i].cap(k) + 1
    return g, i, bad, save_of(g, i)


@case("cap-change", "Bad Omen 13-14/33-34/35-36: a maximum falls by 1", "with", "maximum")
def _():
    g, i = find(lambda g, i: g.days[i].get("caps") and g.after[i].over is None)
    bad = save_of(g, i)
    d = bad["days"][i]
    k = next(iter(d["caps"]))
    d["caps"][k] -= 1
    r = d["resources"]
    r[k] = min(r[k], d["caps"][k])
    return g, i, bad, save_of(g, i)


@case("floor", "How to lose: a resource stops at 0 (it is never negative)", "both", "")
def _():
    g, i = find(lambda g, i: i > 1 and g.after[i].over is None)
    bad = save_of(g, i)
    bad["days"][i]["resources"]["movement"] = -1
    return g, i, bad, save_of(g, i)


# --- winning, losing, the score ----------------------------------------------------------------

@case("lost-at-zero", "How to lose: a primary resource at 0 at the end of a turn loses the game", "both",
      "recorded as won")
def _():
    g, i = find(lambda g, i: g.after[i].over is not None and g.after[i].over[0] == "lost")
    bad = save_of(g, i, {"result": "won"})
    return g, i, bad, save_of(g, i, {"result": "lost"})


@case("play-after-loss", "How to lose: the game ends when it is lost", "both", "over")
def _():
    g, i = find(lambda g, i: g.after[i].over is not None and g.after[i].over[0] == "lost" and i > 3)
    bad = save_of(g, i)
    extra = copy.deepcopy(bad["days"][i - 1])
    extra["day"] = i + 2
    extra.pop("marks", None)
    extra.pop("moved", None)
    extra.pop("mapped", None)
    extra.pop("crows", None)
    extra.pop("vision", None)
    bad["days"].append(extra)
    return g, i, bad, save_of(g, i, {"result": "lost"})


@case("won-needs-plots", "How to win: reach Canada after visiting the 5 plot hexes", "both", "")
def _():
    g, i = find(lambda g, i: g.after[i].over is not None and g.after[i].over[0] == "won")
    bad = save_of(g, i, {"result": "won"})
    # the last plot visited before the win is left out: its hex entered without a roll is refused too
    j = max(j for j in range(i) if plot_day(g, j))
    del bad["days"][j]["marks"]
    return g, i, bad, save_of(g, i, {"result": "won"})


@case("score", "Scoring: 1 point per hex travelled, plus 2 per coloured Crow on a win (ruling score-steps)",
      "both", "outcome.score")
def _():
    g, i = find(lambda g, i: g.after[i].over is not None and g.after[i].over[0] == "won")
    total = sum(p for _, p in eng.score(g.after[i]))
    good = save_of(g, i, {"result": "won", "score": total})
    bad = save_of(g, i, {"result": "won", "score": total + 1})
    return g, i, bad, good


# --- Bad Omens: rolled when, and only when, a unit's cell calls for one (the search over the engine) ---

@case("omen-missing", "Phase 2: a Bad Omen icon rolls 2d6 on the Bad Omen chart", "with", "Bad Omen rolls")
def _():
    g, i = find(lambda g, i: g.days[i].get("rolls", {}).get("omens") and g.after[i].over is None)
    bad = save_of(g, i)
    del bad["days"][i]["rolls"]["omens"]
    return g, i, bad, save_of(g, i)


@case("omen-extra", "Phase 2: the Bad Omen chart is rolled only for a Bad Omen icon", "with", "Bad Omen rolls")
def _():
    g, i = find(lambda g, i: i > 0 and "omens" not in g.days[i].get("rolls", {}) and g.after[i].over is None)
    bad = save_of(g, i)
    bad["days"][i]["rolls"]["omens"] = [RULES.omens[0].low]
    return g, i, bad, save_of(g, i)


# --- further rules, one case each (added by the second review) -----------------------------------------

def only_omen(g, i, low):
    """Day i rolled exactly one Bad Omen and it was low-low+1."""
    omens = g.days[i].get("rolls", {}).get("omens", [])
    return len(omens) == 1 and omens[0] in (low, low + 1)


def unit_diff(g, i, unit):
    """The difference the unit's two boxes gave on day i (as the recorded dice stand), or None."""
    units = g.days[i].get("rolls", {}).get("units")
    if not units or g.days[i].get("spirit-dancers") or g.days[i].get("rolls", {}).get("order") or g.before[i].fever:
        return None
    k = eng.UNITS.index(unit)
    return units[2 * k] - units[2 * k + 1]


def raised(key, n):
    """A finder's change: the day's recorded `key` left n higher than played (the effect not applied)."""
    def change(g, i):
        bad = save_of(g, i)
        bad["days"][i]["resources"][key] += n
        return g, i, bad, save_of(g, i)
    return change


def room(g, i, key, n):
    return g.days[i]["resources"][key] + n <= g.after[i].cap(key) and g.after[i].over is None


@case("windstorm", "Bad Omen 11-12: Windstorm, lose 1 Movement Progress", "with", "movement is")
def _():
    return raised("movement", 1)(*find(lambda g, i: only_omen(g, i, 11) and room(g, i, "movement", 1)))


@case("heatwave", "Bad Omen 25-26: Heatwave, lose 2 Resolve", "with", "resolve is")
def _():
    return raised("resolve", 2)(*find(lambda g, i: only_omen(g, i, 25) and room(g, i, "resolve", 2)))


@case("settlers", "Bad Omen 31-32: American Settlers, lose 2 Proximity", "with", "proximity is")
def _():
    return raised("proximity", 2)(*find(lambda g, i: only_omen(g, i, 31) and room(g, i, "proximity", 2)))


@case("traitors", "Bad Omen 13-14: Traitors, reduce your maximum Proximity by 1 (the save records the new cap)",
      "with", "proximity maximum")
def _():
    g, i = find(lambda g, i: only_omen(g, i, 13) and g.after[i].over is None and g.days[i].get("caps"))
    bad = save_of(g, i)
    del bad["days"][i]["caps"]
    return g, i, bad, save_of(g, i)


@case("plains-food", "Phase 3: Plains cost 1 Movement and 2 Food to enter", "with", "food is")
def _():
    def ok(g, i):
        d = g.days[i]
        terrain = dict(g.maps[i], **d.get("mapped", {}))
        return len(moved(d)) == 1 and terrain.get(moved(d)[0]) == "plains" and not crossed(g, i) \
            and not d.get("marks") and not d.get("rolls", {}).get("omens") and room(g, i, "food", 1)
    return raised("food", 1)(*find(ok))


@case("warriors-4", "Unit chart: Warriors at difference 4 lose 1 Resolve", "with", "no legal roll and choice gives")
def _():
    return raised("resolve", 1)(*find(lambda g, i: unit_diff(g, i, "warriors") == 4 and room(g, i, "resolve", 1)))


@case("chief-4", "Unit chart: the Chief at difference 4 loses 1 Proximity and 1 Resolve", "with", "proximity is")
def _():
    return raised("proximity", 1)(*find(lambda g, i: unit_diff(g, i, "chief") == 4 and room(g, i, "proximity", 1)))


@case("fever-resolve", "Unit chart: the Shaman at difference 4 is hurt or fevered, Resolve -1", "with", "resolve is")
def _():
    return raised("resolve", 1)(*find(lambda g, i: unit_diff(g, i, "shaman") == 4 and room(g, i, "resolve", 1)
                                      and g.before[i].vision is None))


@case("vision-once", "Crow icon: a player can only have one Vision Quest per game", "both", "only one Vision Quest")
def _():
    g, i = find(lambda g, i: "vision" in g.days[i] and g.after[i].over is None
                and any(g.days[j].get("crows") for j in range(i + 1, len(g.days))))
    j = next(j for j in range(i + 1, len(g.days)) if g.days[j].get("crows") and g.after[j].over is None)
    bad = save_of(g, j)
    bad["days"][j]["vision"] = dict(bad["days"][i]["vision"])
    return g, j, bad, save_of(g, j)


@case("win-stops", "How to win: you win immediately once you enter the double-hex (no step after it)", "both",
      "no more moves")
def _():
    g, i = find(lambda g, i: g.after[i].over is not None and g.after[i].over[0] == "won")
    bad = save_of(g, i, {"result": "won"})
    d = bad["days"][i]
    back = d["moved"][-2] if len(d["moved"]) > 1 else g.before[i].pos
    d["moved"] = d["moved"] + [back]
    return g, i, bad, save_of(g, i, {"result": "won"})


@case("score-lost", "Scoring: on a loss, 1 point per hex travelled and nothing for Crows", "both", "outcome.score")
def _():
    g, i = find(lambda g, i: g.after[i].over is not None and g.after[i].over[0] == "lost" and g.after[i].crows)
    total = sum(p for _, p in eng.score(g.after[i]))
    good = save_of(g, i, {"result": "lost", "score": total})
    bad = save_of(g, i, {"result": "lost", "score": total + 2 * len(g.after[i].crows)})
    return g, i, bad, good


@case("zone-only-at-start", "Map guide: the fort's zone costs Proximity only when the turn STARTS in it", "with",
      "proximity is")
def _():
    land = game(0).land
    g, i = find(lambda g, i: g.before[i].pos not in land.zone and moved(g.days[i])
                and moved(g.days[i])[-1] in land.zone and room(g, i, "proximity", 0)
                and g.days[i]["resources"]["proximity"] > 1)
    bad = save_of(g, i)
    bad["days"][i]["resources"]["proximity"] -= 1
    return g, i, bad, save_of(g, i)


@case("crow-after-vision", "Crow icon: any Crow acquired after a Vision Quest increases one Primary resource",
      "with", "food is")
def _():
    def ok(g, i):
        if not g.days[i].get("crows") or g.before[i].vision is None or g.after[i].over is not None:
            return False
        r = g.days[i]["resources"]
        return all(r[k] > 1 for k in eng.PRIMARY) and len(g.days[i]["crows"]) == 1
    g, i = find(ok)
    bad = save_of(g, i)
    r = bad["days"][i]["resources"]
    k = max(eng.PRIMARY, key=lambda k: r[k] - g.before[i].value(k))  # the resource the Crow raised, as played
    r[k] -= 1
    return g, i, bad, save_of(g, i)


@case("drought", "Bad Omen 33-34: Drought, reduce your maximum Food by 1 (the save records the new cap)", "with",
      "food maximum")
def _():
    g, i = find(lambda g, i: only_omen(g, i, 33) and g.after[i].over is None and g.days[i].get("caps"))
    bad = save_of(g, i)
    bad["days"][i]["caps"]["food"] += 1
    return g, i, bad, save_of(g, i)


@case("tribe-5", "Unit chart: the Tribe at difference 5 reduces two Primary Resources of your choice by 1",
      "with", "no legal roll and choice gives")
def _():
    def ok(g, i):
        return unit_diff(g, i, "tribe") == 5 and all(room(g, i, k, 1) for k in eng.PRIMARY)
    g, i = find(ok)
    bad = save_of(g, i)
    r = bad["days"][i]["resources"]
    k = min(eng.PRIMARY, key=lambda k: r[k] - g.before[i].value(k))  # one the reduction fell on, as played
    r[k] += 1
    return g, i, bad, save_of(g, i)


@case("map-terrain", "Unit chart: a map icon colours its own terrain (the Tribe's difference 3: two Plains)",
      "with", "cannot colour")
def _():
    def ok(g, i):
        d = g.days[i]
        return unit_diff(g, i, "tribe") == 3 and d.get("mapped") and g.after[i].over is None \
            and "mountains" not in d["mapped"].values() and not d.get("marks") and not d.get("rolls", {}).get("omens") \
            and all(unit_diff(g, i, u) != 1 for u in eng.UNITS)
    g, i = find(ok)
    bad = save_of(g, i)
    d = bad["days"][i]["mapped"]
    lab = next(lab for lab, t in d.items() if t == "plains" and lab not in moved(bad["days"][i]))
    d[lab] = "mountains"
    return g, i, bad, save_of(g, i)


@case("start-forest", "Map guide: the starting hex is a Forest, coloured at set-up (no icon colours it again)",
      "both", "already printed")
def _():
    g = game(0)
    bad = save_of(g, 0)
    d = bad["days"][0]
    d["mapped"] = dict(d["mapped"], **{g.before[0].pos: "plains"})
    return g, 0, bad, save_of(g, 0)


# --- the Vision Quest's boons ----------------------------------------------------------------------

def boon(vision, test, key, n, on_the_day=False):
    """A case for a boon: the first day that has it (or, on_the_day, the day it comes) where test holds,
    with `key` recorded n off (as if the boon did not work)."""
    def ok(g, i):
        has = g.after[i].vision == vision and (g.before[i].vision is None) == on_the_day
        r = g.days[i]["resources"]
        return has and g.after[i].over is None and 0 <= r[key] + n <= g.after[i].cap(key) and test(g, i)
    return raised(key, n)(*find(ok))


def plain_day(g, i):
    """No Bad Omen, plot or crow to muddle the day's sums."""
    d = g.days[i]
    return not d.get("rolls", {}).get("omens") and not d.get("marks") and not d.get("crows") and "vision" not in d


def no_choice(g, i):
    """No unit icon today lets the player place a resource (a Wild, or two losses of his choice)."""
    diffs = [unit_diff(g, i, u) for u in eng.UNITS]
    return None not in diffs and diffs[1] not in (2, 5) and diffs[2] != 2 and diffs[0] != 5


@case("river-spirits", "Plains vision 1, River Spirits: each time your tribe crosses a river, gain 2 Resolve",
      "with", "resolve is")
def _():
    return boon(("plains", 1), lambda g, i: len(crossed(g, i)) == 1 and plain_day(g, i), "resolve", -2)


@case("waterwalkers", "Plains vision 3, Waterwalkers: rivers no longer affect movement", "with", "movement is")
def _():
    return boon(("plains", 3), lambda g, i: len(crossed(g, i)) == 1 and plain_day(g, i) and no_choice(g, i),
                "movement", -1)


@case("feather-scouts", "Forest vision 5, Feather Scouts: Forests only cost 1 Movement to enter", "with", "movement is")
def _():
    def forest_step(g, i):
        terrain = dict(g.maps[i], **g.days[i].get("mapped", {}))
        return plain_day(g, i) and not crossed(g, i) and [terrain[lab] for lab in moved(g.days[i])] == ["forest"]
    return boon(("forest", 5), forest_step, "movement", -1)


@case("forest-fire", "Forest vision 4, Forest Fire: immediately set your Proximity to 6 and add 1 to Resolve",
      "with", "proximity is")
def _():
    return boon(("forest", 4), lambda g, i: True, "proximity", -1, on_the_day=True)


@case("bison-herd", "Plains vision 2, Bison Herd: immediately set your Food (and Food maximum) to 6", "with", "food is")
def _():
    return boon(("plains", 2), lambda g, i: True, "food", -1, on_the_day=True)


@case("big-sky", "Plains vision 5, Big Sky Blessing: lose a primary of your choice instead of a storm's "
      "consequence (the good twin moves through a Hailstorm; the bad one pays nothing for it)", "with",
      "no legal roll and choice gives")
def _():
    return boon(("plains", 5), lambda g, i: only_omen(g, i, 23) and bool(moved(g.days[i])), "resolve", 1)


@case("bear-treaty", "Forest vision 2, Bear Tribe Treaty: every maximum back to 6, then add 2 to every resource",
      "with", "resolve is")
def _():
    return boon(("forest", 2), lambda g, i: not g.days[i].get("marks"), "resolve", -1,
                on_the_day=True)


# --- journal keywords, Spirit Dancers, Movement Progress --------------------------------------------

def keyword_case(code, word, had, key, n):
    """A case for an outcome that reads a journal keyword: its day, with `key` recorded n off (as if the
    keyword had been, or had not been, written)."""
    def ok(g, i):
        return any(m["plot"].get("outcome") == code for m in g.days[i].get("marks", ())) \
            and (word in g.before[i].keywords) == had and room(g, i, key, n) and g.days[i]["resources"][key] + n >= 0
    return raised(key, n)(*find(ok))


@case("keyword-pyre", "Journaling: a keyword triggers later events (21A: with PYRE gain 1 Resolve, "
      "without it lose 2 Food)", "with", "food is")
def _():
    return keyword_case("21A", "PYRE", True, "food", -2)


@case("keyword-friends", "Journaling: 49A gains 1 Resolve with FRIENDS in the journal, loses 1 without",
      "with", "resolve is")
def _():
    return keyword_case("49A", "FRIENDS", False, "resolve", 2)


@case("keyword-blood", "Journaling: 45A costs 1 more Proximity only with BLOOD in the journal", "with",
      "proximity is")
def _():
    return keyword_case("45A", "BLOOD", False, "proximity", -1)


@case("dancers-same-day", "Spirit Dancers: the two changes can be on the same round; never more than two",
      "both", "spirit-dancers")
def _():
    g, i = find(lambda g, i: g.days[i].get("spirit-dancers") == 1 and g.before[i].dancers == 0
                and g.after[i].over is None)
    good = save_of(g, i)
    good["days"][i]["spirit-dancers"] = RULES.spirit_dancers
    bad = copy.deepcopy(good)
    bad["days"][i]["spirit-dancers"] = RULES.spirit_dancers + 1
    return g, i, bad, good


@case("movement-zero", "How to lose: only the three primaries lose at 0; Movement Progress at 0 does not",
      "both", "not over")
def _():
    g, i = find(lambda g, i: g.days[i]["resources"]["movement"] == 0 and g.after[i].over is None)
    return g, i, save_of(g, i, {"result": "lost"}), save_of(g, i)


@case("night-thieves", "Forest vision 3, Night Thieves: gain 1 Food when your Tribe rolls a negative result",
      "with", "food is")
def _():
    return boon(("forest", 3), lambda g, i: plain_day(g, i) and (unit_diff(g, i, "tribe") or 0) < 0, "food", -1)


@case("warchief-six", "Plains vision 6, Woman Warchief: a permanent 6 in the top Chief die-box", "with",
      "permanent 6")
def _():
    def ok(g, i):
        return g.after[i].vision == ("plains", 6) and g.before[i].vision is not None and g.after[i].over is None \
            and "order" not in g.days[i].get("rolls", {}) and g.days[i].get("rolls", {}).get("units")
    g, i = find(ok)
    bad = save_of(g, i)
    units = bad["days"][i]["rolls"]["units"]
    k = 2 * eng.UNITS.index("chief")
    units[k], units[k + 1] = units[k + 1], units[k]
    return g, i, bad, save_of(g, i)


# --- the house Bad Omens 43-66 (the source is cut short; rulings in lostprint.games.lost_crows) ----------

def stepped_to(g, i, fits):
    """Day i's save with the move replaced by one step to a mapped neighbour that fits(g, i, hex)."""
    bad = save_of(g, i)
    d = bad["days"][i]
    start = g.before[i].pos
    mapped = dict(g.maps[i], **d.get("mapped", {}))
    d["moved"] = [next(n for n in sorted(g.land.neighbors[start]) if n in mapped and n not in g.land.fort
                       and fits(g, i, n, mapped))]
    return bad


def plains_next(g, i, n, mapped):
    return mapped[n] == "plains"


def over_river(g, i, n, mapped):
    return bool(eng.crossing(g.land, g.before[i].pos, n))


def can_step(g, i, fits):
    mapped = dict(g.maps[i], **g.days[i].get("mapped", {}))
    return g.after[i].over is None and any(n in mapped and n not in g.land.fort and fits(g, i, n, mapped)
                                           for n in g.land.neighbors[g.before[i].pos])


@case("prairie-fire", "Bad Omen 55-56 (house): Prairie Fire, you cannot enter Plains next turn", "with",
      "Prairie Fire")
def _():
    g, i = find(lambda g, i: i > 0 and only_omen(g, i - 1, 55) and can_step(g, i, plains_next))
    return g, i, stepped_to(g, i, plains_next), save_of(g, i)


@case("flash-flood", "Bad Omen 61-62 (house): Flash Flood, no river can be crossed this turn", "with",
      "Flash Flood")
def _():
    g, i = find(lambda g, i: only_omen(g, i, 61) and can_step(g, i, over_river))
    return g, i, stepped_to(g, i, over_river), save_of(g, i)


@case("move-short", "Phase 3: you must have the necessary Movement Progress to enter a hex (a Forest costs 2; "
      "one left does not pay it)", "both", "costs 2 Movement")
def _():
    def fits(g, i, n, mapped):
        return mapped.get(n) == "forest" and not eng.crossing(g.land, g.after[i].pos, n) and n not in g.land.fort \
            and n not in g.land.plot_at and n not in g.land.goals and n not in moved(g.days[i])
    def ok(g, i):
        d = g.days[i]
        mapped = dict(g.maps[i], **d.get("mapped", {}))
        return plain_day(g, i) and moved(d) and d["resources"]["movement"] == 1 and d["resources"]["food"] > 1 \
            and g.after[i].over is None and not g.after[i].vision and any(
                fits(g, i, n, mapped) for n in g.land.neighbors[g.after[i].pos])
    g, i = find(ok)
    bad = save_of(g, i)
    d = bad["days"][i]
    mapped = dict(g.maps[i], **d.get("mapped", {}))
    d["moved"] = d["moved"] + [next(n for n in sorted(g.land.neighbors[g.after[i].pos]) if fits(g, i, n, mapped))]
    d["resources"]["movement"] = 0
    d["resources"]["food"] -= 1
    return g, i, bad, save_of(g, i)


@case("vision-tie", "Vision Quest: in case of a tie, you choose; the good twin takes the other tied terrain "
      "(same roll, a boon with no effect that day), the bad one a terrain with fewer Crows", "both", "most Crows")
def _():
    calm = {("plains", 1), ("plains", 3), ("plains", 4), ("plains", 5), ("forest", 1), ("forest", 3)}

    def tied(g, i):
        first = g.after[i].crows[:RULES.crows_for_vision]
        return eng.vision_terrains(g.after[i]._replace(vision=None, crows=first))

    def ok(g, i):
        v = g.days[i].get("vision")
        return v and g.after[i].over is None and (v["terrain"], v["roll"]) in calm and any(
            t != v["terrain"] and (t, v["roll"]) in calm for t in tied(g, i)) and len(tied(g, i)) < 3
    g, i = find(ok)
    good = save_of(g, i)
    v = good["days"][i]["vision"]
    v["terrain"] = next(t for t in tied(g, i) if t != v["terrain"])
    bad = copy.deepcopy(good)
    bad["days"][i]["vision"]["terrain"] = next(t for t in ("plains", "forest", "mountains") if t not in tied(g, i))
    return g, i, bad, good


# --- the dice themselves ----------------------------------------------------------------------------

@case("omen-dice", "Bad Omen chart: roll 1d6 for the tens, then 1d6 for the ones (17 is no roll)", "with",
      "not two dice")
def _():
    g, i = find(lambda g, i: only_omen(g, i, 15) and g.after[i].over is None)
    bad = save_of(g, i)
    bad["days"][i]["rolls"]["omens"] = [17]
    return g, i, bad, save_of(g, i)


@case("plot-die", "Plot hexes: roll 1d6 (a 7 is no roll)", "both", "above 6")
def _():
    g, i = find(lambda g, i: plot_day(g, i) and g.after[i].over is None)
    bad = save_of(g, i)
    bad["days"][i]["marks"][0]["plot"]["roll"] = 7
    return g, i, bad, save_of(g, i)


# --- third review: rules no case above covers (one each) --------------------------------------------

def cap_lowered(low, key):
    """A case for a Bad Omen that lowers `key`'s maximum: its day, with the cap recorded one higher."""
    g, i = find(lambda g, i: only_omen(g, i, low) and g.after[i].over is None and key in g.days[i].get("caps", {}))
    bad = save_of(g, i)
    bad["days"][i]["caps"][key] += 1
    return g, i, bad, save_of(g, i)


@case("dissent", "Bad Omen 35-36: Dissent, reduce your maximum Resolve by 1 (the save records the new cap)",
      "with", "resolve maximum")
def _():
    return cap_lowered(35, "resolve")


@case("lame-horses", "Bad Omen 51-52 (house): Lame Horses, reduce your maximum Movement by 1", "with",
      "movement maximum")
def _():
    return cap_lowered(51, "movement")


@case("snowstorm", "Bad Omen 43-44 (house): Snowstorm, lose 1 Food and 1 Movement", "with", "food is")
def _():
    return raised("food", 1)(*find(lambda g, i: only_omen(g, i, 43) and room(g, i, "food", 1) and no_choice(g, i)))


@case("cavalry-patrol", "Bad Omen 45-46 (house): Cavalry Patrol, lose 1 Proximity and 1 Resolve", "with",
      "no legal roll and choice gives")
def _():
    return raised("proximity", 1)(*find(lambda g, i: only_omen(g, i, 45) and room(g, i, "proximity", 1)))


@case("spoiled-meat", "Bad Omen 53-54 (house): Spoiled Meat, lose 2 Food", "with", "food is")
def _():
    return raised("food", 2)(*find(lambda g, i: only_omen(g, i, 53) and room(g, i, "food", 2)))


@case("falling-crows", "Bad Omen 65-66 (house): Falling Crows, lose 1 Resolve", "with",
      "no legal roll and choice gives")
def _():
    return raised("resolve", 1)(*find(lambda g, i: only_omen(g, i, 65) and room(g, i, "resolve", 1)))


@case("camp-sickness", "Bad Omen 63-64 (house): Camp Sickness, the Shaman is fevered (Resolve -1)", "with",
      "resolve is")
def _():
    return raised("resolve", 1)(*find(lambda g, i: only_omen(g, i, 63) and room(g, i, "resolve", 1)
                                      and g.before[i].vision is None))


@case("mountain-cost", "Phase 3: Mountains cost 3 Movement and 1 Food to enter", "with", "movement is")
def _():
    def ok(g, i):
        d = g.days[i]
        terrain = dict(g.maps[i], **d.get("mapped", {}))
        return len(moved(d)) == 1 and terrain.get(moved(d)[0]) == "mountains" and not crossed(g, i) \
            and plain_day(g, i) and g.before[i].vision is None and room(g, i, "movement", 1)
    return raised("movement", 1)(*find(ok))


@case("chief-5", "Unit chart: the Chief at difference 5 reduces two Primary Resources of your choice by 1",
      "with", "no legal roll and choice gives")
def _():
    def ok(g, i):
        return unit_diff(g, i, "chief") == 5 and all(room(g, i, k, 1) for k in eng.PRIMARY)
    g, i = find(ok)
    bad = save_of(g, i)
    r = bad["days"][i]["resources"]
    k = min(eng.PRIMARY, key=lambda k: r[k] - g.before[i].value(k))  # one the reduction fell on, as played
    r[k] += 1
    return g, i, bad, save_of(g, i)


@case("warriors-2", "Unit chart row 2 (house): the Warriors add 1 Proximity and 1 Movement", "with",
      "proximity is")
def _():
    return raised("proximity", -1)(*find(lambda g, i: unit_diff(g, i, "warriors") == 2 and plain_day(g, i)
                                         and no_choice(g, i) and 1 < g.days[i]["resources"]["proximity"]
                                         < g.after[i].cap("proximity")))


@case("tribe-2", "Unit chart row 2 (house): the Tribe adds 2 Food", "with", "food is")
def _():
    return raised("food", -1)(*find(lambda g, i: unit_diff(g, i, "tribe") == 2 and plain_day(g, i)
                                    and no_choice(g, i) and 1 < g.days[i]["resources"]["food"]
                                    < g.after[i].cap("food")))


@case("pipe-carriers", "Forest vision 6, Pipe Carriers: a permanent 6 in the top die-box (ruling pipe-carriers, "
      "house: the Warriors' top box)", "with", "permanent 6")
def _():
    def ok(g, i):
        return g.after[i].vision == ("forest", 6) and g.before[i].vision is not None and g.after[i].over is None \
            and "order" not in g.days[i].get("rolls", {}) and g.days[i].get("rolls", {}).get("units")
    g, i = find(ok)
    bad = save_of(g, i)
    units = bad["days"][i]["rolls"]["units"]
    k = 2 * eng.UNITS.index("warriors")
    units[k], units[k + 1] = units[k + 1], units[k]
    return g, i, bad, save_of(g, i)


def outcome_day(code):
    return lambda g, i: any(m["plot"].get("outcome") == code for m in g.days[i].get("marks", ()))


@case("outcome-die-movement", "Plot outcome 09A: add 1d6 Movement Progress (the die recorded as rolls.outcome; "
      "the bad twin adds one more than it shows)",
      "with", "movement is")
def _():
    return raised("movement", 1)(*find(lambda g, i: outcome_day("09A")(g, i) and room(g, i, "movement", 1)))


@case("outcome-die-food", "Plot outcome 04A: gain 1d6 Food (the die recorded as rolls.outcome), and fever",
      "with", "food is")
def _():
    return raised("food", -1)(*find(lambda g, i: outcome_day("04A")(g, i) and g.after[i].over is None
                                    and no_choice(g, i) and not g.days[i].get("crows")
                                    and 1 < g.days[i]["resources"]["food"] < g.after[i].cap("food")))


@case("outcome-05A", "Plot outcome 05A: the hot springs, gain 1 Resolve", "with", "resolve is")
def _():
    return raised("resolve", -1)(*find(lambda g, i: outcome_day("05A")(g, i) and g.after[i].over is None
                                       and no_choice(g, i) and not g.days[i].get("crows")
                                       and 1 < g.days[i]["resources"]["resolve"] < g.after[i].cap("resolve")))


@case("outcome-06A", "Plot outcome 06A: the Shaman's ritual, lose 1 Resolve", "with", "resolve is")
def _():
    return raised("resolve", 1)(*find(lambda g, i: outcome_day("06A")(g, i) and no_choice(g, i)
                                      and not g.days[i].get("crows") and room(g, i, "resolve", 1)))


@case("outcome-08A", "Plot outcome 08A: the booby trap, lose 1 Resolve and the Shaman is fevered (Resolve -1 "
      "more)", "with", "resolve is")
def _():
    return raised("resolve", 1)(*find(lambda g, i: outcome_day("08A")(g, i) and room(g, i, "resolve", 1)))


@case("halt-next", "Plot outcome 38A (house; as 02A in the source): you cannot move out of this hex next turn",
      "both", "no movement")
def _():
    def ok(g, i):
        return i > 0 and outcome_day("38A")(g, i - 1) and not moved(g.days[i]) \
            and can_step(g, i, lambda g, i, n, mapped: True)
    g, i = find(ok)
    return g, i, stepped_to(g, i, lambda g, i, n, mapped: True), save_of(g, i)


@case("fever-second-turn", "Fever: on BOTH of the next two turns the first 2d6 rolled go in the Shaman's boxes "
      "(the second fevered turn, recorded as rolls.order)", "with", "Fever")
def _():
    g, i = find(lambda g, i: g.before[i].fever == 1 and not eng.discards(g.before[i]) and g.after[i].over is None
                and not g.days[i].get("spirit-dancers"))
    good = save_of(g, i)
    order = ["shaman", "shaman"] + [u for u in eng.UNITS if u != "shaman" for _ in range(2)]
    good["days"][i]["rolls"]["order"] = order
    bad = copy.deepcopy(good)
    bad["days"][i]["rolls"]["order"] = order[2:4] + order[:2] + order[4:]
    return g, i, bad, good


@case("food-short", "Phase 3: you must have the necessary Food to enter a hex (a Plains costs 2 Food; one left "
      "does not pay it; other dice could have left 2)", "with", "Food")
def _():
    def fits(g, i, n, mapped):
        return mapped.get(n) == "plains" and not eng.crossing(g.land, g.after[i].pos, n) and n not in g.land.fort \
            and n not in g.land.plot_at and n not in g.land.goals and n not in moved(g.days[i])
    def ok(g, i):
        d = g.days[i]
        mapped = dict(g.maps[i], **d.get("mapped", {}))
        return d["resources"]["food"] == 1 and d["resources"]["movement"] >= 1 and g.after[i].over is None \
            and not d.get("marks") and (moved(d) or room(g, i, "resolve", RULES.idle_resolve)) \
            and any(fits(g, i, n, mapped) for n in g.land.neighbors[g.after[i].pos])
    g, i = find(ok)
    bad = save_of(g, i)
    d = bad["days"][i]
    mapped = dict(g.maps[i], **d.get("mapped", {}))
    if not moved(d):  # a day spent in camp: moving, the tribe would not have lost Resolve for it
        d["resources"]["resolve"] += RULES.idle_resolve
    d["moved"] = moved(d) + [next(n for n in sorted(g.land.neighbors[g.after[i].pos]) if fits(g, i, n, mapped))]
    d["resources"]["movement"] -= 1
    d["resources"]["food"] = 0
    bad["outcome"] = {"result": "lost"}
    return g, i, bad, save_of(g, i)


@case("hailstorm-idle", "Phase 3 and Bad Omen 23-24: a tribe kept in camp by a Hailstorm has still not moved, and "
      "loses 1 Resolve (the source's words; no ruling lifts it)", "with", "resolve is")
def _():
    return raised("resolve", RULES.idle_resolve)(*find(
        lambda g, i: only_omen(g, i, 23) and not moved(g.days[i]) and no_choice(g, i) and not g.days[i].get("crows")
        and room(g, i, "resolve", RULES.idle_resolve)))


@case("unit-die", "Phase 1: the unit boxes hold six-sided dice (a 7 is no roll)", "with", "above 6")
def _():
    g, i = find(lambda g, i: g.days[i].get("rolls", {}).get("units") and g.after[i].over is None)
    bad = save_of(g, i)
    bad["days"][i]["rolls"]["units"][0] = RULES.die_faces + 1
    return g, i, bad, save_of(g, i)


@case("vision-die", "Vision Quest: roll 1d6 on the terrain's table (a 7 is no roll)", "both", "above 6")
def _():
    g, i = find(lambda g, i: "vision" in g.days[i] and g.after[i].over is None)
    bad = save_of(g, i)
    bad["days"][i]["vision"]["roll"] = RULES.die_faces + 1
    return g, i, bad, save_of(g, i)


@case("lose-two-distinct", "Unit chart: the Chief at difference 5 reduces TWO Primary Resources by 1 (the bad "
      "twin takes both from one)", "with", "no legal roll and choice gives")
def _():
    def ok(g, i):
        return unit_diff(g, i, "chief") == 5 and unit_diff(g, i, "tribe") != 5 \
            and unit_diff(g, i, "shaman") != 2 and plain_day(g, i) and g.after[i].over is None \
            and all(room(g, i, k, 1) and g.days[i]["resources"][k] > 1 for k in eng.PRIMARY)
    g, i = find(ok)
    bad = save_of(g, i)
    r = bad["days"][i]["resources"]
    low = sorted(eng.PRIMARY, key=lambda k: r[k] - g.before[i].value(k))  # the two the reduction fell on, first
    r[low[0]] -= 1
    r[low[1]] += 1
    return g, i, bad, save_of(g, i)


@case("unfilled-boxes", "Phase 1: each roll's two dice go in unfilled die-boxes (recorded as rolls.order; the bad "
      "twin gives the Chief a third die)", "with", "already full")
def _():
    g, i = find(lambda g, i: g.days[i].get("rolls", {}).get("units") and not g.before[i].fever
                and not eng.discards(g.before[i]) and g.after[i].over is None and not g.days[i].get("spirit-dancers"))
    good = save_of(g, i)
    good["days"][i]["rolls"]["order"] = [u for u in eng.UNITS for _ in range(2)]
    bad = copy.deepcopy(good)
    bad["days"][i]["rolls"]["order"] = ["chief", "chief", "chief", "tribe"] + bad["days"][i]["rolls"]["order"][4:]
    return g, i, bad, good


@case("order-length", "Phase 1: four rolls of 2d6, every die placed (rolls.order names eight; the bad twin "
      "names the first roll only)", "with", "needs 8 items")
def _():
    g, i, bad, good = CASES[[c[0] for c in CASES].index("unfilled-boxes")][-1]()
    bad = copy.deepcopy(good)
    bad["days"][i]["rolls"]["order"] = good["days"][i]["rolls"]["order"][:2]
    return g, i, bad, good


@case("skip-omen", "Plot outcome 27A (house): ignore the next Bad Omen you would roll (the bad twin rolls it, a "
      "Heatwave, and loses 2 Resolve)", "with", "more Bad Omen rolls")
def _():
    def ok(g, i):
        return "skip-omen" in g.before[i].flags and "skip-omen" not in g.after[i].flags and g.after[i].over is None \
            and not g.days[i].get("rolls", {}).get("omens") and g.days[i]["resources"]["resolve"] > 2
    g, i = find(ok)
    bad = save_of(g, i)
    bad["days"][i]["rolls"]["omens"] = [25]
    bad["days"][i]["resources"]["resolve"] -= 2
    return g, i, bad, save_of(g, i)


@case("omen-unrolled", "Phase 2: a Bad Omen icon must be rolled (the bad twin leaves out a Heatwave and its 2 Resolve "
      "as if the icon asked nothing)", "with", "more Bad Omen rolls")
def _():
    g, i = find(lambda g, i: only_omen(g, i, 25) and room(g, i, "resolve", 2))
    bad = save_of(g, i)
    del bad["days"][i]["rolls"]["omens"]
    bad["days"][i]["resources"]["resolve"] += 2
    return g, i, bad, save_of(g, i)


@case("plot-sunset", "Plot tables: a 1 is the Perfect Sunset, which offers no choice and leads to no outcome (the "
      "bad twin records 17A after it)", "both", "leads to no outcome")
def _():
    g, i = find(lambda g, i: any(m["plot"].get("roll") == 1 for m in g.days[i].get("marks", ()))
                and g.after[i].over is None)
    bad = save_of(g, i)
    mk = next(m["plot"] for m in bad["days"][i]["marks"] if m["plot"].get("roll") == 1)
    mk["outcome"] = "17A"
    return g, i, bad, save_of(g, i)


@case("score-revisits", "Scoring: 1 point for each hex travelled (ruling score-steps, house: a hex entered twice "
      "scores twice; the bad twin counts it once)", "both", "outcome.score")
def _():
    def entered(g, i):
        return [lab for d in g.days[:i + 1] for lab in moved(d)]
    g, i = find(lambda g, i: g.after[i].over is not None and g.after[i].over[0] == "lost"
                and len(set(entered(g, i))) < len(entered(g, i)))
    total = sum(p for _, p in eng.score(g.after[i]))
    good = save_of(g, i, {"result": "lost", "score": total})
    bad = save_of(g, i, {"result": "lost", "score": total - len(entered(g, i)) + len(set(entered(g, i)))})
    return g, i, bad, good


@case("crow-barred", "Plot outcome 25A (house): no Crow can be coloured next turn (the bad twin colours the "
      "Shaman's, and takes its +1 after the Vision Quest)", "both", "1 Crow coloured")
def _():
    def ok(g, i):
        return i > 0 and outcome_day("25A")(g, i - 1) and unit_diff(g, i, "shaman") == 2 \
            and not g.days[i].get("crows") and g.after[i].vision and g.after[i].over is None \
            and any(room(g, i, k, 1) for k in eng.PRIMARY)
    g, i = find(ok)
    bad = save_of(g, i)
    bad["days"][i]["crows"] = [dict(g.maps[i], **g.days[i].get("mapped", {}))[g.before[i].pos]]
    bad["days"][i]["resources"][next(k for k in eng.PRIMARY if room(g, i, k, 1))] += 1  # the Crow's +1 after the vision
    return g, i, bad, save_of(g, i)


@case("crow-bonus-primary", "Crow icon: a Crow after the Vision Quest increases one PRIMARY resource (the bad twin "
      "puts it on Movement)", "with", "no legal roll and choice gives")
def _():
    def ok(g, i):
        d = g.days[i]
        return d.get("crows") and len(d["crows"]) == 1 and g.before[i].vision is not None \
            and g.after[i].over is None and room(g, i, "movement", 1) and not d.get("rolls", {}).get("omens")
    g, i = find(ok)
    bad = save_of(g, i)
    r = bad["days"][i]["resources"]
    k = max(eng.PRIMARY, key=lambda k: r[k] - g.before[i].value(k))  # the resource the Crow raised, as played
    r[k] -= 1
    r["movement"] += 1
    return g, i, bad, save_of(g, i)


@case("spirit-of-the-goat", "Mountain vision 2, Spirit of the Goat: Mountains only cost 1 Movement to enter (the "
      "bad twin pays 3)", "with", "movement is")
def _():
    def mountain_step(g, i):
        terrain = dict(g.maps[i], **g.days[i].get("mapped", {}))
        return not g.days[i].get("rolls", {}).get("omens") and not crossed(g, i) \
            and "mountains" in [terrain[lab] for lab in moved(g.days[i])]
    return boon(("mountains", 2), mountain_step, "movement", -2)


@case("storm-dancers", "Mountain vision 3, Storm Dancers: the Spirit Dancers now work once a turn, only in the "
      "Mountains (the bad twin uses one elsewhere)", "both", "Storm Dancers")
def _():
    def ok(g, i):
        terrain = dict(g.maps[i], **g.days[i].get("mapped", {}))
        return g.before[i].vision == ("mountains", 3) and terrain[g.before[i].pos] != "mountains" \
            and not g.days[i].get("spirit-dancers") and g.after[i].over is None
    g, i = find(ok)
    bad = save_of(g, i)
    bad["days"][i]["spirit-dancers"] = 1
    return g, i, bad, save_of(g, i)


@case("fever-two-turns-only", "Fever: the first 2d6 go to the Shaman on the next TWO turns only (the good twin's "
      "third turn places them elsewhere; the bad one does so on the second fevered turn too)", "with", "Fever")
def _():
    def free(g, i):
        return g.days[i].get("rolls", {}).get("units") and not eng.discards(g.before[i]) \
            and not g.days[i].get("spirit-dancers") and "order" not in g.days[i]["rolls"]
    g, i = find(lambda g, i: i > 0 and g.before[i].fever == 0 and g.before[i - 1].fever == 1 and free(g, i)
                and free(g, i - 1) and g.after[i].over is None)
    first_elsewhere = ["tribe", "tribe", "chief", "chief", "shaman", "shaman", "warriors", "warriors"]
    good = save_of(g, i)
    good["days"][i]["rolls"]["order"] = first_elsewhere
    bad = copy.deepcopy(good)
    bad["days"][i - 1]["rolls"]["order"] = first_elsewhere
    return g, i - 1, bad, good  # (the day the bad twin changes)


# --- fourth review: the visions, outcomes and rulings the careful player never takes unsteered -------

MOUNTAIN_SEEDS = (233, 270, 415, 484, 529, 580, 881, 1000)  # careful games that can reach a Mountain vision


def mountain(roll: int):
    return steered(MOUNTAIN_SEEDS, ("mountains",), roll)


def after_vision(vision):
    """Day i of a game that had `vision` before the day began, and is not over by its end."""
    return lambda g, i: g.before[i].vision == vision and g.after[i].over is None


@case("ghost-mountain-adjacent", "Mountain vision 1, Ghost Mountain: draw a Mountain in any NON-adjacent blank "
      "hex (the bad twin draws it next to the tribe)", "with", "not next to the tribe")
def _():
    def ok(g, i):
        d = g.days[i]
        mapped = set(g.maps[i]) | set(d.get("mapped", {}))
        return "ghost-mountain" in d and g.after[i].over is None and d["ghost-mountain"] not in moved(d) and any(
            n not in mapped and n not in g.land.fort for n in g.land.neighbors[g.before[i].pos])
    g, i = find(ok, mountain(1))
    bad = save_of(g, i)
    d = bad["days"][i]
    mapped = set(g.maps[i]) | set(d.get("mapped", {}))
    d["ghost-mountain"] = next(n for n in sorted(g.land.neighbors[g.before[i].pos])
                               if n not in mapped and n not in g.land.fort)
    return g, i, bad, save_of(g, i)


@case("ghost-mountain-refill", "Mountain vision 1, Ghost Mountain: set all your Primary resources to 5 when "
      "entering it (the bad twin leaves Resolve as it was)", "with", "resolve is")
def _():
    def ok(g, i):
        d = g.days[i]
        ghost = g.before[i].ghost
        return ghost and moved(d) and moved(d)[-1] == ghost and not d.get("crows") and g.after[i].over is None \
            and g.after[i].values[eng.RESOLVE] == 5
    g, i = find(ok, mountain(1))
    bad = save_of(g, i)
    bad["days"][i]["resources"]["resolve"] -= 1
    return g, i, bad, save_of(g, i)


@case("sacred-spring-fever", "Mountain vision 4, Sacred Spring: your Shaman is immune to fevers (the Shaman's "
      "difference 4 costs no Resolve; the bad twin pays it)", "with", "resolve is")
def _():
    return raised("resolve", -1)(*find(lambda g, i: after_vision(("mountains", 4))(g, i)
                                       and unit_diff(g, i, "shaman") == 4 and plain_day(g, i) and no_choice(g, i)
                                       and g.days[i]["resources"]["resolve"] > 1, mountain(4)))


@case("sacred-spring-omen", "Mountain vision 4, Sacred Spring: your Shaman is immune to Bad Omens (his difference 5 "
      "rolls none; the bad twin rolls a Heatwave and loses 2 Resolve)", "with", "more Bad Omen rolls")
def _():
    g, i = find(lambda g, i: after_vision(("mountains", 4))(g, i) and unit_diff(g, i, "shaman") == 5
                and not g.days[i].get("rolls", {}).get("omens") and g.days[i]["resources"]["resolve"] > 2,
                mountain(4))
    bad = save_of(g, i)
    bad["days"][i]["rolls"]["omens"] = [25]
    bad["days"][i]["resources"]["resolve"] -= 2
    return g, i, bad, save_of(g, i)


@case("future-portents-doubles", "Mountain vision 5, Future Portents: if you roll doubles for a Bad Omen, you "
      "ignore its consequences (the bad twin suffers them)", "with", " is ")
def _():
    hurt = {11: ("movement", -1), 44: ("food", -1), 66: ("resolve", -1), 25: None}

    def ok(g, i):
        omens = g.days[i].get("rolls", {}).get("omens", [])
        return after_vision(("mountains", 5))(g, i) and len(omens) == 1 and omens[0] in hurt and omens[0] != 25 \
            and g.days[i]["resources"][hurt[omens[0]][0]] > 1
    g, i = find(ok, mountain(5))
    bad = save_of(g, i)
    key, n = hurt[bad["days"][i]["rolls"]["omens"][0]]
    bad["days"][i]["resources"][key] += n
    return g, i, bad, save_of(g, i)


@case("elder-six", "Mountain vision 6, Elder: a permanent 6 in the top Shaman die-box", "with", "permanent 6")
def _():
    def ok(g, i):
        return after_vision(("mountains", 6))(g, i) and "order" not in g.days[i].get("rolls", {}) \
            and g.days[i].get("rolls", {}).get("units")
    g, i = find(ok, mountain(6))
    bad = save_of(g, i)
    units = bad["days"][i]["rolls"]["units"]
    k = 2 * eng.UNITS.index("shaman")
    units[k], units[k + 1] = units[k + 1], units[k]
    return g, i, bad, save_of(g, i)


@case("discard-one", "Elder (and the other permanent-6 visions): discard any ONE die during Phase 1 (rolls.order; "
      "the bad twin discards two and leaves a box empty)", "with", "a die is discarded only where a vision allows")
def _():
    g, i = find(lambda g, i: after_vision(("mountains", 6))(g, i) and not g.before[i].fever
                and g.days[i].get("rolls", {}).get("units") and not g.days[i].get("spirit-dancers"), mountain(6))
    good = save_of(g, i)
    units = good["days"][i]["rolls"]["units"]
    # the board as recorded, filled unit by unit; the permanent 6 is no roll: the discard takes the last die
    order = [u for u in eng.UNITS for _ in range(2)]
    order.remove("shaman")
    good["days"][i]["rolls"]["order"] = order + ["discard"]
    bad = copy.deepcopy(good)
    bad["days"][i]["rolls"]["order"] = order[:-1] + ["discard", "discard"]
    return g, i, bad, good


@case("stormwalkers", "Forest vision 1, Stormwalkers: immune to any negative effect with Storm in its name (a "
      "Thunderstorm does not double the Movement cost; the bad twin pays double)", "with", "movement is")
def _():
    def extra(g, i):
        terrain = dict(g.maps[i], **g.days[i].get("mapped", {}))
        return sum(RULES.cost(terrain[lab]).movement for lab in moved(g.days[i]))  # once more

    def ok(g, i):
        return after_vision(("forest", 1))(g, i) and only_omen(g, i, 15) and len(moved(g.days[i])) == 1 \
            and not g.days[i].get("marks") and 0 < extra(g, i) <= g.days[i]["resources"]["movement"]
    g, i = find(ok, steered(range(100), ("forest",), 1))
    return raised("movement", -extra(g, i))(g, i)


@case("mountie-missed", "Plot outcome 44A (house): no Mountains hex entered by the end of the third turn: lose 2 "
      "Resolve (the bad twin keeps them)", "both", "resolve is")
def _():
    def ok(g, i):
        return g.before[i].mountie > 0 and g.after[i].mountie == 0 and g.after[i].over is None \
            and g.days[i]["resources"]["resolve"] + 2 <= g.after[i].cap("resolve")
    g, i = find(ok, steered(range(200), ("44A", "E first")))
    return raised("resolve", 2)(g, i)


@case("mountie-bonus", "Plot outcome 44A (house): the Mountie found, a win scores 5 bonus points (the bad twin "
      "leaves them out)", "both", "outcome.score")
def _():
    g, i = find(lambda g, i: g.after[i].over is not None and g.after[i].over[0] == "won" and g.after[i].mountie == -1,
                steered(range(60), ("44A",)))
    total = sum(p for _, p in eng.score(g.after[i]))
    return g, i, save_of(g, i, {"result": "won", "score": total - 5}), save_of(g, i, {"result": "won", "score": total})


@case("mountie-win", "Plot outcome 44A (house): with the Mountie found you win in Canada though plot hexes remain "
      "(the good twin); without it, the five plot hexes are needed (the bad twin strikes no bargain at E2)", "both",
      "recorded as won")
def _():
    def ok(g, i):
        return g.after[i].over is not None and g.after[i].over[0] == "won" and g.after[i].mountie == -1 \
            and len(g.after[i].plots) < len(RULES.plot_letters)
    g, i = find(ok, steered(range(200), ("44A", "E first", "home")))
    good = save_of(g, i, {"result": "won"})
    bad = copy.deepcopy(good)
    plot = next(m["plot"] for d in bad["days"] for m in d.get("marks", ()) if m["plot"].get("outcome") == "44A")
    ignore = next(c for c in plots.encounter(f"{plot['letter']}{plot['roll']}").choices if c.outcome == "17A")
    plot["choice"], plot["outcome"] = ignore.text, ignore.outcome  # no bargain struck (17A does nothing)
    return g, next(j for j in range(i) if outcome_day("44A")(g, j)), bad, good  # (the day the bad twin changes)


@case("gold-movement", "Plot outcome 02A: reduce Movement Progress to 0 (the bad twin keeps 1)", "with",
      "movement is")
def _():
    g, i = find(lambda g, i: outcome_day("02A")(g, i) and g.after[i].over is None, steered(range(100), ("02A",)))
    return raised("movement", 1)(g, i)


@case("gold-halt", "Plot outcome 02A: you cannot move out of this hex next turn", "both", "no movement")
def _():
    def ok(g, i):
        return i > 0 and outcome_day("02A")(g, i - 1) and can_step(g, i, lambda g, i, n, mapped: True)
    g, i = find(ok, steered(range(100), ("02A",)))
    return g, i, stepped_to(g, i, lambda g, i, n, mapped: True), save_of(g, i)


@case("outcome-40A", "Plot outcome 40A (house): roll 1d6 and add Resolve, 7 or more gains 2 Resolve (the die "
      "recorded as rolls.outcome; the bad twin's die, a 6, passes a test it shows failed)", "with",
      "no legal roll and choice gives")
def _():
    def ok(g, i):  # a failed test (Resolve and Food lost): with a 6 it would have passed
        if not outcome_day("40A")(g, i) or g.after[i].over is not None or g.days[i].get("crows"):
            return False
        die = g.days[i].get("rolls", {}).get("outcome", [0])[0]
        return die + g.after[i].values[eng.RESOLVE] + 1 < 7
    g, i = find(ok)
    bad = save_of(g, i)
    bad["days"][i]["rolls"]["outcome"] = [RULES.die_faces]
    return g, i, bad, save_of(g, i)


@case("thunderstorm-food", "Bad Omen 15-16: Movement cost doubled (ruling thunderstorm: the Food a hex costs is "
      "paid as usual; the bad twin pays it twice)", "with", "food is")
def _():
    def ok(g, i):
        d = g.days[i]
        terrain = dict(g.maps[i], **d.get("mapped", {}))
        food = sum(RULES.cost(terrain[lab]).food for lab in moved(d))
        return only_omen(g, i, 15) and moved(d) and not d.get("marks") and g.after[i].over is None \
            and not eng.power(g.before[i]).storm_immune and not eng.power(g.before[i]).storm_swap \
            and d["resources"]["food"] > food
    g, i = find(ok)
    bad = save_of(g, i)
    d = bad["days"][i]
    terrain = dict(g.maps[i], **d.get("mapped", {}))
    d["resources"]["food"] -= sum(RULES.cost(terrain[lab]).food for lab in moved(d))
    return g, i, bad, save_of(g, i)


@case("outcome-42A", "Plot outcome 42A (house): lose all your Movement Progress (the bad twin keeps 1)", "with",
      "movement is")
def _():
    return raised("movement", 1)(*find(lambda g, i: outcome_day("42A")(g, i) and g.after[i].over is None
                                       and g.days[i]["resources"]["movement"] == 0))


@case("keyword-bear", "Journaling: 24A loses 1 Food and 1 Food maximum unless BEAR is in the journal (the good "
      "twin has BEAR; the bad one lowers the maximum anyway)", "with", "food maximum")
def _():
    g, i = find(lambda g, i: outcome_day("24A")(g, i) and "BEAR" in g.before[i].keywords and g.after[i].over is None,
                steered(range(400), ("35A", "24A")))
    bad = save_of(g, i)
    d = bad["days"][i]
    d.setdefault("caps", {})["food"] = g.after[i].cap("food") - 1
    d["resources"]["food"] = min(d["resources"]["food"], d["caps"]["food"])
    return g, i, bad, save_of(g, i)


@case("gold-win", "Plot outcome 02A: with GOLD written in at least 3 journal entries before you reach E, you do "
      "not roll there: you win (the bad twin writes it in 2)", "both", "recorded as won")
def _():
    def ok(g, i):  # E entered after 02A, with two more plot hexes (three journal entries) between
        gold = next((k for k in range(i) if outcome_day("02A")(g, k)), None)
        return gold is not None and any(m["plot"]["letter"] == "E" for m in g.days[i].get("marks", ())) \
            and sum(1 for d in g.days[gold:i] for m in d.get("marks", ())) >= 3
    g, i = find(ok, steered(range(100), ("02A", "B first")))
    won = g.after[i]._replace(over=("won", "gold"))
    good = save_of(g, i, {"result": "won", "score": sum(p for _, p in eng.score(won))})
    entries = [k for k, d in enumerate(good["days"][:i]) if d.get("marks")][-3:]
    for k in entries:
        good["days"][k]["journal"] = "We carry the GOLD north, hidden in the packs."
    bad = copy.deepcopy(good)
    del bad["days"][entries[-1]]["journal"]
    return g, entries[-1], bad, good


class Assault(Steered):
    """Steered to 12A, and into Fort Benton as soon as it is open beside the tribe, the assault die `die`."""

    def __init__(self, seed: int, die: int):
        super().__init__(seed, ("12A",))
        self.die = die
        self.who += f", into the fort (assault die {die})"

    def decide(self, game, step, need):
        if need.key == "go" and not game.agenda and eng.fort_open(game.st):
            into = [v for v in step.options(game) if v != eng.STOP and v[0] in game.land.fort]
            if into:
                return into[0]
        return super().decide(game, step, need)

    def roll(self, need):
        return self.die if need.key == "assault" else super().roll(need)


def assaults(die: int):
    for seed in range(40):
        if ("assault", seed, die) not in GAMES:
            g = Assault(seed, die)
            g.play()
            GAMES["assault", seed, die] = g
        yield GAMES["assault", seed, die]


def into_fort(g, i):
    return any(lab in g.land.fort for lab in moved(g.days[i]))


@case("fort-falls", "Plot outcome 12A (house): entering Fort Benton, roll 1d6 and add Resolve: 8 or more and the "
      "fort falls, you win (the bad twin's die, a 1, falls short of it)", "with", "recorded as won")
def _():
    g, i = find(lambda g, i: into_fort(g, i) and g.after[i].over is not None and g.after[i].over[0] == "won"
                and g.before[i].values[eng.RESOLVE] + 1 < 8, assaults(RULES.die_faces))
    total = sum(p for _, p in eng.score(g.after[i]))
    good = save_of(g, i, {"result": "won", "score": total})
    bad = copy.deepcopy(good)
    bad["days"][i]["rolls"]["fort"] = [1]
    return g, i, bad, good


@case("fort-repulsed", "Plot outcome 12A (house): an assault that fails loses 2 Resolve and 1 Proximity and "
      "moves the tribe back (the bad twin keeps the Proximity)", "with", "proximity is")
def _():
    g, i = find(lambda g, i: into_fort(g, i) and g.after[i].over is None and not g.days[i].get("marks")
                and room(g, i, "proximity", 1), assaults(1))
    return raised("proximity", 1)(g, i)


@case("win-at-zero", "How to win: you win immediately on entering the double-hex, though the step leaves a primary "
      "at 0 (the loss is checked at the end of a turn; the bad twin records a loss)", "both", "recorded as lost")
def _():
    g, i = find(lambda g, i: g.after[i].over is not None and g.after[i].over[0] == "won"
                and 0 in g.after[i].values[:len(eng.PRIMARY)])
    total = sum(p for _, p in eng.score(g.after[i]))
    return g, i, save_of(g, i, {"result": "lost", "score": total}), save_of(g, i, {"result": "won", "score": total})


@case("mountie-third-turn", "Plot outcome 44A (house): a Mountains hex entered ON the third turn still finds the "
      "Mountie (the bad twin loses the 2 Resolve of a missed deadline anyway)", "with", "resolve is")
def _():
    def ok(g, i):
        return g.before[i].mountie == g.after[i].day and g.after[i].mountie == -1 and g.after[i].over is None \
            and g.days[i]["resources"]["resolve"] > 2
    g, i = find(ok, steered(range(300), ("44A", "E first")))
    return raised("resolve", -2)(g, i)


@case("elder-fever", "Fever with the Elder (Mountain vision 6): the first 2d6 still go to the Shaman, and the Elder "
      "still discards 1 die before placing them (the good twin: one to his free box, one discarded; the bad one "
      "places the first roll with the Tribe)", "with", "Fever")
def _():
    g, i = find(lambda g, i: after_vision(("mountains", 6))(g, i) and g.before[i].fever
                and g.days[i].get("rolls", {}).get("units") and not g.days[i].get("spirit-dancers"), mountain(6))
    rest = ["chief", "chief", "warriors", "warriors"]
    good = save_of(g, i)
    good["days"][i]["rolls"]["order"] = ["shaman", "discard", "tribe", "tribe"] + rest
    bad = copy.deepcopy(good)
    bad["days"][i]["rolls"]["order"] = ["tribe", "tribe", "shaman", "discard"] + rest
    return g, i, bad, good


@case("outcome-26A", "Plot outcome 26A (house): the Shaman's cure, you cannot move next turn", "both", "no movement")
def _():
    def ok(g, i):
        return i > 0 and outcome_day("26A")(g, i - 1) and not moved(g.days[i]) \
            and can_step(g, i, lambda g, i, n, mapped: True)
    g, i = find(ok)
    return g, i, stepped_to(g, i, lambda g, i, n, mapped: True), save_of(g, i)


@case("chief-low", "Unit chart row <2 (house): the Chief below a difference of 2 loses 1 Resolve (the bad twin "
      "keeps it)", "with", "resolve is")
def _():
    return raised("resolve", 1)(*find(lambda g, i: (unit_diff(g, i, "chief") or 2) < 2 and plain_day(g, i)
                                      and no_choice(g, i) and room(g, i, "resolve", 1)))


@case("tribe-low", "Unit chart row <2 (house): the Tribe below a difference of 2 still forages, +1 Food (the bad "
      "twin gains none)", "with", "food is")
def _():
    return raised("food", -1)(*find(lambda g, i: (unit_diff(g, i, "tribe") or 2) < 2 and plain_day(g, i)
                                    and no_choice(g, i) and 1 < g.days[i]["resources"]["food"]
                                    < g.after[i].cap("food") and not eng.power(g.before[i]).tribe_negative))


@case("free-river", "Plot outcome 20A (house): the next move over the river from the bridge's hex costs nothing "
      "extra (the good twin crosses there instead of the route played; the bad one pays 1 Movement for it)", "with",
      "movement is")
def _():
    def price(g, i, lab):
        terrain = dict(g.maps[i], **g.days[i].get("mapped", {}))[lab]
        cost, own = RULES.cost(terrain), eng.power(g.before[i]).move_cost
        return (own[1] if own and own[0] == terrain else cost.movement), cost.food

    def across(g, i):
        here, terrain = g.before[i].pos, dict(g.maps[i], **g.days[i].get("mapped", {}))
        return [n for n in sorted(g.land.neighbors[here]) if eng.crossing(g.land, here, n) and n in terrain
                and n not in g.land.plot_at and n not in g.land.zone]

    def ok(g, i):
        d = g.days[i]
        if not (i > 0 and g.before[i].free_river == g.before[i].pos and len(moved(d)) == 1 and across(g, i)
                and not d.get("marks") and not d.get("rolls", {}).get("omens") and g.after[i].over is None):
            return False
        (m0, f0), (m1, f1) = price(g, i, moved(d)[0]), price(g, i, across(g, i)[0])
        r = d["resources"]
        return 0 < r["movement"] + m0 - m1 < g.after[i].cap("movement") and 0 < r["food"] + f0 - f1 <= 6
    g, i = find(ok)
    good = save_of(g, i)
    d = good["days"][i]
    (m0, f0), (m1, f1) = price(g, i, d["moved"][0]), price(g, i, across(g, i)[0])
    d["moved"] = [across(g, i)[0]]
    d["resources"]["movement"] += m0 - m1
    d["resources"]["food"] += f0 - f1
    bad = copy.deepcopy(good)
    bad["days"][i]["resources"]["movement"] -= RULES.river_extra
    return g, i, bad, good


# --- outcomes no other case reaches (the careful player steered into them) ---------------------------

def steered_outcome(code, key, n, prefer=None, seeds=range(300), test=lambda g, i: True):
    """A case for outcome `code`: the first steered game's day with it, `key` recorded n off (the effect
    not applied); a plain day, so nothing else can account for the difference."""
    def ok(g, i):
        crows = g.days[i].get("crows", ())
        return outcome_day(code)(g, i) and no_choice(g, i) and len(crows) <= (plots.CROW in eng.outcome_of(code).effects) \
            and room(g, i, key, n) and g.days[i]["resources"][key] + n >= 0 and test(g, i)
    return raised(key, n)(*find(ok, steered(seeds, prefer or (code,))))


def _passed_40a(g, i):
    die = g.days[i].get("rolls", {}).get("outcome", [0])[0]
    resolve = g.before[i].values[eng.RESOLVE]
    return die + resolve >= 7 and resolve <= 4  # (the 2 gained not lost at the maximum)


def _journal(word, written=True):
    """The day began with `word` in the journal (or, written=False, without it)."""
    return lambda g, i: (word in g.before[i].keywords) == written


NO_LEGAL = "no legal roll and choice gives"
# The cases of steered_outcome, all shown by their dice only: (rule, source, expected words, its arguments:
# code, key, n and, where the plain ones do not do, prefer, seeds and test).
STEERED_OUTCOMES = (
    ("outcome-32A", "Plot outcome 32A (house): call the warrior back from the rope bridge, lose 1 Movement "
     "Progress and gain 1 Resolve (the bad twin gains none)", NO_LEGAL, ("32A", "resolve", -1, ("32A", "E first"))),
    ("outcome-34A", "Plot outcome 34A (house): fight the Sioux raiders, lose 1 Resolve and 1 Food and colour a "
     "Crow (the bad twin keeps the Food)", "food is", ("34A", "food", 1)),
    ("outcome-36A", "Plot outcome 36A (house): go around the earthen mounds, lose 1 Movement Progress and gain 1 "
     "Resolve (the bad twin keeps the Movement)", NO_LEGAL, ("36A", "movement", 1, ("36A", "E first"))),
    ("outcome-41A", "Plot outcome 41A (house): attack the mining camp, gain 2 Food and lose 2 Proximity (the bad "
     "twin loses 1)", "proximity is", ("41A", "proximity", 1)),
    ("outcome-46A", "Plot outcome 46A (house): shelter in the bluffs from the twister, lose 2 Movement Progress "
     "(the bad twin loses 1)", "movement is", ("46A", "movement", 1, ("46A", "E first"))),
    # (with NEPHEW: so few games have both 10A and 13A that none has a day plain enough to show it)
    ("keyword-nephew", "Journaling: 13A gains 1 Resolve more only with NEPHEW in the journal (none wrote it; the "
     "bad twin gains it anyway)", NO_LEGAL, ("13A", "resolve", 1, None, range(300), _journal("NEPHEW", False))),
    ("keyword-no-pyre", "Journaling: 21A without PYRE in the journal loses 2 Food (the bad twin loses none)",
     "food is", ("21A", "food", 2, ("21A",), range(300), _journal("PYRE", False))),
    ("keyword-friends-helped", "Journaling: 49A with FRIENDS in the journal gains 1 Resolve instead of losing it "
     "(23A wrote it; the bad twin loses 1)", "resolve is",
     ("49A", "resolve", -2, ("23A", "49A", "A first"), range(300), _journal("FRIENDS"))),
    ("keyword-blood-revenge", "Journaling: 45A with BLOOD in the journal loses 1 more Proximity (a raid wrote "
     "it; the bad twin loses only the 1)", "proximity is",
     ("45A", "proximity", 1, ("30A", "31A", "41A", "47A"), range(600), _journal("BLOOD"))),
    ("outcome-40A-passed", "Plot outcome 40A (house): 1d6 + Resolve of 7 or more, the nephew yields: gain 2 "
     "Resolve (the bad twin gains 1)", "resolve is", ("40A", "resolve", -1, None, range(300), _passed_40a)),
    ("outcome-24A", "Plot outcome 24A (house): without BEAR in the journal lose 1 Food (and 1 Food maximum; the "
     "bad twin keeps the Food)", "food is", ("24A", "food", 1, None, range(300), _journal("BEAR", False))),
)
for _rule, _source, _expect, _args in STEERED_OUTCOMES:
    case(_rule, _source, "with", _expect)(lambda args=_args: steered_outcome(*args))


# The rest of the outcomes that change values: each its value, recorded as if the effect were not applied.
PLAIN_OUTCOMES = (("10A", "resolve", 1), ("14A", "movement", 1), ("16A", "proximity", -1), ("18A", "resolve", 1),
                  ("19A", "proximity", 1), ("28A", "food", -1), ("30A", "proximity", 1), ("31A", "resolve", 1),
                  ("33A", "food", 1), ("35A", "resolve", -1), ("37A", "movement", 1), ("39A", "resolve", 1),
                  ("43A", "proximity", 1), ("48A", "movement", 1))


def _plain_outcome(code, key, n):
    effect = eng.outcome_of(code).effect
    case(f"outcome-{code}", f"Plot outcome {code} (house): {effect} (the bad twin's {key} {n:+d}, as if not applied)",
         "with", f"{key} is")(lambda: steered_outcome(code, key, n))


for _code, _key, _n in PLAIN_OUTCOMES:
    _plain_outcome(_code, _key, _n)


@case("gold-few-entries", "Plot outcome 02A: from now on, do not roll at hex E (ruling gold-entries: with GOLD in "
      "fewer than 3 journal entries, E counts as visited; the bad twin rolls there, a Perfect Sunset)", "both", "is not rolled")
def _():
    def ok(g, i):
        return any(m["plot"] == {"letter": "E"} for m in g.days[i].get("marks", ())) and g.after[i].over is None
    g, i = find(ok, steered(range(100), ("02A",)))
    bad = save_of(g, i)
    next(m for m in bad["days"][i]["marks"] if m["plot"] == {"letter": "E"})["plot"]["roll"] = 1
    return g, i, bad, save_of(g, i)


@case("fort-retry", "Plot outcome 12A (house): repulsed from the fort, move back to the hex you came from; you may try "
      "again on a later turn (the good twin does, the next day; the bad twin tries again the same turn)", "both",
      "no movement this turn")
def _():
    def ok(g, i):  # the second of two assaults on following days
        return i > 0 and into_fort(g, i - 1) and into_fort(g, i) and g.after[i - 1].over is None
    g, i = find(ok, assaults(1))
    bad = save_of(g, i - 1)
    d = bad["days"][i - 1]
    d["moved"] = d["moved"] + [g.after[i - 1].pos, d["moved"][-1]]
    d["rolls"]["fort"] = d["rolls"]["fort"] * 2
    return g, i - 1, bad, save_of(g, i)  # (the day the bad twin changes)


@case("outcome-crow", "Plot outcomes 13A, 22A, 26A, 34A, 35A: colour a Crow (22A, Stand Firm: the bad twin colours "
      "none)", "both", "Crow")
def _():
    def ok(g, i):
        return outcome_day("22A")(g, i) and len(g.days[i].get("crows", ())) == 1 and g.after[i].over is None \
            and len(g.after[i].crows) < RULES.crows_for_vision
    g, i = find(ok, steered(range(300), ("22A",)))
    bad = save_of(g, i)
    del bad["days"][i]["crows"]
    return g, i, bad, save_of(g, i)


def stormwalkers_case(low, key, n):
    """A Stormwalkers day whose one Bad Omen is the storm `low`, `key` recorded n off (the storm suffered)."""
    def ok(g, i):
        d = g.days[i]
        return after_vision(("forest", 1))(g, i) and only_omen(g, i, low) and no_choice(g, i) and "vision" not in d \
            and not d.get("marks") and not d.get("crows") and room(g, i, key, n) and g.days[i]["resources"][key] + n >= 0
    return raised(key, n)(*find(ok, steered(range(200), ("forest",), 1)))


@case("stormwalkers-snowstorm", "Forest vision 1, Stormwalkers: no result with Storm in its name can harm you (a "
      "Snowstorm, house, takes no Food; the bad twin loses 1)", "with", "food is")
def _():
    return stormwalkers_case(43, "food", -1)


@case("fort-move-back-written", "Plot outcome 12A (house): repulsed, move back to the hex you came from, and the "
      "turn's moves end there (the good twin writes the move back in its route, as a hand-writer may; the bad twin "
      "walks on from it)", "both", "no movement this turn")
def _():
    g, i = find(lambda g, i: into_fort(g, i) and g.after[i].over is None and len(moved(g.days[i])) >= 2
                and moved(g.days[i])[-1] in g.land.fort, assaults(1))
    good = save_of(g, i)
    d = good["days"][i]
    back, fort = d["moved"][-2], d["moved"][-1]
    d["moved"] = d["moved"] + [back]
    bad = copy.deepcopy(good)
    terrain = dict(g.maps[i], **d.get("mapped", {}))
    bad["days"][i]["moved"].append(next(n for n in sorted(g.land.neighbors[back]) if n != fort and n in terrain
                                        and n not in g.land.fort and n not in d["moved"]))
    return g, i, bad, good


@case("plot-d4-at-three", "D4 Ambush: Resolve 3 or less goes to 45A (the boundary: the good twin meets the Ambush "
      "with Resolve 3; the bad twin takes 22A)", "with", "with resolve 3 the encounter leads to 45A")
def _():
    def ok(g, i):
        return outcome_day("45A")(g, i) and g.before[i].values[eng.RESOLVE] == 3 and g.after[i].over is None \
            and not g.days[i].get("rolls", {}).get("omens")
    g, i = find(ok, steered(range(600), ("45A",)))
    bad = save_of(g, i)
    p = next(m["plot"] for m in bad["days"][i]["marks"] if m["plot"].get("outcome") == "45A")
    c = next(c for c in plots.encounter("D4").choices if c.outcome == "22A")
    p["choice"], p["outcome"] = c.text, c.outcome
    return g, i, bad, save_of(g, i)


def write(only=()) -> None:
    """Every case's files (the old ones removed first), or only the named cases'."""
    if not only:
        for old in HERE.glob("*.yaml"):
            old.unlink()
    for rule, source, rolls, expect, fn in CASES:
        if only and rule not in only:
            continue
        g, i, bad, good = fn()
        for kind, data in (("bad", bad), ("good", good)):
            how = "changed" if kind == "bad" else "as played"
            head = [f"# review 1872: {rule} ({kind})", f"# rule: {source}",
                    f"# from: {getattr(g, 'who', 'careful player')}, seed {g.seed}, days 1-{len(data['days'])} (day {i + 1} {how})",
                    f"# rolls: {rolls}"]
            if kind == "bad":
                head.append(f"# expect: {expect}")
            text = "\n".join(head) + "\n" + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=110)
            (HERE / f"{rule}-{kind}.yaml").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    import sys

    write(sys.argv[1:])
