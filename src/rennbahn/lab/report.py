"""A study's report: an HTML page (Jinja2) and one PNG per figure (matplotlib, Agg).

matplotlib and Jinja2 come with the ``lab`` extra (``pip install rennbahn[lab]``); they are
imported here only, when a report is drawn.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from rennbahn.core.errors import MissingExtraError
from rennbahn.lab.metrics import Comparison, Interval, Summary, VariantFigures
from rennbahn.lab.words import bot_in_words

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

HERE = Path(__file__).resolve().parent
#: One colour per variant (colour-blind safe: Okabe and Ito's, their yellow left out for
#: its weak contrast on white).
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#999999",
           "#000000")
INK = "#333333"
GRID = "#dddddd"
DPI = 110


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError as error:
        raise MissingExtraError(
            "the lab's report needs matplotlib and Jinja2: pip install 'rennbahn[lab]'"
        ) from error
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({
        "font.size": 10, "axes.edgecolor": INK, "axes.labelcolor": INK, "text.color": INK,
        "xtick.color": INK, "ytick.color": INK, "axes.spines.top": False,
        "axes.spines.right": False, "axes.titleweight": "bold", "axes.titlesize": 11,
        "figure.dpi": DPI, "savefig.dpi": DPI, "savefig.bbox": "tight",
    })
    return plt


def _wrap(text: str, width: int = 38) -> str:
    words, lines, line = text.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    return "\n".join(lines)


def _tidy(ax: Axes, *, grid_axis: Literal["x", "y"] = "y") -> None:
    ax.grid(axis=grid_axis, color=GRID, linewidth=0.8)
    ax.set_axisbelow(True)


def _save(fig: Figure, folder: Path, name: str, plt: Any) -> str:
    fig.savefig(folder / name, facecolor="white")
    plt.close(fig)
    return name


def _win_bars(summary: Summary, folder: Path, plt: Any, name: str, title: str,
              groups: list[tuple[str, Callable[[VariantFigures], tuple[float, Interval]]]]
              ) -> str:
    """Bars per group and variant with their Wilson 95% intervals, the fair share dashed."""
    variants = summary.variants
    width = 0.8 / len(variants)
    fig, ax = plt.subplots(figsize=(max(5.5, 1.4 * len(groups) + 2), 4.2),
                           layout="constrained")
    top = 0.0
    for k, v in enumerate(variants):
        values = [figure(v) for _, figure in groups]
        xs = [i + (k - (len(variants) - 1) / 2) * width for i in range(len(groups))]
        ax.bar(xs, [r for r, _ in values], width * 0.92, color=COLOURS[k % len(COLOURS)],
               label=_wrap(v.variant), capsize=3, error_kw={"elinewidth": 1, "ecolor": INK},
               yerr=[[max(0.0, r - lo) for r, (lo, _) in values],  # 0 - 1e-17 at 0 wins
                     [max(0.0, hi - r) for r, (_, hi) in values]])
        top = max(top, *(hi for _, (_, hi) in values))
    ax.axhline(1 / variants[0].seats, color=INK, linestyle="--", linewidth=1,
               label="fair share")
    ax.set_xticks(range(len(groups)), [label for label, _ in groups])
    ax.set_ylabel("Share of games won")
    ax.set_ylim(0, min(1.0, top * 1.15))
    ax.yaxis.set_major_formatter(plt.FuncFormatter(lambda y, _: f"{y:.0%}"))
    ax.set_title(f"{title}, with 95% intervals ({variants[0].games} games each)")
    _tidy(ax)
    fig.legend(frameon=False, fontsize=8, loc="outside lower center",
               ncol=min(2, len(variants) + 1))
    return _save(fig, folder, name, plt)


def win_rate_by_seat(summary: Summary, folder: Path, plt: Any) -> str:
    """The win rate of each seat."""
    def seat(s: int) -> Callable[[VariantFigures], tuple[float, Interval]]:
        return lambda v: (v.win_rate[s], v.win_ci[s])

    names = [f"Seat {s + 1}" for s in range(summary.variants[0].seats)]
    lineups = {tuple(v.bots) for v in summary.variants}
    (lineup,) = lineups if len(lineups) == 1 else ((),)
    if len(set(lineup)) > 1:  # one lineup of different bots: say who sits where
        names = [f"{name}\n{_wrap(bot_in_words(bot), 16)}" for name, bot in zip(
            names, lineup, strict=True)]
    return _win_bars(summary, folder, plt, "win-rate-by-seat.png", "Win rate by seat",
                     [(name, seat(s)) for s, name in enumerate(names)])


def win_rate_by_start(summary: Summary, folder: Path, plt: Any) -> str:
    """The win rate by start position (Ausgebremst's start rows)."""
    def start(s: int) -> Callable[[VariantFigures], tuple[float, Interval]]:
        return lambda v: v.by_start[s][:2] if s in v.by_start else (0.0, (0.0, 0.0))

    starts = sorted({s for v in summary.variants for s in v.by_start})
    unit = summary.start_unit
    return _win_bars(summary, folder, plt, "win-rate-by-start.png",
                     f"Win rate by {unit}", [(f"{unit.capitalize()} {s}", start(s))
                                             for s in starts])


def race_length(summary: Summary, folder: Path, plt: Any) -> str:
    """The distribution of race lengths (decisions), one outline per variant."""
    variants = summary.variants
    if len(variants) > 3:  # outlines of many variants hide each other: one box each
        return _length_boxes(summary, folder, plt)
    low = min(min(v.lengths) for v in variants)
    high = max(max(v.lengths) for v in variants)
    bins = min(40, max(5, high - low + 1))
    fig, ax = plt.subplots(figsize=(6.5, 3.6))
    for k, v in enumerate(variants):
        colour = COLOURS[k % len(COLOURS)]
        ax.hist(v.lengths, bins=bins, range=(low, high + 1), histtype="stepfilled",
                alpha=0.25, color=colour)
        ax.hist(v.lengths, bins=bins, range=(low, high + 1), histtype="step", linewidth=1.6,
                color=colour, label=_wrap(f"{v.variant} (mean {v.length:.1f})"))
    ax.set_xlabel("Decisions in the game (all players' moves)")
    ax.set_ylabel("Games")
    ax.set_title("How long the races are")
    _tidy(ax)
    ax.legend(frameon=False, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.18),
              ncol=min(2, len(variants)))
    return _save(fig, folder, "race-length.png", plt)


