"""What the page offers for each game's marks and day fields: built from the game's save-field
description (lostprint.saves.games.save_fields, the one the published schema is built from), never typed
again here, plus what only the page needs from the map (1872's plot letters and encounters).

A mark's `key` is the letter that, with Shift, places it on the hex the pointer is over (the first
letter of its name not taken by an earlier mark of the game), as the number keys draw terrain.
A mark's `place` says how clicks build it: "hex" (the value is one hex), "hexes" with `count`
(a list of that many hexes, one click each), "map" (a mapping whose `hex_key` holds the clicked
hex; `count` hexes for a list under that key). Its `fields` are filled in the day panel.
A field's `type`: choice (one of `options`), multi (a list, each click adds one of `options`),
counts (a mapping of `keys` to small numbers), int (`min`..`max`), bool, hex, group (a mapping of
such fields), text (flow YAML: every shape the page has no widget for, such as a day's rolls).
A day field with `carry` starts a new day with the day before's value.
"""
from __future__ import annotations

from lostprint.saves.games import save_fields

HEX_SHAPES = ("hex", "hexes")
BUTTONS = ("roll",)  # 1872: a plot's and a vision's roll picked on one button per face


def _field(spec: dict) -> dict:
    """The page's widget for a described field; text (flow YAML) for a shape it has no widget for."""
    kind, key = spec["type"], spec["key"]
    carry = {"carry": True} if spec.get("carry") else {}
    if kind == "choice":
        return {"key": key, "type": kind, "options": spec["options"], "labels": spec["labels"], **carry}
    if kind == "multi":
        from_setup = {"options_from": spec["options_from"]} if spec["options_from"] else {}
        return {"key": key, "type": kind, "options": spec["options"], "unique": spec["unique"], **from_setup, **carry}
    if kind in ("counts", "int"):
        shown = ("keys", "min", "max") if kind == "counts" else ("min", "max")
        return {"key": key, "type": kind, **{k: spec[k] for k in shown}, **carry}
    if kind == "bool":
        return {"key": key, "type": kind, "default": spec["default"], **carry}
    if kind == "hex":
        return {"key": key, "type": kind, **carry}
    if kind == "group" and all(_field(f)["type"] != "text" for f in spec["fields"]):
        return {"key": key, "type": kind, "fields": [_field(f) for f in spec["fields"]], **carry}
    return {"key": key, "type": "text", "hint": spec["hint"], **carry}


def _mark(spec: dict) -> dict:
    """How the page places a described mark, and the fields it asks for (an island's size read from its
    hex's terrain, with the hexes that size covers)."""
    out = {"kind": spec["kind"], "hint": spec["hint"]}
    if spec["type"] == "hex":
        return {**out, "place": "hex"}
    if spec["type"] == "hexes":
        return {**out, "place": "hexes", "count": spec["count"]}
    where = next((f for f in spec["fields"] if f["type"] in HEX_SHAPES), None)
    sized = next((f for f in spec["fields"] if "terrain_of" in f), None)
    if where and where.get("count"):
        out["count"] = where["count"]
    if sized:
        out["size_from_terrain"] = {terrain: size for size, terrain in sized["terrain_of"].items()}
    if where and "count_of" in where:
        out["hexes_of_size"] = dict(where["count_of"])
    return {**out, "place": "map", "hex_key": where and where["key"],
            "fields": [_field(f) for f in spec["fields"] if f is not where]}


def _plot(mark: dict, encounters: dict, letter_of_hex: dict) -> dict:
    """1872: a plot's letter is its hex's; its choice and outcome are picked among its encounter's."""
    widget = {"choice": {"type": "plot-choice"}, "outcome": {"type": "plot-outcome"}}
    fields = [{"key": f["key"], **widget[f["key"]]} if f["key"] in widget else
              {**f, "buttons": True} if f["key"] in BUTTONS else f for f in mark["fields"] if f["key"] != "letter"]
    return {**mark, "letter_of_hex": letter_of_hex, "encounters": encounters, "fields": fields}


def _encounters(game, plots, letters) -> dict:
    """Every plot encounter the map's letters can roll: its title, and each choice with its outcome."""
    found = {}
    for letter in letters:
        for roll in range(1, game.rules.plot_die + 1):
            try:
                enc = plots.encounter(f"{letter}{roll}")
            except KeyError:
                continue
            found[f"{letter}{roll}"] = {
                "title": enc.title,
                "choices": [{"text": c.text, "outcome": c.outcome,
                             "title": plots.outcome(c.outcome).title} for c in enc.choices]}
    return found


def _vision(field: dict) -> dict:
    return {**field, "fields": [{**f, "buttons": True} if f["key"] in BUTTONS else f for f in field["fields"]]}


def with_keys(marks: list[dict]) -> list[dict]:
    """Each mark with its key: the first letter of its name no earlier mark took."""
    taken, out = set(), []
    for mark in marks:
        key = next((c for c in mark["kind"].lower() if c.isalpha() and c not in taken), None)
        taken.add(key)
        out.append({**mark, "key": key} if key else dict(mark))
    return out


def forms(game_id: str, game, game_map, rules, engine) -> dict:
    """The page's form description of a game (JSON-ready), from its save-field description, and for
    1872 from the map (its engine's land_of: the plot hexes) and the plots its replay-rules module reads."""
    described = save_fields(game)
    marks = [_mark(m) for m in described["marks"]]
    day = [_field(f) for f in described["day"]]
    if game_id == "lost-crows":
        land = engine.land_of(game_map)
        letter_of_hex = {hexlab: letter for letter, hexlab in land.plots.items()}
        encounters = _encounters(game, rules.plots, sorted(land.plots))
        marks = [_plot(m, encounters, letter_of_hex) if m["kind"] == "plot" else m for m in marks]
        day = [_vision(f) if f["key"] == "vision" else f for f in day]
    return {"marks": with_keys(marks), "day": day}
