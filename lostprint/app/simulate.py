"""`lostprint simulate`, `lostprint map --difficulty`, parallel `map --count`, `validate --rerate`:
variant maps rated by play (lostprint.rating), on every core or on a Dask cluster.

Everything here gives the same output for the same inputs whatever `--jobs` or executor: games are
seeded, batches come back in seed order, map candidates in seed order.
"""
from __future__ import annotations

import contextlib
import json
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path

from lostprint.app.naming import folder_of, inside, output_name
from lostprint.app.output import check_output_path
from lostprint.app.variants import scene_bytes, variant_files, variant_printable
from lostprint.errors import LostprintError, UsageError
from lostprint.files import MAP, line_at, load as load_file, shown, shown_path
from lostprint.games import resolve
from lostprint.maps.check import load_map
from lostprint.maps.generate import generate
from lostprint.maps.model import difficulty_problems, from_dict
from lostprint.options import PrintOptions
from lostprint.paths import write_together
from lostprint.rating import bands
from lostprint.rating.balance import ALL_OFF, ALL_ON, Balance, PairedTally, ways_to_play
from lostprint.rating.players import DEFAULT_PLAYER, house_rules_of, player_of, players_of, rated_games
from lostprint.rating.run import Chunk, Executor, chunk_stream, each_batch, ordered_map, play_chunk
from lostprint.rating.stats import Rating, Tally

Say = Callable[[str], None]
Progress = Callable[[int], None]
MAX_DRAWS = 200  # not a rule: candidate maps drawn for each map asked of a difficulty band


def _quiet(_message: str) -> None:
    pass


def rated_id(game: str) -> str:
    plugin = resolve(game)
    if plugin.id not in rated_games():
        raise UsageError(f"{plugin.title} is not simulated (simulated games: {', '.join(rated_games())})")
    return plugin.id


# --- which map -----------------------------------------------------------------------------------


def map_json_of(game: str, map_file: str | Path | None, map_seed: int | None) -> tuple[str | None, str]:
    """(the map as JSON text or None for the standard map, its name)."""
    if map_file is not None and map_seed is not None:
        raise UsageError("give --map FILE or --seed N, not both")
    if map_file is not None:
        game_map = load_map(map_file)
        if game_map.game != game:
            raise LostprintError(f"{map_file}: game: this map is for {game_map.game}, not {game}")
        return game_map.to_json(), game_map.name
    if map_seed is not None:
        game_map = generate(game, map_seed)
        return game_map.to_json(), game_map.name
    return None, "standard"


# --- simulate ------------------------------------------------------------------------------------


def simulate(game: str, *, map_file=None, map_seed: int | None = None, games: int = 1000,
             player: str = DEFAULT_PLAYER, first_seed: int = 0, executor: Executor = Executor(),
             progress: Progress | None = None) -> Rating:
    """Play `games` seeded games (seeds first_seed...) and rate them."""
    game = rated_id(game)
    player_of(game, player)
    if games < 1:
        raise UsageError(f"--games must be at least 1 (got {games})")
    map_json, name = map_json_of(game, map_file, map_seed)
    chunks = chunk_stream(game, player, map_json, first_seed, games, executor.workers)
    tally = Tally()  # summed as the batches come: memory does not grow with --games
    for _, part in each_batch(chunks, executor, progress, players=[(game, player)]):
        tally.add_all(part)
    return tally.rating(game, player, name)


def rating_json(rating: Rating) -> str:
    out = rating.to_dict()
    out["band"] = bands.band_of(rating.game, rating.win_rate) if rating.player == DEFAULT_PLAYER else None
    out["bands"] = {b.name: [round(b.low, 4), round(b.high, 4)] for b in bands.bands_of(rating.game).values()}
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"


