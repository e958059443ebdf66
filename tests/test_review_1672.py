"""1672 review saves (tests/data/review/1672/), written from the rule source one rule at a time: each
`NAME.bad.yaml` breaks exactly one rule and names the message it must get (`# expect:`); its twin
`NAME.ok.yaml`, the same game played by that rule, is accepted. And the review's findings on the
engine: the wound is the player's choice, the rulings the source leaves open are marked.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from lostprint.saves.validate import check_save_file

REVIEW = Path(__file__).resolve().parent / "data" / "review" / "1672"


def named(suffix: str) -> list[str]:
    """The cases by name: those of make_rules.py, and hand/NAME, written by hand as a player would."""
    return sorted(p.relative_to(REVIEW).as_posix().removesuffix(suffix) for p in REVIEW.rglob(f"*{suffix}"))


CASES = named(".bad.yaml")


def marked(name: str):
    """A case whose bad file says `# xfail: why` (the validator is known wrong there) runs as a strict xfail."""
    why = next((line.partition(":")[2].strip() for line in (REVIEW / f"{name}.bad.yaml").read_text().splitlines()
                if line.startswith("# xfail:")), "")
    return pytest.param(name, marks=pytest.mark.xfail(reason=why, strict=True)) if why else name


def expected(path: Path) -> str:
    return next(line.partition(":")[2].strip() for line in path.read_text().splitlines()
                if line.startswith("# expect:"))


def test_every_case_has_its_twin():
    assert len(CASES) >= 20
    assert named(".ok.yaml") == CASES
    assert len([name for name in CASES if name.startswith("hand/")]) >= 6


@pytest.mark.parametrize("name", CASES)
def test_the_twin_is_accepted(name):
    assert check_save_file(REVIEW / f"{name}.ok.yaml") == []


@pytest.mark.parametrize("name", [marked(name) for name in CASES])
def test_the_broken_rule_is_refused_on_its_line(name):
    path = REVIEW / f"{name}.bad.yaml"
    found = check_save_file(path)
    want = expected(path)
    assert any(want in line for line in found), found
    assert all(line.startswith(f"{path}:") for line in found), found
    count = next((line.partition(":")[2].strip() for line in path.read_text().splitlines()
                  if line.startswith("# problems:")), "")
    assert not count or len(found) == int(count), found  # one slip, one problem: `# problems: N` when said


# --- the findings of the review, each on the engine or the validator ----------------------------


def test_gathering_on_a_day_begun_at_sea_is_refused():
    """The flag on Gather: sailors go there in phase 1, only in an island hex. The validator took
    gatherers at an island the sloop reached later the same day."""
    found = check_save_file(REVIEW / "gather-at-sea.bad.yaml")
    assert any(":22: days[1].gathered: resources are gathered on an island, and sailors go to Gather in phase 1, "
               "only at an island hex: the sloop began day 2 at sea at I7" in line for line in found), found


def test_staying_at_an_island_after_hostile_natives_is_refused():
    found = check_save_file(REVIEW / "hostile-stay.bad.yaml")
    assert any("days[11].moved: the natives of E6 are hostile: the sloop must leave the island this turn" in line
               for line in found), found


def test_the_engine_refuses_staying_and_gathering_where_the_rules_do():
    from dataclasses import replace

    from lostprint.engine import lost_crew as eng
    from lostprint.engine.contract import RuleError
    from lostprint.maps.model import standard_map

    gm = standard_map("lost-crew")
    v = eng.start(gm)
    with pytest.raises(RuleError, match="at sea") as err:
        eng.begin_day(replace(v, pos="I7"), eng.Orders(gather=1))
    assert err.value.rule == "gather"
    island = eng.Island(("H7",), "small-island", 3, (3, 1, 0), natives=True, hostile=True)
    v = replace(v, pos="H7", terrain=dict(v.terrain) | {"H7": "small-island"}, islands=v.islands + (island,))
    with pytest.raises(RuleError, match="hostile"):
        eng.begin_day(v, eng.Orders(scan=1))  # fair weather: someone must steer away
    day = eng.begin_day(v, eng.Orders(movement=True))
    with pytest.raises(RuleError, match="must leave"):
        eng.move(day, ())
    assert eng.move(day, ("I7",)).pos == "I7"
    assert not eng.must_leave(replace(v, weather="doldrums"))  # no sailing today: it stays


def test_the_player_chooses_who_takes_a_wound():
    """The source: 'assign a wound to a sailor'. The engine always wounded a well sailor first."""
    from dataclasses import replace

    from lostprint.engine import lost_crew as eng
    from lostprint.engine.contract import Decision
    from lostprint.maps.model import standard_map

    v = replace(eng.start(standard_map("lost-crew")), sailors=(eng.WELL, eng.WOUNDED, eng.DEAD, eng.WELL),
                due=1, step=eng.STEP_INDEX["drink wound"])
    step = eng.STEPS[v.step]
    assert step.need(v) == Decision("wound") and list(step.options(v)) == [0, 1, 3]
    after = step.apply(v, 1)  # the wounded one, though two are well: he dies
    assert after.sailors == (eng.WELL, eng.DEAD, eng.DEAD, eng.WELL) and after.due == 0
    assert step.apply(v, 0).sailors[0] == eng.WOUNDED


def test_the_unmarked_rulings_are_marked():
    from lostprint.games.lost_crew import RULES

    for key in ("scan-crew", "setup-hexes", "anchorage", "islands-visited", "hostile"):
        ruling = RULES.ruling(key)
        assert ruling.text and ruling.reason


def test_a_roll_left_out_of_rolls_is_unknown_and_the_day_still_checked(tmp_path):
    """A day that records `rolls:` but leaves out one of its rolls (the review asked: is it read as not
    rolled?): that roll is searched over every face, as a day without rolls, so the twin (no natives
    roll at E6, which has natives) is accepted and a day no face explains is refused, for each roll."""
    import yaml

    from lostprint.saves.emit import to_yaml

    ok = yaml.safe_load((REVIEW / "natives-roll-left-out.ok.yaml").read_text(encoding="utf-8"))
    assert "natives" not in ok["days"][9]["rolls"] and ok["days"][8]["marks"][0]["island"]["natives"]
    day9 = yaml.safe_load((REVIEW / "voyage.yaml").read_text(encoding="utf-8"))["days"][:9]
    for day in day9:
        day.pop("journal", None)
    for key in day9[8]["rolls"]:
        for wood, refused in ((1, False), (5, True)):
            days = [dict(d) for d in day9]
            days[8] = dict(days[8], rolls={k: v for k, v in days[8]["rolls"].items() if k != key},
                           resources=dict(days[8]["resources"], wood=wood))
            path = tmp_path / f"{key}-{wood}.yaml"
            path.write_text(to_yaml(dict(ok, days=days)), encoding="utf-8")
            found = check_save_file(path)
            if refused:
                assert any("days[8].resources.wood: 5, but the rules allow" in line for line in found), (key, found)
            else:
                assert found == [], (key, found)


def test_a_roll_recorded_once_too_often_says_when_the_rules_roll_it():
    """"More weather rolls than day 1 rolls" said why: the Watch's reroll, or when the natives are met."""
    def said(name):
        return "\n".join(check_save_file(REVIEW / f"{name}.bad.yaml"))

    assert "(the first roll 3 is Rain: a sailor on Watch rerolls only a Storm)" in said("watch-rerolls-only-storm")
    assert "(a sailor on Watch rerolls a Storm once)" in said("watch-rerolls-once")
    assert "(nobody was free to keep the Watch and reroll the Storm)" in said("four-sailors")
    assert "(Native Encounter, at an island where natives live, until they turn hostile" in \
        said("natives-only-where-they-live")


