"""What the play page shows of a game, per game, in plain words: the trackers and map of a state,
the open step as a question (which phase, what to roll, which choices), and each option's label.

A view holds no rule: every number comes from the engine's state or the game's data, every legal
choice from the engine's step. `PLAYABLE` names the games whose engine keeps the one contract
(lostprint.engine.contract) and so can be played at the table.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import NamedTuple

from lostprint.engine import lost_crew as crew_engine
from lostprint.engine import lost_crows as crows_engine
from lostprint.engine import lost_expedition as exp_engine
from lostprint.engine.contract import Roll
from lostprint.play.table import encode
from lostprint.games.lost_crew import CHARTS as CREW_CHARTS
from lostprint.games.lost_crew import PHASES as CREW_PHASES
from lostprint.games.lost_crew import RULES as CREW
from lostprint.games.lost_crew import TRACKERS as CREW_TRACKERS
from lostprint.games import lost_crows_plots as CROWS_PLOTS
from lostprint.games.lost_crows import PHASES as CROWS_PHASES
from lostprint.games.lost_crows import RESOURCE_NAMES, describe
from lostprint.games.lost_crows import RULES as CROWS
from lostprint.games.lost_crows import TRACKERS as CROWS_TRACKERS
from lostprint.games.lost_crows import UNITS as CROWS_UNITS
from lostprint.games.lost_expedition import CHARTS as EXP_CHARTS
from lostprint.games.lost_expedition import EXPEDITIONS, KANTYI_ROLLS
from lostprint.games.lost_expedition import PHASES as EXP_PHASES
from lostprint.games.lost_expedition import RULES as EXP
from lostprint.games.lost_expedition import TRACKERS as EXP_TRACKERS
from lostprint.players import lost_crew as crew_players
from lostprint.players import lost_crows as crows_players
from lostprint.players import lost_expedition as exp_players
from lostprint.saves.rules_1572 import NAMES as INTEREST_NAMES
from lostprint.saves.rules_1572 import save_of as exp_save_of
from lostprint.saves.rules_1672 import save_of as crew_save_of
from lostprint.saves.rules_1872 import save_of as crows_save_of


class Playable(NamedTuple):
    engine: object  # the engine module (STEPS, start, outcome, score)
    players: object  # its deciders (PLAYERS, default crew names)
    save_of: object  # the transcript: events -> save data
    view: object  # this module's view functions for the game


def playable(game_id: str) -> Playable | None:
    """The parts a game is played with (None: its engine is not yet on the one contract)."""
    if game_id == "lost-crew":
        return Playable(crew_engine, crew_players, crew_save_of, Crew1672)
    if game_id == "lost-crows":
        return Playable(crows_engine, crows_players, crows_save_of, Crows1872)
    if game_id == "lost-expedition":
        return Playable(exp_engine, exp_players, exp_save_of, Expedition1572)
    return None


PLAYABLE = ("lost-crew", "lost-crows", "lost-expedition")


class NoSetup:
    """What a view without a setup roll says: the game starts from the map and the crew's size alone."""

    SETUP_INPUTS = 0

    @staticmethod
    def start(engine, game_map, setup, names):
        return engine.start(game_map, len(names))

    @staticmethod
    def canonical(key: str, choice, v):
        return choice


# --- 1672: The Lost Crew --------------------------------------------------------------------------