def rating_table(rating: Rating) -> str:
    """The small table `lostprint simulate` prints."""
    plugin = resolve(rating.game)
    lo, hi = rating.interval
    last = rating.first_seed + rating.games - 1
    band = bands.band_of(rating.game, rating.win_rate)
    all_bands = ", ".join(b.text() for b in bands.bands_of(rating.game).values())
    lines = [
        f"{plugin.title} \u00b7 {rating.map_name} map \u00b7 {rating.player} player \u00b7 "
        f"{rating.games:,} games (seeds {rating.first_seed}\u2013{last})",
        f"  won         {rating.wins:>6,}  {100 * rating.win_rate:5.1f}%   95% interval {100 * lo:.1f}\u2013{100 * hi:.1f}%",
        f"  score       quartiles {rating.quartiles[0]} / {rating.quartiles[1]} / {rating.quartiles[2]}",
        f"  days        mean {rating.mean_days:.1f}",
    ]
    if rating.player == DEFAULT_PLAYER:  # the bands are of the careful player's rate
        lines.append(f"  band        {band}  ({all_bands})")
    if rating.causes:
        lines.append("  not won because")
        width = max(len(c) for c, _ in rating.causes)
        lines += [f"    {cause:<{width}}  {n:>6,}  {100 * n / rating.games:5.1f}%" for cause, n in rating.causes]
    return "\n".join(lines) + "\n"


# --- the balance report: house rules against their neutral stand-ins -------------------------------