def test_a_hop_that_is_not_next_is_said_once():
    """The walk of the moves and the engine's replay both refused it: two lines, the second on the resources."""
    path = REVIEW / "hand" / "every-hex-sailed.bad.yaml"
    assert check_save_file(path) == [f"{path}:9: days[0].moved[0]: H7 is not next to J8"]


def test_a_refused_landing_is_said_once(tmp_path):
    """A landing refused on its day (its natives wrong, or unreadable) was said again as a landing
    left out: that day ('record the landing', though it was) and on the next day a move ended, even
    at sea ('a new sea (G7)')."""
    path = REVIEW / "hand" / "hostile-on-a-large-island.bad.yaml"
    assert [line.partition(": ")[2] for line in check_save_file(path)] == [
        "days[1].marks[0].island.roll: 4 + 3 = 7: natives live there (6+)"]
    unread = tmp_path / "unread.yaml"
    unread.write_text(path.read_text().replace("natives: false, roll: 4", "natives: yes, roll: 4"))
    assert [line.partition(": ")[2] for line in check_save_file(unread)] == [
        "days[1].marks[0].island.natives: must be true or false"]


def test_a_route_too_long_is_refused_on_its_own_line():
    """It was said on the day's resources line."""
    path = REVIEW / "hand" / "fair-wind-two-hexes.bad.yaml"
    assert [line.split(": ")[0] for line in check_save_file(path)] == [f"{path}:14"]
    assert path.read_text().splitlines()[13].strip().startswith("moved:")


