"""Per-entity observations and the network that reads them (issue 49, Deliver 1): each game's
entity tables cover the live layout's entity elements once each, hold what the state says about
each entity, and `--network entities` trains, exports and plays back the same scores."""

from __future__ import annotations

import importlib
import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from meeplegym.training.opponents import SeatAdapter, entity_rows, live_columns  # noqa: E402

torch.set_num_threads(1)
GAMES = ["scythe", "imperium", "oath"]
# rows per kind at a 2-player table: every location, card, slot, option and own unit; two seats
ROWS_2P = {"scythe": {"location": 54, "player": 2, "unit": 13},
           "imperium": {"card": 499, "player": 2, "option": 6},
           "oath": {"card": 237, "slot": 8, "seat": 2}}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_entity_rows_cover_the_entity_elements_of_the_live_layout_once(game, players):
    features = importlib.import_module(f"meeplegym.encoders.{game}").FEATURES
    live = live_columns(game, players)
    tables = entity_rows(game, players)
    gathered = np.concatenate([t.columns.ravel() for t in tables])
    assert len(set(gathered.tolist())) == gathered.size  # no element in two rows
    assert np.array_equal(np.sort(gathered), features.entity_columns(players))
    assert gathered.min() >= 0 and gathered.max() < live.size
    for t in tables:
        assert len(t.features) == t.columns.shape[1] and len(t.ids) == t.columns.shape[0]
        if t.adjacency is not None:
            assert (t.adjacency == t.adjacency.T).all() and not t.adjacency.diagonal().any()
    if players == 2:
        assert {t.kind: len(t.ids) for t in tables} == ROWS_2P[game]


def test_a_seat_the_table_lacks_has_no_row_and_a_bad_layout_is_named():
    from meeplegym.encoders.features import FeatureTable

    table = FeatureTable({"seat": 3})
    table.add("seat.score", 3, "per relative seat", roles=(0, 1, 2), entity="seat")
    table.add("seat.flag", 3, "per relative seat", roles=(0, 1, 2), entity="seat")
    rows = table.entity_rows("seat", 2)
    assert rows.ids.tolist() == [0, 1] and rows.columns.tolist() == [[0, 2], [1, 3]]
    assert rows.features == ("seat.score", "seat.flag")
    with pytest.raises(ValueError, match="do not split over 3 seat entities"):
        table.add("seat.pair", 4, "two values", entity="seat")
    ragged = FeatureTable({"site": 2})
    ragged.add("site.x", 2, "per site", roles=(-1, -2), entity="site")  # site 1's value is fixed by the table
    ragged.add("site.y", 2, "per site", entity="site")
    with pytest.raises(ValueError, match="site: the entities keep different elements"):
        ragged.entity_rows("site", 2)


def test_scythe_rows_agree_a_units_location_with_that_locations_units(scythe_kernels):
    """Each own unit's row holds its location one-hot; that location's row must then show the
    observer's units there (relative seat 0's character, mechs or workers): a gather that mixed
    up the locations or the seats would break it."""
    env = SeatAdapter("scythe", 8, 2, ["random"], seed=5)
    rng = np.random.default_rng(0)
    tables = {t.kind: t for t in entity_rows("scythe", 2)}
    units, locations = tables["unit"], tables["location"]
    own = [k for k, f in enumerate(locations.features) if f == "location.units"][:3]  # seat 0: character, mechs, workers
    checked = 0
    for _ in range(40):
        obs = env.observation[:, live_columns("scythe", 2)]  # the adapter gives whole observations
        for b in range(obs.shape[0]):
            for u in range(len(units.ids)):
                where = obs[b, units.columns[u]]
                if where.any():
                    location = int(np.flatnonzero(locations.ids == where.argmax())[0])
                    assert obs[b, locations.columns[location][own]].sum() > 0
                    checked += 1
        env.step(np.array([rng.choice(np.flatnonzero(m)) for m in env.action_mask]))
    assert checked > 100