class Crew1672(NoSetup):
    """The 1672 view: a namespace of pure functions."""

    # which phase of the sheet's list (lostprint.games.lost_crew.PHASES) each engine step belongs to
    PHASE_OF = {"assign": 1, "rest": 2, "repair": 3, "move": 4, "island": 4, "scan": 5, "gather": 6,
                "goods": 7, "natives": 7, "gift": 7, "natives wound": 7, "drink": 8, "drink wound": 8,
                "eat": 9, "eat wound": 9, "accident": 10, "accident wound": 10, "weather": 11,
                # a job left unplaced in the orders (None: what a search gives) is placed as its phase comes
                **{s.key: 1 for s in crew_engine.STEPS if s.key.startswith("place ")}}

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
        if key.endswith(" sailors"):  # a job left unplaced in the orders, placed now
            job = key[:-len(" sailors")]
            return f"Phase 1, placed now: which of your well sailors take the {job} slots?"
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
        if key.endswith(" sailors"):
            if isinstance(option, bool):
                return "one sailor" if option else "nobody"
            if isinstance(option, int):
                return f"{option} sailor{'s' * (option != 1)}" if option else "nobody"
            return ", ".join(option) if option else "nobody"
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


# --- 1872: The Lost Crows -------------------------------------------------------------------------