def test_a_stay_only_a_drift_off_the_map_explains_is_refused_on_the_move():
    """A Storm at A4 with nobody on Anchorage: the save keeps the sloop at A4 with the Hull whole and
    the Food eaten. Only a drift off the map (faces 5 and 6) leaves it at A4, and there the game ends
    in phase 4, Food uneaten: the validator named that Food; it names the move, and what the ending off
    the map would give."""
    found = check_save_file(REVIEW / "anchorage-needs-a-sailor.bad.yaml")
    assert [line.partition(": ")[2] for line in found] == [
        "days[16].moved: the sloop ends day 17 at A4, but in Storm it can end only at A3, A5, B4, B5 (steered, or "
        "adrift); or it drifts off the map, where the game ends in phase 4 (food 5 then, not 4)"], found


def test_a_refused_island_size_or_route_is_said_once(tmp_path):
    """An island mark whose size is not the hex's colour was said again as a landing left out ('record the
    landing as {island: ...}'); a route too long in Rain, its last hex written again the next day, was said
    on that day twice ('B4 is where the route stands already' and 'B4 is not next to B4')."""
    size = tmp_path / "size.yaml"
    size.write_text((REVIEW / "hand" / "revered-for-a-good.ok.yaml").read_text(encoding="utf-8").replace(
        "hexes: [D5], size: small", "hexes: [D5], size: medium"))
    assert [line.partition(": ")[2] for line in check_save_file(size)] == [
        "days[6].marks[0].island: D5 is small-island, not a medium island"]
    ok = (REVIEW / "hand" / "heal-with-the-last-water.ok.yaml").read_text(encoding="utf-8")
    route = tmp_path / "route.yaml"
    route.write_text(ok.replace("    moved: [C4]", "    moved: [C4, B4]"))
    assert [line.partition(": ")[2] for line in check_save_file(route)] == [
        "days[7].moved: 2 hexes in Rain: at most 1 steered, or exactly 1 adrift",
        "days[8].moved[0]: B4 is where the route stands already: moved lists the hexes entered, not the one left"]


def test_the_crew_written_as_one_string_is_refused_on_its_line(tmp_path):
    """`setup: {sailors: Ann Ben Cal Dan}` was taken silently as no names: the save's own names were then
    refused on every day that named a sailor, and the setup line said nothing."""
    path = tmp_path / "crew.yaml"
    path.write_text((REVIEW / "hand" / "storm-drift-onto-the-natives.ok.yaml").read_text(encoding="utf-8").replace(
        "{sailors: [Ann, Ben, Cal, Dan]}", "{sailors: Ann Ben Cal Dan}"))
    found = check_save_file(path)
    assert found[0] == f"{path}:9: setup.sailors: a list of 4 names, written [first, second, ...]", found


