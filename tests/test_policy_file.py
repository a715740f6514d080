"""An exported policy file: its compact (bfloat16) copy plays as the original; a file that is not
a policy is refused with a message naming it, whatever torch makes of it; and so is a policy
trained on an observation layout the encoder no longer has."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from meeplegym.agents.policy_agent import build_actor, compact_policy, load_policy, save_policy  # noqa: E402

INPUTS, ACTIONS = 3000, 40


def _policy(tmp_path):
    torch.manual_seed(0)
    actor = build_actor(INPUTS, [64, 64], ACTIONS)
    return save_policy(tmp_path / "policy.pt", actor, game="oath", num_players=2, hidden=[64, 64],
                       activation="relu", obs_mean=torch.zeros(INPUTS), obs_var=torch.ones(INPUTS),
                       meta={"samples": 1})


def test_a_compact_copy_is_half_the_file_and_scores_actions_as_the_original(tmp_path):
    path = _policy(tmp_path)
    small = compact_policy(path, tmp_path / "small.pt")
    assert small.stat().st_size < 0.55 * path.stat().st_size
    original, compact = load_policy(path), load_policy(small)
    assert compact["meta"] == {"samples": 1, "weights": "bfloat16"}
    assert all(p.dtype == torch.float32 for p in compact["model"].parameters())  # widened on loading
    obs = torch.randn(512, INPUTS)
    with torch.no_grad():
        a, b = original["model"](obs), compact["model"](obs)
    assert not torch.equal(a, b)  # the weights were rounded...
    assert torch.allclose(a, b, atol=0.02 * a.abs().max().item())  # ...by bfloat16's 8 bits
    agree = (a.argmax(1) == b.argmax(1)).float().mean().item()
    assert agree > 0.9, agree


@pytest.mark.parametrize("content", [b"junk\n", b"PK\x03\x04junk", b""], ids=["text", "broken-zip", "empty"])
def test_a_file_that_is_not_a_policy_is_refused_by_name(tmp_path, content):
    path = tmp_path / "not-a-policy.pt"
    path.write_bytes(content)
    for read in (load_policy, lambda p: compact_policy(p, tmp_path / "out.pt")):
        with pytest.raises(ValueError, match="not-a-policy.pt is not a meeplegym policy"):
            read(path)
    assert not (tmp_path / "out.pt").exists()


def test_a_training_checkpoint_is_not_a_policy(tmp_path):
    path = tmp_path / "checkpoint.pt"
    torch.save({"model": {}, "args": {}}, path)
    with pytest.raises(ValueError, match="use the exported policy.pt"):
        load_policy(path)


def test_the_compact_command_writes_the_copy_and_names_a_bad_input(tmp_path):
    from typer.testing import CliRunner

    from meeplegym.cli import app

    runner = CliRunner()
    path = _policy(tmp_path)
    done = runner.invoke(app, ["compact", str(path), str(tmp_path / "small.pt")])
    assert done.exit_code == 0, done.output
    assert load_policy(tmp_path / "small.pt")["meta"]["weights"] == "bfloat16"
    missing = runner.invoke(app, ["compact", str(tmp_path / "nothing.pt"), str(tmp_path / "x.pt")])
    assert missing.exit_code != 0 and "no file" in _words(missing.output)
    no_folder = runner.invoke(app, ["compact", str(path), str(tmp_path / "absent" / "x.pt")])
    assert no_folder.exit_code != 0 and "does not exist" in _words(no_folder.output)


def _words(output: str) -> str:
    """The message in rich's error box, its lines joined."""
    return " ".join(output.replace("│", " ").split())


def test_a_policy_trained_on_another_observation_layout_is_refused(tmp_path):
    """A live-layout policy names the elements it reads by index; after an encoder change those
    indices would mean other things, so the agent refuses it instead of misreading them."""
    from meeplegym.agents.policy_agent import PolicyAgent
    from meeplegym.encoders import oath

    live = oath.live_columns(2)
    for name, columns in (("now", live), ("before", np.delete(live, 7))):
        save_policy(tmp_path / f"{name}.pt", build_actor(len(columns), [8], 329), game="oath", num_players=2,
                    hidden=[8], activation="relu", obs_mean=torch.zeros(len(columns)),
                    obs_var=torch.ones(len(columns)), obs_columns=columns)
    assert PolicyAgent(path=tmp_path / "now.pt").observation_size == len(live)
    with pytest.raises(ValueError, match=f"before.pt was trained on another oath observation layout: it reads "
                                         f"{len(live) - 1} elements"):
        PolicyAgent(path=tmp_path / "before.pt")