def house_rule_ways(game: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The ways a balance report plays GAME (all on, each ruling off alone, all off), or one clear
    error for a game whose engine has no neutral stand-ins."""
    game = rated_id(game)
    rules = house_rules_of(game)
    if not any(r.instead for r in rules):
        with_standins = [g for g in rated_games() if any(r.instead for r in house_rules_of(g))]
        raise UsageError(f"--house-rules off: {resolve(game).title} has no house rule with a neutral stand-in "
                         f"to switch to (games with some: {', '.join(resolve(g).title for g in with_standins)})")
    return ways_to_play(rules)


def balance_report(game: str, *, map_file=None, map_seed: int | None = None, games: int = 1000,
                   player: str = DEFAULT_PLAYER, first_seed: int = 0, executor: Executor = Executor(),
                   progress: Progress | None = None) -> Balance:
    """`lostprint simulate GAME --house-rules off`: the same `games` seeded games played every way of
    house_rule_ways, side by side (all batches in one pool)."""
    ways = house_rule_ways(game)
    game = rated_id(game)
    player_of(game, player)
    if games < 1:
        raise UsageError(f"--games must be at least 1 (got {games})")
    map_json, name = map_json_of(game, map_file, map_seed)
    # each batch of seeds played every way in a row, compared as it comes: memory does not grow with --games
    chunks = (base._replace(house_off=off)
              for base in chunk_stream(game, player, map_json, first_seed, games, executor.workers) for _, off in ways)
    tally = PairedTally(ways)
    group: list = []
    for _, part in each_batch(chunks, executor, progress, players=[(game, player)]):
        group.append(part)
        if len(group) == len(ways):
            tally.add({way: results for (way, _), results in zip(ways, group)})
            group = []
    return tally.report(game, player, name, house_rules_of(game))



def _signed(points: float) -> str:
    return f"{points:+.1f}".replace("-", "\u2212")


def _changed(row) -> str:
    parts = [f"{n} {word}" for n, word in ((row.gained, "won"), (row.dropped, "lost")) if n]
    return ", ".join(parts) or "none"


def balance_table(b: Balance, width: int = 100) -> str:
    """The small table `lostprint simulate GAME --house-rules off` prints."""
    plugin = resolve(b.game)
    last = b.first_seed + b.games - 1
    label = {ALL_ON: "every house rule (\u2302) in force", ALL_OFF: f"all {len(b.rows) - 2} switched together"}
    labels = [label[r.name] if r.name in label else f"off: {b.topic(r.name)}" for r in b.rows]
    col = max(len(x) for x in labels)

    def span(lo: float, hi: float) -> str:
        return f"{100 * lo:.1f}\u2013{100 * hi:.1f}%"

    lines = [
        (f"{plugin.title} \u00b7 {b.map_name} map \u00b7 {b.player} player \u00b7 {b.games:,} games a row "
         f"(seeds {b.first_seed}\u2013{last})"),
        "  each house rule against its neutral stand-in",
        f"  {'':<{col}}  {'won':>6}  {'95% interval':>12}  {'vs all on':>9}  {'95% interval':>15}  games changed",
    ]
    for text, row in zip(labels, b.rows):
        line = f"  {text:<{col}}  {100 * row.win_rate:5.1f}%  {span(*row.interval):>12}"
        if row.name != ALL_ON:
            dlo, dhi = row.difference_interval
            line += (f"  {_signed(100 * row.difference):>9}  {_signed(100 * dlo) + ' to ' + _signed(100 * dhi):>15}"
                     f"  {_changed(row)}")
        lines.append(line)
    lines.append(textwrap.fill("vs all on: points of win rate, on the same seeds; games changed: won or lost "
                               "only this way.", width, initial_indent="  ", subsequent_indent="  "))
    lines.append("  stand-ins (what plays instead of each ruling switched off):")
    for h in b.rules:
        what = h.instead or f"none, the ruling stays in force: {h.why_none}"
        lines.append(textwrap.fill(f"{h.key}: {what}", width, initial_indent="    ", subsequent_indent="      "))
    return "\n".join(lines) + "\n"


def balance_json(b: Balance) -> str:
    def r4(x: float) -> float:
        return round(x, 4)

    rows = []
    for r in b.rows:
        row = {"name": r.name, "off": list(r.off), "wins": r.wins, "win_rate": r4(r.win_rate),
               "interval": [r4(x) for x in r.interval]}
        if r.name != ALL_ON:
            row.update(difference=r4(r.difference), difference_interval=[r4(x) for x in r.difference_interval],
                       gained=r.gained, dropped=r.dropped)
        rows.append(row)
    out = {
        "game": b.game, "player": b.player, "map": b.map_name, "games": b.games, "first_seed": b.first_seed,
        "rows": rows,
        "house_rules": [{"ruling": h.key, "topic": h.topic, "stand_in": h.instead or None,
                         "why_none": h.why_none or None} for h in b.rules],
    }
    return json.dumps(out, indent=2, ensure_ascii=False) + "\n"


def players_text(game: str) -> str:
    return "\n".join(f"{e.name}: {e.about}" for e in players_of(rated_id(game)).values())


def simulate_text(game: str, *, map_file=None, map_seed: int | None = None, games: int = 1000,
                  player: str = DEFAULT_PLAYER, first_seed: int = 0, list_players: bool = False,
                  house_rules: str = "on", as_json: bool = False, executor=None, progress_bar=None) -> str:
    """`lostprint simulate`: the text it prints: the players of GAME, a rating, or (house rules off) a
    balance report, as a table or JSON. `executor()` makes the Executor (not needed to list players);
    `progress_bar(total, label)` is a context manager giving a progress callback or None."""
    if list_players:
        return players_text(game) + "\n"
    run_on = executor() if executor is not None else Executor()
    bar = progress_bar or _no_bar
    if house_rules == "off":
        ways = house_rule_ways(game)
        with bar(games * len(ways), f"{game} games, {len(ways)} ways") as step:
            report = balance_report(game, map_file=map_file, map_seed=map_seed, games=games, player=player,
                                    first_seed=first_seed, executor=run_on, progress=step)
        return balance_json(report) if as_json else balance_table(report)
    with bar(games, f"{game} games") as step:
        rating = simulate(game, map_file=map_file, map_seed=map_seed, games=games, player=player,
                          first_seed=first_seed, executor=run_on, progress=step)
    return rating_json(rating) if as_json else rating_table(rating)


@contextlib.contextmanager
def _no_bar(total: int, label: str):
    yield None


# --- rating a map until its interval is narrow ---------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    game: str
    player: str
    seed: int  # the map's seed
    target: str | None  # a band, or None: rate whatever it is
    max_games: int = bands.MAX_GAMES
    half_width: float = bands.TARGET_HALF_WIDTH
    first_game: int = 0


def rate_candidate(c: Candidate):
    """(map JSON, Verdict) of one variant: generated from its seed, played STEP games at a time
    (in one worker: a candidate is the unit of parallel work in a search)."""
    map_json = generate(c.game, c.seed).to_json()
    results: list = []
    while True:
        results += play_chunk(Chunk(c.game, c.player, map_json, c.first_game + len(results), bands.STEP))
        verdict = bands.settled(c.game, results, c.target, c.max_games, c.half_width)
        if verdict is not None:
            return map_json, verdict


def _with_rating(map_json: str, verdict, c: Candidate):
    return replace(from_dict(json.loads(map_json)), difficulty=verdict.difficulty(c.game, c.player))


def difficulty_search(game: str, band: str, seed: int, count: int, player: str = DEFAULT_PLAYER,
                      executor: Executor = Executor(), max_draws: int = MAX_DRAWS,
                      max_games: int = bands.MAX_GAMES, progress: Progress | None = None, say: Say = _quiet):
    """The first `count` variants from seeds seed, seed+1, ... whose rating lies in `band`
    (GameMaps with their `difficulty`), drawing at most count * max_draws candidates."""
    game = rated_id(game)
    player_of(game, player)
    if band not in bands.band_names():
        raise UsageError(f"unknown band {band!r} (bands: {', '.join(bands.band_names())})")
    limit = count * max_draws
    candidates = (Candidate(game, player, s, band, max_games) for s in range(seed, seed + limit))
    kept = []
    drawn = 0
    for map_json, verdict in ordered_map(rate_candidate, candidates, executor, ahead=1):
        drawn += 1
        if verdict.kept:
            kept.append(_with_rating(map_json, verdict, Candidate(game, player, seed + drawn - 1, band)))
            if progress:
                progress(1)
            if len(kept) == count:
                break
        else:
            say(f"seed {seed + drawn - 1}: {verdict.difficulty(game, player).title()} after "
                f"{len(verdict.results)} games, {verdict.why}: next")
    if len(kept) < count:
        b = bands.bands_of(game)[band]
        raise LostprintError(f"only {len(kept)} of {count} {game} maps in {b.text()} among the {limit} "
                             f"seeds {seed}\u2013{seed + limit - 1}; try another --seed or band")
    return kept


# --- writing maps --------------------------------------------------------------------------------


def _variant_task(args) -> tuple[list[tuple[str, bytes]], list[str]]:
    """One seed's files (in a worker), with the warnings it would have said."""
    game, seed, cols, rows, opts = args
    said: list[str] = []
    return variant_files(game, seed, cols, rows, opts, say=said.append), said


def maps_parallel(game: str, seeds, opts: PrintOptions, cols: int | None = None, rows: int | None = None,
                  output=None, executor: Executor = Executor(), say: Say = _quiet,
                  progress: Progress | None = None) -> list[Path]:
    """`lostprint map --count K`: as commands.maps, each seed built on any core, written in seed order."""
    check_output_path(output)
    folder = folder_of(output)
    game = resolve(game).id
    tasks = [(game, s, cols, rows, opts) for s in seeds]
    built = ordered_map(_variant_task, tasks, executor)
    if executor.kind == "local" and executor.workers > 1 and len(tasks) > 1:
        # the first variant is built here, before the pool forks: its workers inherit the builders,
        # renderer, registered fonts and caches that a variant needs (about 0.2 s of CPU each would
        # otherwise spend on them; a variant itself takes 0.05-0.1 s)
        built = chain([_variant_task(tasks[0])], ordered_map(_variant_task, tasks[1:], executor))
    written: list[Path] = []
    for files, said in built:
        for message in said:
            say(message)
        written += write_together([(inside(folder, name), data) for name, data in files])
        if progress:
            progress(1)
    return written


def rated_files(game_map, opts: PrintOptions) -> list[tuple[str, bytes]]:
    """[(name, bytes)] of a rated variant: its map file (with `difficulty`) and its sheet."""
    plugin = resolve(game_map.game)
    stem = dict(seed=game_map.seed, label=game_map.difficulty.band if game_map.difficulty else None)
    files = [(output_name(plugin.stem, "map", **stem) + ".json", game_map.to_json().encode("utf-8"))]
    fmt = opts.fmt or "pdf"
    scene = variant_printable(plugin, game_map, opts)
    files.append((f"{output_name(plugin.stem, 'map', opts, **stem)}.{fmt}", scene_bytes(scene, opts, fmt)))
    return files


def difficulty_maps(game: str, band: str, seed: int, count: int, opts: PrintOptions, output=None,
                    player: str = DEFAULT_PLAYER, executor: Executor = Executor(), say: Say = _quiet,
                    progress: Progress | None = None) -> list[Path]:
    """`lostprint map GAME --difficulty BAND`: the first `count` variants in the band, each written
    with its sheet (nothing is written unless all `count` are found)."""
    check_output_path(output)
    folder = folder_of(output)
    kept = difficulty_search(game, band, seed, count, player, executor, progress=progress, say=say)
    files = [(inside(folder, name), data) for gm in kept for name, data in rated_files(gm, opts)]
    return write_together(files)


# --- validate --rerate ---------------------------------------------------------------------------


def rerate(path: str | Path, executor: Executor = Executor(), progress: Progress | None = None
           ) -> tuple[list[str], str]:
    """Replay a map file's recorded rating (same player, same seeds) and compare."""
    source = shown_path(path)
    data = load_file(path, MAP)
    record = data.get("difficulty") if isinstance(data, dict) else None
    line = line_at(data, "difficulty") or 1
    if record is None:
        return [f"{source}:{getattr(data, 'line', 1) or 1}: difficulty: no rating recorded to re-check "
                f"(rate a map with lostprint map GAME --difficulty BAND)"], ""
    problems = difficulty_problems(record)
    if problems:
        return [f"{source}:{line}: {p}" for p in problems], ""
    if record["games"] > bands.MAX_GAMES:  # a file must not ask for any amount of work
        return [f"{source}:{line}: difficulty.games: {shown(record['games'])} games is more than a rating "
                f"plays (at most {bands.MAX_GAMES:,})"], ""
    game = rated_id(data.get("game", ""))
    try:
        player_of(game, record["player"])
    except UsageError as exc:
        return [f"{source}:{line}: difficulty.player: {exc}"], ""
    rating = simulate(game, map_file=path, games=record["games"], player=record["player"],
                      executor=executor, progress=progress)
    now = round(rating.win_rate, 4)
    band = bands.band_of(game, rating.win_rate)
    out = []
    if now != record["win_rate"]:
        out.append(f"{source}:{line}: difficulty.win_rate: recorded {record['win_rate']}, but "
                   f"{rating.games} games by the {rating.player} player now win {now} ({band})")
    if band != record["band"]:
        out.append(f"{source}:{line}: difficulty.band: recorded {record['band']}, but a win rate of "
                   f"{100 * rating.win_rate:.1f}% is {bands.bands_of(game)[band].text()}")
    summary = (f"{source}: rating re-checked: {rating.games} games by the {rating.player} player win "
               f"{100 * rating.win_rate:.1f}% ({band}), as recorded")
    return out, ("" if out else summary)


# --- the demo ------------------------------------------------------------------------------------


def demo_rated_maps(seed: int, opts: PrintOptions, output, executor: Executor = Executor(),
                    log: Say = _quiet) -> list[Path]:
    """One rated variant per simulated game (the careful player, its band whatever it is), each
    written with its sheet; the games are rated side by side."""
    check_output_path(output)
    folder = folder_of(output)
    games = rated_games()
    log(f"rated maps {', '.join(games)} seed {seed}")
    candidates = [Candidate(game, DEFAULT_PLAYER, seed, None) for game in games]
    written: list[Path] = []
    for c, (map_json, verdict) in zip(candidates, ordered_map(rate_candidate, candidates, executor)):
        gm = _with_rating(map_json, verdict, c)
        written += write_together([(inside(folder, name), data) for name, data in rated_files(gm, opts)])
    return written