def test_a_dead_sailors_task_is_not_done():
    """The source: a sailor who perishes is removed from the sheet with his coin. The engine let every task
    given in phase 1 stand: three sailors dead in phase 7, the lone survivor still fished and kept the Watch."""
    from dataclasses import replace

    from lostprint.engine import lost_crew as eng
    from lostprint.engine.contract import RuleError
    from lostprint.maps.model import standard_map

    v = replace(eng.start(standard_map("lost-crew")), sailors=(eng.WOUNDED, eng.DEAD, eng.DEAD, eng.WELL), due=1,
                orders=eng.Orders(gather=2, fish=True, watch=True), hands=4, step=eng.STEP_INDEX["natives wound"])
    after = eng.STEPS[v.step].apply(v, 0)  # Ann's second wound: Dan alone is left for Fish and Watch
    assert after.orders == eng.Orders(gather=2, fish=True) and after.slack == 0
    assert eng.STEPS[v.step].apply(v, 3).orders == v.orders  # Dan wounded, Ann alive: both tasks stand
    searched = replace(after, orders=eng.Orders(gather=2, fish=None, watch=None), slack=1)
    fished = eng.place(replace(searched, step=eng.STEP_INDEX["place fish"]), {"fish": True})
    with pytest.raises(RuleError, match="removed from the sheet with his coin"):
        eng.place(replace(fished, step=eng.STEP_INDEX["place watch"]), {"watch": True})


def test_values_no_day_gives_together_say_what_each_would_be(tmp_path):
    """Day 8 repairs with 2 Wood (Hull 4 to 6); the save keeps 2 Wood instead of 1. It was said only as 'no one
    day explains these values together'; now with what the day gives for each value, the others as recorded."""
    ok = (REVIEW / "hand" / "shoals-coloured-behind-the-sloop.ok.yaml").read_text(encoding="utf-8")
    path = tmp_path / "wood.yaml"
    path.write_text(ok.replace("{water: 2, food: 3, hull: 6, wood: 1}", "{water: 2, food: 3, hull: 6, wood: 2}"))
    assert [line.partition(": ")[2] for line in check_save_file(path)] == [
        "days[7].resources: no one day explains these values together (Fair Weather); with the others as recorded, "
        "the day ends with hull 5, not 6; or wood 1, not 2"]


def test_after_a_refused_day_the_next_unwritten_weather_is_any(tmp_path):
    """A save without dice whose day 3 is refused went on from the save with day 3's Headwind kept for day 4
    (its weather roll not replayed), so day 4 and 5 of a legal voyage were refused too ('4 jobs for 3 well
    sailors', '2 hexes in Headwind'). Day 4 writes no weather: any weather a roll gives is tried."""
    ok = (REVIEW / "hand" / "shoals-coloured-behind-the-sloop.ok.yaml").read_text(encoding="utf-8")
    path = tmp_path / "water.yaml"
    path.write_text(ok.replace("{water: 5, food: 6, wood: 2}", "{water: 4, food: 6, wood: 2}"))
    assert [line.partition(": ")[2].partition(":")[0] for line in check_save_file(path)] == [
        "days[2].resources.water", "days[4].resources.water"]  # the second: the save's day 5 carries the first


def test_a_route_refused_on_its_hop_goes_on_from_where_the_save_says(tmp_path):
    """A hex typed wrong in one day's route (D4 for E4) kept the sloop at the last legal hex for the rest of
    the game, and every later day was refused as 'X is not next to F5' (six lines and a lost outcome)."""
    ok = (REVIEW / "hand" / "heal-with-the-last-water.ok.yaml").read_text(encoding="utf-8")
    path = tmp_path / "typo.yaml"
    path.write_text(ok.replace("    moved: [F5, E4]", "    moved: [F5, D4]"))
    found = [line.partition(": ")[2] for line in check_save_file(path)]
    assert found[0] == "days[5].moved[1]: D4 is not next to F5", found
    assert all(line.startswith(("days[5]", "days[6]")) for line in found), found  # the day after reads from D4


def test_a_spread_roll_missing_says_when_it_is_rolled_again():
    """It said only 'day 9 rolls spread again here, and no more rolls are recorded'."""
    path = REVIEW / "spread-not-on-the-sloop.bad.yaml"
    assert any("rolled again while the Direction chart points off the map, at a coloured hex or at the sloop"
               in line for line in check_save_file(path))


