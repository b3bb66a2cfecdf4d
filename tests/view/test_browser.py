"""The page in a real browser: headless Chromium loads it from a file:// URL (nothing else to
fetch), its DOM has the ops and the layout colours, and a screenshot of it is drawn.

Skipped when there is no Chromium (``apt-get install -y chromium``; CI installs it)."""

from __future__ import annotations

import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from layoutcheck.view import View
from layoutcheck.view.palette import SWATCHES, Tone


def _chromium() -> str | None:
    found = shutil.which("chromium")
    if found is None and Path("/usr/bin/chromium").is_file():
        found = "/usr/bin/chromium"
    return found


CHROMIUM = _chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium (neither /usr/bin/chromium nor `chromium` on PATH): "
    "apt-get install -y chromium",
)


def chromium(profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    command = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",  # CI runs as root
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)


def test_the_browser_dom_has_the_ops_and_layout_colours(
    tmp_path: Path, glm_page: str, glm_view: View
) -> None:
    page = tmp_path / "glm.html"
    page.write_text(glm_page, encoding="utf-8")
    dom = chromium(tmp_path / "profile", "--dump-dom", page.as_uri()).stdout
    assert "<svg" in dom
    for label in ("input_layernorm.all_gather", "self_attn.attn", "mlp.experts", "lm_head"):
        assert f">{label}</text>" in dom
    for tone in set(Tone) - {Tone.TOP}:
        assert f'stroke="{SWATCHES[tone].colour}"' in dom
    for panel in glm_view.panels:
        assert f'id="{panel.key}"' in dom
    # the browser kept every node and edge it was given
    assert dom.count('<g class="node ') == glm_page.count('<g class="node ')
    assert dom.count('<g class="edge ') == glm_page.count('<g class="edge ')


def test_a_screenshot_of_a_failing_graph_is_drawn(tmp_path: Path, bug_page: str) -> None:
    page = tmp_path / "bug.html"
    page.write_text(bug_page, encoding="utf-8")
    shot = tmp_path / "bug.png"
    chromium(tmp_path / "profile", f"--screenshot={shot}", "--window-size=900,1400", page.as_uri())
    width, height, pixels = _png(shot.read_bytes())
    assert (width, height) == (900, 1400)
    # not a blank page: many distinct pixel values (text, the layout colours, the red marks)
    assert len(set(pixels)) > 64


def _png(data: bytes) -> tuple[int, int, bytes]:
    """Width, height and the (still filtered) pixel bytes of a PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    position, width, height, chunks = 8, 0, 0, []
    while position < len(data):
        (size,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        body = data[position + 8 : position + 8 + size]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + size
    return width, height, zlib.decompress(b"".join(chunks))
