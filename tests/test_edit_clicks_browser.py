"""Copying a paper game takes a few actions a day: the first ten days of each Lost example game are
copied into a new save through the page in Chromium, counting every action (a click, a key pressed
while pointing at a hex: a terrain's number draws it, Shift and a mark's letter places the mark; a
value typed into one field), and the file written is the example's days. Also: every example opens
clean in the page.

Not copied: each day's `rolls` (optional dice, rarely kept from paper). The targets: 8 actions for
1572 and 1672, 12 for 1872, for every one of the ten days but those in OVER_TARGET."""
import statistics
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from tests.conftest import ROOT, run_cli
from tests.test_edit_browser import CHROMIUM, browser, kept, page_on, saved  # noqa: F401

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium binary (apt install chromium)")
EXAMPLES = {"1572": "1572-the-delta-by-grace.yaml", "1672": "1672-the-salt-road-home.yaml",
            "1872": "1872-the-long-way-north.yaml"}
TARGET = {"1572": 8, "1672": 8, "1872": 12}
# Days holding more things to copy than the target, each copied in one action: the new day, three
# hexes drawn, the move, the island (its size read from the map), the resources in one line, the
# weather (day 2) or the natives (day 7), the journal. Nothing on them is two actions.
OVER_TARGET = {("1672", 2): 9, ("1672", 7): 9}
DAYS = 10


class Player:
    """The page, driven as a player would, one counted action at a time."""

    def __init__(self, page):
        self.page = page
        self.actions = 0
        self.terrains = [t["key"] for t in page.evaluate("S.game.terrains")]
        self.forms = {f["kind"]: f for f in page.evaluate("S.forms.marks")}

    def click(self, selector):
        self.page.click(selector, force=selector.startswith("[data-hex"))
        self.actions += 1

    def type_in(self, selector, text):
        self.page.fill(selector, str(text))
        if not selector.startswith("#journal"):
            self.page.press(selector, "Enter")
        self.actions += 1

    def paint(self, label, terrain):
        self.page.hover(f"[data-hex={label}]", force=True)
        self.page.keyboard.press(str(self.terrains.index(terrain) + 1))
        self.actions += 1

    def mark(self, label, key):
        """Point at a hex and press Shift and the mark's letter."""
        self.page.hover(f"[data-hex={label}]", force=True)
        self.page.keyboard.press(f"Shift+{key.upper()}")
        self.actions += 1

    def tool(self):
        return self.page.evaluate("S.tool")

    def copy_day(self, day: dict, day_fields: list[dict], first: bool) -> int:
        start = self.actions
        page = self.page
        if not first:
            self.click("#add-day")
        i = page.evaluate("S.day")
        for label, terrain in (day.get("mapped") or {}).items():
            self.paint(label, terrain)
        if day.get("moved") and self.tool() != "move":
            page.keyboard.press("m")
            self.actions += 1
        for label in day.get("moved") or []:
            self.click(f"[data-hex={label}]")
        for j, mark in enumerate(day.get("marks") or []):
            (kind, value), = mark.items()
            form = self.forms[kind]
            field = f"days[{i}].marks[{j}]"
            if form["place"] == "hex":
                hexes = [value]
            elif form["place"] == "hexes":
                hexes = value
            elif form.get("letter_of_hex"):
                hexes = [next(h for h, letter in form["letter_of_hex"].items() if letter == value["letter"])]
            else:
                hexes = [value[form["hex_key"]]] if form["hex_key"] == "hex" else value[form["hex_key"]]
            for label in hexes:
                self.mark(label, form["key"])
            if form["place"] == "map":
                shown = page.evaluate(f"S.save.days[{i}].marks[{j}]['{kind}']")
                for spec in form["fields"]:
                    key = spec["key"]
                    if key not in value or shown.get(key) == value[key]:
                        continue  # filled in from the map or the choice already
                    if spec["type"] == "bool":
                        self.click(f"[data-field='{field}.{key}']")
                    elif spec["type"] in ("choice", "plot-choice") or spec.get("buttons"):
                        self.click(f"[data-field='{field}.{key}'] button[data-value='{value[key]}']")
                    else:
                        self.type_in(f"[data-field='{field}.{key}']", value[key])
                    shown = page.evaluate(f"S.save.days[{i}].marks[{j}]['{kind}']")
        current = page.evaluate(f"S.save.days[{i}].resources")
        changed = [key for key, n in day["resources"].items() if current.get(key) != n]
        if len(changed) > 1:  # all the values in one line, in the sheet's order
            order = [r["key"] for r in page.evaluate("S.game.resources")]
            self.type_in(f"input[data-field='days[{i}].resources']", " ".join(str(day["resources"][k]) for k in order))
        for key in changed[:1] if len(changed) == 1 else []:
            self.type_in(f"[data-field='days[{i}].resources.{key}']", day["resources"][key])
        for spec in day_fields:
            key = spec["key"]
            if key not in day or key == "rolls":
                continue
            value, field = day[key], f"days[{i}].{key}"
            if page.evaluate(f"S.save.days[{i}]['{key}']") == value:
                continue  # carried from the day before
            if spec["type"] == "choice":
                self.click(f"[data-field='{field}'] button[data-value='{value}']")
            elif spec["type"] == "multi":
                for item in value:
                    self.click(f"[data-field='{field}'] button[data-value='{item}']")
            elif spec["type"] == "counts":
                for k, n in value.items():
                    self.type_in(f"[data-field='{field}.{k}']", n)
            elif spec["type"] == "group":
                for sub in spec["fields"]:
                    self.click(f"[data-field='{field}.{sub['key']}'] button[data-value='{value[sub['key']]}']")
            else:
                self.type_in(f"[data-field='{field}']", value)
        if day.get("journal"):
            self.type_in("#journal", day["journal"])
            page.evaluate("document.activeElement.blur()")
        return self.actions - start


