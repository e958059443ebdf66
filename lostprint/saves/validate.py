"""Check a saved game (lostprint-save/1) and replay it.

`check_save_file(path)` lists every problem as "file:line: field: what is wrong" ([] when clean);
`load_played(path)` returns the replayed game (lostprint.saves.rules.Played) or raises LostprintError
listing every problem, and `summary_of(played)` is the one line printed for a clean save.
"""
from __future__ import annotations

import re
from pathlib import Path

from lostprint.errors import LostprintError, UsageError
from lostprint.files import (MAP_FORMAT, SAVE, SAVE_FORMAT, LDict, LoadError, is_stdin, key_line, line_of, load,
                            shown_path)
from lostprint.files.fields import Reader, at_key, keyname
from lostprint.files.read import confined
from lostprint.files.show import kind_of, shown
from lostprint.games import load as game_data
from lostprint.games import resolve
from lostprint.geometry import hexgrid
from lostprint.maps.check import load_map
from lostprint.maps.model import standard_map
from lostprint.saves.fields_common import closest, did_you_mean, resource_names, spelled, spelling
from lostprint.saves.fields_read import keyed, unknown_keys
from lostprint.saves.games import rules_for
from lostprint.saves.rules import At, DayRecord, Played, Problems, State, slug

FORMAT = SAVE_FORMAT
TOP_FIELDS = ("format", "game", "map", "title", "player", "setup", "days", "outcome")
DAY_FIELDS = ("day", "mapped", "moved", "marks", "resources", "journal")
OUTCOME_FIELDS = ("result", "score", "reason")
RESULTS = ("won", "lost")
MAX_TEXT = 200  # title and player
MAX_DAYS = 400  # far past any game's limit: a bound on work, the game's own limit is checked too
MAX_SEED = 2**256  # a variant map's seed: any seed `lostprint map` takes can be named


# --- the game and its map ----------------------------------------------------------------------


def _game(data: LDict, rd: Reader):
    """The game a save names (its registry entry), or None after a problem."""
    if "game" not in data:
        rd.error(At(line_of(data), "game"), "missing (the game's id or number, like lost-expedition or 1572)")
        return None
    at = at_key(data, "game", "game")
    name = rd.text(data["game"], at)
    try:
        return None if name is None else resolve(name)
    except UsageError as exc:
        rd.error(at, str(exc))
        return None


def _map(data: LDict, info, source: str, rd: Reader, allow_any_map: bool = False):
    at = at_key(data, "map", "map")
    spec = data.get("map", "standard")
    try:
        if isinstance(spec, str) and spec.strip().lower() == "standard":
            gm = standard_map(info.id)
        elif isinstance(spec, str):
            gm = load_map(map_path(spec, source, allow_any_map))
        elif isinstance(spec, dict):
            if set(spec) != {"seed"}:
                rd.error(at, "write a variant map as {seed: N}")
                return None
            seed = rd.integer(spec["seed"], at_key(spec, "seed", "map.seed"), 0, MAX_SEED)
            if seed is None:
                return None
            from lostprint.maps.generate import generate  # only for a save on a variant map

            try:
                gm = generate(info.id, seed)
            except (ValueError, KeyError) as exc:
                raise LostprintError(f"cannot make the variant map for seed {seed} ({exc})") from None
        else:
            rd.error(at, f"must be 'standard', a map file path or {{seed: N}}, not {kind_of(spec)}")
            return None
    except (LostprintError, LoadError) as exc:
        why = f"the map file cannot be used: {exc}{_seed_hint(spec, exc)}" if isinstance(spec, str) else str(exc)
        rd.error(at, why)
        return None
    if gm.game != info.id:
        rd.error(at, f"this map is for {gm.game}, not {info.id}")
        return None
    return gm


def _seed_hint(spec: str, exc: Exception) -> str:
    """For a map name ending in a number that names no file (`variant-5`): how a variant is written."""
    number = re.search(r"(\d+)$", Path(spec).stem)
    if number is None or Path(spec).suffix or "no such file" not in str(exc):
        return ""
    return f" (a variant map is written {{seed: {number.group(1)}}})"


