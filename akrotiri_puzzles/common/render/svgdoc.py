"""A thin layer over ElementTree for writing SVG: fixed number format, attributes in call order.

ElementTree escapes text and attributes, so the output is always well-formed XML; numbers go
through `num` so that the same picture is the same bytes on every machine.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .colours import FONT, HALO, INK

SVG_NS = "http://www.w3.org/2000/svg"

Attr = str | float | int | None


def num(x: float) -> str:
    """A number with at most two decimals and no trailing zeros (`-0` written `0`)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attrs(attrs: dict[str, Attr]) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        out[name] = num(value) if isinstance(value, float) else str(value)
    return out


def sub(parent: ET.Element, tag: str, **attrs: Attr) -> ET.Element:
    """Append a child element; `class_` is `class`, `stroke_width` is `stroke-width`, None is left out."""
    return ET.SubElement(parent, tag, _attrs(attrs))


def group(parent: ET.Element, **attrs: Attr) -> ET.Element:
    """Append a `<g>`."""
    return sub(parent, "g", **attrs)


def text(
    parent: ET.Element,
    x: float,
    y: float,
    content: str,
    size: float,
    anchor: str = "middle",
    weight: str | None = None,
    fill: str = INK,
    halo: str | None = HALO,
    condensed: bool = True,
    **attrs: Attr,
) -> ET.Element:
    """A line of text centred vertically on y; with a halo, it stays readable over lines and land."""
    el = sub(
        parent,
        "text",
        x=x,
        y=y + size * 0.36,  # the baseline that puts the middle of digits and capitals at y
        font_size=size,
        font_family=FONT,
        font_weight=weight,
        font_stretch="condensed" if condensed else None,
        text_anchor=anchor,
        fill=fill,
        stroke=halo,
        stroke_width=size * 0.28 if halo else None,
        stroke_linejoin="round" if halo else None,
        paint_order="stroke" if halo else None,
        **attrs,
    )
    el.text = content
    return el


def path_d(points: list[tuple[float, float]], close: bool = True) -> str:
    """Path data through the points."""
    parts = [f"{'M' if i == 0 else 'L'}{num(x)} {num(y)}" for i, (x, y) in enumerate(points)]
    return " ".join(parts) + (" Z" if close else "")


def serialise(root: ET.Element) -> str:
    """The document as text, with an XML declaration and one element per line at the top levels."""
    ET.indent(root, space="")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# Widths of DejaVu Sans glyphs in ems; the condensed face is 90% as wide. Text is measured
# only to keep labels from overlapping, so a table of the characters labels use is enough.
_EM = {c: 0.636 for c in "0123456789"}
_EM.update({",": 0.318, "-": 0.361, ".": 0.318, " ": 0.318, ":": 0.337, "(": 0.39, ")": 0.39, "·": 0.318})
_EM.update({"N": 0.748, "E": 0.632, "S": 0.635, "W": 0.989, "T": 0.611, "M": 0.863, "H": 0.752})


def text_width(content: str, size: float, bold: bool = False, condensed: bool = True) -> float:
    """Approximate advance width of a line of text (bold DejaVu is about 15% wider)."""
    em = sum(_EM.get(c, 0.72 if c.isupper() else 0.6) for c in content)
    return em * size * (0.9 if condensed else 1.0) * (1.15 if bold else 1.0)
