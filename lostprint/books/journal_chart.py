"""The resource history of a finished game: one strip per resource sharing a day axis, each with
its own line, its cap, and the game's events (fever, wounds, crows...) marked above and across."""
from __future__ import annotations

from lostprint.fonts import ASCENT, DESCENT, text_width
from lostprint.geometry.paper import Box
from lostprint.i18n import ENGLISH, N_, Translator
from lostprint.scene import Circle, Group, Line, Path, Rect, Style, Text
from lostprint.sheets.icons import icon
from lostprint.sheets.style import MIN_TEXT, Palette
from lostprint.sheets.widgets import panel

EVENT_ICONS = {
    "fever": ("fever", N_("fever")),
    "fever-broken": ("fever", N_("fever broken")),
    "loss": ("skull", N_("a man lost")),
    "gain": ("star", N_("a man gained")),
    "interest": ("interest", N_("interest found")),
    "empire": ("house", N_("advanced empire")),
    "wound": ("accident", N_("sailor wounded")),
    "dead": ("skull", N_("sailor lost")),
    "storm": ("river", N_("storm")),
    "island": ("flag", N_("island landed")),
    "crow": ("crow", N_("crow coloured")),
    "vision": ("star", N_("vision quest")),
    "cap": ("arrow", N_("cap lowered")),
    "plot": ("flag", N_("plot hex")),
    "dancer": ("spade", N_("spirit dancer")),
}


def series_color(pal: Palette, i: int) -> str:
    return pal.series[i % len(pal.series)]


def event_style(pal: Palette, kind: str, tr: Translator = ENGLISH) -> tuple[str, str, str]:
    name, label = EVENT_ICONS.get(kind, ("star", kind))
    label = tr._(label)
    color = pal.accent
    if kind == "fever-broken":
        color = pal.faint
    return name, label, color


def day_step(n: int, width: float, weeks: int | None) -> int:
    if weeks and n / weeks <= 8 and width / max(1, n) * weeks >= 18:
        return weeks
    for step in (1, 2, 5, 10, 20, 50):
        if width / max(1, n) * step >= 18:
            return step
    return 100


HEADROOM = 3.5  # points between a strip's frame and its highest or lowest value
LABEL_GAP = 3.0  # points kept clear between two day labels on the axis


def axis_labels(n: int, step: int, x_of) -> list[tuple[int, str]]:
    """(day, font) of the day labels: every step, and the last day in bold when off the step; a step
    label too close to the last day's is dropped so no two labels touch."""
    last_font = "sans" if n % step == 0 else "sans-bold"
    last_half = text_width(str(n), last_font, MIN_TEXT) / 2
    out = []
    for d in range(0, n, step):
        half = text_width(str(d), "sans", MIN_TEXT) / 2
        if x_of(n) - x_of(d) >= half + last_half + LABEL_GAP:
            out.append((d, "sans"))
    return out + [(n, last_font)]