def map_path(spec: str, source: str, allow_any_map: bool = False) -> Path:
    """The map file a save names: relative to the save's folder, and inside it unless allowed.
    Raises LoadError saying why a path is refused."""

    folder = Path.cwd() if is_stdin(source) else Path(source).parent
    path = Path(spec).expanduser() if spec.startswith("~") else Path(spec)
    if not path.is_absolute():
        path = folder / path
    if not allow_any_map and not confined(path, folder):
        raise LoadError(f"{shown_path(spec)} is outside the save's folder ({shown_path(folder)}); a save may "
                        "name map files in its own folder or below (--allow-any-map lifts this)")
    return path


# --- the replay --------------------------------------------------------------------------------


def replay_data(data, source: str, allow_any_map: bool = False, rules=None) -> tuple[list[str], Played | None]:
    problems = Problems(source)
    rd = Reader(problems)
    if not isinstance(data, dict):
        rd.error(At(line_of(data) or 1, "(top)"),
                 f"a save is a mapping (format, game, map, days...), not {kind_of(data)}")
        return problems.lines(), None
    if data.get("format") == MAP_FORMAT:
        rd.error(At(line_of(data, "format"), "format"), f"this is a map file ({MAP_FORMAT}), not a save: "
                 "print it with lostprint sheet GAME --map FILE, or name it in a save's map:")
        return problems.lines(), None
    unknown_keys(rd, data, TOP_FIELDS, "", "field")
    if data.get("format") != FORMAT:
        where = at_key(data, "format", "format")
        got = f", not {shown(data['format'])}" if "format" in data else " (missing)"
        rd.error(where, f"must be {FORMAT!r}{got}")
    info = _game(data, rd)
    if info is None:
        return problems.lines(), None
    if not info.has("validator"):
        rd.error(at_key(data, "game", "game"), f"{info.id} records are checked by lostprint.crows, not here")
        return problems.lines(), None
    game = game_data(info.id)
    rules = rules or rules_for(info.id)
    gm = _map(data, info, source, rd, allow_any_map)
    title = rd.text(data["title"], at_key(data, "title", "title"), MAX_TEXT) if "title" in data else None
    player = rd.text(data["player"], at_key(data, "player", "player"), MAX_TEXT) if "player" in data else None
    setup = _setup(data, rules, rd)
    outcome, claimed = _outcome(data, rd)
    days = rd.listing(data.get("days"), at_key(data, "days", "days"), "a list of days") \
        if "days" in data else rd.error(At(line_of(data), "days"), "missing (a list of days, from day 1)")
    if gm is None or days is None:
        return problems.lines(), None
    if not days:
        rd.error(at_key(data, "days", "days"), "no days: a save holds at least day 1")
        return problems.lines(), None
    if len(days) > MAX_DAYS:
        rd.error(at_key(data, "days", "days"), f"{len(days)} days is far beyond any game's limit")
        return problems.lines(), None
    rd.game_map = gm
    resources = rules.resources(game)
    st = State(game=game, game_map=gm, setup=setup or {}, position=gm.start, terrain=dict(gm.terrain),
               values={r.key: r.start for r in resources}, caps={r.key: r.cap for r in resources})
    rules.begin(st)
    names = {"terrain": spelled({s: t.key for t in game.terrains for s in t.spellings}),
             "resource": resource_names(tuple((r.key, r.name) for r in resources))}
    records = []
    for i, raw in enumerate(days):
        before_last = problems.count  # the problems before the last day
        record = _day(st, rules, raw, At(line_of(days, i), f"days[{i}]"), rd, names, _next_step(days, i, gm))
        if record == "stop":
            break
        if record is not None:
            records.append(record)
    result, reason = ("unfinished", "the game is not over") if st.ended is None else st.ended[1:]
    got, recorded = claimed.get("result"), claimed.get("score")
    if got is not None and got != result:
        result, reason = rules.claimed(st, got) or (result, reason)
    score = rules.score(st, result)
    total = sum(p for _, p in score)
    unknown = rules.stops_at_refusal and result == "unfinished" and problems.count > before_last
    if got is not None and got != result and not unknown:
        where = at_key(outcome, "result", "outcome.result")
        if result == "unfinished":
            rd.error(where, f"recorded as {got}, but {reason} after day {st.day}")
        else:
            rd.error(where, f"recorded as {got}, but the game was {result} on day {st.ended[0]} ({reason})")
    if recorded is not None and recorded != total and not problems:
        terms = " + ".join(f"{_counted(p, label)} {label}" for label, p in score)
        rd.error(at_key(outcome, "score", "outcome.score"),
                 f"recorded {recorded}, but the rules give {total} ({terms}){rules.score_note}")
    if problems:
        return problems.lines(), None
    played = Played(
        source=source, game=game, game_map=gm, title=title or "", player=player or "",
        setup=tuple((k, ", ".join(v) if isinstance(v, tuple) else str(v)) for k, v in (setup or {}).items()),
        resources=resources,
        start_values=tuple((r.key, r.start) for r in resources), days=tuple(records),
        marks=tuple(st.marks), events=tuple(st.events), terrain=tuple(sorted(st.terrain.items())),
        mapped_on=tuple(st.mapped_on.items()), result=result, reason=reason, score=tuple(score),
        recorded_score=recorded,
    )
    return [], played


