"""What the play page shows of a game, per game, in plain words: the trackers and map of a state,
the open step as a question (which phase, what to roll, which choices), and each option's label.

A view holds no rule: every number comes from the engine's state or the game's data, every legal
choice from the engine's step. `PLAYABLE` names the games whose engine keeps the one contract
(lostprint.engine.contract) and so can be played at the table.
"""
from __future__ import annotations

from typing import NamedTuple

from lostprint.engine import lost_crew as crew_engine
from lostprint.engine.contract import Roll
from lostprint.play.table import encode
from lostprint.games.lost_crew import CHARTS as CREW_CHARTS
from lostprint.games.lost_crew import PHASES as CREW_PHASES
from lostprint.games.lost_crew import RULES as CREW
from lostprint.games.lost_crew import TRACKERS as CREW_TRACKERS
from lostprint.players import lost_crew as crew_players
from lostprint.saves.rules_1672 import save_of as crew_save_of


class Playable(NamedTuple):
    engine: object  # the engine module (STEPS, start, outcome, score)
    players: object  # its deciders (PLAYERS, default crew names)
    save_of: object  # the transcript: events -> save data
    view: object  # this module's view functions for the game


def playable(game_id: str) -> Playable | None:
    """The parts a game is played with (None: its engine is not yet on the one contract)."""
    if game_id == "lost-crew":
        return Playable(crew_engine, crew_players, crew_save_of, Crew1672)
    return None


PLAYABLE = ("lost-crew",)


# --- 1672: The Lost Crew --------------------------------------------------------------------------


