"""The documentation stays true: its code runs and its tables match the code."""

import re
from pathlib import Path

import pytest

from meeplegym.encoders import scythe as scythe_encoder
from meeplegym.envs.scythe import actions

ROOT = Path(__file__).resolve().parent.parent


def _python_blocks(path):
    return re.findall(r"```python\n(.*?)```", path.read_text(), flags=re.S)


@pytest.mark.parametrize("doc", ["README.md", "docs/scythe.md", "docs/imperium.md", "docs/vector.md", "docs/tournaments.md",
                                 "docs/seeing.md", "docs/oath.md"])
def test_python_examples_run(doc):
    blocks = _python_blocks(ROOT / doc)
    assert blocks, f"{doc} has no python example"
    for code in blocks:
        exec(compile(code, doc, "exec"), {})


def test_scythe_feature_table_matches_the_encoder():
    assert scythe_encoder.FEATURES.markdown() in (ROOT / "docs/scythe.md").read_text()


def test_imperium_feature_table_matches_the_encoder():
    from meeplegym.encoders import imperium as imperium_encoder

    text = (ROOT / "docs/imperium.md").read_text()
    assert imperium_encoder.FEATURES.markdown() in text
    assert f"float32[{imperium_encoder.OBS_SIZE}]" in text


def test_scythe_action_table_matches_the_layout():
    text = (ROOT / "docs/scythe.md").read_text()
    for name, start, size in actions.BLOCKS:
        assert re.search(rf"\| {name} \| {start} \| {size} \|", text), name


def test_scythe_space_sizes_in_the_docs():
    text = (ROOT / "docs/scythe.md").read_text()
    assert f"float32[{scythe_encoder.OBS_SIZE}]" in text
    assert f"int8[{actions.NUM_ACTIONS}]" in text and f"Discrete({actions.NUM_ACTIONS})" in text