def _resources_named(day: LDict, names: dict, field: str, rd: Reader) -> LDict:
    """The day with its resources keyed as the game keys them (`Food`, `Movement Progress`: food, movement);
    a key that names none is one problem, read as the resource it most likely meant (else left out), and a
    resource written twice is one problem."""
    res = day["resources"]
    if all(isinstance(k, str) and names.get(k) == k for k in res):
        return day
    out = LDict(line=res.line if isinstance(res, LDict) else line_of(day, "resources"))
    for key, value in res.items():
        known = names.get(spelling(key)) if isinstance(key, str) else None
        at = At(key_line(res, key), f"{field}.{keyname(key)}")
        guessed = known is None
        if guessed:
            known = closest(names, key) if isinstance(key, str) else None
            rd.error(at, f"unknown resource (expected one of: {', '.join(dict.fromkeys(names.values()))})"
                         + (f"; did you mean {known}?" if known else ""))
        if known is None or guessed and known in out:
            continue
        if known in out:
            rd.error(at, f"{known} is written twice")
        else:
            out[known] = value
            out.key_lines[known], out.value_lines[known] = key_line(res, key), line_of(res, key)
    renamed = LDict(day, line=line_of(day))  # (a plain mapping, from the editor, has no lines)
    renamed.key_lines, renamed.value_lines = getattr(day, "key_lines", {}), getattr(day, "value_lines", {})
    renamed["resources"] = out
    return renamed


def _counted(points: int, label: str) -> int:
    """How many of a score term's things its points are: 'crows coloured × 2' at 28 points is 14 of them."""
    per = label.partition(" \u00d7 ")[2]
    return points // int(per) if per.isdigit() else points


def _setup(data: LDict, rules, rd: Reader) -> dict | None:
    out: dict = {}
    fields = rules.setup_fields
    setup = rd.mapping(data["setup"], at_key(data, "setup", "setup")) if "setup" in data \
        else LDict(line=line_of(data))  # none: each choice the game needs is missing, on the save's line
    if setup is None:
        return None
    if not fields.keys() >= setup.keys():  # a key written as the sheet prints it (`Expedition`): read as its key
        setup = keyed(setup, spelled(dict(zip(fields, fields))))
    unknown_keys(rd, setup, tuple(fields), "setup", "setup choice")
    for key, allowed in fields.items():
        at = at_key(setup, key, f"setup.{key}")
        if key not in setup:
            if allowed is not None:
                rd.error(At(line_of(setup), f"setup.{key}"), f"missing (one of: {', '.join(allowed or ())})")
            continue
        if key in rules.setup_counts and not isinstance(setup[key], list):
            rd.error(at, f"a list of {rules.setup_counts[key]} names, written [first, second, ...]")
            continue
        if allowed is None and isinstance(setup[key], list):  # a list of names (1672's sailors)
            names = [rd.text(item, At(line_of(setup[key], i), f"setup.{key}[{i}]"), MAX_TEXT)
                     for i, item in enumerate(setup[key])]
            if None not in names and len(set(names)) != len(names):
                rd.error(at, "the names must differ")
            elif None not in names and names:
                if len(names) != rules.setup_counts.get(key, len(names)):
                    rd.error(at, f"{len(names)} {key} named, but the game has {rules.setup_counts[key]}")
                out[key] = tuple(names)
            continue
        value = rd.text(setup[key], at)
        if value is None:
            continue
        if allowed is not None:
            aliases = rules.setup_aliases
            choices = spelled({**{a: a for a in allowed}, **aliases})
            key_value = choices.get(spelling(value))
            if key_value is None:
                faces = sorted(int(a) for a in aliases if a.isdigit())
                by_roll = f" (or the die face that picks one: {faces[0]}\u2013{faces[-1]})" if faces else ""
                meant = closest(choices, value)
                rd.error(at, f"{shown(value)} is not one of: {', '.join(allowed)}{by_roll}"
                             + (f"; did you mean {meant}?" if meant else ""))
                continue
            value = key_value
        out[key] = value
    return out