def test_the_entity_network_memorises_a_fixed_batch(scythe_kernels):
    """The overfit check of tests/test_training_learning.py through the entity first layer."""
    from meeplegym.agents.entity_input import entity_spec
    from meeplegym.training.ppo import ActorCritic, LegalDistribution, masked_logits

    env = SeatAdapter("scythe", 16, 2, ["random"], seed=2)
    rng = np.random.default_rng(1)
    obs, masks = [], []
    while sum(len(o) for o in obs) < 256:
        obs.append(env.observation[:, live_columns("scythe", 2)])
        masks.append(env.action_mask.astype(bool))
        env.step(np.array([rng.choice(np.flatnonzero(m)) for m in env.action_mask]))
    obs, masks = torch.tensor(np.concatenate(obs)[:256]), torch.tensor(np.concatenate(masks)[:256])
    targets = torch.tensor([rng.choice(np.flatnonzero(m)) for m in masks.numpy()])
    torch.manual_seed(0)
    model = ActorCritic(obs.shape[1], masks.shape[1], [128, 128], entities=entity_spec(entity_rows("scythe", 2)))
    model.norm.update(obs)
    x = model.norm(obs)
    optimizer = torch.optim.Adam(model.parameters(), lr=2e-3)
    for _ in range(300):
        nll = -LegalDistribution(model(x)[0], masks).log_prob(targets).mean()
        optimizer.zero_grad()
        nll.backward()
        optimizer.step()
    with torch.no_grad():
        accuracy = (masked_logits(model(x)[0], masks).argmax(-1) == targets).float().mean().item()
    assert accuracy > 0.95, accuracy


def test_an_entity_network_trains_exports_and_plays_back_the_same_scores(tmp_path, scythe_kernels):
    from meeplegym.agents.entity_input import EntityInput
    from meeplegym.agents.policy_agent import ENTITY_FORMAT, PolicyAgent, compact_policy, load_policy
    from meeplegym.training import ppo

    args = ppo.Args(num_envs=8, num_steps=32, total_steps=512, num_minibatches=2, update_epochs=2, hidden="32,32",
                    out=str(tmp_path), eval_every=0, eval_opponents="", tensorboard=False, checkpoint_every=1,
                    seed=3, network="entities", entity_width=8, separate_critic=True)
    stats = ppo.train(args)
    assert math.isfinite(stats["loss"]) and stats["entropy"] > 0
    blob = load_policy(tmp_path / "policy.pt")
    assert blob["format"] == ENTITY_FORMAT and isinstance(blob["model"][0], EntityInput)
    assert [t["kind"] for t in blob["entities"]] == ["location", "player", "unit"]
    ckpt = ppo.load_checkpoint(tmp_path / "checkpoint.pt", "cpu")
    model = ppo.ActorCritic(blob["observation_size"], blob["num_actions"], [32, 32], separate_critic=True,
                            entities=blob["entities"], entity_width=8)
    model.load_state_dict(ckpt["model"])
    observations = SeatAdapter("scythe", 6, 2, ["random"], seed=9).observation.copy()
    with torch.no_grad():
        expected, values = model(model.norm(torch.as_tensor(observations[:, live_columns("scythe", 2)])))
    torch.testing.assert_close(PolicyAgent(path=tmp_path / "policy.pt").logits(observations), expected)
    torch.testing.assert_close(PolicyAgent(path=tmp_path / "policy.pt").values(observations), values)
    compact = PolicyAgent(path=compact_policy(tmp_path / "policy.pt", tmp_path / "small.pt")).logits(observations)
    torch.testing.assert_close(compact, expected, rtol=0.05, atol=0.05)  # bfloat16 weights
    resumed = ppo.train(ppo.Args(**{**vars(args), "total_steps": 768, "resume": True, "network": "flat"}))
    assert resumed["samples"] == 768  # the checkpoint's network, whatever the flag says now


@pytest.mark.parametrize("overrides, message", [
    ({"network": "graph"}, "--network must be one of flat, entities"),
    ({"network": "entities", "first_layer": "sparse"}, "first layer of its own"),
    ({"network": "entities", "observation": "full"}, "reads the live layout"),
])
def test_bad_network_options_are_named(tmp_path, overrides, message):
    from meeplegym.errors import InvalidOptionError
    from meeplegym.training import ppo

    args = ppo.Args(num_envs=2, num_steps=8, total_steps=16, hidden="8", out=str(tmp_path), eval_every=0,
                    eval_opponents="", tensorboard=False, **overrides)
    with pytest.raises(InvalidOptionError, match=message):
        ppo.train(args)
