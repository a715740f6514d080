"""Headless Chromium for the tests that look at a written page (the replay page, the balance
report): Debian's chromium, which `make test` installs where apt can."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


BROWSER_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files")
SKIP_REASON = "no Chromium (Debian package chromium; make test installs it where it can)"


def screenshot(url: str, shot: Path, size=(1400, 900)):
    """The page at `url` as the browser draws it, an RGB PIL image of `size`."""
    from PIL import Image

    subprocess.run([chromium(), *BROWSER_FLAGS, f"--screenshot={shot}", f"--window-size={size[0]},{size[1]}", url],
                   capture_output=True, timeout=120)
    return Image.open(shot).convert("RGB")