def _outcome(data: LDict, rd: Reader) -> tuple[LDict | None, dict]:
    """The outcome a save records (None: none) and what it claims: its result and score as read."""
    outcome = rd.mapping(data["outcome"], at_key(data, "outcome", "outcome")) if "outcome" in data else None
    out: dict = {}
    if outcome is None:
        return None, out
    unknown_keys(rd, outcome, OUTCOME_FIELDS, "outcome", "field")
    if "result" in outcome:
        at = at_key(outcome, "result", "outcome.result")
        value = rd.text(outcome["result"], at)
        if value is not None:
            if slug(value) in RESULTS:
                out["result"] = slug(value)
            else:
                rd.error(at, f"must be {' or '.join(RESULTS)}, not {shown(value)}")
    if "score" in outcome:
        score = rd.integer(outcome["score"], at_key(outcome, "score", "outcome.score"), 0, 10_000)
        if score is not None:
            out["score"] = score
    if "reason" in outcome:
        rd.text(outcome["reason"], at_key(outcome, "reason", "outcome.reason"), 500)
    return outcome, out


def _next_step(days: list, i: int, gm) -> str | None:
    """The first hex a later day's route enters, as the save writes it (None: none, or not a hex of the map)."""
    for day in days[i + 1:]:
        moved = day.get("moved") if isinstance(day, dict) else None
        if isinstance(moved, list) and moved:
            try:
                lab = hexgrid.label(hexgrid.parse_label(moved[0])) if isinstance(moved[0], str) else None
            except ValueError:
                return None
            return lab if lab in gm.axial else None
    return None


def _carried(st: State, rules, pos: str, end: str, refused: str, after: str | None) -> str:
    """Where the next day starts after a step to `refused` from `pos` is refused: the route's `end` as the save
    records it when the next route the save records goes on from there, unless the slip was that end itself (a
    step, not a stay) and a hex next to both `pos` and that next route's first hex is found; so one slip is one
    problem, not one for every day after."""
    def walkable(lab):
        return lab in st.terrain or rules.enters_unmapped
    between = sorted(lab for lab in st.game_map.neighbors(pos) if after and st.adjacent(lab, after) and walkable(lab))
    if walkable(end) and (after is None or st.adjacent(end, after)) and not (refused == end != pos and between):
        return end
    return between[0] if between else end if walkable(end) else pos


