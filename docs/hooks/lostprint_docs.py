"""MkDocs hook: a page's `<!-- schema: map -->` or `<!-- schema: save -->` line becomes that file
format's fields, read from the JSON Schema `lostprint schema map|save` prints, and `<!-- rulings -->`
becomes every game's rulings with their reasons, read from the game data: these pages can never
disagree with the code. The rendering is plain functions (tests call them)."""
from __future__ import annotations

import json
import re

MARKER = re.compile(r"^<!-- schema: (map|save) -->$", re.MULTILINE)


def schema_of(kind: str) -> dict:
    """The JSON Schema `lostprint schema map|save` prints (the save's: every game's, a Crows record's too)."""
    from lostprint.validate import schema_text

    return json.loads(schema_text(kind))


PATTERN_TOKENS = re.compile(r"""
    (?P<letter>\[([A-Za-z])([A-Za-z])\])      # [Cc]: c in either case
  | (?P<space>\[\^A-Za-z0-9[^]]*\][*+]?|\[\\s_-\][*+])  # a run of spaces, _ or - between words
  | (?P<skip>\['’\]\*|\(\?:|[()^$])       # an apostrophe anywhere, groups, anchors
  | (?P<escaped>\\(.))
  | (?P<plain>[0-9_-])
  | (?P<bar>\|)""", re.VERBOSE)


def any_case_words(pattern: str) -> list[str] | None:
    """The words of a pattern that takes them in any case, spelled as the readers spell names
    (`^([Cc][Rr][Oo][Ww][Ss])$`, `^[^A-Za-z0-9]*(?:[Dd]['’]*[Rr]...)[^A-Za-z0-9]*$`: crows, drain); None
    for any other pattern."""
    text, at = "", 0
    for token in PATTERN_TOKENS.finditer(pattern):
        if token.start() != at or token["letter"] and token[2].lower() != token[3].lower():
            return None
        at = token.end()
        text += (token[2].lower() if token["letter"] else " " if token["space"] else "" if token["skip"]
                 else token[5] if token["escaped"] else token["plain"] or "|")
    words = [" ".join(word.split()) for word in text.split("|")]
    return list(dict.fromkeys(words)) if at == len(pattern) and all(words) else None


def _quoted(values) -> str:
    return " \\| ".join(f"`{json.dumps(v, ensure_ascii=False)}`" for v in values)


def _type(node) -> str:
    if not isinstance(node, dict):  # a boolean schema: true takes anything
        return "any" if node else "nothing"
    if "const" in node:
        return _quoted([node["const"]])
    if "enum" in node:
        return _quoted(node["enum"])
    if len(any_case_words(node.get("pattern", "")) or ()) in range(1, 9):  # a long list: "any case" in notes
        return _quoted(any_case_words(node["pattern"]))
    for key in ("anyOf", "oneOf"):
        if key in node:
            shapes = [_shape(n) for n in node[key]]
            return " or ".join(dict.fromkeys(shapes))
    kind = node.get("type", "any")
    kind = " or ".join(kind) if isinstance(kind, list) else kind
    if kind == "array" and isinstance(node.get("items"), dict):
        return f"list of {_type(node['items'])}"
    if kind == "object" and isinstance(node.get("additionalProperties"), dict) and "properties" not in node:
        return f"map of {_type(node['additionalProperties'])}"
    return kind


def _shape(node) -> str:
    """An object by its keys (`{village}`), anything else by its type."""
    if isinstance(node, dict) and node.get("properties") and node.get("type", "object") == "object":
        return "{" + ", ".join(f"`{k}`" for k in node["properties"]) + "}"
    return _type(node)


LIMITS = (("minimum", "at least {}"), ("maximum", "at most {}"), ("minLength", "at least {} characters"),
          ("maxLength", "at most {} characters"), ("minItems", "at least {} items"),
          ("maxItems", "at most {} items"))


def _notes(node) -> str:
    if not isinstance(node, dict):
        return ""
    notes = [node["description"]] if node.get("description") else []
    notes += [text.format(node[key]) for key, text in LIMITS if key in node and key != "pattern"]
    pattern = node.get("pattern", "")
    if any_case_words(pattern):
        notes += [] if "any case" in node.get("description", "") else ["any case"]
    elif 0 < len(pattern) <= 60:  # a longer one is read in the whole schema below
        notes.append(f"matches `{pattern}`")
    return "; ".join(notes).replace("|", "\\|").replace("\n", " ")


def field_rows(node: dict, prefix: str = "") -> list[tuple[str, str, str, str]]:
    """(field path, type, required, notes) for every property, depth first; a list's items as `field[]`,
    the fields of each alternative shape of a field (a mark, a spell) under it."""
    rows = []
    required = set(node.get("required", ()))
    for name, child in node.get("properties", {}).items():
        path = f"{prefix}{name}"
        rows.append((path, _type(child), "yes" if name in required else "", _notes(child)))
        rows += _inner_rows(child, path)
    return _merged(rows)


def _inner_rows(node, path: str) -> list[tuple[str, str, str, str]]:
    if not isinstance(node, dict):
        return []
    rows = field_rows(node, f"{path}.")
    for option in (*node.get("anyOf", ()), *node.get("oneOf", ())):
        rows += _inner_rows(option, path)
    return rows + _inner_rows(node.get("items"), f"{path}[]")


