"""A save's game-specific fields read by their description (the shapes of lostprint.saves.fields_common):
the one reader a transcript needs, so none types a field's shape again. Each mismatch is one problem
on its line; the value comes back as its shape reads it, or None.
"""
from __future__ import annotations

from lostprint.files import line_of
from lostprint.files.fields import At, Reader
from lostprint.saves.rules import slug


def read(rd: Reader, shape: dict, value, at: At, names=()):
    """`value` read as `shape`: a hex label in its canonical spelling, a choice as its option, a mapping
    of counts or fields as a dict, a list as a list; None after a problem. `names`: the options of a
    shape that takes them from where a save names them (`options_from`)."""
    kind = shape["type"]
    noun = shape.get("key") or shape.get("kind") or "value"
    if kind == "hex":
        return rd.label(value, at)
    if kind == "hexes":
        return rd.labels(value, at, shape["count"])
    if kind == "int":
        return rd.integer(value, at, shape["min"], shape["max"])
    if kind == "bool":
        if not isinstance(value, bool):
            rd.error(at, "must be true or false")
            return None
        return value
    if kind == "text":
        return rd.text(value, at)
    if kind == "choice":
        text = rd.text(value, at)
        spellings = {slug(w): o for o, label in zip(shape["options"], shape["labels"])
                     for w in (o, label, shape.get("terrain_of", {}).get(o, o))}
        if text is not None and slug(text) not in spellings:
            rd.error(at, f"{text!r} is not a {noun} ({', '.join(shape['options'])})")
        return None if text is None else spellings.get(slug(text))
    if kind == "multi":
        options = list(names) or shape["options"]
        items = rd.listing(value, at, f"a list of {(shape['options_from'] or noun).rpartition('.')[2]}")
        out = []
        for i, item in enumerate(items or ()):
            iat = At(line_of(items, i), f"{at.field}[{i}]")
            text = rd.text(item, iat)
            if text is not None and text not in options:
                rd.error(iat, f"{text!r} is not one of the {(shape['options_from'] or noun).rpartition('.')[2]} "
                              f"({', '.join(options)})")
            elif text is not None:
                out.append((text, iat))
        return None if items is None else out
    if kind in ("counts", "group"):
        fields = {f["key"]: f for f in shape["fields"]} if kind == "group" else \
            {k: {**shape, "type": "int"} for k in shape["keys"]}
        spec = rd.mapping(value, at, f"a mapping of {', '.join(fields)}")
        if spec is None:
            return None
        rd.unknown(spec, tuple(fields), at.field, f"{noun} key")
        missing = [k for k in shape.get("required", ()) if k not in spec]
        if missing:
            rd.error(at, f"needs its {' and '.join(missing)}")
            return None
        out = {}
        for key, field in fields.items():
            if key in spec:
                out[key] = read(rd, field, spec[key], At(line_of(spec, key) or at.line, f"{at.field}.{key}"), names)
        return out
    if kind == "list":
        items = rd.listing(value, at)
        if items is None:
            return None
        least, most = shape["min"], shape["max"]
        if (least is not None and len(items) < least) or (most is not None and len(items) > most):
            span = f"{least}" if least == most else f"at least {least}" if most is None else f"{least or 0} to {most}"
            rd.error(at, f"needs {span} item{'s' * (not span.endswith(' 1') and span != '1')}, not {len(items)}")
            return None
        out = [read(rd, shape["item"], item, At(line_of(items, i), f"{at.field}[{i}]"), names)
               for i, item in enumerate(items)]
        return None if None in out else out
    raise ValueError(f"no reader for a {kind} shape yet")  # an either: no transcript reads one
