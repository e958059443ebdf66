"""Writes the 1572 review saves beside this file: for each rule of the source, a save that breaks that
one rule (<rule>-bad.yaml) and its corrected twin (<rule>-good.yaml). The numbers are worked out by
hand from the rulebook in the comments below, not by the engine.

Run: python tests/data/review/1572/make_review.py

The standard map: the party starts in A1 (mountains); A2 and C2 are printed mountains; the river runs
A2 B2 C2 D2 ...; a cataract is printed on the river source's downstream side (A2-B2); the delta is O4.
From A1: B1 is NE, B2 SE, A2 S. From B2: C2 is SE (and downstream), C1 NE, B3 S.
Each bad file starts with `# expect: FIELD | WORDS`: the problem the validator must report.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

import yaml

from lostprint.saves.emit import to_yaml

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parents[3] / "examples" / "1572-the-delta-by-grace.yaml"


def res(c=6, mu=6, f=6, mo=6, mv=6) -> dict:
    return {"conquistadors": c, "muskets": mu, "food": f, "morale": mo, "movement": mv}


def save(days, expedition="military", outcome=None) -> dict:
    out = {"format": "lostprint-save/1", "game": "lost-expedition", "map": "standard",
           "setup": {"expedition": expedition}, "days": days}
    if outcome:
        out["outcome"] = outcome
    return out


def bare(data: dict) -> dict:
    data = copy.deepcopy(data)
    for d in data["days"]:
        d.pop("rolls", None)
    return data


# Mapping dice (no planning bonus) for each terrain: 2 swamp, 3 hills, 4 mountains, 5 jungle, 10 forest,
# 11 lake, 12 plains.
MAP_DICE = {"swamp": [1, 1], "hills": [1, 2], "mountains": [2, 2], "jungle": [2, 3], "forest": [4, 6],
            "lake": [5, 6], "plains": [6, 6]}


def day1(terrain="hills", **more) -> dict:
    """Day 1: planning 2 2 2 2 3 (movement +3, mapping +0; four of a kind: a conquistador, at the cap).
    Movement 3+4 +3 -1 (mountains) = 9: progress +1 (at the cap). Mapping B2. Rations: food 5.
    A1 -> B2 (SE): progress -5, morale +3 (at the cap)."""
    d = {"day": 1, "mapped": {"B2": terrain}, "moved": ["B2"], "resources": res(f=5, mv=1),
         "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4], "mapping": MAP_DICE[terrain]}}
    d.update(more)
    return d


CASES: list[tuple[str, str, str, dict, dict]] = []  # (name, rule, expect, good, bad)


def case(name, rule, expect, good, bad):
    CASES.append((name, rule, expect, good, bad))


# --- movement: the terrain's modifier to the Movement total --------------------------------------------
# Day 2 in B2: planning 2 2 2 2 2 (movement +4). Movement 2+3 +4 = 9, plus the terrain's modifier:
# -1 (mountains, hills, jungle, swamp) = 8: progress +1, morale -1; forest 9: progress +1;
# +1 (plains, lake) = 10: progress +2. Camp: food -1, morale -1.
MOVE_MOD = {"mountains": -1, "hills": -1, "jungle": -1, "swamp": -1, "forest": 0, "plains": 1, "lake": 1}
for terrain, mod in MOVE_MOD.items():
    after = {-1: res(f=4, mo=4, mv=2), 0: res(f=4, mo=5, mv=2), 1: res(f=4, mo=5, mv=3)}
    wrong = {-1: res(f=4, mo=5, mv=2), 0: res(f=4, mo=4, mv=2), 1: res(f=4, mo=5, mv=2)}[mod]
    day2 = {"day": 2, "resources": after[mod], "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [2, 3]}}
    bad2 = dict(day2, resources=wrong)
    key = "morale" if wrong["morale"] != after[mod]["morale"] else "movement"
    case(f"movement-{terrain}", f"{terrain}: {mod:+d} to the Movement total",
         f"days[1].resources.{key} | the rolls give",
         save([day1(terrain), day2]), save([day1(terrain), bad2]))

# --- other terrain modifiers ------------------------------------------------------------------------------
# Day 2 in B2: planning 6 2 2 2 2 (hunting +0, movement +3). Movement 3+3 +3 + the terrain's modifier.
# Hunting 1+2 = 3, +1 in forest or mountains = 4: morale -1 (3 would be an accident).
for terrain, move in (("forest", res(c=6, f=4, mo=4, mv=2)), ("mountains", res(c=6, f=4, mo=3, mv=2))):
    # forest: movement 9: progress +1; mountains: movement 8: progress +1, morale -1
    day2 = {"day": 2, "resources": move, "rolls": {"planning": [6, 2, 2, 2, 2], "movement": [3, 3], "hunting": [1, 2]}}
    bad2 = dict(day2, resources=dict(move, conquistadors=5, morale=move["morale"] + 1))
    case(f"hunting-{terrain}", f"{terrain}: +1 to the Hunting total", "days[1].resources | the rolls give",
         save([day1(terrain), day2]), save([day1(terrain), bad2]))

# Jungle: -1 Exploring. Day 2: planning 4 2 2 2 2; movement 3+3 +3 -1 = 8: progress +1, morale -1;
# exploring 4+4 -1 = 7: a village in B2 (progress -1). Without the modifier 8 would be morale +1.
day2 = {"day": 2, "marks": [{"village": "B2"}], "resources": res(f=4, mo=4, mv=1),
        "rolls": {"planning": [4, 2, 2, 2, 2], "movement": [3, 3], "exploring": [4, 4]}}
bad2 = {"day": 2, "resources": res(f=4, mo=5, mv=2), "rolls": day2["rolls"]}
case("exploring-jungle", "jungle: -1 to the Exploring total", "days[1] | the rolls give",
     save([day1("jungle"), day2]), save([day1("jungle"), bad2]))

# Hills: +1 Native Contact. Day 2: planning 5 2 2 2 2; movement 8: progress +1, morale -1; native 4+5 +1
# = 10: food +1 and a peaceful village (9 would be a trail).
day2 = {"day": 2, "marks": [{"peaceful-village": "B2"}], "resources": res(f=5, mo=4, mv=2),
        "rolls": {"planning": [5, 2, 2, 2, 2], "movement": [3, 3], "native-contact": [4, 5]}}
bad2 = {"day": 2, "marks": [{"trail": ["B2", "C2"]}], "resources": res(f=4, mo=4, mv=2), "rolls": day2["rolls"]}
case("native-contact-hills", "hills: +1 to the Native Contact total", "days[1] | the rolls give",
     save([day1("hills"), day2]), save([day1("hills"), bad2]))

# --- map travel ------------------------------------------------------------------------------------------
# A step costs 5 progress. Day 2 in B2 (hills): planning 2 2 2 2 2; movement 6+6 +4 -1 = 15: +2 +2 -> 5;
# B2 -> C2 (SE, downstream): -5, river +1 -> 1; morale +3. With movement 2+3 (8: +1 -> 2) the step is unpaid.
good2 = {"day": 2, "moved": ["C2"], "resources": res(f=4, mv=1),
         "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}}
bad2 = dict(good2, rolls={"planning": [2, 2, 2, 2, 2], "movement": [2, 3]})
case("step-costs-five", "a step costs 5 movement progress", "days[1].moved | costs 5",
     save([day1(), good2]), save([day1(), bad2]))
# Without rolls: two steps without trails cost 10, more than the tracker can hold.
good2 = {"day": 2, "moved": ["C2"], "resources": res(f=4, mv=1)}
bad2 = {"day": 2, "moved": ["C2", "B2"], "resources": res(f=4, mv=0)}
case("two-steps-need-trails", "two steps a day only along trails (5 each, 6 at most)",
     "days[1].moved | 2 moves in a day",
     save([bare(save([day1()]))["days"][0], good2]), save([bare(save([day1()]))["days"][0], bad2]))
# A trail makes the step cost 3. Day 2 in B2: planning 2 4 4 4 4; movement 5+6 -1 = 10: +2 -> 3;
# exploring 3+3 +3 = 9: a trail B2-C2; the step along it: -3, river +1 -> 1; morale +3.
good2 = {"day": 2, "moved": ["C2"], "marks": [{"trail": ["B2", "C2"]}], "resources": res(f=4, mv=1),
         "rolls": {"planning": [2, 4, 4, 4, 4], "movement": [5, 6], "exploring": [3, 3]}}
bad2 = dict(good2, marks=[{"trail": ["B2", "C1"]}])
case("trail-costs-three", "a trail lowers the step between its two hexes to 3", "days[1].moved | costs 5",
     save([day1(), good2]), save([day1(), bad2]))
# Only mapped hexes may be entered (house rule "mapped-only").
good = bare(save([day1()]))
bad = copy.deepcopy(good)
bad["days"][0]["moved"] = ["B1"]
case("enter-mapped-hexes", "only mapped hexes may be entered", "days[0].moved[0] | not mapped", good, bad)
# Morale by direction: A1 -> B2 is SE (+3); day 2 B2 -> B1 is N (-1). Day 2 with no roll but the ration.
good = save([day1(), {"day": 2, "mapped": {"B1": "mountains"}, "moved": ["B1"], "resources": res(f=4, mo=5, mv=0),
                      "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [6, 6], "mapping": [2, 2]}}])
# planning 2 2 2 2 3: movement 6+6 +3 -1 = 14: +2 +2 -> 5; mapping B1: 2+2 = 4 mountains (no 1: no cataract
# from the river hex B2); B2 -> B1 (N): -5, morale -1
bad = copy.deepcopy(good)
bad["days"][1]["resources"]["morale"] = 6
case("morale-by-direction", "a step north costs 1 morale", "days[1].resources.morale | the rolls give", good, bad)

# --- mapping ------------------------------------------------------------------------------------------------
good = save([{"day": 1, "mapped": {"B1": "hills"}, "resources": res(f=5, mo=5),
              "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4], "mapping": [1, 2]}}])
bad = copy.deepcopy(good)
bad["days"][0]["mapped"] = {"C1": "hills"}
case("mapping-next-to-the-party", "the Mapping phase draws a hex next to the party",
     "days[0].mapped.C1 | not next to A1",
     good, bad)
case("mapping-next-to-the-party-bare", "the Mapping phase draws a hex next to the party",
     "days[0].mapped.C1 | not next to A1", bare(good), bare(bad))
bad = copy.deepcopy(good)
bad["days"][0]["mapped"] = {"B1": "hills", "B2": "hills"}
case("mapping-one-hex-a-day", "one hex is mapped a day", "days[0].mapped.B2 | one hex a day", bare(good), bare(bad))
bad = copy.deepcopy(good)
bad["days"][0]["rolls"]["mapping"] = [[6, 6], [1, 2]]
case("mapping-no-muskets", "muskets cannot reroll the Mapping roll", "days[0].rolls.mapping | muskets cannot reroll",
     good, bad)
# Mapping 3+4 = 7: the same terrain as the hex the party stands in (A1: mountains).
good = save([{"day": 1, "mapped": {"B1": "mountains"}, "resources": res(f=5, mo=5),
              "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4], "mapping": [3, 4]}}])
bad = copy.deepcopy(good)
bad["days"][0]["mapped"] = {"B1": "forest"}
case("mapping-same-terrain", "Mapping 6-9 draws the terrain of the party's hex",
     "days[0].mapped | the rolls map B1: mountains",
     good, bad)

# --- cataracts ---------------------------------------------------------------------------------------------
# Day 2 in B2 (a river hex): planning 3 2 2 2 2; movement 3+3 +3 -1 = 8: +1, morale -1; mapping B3: 1+4 = 5
# jungle, and the 1 draws a cataract on B2's downstream side (B2-C2).
good2 = {"day": 2, "mapped": {"B3": "jungle"}, "marks": [{"cataract": ["B2", "C2"]}], "resources": res(f=4, mo=4, mv=2),
         "rolls": {"planning": [3, 2, 2, 2, 2], "movement": [3, 3], "mapping": [1, 4]}}
bad2 = {k: v for k, v in good2.items() if k != "marks"}
case("cataract-on-a-one", "a 1 on a Mapping die in a river hex draws a cataract downstream", "days[1].marks | cataract",
     save([day1(), good2]), save([day1(), bad2]))
# Day 1 maps from A1, not a river hex, then walks into B2: no cataract can be drawn that day.
bad = save([day1(marks=[{"cataract": ["B2", "C2"]}])])
case("cataract-only-from-a-river-hex", "a cataract is drawn while mapping from a river hex",
     "days[0].marks[0].cataract | not a river hex", save([day1(), good2]), bad)
case("cataract-only-from-a-river-hex-bare", "a cataract is drawn while mapping from a river hex",
     "days[0].marks[0].cataract | not a river hex", bare(save([day1(), good2])), bare(bad))
# The printed cataract (A2-B2) blocks the way. Day 1: planning 2 2 2 2 2, movement 3+4 +4 -1 = 10: +2;
# A1 -> A2 (S): -5, morale +1. Day 2 in A2: planning 2 2 2 2 3, movement 6+6 +3 -1 = 14: +4 -> 5;
# mapping 6+6 = 12 plains; A2 -> B3 (SE): -5, morale +3. Into B2 instead, the cataract stands between.
d1 = {"day": 1, "moved": ["A2"], "resources": res(f=5, mv=1),
      "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [3, 4]}}
good2 = {"day": 2, "mapped": {"B3": "plains"}, "moved": ["B3"], "resources": res(f=4, mv=0),
         "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [6, 6], "mapping": [6, 6]}}
bad2 = dict(good2, mapped={"B2": "plains"}, moved=["B2"], resources=res(f=4, mv=1))
case("cataract-printed-blocks", "the printed cataract blocks movement between A2 and B2",
     "days[1].moved[0] | cataract blocks", save([d1, good2]), save([d1, bad2]))
case("cataract-printed-blocks-bare", "the printed cataract blocks movement between A2 and B2",
     "days[1].moved[0] | cataract blocks", bare(save([d1, good2])), bare(save([d1, bad2])))
# Trails cannot pass a cataract. Day 2 in A2: planning 4 4 4 4 4: exploring 2+3 +4 = 9, a trail from A2.
good2 = {"day": 2, "marks": [{"trail": ["A2", "B3"]}], "resources": res(f=4, mo=5, mv=1),
         "rolls": {"planning": [4, 4, 4, 4, 4], "exploring": [2, 3]}}
bad2 = dict(good2, marks=[{"trail": ["A2", "B2"]}])
case("trail-not-through-a-cataract", "a trail cannot pass a cataract", "days[1].marks[0].trail | cataract",
     save([d1, good2]), save([d1, bad2]))

# --- caps and floors ----------------------------------------------------------------------------------------
base = bare(save([day1()]))
for key in ("conquistadors", "muskets", "food", "morale", "movement"):
    for name, value, words in (("cap", 7, "above 6"), ("floor", -1, "below 0")):
        bad = copy.deepcopy(base)
        bad["days"][0]["resources"][key] = value
        case(f"{name}-{key}", f"{key} stays within 0..6", f"days[0].resources.{key} | {words}", base, bad)
# Excess is discarded at once: planning 6 6 6 6 2 (hunting +3); movement 4+5 -1 = 8: +1, morale -1;
# hunting 3+4 +3 +1 = 11: food +2 (6 stays 6), morale +1; rations: 5; camp: morale -1.
good = save([{"day": 1, "resources": res(f=5, mo=5), "rolls": {"planning": [6, 6, 6, 6, 2], "movement": [4, 5],
                                                                "hunting": [3, 4]}}])
bad = copy.deepcopy(good)
bad["days"][0]["resources"]["food"] = 6
case("excess-is-discarded", "no tracker exceeds 6: the excess is lost at once",
     "days[0].resources.food | the rolls give",
     good, bad)

# --- villages, empires ----------------------------------------------------------------------------------------
# Day 1: planning 2 2 2 3 4 (movement +2); movement 3+4 +2 -1 = 8: +1, morale -1; mapping 1+2 = 3 hills;
# exploring 3+3 = 6: a village in A1, progress -1 (6 -> 5); A1 -> B2: -5 -> 0; morale +3.
vday = {"day": 1, "mapped": {"B2": "hills"}, "moved": ["B2"], "marks": [{"village": "A1"}], "resources": res(f=5, mv=0),
        "rolls": {"planning": [2, 2, 2, 3, 4], "movement": [3, 4], "mapping": [1, 2], "exploring": [3, 3]}}
bad = dict(vday, marks=[{"village": "B2"}])
case("village-where-the-day-began", "a village is drawn where Exploring found it, before travel",
     "days[0].marks[0].village | where day 1 began", save([vday]), save([bad]))
case("village-where-the-day-began-bare", "a village is drawn where Exploring found it, before travel",
     "days[0].marks[0].village | where day 1 began", bare(save([vday])), bare(save([bad])))
for kind in ("peaceful-village", "empire"):
    good = bare(save([dict(vday, marks=[{kind: "A1"}])]))
    bad = bare(save([dict(vday, marks=[{kind: "B2"}])]))
    case(f"{kind}-where-the-day-began", f"{kind} is drawn where the roll found it, before travel",
         f"days[0].marks[0].{kind} | where day 1 began", good, bad)
bad = dict(vday, resources=res(f=5, mv=1))
case("village-costs-progress", "a village found costs 1 movement progress",
     "days[0].resources.movement | the rolls give",
     save([vday]), save([bad]))
# Religious: every village is peaceful (no progress lost): 6 -> step -> 1.
good = dict(vday, marks=[{"peaceful-village": "A1"}], resources=res(f=5, mv=1))
case("religious-villages-are-peaceful", "a religious expedition finds only peaceful villages",
     "days[0].marks[0].village | religious", save([good], "religious"), save([vday], "religious"))
case("religious-villages-are-peaceful-bare", "a religious expedition finds only peaceful villages",
     "days[0].marks[0].village | religious", bare(save([good], "religious")), bare(save([vday], "religious")))
# A lake discards village results. Day 2 in B2 (lake): planning 5 2 2 2 2; movement 3+3 +3 +1 = 10: +2 -> 3;
# native 3+4 = 7: a village, discarded.
good2 = {"day": 2, "resources": res(f=4, mo=5, mv=3),
         "rolls": {"planning": [5, 2, 2, 2, 2], "movement": [3, 3], "native-contact": [3, 4]}}
bad2 = dict(good2, marks=[{"village": "B2"}], resources=res(f=4, mo=5, mv=2))
case("lake-discards-villages", "a lake discards village results", "days[1].marks[0].village | lake",
     save([day1("lake"), good2]), save([day1("lake"), bad2]))
# A peaceful village gives +1 to Hunting in its hex. Day 1 camps: planning 2 2 2 2 2, movement 1+2 +4 -1 = 6:
# +1, morale -1; camp: morale 4. Day 2: planning 5 6 6 6 6 (hunting +3); native 5+5 = 10: food +1, a peaceful
# village in A1; hunting 3+3 +3 +1 (mountains) +1 (the village) = 11: food +2, morale +1.
d1 = {"day": 1, "resources": res(f=5, mo=4), "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [1, 2]}}
good2 = {"day": 2, "marks": [{"peaceful-village": "A1"}], "resources": res(f=5, mo=4),
         "rolls": {"planning": [5, 6, 6, 6, 6], "native-contact": [5, 5], "hunting": [3, 3]}}
bad2 = dict(good2, resources=res(f=5, mo=3))
case("peaceful-village-helps-hunting", "+1 to Hunting per peaceful village in the hex",
     "days[1].resources.morale | the rolls give", save([d1, good2]), save([d1, bad2]))
# An empire: Native Contact within 2 hexes is rolled on 1 die. Day 1: planning 2 2 2 2 5; movement 3+4 +3 -1
# = 9: +1; native 1+2 = 3: an empire in A1. Day 2: the same planning; native contact on one die: 6, a village.
d1 = {"day": 1, "marks": [{"empire": "A1"}], "resources": res(f=5, mo=5),
      "rolls": {"planning": [2, 2, 2, 2, 5], "movement": [3, 4], "native-contact": [1, 2]}}
good2 = {"day": 2, "marks": [{"village": "A1"}], "resources": res(f=4, mo=4, mv=5),
         "rolls": {"planning": [2, 2, 2, 2, 5], "movement": [3, 4], "native-contact": [6]}}
bad2 = dict(good2, rolls={"planning": [2, 2, 2, 2, 5], "movement": [3, 4], "native-contact": [3, 3]})
case("empire-rolls-one-die", "near an empire Native Contact is rolled on 1 die",
     "days[1].rolls.native-contact | 1 die of 1–6 within 2 hexes of an Advanced Empire",
     save([d1, good2]), save([d1, bad2]))

# --- Lagos de Oro --------------------------------------------------------------------------------------------
# Day 1: planning 4 4 4 4 2 (exploring +3); movement 4+5 -1 = 8: +1, morale -1; exploring 5+5 +3 = 13:
# Interests in A1; 1+2 = 3: Lagos de Oro. A1 to O4 is 14 hexes: halfway is 7 from each (H2, H3, H4).
lagos = {"day": 1, "mapped": {"G2": "lake", "H2": "lake", "H3": "lake"},
         "marks": [{"interest": {"hex": "A1", "result": "lagos-de-oro"}}, {"lagos-de-oro": ["G2", "H2", "H3"]}],
         "resources": res(f=5, mo=4),
         "rolls": {"planning": [4, 4, 4, 4, 2], "movement": [4, 5], "exploring": [5, 5], "interests": [1, 2]}}
bad = dict(lagos, mapped={"B1": "lake", "C1": "lake", "B2": "lake"},
           marks=[{"interest": {"hex": "A1", "result": "lagos-de-oro"}}, {"lagos-de-oro": ["B1", "C1", "B2"]}])
case("lagos-de-oro-lies-halfway", "Lagos de Oro is drawn halfway between the party and the delta",
     "days[0].marks[1].lagos-de-oro | halfway", save([lagos]), save([bad]))
case("lagos-de-oro-lies-halfway-bare", "Lagos de Oro is drawn halfway between the party and the delta",
     "days[0].marks[1].lagos-de-oro | halfway", bare(save([lagos])), bare(save([bad])))
bad = dict(lagos, mapped={"G2": "lake", "H2": "lake", "I2": "lake"},
           marks=[{"interest": {"hex": "A1", "result": "lagos-de-oro"}}, {"lagos-de-oro": ["G2", "H2", "I2"]}])
case("lagos-de-oro-hexes-touch", "the three hexes of Lagos de Oro all touch", "days[0].marks[1].lagos-de-oro | touch",
     bare(save([lagos])), bare(save([bad])))
case("lagos-de-oro-scores-one-hex", "Lagos de Oro counts as one hex for the score", "outcome.score | the rules give 1",
     bare(save([lagos], outcome={"score": 1})), bare(save([lagos], outcome={"score": 3})))

# --- Princess Kantyi ------------------------------------------------------------------------------------------
# Day 1: planning 4 4 4 5 6; exploring 6+6 +2 = 14: Interests; native 5+5 = 10: food +1, a peaceful village;
# hunting 2+2 +1 (mountains) +1 (the peaceful village) = 6: food +1; interests 4+6 = 10: Princess Kantyi. Camp.
# Day 2: planning 5 5 5 6 6; native 1 2, rerolled by her to 6 4: 10 +2 = 12: a cache and a peaceful village;
# hunting 3+3 +1 +1 (mountains) +2 (two peaceful villages) = 11: food +2, morale +1.
k1 = {"day": 1, "marks": [{"peaceful-village": "A1"}, {"interest": {"hex": "A1", "result": "princess-kantyi"}}],
      "resources": res(f=5, mo=5), "rolls": {"planning": [4, 4, 4, 5, 6], "exploring": [6, 6],
                                             "native-contact": [5, 5], "hunting": [2, 2], "interests": [4, 6]}}
k2 = {"day": 2, "marks": [{"peaceful-village": "A1"}], "resources": res(f=5, mo=5),
      "rolls": {"planning": [5, 5, 5, 6, 6], "native-contact": [1, 2], "kantyi": [6, 4], "hunting": [3, 3]}}
bad2 = dict(k2, rolls={k: v for k, v in k2["rolls"].items() if k != "kantyi"})
case("princess-kantyi-rerolls", "Princess Kantyi rerolls Native Contact 1s and 2s",
     "days[1].rolls.native-contact | Princess Kantyi", save([k1, k2]), save([k1, bad2]))

# --- the expeditions ------------------------------------------------------------------------------------------
# Botany: immune to fever. Movement 1+1 +3 -1 = 4: progress +1 and a fever icon.
good = save([day1(rolls={"planning": [2, 2, 2, 2, 3], "movement": [1, 1], "mapping": [1, 2]})], "botany")
bad = copy.deepcopy(good)
bad["days"][0]["fever"] = "struck"
case("botany-is-immune-to-fever", "a botany expedition is immune to fever", "days[0].fever | immune", good, bad)
case("botany-is-immune-to-fever-bare", "a botany expedition is immune to fever", "days[0].fever | immune",
     bare(good), bare(bad))
# Botany: +1 Hunting. Planning 6 6 6 6 2; movement 4+5 -1 = 8: +1, morale -1; hunting 3+3 +3 +1 +1 = 11:
# food +2, morale +1 (without botany 10: food +2 only).
good = save([{"day": 1, "resources": res(f=5, mo=5), "rolls": {"planning": [6, 6, 6, 6, 2], "movement": [4, 5],
                                                                "hunting": [3, 3]}}], "botany")
bad = copy.deepcopy(good)
bad["days"][0]["resources"]["morale"] = 4
case("botany-forages", "botany adds 1 to the Hunting total", "days[0].resources.morale | the rolls give", good, bad)
# Doctor: an accident costs food, not a man. Planning 2 3 3 3 3 (mapping +3); movement 1+1 -1 = 1: accident;
# mapping 1+2 +3 = 6: same as A1, mountains; rations; A1 -> B2.
good = save([{"day": 1, "mapped": {"B2": "mountains"}, "moved": ["B2"], "resources": res(f=4, mv=1),
              "rolls": {"planning": [2, 3, 3, 3, 3], "movement": [1, 1], "mapping": [1, 2]}}], "doctor")
bad = copy.deepcopy(good)
bad["days"][0]["resources"].update(conquistadors=5, food=5)
case("doctor-accident-costs-food", "a doctor's accident costs food, not a conquistador",
     "days[0].resources | the rolls give",
     good, bad)
# Doctor: two WILDs break a fever. Day 1: planning 2 2 2 2 2, movement 1+1 +4 -1 = 5: +1 and a fever; camp.
# Day 2: planning 1 1 2 2 2: the two WILDs break it; movement 3+4 +2 -1 = 8: +1, morale -1.
d1 = {"day": 1, "fever": "struck", "resources": res(f=5, mo=4),
      "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [1, 1]}}
d2 = {"day": 2, "fever": "broken", "resources": res(f=4, mo=2),
      "rolls": {"planning": [1, 1, 2, 2, 2], "movement": [3, 4]}}
case("doctor-breaks-fever-with-two-wilds", "two WILDs break a doctor's fever (three for the others)",
     "days[1].fever | the rolls give", save([d1, d2], "doctor"), save([d1, d2], "military"))
# Military: +2 on a roll a musket rerolled. Planning 2 2 2 2 3; movement 1+1, rerolled 2+3 +3 -1 +2 = 9:
# progress +1 (7 would cost morale); mapping B1; camp.
good = save([{"day": 1, "mapped": {"B1": "hills"}, "resources": res(mu=5, f=5, mo=5),
              "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [[1, 1], [2, 3]], "mapping": [1, 2]}}])
bad = copy.deepcopy(good)
bad["days"][0]["resources"]["morale"] = 4
case("military-musket-bonus", "military adds 2 to a total its musket rerolled",
     "days[0].resources.morale | the rolls give",
     good, bad)

# --- the day limit, the end, the score ---------------------------------------------------------------------------
# Each day in camp: Exploring 8 (morale +1) and Hunting 6-8 (food +1) against the ration and the idle day.
camp = [{"day": n, "resources": res(f=5, mo=5)} for n in range(1, 43)]
good = save(camp, outcome={"result": "lost", "score": 0})
bad = save(camp + [{"day": 43, "resources": res(f=5, mo=5)}], outcome={"result": "lost", "score": 0})
case("day-limit-42", "the game ends after 42 days", "days[42] | 42 days passed", good, bad)
bad = save(camp, outcome={"result": "lost", "score": 6})
case("score-lost-game", "a lost game scores its mapped hexes only", "outcome.score | the rules give 0", good, bad)

# The last conquistador lost ends the game. Day 1 (planning 2 3 4 5 6): Movement 1+1 -1 = 1, Exploring 1+1 = 2
# and Hunting 1+1 +1 = 3 are three accidents; Mapping B2 mountains; Native Contact 5: a fever; camp.
# Day 2, the fever holding the WILDs (planning 2 4 6 1 1): the same three accidents: 3 -> 0, lost.
lost = [{"day": 1, "mapped": {"B2": "mountains"}, "fever": "struck", "resources": res(c=3, f=5, mo=4)},
        {"day": 2, "resources": res(c=0, f=4, mo=3)}]
good = save(lost, outcome={"result": "lost", "score": 1})
bad = save(lost + [{"day": 3, "resources": res(c=0, f=3, mo=2)}], outcome={"result": "lost", "score": 1})
case("lost-with-the-last-conquistador", "the game is lost when the last conquistador is lost",
     "days[2] | the last conquistador was lost", good, bad)
# No fever breaks in a swamp. Day 1: movement 1+1 +3 -1 = 4: +1 and a fever; mapping 1+1 = 2: swamp; into B2.
# Day 2 in the swamp: three WILDs (planning 1 1 1 2 2) break nothing; movement 3+4 +1 -1 = 7: +1, morale -1.
d1 = day1("swamp", fever="struck", rolls={"planning": [2, 2, 2, 2, 3], "movement": [1, 1], "mapping": [1, 1]})
d2 = {"day": 2, "resources": res(f=4, mo=4, mv=2), "rolls": {"planning": [1, 1, 1, 2, 2], "movement": [3, 4]}}
case("no-fever-breaks-in-a-swamp", "a fever cannot break in a swamp", "days[1].fever | swamp",
     save([d1, d2]), save([d1, dict(d2, fever="broken")]))
case("no-fever-breaks-in-a-swamp-bare", "a fever cannot break in a swamp", "days[1].fever | swamp",
     bare(save([d1, d2])), bare(save([d1, dict(d2, fever="broken")])))

# --- written from the rulebook by a second reviewer: rules no case above covers --------------------------------
# Planning: four of a kind gains a conquistador. Day 1 (planning 2 2 4 4 4: movement +1, exploring +2): movement
# 1+1 +1 -1 = 2: an accident (6 -> 5); exploring 3+3 +2 = 8: morale +1 (at the cap); rations: food 5; camp: morale 5.
# Day 2 (planning 4 4 4 4 2: four 4s, a conquistador -> 6; exploring +3): movement 3+4 -1 = 6: +1, morale -1;
# exploring 2+3 +3 = 8: morale +1; rations: food 4; camp: morale 4.
acc = {"day": 1, "resources": res(c=5, f=5, mo=5),
       "rolls": {"planning": [2, 2, 4, 4, 4], "movement": [1, 1], "exploring": [3, 3]}}
four = {"day": 2, "resources": res(f=4, mo=4), "rolls": {"planning": [4, 4, 4, 4, 2], "movement": [3, 4],
                                                           "exploring": [2, 3]}}
case("four-of-a-kind-gains-a-conquistador", "a planning four of a kind gains a conquistador",
     "days[1].resources.conquistadors | the rolls give", save([acc, four]),
     save([acc, dict(four, resources=res(c=5, f=4, mo=4))]))
# WILDs do not count towards it: planning 1 4 4 4 2 is three 4s and a WILD (exploring +3 with it): no conquistador.
wild = dict(four, resources=res(c=5, f=4, mo=4), rolls=dict(four["rolls"], planning=[1, 4, 4, 4, 2]))
case("wilds-make-no-four-of-a-kind", "WILDs cannot count towards a four of a kind",
     "days[1].resources.conquistadors | the rolls give", save([acc, wild]),
     save([acc, dict(wild, resources=four["resources"])]))
# A fever costs 1 morale at once. Planning 2 2 2 2 2; movement 1+1 +4 -1 = 5: +1 and a fever (morale 5); camp: 4.
fev = {"day": 1, "fever": "struck", "resources": res(f=5, mo=4),
       "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [1, 1]}}
case("fever-costs-a-morale", "a fever icon costs 1 morale at once", "days[0].resources.morale | the rolls give",
     save([fev]), save([dict(fev, resources=res(f=5, mo=5))]))
# While the fever holds, WILDs add nothing. Day 2: planning 1 2 2 2 2; movement 3+3 +3 -1 = 8: +1, morale -1
# (with the WILD 9: no morale lost); camp: morale 2.
held = {"day": 2, "resources": res(f=4, mo=2), "rolls": {"planning": [1, 2, 2, 2, 2], "movement": [3, 3]}}
case("fever-holds-the-wilds", "WILDs do not count while a fever holds", "days[1].resources.morale | the rolls give",
     save([fev, held]), save([fev, dict(held, resources=res(f=4, mo=3))]))
# Three WILDs break it, and are spent doing so. Day 2: planning 1 1 1 2 2: the fever breaks; movement 3+4 +1 -1 = 7:
# +1, morale -1 (with the three WILDs 10: no morale lost); camp: morale 2.
brk = {"day": 2, "fever": "broken", "resources": res(f=4, mo=2),
       "rolls": {"planning": [1, 1, 1, 2, 2], "movement": [3, 4]}}
case("three-wilds-break-a-fever", "three WILDs break a fever", "days[1].fever | the rolls give",
     save([fev, brk]), save([fev, {k: v for k, v in brk.items() if k != "fever"}]))
case("wilds-that-break-a-fever-are-spent", "WILDs that break a fever are used for nothing else",
     "days[1].resources.morale | the rolls give", save([fev, brk]), save([fev, dict(brk, resources=res(f=4, mo=3))]))
# Hunger: with no food at the ration, a conquistador is lost. Each day planning 4 1 1 1 1 (exploring +4): exploring
# 2+2 +4 = 8: morale +1 (at the cap); rations -1; camp: morale 5. Food runs 5 4 3 2 1 0; on day 7 none is left.
hungry = [{"day": n, "resources": res(f=6 - n, mo=5), "rolls": {"planning": [4, 1, 1, 1, 1], "exploring": [2, 2]}}
          for n in range(1, 7)]
day7 = {"day": 7, "resources": res(c=5, f=0, mo=5), "rolls": {"planning": [4, 1, 1, 1, 1], "exploring": [2, 2]}}
case("hunger-costs-a-conquistador", "no food at the ration costs a conquistador",
     "days[6].resources.conquistadors | the rolls give", save(hungry + [day7]),
     save(hungry + [dict(day7, resources=res(c=6, f=0, mo=5))]))
# Despair: below 1 morale after phase 10, a conquistador is lost. Each day planning 1 1 1 1 1 (WILDs call no phase):
# rations -1, camp -1; on day 6 morale reaches 0.
idle = [{"day": n, "resources": res(f=6 - n, mo=6 - n), "rolls": {"planning": [1, 1, 1, 1, 1]}} for n in range(1, 6)]
day6 = {"day": 6, "resources": res(c=5, f=0, mo=0), "rolls": {"planning": [1, 1, 1, 1, 1]}}
case("despair-costs-a-conquistador", "below 1 morale after the Morale phase costs a conquistador",
     "days[5].resources.conquistadors | the rolls give", save(idle + [day6]),
     save(idle + [dict(day6, resources=res(c=6, f=0, mo=0))]))
# Exploring 4-5: movement -1. Planning 4 6 6 6 6 (hunting +3): exploring 2+3 = 5: progress 5; hunting 1+2 +3 +1 = 7:
# food +1 (at the cap); rations 5; camp: morale 5.
exp = {"day": 1, "resources": res(f=5, mo=5, mv=5),
       "rolls": {"planning": [4, 6, 6, 6, 6], "exploring": [2, 3], "hunting": [1, 2]}}
case("despair-costs-a-conquistador-bare", "below 1 morale after the Morale phase costs a conquistador",
     "days[5].resources.conquistadors | at most 5", bare(save(idle + [day6])),
     bare(save(idle + [dict(day6, resources=res(c=6, f=0, mo=0))])))
case("exploring-costs-progress", "Exploring 4-5 costs 1 movement progress",
     "days[0].resources.movement | the rolls give",
     save([exp]), save([dict(exp, resources=res(f=5, mo=5))]))
# Native Contact 11+: a cache (food, muskets, morale +1) and a peaceful village. Planning 5 5 5 5 2 (native +3):
# movement 3+4 -1 = 6: +1, morale 5; native 4+4 +3 = 11: the cache, morale 6; rations: food 5; camp: morale 5.
cache = {"day": 1, "marks": [{"peaceful-village": "A1"}], "resources": res(f=5, mo=5),
         "rolls": {"planning": [5, 5, 5, 5, 2], "movement": [3, 4], "native-contact": [4, 4]}}
case("cache-adds-morale", "a cache adds 1 food, musket and morale", "days[0].resources.morale | the rolls give",
     save([cache]), save([dict(cache, resources=res(f=5, mo=4))]))
# A Natural Wonder adds 5 morale. Planning 4 4 4 4 2 (exploring +3): movement 4+5 -1 = 8: +1, morale 5; exploring
# 5+5 +3 = 13: Interests in A1; 3+4 = 7: a Natural Wonder, morale 6 (capped); rations: food 5; camp: morale 5.
wonder = {"day": 1, "marks": [{"interest": {"hex": "A1", "result": "natural-wonder"}}], "resources": res(f=5, mo=5),
          "rolls": {"planning": [4, 4, 4, 4, 2], "movement": [4, 5], "exploring": [5, 5], "interests": [3, 4]}}
case("natural-wonder-adds-morale", "a Natural Wonder adds 5 morale", "days[0].resources.morale | the rolls give",
     save([wonder]), save([dict(wonder, resources=res(f=5, mo=4))]))
# A peaceful village gives +1 to Exploring in its hex. Day 1: planning 5 5 5 5 2 (native +3); movement 3+4 -1 = 6:
# +1, morale 5; native 3+4 +3 = 10: food +1, a peaceful village in A1; rations: food 5; camp: morale 4.
# Day 2: planning 4 1 1 1 1 (exploring +4): exploring 1+2 +4 +1 = 8: morale 5; rations: food 4; camp: morale 4.
pv1 = {"day": 1, "marks": [{"peaceful-village": "A1"}], "resources": res(f=5, mo=4),
       "rolls": {"planning": [5, 5, 5, 5, 2], "movement": [3, 4], "native-contact": [3, 4]}}
pv2 = {"day": 2, "resources": res(f=4, mo=4), "rolls": {"planning": [4, 1, 1, 1, 1], "exploring": [1, 2]}}
case("peaceful-village-helps-exploring", "+1 to Exploring per peaceful village in the hex",
     "days[1].resources.morale | the rolls give", save([pv1, pv2]), save([pv1, dict(pv2, resources=res(f=4, mo=3))]))
# Cartography: a trail at the end of a day with 3 or more progress. A day of WILDs in camp keeps 6: a trail A1-A2.
# Day 1 as above ends in B2 with 1 progress: no trail.
carto = {"day": 1, "marks": [{"trail": ["A1", "A2"]}], "resources": res(f=5, mo=5),
         "rolls": {"planning": [1, 1, 1, 1, 1]}}
case("cartography-trail-needs-progress", "Cartography's trail needs 3 progress at the day's end",
     "days[0].marks[0] | is the Cartography trail of phase 12: it needs 3 or more movement progress",
     save([carto], "cartography"),
     save([day1(marks=[{"trail": ["B2", "C2"]}])], "cartography"))
case("cartography-trail-needs-progress-bare", "Cartography's trail needs 3 progress at the day's end",
     "days[0].marks[0] | is the Cartography trail of phase 12: it needs 3 or more movement progress",
     bare(save([carto], "cartography")),
     bare(save([day1(marks=[{"trail": ["B2", "C2"]}])], "cartography")))
case("cartography-trail-only-for-cartography", "only a Cartography expedition draws a trail at the day's end",
     "days[0].marks | the rolls give no marks", save([carto], "cartography"), save([carto]))
# A musket reroll costs a musket. Planning 2 2 2 2 3: movement 1+1, rerolled 2+3 +3 -1 = 7: +1, morale 5;
# mapping B1 1+2 = 3 hills; rations: food 5; camp: morale 4.
musket = {"day": 1, "mapped": {"B1": "hills"}, "resources": res(mu=5, f=5, mo=4),
          "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [[1, 1], [2, 3]], "mapping": [1, 2]}}
case("musket-reroll-costs-a-musket", "a musket reroll costs a musket", "days[0].resources.muskets | the rolls give",
     save([musket], "religious"), save([dict(musket, resources=res(f=5, mo=4))], "religious"))
# One musket reroll a phase: a second reroll of the Movement dice is refused.
twice = dict(musket, resources=res(mu=4, f=5, mo=4),
             rolls=dict(musket["rolls"], movement=[[1, 1], [1, 2], [2, 3]]))
case("one-musket-reroll-a-phase", "a musket rerolls a phase's dice once", "days[0].rolls.movement | once a phase",
     save([musket], "religious"), save([twice], "religious"))
# The Interests roll cannot be rerolled: the wonder day with a second Interests roll and no second interest.
case("interests-cannot-be-rerolled", "the Interests roll cannot be rerolled",
     "days[0].rolls.interests | more interests",
     save([wonder]), save([dict(wonder, rolls=dict(wonder["rolls"], interests=[[3, 4], [1, 2]]))]))
# Migration: no ration in its hex. The wonder day with Interests 2+3 = 5: a Migration in A1; food stays 6.
migration = dict(wonder, marks=[{"interest": {"hex": "A1", "result": "migration"}}], resources=res(mo=4),
                 rolls=dict(wonder["rolls"], interests=[2, 3]))
case("migration-skips-the-ration", "no ration is eaten in or next to a Migration",
     "days[0].resources.food | the rolls give", save([migration]), save([dict(migration, resources=res(f=5, mo=4))]))
# A phase the planning dice called must be rolled: the excess day above without its Hunting dice.
fed = {"day": 1, "resources": res(f=5, mo=5), "rolls": {"planning": [6, 6, 6, 6, 2], "movement": [4, 5],
                                                          "hunting": [3, 4]}}
case("a-planned-phase-is-rolled", "a phase the planning dice called must be rolled", "days[0].rolls | a 6 was planned",
     save([fed]), save([dict(fed, rolls={"planning": [6, 6, 6, 6, 2], "movement": [4, 5]})]))
# A phase the planning dice did not call is skipped: the same day with Exploring dice too.
case("an-unplanned-phase-is-skipped", "a phase the planning dice did not call is skipped",
     "days[0].rolls.exploring | no 4 was planned", save([fed]),
     save([dict(fed, rolls=dict(fed["rolls"], exploring=[4, 4]))]))
# Mapping draws an unmapped hex: A2 is printed.
good = save([{"day": 1, "mapped": {"B1": "hills"}, "resources": res(f=5, mo=5),
              "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4], "mapping": [1, 2]}}])
bad = copy.deepcopy(good)
bad["days"][0]["mapped"] = {"A2": "hills"}
case("mapping-an-unmapped-hex", "the Mapping phase draws an unmapped hex", "days[0].mapped.A2 | already printed",
     bare(good), bare(bad))
# Ruined Mission: a trail to an adjacent hex. The wonder day with Interests 2+2 = 4: muskets +5 (at the cap) and a
# trail from A1 to A2; C1 is not next to A1.
mission = dict(wonder, marks=[{"interest": {"hex": "A1", "result": "ruined-mission"}}, {"trail": ["A1", "A2"]}],
               resources=res(mo=4, f=5), rolls=dict(wonder["rolls"], interests=[2, 2]))
case("ruined-mission-trail-is-adjacent", "the Ruined Mission's trail leads to an adjacent hex",
     "days[0].marks[1].trail | not neighbours",
     save([mission]), save([dict(mission, marks=[mission["marks"][0], {"trail": ["A1", "C1"]}])]))
# Each interest but the Natural Wonder is unique: found again, it is a Natural Wonder. Day 1: planning 2 3 4 4 4:
# movement 6+6 -1 = 11: +3 (at the cap); mapping B2 1+2 = 3 hills; exploring 5+5 +2 = 12: Interests in A1: 4+6 = 10
# Princess Kantyi; rations: food 5; A1 -> B2 (SE): progress 1, morale +3 (at the cap). Day 2 in B2: planning 4 4 4 4 2:
# movement 3+4 -1 = 6: +1, morale 5; exploring 5+5 +3 = 13: Interests in B2: 4+6 = 10 again: a Natural Wonder,
# morale +5 (6); rations: food 4; camp: morale 5.
u1 = {"day": 1, "mapped": {"B2": "hills"}, "moved": ["B2"],
      "marks": [{"interest": {"hex": "A1", "result": "princess-kantyi"}}], "resources": res(f=5, mv=1),
      "rolls": {"planning": [2, 3, 4, 4, 4], "movement": [6, 6], "mapping": [1, 2], "exploring": [5, 5],
                "interests": [4, 6]}}
u2 = {"day": 2, "marks": [{"interest": {"hex": "B2", "result": "natural-wonder"}}], "resources": res(f=4, mo=5, mv=2),
      "rolls": {"planning": [4, 4, 4, 4, 2], "movement": [3, 4], "exploring": [5, 5], "interests": [4, 6]}}
case("a-found-interest-repeats-as-a-wonder", "an interest found again is a Natural Wonder",
     "days[1].marks[0].interest.result | found already",
     save([u1, u2]), save([u1, dict(u2, marks=[{"interest": {"hex": "B2", "result": "princess-kantyi"}}])]))
# Predict Eclipse: the next two Native Contact rolls are chosen. Day 1: the wonder day with Interests 4+5 = 9.
# Days 2 and 3: planning 5 1 1 1 1, no dice: the chosen row 11+ (a cache: food 6, morale 5; a peaceful village);
# rations: food 5; camp: morale 4. Day 4 must roll: 6+6 +4 = 16, the same row.
e1 = dict(wonder, marks=[{"interest": {"hex": "A1", "result": "predict-eclipse"}}], resources=res(f=5, mo=4),
          rolls=dict(wonder["rolls"], interests=[4, 5]))
chosen = [{"day": n, "marks": [{"peaceful-village": "A1"}], "resources": res(f=5, mo=4),
           "rolls": {"planning": [5, 1, 1, 1, 1]}} for n in (2, 3)]
rolled = {"day": 4, "marks": [{"peaceful-village": "A1"}], "resources": res(f=5, mo=4),
          "rolls": {"planning": [5, 1, 1, 1, 1], "native-contact": [6, 6]}}
case("predict-eclipse-chooses-twice", "Predict Eclipse chooses the next two Native Contact results",
     "days[3].rolls | a 5 was planned", save([e1, *chosen, rolled]),
     save([e1, *chosen, dict(rolled, rolls={"planning": [5, 1, 1, 1, 1]})]))
# River progress comes only with a step from an upstream river hex: A1 -> B2 enters the river from the land.
case("river-progress-only-from-upstream", "+1 progress only entering a river hex from its upstream one",
     "days[0].resources.movement | the rolls give", save([day1()]), save([day1(resources=res(f=5, mv=2))]))
# Diego Mendoza: a conquistador and a musket. Day 1 as in the four-of-a-kind case (5 conquistadors). Day 2: planning
# 4 4 4 2 2 (movement +1, exploring +2): movement 3+4 +1 -1 = 7: +1, morale 4; exploring 5+5 +2 = 12: Interests
# in A1: 5+6 = 11, Diego Mendoza: a conquistador (6), a musket (at the cap); rations: food 4; camp: morale 3.
diego = {"day": 2, "marks": [{"interest": {"hex": "A1", "result": "diego-mendoza"}}], "resources": res(f=4, mo=3),
         "rolls": {"planning": [4, 4, 4, 2, 2], "movement": [3, 4], "exploring": [5, 5], "interests": [5, 6]}}
case("diego-mendoza-joins", "Diego Mendoza adds a conquistador", "days[1].resources.conquistadors | the rolls give",
     save([acc, diego]), save([acc, dict(diego, resources=res(c=5, f=4, mo=3))]))
# Each hex holds one interest: the wonder day, then a day in A1 with Exploring 13 again rolls no Interests
# (movement 8: morale 4; rations: food 4; camp: morale 3).
again = dict(wonder, day=2, marks=[], resources=res(f=4, mo=3), rolls={k: v for k, v in wonder["rolls"].items()
                                                                        if k != "interests"})
again.pop("marks")
case("one-interest-a-hex", "a hex holds one interest", "days[1].rolls.interests | more interests",
     save([wonder, again]), save([wonder, dict(again, rolls=wonder["rolls"])]))
# Cartography: one trail a hex. Two days in camp in A1: the second day draws none.
carto2 = {"day": 2, "resources": res(f=4, mo=4), "rolls": {"planning": [1, 1, 1, 1, 1]}}
case("cartography-once-a-hex", "Cartography's trail is drawn once a hex", "days[1].marks | the rolls give no marks",
     save([carto, carto2], "cartography"),
     save([carto, dict(carto2, marks=[{"trail": ["A1", "B1"]}])], "cartography"))
# The ruling (lake-peaceful): on a lake a peaceful village is discarded, its food kept. Day 2 in B2 (lake): planning
# 5 2 2 2 2: movement 3+3 +3 +1 = 10: +2 -> 3; native 5+5 = 10: food +1 (6), no village; rations: 5; camp: morale 5.
lake2 = {"day": 2, "resources": res(f=5, mo=5, mv=3),
         "rolls": {"planning": [5, 2, 2, 2, 2], "movement": [3, 3], "native-contact": [5, 5]}}
case("lake-discards-peaceful-villages", "a lake discards peaceful villages too (ruling), the food kept",
     "days[1].marks[0].peaceful-village | lake", save([day1("lake"), lake2]),
     save([day1("lake"), dict(lake2, marks=[{"peaceful-village": "B2"}])]))
# Native Contact 5: a fever. Planning 5 2 2 2 2: movement 3+4 +3 -1 = 9: +1; native 2+3 = 5: a fever, morale 5;
# rations: food 5; camp: morale 4.
nfev = {"day": 1, "fever": "struck", "resources": res(f=5, mo=4),
        "rolls": {"planning": [5, 2, 2, 2, 2], "movement": [3, 4], "native-contact": [2, 3]}}
case("native-contact-five-is-a-fever", "Native Contact 5 is a fever", "days[0].fever | the rolls give",
     save([nfev]), save([{k: v for k, v in nfev.items() if k != "fever"}]))
# Migration feeds the party next to its hex too: a day of WILDs in A1 after the Migration day eats nothing.
fed_again = {"day": 2, "resources": res(mo=3), "rolls": {"planning": [1, 1, 1, 1, 1]}}
case("migration-feeds-next-day", "no ration is eaten while in a Migration's hex",
     "days[1].resources.food | the rolls give",
     save([migration, fed_again]), save([migration, dict(fed_again, resources=res(f=5, mo=3))]))
# Archeology: a step along a trail into another terrain finds an interest. The trail day above: B2 (hills) -> C2
# (mountains) along the trail: Interests at C2: 3+4 = 7, a Natural Wonder (morale at the cap).
arch = {"day": 2, "moved": ["C2"], "resources": res(f=4, mv=1),
        "marks": [{"trail": ["B2", "C2"]}, {"interest": {"hex": "C2", "result": "natural-wonder"}}],
        "rolls": {"planning": [2, 4, 4, 4, 4], "movement": [5, 6], "exploring": [3, 3], "interests": [3, 4]}}
case("archeology-trails-lead-to-interests", "an Archeology trail into another terrain leads to an interest",
     "days[1].rolls | an Interests roll is due", save([day1(), arch], "archeology"),
     save([day1(), dict(arch, marks=arch["marks"][:1], rolls={k: v for k, v in arch["rolls"].items()
                                                              if k != "interests"})], "archeology"))
# An empire's reach ends 2 hexes away. Day 1: planning 2 2 2 3 5 (movement +2); movement 6+6 +2 -1 = 13: +4 (at the
# cap); mapping B2 1+2 = 3 hills; native 1+2 = 3: an empire in A1; rations: food 5; A1 -> B2 (SE): progress 1.
# Day 2: planning 2 2 2 2 2; movement 6+6 +4 -1 = 15: +4 -> 5; B2 -> C2 (SE, downstream): -5 +1 -> 1; food 4.
# Day 3: planning 2 2 2 2 3; movement 6+6 +3 -1 = 14: +4 -> 5; mapping D2 2+2 = 4 mountains; C2 -> D2 (NE,
# downstream): 1, morale +1 (at the cap); food 3. Day 4 in D2, 3 hexes from A1: planning 5 1 1 1 1; native on 2 dice:
# 3+4 +4 = 11: a cache (food 4, morale at the cap) and a peaceful village; rations: food 3; camp: morale 5.
reach = [{"day": 1, "mapped": {"B2": "hills"}, "moved": ["B2"], "marks": [{"empire": "A1"}],
          "resources": res(f=5, mv=1),
          "rolls": {"planning": [2, 2, 2, 3, 5], "movement": [6, 6], "mapping": [1, 2], "native-contact": [1, 2]}},
         {"day": 2, "moved": ["C2"], "resources": res(f=4, mv=1),
          "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}},
         {"day": 3, "mapped": {"D2": "mountains"}, "moved": ["D2"], "resources": res(f=3, mv=1),
          "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [6, 6], "mapping": [2, 2]}}]
far = {"day": 4, "marks": [{"peaceful-village": "D2"}], "resources": res(f=3, mo=5, mv=1),
       "rolls": {"planning": [5, 1, 1, 1, 1], "native-contact": [3, 4]}}
case("empire-reach-is-two-hexes", "an empire's one-die Native Contact reaches 2 hexes, not 3",
     "days[3].rolls.native-contact | 2 dice", save([*reach, far]),
     save([*reach, dict(far, rolls={"planning": [5, 1, 1, 1, 1], "native-contact": [6]})]))
# ... and C2, 2 hexes from A1, is within it. Day 3 in C2: planning 5 1 1 1 1; native on 1 die: 6 +4 = 10: food +1 (5)
# and a peaceful village; rations: food 4; camp: morale 5.
near = {"day": 3, "marks": [{"peaceful-village": "C2"}], "resources": res(f=4, mo=5, mv=1),
        "rolls": {"planning": [5, 1, 1, 1, 1], "native-contact": [6]}}
case("empire-reach-includes-two-hexes", "an empire's one-die Native Contact reaches 2 hexes",
     "days[2].rolls.native-contact | 1 die of 1–6 within 2 hexes of an Advanced Empire", save([*reach[:2], near]),
     save([*reach[:2], dict(near, rolls={"planning": [5, 1, 1, 1, 1], "native-contact": [3, 3]})]))
# A doctor's accident takes food, never a man, even with no food left (the unpaid-losses ruling): the hunger days as a
# doctor, then day 7: planning 4 2 2 2 2 (four of a kind, at the cap); movement 3+4 +3 -1 = 9: +1; exploring 1+1 = 2:
# an accident, food already 0; rations: none, a conquistador is lost (5); camp: morale 4.
sick = {"day": 7, "resources": res(c=5, f=0, mo=4),
        "rolls": {"planning": [4, 2, 2, 2, 2], "movement": [3, 4], "exploring": [1, 1]}}
case("doctor-accident-never-costs-a-man", "a doctor's accident with no food left costs nothing (ruling)",
     "days[6].resources.conquistadors | the rolls give", save(hungry + [sick], "doctor"),
     save(hungry + [dict(sick, resources=res(c=4, f=0, mo=4))], "doctor"))
# Migration: a musket may fill Food to 6. The hunger days, then day 7: planning 4 4 4 4 2 (at the cap); movement 4+5
# -1 = 8: +1, morale 4; exploring 5+5 +3 = 13: Interests in A1: 2+3 = 5, a Migration: a musket (5) fills food (0 -> 6);
# no ration; camp: morale 3. The fill is paid for.
mig7 = {"day": 7, "marks": [{"interest": {"hex": "A1", "result": "migration"}}], "resources": res(mu=5, mo=3),
        "rolls": dict(migration["rolls"])}
case("migration-fill-costs-a-musket", "Migration's fill of Food costs a musket",
     "days[6].resources | no one replay", save(hungry + [mig7]), save(hungry + [dict(mig7, resources=res(mo=3))]))
# The fill is bought when the Migration is found, not later (ruling migration-fill): day 7 without it (food 0), then a
# day of WILDs in A1: no ration, and no fill (food stays 0; camp: morale 2).
no_fill = dict(mig7, resources=res(f=0, mo=3))
later = {"day": 8, "resources": res(f=0, mo=2), "rolls": {"planning": [1, 1, 1, 1, 1]}}
case("migration-fills-once-when-found", "Migration's musket fills Food once, when it is found (ruling)",
     "days[7].resources.muskets | the rolls give", save(hungry + [no_fill, later]),
     save(hungry + [no_fill, dict(later, resources=res(mu=5, mo=2))]))
# Mapping is skipped once every hex next to the party is mapped. Days 1 and 2 in A1: planning 2 2 2 2 3; movement
# 3+4 +3 -1 = 9: +1 (at the cap); mapping 1+2 = 3: B1, then B2, hills; ration; camp. A2 is printed: on day 3 the same
# planning maps nothing, and the Mapping dice are not rolled.
full = [{"day": n, "mapped": {hx: "hills"}, "resources": res(f=6 - n, mo=6 - n),
         "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4], "mapping": [1, 2]}}
        for n, hx in ((1, "B1"), (2, "B2"))]
skip = {"day": 3, "resources": res(f=3, mo=3), "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4]}}
case("mapping-skipped-when-all-is-mapped", "Mapping is skipped when every neighbour is mapped",
     "days[2].rolls.mapping | Mapping is skipped", save([*full, skip]),
     save([*full, dict(skip, rolls=dict(skip["rolls"], mapping=[1, 2]))]))
# Botany is immune to the fever icon, its morale cost too: the fever day above as botany keeps morale 5.
case("botany-fever-costs-no-morale", "a botany expedition loses no morale to a fever icon",
     "days[0].resources.morale | the rolls give",
     save([{k: v for k, v in fev.items() if k != "fever"} | {"resources": res(f=5, mo=5)}], "botany"),
     save([{k: v for k, v in fev.items() if k != "fever"}], "botany"))
# Diego's +1 is once a day. After the Diego day (muskets, food 4, morale 3, progress 6), day 3: planning 2 2 2 6 6
# (movement +2, hunting +1): movement 3+4 +2 -1 = 8 and Diego's +1: 9, +1 (at the cap); hunting 1+1 +1 +1 = 4:
# morale 2; rations: food 3; camp: morale 1. Diego's +1 on both rolls (movement 9, hunting 5: food +1) would leave
# food 4; the one replay with food 4 (the +1 on Hunting only) leaves morale 0 and costs a man.
once_a_day = {"day": 3, "resources": res(f=3, mo=1),
              "rolls": {"planning": [2, 2, 2, 6, 6], "movement": [3, 4], "hunting": [1, 1]}}
case("diego-adds-one-once-a-day", "Diego Mendoza's +1 is used once a day", "days[2].resources | the rolls give",
     save([acc, diego, once_a_day]), save([acc, diego, dict(once_a_day, resources=res(f=4, mo=1))]))
# Every fever icon costs its morale, a fever holding or not: the fever day, then the same rolls again: morale 3,
# camp: 2 (the planning dice are five 2s: the WILD rule does not touch them).
fev2 = {"day": 2, "resources": res(f=4, mo=2), "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [1, 1]}}
case("a-second-fever-icon-costs-morale", "a fever icon costs 1 morale while a fever holds too",
     "days[1].resources.morale | the rolls give", save([fev, fev2]), save([fev, dict(fev2, resources=res(f=4, mo=3))]))
# At Lagos de Oro the party is immune to fever. The Lagos day (G2 H2 H3, progress 6, food 5, morale 4), then down the
# river to G2. Day 2: planning 2 2 2 2 3; movement 6+6 +3 -1 = 14: +4; mapping B2 2+2 = 4 mountains; A1 -> B2 (SE):
# progress 1, morale +3 (at the cap). Each next day: movement 6+6 with four or five 2s and -1 (mountains) = 14 or 15:
# +4 -> 5; a step downstream: -5 +1 -> 1. Day 3: planning 2 2 2 2 2, B2 -> C2 (SE). Day 4: planning 2 2 2 2 3,
# mapping D2 2+2 = 4 mountains (no 1: no cataract), C2 -> D2 (NE). Days 5 and 6: planning 2 2 2 3 6 (movement 6+6
# +2 -1 = 13: +4), mapping E2 then F2 2+2 mountains, hunting 6+6 +1 = 13: food +2, morale +1; D2 -> E2 (SE),
# E2 -> F2 (NE). Day 7: planning 2 2 2 2 2, F2 -> G2 (SE), Lagos. Food runs 4 3 2 3 4 3.
# Day 8 in G2: planning 2 6 6 6 6 (hunting +3): movement 1+2 +1 (lake) = 4: +1 and a fever icon, no fever there;
# hunting 3+3 +3 = 9: food +2 (5); rations: 4; camp: morale 5.
route = [{"day": 2, "mapped": {"B2": "mountains"}, "moved": ["B2"], "resources": res(f=4, mv=1),
          "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [6, 6], "mapping": [2, 2]}},
         {"day": 3, "moved": ["C2"], "resources": res(f=3, mv=1),
          "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}},
         {"day": 4, "mapped": {"D2": "mountains"}, "moved": ["D2"], "resources": res(f=2, mv=1),
          "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [6, 6], "mapping": [2, 2]}},
         {"day": 5, "mapped": {"E2": "mountains"}, "moved": ["E2"], "resources": res(f=3, mv=1),
          "rolls": {"planning": [2, 2, 2, 3, 6], "movement": [6, 6], "mapping": [2, 2], "hunting": [6, 6]}},
         {"day": 6, "mapped": {"F2": "mountains"}, "moved": ["F2"], "resources": res(f=4, mv=1),
          "rolls": {"planning": [2, 2, 2, 3, 6], "movement": [6, 6], "mapping": [2, 2], "hunting": [6, 6]}},
         {"day": 7, "moved": ["G2"], "resources": res(f=3, mv=1),
          "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}}]
at_lagos = {"day": 8, "resources": res(f=4, mo=5, mv=2),
            "rolls": {"planning": [2, 6, 6, 6, 6], "movement": [1, 2], "hunting": [3, 3]}}
case("lagos-de-oro-is-free-of-fever", "at Lagos de Oro the party is immune to fever", "days[7].fever | immune",
     save([lagos, *route, at_lagos]), save([lagos, *route, dict(at_lagos, fever="struck")]))
case("lagos-de-oro-is-free-of-fever-bare", "at Lagos de Oro the party is immune to fever", "days[7].fever | immune",
     bare(save([lagos, *route, at_lagos])), bare(save([lagos, *route, dict(at_lagos, fever="struck")])))
case("lagos-de-oro-fever-icon-costs-no-morale", "at Lagos de Oro a fever icon costs no morale",
     "days[7].resources.morale | the rolls give", save([lagos, *route, at_lagos]),
     save([lagos, *route, dict(at_lagos, resources=res(f=4, mo=4, mv=2))]))
# Entering a hex with a printed Interests icon rolls Interests (ruling interests-on-entering). The route to F2, then
# day 7: planning 2 2 2 2 3; movement 6+6 +3 -1 = 14: +4 -> 5; mapping G1 2+2 = 4 mountains; F2 -> G1 (NE, off the
# river): progress 0, morale +1; G1's icon: Interests 3+4 = 7, a Natural Wonder (morale at the cap); food 3.
icon = {"day": 7, "mapped": {"G1": "mountains"}, "moved": ["G1"],
        "marks": [{"interest": {"hex": "G1", "result": "natural-wonder"}}], "resources": res(f=3, mv=0),
        "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [6, 6], "mapping": [2, 2], "interests": [3, 4]}}
case("entering-an-interest-icon", "entering a hex with an Interests icon rolls Interests",
     "days[6].rolls | an Interests roll is due", save([lagos, *route[:5], icon]),
     save([lagos, *route[:5], {k: v for k, v in icon.items() if k != "marks"}
           | {"rolls": {k: v for k, v in icon["rolls"].items() if k != "interests"}}]))
# A step northwest costs 3 morale. Day 2 in B2 (hills): planning 2 2 2 2 2; movement 6+6 +4 -1 = 15: +4 -> 5;
# B2 -> A1 (NW): progress 0, morale 3; food 4.
nw = {"day": 2, "moved": ["A1"], "resources": res(f=4, mo=3, mv=0),
      "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}}
case("morale-northwest", "a step northwest costs 3 morale", "days[1].resources.morale | the rolls give",
     save([day1(), nw]), save([day1(), dict(nw, resources=res(f=4, mo=5, mv=0))]))
# A day without a step costs 1 morale (ruling no-travel-morale: the text's -1, not the chart's 0): a day of WILDs.
case("no-travel-costs-morale", "a day without a step costs 1 morale (ruling)",
     "days[0].resources.morale | the rolls give",
     save([idle[0]]), save([dict(idle[0], resources=res(f=5))]))
# Exploring 10 finds Interests (ruling exploring-interests: the chart's 10+, not the phase text's 11+): the wonder
# day with Exploring 3+4 +3 = 10.
ten = dict(wonder, rolls=dict(wonder["rolls"], exploring=[3, 4]))
case("exploring-ten-finds-interests", "Exploring 10 finds Interests (ruling)", "days[0].rolls | an Interests roll is due",
     save([ten]), save([{k: v for k, v in ten.items() if k != "marks"}
                        | {"rolls": {k: v for k, v in ten["rolls"].items() if k != "interests"}}]))
# Mapping is rolled on 2d6 (ruling mapping-dice), not 1d6 per "?".
b1 = {"day": 1, "mapped": {"B1": "hills"}, "resources": res(f=5, mo=5),
      "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4], "mapping": [1, 2]}}
case("mapping-rolls-two-dice", "the Mapping chart is rolled on 2d6 (ruling)", "days[0].rolls.mapping | 2 dice",
     save([b1]), save([dict(b1, rolls=dict(b1["rolls"], mapping=[3]))]))
# WILDs call no phase on their own (ruling wild-no-phase): a day of five WILDs rolls no Movement.
case("wilds-call-no-phase", "WILDs alone call no phase (ruling)", "days[0].rolls.movement | no 2 was planned",
     save([idle[0]]), save([dict(idle[0], rolls={"planning": [1, 1, 1, 1, 1], "movement": [6, 6]})]))

# --- written from the rulebook by a third reviewer: rules no case above covers ---------------------------------
# Morale by direction, each step below the cap. Day 1: planning 2 2 2 2 3; movement 2+2 +3 -1 = 6: +1 (at the cap),
# morale 5; mapping B1 1+2 = 3 hills; rations: food 5; A1 -> B1 (NE): progress 1, morale +1 -> 6.
ne = {"day": 1, "mapped": {"B1": "hills"}, "moved": ["B1"], "resources": res(f=5, mv=1),
      "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [2, 2], "mapping": [1, 2]}}
case("morale-northeast", "a step northeast adds 1 morale", "days[0].resources.morale | the rolls give",
     save([ne]), save([dict(ne, resources=res(f=5, mo=5, mv=1))]))
# A1 -> A2 (S): planning 2 2 2 2 2; movement 1+2 +4 -1 = 6: +1, morale 5; rations: food 5; progress 1, morale +1.
south = {"day": 1, "moved": ["A2"], "resources": res(f=5, mv=1),
         "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [1, 2]}}
case("morale-south", "a step south adds 1 morale", "days[0].resources.morale | the rolls give",
     save([south]), save([dict(south, resources=res(f=5, mo=5, mv=1))]))
# B1 -> A1 (SW) the next day: planning 2 2 2 2 2; movement 6+6 +4 -1 (hills) = 15: +4 -> 5; rations: food 4;
# progress 0, morale -1 -> 5.
sw = {"day": 2, "moved": ["A1"], "resources": res(f=4, mo=5, mv=0),
      "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}}
case("morale-southwest", "a step southwest costs 1 morale", "days[1].resources.morale | the rolls give",
     save([ne, sw]), save([ne, dict(sw, resources=res(f=4, mv=0))]))

# Archeology's trail leads to an interest only into another terrain: the Archeology trail day above with B2 mapped as
# mountains, like C2 (day 1: mapping 2+2 = 4): the step along the trail finds nothing.
same = dict(arch, marks=arch["marks"][:1], rolls={k: v for k, v in arch["rolls"].items() if k != "interests"})
case("archeology-trail-into-the-same-terrain", "an Archeology trail into the same terrain leads to no interest",
     "days[1].marks | the rolls give trail B2-C2 (", save([day1("mountains"), same], "archeology"),
     save([day1("mountains"), arch], "archeology"))
# Religious: villages are peaceful, "but not the empire". The empire day above (Native Contact 1+2 = 3) as religious.
emp = {"day": 1, "marks": [{"empire": "A1"}], "resources": res(f=5, mo=5),
       "rolls": {"planning": [2, 2, 2, 2, 5], "movement": [3, 4], "native-contact": [1, 2]}}
case("religious-empire-stays-an-empire", "a religious expedition's Advanced Empire is no peaceful village",
     "days[0].marks | the rolls give", save([emp], "religious"),
     save([dict(emp, marks=[{"peaceful-village": "A1"}])], "religious"))
# Five of a kind gains a conquistador too: the accident day (5 conquistadors), then planning 4 4 4 4 4 (exploring +4):
# a conquistador (6); exploring 2+2 +4 = 8: morale 6; rations: food 4; camp: morale 5.
five = {"day": 2, "resources": res(f=4, mo=5), "rolls": {"planning": [4, 4, 4, 4, 4], "exploring": [2, 2]}}
case("five-of-a-kind-gains-a-conquistador", "a planning five of a kind gains a conquistador",
     "days[1].resources.conquistadors | the rolls give", save([acc, five]),
     save([acc, dict(five, resources=res(c=5, f=4, mo=5))]))
# A Natural Wonder's 2 points count only in a won game: the wonder day, then 41 days in camp, lost: 0 hexes mapped.
wonder_lost = [wonder] + camp[1:]
case("wonders-score-only-in-a-win", "a lost game scores no Natural Wonder points",
     "outcome.score | the rules give 0", save(wonder_lost, outcome={"result": "lost", "score": 0}),
     save(wonder_lost, outcome={"result": "lost", "score": 2}))
# Ruined Mission: 5 muskets. Religious (no musket bonus). Day 1: planning 2 4 5 6 6 (hunting +1), each roll rerolled
# by a musket (6 -> 2): movement 3+4 -1 = 6: +1, morale 5; exploring 4+4 = 8: morale 6; native 3+4 = 7: a village,
# peaceful; hunting 2+3 +1 +1 (mountains) +1 (the village) = 8: food +1 (at the cap); rations: food 5; camp: morale 5.
# Day 2: planning 2 4 4 4 4 (exploring +3; four of a kind, at the cap): movement 1+1, rerolled 3+4 -1 = 6: +1,
# morale 4; exploring 1+1, rerolled 3+4 +3 +1 = 11: Interests (muskets 0): 2+2 = 4, the Ruined Mission: muskets 5,
# a trail A1-A2; rations: food 4; camp: morale 3.
crates = [{"day": 1, "marks": [{"peaceful-village": "A1"}], "resources": res(mu=2, f=5, mo=5),
           "rolls": {"planning": [2, 4, 5, 6, 6], "movement": [[1, 1], [3, 4]], "exploring": [[1, 1], [4, 4]],
                     "native-contact": [[1, 1], [3, 4]], "hunting": [[1, 1], [2, 3]]}},
          {"day": 2, "marks": [{"interest": {"hex": "A1", "result": "ruined-mission"}}, {"trail": ["A1", "A2"]}],
           "resources": res(mu=5, f=4, mo=3),
           "rolls": {"planning": [2, 4, 4, 4, 4], "movement": [[1, 1], [3, 4]], "exploring": [[1, 1], [3, 4]],
                     "interests": [2, 2]}}]
case("ruined-mission-gives-five-muskets", "the Ruined Mission gives 5 muskets",
     "days[1].resources.muskets | the rolls give", save(crates, "religious"),
     save([crates[0], dict(crates[1], resources=res(mu=0, f=4, mo=3))], "religious"))
case("ruined-mission-gives-five-muskets-bare", "the Ruined Mission gives 5 muskets",
     "days[1].resources.muskets | at least 5", bare(save(crates, "religious")),
     bare(save([crates[0], dict(crates[1], resources=res(mu=0, f=4, mo=3))], "religious")))

# Migration feeds the party next to its hex too. The Migration day (A1), then day 2: planning 2 2 2 2 3; movement 3+4
# +3 -1 = 9: +1 (at the cap); mapping B2 1+2 = 3 hills; no ration in A1; A1 -> B2 (SE): progress 1, morale 6.
# Day 3 in B2, next to the Migration: planning 1 1 1 1 1: no ration; camp: morale 5.
to_b2 = dict(day1(), day=2, resources=res(mv=1))
beside = {"day": 3, "resources": res(mo=5, mv=1), "rolls": {"planning": [1, 1, 1, 1, 1]}}
case("migration-feeds-its-neighbours", "no ration is eaten next to a Migration's hex",
     "days[2].resources.food | the rolls give", save([migration, to_b2, beside]),
     save([migration, to_b2, dict(beside, resources=res(f=5, mo=5, mv=1))]))
# ... and only there: day 3 goes on down the river: planning 2 2 2 2 2; movement 6+6 +4 -1 = 15: +4 -> 5; no ration
# (B2); B2 -> C2 (SE, downstream): -5 +1 -> 1, morale 6. Day 4 in C2, two hexes from A1: planning 1 1 1 1 1: rations:
# food 5; camp: morale 5.
on = {"day": 3, "moved": ["C2"], "resources": res(mv=1), "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}}
away = {"day": 4, "resources": res(f=5, mo=5, mv=1), "rolls": {"planning": [1, 1, 1, 1, 1]}}
case("migration-feeds-only-its-neighbours", "two hexes from a Migration the ration is eaten",
     "days[3].resources.food | the rolls give", save([migration, to_b2, on, away]),
     save([migration, to_b2, on, dict(away, resources=res(mo=5, mv=1))]))
# A cataract needs a 1 on a Mapping die: the cataract day above with Mapping 2+3 = 5 (jungle) draws none.
plain = {"day": 2, "mapped": {"B3": "jungle"}, "resources": res(f=4, mo=4, mv=2),
         "rolls": {"planning": [3, 2, 2, 2, 2], "movement": [3, 3], "mapping": [2, 3]}}
case("cataract-needs-a-one", "without a 1 on the Mapping dice no cataract is drawn", "days[1].marks | the rolls give",
     save([day1(), plain]), save([day1(), dict(plain, marks=[{"cataract": ["B2", "C2"]}])]))
# Exploring 3: a fever. Planning 4 2 2 2 2: movement 3+4 +3 -1 = 9: +1; exploring 1+2 = 3: a fever, morale 5;
# rations: food 5; camp: morale 4.
efev = {"day": 1, "fever": "struck", "resources": res(f=5, mo=4),
        "rolls": {"planning": [4, 2, 2, 2, 2], "movement": [3, 4], "exploring": [1, 2]}}
case("exploring-three-is-a-fever", "Exploring 3 is a fever", "days[0].fever | the rolls give",
     save([efev]), save([{k: v for k, v in efev.items() if k != "fever"}]))
# A peaceful village costs no movement progress: the peaceful village day above keeps 6.
case("peaceful-village-costs-no-progress", "a peaceful village found costs no movement progress",
     "days[0].resources.movement | the rolls give", save([pv1]), save([dict(pv1, resources=res(f=5, mo=4, mv=5))]))
# A peaceful village helps only in its own hex. The peaceful village day (A1), then day 2: planning 2 2 2 2 3;
# movement 3+4 +3 -1 = 9: +1; mapping B2 1+2 = 3 hills; rations: food 4; A1 -> B2 (SE): progress 1, morale 6.
# Day 3 in B2: planning 4 1 1 1 1 (exploring +4): exploring 1+2 +4 = 7 (no village here): a village in B2,
# progress 0; rations: food 3; camp: morale 5. With A1's village counted, 8: morale only.
left = dict(day1(), day=2, resources=res(f=4, mv=1))
far = {"day": 3, "marks": [{"village": "B2"}], "resources": res(f=3, mo=5, mv=0),
       "rolls": {"planning": [4, 1, 1, 1, 1], "exploring": [1, 2]}}
case("peaceful-village-helps-only-in-its-hex", "a peaceful village's +1 counts only in its own hex",
     "days[2].resources.movement | the rolls give", save([pv1, left, far]),
     save([pv1, left, {k: v for k, v in far.items() if k != "marks"} | {"resources": res(f=3, mo=5, mv=1)}]))
# Peaceful villages in one hex add up. The peaceful village day, then the same day again: morale 4 -> 3, food +1 (6),
# a second peaceful village in A1; rations: food 5; camp: morale 2. Day 3: planning 4 1 1 1 1 (exploring +4):
# exploring 1+1 +4 +2 = 8: morale 3; rations: food 4; camp: morale 2. One village's +1 would give 7: a village.
pv1b = dict(pv1, day=2, resources=res(f=5, mo=2))
stack = {"day": 3, "resources": res(f=4, mo=2), "rolls": {"planning": [4, 1, 1, 1, 1], "exploring": [1, 1]}}
case("peaceful-villages-stack", "two peaceful villages in a hex give +2",
     "days[2].resources.movement | the rolls give", save([pv1, pv1b, stack]),
     save([pv1, pv1b, dict(stack, marks=[{"village": "A1"}], resources=res(f=4, mo=1, mv=5))]))

# Princess Kantyi rerolls only 1s and 2s: the Kantyi days with Native Contact 4+4 +2 = 10 on day 2 (food +1, a peaceful
# village); hunting 3+3 +4 = 10: food +2; rations: food 5; camp: morale 4. No die of hers to record.
k2_high = dict(k2, resources=res(f=5, mo=4), rolls={"planning": [5, 5, 5, 6, 6], "native-contact": [4, 4],
                                                      "hunting": [3, 3]})
case("princess-kantyi-rerolls-only-ones-and-twos", "Princess Kantyi rerolls only the 1s and 2s",
     "days[1].rolls.native-contact | more Princess Kantyi rerolls", save([k1, k2_high]),
     save([k1, dict(k2_high, rolls=dict(k2_high["rolls"], kantyi=[6]))]))
# ... once each (ruling kantyi): Native Contact 1+2, her new faces 2 and 6: 8 +2 = 10 as above, the 2 stands.
k2_once = dict(k2_high, rolls=dict(k2["rolls"], kantyi=[2, 6]))
case("princess-kantyi-rerolls-once", "a die Princess Kantyi rerolled is not rerolled again (ruling)",
     "days[1].rolls.native-contact | more Princess Kantyi rerolls", save([k1, k2_once]),
     save([k1, dict(k2_once, rolls=dict(k2_once["rolls"], kantyi=[2, 6, 4]))]))
# A musket rerolls both dice: the musket day above with one die rerolled.
case("musket-rerolls-both-dice", "a musket rerolls both dice of a phase", "days[0].rolls.movement | 2 dice",
     save([musket], "religious"),
     save([dict(musket, rolls=dict(musket["rolls"], movement=[[1, 1], [5]]))], "religious"))
# A cache adds a musket and food too. Religious (no musket bonus). Day 1: planning 5 5 5 5 2 (native +3); movement
# 3+4 -1 = 6: +1, morale 5; native 1+1, rerolled by a musket (5) 4+4 +3 = 11: a cache (muskets 6, morale 6) and a
# peaceful village; rations: food 5; camp: morale 5. Day 2 the same without the reroll: morale 4; native 4+4 +3 = 11:
# a cache (food 6, morale 5), a second peaceful village; rations: food 5; camp: morale 4.
c1 = dict(cache, rolls=dict(cache["rolls"], **{"native-contact": [[1, 1], [4, 4]]}))
case("cache-adds-a-musket", "a cache adds 1 musket", "days[0].resources.muskets | the rolls give",
     save([c1], "religious"), save([dict(c1, resources=res(mu=5, f=5, mo=5))], "religious"))
c2 = dict(cache, day=2, resources=res(f=5, mo=4))
case("cache-adds-food", "a cache adds 1 food", "days[1].resources.food | the rolls give",
     save([c1, c2], "religious"), save([c1, dict(c2, resources=res(f=4, mo=4))], "religious"))
# Despair is counted at the end of the Morale phase only: morale 0 in the day, back to 3 by the step. Five days of WILDs
# (food 1, morale 1); day 6: planning 2 2 2 2 3; movement 1+2 +3 -1 = 5: +1 and a fever, morale 0; mapping B2 1+2 = 3
# hills; rations: food 0; A1 -> B2 (SE): progress 1, morale 3. No man is lost.
lift = {"day": 6, "mapped": {"B2": "hills"}, "moved": ["B2"], "fever": "struck", "resources": res(f=0, mo=3, mv=1),
        "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [1, 2], "mapping": [1, 2]}}
case("despair-only-after-the-morale-phase", "morale below 1 costs a man only at the end of the Morale phase",
     "days[5].resources.conquistadors | the rolls give", save(idle + [lift]),
     save(idle + [dict(lift, resources=res(c=5, f=0, mo=3, mv=1))]))
# Lagos de Oro's three hexes are lake: the Lagos day with H3 drawn as forest.
case("lagos-de-oro-is-a-lake", "Lagos de Oro's hexes are drawn as lake", "days[0].marks[1].lagos-de-oro | as lake",
     save([lagos]), save([dict(lagos, mapped={"G2": "lake", "H2": "lake", "H3": "forest"})]))
# A trail found by Exploring starts where the party stands: the step south to A2, then the trail day in A2 above
# (Exploring 2+3 +4 = 9), its trail drawn from B3 to C3.
in_a2 = {"day": 2, "marks": [{"trail": ["A2", "B3"]}], "resources": res(f=4, mo=5, mv=1),
         "rolls": {"planning": [4, 4, 4, 4, 4], "exploring": [2, 3]}}
case("trail-starts-where-the-party-stands", "a trail found is drawn from the party's hex",
     "days[1].marks[0].trail | where the party stands", save([south, in_a2]),
     save([south, dict(in_a2, marks=[{"trail": ["B3", "C3"]}])]))

# Each step of a day moves morale by its direction (ruling steps). Cartography: day 1 in A1, planning 2 2 2 2 3;
# movement 3+4 +3 -1 = 9: +1 (at the cap); mapping B1 1+2 = 3 hills; rations: food 5; camp: morale 5; progress 6:
# a trail A1-B1. Day 2: the same planning and movement; mapping B2 1+2 = 3 hills; rations: food 4; A1 -> B1 along the
# trail (NE): progress 3, morale 6; a trail B1-C1. Day 3: movement 6+6 +3 -1 = 14: +4 -> 6; mapping C1 1+2 = 3 hills;
# rations: food 3; B1 -> C1 along the trail (SE): progress 3, morale 6. Day 4 in C1: planning 2 2 2 2 2; movement
# 6+6 +4 -1 = 15: +4 -> 6; rations: food 2; C1 -> B1 (NW, -3) -> A1 (SW, -1) along the trails: progress 0, morale 2.
trails = [{"day": 1, "mapped": {"B1": "hills"}, "marks": [{"trail": ["A1", "B1"]}], "resources": res(f=5, mo=5),
           "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4], "mapping": [1, 2]}},
          {"day": 2, "mapped": {"B2": "hills"}, "moved": ["B1"], "marks": [{"trail": ["B1", "C1"]}],
           "resources": res(f=4, mv=3), "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4], "mapping": [1, 2]}},
          {"day": 3, "mapped": {"C1": "hills"}, "moved": ["C1"], "resources": res(f=3, mv=3),
           "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [6, 6], "mapping": [1, 2]}}]
back = {"day": 4, "moved": ["B1", "A1"], "resources": res(f=2, mo=2, mv=0),
        "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}}
case("morale-for-each-step", "each step of a day moves morale by its direction (ruling)",
     "days[3].resources.morale | the rolls give", save([*trails, back], "cartography"),
     save([*trails, dict(back, resources=res(f=2, mo=3, mv=0))], "cartography"))
# Diego Mendoza brings a musket: his day above with the Exploring dice 1+1 rerolled by a musket (5) to 5+5 +2 +2
# (military) = 14: Interests; his musket: 6.
diego_mu = dict(diego, rolls=dict(diego["rolls"], exploring=[[1, 1], [5, 5]]))
case("diego-mendoza-brings-a-musket", "Diego Mendoza adds a musket", "days[1].resources.muskets | the rolls give",
     save([acc, diego_mu]), save([acc, dict(diego_mu, resources=res(mu=5, f=4, mo=3))]))
# Diego's +1 counts on a Mapping total too (phases 2-7). After his day, day 3: planning 3 2 2 2 2; movement 3+4 +3 -1
# = 9: +1 (at the cap); mapping B1 1+1 +1 (Diego) = 3 hills; rations: food 3; camp: morale 2. Mountains would need 4.
diego_map = {"day": 3, "mapped": {"B1": "hills"}, "resources": res(f=3, mo=2),
             "rolls": {"planning": [3, 2, 2, 2, 2], "movement": [3, 4], "mapping": [1, 1]}}
case("diego-adds-one-to-mapping", "Diego Mendoza's +1 may go to the Mapping total",
     "days[2].mapped | the rolls map B1: hills", save([acc, diego, diego_map]),
     save([acc, diego, dict(diego_map, mapped={"B1": "mountains"})]))
# Movement 11: +2 and +1. Day 2 in B2 (hills, progress 1): planning 2 2 2 2 2; movement 3+5 +4 -1 = 11: +3 -> 4;
# rations: food 4; camp: morale 5.
eleven = {"day": 2, "resources": res(f=4, mo=5, mv=4), "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [3, 5]}}
case("movement-eleven-adds-three", "Movement 11 adds 2 and 1 progress", "days[1].resources.movement | the rolls give",
     save([day1(), eleven]), save([day1(), dict(eleven, resources=res(f=4, mo=5, mv=3))]))

RIVER = ("B2", "C2", "D2", "E2", "F2", "G2", "H3", "I2", "J2", "K2", "L3", "M2", "N3", "N4", "O4")


def down_the_river(first: int, food: int, accidents=()) -> list:
    """From B2 (mountains) on day `first` to the delta, a hex a day. Each day: planning 2 2 2, then 4 (on the
    accident days) or 6 (a hunt), then 3 (Mapping, the next hex blank) or 6 (C2 is printed): movement 6+6 +2 -1 = 13:
    +4 -> 5; Mapping 2+2 = 4 mountains (no 1: no cataract); Exploring 1+1 = 2: an accident; Hunting 6+6 +1 = 13: food
    +2, morale +1; rations; a step downstream: -5 +1 -> 1, morale +1 or +3 (at the cap)."""
    days, men = [], 6
    for n, there in enumerate(RIVER[1:], start=first):
        accident = n in accidents
        rolls = {"planning": [2, 2, 2, 4 if accident else 6, 6 if there == "C2" else 3], "movement": [6, 6]}
        rolls.update({"mapping": [2, 2]} if there != "C2" else {})
        rolls.update({"exploring": [1, 1]} if accident else {})
        rolls.update({"hunting": [6, 6]} if 6 in rolls["planning"] else {})
        men, food = men - accident, min(6, food + 2 * ("hunting" in rolls)) - 1
        day = {"day": n, "mapped": {there: "mountains"}, "moved": [there], "resources": res(c=men, f=food, mv=1),
               "rolls": rolls}
        if there == "C2":
            day.pop("mapped")
        days.append(day)
    return days


# A party of none cannot win: the last conquistador lost on the day the party walks into the delta loses the game
# (How to Lose: "Lose all six of your conquistadors"; How to Win moves "your party of Conquistadors"). Day 1: A1 -> B2,
# mapped mountains; then down the river, the accidents of days 2, 3, 5, 7, 9 and 15 taking the six men: on day 15
# the last walks into the delta (O4) with none.
voyage = [day1("mountains")] + down_the_river(2, 5, (2, 3, 5, 7, 9, 15))
case("no-win-without-a-conquistador", "the game is lost when the last man is lost, at the delta too",
     "outcome.result | recorded as won", save(voyage, outcome={"result": "lost", "score": 14}),
     save(voyage, outcome={"result": "won", "score": 14}))
# The delta reached on day 42 wins: 27 days in camp (as in the day-limit case), then day 28 A1 -> B2 (food 4) and down
# the river, in O4 on day 42: 14 hexes mapped and 6 conquistadors. A day later, the ships have sailed on day 42.
late = [dict(day1("mountains"), day=28, resources=res(f=4, mv=1))] + down_the_river(29, 4)
later = [dict(day1("mountains"), day=29, resources=res(f=4, mv=1))] + down_the_river(30, 4)
case("a-win-on-day-42-counts", "the delta reached on day 42 wins", "days[42] | 42 days passed",
     save(camp[:27] + late, outcome={"result": "won", "score": 20}),
     save(camp[:28] + later, outcome={"result": "lost", "score": 13}))
# Hunting 5: morale -1 and food +1. Day 2 in B2 (hills): planning 6 2 2 2 2; movement 3+3 +3 -1 = 8: +1 -> 2,
# morale 5; hunting 2+3 = 5: morale 4, food 6; rations: food 5; camp: morale 3.
h5 = {"day": 2, "resources": res(f=5, mo=3, mv=2), "rolls": {"planning": [6, 2, 2, 2, 2], "movement": [3, 3],
                                                              "hunting": [2, 3]}}
case("hunting-five-feeds-and-costs-morale", "Hunting 5: morale -1 and food +1",
     "days[1].resources.food | the rolls give",
     save([day1(), h5]), save([day1(), dict(h5, resources=res(f=4, mo=3, mv=2))]))
# Native Contact 9: a trail. Planning 5 2 2 2 2: movement 3+4 +3 -1 = 9: +1; native 4+5 = 9: a trail from A1 (to B1);
# rations: food 5; camp: morale 5.
n9 = {"day": 1, "marks": [{"trail": ["A1", "B1"]}], "resources": res(f=5, mo=5),
      "rolls": {"planning": [5, 2, 2, 2, 2], "movement": [3, 4], "native-contact": [4, 5]}}
case("native-contact-nine-is-a-trail", "Native Contact 9 is a trail", "days[0].marks | record where it leads",
     save([n9]), save([{k: v for k, v in n9.items() if k != "marks"}]))

# Two WILDs may be split between phases (the rulebook's 1 1 3 4 4), each WILD +1 once. Planning 1 1 3 4 4: Mapping
# +0, Exploring +1, and a WILD to each: Mapping B1 2+2 +1 = 5 jungle; Exploring 3+3 +2 = 8: morale +1 (at the cap);
# rations: food 5; camp: morale 5. A trail too (Exploring 9) would need a third WILD.
split = {"day": 1, "mapped": {"B1": "jungle"}, "resources": res(f=5, mo=5),
         "rolls": {"planning": [1, 1, 3, 4, 4], "mapping": [2, 2], "exploring": [3, 3]}}
case("wilds-split-between-phases", "WILDs may be split between phases, each adding 1 once",
     "days[0].marks | the rolls give no marks", save([split]), save([dict(split, marks=[{"trail": ["A1", "A2"]}])]))

# Diego's +1 may go to the Interests total (phase 7). After his day in A1, day 3: planning 2 2 2 2 3; movement 3+4 +3 -1
# = 9: +1 (at the cap); mapping B2 1+2 = 3 hills; rations: food 3; A1 -> B2 (SE): progress 1, morale 6. Day 4 in B2:
# planning 4 4 4 2 2; movement 3+4 +1 -1 = 7: +1 -> 2, morale 5; exploring 5+5 +2 = 12: Interests in B2: 4+5 +1
# (Diego) = 10, Princess Kantyi; rations: food 2; camp: morale 4. With 4+4 she would need +2.
onward = {"day": 3, "mapped": {"B2": "hills"}, "moved": ["B2"], "resources": res(f=3, mv=1),
         "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4], "mapping": [1, 2]}}
princess = {"day": 4, "marks": [{"interest": {"hex": "B2", "result": "princess-kantyi"}}],
            "resources": res(f=2, mo=4, mv=2),
            "rolls": {"planning": [4, 4, 4, 2, 2], "movement": [3, 4], "exploring": [5, 5], "interests": [4, 5]}}
case("diego-adds-one-to-interests", "Diego Mendoza's +1 may go to the Interests total, once",
     "days[3].marks | the rolls give", save([acc, diego, onward, princess]),
     save([acc, diego, onward, dict(princess, rolls=dict(princess["rolls"], interests=[4, 4]))]))

# A fever broken in the morning can strike again the same day: the fever day, then planning 1 1 1 2 2: three WILDs
# break it (and are spent); movement 2+2 +1 -1 = 4: +1 and a fever, morale 3; rations: food 4; camp: morale 2.
# The day ends in a fever: it is recorded as struck.
again = {"day": 2, "fever": "struck", "resources": res(f=4, mo=2),
         "rolls": {"planning": [1, 1, 1, 2, 2], "movement": [2, 2]}}
case("a-broken-fever-can-strike-again", "a fever broken at planning can strike again that day",
     "days[1].fever | the rolls give", save([fev, again]), save([fev, dict(again, fever="broken")]))

# A cataract drawn at Mapping blocks that day's step already: day 2 in B2, planning 3 2 2 2 2; movement 6+6 +3 -1 =
# 14: +4 -> 5; mapping B3 1+4 = 5 jungle, the 1 drawing a cataract B2-C2; rations: food 4; B2 -> B3 (S): progress 0,
# morale 6. Down the river to C2 instead, the new cataract stands between.
blocked = {"day": 2, "mapped": {"B3": "jungle"}, "moved": ["B3"], "marks": [{"cataract": ["B2", "C2"]}],
           "resources": res(f=4, mv=0), "rolls": {"planning": [3, 2, 2, 2, 2], "movement": [6, 6], "mapping": [1, 4]}}
case("a-new-cataract-blocks-the-same-day", "a cataract drawn at Mapping blocks that day's step",
     "days[1].moved[0] | cataract blocks", save([day1(), blocked]),
     save([day1(), dict(blocked, moved=["C2"], resources=res(f=4, mv=1))]))

# A peaceful village helps from the phase that finds it on: the first Kantyi day, its Native Contact (phase 5) finding
# the village whose +1 makes Hunting (phase 6) 6: food +1 (5 would cost a morale too).
case("a-peaceful-village-helps-the-same-day", "a peaceful village found at Native Contact helps that day's Hunting",
     "days[0].resources.morale | the rolls give", save([k1]), save([dict(k1, resources=res(f=5, mo=4))]))

# --- written from the rulebook by a fourth reviewer: each chart row, and rare but legal paths ------------------
# Every row of the Mapping chart. Day 1 in A1 (mountains, not a river hex): planning 2 2 2 2 3 (mapping +0); movement
# 3+4 +3 -1 = 9: +1 (at the cap); mapping B1 on the dice of MAP_DICE; rations: food 5; camp: morale 5. The bad twin
# draws the terrain of another row.
ROW_WORD = {"swamp": "two", "hills": "three", "mountains": "four", "jungle": "five", "forest": "ten", "lake": "eleven",
            "plains": "twelve"}
OTHER_ROW = {"swamp": "hills", "hills": "mountains", "mountains": "jungle", "jungle": "swamp", "forest": "lake",
             "lake": "plains", "plains": "forest"}
for terrain, other in OTHER_ROW.items():
    drawn = {"day": 1, "mapped": {"B1": terrain}, "resources": res(f=5, mo=5),
             "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [3, 4], "mapping": MAP_DICE[terrain]}}
    case(f"mapping-{ROW_WORD[terrain]}-is-{terrain}", f"Mapping {sum(MAP_DICE[terrain])}: {terrain}",
         f"days[0].mapped | the rolls map B1: {terrain}", save([drawn]), save([dict(drawn, mapped={"B1": other})]))
# Each extra 3 adds 1 to Mapping. Planning 3 3 3 2 2 (movement +1, mapping +2): movement 3+4 +1 -1 = 7: +1, morale 5;
# mapping B1 4+4 +2 = 10: forest (8 alone: the same terrain as A1, mountains); rations: food 5; camp: morale 4.
extra3 = {"day": 1, "mapped": {"B1": "forest"}, "resources": res(f=5, mo=4),
          "rolls": {"planning": [3, 3, 3, 2, 2], "movement": [3, 4], "mapping": [4, 4]}}
case("mapping-adds-one-per-extra-three", "each extra 3 planned adds 1 to the Mapping total",
     "days[0].mapped | the rolls map B1: forest", save([extra3]), save([dict(extra3, mapped={"B1": "mountains"})]))
# Movement 0-3: an accident. Planning 2 2 3 3 3 (movement +1, mapping +2): movement 1+2 +1 -1 = 3: a conquistador lost;
# mapping B1 1+1 +2 = 4 mountains; rations: food 5; camp: morale 5.
m3 = {"day": 1, "mapped": {"B1": "mountains"}, "resources": res(c=5, f=5, mo=5),
      "rolls": {"planning": [2, 2, 3, 3, 3], "movement": [1, 2], "mapping": [1, 1]}}
case("movement-three-is-an-accident", "Movement 0-3: an accident costs a conquistador",
     "days[0].resources.conquistadors | the rolls give", save([m3]), save([dict(m3, resources=res(f=5, mo=5))]))
# Exploring 0-2: an accident. Planning 4 2 2 2 2: movement 3+4 +3 -1 = 9: +1; exploring 1+1 = 2: a conquistador lost;
# rations: food 5; camp: morale 5.
x2 = {"day": 1, "resources": res(c=5, f=5, mo=5),
      "rolls": {"planning": [4, 2, 2, 2, 2], "movement": [3, 4], "exploring": [1, 1]}}
case("exploring-two-is-an-accident", "Exploring 0-2: an accident costs a conquistador",
     "days[0].resources.conquistadors | the rolls give", save([x2]), save([dict(x2, resources=res(f=5, mo=5))]))
# Exploring 8: morale +1. Planning 4 2 2 2 2: movement 3+3 +3 -1 = 8: +1, morale 5; exploring 4+4 = 8: morale 6;
# rations: food 5; camp: morale 5.
x8 = {"day": 1, "resources": res(f=5, mo=5),
      "rolls": {"planning": [4, 2, 2, 2, 2], "movement": [3, 3], "exploring": [4, 4]}}
case("exploring-eight-lifts-morale", "Exploring 8: morale +1", "days[0].resources.morale | the rolls give",
     save([x8]), save([dict(x8, resources=res(f=5, mo=4))]))
# Hunting 0-3: an accident. Day 2 in B2 (hills): planning 6 2 2 2 2; movement 3+3 +3 -1 = 8: +1 -> 2, morale 5;
# hunting 1+2 = 3: a conquistador lost; rations: food 4; camp: morale 4.
h3 = {"day": 2, "resources": res(c=5, f=4, mo=4, mv=2),
      "rolls": {"planning": [6, 2, 2, 2, 2], "movement": [3, 3], "hunting": [1, 2]}}
case("hunting-three-is-an-accident", "Hunting 0-3: an accident costs a conquistador",
     "days[1].resources.conquistadors | the rolls give", save([day1(), h3]),
     save([day1(), dict(h3, resources=res(f=4, mo=4, mv=2))]))
# Hunting 9-10: food +2. Three of the hunger days (food 3, morale 5), then day 4: planning 6 2 2 2 2 (four of a kind,
# at the cap); movement 3+4 +3 -1 = 9: +1; hunting 3+5 +1 (mountains) = 9: food 5; rations: food 4; camp: morale 4.
h9 = {"day": 4, "resources": res(f=4, mo=4),
      "rolls": {"planning": [6, 2, 2, 2, 2], "movement": [3, 4], "hunting": [3, 5]}}
case("hunting-nine-gives-two-food", "Hunting 9-10: food +2", "days[3].resources.food | the rolls give",
     save(hungry[:3] + [h9]), save(hungry[:3] + [dict(h9, resources=res(f=3, mo=4))]))
# A hunt feeds the same day's ration: the six hunger days (food 0), then day 7: planning 6 2 2 2 2; movement 3+4 +3 -1 =
# 9: +1; hunting 3+3 +1 (mountains) = 7: food 1; rations: food 0, no man lost; camp: morale 4.
fed7 = {"day": 7, "resources": res(f=0, mo=4),
        "rolls": {"planning": [6, 2, 2, 2, 2], "movement": [3, 4], "hunting": [3, 3]}}
case("a-hunt-feeds-the-ration", "Hunting (phase 6) comes before the ration (phase 8)",
     "days[6].resources.conquistadors | the rolls give", save(hungry + [fed7]),
     save(hungry + [dict(fed7, resources=res(c=5, f=0, mo=4))]))
# Native Contact 0-4: an Advanced Empire. Planning 2 2 2 2 5: movement 3+4 +3 -1 = 9: +1; native 2+2 = 4: an empire in
# A1; rations: food 5; camp: morale 5.
n4 = {"day": 1, "marks": [{"empire": "A1"}], "resources": res(f=5, mo=5),
      "rolls": {"planning": [2, 2, 2, 2, 5], "movement": [3, 4], "native-contact": [2, 2]}}
case("native-contact-four-is-an-empire", "Native Contact 0-4: an Advanced Empire", "days[0].marks | the rolls give",
     save([n4]), save([{k: v for k, v in n4.items() if k != "marks"}]))
# Native Contact 6-8: a village, which costs a progress as Exploring's does. Planning 5 2 2 2 2: movement 3+4 +3 -1 = 9:
# +1; native 3+4 = 7: a village in A1, progress 5; rations: food 5; camp: morale 5.
n7 = {"day": 1, "marks": [{"village": "A1"}], "resources": res(f=5, mo=5, mv=5),
      "rolls": {"planning": [5, 2, 2, 2, 2], "movement": [3, 4], "native-contact": [3, 4]}}
case("native-contact-village-costs-progress", "a village found at Native Contact costs 1 movement progress",
     "days[0].resources.movement | the rolls give", save([n7]), save([dict(n7, resources=res(f=5, mo=5))]))
# A lake discards village results, not an empire. Day 2 in B2 (lake): planning 5 2 2 2 2; movement 3+3 +3 +1 = 10:
# +2 -> 3; native 1+2 = 3: an empire in B2; rations: food 4; camp: morale 5.
lake_empire = {"day": 2, "marks": [{"empire": "B2"}], "resources": res(f=4, mo=5, mv=3),
               "rolls": {"planning": [5, 2, 2, 2, 2], "movement": [3, 3], "native-contact": [1, 2]}}
case("lake-keeps-the-empire", "a lake discards villages, not an Advanced Empire", "days[1].marks | the rolls give",
     save([day1("lake"), lake_empire]), save([day1("lake"), {k: v for k, v in lake_empire.items() if k != "marks"}]))
# River Hexes: +1 progress entering downstream. Day 2 in B2: planning 2 2 2 2 2; movement 6+6 +4 -1 = 15: +4 -> 5;
# rations: food 4; B2 -> C2 (SE, downstream): -5 +1 -> 1, morale 6.
down = {"day": 2, "moved": ["C2"], "resources": res(f=4, mv=1),
        "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}}
case("river-adds-progress-downstream", "entering a river hex from the one upstream adds 1 progress",
     "days[1].resources.movement | the rolls give", save([day1(), down]),
     save([day1(), dict(down, resources=res(f=4, mv=0))]))
# ... and nothing upstream. Day 3 in C2 (mountains): the same planning and movement (15: +4 -> 5); rations: food 3;
# C2 -> B2 (NW, upstream): progress 0, morale 3.
up = {"day": 3, "moved": ["B2"], "resources": res(f=3, mo=3, mv=0),
      "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}}
case("river-upstream-gives-no-progress", "a step upstream on the river adds no progress",
     "days[2].resources.movement | the rolls give", save([day1(), down, up]),
     save([day1(), down, dict(up, resources=res(f=3, mo=3, mv=1))]))
# WILDs make no five of a kind either: the accident day (5 conquistadors), then a day of five WILDs: nothing called, no
# conquistador; rations: food 4; camp: morale 4.
wild5 = {"day": 2, "resources": res(c=5, f=4, mo=4), "rolls": {"planning": [1, 1, 1, 1, 1]}}
case("five-wilds-gain-no-conquistador", "five WILDs are no five of a kind",
     "days[1].resources.conquistadors | the rolls give", save([acc, wild5]),
     save([acc, dict(wild5, resources=res(f=4, mo=4))]))
# No fever, nothing to break: three WILDs then go to the phases. Planning 1 1 1 2 2: movement 3+4 +1 +3 -1 = 10: +2 (at
# the cap); rations: food 5; camp: morale 5.
no_fever = {"day": 1, "resources": res(f=5, mo=5), "rolls": {"planning": [1, 1, 1, 2, 2], "movement": [3, 4]}}
case("no-fever-no-break", "three WILDs break a fever only while one holds", "days[0].fever | no fever to break",
     save([no_fever]), save([dict(no_fever, fever="broken")]))
# A cataract is drawn once on an edge: A2's downstream side holds the printed one. The step south to A2, then day 2:
# planning 3 2 2 2 2; movement 3+3 +3 -1 = 8: +1 -> 2, morale 5; mapping B3 1+4 = 5 jungle (the 1 adds nothing);
# rations: food 4; camp: morale 4.
source = {"day": 2, "mapped": {"B3": "jungle"}, "resources": res(f=4, mo=4, mv=2),
          "rolls": {"planning": [3, 2, 2, 2, 2], "movement": [3, 3], "mapping": [1, 4]}}
case("cataract-once-an-edge", "a cataract is not drawn where one stands", "days[1].marks[0].cataract | already",
     save([south, source]), save([south, dict(source, marks=[{"cataract": ["A2", "B2"]}])]))
# A step goes to a neighbouring hex: C2 is two hexes from A1.
good = bare(save([day1()]))
bad = copy.deepcopy(good)
bad["days"][0]["moved"] = ["C2"]
case("a-step-enters-a-neighbour", "a step enters a neighbouring hex", "days[0].moved[0] | not next to", good, bad)
# The expedition is one of the six of the setup roll (written by its name or its die face: 3 is Military).
case("expedition-is-one-of-six", "the expedition is one of the six", "setup.expedition | not one of",
     save([day1()], "3"), save([day1()], "navy"))
# Cartography's trail leads from where the day ends: the first two Cartography trail days above, day 2 ending in B1
# (progress 3) with its trail B1-C1; a trail from A1, where the day began, is not the party's to place.
case("cartography-trail-from-where-the-day-ends", "Cartography's trail starts where the party ends the day",
     "days[1].marks | the rolls give", save(trails[:2], "cartography"),
     save([trails[0], dict(trails[1], marks=[{"trail": ["A1", "A2"]}])], "cartography"))
# Diego's +1 is a choice ("you may"): the Mapping day after his with 1+1 = 2 kept as a swamp; mountains would need +2.
unused = dict(diego_map, mapped={"B1": "swamp"})
case("diego-plus-one-is-a-choice", "Diego Mendoza's +1 may be left unused, and is never more than 1",
     "days[2].mapped | the rolls map B1", save([acc, diego, unused]),
     save([acc, diego, dict(unused, mapped={"B1": "mountains"})]))
# Interests 9: Predict Eclipse (the eclipse day's roll 4+5), not Princess Kantyi.
case("interests-nine-is-predict-eclipse", "Interests 9: Predict Eclipse", "days[0].marks | the rolls give",
     save([e1]), save([dict(e1, marks=[{"interest": {"hex": "A1", "result": "princess-kantyi"}}])]))
# The eclipse's choice stands near an empire too ("instead of rolling"). The eclipse day, then day 2: planning
# 5 1 1 1 1: the chosen row 0-4, an empire in A1; rations: food 4; camp: morale 3. Day 3, within the empire's reach:
# the chosen row 11+ (a cache: food 5, morale 4; a peaceful village); rations: food 4; camp: morale 3. The empire's
# one die rolled instead (6 +4 = 10, food +1 and a peaceful village: the same day's end) is refused.
chose_empire = {"day": 2, "marks": [{"empire": "A1"}], "resources": res(f=4, mo=3),
                "rolls": {"planning": [5, 1, 1, 1, 1]}}
chose_cache = {"day": 3, "marks": [{"peaceful-village": "A1"}], "resources": res(f=4, mo=3),
               "rolls": {"planning": [5, 1, 1, 1, 1]}}
case("predict-eclipse-chooses-near-an-empire", "Predict Eclipse chooses the result near an empire too",
     "days[2].rolls.native-contact | a predicted eclipse chooses", save([e1, chose_empire, chose_cache]),
     save([e1, chose_empire, dict(chose_cache, rolls={"planning": [5, 1, 1, 1, 1], "native-contact": [6]})]))
# Princess Kantyi rerolls the empire's one die too. The first Kantyi day (A1, a peaceful village), then day 2: planning
# 5 2 2 2 2; movement 3+4 +3 -1 = 9: +1; native 1 1, rerolled by her to 1 2: 3, an empire in A1; rations: food 4; camp:
# morale 4. Day 3: planning 5 5 2 2 2 (movement +2, native +1); movement 3+4 +2 -1 = 8: +1, morale 3; native on the
# empire's one die: 1, rerolled to 6: 7, a village in A1 (progress 5); rations: food 3; camp: morale 2.
k_empire = {"day": 2, "marks": [{"empire": "A1"}], "resources": res(f=4, mo=4),
            "rolls": {"planning": [5, 2, 2, 2, 2], "movement": [3, 4], "native-contact": [1, 1], "kantyi": [1, 2]}}
k_die = {"day": 3, "marks": [{"village": "A1"}], "resources": res(f=3, mo=2, mv=5),
         "rolls": {"planning": [5, 5, 2, 2, 2], "movement": [3, 4], "native-contact": [1], "kantyi": [6]}}
case("princess-kantyi-rerolls-the-empire-die", "Princess Kantyi rerolls the empire's one die",
     "days[2].rolls.native-contact | Princess Kantyi", save([k1, k_empire, k_die]),
     save([k1, k_empire, dict(k_die, rolls={k: v for k, v in k_die["rolls"].items() if k != "kantyi"})]))
# ... and the 1s and 2s of a musket's reroll. Religious (no musket bonus): the first Kantyi day, then day 2: planning
# 5 5 5 6 6 (native +2, hunting +1): native 3+3 +2 = 8 (a village), rerolled by a musket (5) to 1 5, her 1 rolled again
# to 6: 6+5 +2 = 13: a cache (muskets 6, food 6, morale 6) and a second peaceful village; hunting 3+3 +1 +1 (mountains)
# +2 (the villages) = 10: food +2 (6); rations: food 5; camp: morale 5.
k_musket = {"day": 2, "marks": [{"peaceful-village": "A1"}], "resources": res(f=5, mo=5),
            "rolls": {"planning": [5, 5, 5, 6, 6], "native-contact": [[3, 3], [1, 5]], "kantyi": [6],
                      "hunting": [3, 3]}}
case("princess-kantyi-rerolls-a-musket-reroll", "Princess Kantyi rerolls the 1s and 2s of a musket's reroll",
     "days[1].rolls.native-contact | Princess Kantyi", save([k1, k_musket], "religious"),
     save([k1, dict(k_musket, rolls={k: v for k, v in k_musket["rolls"].items() if k != "kantyi"})], "religious"))
# Lagos de Oro found on entering an interest icon lies halfway from there (G1, 8 hexes from O4: K2 is 4 from each), not
# from F2, where the day began (9 from O4: J2 is 4 from F2 and 5 from O4). Day 1 A1 -> B2 (mountains), then down the
# river to F2 by day 5 (food 5, progress 1). Day 6: planning 2 2 2 2 3; movement 6+6 +3 -1 = 14: +4 -> 5; mapping G1
# 2+2 = 4 mountains; rations: food 4; F2 -> G1 (NE): progress 0, morale 6; G1's icon: Interests 1+2 = 3, Lagos de Oro.
trip = [day1("mountains")] + down_the_river(2, 5)[:4]
icon_lagos = {"day": 6, "mapped": {"G1": "mountains", "J2": "lake", "J3": "lake", "K2": "lake"}, "moved": ["G1"],
              "marks": [{"interest": {"hex": "G1", "result": "lagos-de-oro"}}, {"lagos-de-oro": ["J2", "J3", "K2"]}],
              "resources": res(f=4, mv=0),
              "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [6, 6], "mapping": [2, 2], "interests": [1, 2]}}
from_f2 = dict(icon_lagos, mapped={"G1": "mountains", "I2": "lake", "J2": "lake", "J3": "lake"},
               marks=[icon_lagos["marks"][0], {"lagos-de-oro": ["I2", "J2", "J3"]}])
for suffix, made in (("", save), ("-bare", lambda days: bare(save(days)))):
    case(f"lagos-de-oro-halfway-from-the-icon{suffix}", "Lagos de Oro found on entering lies halfway from that hex",
         "days[5].marks[1].lagos-de-oro | halfway", made(trip + [icon_lagos]), made(trip + [from_f2]))

# A Ruined Mission's trail, drawn in phase 7, is there for Map Travel, and an Archeology party following it into
# another terrain finds an interest. Day 1 in A1: planning 4 4 4 2 3 (exploring +2); movement 6+6 -1 = 11: +3 (at the
# cap); mapping B2 6+6 = 12 plains; exploring 5+5 +2 = 12: Interests in A1: 2+2 = 4, the Ruined Mission (muskets at
# the cap) and its trail A1-B2; rations: food 5; A1 -> B2 along it (SE): progress 3, and plains after mountains:
# Interests in B2: 3+4 = 7, a Natural Wonder (morale at the cap); B2 -> A1 along it (NW): progress 0 (A1 holds its
# interest); morale +3 (6), -3: 3. Without its dice the day was refused (the fill took the mission as found on
# coming back to A1, after the steps its trail paid for). The broken twin leaves B2's interest out.
there_back = {"day": 1, "mapped": {"B2": "plains"}, "moved": ["B2", "A1"],
              "marks": [{"interest": {"hex": "A1", "result": "ruined-mission"}}, {"trail": ["A1", "B2"]},
                        {"interest": {"hex": "B2", "result": "natural-wonder"}}],
              "resources": res(f=5, mo=3, mv=0),
              "rolls": {"planning": [4, 4, 4, 2, 3], "movement": [6, 6], "mapping": [6, 6], "exploring": [5, 5],
                        "interests": [[2, 2], [3, 4]]}}
no_wonder = dict(there_back, marks=there_back["marks"][:2], rolls=dict(there_back["rolls"], interests=[2, 2]))
case("archeology-follows-a-mission-trail", "an Archeology party following a Ruined Mission's trail finds an interest",
     "days[0].rolls.interests | an Interests roll is due", save([there_back], "archeology"), save([no_wonder], "archeology"))
case("archeology-follows-a-mission-trail-bare",
     "an Archeology party following a Ruined Mission's trail finds an interest",
     "days[0].marks | entering B2 on day 1 rolls Interests", bare(save([there_back], "archeology")),
     bare(save([no_wonder], "archeology")))

# A musket reroll needs a musket. Religious: the first Ruined Mission day (muskets 2, food 5, morale 5, a peaceful
# village in A1), then day 2: planning 2 2 2 4 5 (movement +2): movement 1+1, rerolled by a musket (1) to 3+4 +2 -1 = 8:
# +1 (at the cap), morale 4; exploring 1+1, rerolled by the last musket (0) to 3+4 +1 (the village) = 8: morale 5;
# native 3+4 = 7: a village, peaceful (religious), in A1; rations: food 4; camp: morale 4. The broken twin rerolls
# Native Contact too, with no musket left.
spent = {"day": 2, "marks": [{"peaceful-village": "A1"}], "resources": res(mu=0, f=4, mo=4),
         "rolls": {"planning": [2, 2, 2, 4, 5], "movement": [[1, 1], [3, 4]], "exploring": [[1, 1], [3, 4]],
                   "native-contact": [3, 4]}}
case("a-musket-reroll-needs-a-musket", "a musket reroll spends a musket: none left, no reroll",
     "days[1].rolls.native-contact | began with 2", save([crates[0], spent], "religious"),
     save([crates[0], dict(spent, rolls=dict(spent["rolls"], **{"native-contact": [[1, 1], [3, 4]]}))], "religious"))

# The score counts the hexes the player mapped, not the printed ones (A1, A2, C2): the last-conquistador game above
# mapped B2 only.
case("score-counts-only-drawn-hexes", "a hex scores when the player maps it; printed hexes do not",
     "outcome.score | the rules give 1", save(lost, outcome={"result": "lost", "score": 1}),
     save(lost, outcome={"result": "lost", "score": 4}))
# With no room for Lagos de Oro (no three blank hexes that all touch), its roll is a Natural Wonder (ruling
# lagos-no-room). A map of one column (A1 to the delta A5: each hex touches only the one above and the one below).
# Day 1: planning 4 4 4 4 2 (exploring +3); movement 4+5 -1 = 8: +1, morale 5; exploring 5+5 +3 = 13: Interests in
# A1: 1+2 = 3, Lagos de Oro, drawn nowhere: a Natural Wonder, morale 6; rations: food 5; camp: morale 5.
ONE_COLUMN = {"format": "lostprint-map/1", "game": "lost-expedition", "name": "one column", "orientation": "flat",
              "offset": "even-q", "hexes": ["A1", "A2", "A3", "A4", "A5"], "terrain": {"A1": "mountains"},
              "start": "A1", "goals": ["A5"], "features": [{"type": "river", "hexes": ["A2", "A3", "A4", "A5"]},
                                                           {"type": "delta", "hexes": ["A5"]}]}
no_room = {"day": 1, "marks": [{"interest": {"hex": "A1", "result": "natural-wonder"}}], "resources": res(f=5, mo=5),
           "rolls": {"planning": [4, 4, 4, 4, 2], "movement": [4, 5], "exploring": [5, 5], "interests": [1, 2]}}
as_lagos = dict(no_room, marks=[{"interest": {"hex": "A1", "result": "lagos-de-oro"}}])
for suffix, made in (("", save), ("-bare", lambda days: bare(save(days)))):
    case(f"lagos-de-oro-with-no-room-is-a-wonder{suffix}", "no room for Lagos de Oro: a Natural Wonder (ruling)",
         "days[0].marks | the rolls give interest A1 natural-wonder", made([no_room]) | {"map": "one-column-map.json"},
         made([as_lagos]) | {"map": "one-column-map.json"})

# A cataract comes with a Mapping roll: in B2 (a river hex) the Movement 11 day above maps nothing, and draws no
# cataract whatever its dice (with and without rolls).
for suffix, made in (("", save), ("-bare", lambda days: bare(save(days)))):
    case(f"cataract-only-while-mapping{suffix}", "a cataract is drawn by a Mapping roll only",
         "days[1].marks[0].cataract | nothing was mapped", made([day1(), eleven]),
         made([day1(), dict(eleven, marks=[{"cataract": ["B2", "C2"]}])]))

# An interest found by Exploring is drawn where the party explores, before Map Travel. Day 1 in A1: planning 2 4 4 4 3
# (exploring +2); movement 6+6 -1 = 11: +3 (at the cap); mapping B2 1+2 = 3 hills; exploring 5+5 +2 = 12: Interests in
# A1: 3+4 = 7, a Natural Wonder (morale at the cap); rations: food 5; A1 -> B2 (SE): progress 1. B2 has no icon: the
# wonder drawn there has no roll to come from.
explored = {"day": 1, "mapped": {"B2": "hills"}, "moved": ["B2"],
            "marks": [{"interest": {"hex": "A1", "result": "natural-wonder"}}], "resources": res(f=5, mv=1),
            "rolls": {"planning": [2, 4, 4, 4, 3], "movement": [6, 6], "mapping": [1, 2], "exploring": [5, 5],
                      "interests": [3, 4]}}
carried = dict(explored, marks=[{"interest": {"hex": "B2", "result": "natural-wonder"}}])
case("interest-where-the-party-explores", "Exploring's interest is in the hex explored, before travel",
     "days[0].marks | the rolls give", save([explored]), save([carried]))
case("interest-where-the-party-explores-bare", "Exploring's interest is in the hex explored, before travel",
     "days[0].marks | no Interests roll on day 1 falls in B2", bare(save([explored])), bare(save([carried])))
# Princess Kantyi's rerolls only once she is found: Native Contact 1+2 = 3 (an empire) on the empire-of-four day.
empire3 = dict(n4, rolls=dict(n4["rolls"], **{"native-contact": [1, 2]}))
case("kantyi-needs-the-princess", "without Princess Kantyi no Native Contact die is rerolled",
     "days[0].rolls.native-contact | more Princess Kantyi rerolls", save([empire3]),
     save([dict(empire3, rolls=dict(empire3["rolls"], kantyi=[5, 6]))]))
# A game is lost only when it ends: ten days in camp, six men and food, recorded as lost.
case("lost-only-when-over", "a game is lost only by the last man or the day limit",
     "outcome.result | not over after day 10", save(camp[:10]), save(camp[:10], outcome={"result": "lost", "score": 0}))

# A trail is drawn once on an edge. The Native Contact 9 day (a trail A1-B1), then the same day again: morale 4, food 4,
# its trail to another neighbour (B2); A1-B1 again is refused.
again9 = dict(n9, day=2, marks=[{"trail": ["A1", "B2"]}], resources=res(f=4, mo=4))
case("trail-once-an-edge", "a trail is drawn once between two hexes", "days[1].marks[0].trail | already a trail",
     save([n9, again9]), save([n9, dict(again9, marks=[{"trail": ["A1", "B1"]}])]))
# Lagos de Oro comes from its Interests roll: the Lagos day without its interest mark.
case("lagos-de-oro-comes-from-its-roll", "Lagos de Oro is drawn after its Interests roll",
     "days[0].marks[0].lagos-de-oro | comes from an Interests roll", save([lagos]),
     save([dict(lagos, marks=lagos["marks"][1:])]))
# A cataract stands between two river hexes: the cataract day with B2-B3 (B3 is off the river).
river_cat = {"day": 2, "mapped": {"B3": "jungle"}, "marks": [{"cataract": ["B2", "C2"]}],
             "resources": res(f=4, mo=4, mv=2),
             "rolls": {"planning": [3, 2, 2, 2, 2], "movement": [3, 3], "mapping": [1, 4]}}
case("cataract-between-river-hexes", "a cataract stands between two river hexes",
     "days[1].marks[0].cataract | not on the river", save([day1(), river_cat]),
     save([day1(), dict(river_cat, marks=[{"cataract": ["B2", "B3"]}])]))
# An interest is written in a hex where the party stands: the wonder day's wonder in C1, where it never was.
case("interest-where-the-party-stands", "an interest is written where the party stands",
     "days[0].marks[0].interest | where the party stands", save([wonder]),
     save([dict(wonder, marks=[{"interest": {"hex": "C1", "result": "natural-wonder"}}])]))
# An interest is a row of the Interests chart: the wonder day's find written as a golden city.
case("interest-results-come-from-the-chart", "an interest is one of the Interests chart's results",
     "days[0].marks[0].interest.result | not an interest", save([wonder]),
     save([dict(wonder, marks=[{"interest": {"hex": "A1", "result": "golden-city"}}])]))
# Migration's fill needs a musket. After the musket-count days (religious; muskets 0, food 4, morale 4, two peaceful
# villages in A1), day 3: planning 4 4 4 4 2 (exploring +3; four of a kind, at the cap); movement 4+5 -1 = 8: +1,
# morale 3; exploring 5+5 +3 +2 (the villages) = 15: Interests in A1: 2+3 = 5, a Migration, no musket to fill Food;
# no ration (food 4); camp: morale 2. Food 6 is refused.
hungry_mig = {"day": 3, "marks": [{"interest": {"hex": "A1", "result": "migration"}}],
              "resources": res(mu=0, f=4, mo=2),
              "rolls": {"planning": [4, 4, 4, 4, 2], "movement": [4, 5], "exploring": [5, 5], "interests": [2, 3]}}
case("migration-fill-needs-a-musket", "Migration's fill of Food needs a musket to spend",
     "days[2].resources.food | the rolls give", save([crates[0], spent, hungry_mig], "religious"),
     save([crates[0], spent, dict(hungry_mig, resources=res(mu=0, f=6, mo=2))], "religious"))

# Reaching the delta ends the game at once: no step after it, even along a trail that would pay. Without rolls: day 1
# A1 -> B2 and down the river to N4 (day 14, progress 1, food 5); day 15: planning 2 2 3 4 6 (movement +1); movement
# 6+6 +1 -1 = 12: +4 -> 5; mapping O4 2+2 = 4 mountains; exploring 4+5 = 9: a trail N4-O4; hunting 3+3 +1 = 7: food 6;
# rations: food 5; N4 -> O4 (SE) along the trail: -3 +1 -> 3: won. The broken twin steps back to N4 along it.
to_delta = [day1("mountains")] + down_the_river(2, 5)
by_trail = {k: v for k, v in to_delta[-1].items() if k != "rolls"} | {
    "marks": [{"trail": ["N4", "O4"]}], "resources": res(f=5, mv=3)}
good = bare(save(to_delta[:-1] + [by_trail], outcome={"result": "won"}))
bad = copy.deepcopy(good)
bad["days"][-1]["moved"] = ["O4", "N4"]
case("no-step-after-the-delta", "the game ends on entering the delta: no step after it",
     "days[14].moved[1] | the game was over", good, bad)

# Lagos de Oro's hexes are entered and priced one by one (ruling lagos-one-hex): the Lagos day and the way down the
# river to G2 (day 7: progress 1, food 3), then day 8: planning 2 2 2 2 2; movement 6+6 +4 +1 (lake) = 16: +4 -> 5;
# rations: food 2; G2 -> H2 (NE), both Lagos: the step costs 5 -> 0, morale 6. A free step within "one hex" is refused.
within = {"day": 8, "moved": ["H2"], "resources": res(f=2, mv=0),
          "rolls": {"planning": [2, 2, 2, 2, 2], "movement": [6, 6]}}
case("lagos-de-oro-hexes-priced-alone", "a step between two Lagos de Oro hexes costs a step (ruling)",
     "days[7].resources.movement | the rolls give", save([lagos, *route, within]),
     save([lagos, *route, dict(within, resources=res(f=2, mv=5))]))
# A loss the party cannot pay is not paid, and costs no man (ruling unpaid-losses): the village day (A1 -> B2, progress
# 0), then day 2: planning 4 6 6 6 6 (hunting +3; four of a kind, at the cap); exploring 1+3 = 4: progress -1, none
# to lose; hunting 3+3 +3 = 9: food 6; rations: food 5; camp: morale 5.
unpaid = {"day": 2, "resources": res(f=5, mo=5, mv=0),
          "rolls": {"planning": [4, 6, 6, 6, 6], "exploring": [1, 3], "hunting": [3, 3]}}
case("unpaid-progress-costs-no-man", "a loss of progress the party does not have is not paid (ruling)",
     "days[1].resources.conquistadors | the rolls give", save([vday, unpaid]),
     save([vday, dict(unpaid, resources=res(c=5, f=5, mo=5, mv=0))]))

# A Ruined Mission found on entering a hex draws its trail after the step that found it: a trail back along that step
# did not pay for it. Down the river to F2 by day 5 (progress 1, food 5); day 6: planning 2 2 2 2 3; movement 6+6 +3
# -1 = 14: +4 -> 5; mapping G1 2+2 = 4 mountains; rations: food 4; F2 -> G1 (NE): 5 -> 0, morale 6; G1's icon:
# Interests 2+2 = 4, the Ruined Mission (muskets at the cap) and its trail back to F2. Without its dice the day was
# refused (the fill priced the step along the trail drawn after it). The broken twin keeps 2 progress, as if the
# trail had paid the step.
back = {"day": 6, "mapped": {"G1": "mountains"}, "moved": ["G1"],
        "marks": [{"interest": {"hex": "G1", "result": "ruined-mission"}}, {"trail": ["G1", "F2"]}],
        "resources": res(f=4, mv=0),
        "rolls": {"planning": [2, 2, 2, 2, 3], "movement": [6, 6], "mapping": [2, 2], "interests": [2, 2]}}
for suffix, made, words in (("", save, "the rolls give"), ("-bare", lambda days: bare(save(days)), "at most 0")):
    case(f"a-mission-trail-pays-no-earlier-step{suffix}", "a Ruined Mission's trail pays no step taken before it",
         f"days[5].resources.movement | {words}", made(trip + [back]),
         made(trip + [dict(back, resources=res(f=4, mv=2))]))

example = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
bad = copy.deepcopy(example)
bad["outcome"]["result"] = "lost"
case("win-at-the-delta", "reaching the delta wins", "outcome.result | recorded as lost", example, bad)
bad = copy.deepcopy(example)
last = bad["days"][-1]
bad["days"].append({"day": last["day"] + 1, "resources": last["resources"]})
case("a-win-ends-the-game", "reaching the delta ends the game", f"days[{len(bad['days']) - 1}] | the game was over",
     example, bad)
bad = copy.deepcopy(example)
bad["days"] = bad["days"][:-1]
case("win-needs-the-delta", "the game is won only in the delta hex", "outcome.result | recorded as won", example, bad)
bad = copy.deepcopy(example)
bad["outcome"]["score"] -= 4
case("score-won-game", "a win scores mapped hexes, conquistadors and 2 per natural wonder",
     "outcome.score | the rules give",
     example, bad)


def main() -> None:
    for old in HERE.glob("*.yaml"):
        old.unlink()
    (HERE / "one-column-map.json").write_text(json.dumps(ONE_COLUMN, indent=1) + "\n", encoding="utf-8")
    for name, rule, expect, good, bad in CASES:
        (HERE / f"{name}-good.yaml").write_text(to_yaml(good, f"review 1572: {rule} (accepted)"), encoding="utf-8")
        (HERE / f"{name}-bad.yaml").write_text(
            to_yaml(bad, f"expect: {expect}\nreview 1572: {rule} (broken once)"), encoding="utf-8")
    print(f"{len(CASES)} pairs")


if __name__ == "__main__":
    main()