def _merged(rows) -> list[tuple[str, str, str, str]]:
    """One row a field path, where alternatives share a field (every spell has a `name`): its types and
    notes joined, required when every alternative that has it requires it."""
    by_path: dict[str, list] = {}
    for row in rows:
        by_path.setdefault(row[0], []).append(row)
    return [(path, " or ".join(dict.fromkeys(r[1] for r in same)), "yes" if all(r[2] for r in same) else "",
             "; ".join(dict.fromkeys(r[3] for r in same if r[3]))) for path, same in by_path.items()]


def _table(rows) -> str:
    lines = ["| field | type | required | notes |", "|---|---|---|---|"]
    lines += [f"| `{path}` | {kind} | {required} | {notes} |" for path, kind, required, notes in rows]
    return "\n".join(lines)


def _game_name(condition: dict) -> str:
    """The game an `if` names: its id and aliases (`lost-crows, 1872`), or the words of its pattern."""
    game = condition.get("properties", {}).get("game", {})
    if "const" in game:
        return str(game["const"])
    if "enum" in game:
        return ", ".join(dict.fromkeys(map(str, game["enum"])))
    pattern = next((g["pattern"] for g in (game, *game.get("anyOf", ())) if "pattern" in g), "")
    from lostprint.games import GAMES  # a game's names pattern (lostprint.games.names_pattern): its id and aliases

    named = next((g for g in GAMES if pattern and re.fullmatch(pattern, g.id)), None)
    return ", ".join((named.id, *named.aliases)) if named else ", ".join(any_case_words(pattern) or ["variant"])


def _shapes(schema: dict) -> tuple[list[tuple[str, dict]], dict]:
    """An if/then/else chain taken apart: (the game each `if` names, its own whole shape), and the `else`
    left at the end, the shape of every other game."""
    own = []
    while "if" in schema and "then" in schema:
        own.append((_game_name(schema["if"]), schema["then"]))
        schema = schema.get("else", {})
    return own, schema


def _inlined(node, defs: dict, seen=frozenset()):
    """The schema with each `{"$ref": "#/$defs/NAME"}` replaced by that definition (the map's hex label)."""
    if isinstance(node, list):
        return [_inlined(item, defs, seen) for item in node]
    if not isinstance(node, dict):
        return node
    ref = str(node.get("$ref", "")).removeprefix("#/$defs/")
    if ref in defs and ref not in seen:
        rest = {k: v for k, v in node.items() if k != "$ref"}
        return _inlined({**defs[ref], **rest}, defs, seen | {ref})
    return {key: _inlined(value, defs, seen) for key, value in node.items()}


def schema_markdown(schema: dict) -> str:
    """The schema's fields as Markdown tables: the shared ones, then each game's own additions, then each
    game whose file has a shape of its own (a Crows record), whole."""
    own, shared = _shapes(_inlined(schema, schema.get("$defs", {})))
    parts = [schema.get("description", ""), "", _table(field_rows(shared))]
    for key in ("oneOf", "allOf", "anyOf"):
        for variant in shared.get(key, ()):
            body = variant.get("then", variant)
            rows = [row for row in field_rows(body) if row[1] != "any" or row[3]]  # not the shared ones again
            if rows:
                name = _game_name(variant.get("if", variant))
                parts += ["", f"#### `game: {name}`", "", _table(rows)]
    for name, body in own:
        parts += ["", f"#### `game: {name}`", "", "A file of its own shape: none of the shared fields above.",
                  "", _table(field_rows(body))]
    parts += ["", '??? note "The whole JSON Schema"', "", "    ```json"]
    parts += ["    " + line for line in json.dumps(schema, indent=2, ensure_ascii=False).splitlines()]
    parts += ["    ```", ""]
    return "\n".join(parts)


RULINGS_MARKER = re.compile(r"^<!-- rulings -->$", re.MULTILINE)


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def rulings_markdown() -> str:
    """Each game's rulings (Crows: its clarifications) as a table: what, the ruling, and why."""
    from lostprint.games import GAMES, crows, lost_crew, lost_crows, lost_expedition

    modules = {"lost-expedition": lost_expedition, "lost-crew": lost_crew, "lost-crows": lost_crows, "crows": crows}
    parts = []
    for game in GAMES:
        module = modules[game.id]
        rows = getattr(module, "RULINGS", None) or getattr(module, "CLARIFICATIONS", ())
        parts += [f"### {game.title}", "", "| | ruling | why |" if rows and hasattr(rows[0], "reason")
                  else "| | ruling |", "|---|---|---|" if rows and hasattr(rows[0], "reason") else "|---|---|"]
        for r in rows:
            what = next(getattr(r, name) for name in ("title", "topic", "where") if hasattr(r, name))
            rule = next(getattr(r, name) for name in ("rule", "text") if hasattr(r, name))
            cells = [f"**{_cell(what)}**", _cell(rule)] + ([_cell(r.reason)] if hasattr(r, "reason") else [])
            parts.append("| " + " | ".join(cells) + " |")
        parts.append("")
    return "\n".join(parts)


def on_page_markdown(markdown: str, **_kwargs) -> str:
    markdown = RULINGS_MARKER.sub(lambda m: rulings_markdown(), markdown)
    return MARKER.sub(lambda m: schema_markdown(schema_of(m.group(1))), markdown)