def _day(st: State, rules, raw, at: At, rd: Reader, names: dict, after: str | None = None):
    """One day read and replayed; `names`: {"terrain" / "resource": the ways a save may write each (`spelled`)};
    `after`: the first hex the save's next route enters."""
    day = rd.mapping(raw, at, "a mapping (day, mapped, moved, marks, resources, journal)")
    if day is None:
        return None
    if isinstance(day.get("resources"), dict):
        day = _resources_named(day, names["resource"], f"{at.field}.resources", rd)
    f = at.field
    unknown_keys(rd, day, DAY_FIELDS + tuple(rules.day_fields), f, "day field")
    expected = st.day + 1
    number = rd.integer(day.get("day"), at_key(day, "day", f"{f}.day"), 1) if "day" in day else None
    if "day" not in day:
        rd.error(At(line_of(day), f"{f}.day"), f"missing (this is day {expected})")
    elif number is not None and number != expected and number != st.numbered + 1:  # a skip is said once
        rd.error(at_key(day, "day", f"{f}.day"), f"expected day {expected} (days run 1, 2, 3\u2026 with none skipped)")
    st.numbered = expected if number is None else number
    if st.ended is not None:
        rd.error(At(line_of(day), f), f"the game was over on day {st.ended[0]} ({st.ended[2]}): no day may follow")
        return "stop"
    st.day = expected  # (a day past the game's limit follows a day the transcript's end_of_day ended)
    st.day_start = st.position
    st.next_step = after
    before = dict(st.values)
    rules.begin_day(st, day, at, rd.problems)

    # the game's own fields first: weather, fever, crows... can change what follows
    for name in rules.day_fields:
        if name in day:
            rules.check_day_field(st, name, day[name], at_key(day, name, f"{f}.{name}"), rd.problems, day)

    # the hexes drawn today
    drawn: list[tuple[str, str, At]] = []
    guessed: set[str] = set()  # hexes whose terrain was misspelled: drawn as meant, their rules not checked
    if "mapped" in day:
        mapped = rd.mapping(day["mapped"], at_key(day, "mapped", f"{f}.mapped"), "a mapping of hex: terrain")
        for key in (mapped or {}):
            kat = At(key_line(mapped, key), f"{f}.mapped.{keyname(key)}")
            lab = rd.label(key, kat)
            if lab is None:
                continue
            terrain = rd.text(mapped[key], kat)
            if terrain is None:
                continue
            tkey = names["terrain"].get(spelling(terrain))
            if tkey is None:
                tkey = closest(names["terrain"], terrain)  # the replay goes on with it: one slip, one line
                meant = f"; did you mean {tkey}?" if tkey else ""
                rd.error(kat, f"{shown(terrain)} is not a terrain of this game "
                              f"({', '.join(t.key for t in st.game.terrains)}){meant}")
                if tkey is None or lab in st.terrain:
                    continue
                guessed.add(lab)
            if lab in st.terrain:
                when = f"drawn on day {st.mapped_on[lab]}" if lab in st.mapped_on else "printed on the map"
                rd.error(kat, f"{lab} is already {when} as {st.terrain[lab]}")
                continue
            if any(lab == d[0] for d in drawn):
                rd.error(kat, f"{lab} is drawn twice")
                continue
            drawn.append((lab, tkey, kat))

    # where the party went (labels first, so marks know where the party stood)
    steps: list[tuple[str, At]] = []
    if "moved" in day:
        mat = at_key(day, "moved", f"{f}.moved")
        moved = rd.listing(day["moved"], mat, "a list of hexes entered, in order, like [B2]")
        if isinstance(day["moved"], str):  # refused; the days after go on from the hexes it names (one slip, one line)
            moved = day["moved"].replace(",", " ").split()
        for j, item in enumerate(moved or ()):
            sat = At(line_of(moved, j) or mat.line, f"{f}.moved[{j}]")
            lab = rd.label(item, sat)
            if lab is not None:
                steps.append((lab, sat))
    st.day_hexes = [st.position] + [lab for lab, _ in steps]

    # marks may explain today's drawing (1572's Lagos de Oro): drawn hexes are checked after them
    st.drawn = {lab: tkey for lab, tkey, _ in drawn}
    st.terrain.update(st.drawn)
    st.mapped_on.update(dict.fromkeys(st.drawn, expected))

    if "marks" in day:
        marks = rd.listing(day["marks"], at_key(day, "marks", f"{f}.marks"), "a list of marks")
        for j, item in enumerate(marks or ()):
            mat = At(line_of(marks, j), f"{f}.marks[{j}]")
            if not isinstance(item, dict) or len(item) != 1:
                rd.error(mat, f"a mark is one kind and its place, like {{{next(iter(rules.mark_kinds))}: B3}} "
                              f"(kinds: {', '.join(rules.mark_kinds)})")
                continue
            (kind, value), = item.items()
            kind_slug = rules.mark_names.get(slug(kind), slug(kind)) if isinstance(kind, str) else ""
            kat = At(key_line(item, kind), f"{mat.field}.{keyname(kind)}")
            if kind_slug not in rules.mark_kinds:
                rd.error(kat, f"unknown mark (kinds: {', '.join(rules.mark_kinds)})" + did_you_mean(
                    spelled({**dict(zip(rules.mark_kinds, rules.mark_kinds)), **rules.mark_names}), kind))
                continue
            mark = rules.check_mark(st, kind_slug, value, At(line_of(item, kind), kat.field), rd.problems, item)
            if mark is not None:
                st.marks.append(mark)

    for lab, tkey, kat in drawn:
        if lab not in guessed:
            rules.check_mapped(st, lab, tkey, kat, rd.problems)

    # the moves themselves
    pos = st.position
    done = False
    for lab, sat in steps:
        if done:
            rd.error(sat, f"the game was over on entering {pos}: no more moves")
            break
        if not st.adjacent(pos, lab):
            again = lab == pos and rules.entered_again(st, lab)
            why = (again or f"{lab} is where the route stands already: moved lists the hexes entered, not the "
                            "one left" if lab == pos else f"{lab} is not next to {pos}")
        elif lab not in st.terrain and not rules.enters_unmapped:
            why = rules.never_drawn(st, lab) or f"{lab} is not mapped yet (draw a hex before you enter it)"
        else:
            pos = lab
            done = lab in st.game_map.goals and rules.wins_on_entering(st, lab)
            continue
        rd.error(sat, why)
        pos = _carried(st, rules, pos, steps[-1][0], lab, after)
        break
    st.position = pos
    rules.after_moves(st, rd.problems)

    # resources at the end of the day
    if "resources" in day:
        res = rd.mapping(day["resources"], at_key(day, "resources", f"{f}.resources"))
        if res is not None:
            for key in st.values:  # (_resources_named has read every key as a resource or said why not)
                if key not in res:
                    continue
                rat = at_key(res, key, f"{f}.resources.{key}")
                cap = st.caps[key]
                value = rd.integer(res[key], rat, 0, cap, f" (the {key} cap is {cap})" if cap < 6 else "")
                if value is not None:
                    st.values[key] = value
    else:
        rd.error(At(line_of(day), f"{f}.resources"), "missing (the resource values at the end of the day)")
    for key, cap in st.caps.items():
        if st.values[key] > cap and "resources" in day and key not in day["resources"]:
            rd.error(At(line_of(day), f"{f}.resources.{key}"),
                     f"{st.values[key]} carried over is above the new cap {cap}")
    checked = rd.problems.count
    rules.check_resources(st, before, At(line_of(day, "resources"), f"{f}.resources"), rd.problems)
    refused = any(f": {f}.moved" in text for _, n, text in rd.problems.items if n > checked)
    if refused and rules.stops_at_refusal and after == st.position != st.day_start:
        st.position = st.day_hexes[-2]  # a step the rules refused, taken again by the next route: not taken today

    journal = ""
    if "journal" in day and day["journal"] is not None:
        journal = rd.text(day["journal"], at_key(day, "journal", f"{f}.journal")) or ""

    ended = rules.end_of_day(st)
    if ended is not None:
        st.ended = (expected, *ended)
    record = dict(day=expected, start=st.day_start, moved=tuple(lab for lab, _ in steps),
                  mapped=tuple((lab, tkey) for lab, tkey, _ in drawn))
    return DayRecord(**record, journal=journal.strip(), resources=tuple(st.values.items()),
                     caps=tuple(st.caps.items()), facts=rules.facts(st, record))