def _length_boxes(summary: Summary, folder: Path, plt: Any) -> str:
    """Race lengths as one box per variant (quartiles, whiskers to 1.5 IQR, the mean a dot)."""
    variants = summary.variants
    fig, ax = plt.subplots(figsize=(7, 0.9 + 0.45 * len(variants)))
    boxes = ax.boxplot([v.lengths for v in variants], vert=False, patch_artist=True,
                       showmeans=True, widths=0.6, flierprops={"markersize": 2},
                       meanprops={"marker": "o", "markerfacecolor": "white",
                                  "markeredgecolor": INK, "markersize": 4},
                       medianprops={"color": INK})
    for k, patch in enumerate(boxes["boxes"]):
        patch.set_facecolor(COLOURS[k % len(COLOURS)])
        patch.set_alpha(0.8)
    ax.set_yticks(range(1, len(variants) + 1),
                  [_wrap(f"{v.variant} (mean {v.length:.1f})", 45) for v in variants],
                  fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("Decisions in the game (all players' moves)")
    ax.set_title("How long the races are")
    _tidy(ax, grid_axis="x")
    return _save(fig, folder, "race-length.png", plt)


def where_cars_end(summary: Summary, folder: Path, plt: Any) -> str:
    """A heat map per variant: for each seat, the share of games its car ended at each
    place, in the game's own squares along the track."""
    variants = summary.variants
    low = min(min(p) for v in variants for p in v.places)
    high = max(max(p) for v in variants for p in v.places)
    span = high - low + 1
    step = max(1, math.ceil(span / 40))
    columns = math.ceil(span / step)
    grids = []
    for v in variants:
        grid = [[0.0] * columns for _ in range(v.seats)]
        for seat, places in enumerate(v.places):
            for place in places:
                grid[seat][(place - low) // step] += 1 / len(places)
        grids.append(grid)
    top = max(max(max(row) for row in grid) for grid in grids) or 1.0  # one scale for all
    across = 1 if len(variants) <= 2 else 2
    down = math.ceil(len(variants) / across)
    fig, axes = plt.subplots(down, across, squeeze=False, sharex=True, layout="constrained",
                             figsize=(7.5 if across == 1 else 11,
                                      0.9 + (0.32 * variants[0].seats + 0.55) * down))
    image = None
    for k, (v, grid) in enumerate(zip(variants, grids, strict=True)):
        ax = axes[k // across][k % across]
        image = ax.imshow(grid, aspect="auto", cmap="Blues", vmin=0, vmax=top,
                          extent=(low - 0.5, low + columns * step - 0.5, v.seats - 0.5, -0.5))
        ax.set_yticks(range(v.seats), [f"Seat {s + 1}" for s in range(v.seats)], fontsize=8)
        ax.set_title(_wrap(v.variant, 60 if across > 1 else 80), fontsize=9, loc="left",
                     fontweight="normal")
        for side in ("top", "right", "left", "bottom"):
            ax.spines[side].set_visible(False)
    for k in range(len(variants), down * across):
        axes[k // across][k % across].set_visible(False)
    for ax in axes[-1]:
        ax.set_xlabel(f"Where the cars ended: {summary.place_unit}")
    if image is not None:
        bar = fig.colorbar(image, ax=[ax for row in axes for ax in row], shrink=0.6)
        bar.set_label("share of games")
        bar.ax.yaxis.set_major_formatter(plt.FuncFormatter(lambda y, _: f"{y:.0%}"))
    fig.suptitle("Where the cars end", fontweight="bold", fontsize=11, x=0.02, ha="left")
    return _save(fig, folder, "where-cars-end.png", plt)


def endings(summary: Summary, folder: Path, plt: Any) -> str:
    """How the races end: the share of each of the game's own endings, per variant."""
    variants = summary.variants
    fig, ax = plt.subplots(figsize=(7, 1.3 + 0.5 * len(variants)), layout="constrained")
    shown = [kind for kind in summary.endings
             if any(v.endings[kind][0] for v in variants)]
    for k, v in enumerate(variants):
        left = 0.0
        for j, kind in enumerate(shown):
            share = v.endings[kind][0] / v.games
            ax.barh(k, share, left=left, color=COLOURS[j % len(COLOURS)],
                    label=kind if k == 0 else None, height=0.6)
            if share >= 0.08:
                ax.text(left + share / 2, k, f"{share:.0%}", ha="center", va="center",
                        color="white", fontsize=8, fontweight="bold")
            left += share
    ax.set_yticks(range(len(variants)), [_wrap(v.variant, 30) for v in variants], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda x, _: f"{x:.0%}"))
    ax.set_title("How the races end")
    fig.legend(frameon=False, fontsize=8, loc="outside lower center", ncol=min(3, len(shown)))
    return _save(fig, folder, "endings.png", plt)


def differences(summary: Summary, folder: Path, plt: Any) -> str:
    """Each variant's differences from the first with 95% intervals, one row per measure
    and one colour per variant: shares in percentage points (above), race length in
    decisions (below)."""
    count = len(summary.comparisons)
    measures = list(dict.fromkeys(
        c.measure for comparisons in summary.comparisons for c in comparisons
        if not c.measure.startswith("winner changes")))
    shares = [m for m in measures if not m.startswith("length")]
    lengths = [m for m in measures if m.startswith("length")]
    row = 0.3 + 0.16 * count
    fig, (left, right) = plt.subplots(
        2, 1, figsize=(8.5, 2.2 + row * (len(shares) + len(lengths))), layout="constrained",
        gridspec_kw={"height_ratios": [max(1, len(shares)), max(1, len(lengths)) + 0.6]})
    spread = 0.7 / max(count, 1)
    for ax, chosen, scale, unit in ((left, shares, 100.0, "percentage points"),
                                    (right, lengths, 1.0, "decisions")):
        for k, comparisons in enumerate(summary.comparisons, start=1):
            found: dict[str, Comparison] = {c.measure: c for c in comparisons}
            colour = COLOURS[k % len(COLOURS)]
            for i, measure in enumerate(chosen):
                if measure not in found:
                    continue
                d = found[measure].difference
                y = i + (k - 1 - (count - 1) / 2) * spread
                ax.plot([d.low * scale, d.high * scale], [y, y], color=colour, linewidth=2,
                        solid_capstyle="butt")
                ax.plot([d.estimate * scale], [y], "o", color=colour, markersize=4.5)
        ax.axvline(0, color=INK, linewidth=0.8)
        ax.set_yticks(range(len(chosen)), chosen, fontsize=8)
        ax.set_ylim(len(chosen) - 0.5, -0.5)
        ax.set_xlabel(unit)
        _tidy(ax, grid_axis="x")
    handles = [plt.Line2D([], [], color=COLOURS[k % len(COLOURS)], marker="o", linewidth=2)
               for k in range(1, count + 1)]
    fig.legend(handles, [_wrap(v.variant, 45) for v in summary.variants[1:]], frameon=False,
               fontsize=8, loc="outside lower center", ncol=min(3, count))
    fig.suptitle(_wrap(f"Differences from {summary.variants[0].variant}, with 95% intervals",
                       100), fontsize=11, fontweight="bold", x=0.02, ha="left")
    return _save(fig, folder, "differences.png", plt)


def figure_files(summary: Summary, folder: Path, by_start: bool) -> list[str]:
    """Draw every figure of the study into ``folder``; their file names."""
    plt = _pyplot()
    names = [win_rate_by_seat(summary, folder, plt)]
    if by_start:
        names.append(win_rate_by_start(summary, folder, plt))
    names += [race_length(summary, folder, plt), where_cars_end(summary, folder, plt),
              endings(summary, folder, plt)]
    if summary.comparisons:
        names.append(differences(summary, folder, plt))
    return names


def write_report(folder: Path, summary: Summary, page: dict[str, Any],
                 by_start: bool) -> list[str]:
    """Write ``index.html`` and the PNGs into ``folder`` (made if missing); the files."""
    try:
        import jinja2
    except ImportError as error:
        raise MissingExtraError(
            "the lab's report needs matplotlib and Jinja2: pip install 'rennbahn[lab]'"
        ) from error
    folder.mkdir(parents=True, exist_ok=True)
    names = figure_files(summary, folder, by_start)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"),
                             autoescape=True)
    env.filters.update(percent=percent, interval=interval, p_value=p_value)
    html = env.get_template("report.html").render(summary=summary, figures=names, **page)
    temporary = folder / ".index.html.tmp"
    temporary.write_text(html, encoding="utf-8")
    os.replace(temporary, folder / "index.html")
    return ["index.html", *names]


def percent(value: float) -> str:
    return f"{value:.1%}"


def interval(low: float, high: float, scale: float = 100.0, digits: int = 1) -> str:
    return f"{low * scale:.{digits}f} to {high * scale:.{digits}f}"


def p_value(p: float) -> str:
    if math.isnan(p):
        return ""
    return "< 0.001" if p < 0.001 else f"{p:.3f}"
