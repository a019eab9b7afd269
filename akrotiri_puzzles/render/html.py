"""A self-contained HTML page: the picture (inline SVG) and the position in words. No outside files."""

from __future__ import annotations

from html import escape

from ..position import Position
from ..premise import Revealed
from .highlight import Highlights
from .next_tile import next_tile
from .summary import Summary, summarise
from .svg import render_svg

_CSS = """
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 24px; color: #1b1f24; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.4em; }
figure { margin: 0; } figure svg { max-width: 100%; height: auto; border: 1px solid #d0d7de; }
.notes p { margin: 0.3em 0; }
table { border-collapse: collapse; margin: 0.4em 0 1em; }
th, td { border: 1px solid #d0d7de; padding: 4px 10px; text-align: left; vertical-align: top; }
th { background: #f3f5f7; } .to-move { background: #fff4d6; }
.columns { display: flex; flex-wrap: wrap; gap: 24px; }
.next-tile { font-weight: bold; }
""".strip()


def render_html(
    pos: Position, highlights: Highlights | None = None, notes: tuple[str, ...] = (), revealed: Revealed | None = None
) -> str:
    """A page with the position's picture and its summary; `notes` are lines shown above them,
    and a puzzle's premise (`revealed`) in the picture's panel."""
    summary = summarise(pos)
    svg = render_svg(pos, highlights, revealed=revealed)
    svg = svg.split("?>", 1)[1].lstrip() if svg.startswith("<?xml") else svg  # inline SVG takes no XML declaration
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>Akrotiri: {escape(summary.title)}</title>",
        f"<style>\n{_CSS}\n</style>",
        "</head>",
        "<body>",
        f"<h1>{escape(summary.title)}</h1>",
    ]
    if notes:
        parts.append('<div class="notes">' + "".join(f"<p>{escape(n)}</p>" for n in notes) + "</div>")
    parts.append(f"<figure>\n{svg}</figure>")
    later = next_tile(pos, highlights.line, revealed) if highlights is not None else None
    if later is not None:
        # In words too: the picture lays the tile, the page says where it came from.
        parts.append(f'<p class="next-tile">{escape(later.describe())}</p>')
    parts.extend(_tables(summary))
    parts.extend(["</body>", "</html>", ""])
    return "\n".join(parts)


def _rows(rows: tuple[tuple[str, str], ...]) -> str:
    return "".join(f"<tr><th>{escape(a)}</th><td>{escape(b)}</td></tr>" for a, b in rows)


def _tables(summary: Summary) -> list[str]:
    out = ['<div class="columns">']
    for seat in summary.seats:
        heading = escape(seat.seat.capitalize() + " seat" + (" (to move)" if seat.to_move else ""))
        cls = ' class="to-move"' if seat.to_move else ""
        out.append(f"<section><h2>{heading}</h2><table{cls}>{_rows(seat.rows)}</table></section>")
    out.append("</div>")
    out.append(f"<h2>Board</h2><table>{_rows(summary.board)}</table>")
    market = "".join(
        f"<tr><td>{escape(colour)}</td><td>{left}</td><td>{'-' if price is None else price}</td></tr>"
        for colour, left, price in summary.market
    )
    out.append(
        f"<h2>Market</h2><table><tr><th>colour</th><th>cubes left</th><th>one sale earns</th></tr>{market}</table>"
    )
    out.append(f"<p>{escape(summary.piles)}</p>")
    return out
