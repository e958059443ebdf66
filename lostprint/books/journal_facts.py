"""A day's short facts (under its heading in the journal) in the player's language.

The replay writes each fact as a short English phrase (lostprint.saves.rules_1572/1672/1872 `facts`):
"mapped M5 (mountains)", "sailed to H7", "plot A6: Farm on Fire". Here each shape is read back into its
parts and printed through the catalogs; a hex, a number and a sailor's name stay as written, a plot
encounter's title and a vision's name print as the rulebook in that language names them (the German
journal said "Farm on Fire" where the German rulebook says "Brennende Farm"). A fact of no known shape
is looked up whole (a weather, "fever"), so a new shape shows in the tests (every looked-up word must be
a msgid) rather than passing silently.
"""
from __future__ import annotations

import re

from lostprint.i18n import ENGLISH, N_, Translator

HEX = r"[A-Z]{1,2}\d+"
HEXES = rf"{HEX}(?:, {HEX})*"

# (the fact's shape, its message); a group named `terrain` is a terrain key (a list of them for
# `terrains`), `what` a word looked up as it is; every other group is printed as written
SHAPES: tuple[tuple[re.Pattern, str], ...] = tuple((re.compile(rf"^{shape}$"), message) for shape, message in (
    (rf"mapped (?P<hex>{HEX}) \((?P<terrain>[\w-]+)\)", N_("mapped {hex} ({terrain})")),
    (rf"coloured (?P<hex>{HEX}) (?P<terrain>[\w-]+)", N_("coloured {hex} {terrain}")),
    (rf"(?P<what>trail|cataract) (?P<a>{HEX})\u2013(?P<b>{HEX})", "{what} {a}\u2013{b}"),
    (rf"on to (?P<hex>{HEX})", N_("on to {hex}")),
    (rf"camped in (?P<hex>{HEX})", N_("camped in {hex}")),
    (rf"stayed in (?P<hex>{HEX})", N_("stayed in {hex}")),
    (rf"sailed to (?P<hexes>{HEXES})", N_("sailed to {hexes}")),
    (rf"to (?P<hexes>{HEXES})", N_("to {hexes}")),
    (rf"at (?P<hex>{HEX})", N_("at {hex}")),
    (r"(?P<n>\d+) sea", N_("{n} sea")),
    (r"landed on a small island", N_("landed on a small island")),
    (r"landed on a medium island", N_("landed on a medium island")),
    (r"landed on a large island", N_("landed on a large island")),
    (r"landed on a small island \(natives\)", N_("landed on a small island (natives)")),
    (r"landed on a medium island \(natives\)", N_("landed on a medium island (natives)")),
    (r"landed on a large island \(natives\)", N_("landed on a large island (natives)")),
    (r"healed: (?P<names>.+)", N_("healed: {names}")),
    (r"wounded: (?P<names>.+)", N_("wounded: {names}")),
    (r"lost: (?P<names>.+)", N_("lost: {names}")),
    (r"crow: (?P<terrains>[\w-]+(?:, [\w-]+)*)", N_("crow: {terrains}")),
    (r"crows: (?P<terrains>[\w-]+(?:, [\w-]+)*)", N_("crows: {terrains}")),
    (r"vision quest: (?P<name>.+)", N_("vision quest: {name}")),
    (r"plot (?P<code>[A-Z]\d*): (?P<rest>.+)", N_("plot {code}: {rest}")),
    (rf"(?P<what>[\w ]+?) at (?P<hex>{HEX})", N_("{what} at {hex}")),
    (rf"(?P<terrain>[\w -]+) (?P<hex>{HEX})", "{terrain} {hex}"),  # 1672: "small island H7", "shoals J4"
))
N_("Lagos de Oro drawn")  # a fact looked up whole (the weathers and "fever", "fever broken" are msgids already)


def titled(step: str, tr: Translator) -> str:
    """A plot's title, or an outcome's code and title ("47A Plunder"), as the rulebook names it."""
    code, _, title = step.partition(" ")
    if re.fullmatch(r"\d+[A-Z]?", code) and title:
        return f"{code} {tr._(title)}"
    return tr._(step)


def fact_text(fact: str, terrain_names: dict[str, str], tr: Translator = ENGLISH) -> str:
    """One fact in tr's language; `terrain_names`: terrain key -> its name, already in tr's language."""
    if tr is ENGLISH:
        return fact
    for shape, message in SHAPES:
        found = shape.match(fact)
        if found is None:
            continue
        parts = dict(found.groupdict())
        if "terrain" in parts:
            key = parts["terrain"].replace(" ", "-")
            if key not in terrain_names:
                continue  # "trail H7" read as a terrain: not one of this game's, try the next shape
            parts["terrain"] = terrain_names[key]
        if "terrains" in parts:
            parts["terrains"] = ", ".join(terrain_names[k] if k in terrain_names else tr._(k) for k in parts["terrains"].split(", "))
        if "what" in parts:
            parts["what"] = tr._(parts["what"])
        if "rest" in parts:  # a plot's title, then each outcome's code and title: "Farm on Fire → 47A Plunder"
            parts["rest"] = " \u2192 ".join(titled(step, tr) for step in parts["rest"].split(" \u2192 "))
        if "name" in parts:  # a vision
            parts["name"] = tr._(parts["name"])
        return (tr._(message) if any(c.isalpha() for c in re.sub(r"\{\w+\}", "", message)) else message).format(**parts)
    return tr._(fact)
