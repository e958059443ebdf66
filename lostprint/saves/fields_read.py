"""A save's game-specific fields read by their description (the shapes of lostprint.saves.fields_common):
the one reader a transcript needs, so none types a field's shape again. Each mismatch is one problem
on its line; the value comes back as its shape reads it, or None.
"""
from __future__ import annotations

from functools import lru_cache

from lostprint.files import line_of
from lostprint.files.tree import LDict, LList, key_line
from lostprint.files.fields import At, Reader, keyname
from lostprint.saves.fields_common import did_you_mean, spelled, spelling


@lru_cache(maxsize=64)  # not a rule: a choice's spellings made once
def _spellings(options: tuple, labels: tuple, terrains: tuple) -> dict:
    """Each way a save may spell an option (as its `spelling`): the option, its label, the terrain it colours."""
    return {spelling(w): o for o, label, terrain in zip(options, labels, terrains) for w in (o, label, terrain)}


def _whole(x, low, high) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and (low is None or x >= low) and (high is None or x <= high)


def keyed(spec: dict, keys: dict) -> dict:
    """`spec` with each key written as `keys` reads it (by its spelling), keeping each key's lines."""
    out = LDict(line=line_of(spec))
    for key, value in spec.items():
        new = keys.get(spelling(key), key) if isinstance(key, str) else key
        out[new] = value
        out.key_lines[new], out.value_lines[new] = key_line(spec, key), line_of(spec, key)
    return out


def unknown_keys(rd: Reader, container, known: tuple, field: str, what: str) -> None:
    """Each key of `container` not `known`: one problem, with the key it most likely meant."""
    table = spelled(dict(zip(known, known)))
    for key in container:
        if key not in known:
            rd.error(At(key_line(container, key), f"{field}.{keyname(key)}" if field else keyname(key)),
                     f"unknown {what} (expected one of: {', '.join(known)})" + did_you_mean(table, key))


def _noun(shape: dict) -> str:
    return shape.get("key") or shape.get("kind") or "value"


def read(rd: Reader, shape: dict, value, at: At, names=()):
    """`value` read as `shape`: a hex label in its canonical spelling, a choice as its option, a mapping
    of counts or fields as a dict, a list as a list; None after a problem. `names`: the options of a
    shape that takes them from where a save names them (`options_from`)."""
    kind = shape["type"]
    if kind == "list":
        if shape.get("single") and not isinstance(value, list):  # a roll of one die written alone: drift: 4
            value = LList([value], line=at.line)
        items = rd.listing(value, at)
        if items is None:
            return None
        least, most = shape["min"], shape["max"]
        if (least is not None and len(items) < least) or (most is not None and len(items) > most):
            span = f"{least}" if least == most else f"at least {least}" if most is None else f"{least or 0} to {most}"
            rd.error(at, f"needs {span} item{'s' * (not span.endswith(' 1') and span != '1')}, not {len(items)}")
            return None
        item = shape["item"]
        if item["type"] == "int" and all(_whole(x, item["min"], item["max"]) for x in items):
            return [int(x) for x in items]  # not a rule: the common case read without a place for each
        out = [read(rd, item, x, At(line_of(items, i), f"{at.field}[{i}]"), names) for i, x in enumerate(items)]
        return None if None in out else out
    if kind in ("counts", "group"):
        if kind == "group":
            fields = {f["key"]: f for f in shape["fields"]}
        else:
            count = {"type": "int", "min": shape["min"], "max": shape["max"]}
            fields = dict.fromkeys(shape["keys"], count)
        spec = value if isinstance(value, dict) else rd.mapping(value, at, f"a mapping of {', '.join(fields)}")
        if spec is None:
            return None
        if (shape.get("names") or kind == "group") and not fields.keys() >= spec.keys():
            # a key written another way (`Movement Progress`, `Planning`): read as its key, on its line
            spec = keyed(spec, {spelling(w): k for w, k in [*shape.get("names", {}).items(), *zip(fields, fields)]})
        if not fields.keys() >= spec.keys():
            unknown_keys(rd, spec, tuple(fields), at.field, f"{_noun(shape)} key")
        missing = [k for k in shape.get("required", ()) if k not in spec]
        if missing:
            rd.error(at, f"needs its {' and '.join(missing)}")
            return None
        return {key: read(rd, field, spec[key], At(line_of(spec, key) or at.line, f"{at.field}.{key}"), names)
                for key, field in fields.items() if key in spec}
    if kind == "int":
        return rd.integer(value, at, shape["min"], shape["max"], shape.get("limit", ""))
    if kind == "hex":
        return rd.label(value, at)
    if kind == "hexes":
        return rd.labels(value, at, shape["count"])
    if kind == "bool":
        if not isinstance(value, bool):
            rd.error(at, "must be true or false")
            return None
        return value
    if kind == "text":
        return rd.text(value, at)
    if kind == "choice":
        text = rd.text(value, at)
        terrains = shape.get("terrain_of", {})
        spellings = _spellings(tuple(shape["options"]), tuple(shape["labels"]),
                               tuple(terrains.get(o, o) for o in shape["options"]))
        spellings = {**{spelling(a): o for a, o in shape.get("aliases", {}).items()}, **spellings}
        if text is not None and spelling(text) not in spellings:
            rd.error(at, f"{text!r} is not a {_noun(shape)} ({', '.join(shape['options'])})"
                         + did_you_mean(spellings, text))
        return None if text is None else spellings.get(spelling(text))
    if kind == "multi":
        options = list(names) or shape["options"]
        spelled = {} if shape["options_from"] else {spelling(o): o for o in options}  # names as written; the rest loose
        spelled |= {spelling(a): o for a, o in shape.get("aliases", {}).items()}
        whose = (shape["options_from"] or _noun(shape)).rpartition(".")[2]
        items = rd.listing(value, at, f"a list of {whose}")
        out = []
        for i, item in enumerate(items or ()):
            iat = At(line_of(items, i), f"{at.field}[{i}]")
            text = rd.text(item, iat)
            text = spelled.get(spelling(text), text) if text is not None else None
            if text is not None and text not in options:
                rd.error(iat, f"{text!r} is not one of the {whose} ({', '.join(options)})")
            elif text is not None:
                out.append((text, iat))
        return None if items is None else out
    raise ValueError(f"no reader for a {kind} shape yet")  # an either: no transcript reads one
