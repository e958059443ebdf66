"""What the page offers for each game's marks and day fields, read from the game's own data (never
typed again here): the closed lists a player picks from (interest results, island sizes, weather,
plot encounters and their choices, crow terrains), the number ranges, and how a mark is placed.

A mark's `key` is the letter that, with Shift, places it on the hex the pointer is over (the first
letter of its name not taken by an earlier mark of the game), as the number keys draw terrain.
A mark's `place` says how clicks build it: "hex" (the value is one hex), "hexes" with `count`
(a list of that many hexes, one click each), "map" (a mapping whose `hex_key` holds the clicked
hex; `count` hexes for a list under that key). Its `fields` are filled in the day panel.
A field's `type`: choice (one of `options`), multi (a list, each click adds one of `options`),
counts (a mapping of `keys` to small numbers), int (`min`..`max`), bool, hex, text (flow YAML).
A day field with `carry` starts a new day with the day before's value.
"""
from __future__ import annotations


def _choice(key: str, options, labels=None, **more) -> dict:
    options = [str(o) for o in options]
    return {"key": key, "type": "choice", "options": options,
            "labels": [str(x) for x in labels] if labels is not None else options, **more}


def _text(key: str, hint: str) -> dict:
    return {"key": key, "type": "text", "hint": hint}


def forms_1572(game, game_map, rules, engine) -> dict:
    names = [b.results[0] for b in game.chart("interests").bands]
    hints = rules.RULES.mark_kinds
    marks = [
        {"kind": "village", "place": "hex", "hint": hints["village"]},
        {"kind": "peaceful-village", "place": "hex", "hint": hints["peaceful-village"]},
        {"kind": "trail", "place": "hexes", "count": 2, "hint": hints["trail"]},
        {"kind": "cataract", "place": "hexes", "count": 2, "hint": hints["cataract"]},
        {"kind": "interest", "place": "map", "hex_key": "hex", "hint": hints["interest"],
         "fields": [_choice("result", rules.INTEREST_RESULTS, names)]},
        {"kind": "empire", "place": "hex", "hint": hints["empire"]},
        {"kind": "lagos-de-oro", "place": "hexes", "count": 3, "hint": hints["lagos-de-oro"]},
    ]
    day = [_choice("fever", ("struck", "broken")),
           _text("rolls", rules.RULES.day_fields["rolls"])]
    return {"marks": marks, "day": day}


def forms_1672(game, game_map, rules, engine) -> dict:
    crew = game.rules
    hints = rules.RULES.mark_kinds
    sizes = list(rules.SIZES)
    marks = [
        {"kind": "island", "place": "map", "hex_key": "hexes", "count": 1, "hint": hints["island"],
         "size_from_terrain": {terrain: size for size, terrain in rules.SIZES.items()},
         "hexes_of_size": {"large": crew.large_hexes},
         "fields": [_choice("size", sizes), {"key": "natives", "type": "bool", "default": False},
                    {"key": "roll", "type": "int", "min": 1, "max": 6, "optional": True}]},
        {"kind": "burial", "place": "hex", "hint": hints["burial"]},
        {"kind": "sea", "place": "hex", "hint": hints["sea"]},
        {"kind": "shoals", "place": "hex", "hint": hints["shoals"]},
    ]
    sailors = {"type": "multi", "options_from": "setup.sailors", "options": list(rules.DEFAULT_SAILORS), "unique": True}
    # a new day starts in the day before's weather, as it starts with its resources: one click when it turned
    day = [_choice("weather", [w.key for w in crew.weathers], [w.name for w in crew.weathers], carry=True),
           {"key": "wounded", **sailors}, {"key": "healed", **sailors}, {"key": "lost", **sailors},
           {"key": "gathered", "type": "counts", "keys": list(rules.ISLAND_SUPPLIES), "min": 0,
            "max": rules.slot_count("gather")},
           _text("rolls", rules.RULES.day_fields["rolls"])]
    return {"marks": marks, "day": day}


def forms_1872(game, game_map, rules, engine) -> dict:
    plots = rules.plots
    RULES, TERRAINS, TRACKERS = game.rules, game.terrains, game.trackers  # noqa: N806 (the game's data)
    land = engine.land_of(game_map)
    encounters = {}
    for letter in sorted(land.plots):
        for roll in range(1, RULES.plot_die + 1):
            try:
                enc = plots.encounter(f"{letter}{roll}")
            except KeyError:
                continue
            encounters[f"{letter}{roll}"] = {
                "title": enc.title,
                "choices": [{"text": c.text, "outcome": c.outcome,
                             "title": plots.outcome(c.outcome).title} for c in enc.choices]}
    terrains = [t.key for t in TERRAINS]
    marks = [{"kind": "plot", "place": "map", "hex_key": None, "hint": rules.RULES.mark_kinds["plot"],
              "letter_of_hex": {hexlab: letter for letter, hexlab in land.plots.items()},
              "encounters": encounters,
              "fields": [{"key": "roll", "type": "int", "min": 1, "max": RULES.plot_die, "buttons": True},
                         {"key": "choice", "type": "plot-choice"}, {"key": "outcome", "type": "plot-outcome"}]}]
    day = [{"key": "crows", "type": "multi", "options": terrains, "unique": False},
           {"key": "vision", "type": "group", "fields": [_choice("terrain", terrains),
                                                        {"key": "roll", "type": "int", "min": 1, "max": RULES.plot_die,
                                                         "buttons": True}]},
           {"key": "ghost-mountain", "type": "hex"},
           {"key": "spirit-dancers", "type": "int", "min": 0, "max": RULES.spirit_dancers},
           {"key": "caps", "type": "counts", "keys": [t.key for t in TRACKERS], "min": 0,
            "max": max(t.maximum for t in TRACKERS)},
           _text("rolls", rules.RULES.day_fields["rolls"])]
    return {"marks": marks, "day": day}


FORMS = {"lost-expedition": forms_1572, "lost-crew": forms_1672, "lost-crows": forms_1872}


def with_keys(marks: list[dict]) -> list[dict]:
    """Each mark with its key: the first letter of its name no earlier mark took."""
    taken, out = set(), []
    for mark in marks:
        key = next((c for c in mark["kind"].lower() if c.isalpha() and c not in taken), None)
        taken.add(key)
        out.append({**mark, "key": key} if key else dict(mark))
    return out


def forms(game_id: str, game, game_map, rules, engine) -> dict:
    """The page's form description of a game (JSON-ready), from its data, its engine and its replay-rules
    module (lostprint.saves.games.rules_module): RULES, and the lists and tables its checks read, which the
    form offers the same (1572's INTEREST_RESULTS; 1672's SIZES, DEFAULT_SAILORS, ISLAND_SUPPLIES and
    slot_count; 1872's plots)."""
    found = FORMS[game_id](game, game_map, rules, engine)
    return {**found, "marks": with_keys(found["marks"])}
