"""The speedup bar chart (speedup.png), drawn with harness.png."""

import math

from .png import Canvas, text_height, text_width

# Base colour of each configuration (cycled); thread counts are shades of it.
PALETTE = [
    (31, 119, 180), (255, 127, 14), (44, 160, 44), (214, 39, 40),
    (148, 103, 189), (140, 86, 75), (227, 119, 194), (127, 127, 127),
    (188, 189, 34), (23, 190, 207),
]
BLACK = (0, 0, 0)
GRID = (225, 225, 225)
AXIS = (60, 60, 60)
REFERENCE = (200, 0, 0)
FAILED = (170, 0, 0)
# A log2 y axis when the speedups span more than this factor.
LOG_SCALE_RANGE = 8.0


def series_color(config_index, thread_index, thread_count):
    base = PALETTE[config_index % len(PALETTE)]
    if thread_count <= 1:
        return base
    # Fewer threads: lighter shade; the most threads: the full colour.
    mix = 0.6 * (thread_count - 1 - thread_index) / (thread_count - 1)
    return tuple(int(c + (255 - c) * mix) for c in base)


def nice_step(span, target_ticks=6):
    raw = span / max(1, target_ticks)
    exponent = math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        step = factor * 10 ** exponent
        if step >= raw:
            return step
    return 10 ** (exponent + 1)


def format_tick(value):
    if 0 < value < 1 and abs(1 / value - round(1 / value)) < 1e-9 and round(1 / value) > 2:
        return "1/%d" % round(1 / value)
    if abs(value - round(value)) < 1e-9:
        return str(int(round(value)))
    return ("%.2f" % value).rstrip("0").rstrip(".")


def draw_speedup_chart(path, groups, series, title, y_label):
    """Writes a grouped bar chart to `path`.

    groups: the x-axis group names (benchmarks, maybe "geomean" last).
    series: list of (label, color, values) with values a dict
        group -> speedup (float), or None when the run failed or was wrong
        (drawn as a red x); groups missing from the dict are left empty.
    """
    bars = max(1, len(series))
    bar_width = max(3, min(14, 90 // bars))
    group_gap = max(8, bar_width)
    group_width = bars * bar_width + group_gap
    label_scale = 1
    longest = max((len(g) for g in groups), default=1)
    label_height = text_width("x" * longest, label_scale)

    # Legend entries, laid out in as many columns as fit.
    legend_items = [label for label, _, _ in series] + ["x: failed or wrong"]
    legend_item_width = max(text_width(s) for s in legend_items) + 40

    left, right, top = 76, 16, 44
    plot_height = 340
    plot_width = max(len(groups) * group_width, 520)
    width = left + plot_width + right
    title_scale = 2 if text_width(title, 2) + 20 <= width else 1
    width = max(width, text_width(title, title_scale) + 20)
    legend_cols = max(1, (width - left) // legend_item_width)
    legend_rows = math.ceil(len(legend_items) / legend_cols)
    x_title_y = top + plot_height + 8 + label_height + 10
    height = x_title_y + text_height() + 14 + legend_rows * 14 + 10

    canvas = Canvas(width, height)
    canvas.text((width - text_width(title, title_scale)) // 2, 12, title, BLACK, scale=title_scale)

    values = [v for _, _, vals in series for v in vals.values() if v is not None and math.isfinite(v)]
    plot_top, plot_bottom = top, top + plot_height
    positive = [v for v in values if v > 0]
    log_scale = bool(positive) and max(positive + [1.0]) / min(positive + [1.0]) > LOG_SCALE_RANGE
    if log_scale:
        # Powers of two, bars growing up or down from the 1.0 line.
        lo = math.floor(math.log2(min(positive + [1.0])) - 1e-9)
        hi = math.ceil(math.log2(max(positive + [1.0])) + 1e-9)
        if hi == lo:
            hi += 1

        def y_of(value):
            value = min(max(value, 2.0 ** lo), 2.0 ** hi)
            return plot_bottom - int(round((math.log2(value) - lo) / (hi - lo) * plot_height))

        every = max(1, math.ceil((hi - lo) / 10))
        tick_values = [2.0 ** e for e in range(lo, hi + 1) if (e - lo) % every == 0 or e == 0]
        bar_base = y_of(1.0)
        y_label += " (log scale)"
    else:
        y_max = max(values + [1.0]) * 1.12
        step = nice_step(y_max)
        y_max = math.ceil(y_max / step - 1e-9) * step

        def y_of(value):
            return plot_bottom - int(round(value / y_max * plot_height))

        tick_values = [i * step for i in range(int(round(y_max / step)) + 1)]
        bar_base = plot_bottom

    # Grid and y ticks.
    for value in tick_values:
        y = y_of(value)
        canvas.hline(left, left + plot_width, y, GRID)
        label = format_tick(value)
        canvas.text(left - 6 - text_width(label), y - 3, label, BLACK)
        canvas.hline(left - 4, left, y, AXIS)
    # y-axis title, rotated.
    canvas.text(8, plot_top + (plot_height - text_width(y_label)) // 2, y_label, BLACK, rotate=True)

    # Bars.
    for g, group in enumerate(groups):
        gx = left + g * group_width + group_gap // 2
        for s, (_, color, vals) in enumerate(series):
            if group not in vals:
                continue
            x0 = gx + s * bar_width
            value = vals[group]
            if value is None or not math.isfinite(value):
                canvas.text(x0 + (bar_width - 5) // 2, plot_bottom - 9, "x", FAILED)
                continue
            y = y_of(value)
            if y == bar_base:  # keep a visible sliver for a speedup of about 1
                y -= 1
            canvas.fill_rect(x0, min(y, bar_base), x0 + bar_width - (1 if bar_width > 4 else 0),
                             max(y, bar_base), color)
        # Group label under the axis, reading upward, ending at the axis.
        center = gx + (bars * bar_width) // 2
        canvas.text(center - text_height(label_scale) // 2, plot_bottom + 8, group, BLACK, scale=label_scale, rotate=True)
        if g:
            canvas.vline(left + g * group_width, plot_bottom, plot_bottom + 4, AXIS)
            if group == "geomean":
                for y in range(plot_top, plot_bottom, 6):
                    canvas.vline(left + g * group_width, y, y + 3, AXIS)

    # Axes and the 1.0 reference line.
    canvas.vline(left, plot_top, plot_bottom + 1, AXIS)
    canvas.hline(left, left + plot_width, plot_bottom, AXIS)
    y_one = y_of(1.0)
    canvas.hline(left, left + plot_width, y_one, REFERENCE, dash=4)
    canvas.text(left + plot_width + 3, y_one - 3, "1", REFERENCE)

    x_title = "benchmark"
    canvas.text(left + (plot_width - text_width(x_title)) // 2, x_title_y, x_title, BLACK)

    # Legend.
    ly = x_title_y + text_height() + 14
    for i, label in enumerate(legend_items):
        col, row = i % legend_cols, i // legend_cols
        x = left + col * legend_item_width
        y = ly + row * 14
        if i < len(series):
            canvas.fill_rect(x, y, x + 16, y + 8, series[i][1])
        else:
            canvas.text(x + 5, y, "x", FAILED)
            label = label[3:]
        canvas.text(x + 22, y, label, BLACK)
    canvas.save(path)