def test_a_set_up_hex_marked_again_says_it_was_coloured_at_set_up(tmp_path):
    """`{sea: I7}` on day 2 (a start sea, coloured at set-up) said only 'I7 is already sea'."""
    ok = (REVIEW / "hand" / "shoals-coloured-behind-the-sloop.ok.yaml").read_text(encoding="utf-8")
    path = tmp_path / "i7.yaml"
    path.write_text(ok.replace("{sea: J6}, {sea: H6}, {sea: H7}", "{sea: J6}, {sea: H6}, {sea: H7}, {sea: I7}"))
    assert [line.partition(": ")[2] for line in check_save_file(path)] == [
        "days[1].marks[4].sea: I7 is already sea (printed or coloured at set-up)"]


def test_a_resource_written_on_its_own_line_is_refused_on_that_line(tmp_path):
    """Resources in block style (one per line): a refused value was said on the first resource's line."""
    ok = (REVIEW / "hand" / "won-in-five.ok.yaml").read_text(encoding="utf-8")
    path = tmp_path / "block.yaml"
    path.write_text(ok.replace("    resources: {water: 4}\n", "    resources:\n      water: 4\n      wood: 1\n", 1))
    lines = path.read_text().splitlines()
    assert [line.partition(": ")[0] for line in check_save_file(path)] == [
        f"{path}:{lines.index('      wood: 1') + 1}"]


def test_a_crew_named_twice_the_same_is_one_line_on_setup(tmp_path):
    """`sailors: [Ann, Ben, Ann, Dan]` was refused on setup, and then every name the days wrote was 'not one
    of the sailors (sailor 1, ...)': a wound count and a burial count followed. The days' names now take the
    crew's places in the order written, so the save is checked on."""
    ok = (REVIEW / "hand" / "the-dead-leave-their-tasks.ok.yaml").read_text(encoding="utf-8")
    path = tmp_path / "twice.yaml"
    path.write_text(ok.replace("setup: {sailors: [Ann, Ben, Cal, Dan]}", "setup: {sailors: [Ann, Ben, Ann, Dan]}"))
    assert [line.partition(": ")[2] for line in check_save_file(path)] == ["setup.sailors: the names must differ"]
    path.write_text(ok.replace("setup: {sailors: [Ann, Ben, Cal, Dan]}", "setup: {sailors: [Ann, Ann, Ann, Ann]}")
                    .replace("wounded: [Ann, Ben, Cal]", "wounded: [Ann, Ben, Cal, Eve, Fay]"))
    assert [line.partition(": ")[2] for line in check_save_file(path)][:2] == [
        "setup.sailors: the names must differ",
        "days[2].wounded[4]: 'Fay' is not one of the sailors (Ann, Ben, Cal, Eve)"]  # a fifth name is still refused


def test_a_win_written_short_of_an_exit_is_one_line(tmp_path):
    """A last day written as won (the day stopped at the move, outcome won) on a hex that is no exit gave two or
    three lines: the day's values (the day goes on, so Water is drunk...) and 'recorded as won, but the game is
    not over'. It is one line, on the route, naming the rule; a hop not next to the sloop is said alone too."""
    path = REVIEW / "hand" / "exits-of-the-variant.bad.yaml"
    assert [line.partition(": ")[2] for line in check_save_file(path)] == [
        "days[4].moved: the sloop ends day 5 at B1, which is not an exit hex of this map (A1, A2, A3, A4): the game "
        "is won only on reaching one, and short of it the day goes on (phases 5 to 11)"]
    ok = (REVIEW / "hand" / "won-in-five.ok.yaml").read_text(encoding="utf-8")
    hop = tmp_path / "hop.yaml"
    hop.write_text(ok.replace("moved: [B4, A3]", "moved: [A4]"))
    assert [line.partition(": ")[2] for line in check_save_file(hop)] == ["days[4].moved[0]: A4 is not next to C4"]
    played = tmp_path / "played.yaml"  # the day played to its end at A4: only the result is wrong
    played.write_text(ok.replace("moved: [B4, A3]\n    resources: {}", "moved: [B4, A4]\n    resources: {water: 1}"))
    assert [line.partition(": ")[2] for line in check_save_file(played)] == [
        "outcome.result: recorded as won, but the game is not over after day 5"]


def test_a_day_number_skipped_is_said_once():
    """A long game whose day 15 is numbered 16, the days after following on (16, 17...): each later day was
    refused again, 'expected day 16', 'expected day 17'... (14 lines for one slip)."""
    path = REVIEW / "hand" / "a-month-at-smoke-island.bad.yaml"
    assert [line.partition(": ")[2] for line in check_save_file(path)] == [
        "days[14].day: expected day 15 (days run 1, 2, 3\u2026 with none skipped)"]