class Crew1672:
    """The 1672 view: a namespace of pure functions."""

    # which phase of the sheet's list (lostprint.games.lost_crew.PHASES) each engine step belongs to
    PHASE_OF = {"assign": 1, "rest": 2, "repair": 3, "move": 4, "island": 4, "scan": 5, "gather": 6,
                "goods": 7, "natives": 7, "gift": 7, "natives wound": 7, "drink": 8, "drink wound": 8,
                "eat": 9, "eat wound": 9, "accident": 10, "accident wound": 10, "weather": 11}

    @staticmethod
    def board(v, names) -> dict:
        """The trackers, crew, position and what is coloured: what the sheet shows in pencil."""
        return {
            "day": v.day,
            "weather": CREW.weather(v.weather).name,
            "trackers": [{"key": t.key, "name": t.name, "value": v.value(t.key), "max": t.maximum}
                         for t in CREW_TRACKERS],
            "crew": [{"name": names[i] if i < len(names) else f"Sailor {i + 1}", "status": s}
                     for i, s in enumerate(v.sailors)],
            "pos": v.pos,
            "drawn": [[lab, t] for lab, t in v.drawn],
            "islands": [{"hexes": list(i.hexes), "size": i.size, "natives": i.natives, "hostile": i.hostile,
                         "cubes": list(i.cubes)} for i in v.islands if i.roll],
            "over": list(v.over) if v.over else None,
            "at_island": crew_engine.at_island(v),
        }

    @staticmethod
    def route(start, events) -> list[str]:
        """Every hex the sloop entered, in order, from its start (a steered route hex by hex)."""
        path = [start.pos]
        for e in events:
            if e.step == "move":
                entered = list(e.value) if isinstance(e.value, (tuple, list)) else [e.state.pos]
                path += [lab for lab in entered if lab != path[-1]]
        return path

    @staticmethod
    def question(v, step, need, names) -> dict:
        """The open step as the page asks it."""
        phase = next(p for p in CREW_PHASES if p.number == Crew1672.PHASE_OF[step.key])
        out = {"step": step.key, "phase": phase.number, "phase_name": phase.name, "summary": phase.summary}
        if isinstance(need, Roll):
            what = {
                "drift": "the drift: the sloop is uncontrolled (Direction chart)",
                "island": f"the new island's contents at {v.pos}",
                "natives": "the natives' answer" + (f" (+{v.goods * CREW.good_bonus} for Goods)" if v.goods else ""),
                "accident": f"a sloop accident: {v.stores[crew_engine.H]} or more wounds a sailor",
                "weather": "tomorrow's weather" + (" (the watch rerolls a Storm)" if v.orders.watch else ""),
            }
            if need.key == "scan":
                label = crew_engine.scan_order(v.gm, v.pos, v.terrain)[0]
                what["scan"] = f"scanning {label}" + (" (every Scan slot filled: +"
                                                      f"{CREW.scan_full_bonus})"
                                                      if v.orders.scan >= crew_engine.SLOT["scan"] else "")
                out["hex"] = label
            if need.key == "spread":
                what["spread"] = f"where the large island at {v.spreading} reaches (Direction chart)"
                out["hex"] = v.spreading
            out.update(kind="roll", dice=need.dice, text=f"Roll {need.dice}d6 for {what.get(need.key, need.key)}")
            chart = Crew1672.chart(need.key, v)
            if chart is not None:
                out["chart"] = chart
            return out
        options = list(step.options(v))
        out.update(kind="choose", key=need.key, text=Crew1672.ask(need.key, v),
                   options=[Crew1672.label(need.key, o, v, names) for o in options],
                   values=[encode(o) for o in options])
        if need.key == "orders":
            idle = crew_engine.Orders()
            out["jobs"] = [{"key": j, "slots": crew_engine.SLOT[j], "flag": isinstance(getattr(idle, j), bool)}
                           for j in crew_engine.JOBS]
            out["well"] = v.well
        return out

    # the chart each roll is read on (the accident roll is read against the Hull, not a chart)
    CHART_OF = {"drift": "direction", "spread": "direction", "island": "island", "scan": "scan",
                "natives": "natives", "weather": "weather"}

    @staticmethod
    def chart(key: str, v) -> dict | None:
        """The chart a roll is read on, as the sheet prints it, and what adds to the dice now."""
        name = Crew1672.CHART_OF.get(key)
        if name is None:
            return None
        chart = next(c for c in CREW_CHARTS if c.key == name)
        bonus = {"scan": CREW.scan_full_bonus if v.orders.scan >= crew_engine.SLOT["scan"] else 0,
                 "island": CREW.bonus(v.terrain.get(v.pos)) or 0,
                 "natives": v.goods * CREW.good_bonus}.get(key, 0)
        return {"title": chart.title, "modifier": chart.modifier, "bonus": bonus,
                "rows": [{"low": b.low, "high": b.high, "label": b.label, "text": "; ".join(b.results)}
                         for b in chart.bands]}

    @staticmethod
    def ask(key: str, v) -> str:
        return {
            "orders": f"Day {v.day + 1}: put your {v.well} well sailor{'s' * (v.well != 1)} on task slots",
            "heal": "Rest: spend Water to heal the wounded?",
            "repair": "Repair: how much Wood becomes Hull?",
            "route": "Movement: where does the sloop go?",
            "gather": "Gather: what do the gatherers take?",
            "goods": "Natives: how many Goods do you offer before the roll?",
            "gift": "Friendly natives: which gift do you take?",
            "wound": "A wound: which sailor takes it?",
        }.get(key, key)

    @staticmethod
    def label(key: str, option, v, names) -> str:
        if key == "orders":
            jobs = [f"{job}" + (f" ×{n}" if n > 1 else "") for job, n in vars(option).items() if n]
            return ", ".join(jobs) or "nobody works"
        if key == "heal":
            return f"heal (−{CREW.rest_water} Water)" if option else "do not heal"
        if key == "repair":
            return f"{option} Wood into Hull" if option else "no repair"
        if key == "route":
            return "stay at " + v.pos if not option else " → ".join((v.pos,) + tuple(option))
        if key == "gather":
            return ", ".join(option) if option else "take nothing"
        if key == "goods":
            return f"{option} Goods (−{option * CREW.good_hull} Hull)" if option else "no Goods"
        if key == "wound":
            name = names[option] if option < len(names) else f"Sailor {option + 1}"
            after = "dies" if v.sailors[option] == crew_engine.WOUNDED else "is wounded"
            return f"{name} {after}"
        return str(option)
