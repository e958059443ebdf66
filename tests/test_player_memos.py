"""The players' memos stay bounded in a long-running process (the editor and play servers play on a new map
at every edit): what a player works out per map is kept for the last few maps only, and every other memo
has a bound or a key drawn from a small fixed set, never a map."""
import pytest

from lostprint.engine import drive
from lostprint.maps.generate import generate
from lostprint.players import common, lost_crew, lost_crows, lost_expedition

MODULES = (common, lost_expedition, lost_crew, lost_crows)
# memos without a bound, each keyed by a small fixed set (no map): the standard map (no key), a vision
# (None or a (terrain, roll) of the 18 the plots give), the empty boxes of a board (at most 2 ** 8, twice)
UNBOUNDED_BY_DESIGN = {"lost_crows.standard", "lost_crows.omens_of", "lost_crows.pair_options"}


def memos() -> dict:
    """{module.name: the memo's cache_info} of every memo the player modules hold."""
    out = {}
    for module in MODULES:
        for name, obj in vars(module).items():
            if callable(getattr(obj, "cache_info", None)) and getattr(obj, "__module__", "") == module.__name__:
                out[f"{module.__name__.rsplit('.', 1)[-1]}.{name}"] = obj.cache_info()
    return out


def play_on(module, game_id: str, game_map, seed: int = 0) -> None:
    player = module.PLAYERS["careful"](seed, game_map)
    drive.play(module.eng, player.start(), player.decide, player.roll, 3)  # three days read every per-map fact


@pytest.mark.parametrize("module,game_id", [(lost_expedition, "lost-expedition"), (lost_crew, "lost-crew"),
                                            (lost_crows, "lost-crows")])
def test_what_a_player_works_out_per_map_is_kept_for_the_last_few_maps_only(module, game_id):
    per_map = [name for name, obj in vars(module).items()
               if callable(getattr(obj, "cache_info", None)) and obj.cache_info().maxsize == common.MAPS]
    assert per_map, f"{module.__name__} keeps nothing per map"
    for seed in range(common.MAPS + 3):
        play_on(module, game_id, generate(game_id, seed))
        for name in per_map:
            assert getattr(module, name).cache_info().currsize <= common.MAPS, name
    again = generate(game_id, common.MAPS + 2)  # the last map played: its facts are found, not worked out again
    before = {name: getattr(module, name).cache_info().hits for name in per_map}
    play_on(module, game_id, again, seed=1)
    assert all(getattr(module, name).cache_info().hits > before[name] for name in per_map)


def test_every_memo_of_the_players_is_bounded_or_keyed_by_a_small_fixed_set():
    unbounded = sorted(name for name, info in memos().items() if info.maxsize is None)
    assert set(unbounded) <= UNBOUNDED_BY_DESIGN, unbounded
    # and those stay small whatever the map: the same sizes after games on many new maps
    for seed in range(4):
        play_on(lost_crows, "lost-crows", generate("lost-crows", 100 + seed), seed)
    sizes = {name: memos()[name].currsize for name in UNBOUNDED_BY_DESIGN}
    assert sizes["lost_crows.standard"] <= 1
    assert sizes["lost_crows.omens_of"] <= 1 + len(lost_crows.eng.plots.POWERS)  # no vision, or one of them
    assert sizes["lost_crows.pair_options"] <= 2 * 2 ** lost_crows.BOXES


def test_a_map_that_cannot_be_a_memo_key_is_worked_out_for_its_game():
    from dataclasses import replace

    game_map = replace(generate("lost-expedition", 3), extra=(("notes", {"a": 1}),))  # a dict: unhashable
    with pytest.raises(TypeError):
        hash(game_map)
    before = lost_expedition.board_of.cache_info().currsize
    play_on(lost_expedition, "lost-expedition", game_map)
    assert lost_expedition.board_of.cache_info().currsize == before