def test_a_weather_or_a_value_mistyped_on_one_day_is_said_once(tmp_path):
    """One slip, one line: a weather word that is not what the roll gave was replayed in the word's weather, so
    the day's values were refused too (and a No Change roll carried the wrong weather into the next day); a value
    mistyped on one day alone, the next day written right, refused that next day too (it went on from the typo)."""
    ok = (REVIEW / "hand" / "a-helm-to-stay-in-fair-wind.ok.yaml").read_text(encoding="utf-8")
    cases = {
        "    weather: fair\n    moved: [H7]": (
            "    weather: headwind\n    moved: [H7]",
            "days[1].weather: Headwind, but yesterday's weather roll gave Fair Weather"),
        "  - day: 1\n    weather: fair": (
            "  - day: 1\n    weather: rain",
            "days[0].weather: day 1 is sailed in Fair Weather (the set-up weather), not Rain"),
        "{water: 5, food: 6, hull: 6, wood: 0}": (
            "{water: 4, food: 6, hull: 6, wood: 0}",
            "days[0].resources.water: 4, but the rules allow 5 water at the end of this day (it began at 6; Fair "
            "Weather, with the recorded rolls)"),
    }
    for i, (old, (new, said)) in enumerate(cases.items()):
        path = tmp_path / f"slip{i}.yaml"
        path.write_text(ok.replace(old, new, 1), encoding="utf-8")
        assert [line.partition(": ")[2] for line in check_save_file(path)] == [said]


def slip_lines(tmp_path, case: str, old: str, new: str) -> list[str]:
    """The messages (without file and line) for hand/CASE.ok.yaml with one slip: `old` written as `new`."""
    path = tmp_path / "slip.yaml"
    path.write_text((REVIEW / "hand" / f"{case}.ok.yaml").read_text(encoding="utf-8").replace(old, new, 1),
                    encoding="utf-8")
    return [line.partition(": ")[2] for line in check_save_file(path)]


def test_a_route_copied_without_its_last_hex_is_one_line(tmp_path):
    """A route that leaves out the hex the sloop ended on was refused on each hex the day's scan coloured ('not
    next to the sloop'), on a burial there, and on the next day's first hop ('H7 is not next to J8'). When one hex
    more at the route's end explains the whole day, that is said once, on the route, and the days go on from it."""
    assert slip_lines(tmp_path, "won-in-five", "moved: [G6, F6]", "moved: [G6]") == [
        "days[1].moved: the route ends at G6, but the day's scan colours the hexes around F6, as the rest of the day "
        "does: F6, the hex the sloop ended on, is left out (moved lists every hex entered, the last one too)"]
    unmoved = slip_lines(tmp_path, "buried-the-day-he-died", "    moved: [H7]\n", "")
    assert [line.partition(",")[0] for line in unmoved] == ["days[1].moved: no move is recorded"]


def test_a_wound_left_out_is_said_once(tmp_path):
    """A first wound left out of `wounded:` was said on the wound count, then on each later name the crew
    could not have ('is well: a sailor dies of a second wound', 'only a wounded sailor can be healed'), and then
    on the outcome ('recorded as lost, but the game is not over'). It is said once; the days after go on as the
    save has the crew (wounded before it heals or dies)."""
    assert slip_lines(tmp_path, "all-perish-at-the-natives", "wounded: [Abel, Bram, Cato, Dirk]",
                      "wounded: [Abel, Bram, Cato]") == [
        "days[1].lost[3]: Dirk is well: a sailor dies of a second wound, so list the first wound on an earlier day "
        "(or under wounded today)"]
    assert [line.partition(",")[0] for line in slip_lines(
        tmp_path, "castaways-die-of-thirst", "wounded: [sailor 1, sailor 2]", "wounded: [sailor 1]")] == [
        "days[6].wounded: 1 wound recorded today (wounded + lost)"]