def without_rolls(days):
    return [{k: v for k, v in d.items() if k != "rolls"} for d in days]


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_the_first_ten_days_of_each_example_copied_through_the_page(page_on, tmp_path, game):
    example = YAML(typ="safe").load((ROOT / "examples" / EXAMPLES[game]).read_text())
    path = tmp_path / f"copy-{game}.yaml"
    page = page_on(path, game)
    player = Player(page)
    for key, value in (example.get("setup") or {}).items():
        if isinstance(value, list):
            page.fill(f"[data-field='setup.{key}']", ", ".join(value))
            page.press(f"[data-field='setup.{key}']", "Tab")
        else:
            page.select_option(f"[data-field='setup.{key}']", value)
    page.evaluate("document.activeElement.blur()")
    day_fields = page.evaluate("S.forms.day")
    counts = [player.copy_day(day, day_fields, n == 0) for n, day in enumerate(example["days"][:DAYS])]
    kept(page)
    page.click("#save")
    saved(page)
    copied = YAML(typ="safe").load(path.read_text())
    assert without_rolls(copied["days"]) == without_rolls(example["days"][:DAYS])
    assert copied.get("setup") == example.get("setup")
    result = run_cli("validate", path)
    assert result.returncode == 0, result.stdout + result.stderr
    typical = statistics.median(counts)
    print(f"{game}: actions per day {counts}, median {typical}, target {TARGET[game]}")
    assert typical <= TARGET[game], counts
    over = [(n, c) for n, c in enumerate(counts, 1) if c > OVER_TARGET.get((game, n), TARGET[game])]
    assert not over, f"days over the target (day, actions): {over}; all: {counts}"


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_every_example_opens_clean(page_on, tmp_path, game):
    path = tmp_path / EXAMPLES[game]
    path.write_bytes((ROOT / "examples" / EXAMPLES[game]).read_bytes())
    page = page_on(path)
    page.wait_for_function("!document.getElementById('status').textContent.includes('checking')")
    assert page.inner_text("#status").endswith("· clean")
    assert page.locator("#banner").is_hidden()
    assert page.locator("#days li.bad").count() == 0
