"""meeplegym keeps numba's compiled kernels in a folder named by a hash of the engine sources
(meeplegym/_numba_cache.py): a kernel compiled against another version of a module it reads
(card programs are constants frozen into the kernels) must never be loaded."""

from __future__ import annotations

import os
import subprocess
import sys

_PROBE = ("import numba, os, meeplegym; from numba.core import config; "
          "print(config.CACHE_DIR); print(os.environ['NUMBA_CACHE_DIR'])")


def test_the_source_hashed_cache_folder_is_used_even_when_numba_was_imported_first(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    out = subprocess.run([sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, check=True)
    used, chosen = out.stdout.split()
    assert used == chosen  # numba reads the folder meeplegym chose, not its per-file default ('')
    assert used.startswith(str(tmp_path / "meeplegym" / "numba"))