def resource_chart(played, box: Box, pal: Palette, title: str = N_("Resources by day"), tr: Translator = ENGLISH) -> Group:
    items, inner = panel(box, tr._(title), pal, subtitle=tr._("end of each day"))
    resources = played.resources
    days = played.days
    n = max(1, len(days))
    names = {r.key: tr._(r.name) for r in resources}
    label_w = max(text_width(names[r.key], "sans-bold", 7.2) for r in resources) + 16
    events = [e for e in played.events]
    kinds = list(dict.fromkeys(e.kind for e in events))
    key_rows = event_key_rows(kinds, pal, inner.right - (inner.x + label_w), tr)
    legend_h = len(key_rows) * (MIN_TEXT + 5)
    axis_h = MIN_TEXT + 6
    per_day: dict[int, list] = {}
    for e in events:
        per_day.setdefault(e.day, []).append(e)
    stack = max((len(v) for v in per_day.values()), default=0)
    band_h = min(EVENT_STACK, stack) * 9.0 + (3 if stack else 0)
    plot_x0 = inner.x + label_w
    plot_x1 = inner.right - 8
    top = inner.y + band_h
    bottom = inner.bottom - axis_h - legend_h
    gap = 9.0
    row_h = (bottom - top - gap * (len(resources) - 1)) / len(resources)

    def x_of(day: float) -> float:
        return plot_x0 + (plot_x1 - plot_x0) * day / n

    faint = Style(fill=None, stroke=pal.grid, width=0.4)
    # event guides across every strip
    for day in sorted(per_day):
        x = x_of(day)
        items.append(Line(x, top - 1, x, bottom, Style(fill=None, stroke=pal.faint, width=0.5, dash=(1.2, 1.6)),
                          role="event-guide"))
        shown = per_day[day] if len(per_day[day]) <= EVENT_STACK else per_day[day][:EVENT_STACK - 1]
        for k, e in enumerate(shown):
            name, _, color = event_style(pal, e.kind)
            items.append(icon(name, x, inner.y + 4.5 + k * 9.0, 8.0, color))
        if len(shown) < len(per_day[day]):  # the last place says how many more that day
            items.append(Text(x, inner.y + 4.5 + len(shown) * 9.0 + (ASCENT - DESCENT) * MIN_TEXT / 2,
                              f"+{len(per_day[day]) - len(shown)}", MIN_TEXT, "sans-bold", "middle", pal.accent,
                              role="event-more"))
    values = [dict(played.start_values)] + [dict(d.resources) for d in days]
    caps = [dict((r.key, r.cap) for r in resources)] + [dict(d.caps) for d in days]
    for i, r in enumerate(resources):
        y0 = top + i * (row_h + gap)
        y1 = y0 + row_h
        top_value = max(r.cap, max(v[r.key] for v in values))
        color = series_color(pal, i)

        def y_of(v: float) -> float:  # headroom: a resource at its top sits below the frame, not on it
            return y1 - HEADROOM - (y1 - y0 - 2 * HEADROOM) * v / max(1, top_value)

        items.append(Rect(plot_x0, y0, plot_x1 - plot_x0, row_h, Style(fill="#ffffff", stroke=pal.line, width=0.5)))
        for v in range(1, top_value):
            items.append(Line(plot_x0, y_of(v), plot_x1, y_of(v), faint))
        # a lowered cap: the space above it shaded
        cap_pts = [(x_of(d), y_of(caps[d][r.key])) for d in range(len(caps))]
        if any(c[r.key] < top_value for c in caps):
            shade = [(plot_x0, y0)] + [(x_of(d), y_of(caps[d][r.key])) for d in range(len(caps))] + [(x_of(n), y0)]
            items.append(Path(tuple(shade), Style(fill=pal.band, stroke=None,
                                                  width=0), role="cap-shade"))
            items.append(Path(tuple(cap_pts), Style(fill=None, stroke=pal.soft, width=0.8, dash=(2, 1.5)), closed=False))
        # name and scale
        name_y = (y0 + y1) / 2
        items.append(Text(inner.x, name_y + (ASCENT - DESCENT) * 7.2 / 2 - 3.6, names[r.key], 7.2, "sans-bold", "start",
                          color, role="series-name"))
        final = values[-1][r.key]
        items.append(Text(inner.x, name_y + (ASCENT - DESCENT) * MIN_TEXT / 2 + 4.4, tr._("end {value} / {cap}").format(value=final, cap=caps[-1][r.key]),
                          MIN_TEXT, "sans", "start", pal.soft))
        for v in (0, top_value):
            items.append(Text(plot_x0 - 2.5, y_of(v) + (ASCENT - DESCENT) * MIN_TEXT / 2, str(v), MIN_TEXT, "sans",
                              "end", pal.faint, role="tick"))
        pts = tuple((x_of(d), y_of(values[d][r.key])) for d in range(len(values)))
        items.append(Path(pts, Style(fill=None, stroke=color, width=1.5), closed=False, role="series"))
        if n <= 60:
            for (x, y) in pts:
                items.append(Circle(x, y, 1.5, Style(fill=color, stroke="#ffffff", width=0.4)))
    # the day axis
    step = day_step(n, plot_x1 - plot_x0, played.game.days_per_week)
    base = bottom + 2
    items.append(Line(plot_x0, base, plot_x1, base, Style(fill=None, stroke=pal.line, width=0.6)))
    for d in range(0, n + 1):
        major = d % step == 0 or d == n
        items.append(Line(x_of(d), base, x_of(d), base + (3 if major else 1.5), Style(fill=None, stroke=pal.line,
                                                                                      width=0.5)))
    for d, font in axis_labels(n, step, x_of):
        items.append(Text(x_of(d), base + 3 + ASCENT * MIN_TEXT, str(d), MIN_TEXT, font, "middle", pal.soft,
                          role="tick"))
    zero_half = text_width("0", "sans", MIN_TEXT) / 2  # the day-0 tick label is centred on the axis start
    items.append(Text(plot_x0 - zero_half - 2.5, base + 3 + ASCENT * MIN_TEXT, tr._("day"), MIN_TEXT, "sans-italic", "end",
                      pal.soft))
    # the events' key: every kind, on as many rows as the width needs
    for r, row in enumerate(key_rows):
        x = plot_x0
        y = inner.bottom - legend_h + (r + 0.5) * (MIN_TEXT + 5)
        for kind in row:
            name, label, color = event_style(pal, kind, tr)
            items.append(icon(name, x + 4, y, 8.0, color))
            items.append(Text(x + 10, y + (ASCENT - DESCENT) * MIN_TEXT / 2, label, MIN_TEXT, "sans", "start",
                              pal.soft, role="event-key"))
            x += 10 + text_width(label, "sans", MIN_TEXT) + 10
    return Group(tuple(items), name="resource-chart", box=tuple(box))


EVENT_STACK = 3  # event icons over a day at most; a day with more shows two and "+N"


def event_key_rows(kinds: list[str], pal: Palette, width: float, tr: Translator = ENGLISH) -> list[list[str]]:
    """The event kinds in rows `width` wide (an icon and its label each), in order."""
    rows: list[list[str]] = []
    used = width
    for kind in kinds:
        need = 10 + text_width(event_style(pal, kind, tr)[1], "sans", MIN_TEXT) + 2
        if used + need > width and (not rows or rows[-1]):
            rows.append([])
            used = 0.0
        rows[-1].append(kind)
        used += need + 8
    return rows