# --- the entry points --------------------------------------------------------------------------


def load_save(path):
    """The parsed save file (read once, parsed once); LostprintError with one line otherwise."""
    try:
        return load(path, SAVE)
    except LoadError as exc:
        raise LostprintError(str(exc)) from None


def read_save(path) -> tuple[object, str]:
    """(the parsed save or Crows record, its file name as messages show it); LostprintError with one line."""
    return load_save(path), shown_path(path)


def check_save_file(path, allow_any_map: bool = False) -> list[str]:
    """Every problem of a save file, each "file:line: field: what is wrong"; [] when clean."""
    try:
        data = load(path, SAVE)
    except LoadError as exc:
        return [str(exc)]
    problems, _ = replay_data(data, shown_path(path), allow_any_map)
    return problems


def played_or_error(data, source: str, allow_any_map: bool = False) -> Played:
    problems, played = replay_data(data, source, allow_any_map)
    if problems:  # one line; `lostprint validate` lists them all
        more = f" (and {len(problems) - 1} more: run lostprint validate {source})" if len(problems) > 1 else ""
        raise LostprintError(problems[0] + more)
    return played


def load_played(path, allow_any_map: bool = False) -> Played:
    """The replayed game of a clean save; LostprintError listing every problem otherwise."""
    return played_or_error(load_save(path), shown_path(path), allow_any_map)


def summary_of(played: Played) -> str:
    game = played.game
    who = f" by {played.player}" if played.player else ""
    name = f"\u201c{played.title}\u201d" if played.title else "save"
    days = len(played.days)
    if played.result == "unfinished":
        state = f"in progress after {days} day{'s' * (days != 1)}"
    else:
        state = f"{played.result} on day {days}"
    mapped = len(played.mapped_on)
    once = rules_for(game.id).counted_once
    merged = "".join(f" ({once[m.kind]}'s {len(m.hexes)} count as one)" for m in played.marks if m.kind in once)
    return (f"{played.source}: ok \u2014 {game.number}: {name}{who}, {state}, "
            f"{mapped} hex{'es' * (mapped != 1)} mapped{merged}, score {played.total}")
