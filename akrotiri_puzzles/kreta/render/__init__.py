"""Pictures of Kreta positions: SVG (svg.py), PNG (the SVG rasterised, common/render/png.py) and a
terminal view (terminal.py), from the same words (words.py). The rules never import this."""
