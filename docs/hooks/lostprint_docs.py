"""MkDocs hook: a page's `<!-- schema: map -->` or `<!-- schema: save -->` line becomes that file
format's fields, read from the JSON Schema `lostprint schema map|save` prints, and `<!-- rulings -->`
becomes every game's rulings with their reasons, read from the game data: these pages can never
disagree with the code. The rendering is plain functions (tests call them)."""
from __future__ import annotations

import json
import re

MARKER = re.compile(r"^<!-- schema: (map|save) -->$", re.MULTILINE)


def schema_of(kind: str) -> dict:
    if kind == "map":
        from lostprint.maps.schema import map_schema as make
    else:
        from lostprint.saves.schema import save_schema as make
    return make()


def _type(node) -> str:
    if not isinstance(node, dict):  # a boolean schema: true takes anything
        return "any" if node else "nothing"
    if "const" in node:
        return f"`{json.dumps(node['const'], ensure_ascii=False)}`"
    if "enum" in node:
        return " \\| ".join(f"`{json.dumps(v, ensure_ascii=False)}`" for v in node["enum"])
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
          ("maxItems", "at most {} items"), ("pattern", "matches `{}`"))


def _notes(node) -> str:
    if not isinstance(node, dict):
        return ""
    notes = [node["description"]] if node.get("description") else []
    notes += [text.format(node[key]) for key, text in LIMITS if key in node]
    return "; ".join(notes).replace("|", "\\|").replace("\n", " ")


def field_rows(node: dict, prefix: str = "") -> list[tuple[str, str, str, str]]:
    """(field path, type, required, notes) for every property, depth first; lists as `field[]`."""
    rows = []
    required = set(node.get("required", ()))
    for name, child in node.get("properties", {}).items():
        path = f"{prefix}{name}"
        rows.append((path, _type(child), "yes" if name in required else "", _notes(child)))
        if not isinstance(child, dict):
            continue
        rows += field_rows(child, f"{path}.")
        items = child.get("items")
        if isinstance(items, dict) and items.get("properties"):
            rows += field_rows(items, f"{path}[].")
    return rows


def _table(rows) -> str:
    lines = ["| field | type | required | notes |", "|---|---|---|---|"]
    lines += [f"| `{path}` | {kind} | {required} | {notes} |" for path, kind, required, notes in rows]
    return "\n".join(lines)


def _variant_name(node: dict) -> str | None:
    for where in (node.get("if", {}), node):
        game = where.get("properties", {}).get("game", {})
        if "const" in game:
            return str(game["const"])
        if "enum" in game:
            return ", ".join(map(str, game["enum"]))
    return None


def schema_markdown(schema: dict) -> str:
    """The schema's fields as Markdown tables: the shared ones, then each game's own."""
    parts = [schema.get("description", ""), "", _table(field_rows(schema))]
    for key in ("oneOf", "allOf", "anyOf"):
        for variant in schema.get(key, ()):
            body = variant.get("then", variant)
            rows = [row for row in field_rows(body) if row[1] != "any" or row[3]]  # not the shared ones again
            if not rows:
                continue
            name = _variant_name(variant) or "variant"
            parts += ["", f"#### `game: {name}`", "", _table(rows)]
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