def test_a_healing_left_out_is_said_once(tmp_path):
    """`healed:` left out on a day whose Water paid for it was said on the Water, then on a later day's healing of
    some of the resting ('one Water heals every resting sailor (Oli, Pia), not some of them') and on the lookouts
    the healed man's absence took away. It is said once, on the day, naming whom to list; he is well from then."""
    assert slip_lines(tmp_path, "heal-with-the-last-water", "    healed: [Oli]\n", "") == [
        "days[5].healed: the day's values are those of Rest healing Oli for 1 Water: if so, write healed: [Oli]; "
        "if not, the rules allow 4 water"]


def test_a_natives_mark_against_its_roll_is_said_once(tmp_path):
    """An island marked without the natives its roll brings was said on the mark, and then on the next day's
    gathering ('the natives turned hostile': the day was read with the natives' unrecorded roll as Hostile, the
    mark's natives against the roll's). It is said once; the days after read the island as its roll has it."""
    assert slip_lines(tmp_path, "a-six-brings-natives", "natives: true, roll: 6", "natives: false, roll: 6") == [
        "days[1].marks[0].island.roll: 6 + 0 = 6: natives live there (6+)"]


def test_a_sailor_healed_and_wounded_again_the_same_day_lives(tmp_path):
    """Rest heals in phase 2; a wound after it is a first one. Losing him was refused with 'list the first
    wound on an earlier day', though it was listed: it says he was healed today."""
    assert slip_lines(tmp_path, "healed-then-wounded-lives", "    wounded: [Abel]\n    resources: {water: 3}",
                      "    lost: [Abel]\n    resources: {water: 3}") == [
        "days[1].lost[0]: Abel was healed by Rest today, in phase 2: a wound after that is a first one (list Abel "
        "under wounded; a second wound the same day kills)"]


def test_rolls_keyed_as_the_sheet_prints_the_phase_or_the_chart(tmp_path):
    """docs/formats/saves.md: a rolls key may be written as the sheet prints the phase (Sloop Accident, Native
    Encounter, Weather Watch) or the chart it is rolled on (Scan Horizon, Island Contents): read as its key
    and checked as such, not refused as unknown."""
    ok = (REVIEW / "hand" / "accident-equal-to-the-hull-wounds.ok.yaml").read_text()
    for written, checked in (("Sloop Accident: 5", True), ("SLOOP ACCIDENT: [5]", True), ("sloop-accident: 4", False)):
        path = tmp_path / "save.yaml"
        path.write_text(ok.replace("Accident: 5", written))
        found = check_save_file(path)
        assert (found == []) == checked, (written, found)
        assert not any("unknown rolls key" in line for line in found), found
    day = "    resources: {water: 5, food: 6, hull: 6, wood: 0}\n"
    for rolls in ("{Scan Horizon: [[2, 3], [4, 5], [3, 3], [2, 2], [1, 1]], Weather Watch: 5}",
                  "{Scan Horizon: [[2, 3], [4, 5], [3, 3], [2, 2], [1, 1]], Native Encounter: 3}"):
        path.write_text((REVIEW / "hand" / "scan-ties-go-west-first.ok.yaml").read_text().replace(
            "    rolls: {scan: [[2, 3], [4, 5], [3, 3], [2, 2], [1, 1]]}\n", f"    rolls: {rolls}\n"))
        found = check_save_file(path)
        assert day in path.read_text() and not any("unknown rolls key" in line for line in found), found
        assert (found == []) == ("Weather" in rolls), found  # no natives on day 1: their roll is one too many


def test_a_sailor_named_in_another_case_is_the_crews(tmp_path):
    """docs/formats/saves.md: a day field's values may be written in any case, with spaces or `_`/`-`: a setup
    name written `BRAM` or `bram` under wounded is Bram."""
    ok = (REVIEW / "hand" / "accident-equal-to-the-hull-wounds.ok.yaml").read_text()
    path = tmp_path / "save.yaml"
    for written in ("BRAM", "bram"):
        path.write_text(ok.replace("wounded: [Bram]", f"wounded: [{written}]"))
        assert written in path.read_text() and check_save_file(path) == [], written
    path.write_text(ok.replace("wounded: [Bram]", "wounded: [Brom]"))
    assert any("'Brom' is not one of the sailors" in line for line in check_save_file(path))