class Crows1872(NoSetup):
    """The 1872 view: a namespace of pure functions over the engine's Tribe."""

    # which phase of the sheet's list (lostprint.games.lost_crows.PHASES) each engine step belongs to
    PHASE_OF = {**{f"{w} {k}": 1 for k in range(1, CROWS.rolls_per_turn + 1) for w in ("roll", "place")},
                "dawn": 1, "windriders": 1, "reroll": 1, "spirit dancers": 1, "activate": 2, "icons": 2,
                "go": 3, "dusk": 3}

    @staticmethod
    def board(g, names=()) -> dict:
        """The units' boxes, the trackers, Crows, vision, position and what is coloured."""
        st = g.st
        return {
            "day": g.day,
            "weather": "",  # 1872 has no weather; the page's shared tracker stays blank
            "trackers": [{"key": t.key, "name": t.name, "value": st.value(t.key), "max": st.cap(t.key)}
                         for t in CROWS_TRACKERS],
            "crew": [],
            "boxes": [{"unit": u.name, "top": g.board[crows_engine.BOX * i] or None,
                       "bottom": g.board[crows_engine.BOX * i + 1] or None}
                      for i, u in enumerate(CROWS_UNITS)],
            "crows": list(st.crows),
            "vision": list(st.vision) if st.vision else None,
            "fever": st.fever,
            "dancers_left": max(0, CROWS.spirit_dancers - st.dancers - g.used),  # today's count too
            "plots": [[letter, day] for letter, day in st.plots],
            "pos": st.pos,
            "drawn": [[lab, t] for lab, t in g.drawn],
            "islands": [],
            "over": list(st.over) if st.over else None,
        }

    @staticmethod
    def route(start, events) -> list[str]:
        """Every hex the tribe entered, in order, from its start."""
        path = [start.st.pos]
        for e in events:
            for lab in e.state.st.moved[len(e.before.st.moved):] if e.state.st.day == e.before.st.day else ():
                if lab != path[-1]:
                    path.append(lab)
        return path

    @staticmethod
    def question(g, step, need, names=()) -> dict:
        """The open step as the page asks it."""
        phase = next(p for p in CROWS_PHASES if p.number == Crows1872.PHASE_OF[step.key])
        out = {"step": step.key, "phase": phase.number, "phase_name": phase.name, "summary": phase.summary}
        if isinstance(need, Roll):
            out.update(kind="roll", dice=need.dice,
                       text=f"Roll {need.dice}d{CROWS.die_faces} for {Crows1872.roll_for(need.key, g)}")
            chart = Crows1872.chart(need.key, g)
            if chart is not None:
                out["chart"] = chart
            return out
        options = list(step.options(g))
        out.update(kind="choose", key=need.key, text=Crows1872.ask(need.key, g),
                   options=[Crows1872.label(need.key, o, g, names) for o in options],
                   values=[encode(o) for o in options])
        if need.key == "place":  # each die picks its box on the page: the boxes, by index, and the faces
            out["dice_faces"] = list(g.dice)
            out["boxes"] = [[i, Crows1872._box(i)] for i in range(len(g.board))]
            if any(crows_engine.NO_BOX in o for o in options):  # a permanent-6 vision lets a die go
                out["boxes"].append([crows_engine.NO_BOX, "discarded"])
        if need.key == "dancers":  # a box, then its new face: [box index, name, face it shows]
            out["dance"] = [[i, Crows1872._box(i), face] for i, face in enumerate(g.board)]
        if need.key in ("map", "go"):  # a hex to colour or to go to, clicked on the map too
            hexes = [o if need.key == "map" else o[0] if isinstance(o, tuple) else None for o in options]
            out["targets"] = {h: i for i, h in enumerate(hexes) if h is not None and hexes.count(h) == 1}
        return out

    @staticmethod
    def roll_for(key: str, g) -> str:
        """What a roll is for, in words."""
        item = g.agenda[0] if g.agenda else ()
        if key == "units":
            return f"roll {len(g.order) // CROWS.dice_per_roll + 1} of {CROWS.rolls_per_turn}: the units' boxes"
        if key == "vision":
            return f"the Vision Quest in the {item[1]}"
        if key == "plot":
            return f"plot hex {item[1]}"
        if key == "outcome":
            _, letter, roll, choice = item[:4]
            return f"outcome {CROWS_PLOTS.encounter(f'{letter}{roll}').choices[choice].outcome}"
        return {"reroll": "the Windriders' reroll", "omen": "a Bad Omen (the first die is the tens)",
                "assault": "the assault on Fort Benton (12A)"}.get(key, key)

    @staticmethod
    def chart(key: str, g) -> dict | None:
        """The chart a roll is read on: the Bad Omen table, or the plot hex's encounters."""
        if key == "omen":
            return {"title": "Bad Omen", "modifier": "d66", "bonus": 0,
                    "rows": [{"low": o.low, "high": o.high, "label": o.name, "text": describe(o.effects)}
                             for o in CROWS.omens]}
        if key == "plot" and g.agenda:
            letter = g.agenda[0][1]
            rows = []
            for roll in range(1, CROWS.plot_die + 1):
                enc = CROWS_PLOTS.encounter(f"{letter}{roll}")
                rows.append({"low": roll, "high": roll, "label": enc.title,
                             "text": " / ".join(c.text for c in enc.choices)})
            return {"title": f"Plot {letter}", "modifier": "", "bonus": 0, "rows": rows}
        return None

    @staticmethod
    def ask(key: str, g) -> str:
        item = g.agenda[0] if g.agenda else ()
        if key == "place":
            a, b = g.dice
            return f"Phase 1: the dice show {a} and {b}: which boxes do they go in?"
        if key == "map":
            return f"A map icon: which hex do you colour {item[2].key}?"
        if key == "reading":
            return f"Bad Omen {item[2][0]}{item[2][1]}: which reading do you take?"
        if key == "plot choice":
            enc = CROWS_PLOTS.encounter(f"{item[1]}{item[2]}")
            return f"Plot {enc.code}, {enc.title}: what do you do?"
        storm = crows_engine.power(g.st).storm_dancers
        if key == "dancers" and storm:
            return f"Storm Dancers (once a day in the {storm}): change a die to any face?"
        return {
            "reroll": "Windriders: reroll one die?",
            "dancers": f"Spirit Dancers ({crows_engine.dancers_left(g)} left for the game): change a die to any face?",
            "crow": "A Crow after the Vision Quest: which resource gains 1?",
            "plot crow": "A Crow after the Vision Quest: which resource gains 1?",
            "wild": "A wild icon: which resource gains?",
            "wild-primary": "A wild icon: which primary resource gains?",
            "lose-choice": "Which resources lose?",
            "lowest": "Your lowest resources are tied: which one loses?",
            "vision": "Vision Quest: the Crows tie; which terrain does the vision come from?",
            "vision top": "Pipe Carriers: whose top box holds the permanent 6?",
            "ghost": "Ghost Mountain: which blank hex becomes a Mountain?",
            "gold": "Gold (02A): is GOLD written in at least three of your journal entries?",
            "go": "Movement: where does the tribe go?",
        }.get(key, key)

    @staticmethod
    def _box(i: int) -> str:
        unit = CROWS_UNITS[i // crows_engine.BOX].name
        return f"{unit} {'top' if i % crows_engine.BOX == 0 else 'bottom'}"

    @staticmethod
    def label(key: str, option, g, names=()) -> str:
        if key == "place":
            return ", ".join(f"{face} → discarded" if box == crows_engine.NO_BOX else f"{face} → {Crows1872._box(box)}"
                             for box, face in zip(option, g.dice))
        if key == "reroll":
            return "keep the dice" if option == crows_engine.KEEP else f"reroll the {Crows1872._box(option)} ({g.board[option]})"
        if key == "dancers":
            if option == crows_engine.DONE:
                return "no more changes"
            box, face = option
            return f"{Crows1872._box(box)}: {g.board[box]} → {face}"
        if key in ("crow", "plot crow", "wild", "wild-primary", "lowest"):
            return RESOURCE_NAMES.get(option, str(option))
        if key == "lose-choice":
            return " and ".join(RESOURCE_NAMES[k] for k in option)
        if key == "gold":
            return "yes: the gold buys the way to Canada" if option else "no"
        if key == "reading":
            roll, effects = crows_engine.omen_choices(g.st, g.agenda[0][2])[option]
            if not roll:
                return "doubles: the portents pass"
            return f"{roll} {CROWS.omen(roll).name}: {describe(effects) or 'no effect'}"
        if key == "plot choice":
            enc = CROWS_PLOTS.encounter(f"{g.agenda[0][1]}{g.agenda[0][2]}")
            return enc.choices[option].text
        if key == "go":
            if option == crows_engine.STOP:
                return "stop here for today"
            to, pay = option
            terrain = g.terrain.get(to, "blank")
            river = f"; the river paid in {RESOURCE_NAMES[pay]}" if pay else ""
            return f"{g.st.pos} → {to} ({terrain}{river})"
        return str(option)


# --- 1572: The Lost Expedition --------------------------------------------------------------------


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "±0"


class Expedition1572:
    """The 1572 view: a namespace of pure functions over the engine's State. The game begins with a
    setup roll (the rules: roll 1d6 for the kind of expedition), kept as the game's first input."""

    SETUP_INPUTS = 1
    CHART = MappingProxyType({c.key: c for c in EXP_CHARTS})
    EXPEDITION = MappingProxyType({o.key: o for o in EXPEDITIONS})
    # which phase of the sheet's list (lostprint.games.lost_expedition.PHASES) each engine step belongs to
    PHASE_OF = MappingProxyType({"start": 1, "planning": 1, "movement": 2, "mapping": 3, "exploring": 4,
                                 "native-contact": 5, "hunting": 6, "interests": 7, "eat": 8, "travel": 9,
                                 "morale": 10, "end": 12})

    # --- setup: the expedition's roll ---------------------------------------------------------------

    @staticmethod
    def setup_question() -> dict:
        return {"step": "setup", "phase": 0, "phase_name": "Setup", "kind": "roll", "dice": 1,
                "summary": "The expedition you were part of gives a bonus for the whole game.",
                "text": f"Roll 1d{EXP.die_faces} for your expedition",
                "chart": {"title": "Expedition", "modifier": "", "bonus": 0,
                          "rows": [{"low": o.roll, "high": o.roll, "label": o.name, "text": o.effect}
                                   for o in EXPEDITIONS]}}

    @staticmethod
    def expedition_of(raw) -> str:
        """The expedition a setup roll gives; ValueError if it is not one die's face."""
        face = next((o.key for o in EXPEDITIONS if o.roll == raw and not isinstance(raw, bool)), None)
        if face is None:
            raise ValueError(f"the expedition is rolled on 1 die showing 1 to {EXP.die_faces}")
        return face

    @staticmethod
    def start(engine, game_map, setup, names):
        """The game's first state: before the setup roll, an expedition not yet known ("")."""
        return engine.start(game_map, Expedition1572.expedition_of(setup[0]) if setup else "")

    @staticmethod
    def canonical(key: str, choice, v):
        """A decider's choice as the page lists it: kept dice in the listed (sorted) order."""
        return tuple(sorted(choice)) if key == "keep" else choice

    # --- the board ----------------------------------------------------------------------------------

    @staticmethod
    def marks(v) -> list[str]:
        """Everything drawn on the map beside the terrain, in words (one entry per mark)."""
        out = [f"village at {h}" for h in v.villages]
        out += [f"peaceful village at {h}" for h in v.peaceful]
        out += [f"Advanced Empire at {h}" for h in v.empires]
        out += [f"trail {' – '.join(sorted(t))}" for t in sorted(v.trails, key=sorted)]
        out += [f"cataract {' – '.join(sorted(c))}" for c in sorted(v.cataracts - v.board.cataracts, key=sorted)]
        out += [f"interest at {h}: {INTEREST_NAMES.get(k, k)}" for h, k in v.interests]
        if v.lagos:
            out.append(f"Lagos de Oro: {', '.join(v.lagos)}")
        return out

    @staticmethod
    def board(v, names=()) -> dict:
        exp = Expedition1572.EXPEDITION.get(v.expedition)
        kept = [["Expedition", exp.name if exp else "to be rolled"]]
        if v.fever:
            kept.append(["Fever", "the party is sick (WILDs held)"])
        if v.eclipse:
            kept.append(["Eclipse predicted", f"{v.eclipse} Native Contact row{'s' * (v.eclipse != 1)} to choose"])
        if v.kantyi:
            kept.append(["Princess Kantyi", "rerolls Native Contact 1s and 2s"])
        if v.diego:
            kept.append(["Diego Mendoza", "+1 used today" if v.diego_used else "+1 once a day"])
        if v.plan.called:
            kept.append(["Planned today", ", ".join(f"{Expedition1572.CHART[k].title} {_signed(v.plan.get(k))}"
                                                   for k in v.plan.called)])
        return {
            "day": v.day,
            "weather": "",  # 1572 has no weather
            "trackers": [{"key": t.key, "name": t.name, "value": v.get(t.key), "max": t.maximum}
                         for t in EXP_TRACKERS],
            "crew": [],
            "kept": kept,
            "marks": Expedition1572.marks(v),
            "pos": v.pos,
            "drawn": [[lab, t] for lab, t in v.terrain.items() if lab not in v.board.printed],
            "islands": [],
            "over": list(v.over) if v.over else None,
        }

    @staticmethod
    def route(start, events) -> list[str]:
        """Every hex the party entered, in order, from its start."""
        path = [start.pos]
        for e in events:
            if e.step == "travel" and e.need.key == "to" and e.value is not None:
                path.append(e.value)
        return path

    # --- the open step ------------------------------------------------------------------------------

    @staticmethod
    def question(v, step, need, names=()) -> dict:
        number = 7 if step.key == "travel" and v.interest_due else Expedition1572.PHASE_OF[step.key]
        phase = next(p for p in EXP_PHASES if p.number == number)
        out = {"step": step.key, "phase": phase.number, "phase_name": phase.name, "summary": phase.summary}
        if isinstance(need, Roll):
            out.update(kind="roll", dice=need.dice,
                       text=f"Roll {need.dice}d{EXP.die_faces} for {Expedition1572.roll_for(need, step.key, v)}")
            chart = Expedition1572.chart(need, step.key, v)
            if chart is not None:
                out["chart"] = chart
            if step.key == "mapping":
                out["hex"] = exp_engine.pending(v, "mapping", "target")
            return out
        options = list(step.options(v))
        out.update(kind="choose", key=need.key, text=Expedition1572.ask(need.key, step.key, v),
                   options=[Expedition1572.label(need.key, o, v, names) for o in options],
                   values=[encode(o) for o in options])
        if need.key in ("target", "trail", "to", "cartography"):
            out["targets"] = {o: i for i, o in enumerate(options) if o is not None}
        if need.key == "keep":  # the dice as rolled: the page keeps those clicked
            out["rolled"] = list(exp_engine.planned_dice(v))
        refused = Expedition1572.refused(need.key, v, options)
        if refused:
            out["refused"] = refused
        return out

    @staticmethod
    def refused(key: str, v, options) -> list[str]:
        """The neighbours a hex choice does not offer, each with the rule that keeps it out."""
        here = v.pos
        if key == "to":
            return [f"{n}: {why}" for n in v.board.neighbours[here] if (why := exp_engine.step_problem(v, n))]
        if key == "target":
            return [f"{n}: mapped already ({v.terrain[n]})" for n in v.board.neighbours[here] if n in v.terrain]
        if key in ("trail", "cartography"):
            return [f"{n}: " + ("a cataract lies between" if frozenset((here, n)) in v.cataracts
                                else "a trail is there already")
                    for n in v.board.neighbours[here] if n not in options]
        return []

    @staticmethod
    def roll_for(need, phase: str, v) -> str:
        """What a roll is for, in words."""
        if need.key == "planning":
            kept = exp_engine.pending(v, "planning", "keep")
            if kept is None:
                return "Planning (1 is a WILD; each other face calls its phase)"
            return f"Planning: the dice not kept ({', '.join(map(str, kept)) or 'none'} kept)"
        if need.key == KANTYI_ROLLS:
            rolls = exp_engine.pending(v, phase, "rolls", ())
            return (f"Princess Kantyi's rerolls of the Native Contact dice showing 1 or 2 "
                    f"({' then '.join(str(list(r)) for r in rolls)})")
        if need.key == "mapping":
            return f"Mapping {exp_engine.pending(v, 'mapping', 'target')}"
        if need.key == "interests":
            return f"Interests at {v.pos}"
        title = Expedition1572.CHART[need.key].title
        if exp_engine.pending(v, phase, "musket"):
            return f"{title}: the musket's reroll"
        if need.dice != EXP.phase_dice:
            return f"{title} (near the Advanced Empire: {need.dice} {'die' if need.dice == 1 else 'dice'})"
        return title

    @staticmethod
    def chart(need, phase: str, v) -> dict | None:
        """The chart a roll is read on, and what adds to its dice now (Kantyi's rerolls: none)."""
        if need.key in ("planning", KANTYI_ROLLS):
            return None
        if need.key == "interests":  # rolled in phase 7 or on entering a hex in travel: its inputs wait as one
            phase = "interests"
        diego = EXP.bonus_per_extra if exp_engine.pending(v, phase, "diego") else 0
        if need.key == "interests":
            bonus = diego
        else:
            musket = bool(exp_engine.pending(v, phase, "musket"))
            bonus = exp_engine.modifier(v, need.key, musket) + diego
        chart = Expedition1572.CHART[need.key]
        return {"title": chart.title, "modifier": chart.modifier, "bonus": bonus,
                "rows": [{"low": b.low, "high": b.high, "label": b.label, "text": "; ".join(b.results)}
                         for b in chart.bands]}

    @staticmethod
    def ask(key: str, phase: str, v) -> str:
        if key == "keep":
            dice = exp_engine.planned_dice(v)
            return f"Planning: the dice show {', '.join(map(str, dice))}: which do you keep? The rest are rolled once more"
        if key == "wilds":
            dice = exp_engine.planned_dice(v)
            n = exp_engine.wild_count(v, dice)
            return (f"Planning: the dice are {', '.join(map(str, dice))}: "
                    + (f"which phases do your {n} WILD{'s' * (n != 1)} add to?" if n else "the phases they call"))
        if key == "musket":
            dice = exp_engine.chart_dice(v, phase)
            total = exp_engine.chart_total(v, phase)
            band = Expedition1572._band(phase, total)
            added = f" {_signed(total - sum(dice))}" if total != sum(dice) else ""
            return (f"{Expedition1572.CHART[phase].title}: {', '.join(map(str, dice))}{added} makes {total} "
                    f"({'; '.join(band.results)}): spend a musket to reroll?")
        if key == "trail":
            return f"A trail: where does it lead from {v.pos}?"
        if key == "diego":
            return f"Diego Mendoza: add +{EXP.bonus_per_extra} to this {Expedition1572.CHART[phase].title if phase in Expedition1572.CHART else 'Interests'} roll (once a day)?"
        return {
            "row": "The predicted eclipse: which Native Contact row do you take instead of rolling?",
            "target": f"Mapping: which unmapped hex next to {v.pos} do you map?",
            "lagos": "Lagos de Oro: which three hexes does the lake fill?",
            "fill": "The Migration: spend a musket to fill the Food?",
            "to": f"Travel: where does the party go from {v.pos}?",
            "cartography": f"Cartography: draw a trail from {v.pos}?",
        }.get(key, key)

    @staticmethod
    def _band(chart: str, total: int):
        row = exp_engine.row_for(chart, total)
        return next(b for b in Expedition1572.CHART[chart].bands if (b.low, b.high) == (row.low, row.high))

    @staticmethod
    def label(key: str, option, v, names=()) -> str:
        if key == "keep":
            n = len(exp_engine.planned_dice(v))
            if len(option) == n:
                return f"keep all {n} ({', '.join(map(str, option))}): no reroll"
            if not option:
                return f"reroll all {n} dice"
            return f"keep {', '.join(map(str, option))}; reroll {n - len(option)} {'die' if n - len(option) == 1 else 'dice'}"
        if key == "wilds":
            if not option:
                if EXP.wild_face not in exp_engine.planned_dice(v):
                    return "no WILD to give"
                if v.fever:
                    return "none: the fever holds the WILDs"
                return "none: no phase is called for a WILD to add to"
            return ", ".join(f"{n} to {Expedition1572.CHART[k].title}" for k, n in option)
        if key == "row":
            band = Expedition1572.CHART["native-contact"].bands[option]
            return f"{band.label}: {'; '.join(band.results)}"
        if key == "diego":
            return f"add Diego's +{EXP.bonus_per_extra}" if option else "not now"
        if key == "musket":
            return f"spend a musket and reroll ({v.get('muskets')} left)" if option else "keep this roll"
        if key == "fill":
            return f"spend a musket: Food to {EXP.cap}" if option else "keep the musket"
        if key in ("trail", "cartography"):
            if option is None:
                return "no trail"
            return f"trail {v.pos} → {option} ({v.terrain.get(option, 'unmapped')})"
        if key == "target":
            return f"{option} ({v.board.direction(v.pos, option)}, {v.board.to_goal[option]} from the delta)"
        if key == "lagos":
            return ", ".join(option)
        if key == "to":
            if option is None:
                if v.steps:
                    return "stop here for today"
                return f"stay at {v.pos} today (morale {_signed(EXP.morale_no_travel)})"
            cost = exp_engine.step_cost(v, option)
            river = exp_engine.river_gain(v.board, v.pos, option)
            direction = v.board.direction(v.pos, option)
            morale = exp_engine.MORALE_BY_DIRECTION[direction]
            return (f"{v.pos} → {option} ({v.terrain[option]}, {direction}): costs {cost}"
                    + (f", the river gives +{river}" if river else "") + f"; morale {_signed(morale)} tonight")
        return str(option)
