"""Write save data as tidy YAML a person can read and edit: one line per day field, flow style for
small maps and lists, the journal as a folded block (a blank line between paragraphs)."""
from __future__ import annotations

import textwrap

import yaml

TOP_ORDER = ("format", "game", "map", "title", "player", "setup")
DAY_ORDER = ("day", "mapped", "moved", "marks", "resources")


def flow(value) -> str:
    """A small value in YAML flow style on one line."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False)
    return text.strip().removesuffix("\n...")  # a lone scalar's document-end line (not a title's own "...")


def block(text: str, indent: str, width: int = 96) -> list[str]:
    """A folded scalar (>-) for prose: paragraphs separated by blank lines."""
    out = [">-"]
    paragraphs = [" ".join(p.split()) for p in text.strip().split("\n") if p.strip()]
    for i, para in enumerate(paragraphs):
        if i:
            out.append("")
        out.extend(indent + line for line in textwrap.wrap(para, width - len(indent), break_long_words=False,
                                                           break_on_hyphens=False))
    return out


def to_yaml(data: dict, comment: str = "") -> str:
    lines = [f"# {c}" if c else "#" for c in comment.splitlines()] if comment else []
    for key in TOP_ORDER:
        if key in data and data[key] is not None:
            lines.append(f"{key}: {flow(data[key])}")
    lines.append("days:")
    for day in data["days"]:
        keys = [k for k in DAY_ORDER if k in day] + [k for k in day if k not in DAY_ORDER and k != "journal"]
        for i, key in enumerate(keys):
            lines.append(f"{'    ' if i else '  - '}{key}: {flow(day[key])}")
        if day.get("journal"):
            head, *rest = block(day["journal"], "      ")
            lines.append(f"    journal: {head}")
            lines.extend(rest)
    if data.get("outcome"):
        lines.append(f"outcome: {flow(data['outcome'])}")
    return "\n".join(lines) + "\n"
