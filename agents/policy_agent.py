"""A trained policy as an agent: ``make_agent("policy", path="runs/scythe/policy.pt")``.

Both training paths (``training/ppo.py`` and ``training/maskable.py``) export the same file: a
``torch.save`` dict that ``torch.load(weights_only=True)`` reads (tensors, numbers, strings):

- ``format``: ``"meeplegym-policy/1"``, or ``"meeplegym-policy/2"`` for an actor with phase-aware
  heads (below), or ``"meeplegym-policy/3"`` for one whose first layer reads entities (below;
  older meeplegym versions cannot read those);
- ``game``, ``num_players``, ``observation_size``, ``num_actions``: what it was trained on;
- ``obs_columns``: the elements of the game's observation the network reads (int64, ascending),
  or None for all of them. A learner trained on the live layout reads only what can change at its
  table (``FeatureTable.live_columns``); the agent still takes whole observations and picks these;
- ``hidden`` (layer widths) and ``activation`` (``"relu"`` or ``"tanh"``): the actor is
  ``Linear(obs, h1), act, ..., Linear(hk, num_actions)`` as an ``nn.Sequential``;
- ``phase_columns``: None for that actor; else (format 2) the positions in the network's input of
  the observation's ``decision.phase`` one-hot, and the actor is a ``PhaseActor``: the same hidden
  layers, then a head shared by every decision plus a low-rank head per phase (``PhaseHead``);
- ``entities``: None; else (format 3) the first layer is an ``EntityInput``
  (``agents/entity_input.py``) reading these entity tables (``entity_spec``: each kind's
  ``columns`` in the network's input and its ``adjacency``), ``entity_width`` wide;
- ``actor``: its ``state_dict``, float32, or bfloat16 in a compact file (``compact_policy``);
- ``obs_mean``, ``obs_var``, ``obs_eps``, ``obs_clip``: the observation normaliser,
  ``clip((obs - mean) / sqrt(var + eps), -clip, clip)``;
- ``value`` (since stop 70; None in older files and in ``maskable-ppo``'s): the critic, the
  trainer's estimate of the learner's return from a decision on (its reward as ``meta`` gives it:
  ``reward_mode``, ``reward_scale``, ``shaping_coef``, discounted by ``gamma``), read from the
  same normalised input: ``{"head": Linear(hk, 1)'s state_dict, "trunk": None}`` where it reads
  the actor's hidden layers, or ``"trunk"``: the state_dict of hidden layers of its own in the
  actor's layout (``--separate-critic``). Files without the key load as before, and older
  meeplegym versions read these files, ignoring the value;
- ``meta``: free-form facts (algorithm, samples trained, ...); ``meta["delegate"]``, when set,
  names the bundled bot that plays every decision but the strategic ones (``agents/delegate.py``);
  ``meta["cloned"]`` (since stop 68) whether the network learned another agent's moves (a
  teacher, or a starting policy that had one), ``meta["teacher"]`` and ``meta["init_policy"]``.

The agent scores every action, sets the illegal ones to -inf and samples among the legal ones
by the policy's probabilities (the default: how it played in training), or plays the best legal
one with ``greedy=True``. Sampling is the safer default: a deterministic policy can repeat a
cycle of decisions that it never leaves (seen in Scythe: a Speed mech dropping and reloading
the same tokens inside one Move, and two-section loops across turns).
"""

from __future__ import annotations

import importlib
import pickle
from pathlib import Path

import numpy as np
import torch
from torch import nn

from meeplegym.agents.base import Agent, batch_records
from meeplegym.agents.delegate import check_delegation, strategic_rows
from meeplegym.agents.entity_input import EntityInput

FORMAT = "meeplegym-policy/1"
PHASE_FORMAT = "meeplegym-policy/2"  # an actor with phase-aware heads
ENTITY_FORMAT = "meeplegym-policy/3"  # an actor whose first layer reads entities (and may have phase heads)
FORMATS = (FORMAT, PHASE_FORMAT, ENTITY_FORMAT)
ACTIVATIONS = {"relu": nn.ReLU, "tanh": nn.Tanh}


def build_actor(observation_size: int, hidden, num_actions: int, activation: str = "relu", entities=None,
                entity_width: int = 16) -> nn.Sequential:
    """The actor layout every exported policy uses; with `entities` (`entity_spec`'s list) its
    first layer is an `EntityInput`."""
    layers: list[nn.Module] = []
    width = observation_size
    for h in hidden:
        layers += [nn.Linear(width, int(h)), ACTIVATIONS[activation]()]
        width = int(h)
    layers.append(nn.Linear(width, num_actions))
    if entities:
        layers[0] = EntityInput(observation_size, int(hidden[0]), entities, entity_width)
    return nn.Sequential(*layers)


class PhaseHead(nn.Module):
    """Action scores from the trunk's features: a head shared by every decision plus one head per
    decision kind (phase). One action list serves every phase, so an index means a step in one
    phase and a payment in another; a phase's own head lets the scores of its decisions differ
    from the others' without the trunk having to encode that. A phase's head is a bias per action
    and a linear map of rank `rank` (features -> `rank` numbers -> actions), which starts at zero,
    so the network starts as the shared head alone; each row goes through its own phase's head
    only.

    The phase is read from the network's input at `phase_columns`, the observation's
    ``decision.phase`` one-hot after the observation normaliser: the hot element is the only one
    above its mean there, so it is the largest."""

    def __init__(self, width: int, num_actions: int, phase_columns, rank: int = 16):
        super().__init__()
        self.shared = nn.Linear(width, num_actions)
        self.register_buffer("phase_columns", torch.as_tensor(np.asarray(phase_columns), dtype=torch.int64))
        n_phases = self.phase_columns.numel()
        # in: random, out: zero, so the product starts at zero and both factors get a gradient
        self.phase_in = nn.Parameter(torch.randn(n_phases, width, rank) / np.sqrt(width))
        self.phase_out = nn.Parameter(torch.zeros(n_phases, rank, num_actions))
        self.phase_bias = nn.Parameter(torch.zeros(n_phases, num_actions))

    @property
    def out_features(self) -> int:
        return self.shared.out_features

    def forward(self, features: torch.Tensor, obs: torch.Tensor) -> torch.Tensor:
        return self.scores(features, obs[:, self.phase_columns].argmax(-1))

    def scores(self, features: torch.Tensor, phase: torch.Tensor) -> torch.Tensor:
        """The scores of rows with these `features`, each in its `phase` (an index into `phase_columns`)."""
        own = torch.zeros(features.shape[0], self.out_features, dtype=features.dtype, device=features.device)
        for p in torch.unique(phase).tolist():
            rows = torch.nonzero(phase == p).squeeze(1)
            own = own.index_add(0, rows, features[rows] @ self.phase_in[p] @ self.phase_out[p])
        return self.shared(features) + self.phase_bias[phase] + own


class PhaseActor(nn.Module):
    """`build_actor`'s hidden layers (`trunk`) and a `PhaseHead` (`head`)."""

    def __init__(self, trunk: nn.Sequential, head: PhaseHead):
        super().__init__()
        self.trunk, self.head = trunk, head

    def forward(self, obs: torch.Tensor) -> torch.Tensor:
        return self.head(self.trunk(obs), obs)


def first_layer(actor: nn.Module) -> nn.Module:
    """The layer that reads the observation, in either actor layout."""
    return actor.trunk[0] if isinstance(actor, PhaseActor) else actor[0]


def actor_size(actor: nn.Module) -> tuple[int, int]:
    """(the inputs it reads, the actions it scores) of either actor layout."""
    if isinstance(actor, PhaseActor):
        return actor.trunk[0].in_features, actor.head.out_features
    return actor[0].in_features, actor[-1].out_features


class Critic(nn.Module):
    """An exported policy's value: hidden layers (the actor's own, or the critic's) and a head."""

    def __init__(self, trunk: nn.Module, head: nn.Linear):
        super().__init__()
        self.trunk, self.head = trunk, head

    def forward(self, obs: torch.Tensor) -> torch.Tensor:
        return self.head(self.trunk(obs)).squeeze(-1)


def hidden_layers(actor: nn.Module) -> nn.Module:
    """The layers of either actor layout before its action scores."""
    return actor.trunk if isinstance(actor, PhaseActor) else actor[:-1]


def _weights(module: nn.Module) -> dict:
    return {k: v.detach().cpu().clone() for k, v in module.state_dict().items()}


def save_policy(path, actor: nn.Sequential, *, game: str, num_players: int, hidden, activation: str,
                obs_mean, obs_var, obs_eps: float = 1e-8, obs_clip: float = 10.0, meta: dict | None = None,
                obs_columns=None, phase_columns=None, value_head: nn.Linear | None = None,
                value_trunk: nn.Module | None = None) -> Path:
    """Write an exported policy (see the module doc); returns the path. `value_head` (with
    `value_trunk` when the critic has hidden layers of its own) exports the value too."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    inputs, actions = actor_size(actor)
    reader = first_layer(actor)
    entities = reader.spec() if isinstance(reader, EntityInput) else None
    blob = {
        "format": ENTITY_FORMAT if entities else FORMAT if phase_columns is None else PHASE_FORMAT,
        "game": game,
        "num_players": int(num_players),
        "observation_size": int(inputs),
        "num_actions": int(actions),
        "hidden": [int(h) for h in hidden],
        "activation": activation,
        "actor": _weights(actor),
        "value": None if value_head is None else {
            "head": _weights(value_head), "trunk": None if value_trunk is None else _weights(value_trunk)},
        "obs_mean": torch.as_tensor(np.asarray(obs_mean), dtype=torch.float32).cpu().clone(),
        "obs_var": torch.as_tensor(np.asarray(obs_var), dtype=torch.float32).cpu().clone(),
        "obs_eps": float(obs_eps),
        "obs_clip": float(obs_clip),
        "meta": dict(meta or {}),
        "obs_columns": None if obs_columns is None else torch.as_tensor(np.asarray(obs_columns), dtype=torch.int64),
        "phase_columns": (None if phase_columns is None
                          else torch.as_tensor(np.asarray(phase_columns), dtype=torch.int64)),
        "entities": entities,
        "entity_width": reader.width if entities else 0,
    }
    if obs_columns is not None and len(obs_columns) != blob["observation_size"]:
        raise ValueError(f"obs_columns names {len(obs_columns)} elements, the network reads {blob['observation_size']}")
    tmp = path.with_suffix(path.suffix + ".tmp")
    torch.save(blob, tmp)
    tmp.replace(path)  # never leave a half-written policy where a tournament may read it
    return path


def compact_policy(path, out) -> Path:
    """Write `path`'s policy to `out` with its layers' weights in bfloat16: half the file, for
    keeping in a repository. Training ran these products in bfloat16 already (``--precision
    auto``), and loading widens them back to float32; the normaliser stays float32, since an
    observation's scale needs its precision. ``meta["weights"]`` records it."""
    blob = _read_policy(path, "cpu")
    def narrow(weights):
        return {k: v.to(torch.bfloat16) if v.is_floating_point() else v for k, v in weights.items()}

    blob["actor"] = narrow(blob["actor"])
    if blob.get("value"):
        blob["value"] = {part: None if w is None else narrow(w) for part, w in blob["value"].items()}
    blob["meta"] = {**blob.get("meta", {}), "weights": "bfloat16"}
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(out.suffix + ".tmp")
    torch.save(blob, tmp)
    tmp.replace(out)
    return out


def _read_policy(path, device: str) -> dict:
    """The dict of an exported policy file; a ValueError naming the file for anything else (a
    torch file of another kind, a damaged or foreign file: torch reports those as any of several
    errors)."""
    try:
        blob = torch.load(Path(path), map_location=device, weights_only=True)
    except (RuntimeError, KeyError, EOFError, pickle.UnpicklingError) as err:
        raise ValueError(f"{path} is not a meeplegym policy: torch cannot read it ({type(err).__name__}: "
                         f"{str(err)[:120]})") from None
    if not isinstance(blob, dict) or blob.get("format") not in FORMATS:
        raise ValueError(f"{path} is not a meeplegym policy (expected format {', '.join(map(repr, FORMATS))}); "
                         "training checkpoints are not policies: use the exported policy.pt")
    return blob


def load_policy(path, device: str = "cpu") -> dict:
    """Read an exported policy; the dict of `save_policy` with ``model`` (the actor) added."""
    blob = _read_policy(path, device)
    model = build_actor(blob["observation_size"], blob["hidden"], blob["num_actions"], blob["activation"],
                        blob.get("entities"), blob.get("entity_width", 16))
    if blob.get("phase_columns") is not None:
        rank = blob["actor"]["head.phase_in"].shape[-1]
        model = PhaseActor(model[:-1], PhaseHead(int(blob["hidden"][-1]), blob["num_actions"], blob["phase_columns"],
                                                 rank))
    model.load_state_dict(blob["actor"])  # copies into float32 parameters, widening compact weights
    model.to(device).eval()
    blob["model"] = model
    blob["critic"] = _load_critic(blob, model, device)
    return blob


def _load_critic(blob: dict, actor: nn.Module, device: str) -> Critic | None:
    """The value of `blob` (None if it has none) on the actor's hidden layers or its own."""
    value = blob.get("value")
    if not value:
        return None
    trunk = hidden_layers(actor)
    if value["trunk"] is not None:
        trunk = build_actor(blob["observation_size"], blob["hidden"], 1, blob["activation"], blob.get("entities"),
                            blob.get("entity_width", 16))[:-1]
        trunk.load_state_dict(value["trunk"])
    head = nn.Linear(int(blob["hidden"][-1]), 1)
    head.load_state_dict(value["head"])
    return Critic(trunk, head).to(device).eval()


def check_layout(game: str, num_players: int, columns, source) -> None:
    """A policy that reads the live layout names the elements it reads by index. If the game's
    encoder has changed since it was trained (features added or moved), those indices mean other
    things now: refuse it, rather than let it play on inputs it would misread."""
    live = importlib.import_module(f"meeplegym.encoders.{game}").live_columns(num_players)
    if not np.array_equal(live, torch.as_tensor(columns).cpu().numpy()):  # read onto a GPU, they are there
        raise ValueError(f"{source or 'this policy'} was trained on another {game} observation layout: it reads "
                         f"{len(columns)} elements where this version's {num_players}-player layout has {len(live)} "
                         f"(CHANGES.md lists the encoder changes); retrain it, or play it with the version it was "
                         f"trained at")


class PolicyAgent(Agent):
    """Plays an exported policy, sampling among the legal actions (``greedy=True``: the best one).
    A policy trained with a delegate plays only the strategic decisions and hands the rest to
    that bot, so it needs the engine state like the bots do."""

    name = "policy"

    def __init__(self, seed: int | None = None, path=None, greedy: bool = False, device: str = "cpu", policy=None):
        if (path is None) == (policy is None):
            raise ValueError("PolicyAgent needs path= (an exported policy.pt) or policy= (a load_policy dict)")
        blob = load_policy(path, device) if path is not None else policy
        self.device = torch.device(device)
        self.model = blob["model"].to(self.device)
        self.critic = blob.get("critic")
        self.game = blob["game"]
        self.num_players = blob["num_players"]
        self.num_actions = blob["num_actions"]
        self.observation_size = actor_size(self.model)[0]  # the network's inputs
        self.meta = blob.get("meta", {})
        self.mean = torch.as_tensor(blob["obs_mean"], device=self.device)
        self.std = torch.sqrt(torch.as_tensor(blob["obs_var"], device=self.device) + blob["obs_eps"])
        self.clip = float(blob["obs_clip"])
        columns = blob.get("obs_columns")  # None: the whole observation (policies from before the live layout too)
        if columns is not None:
            check_layout(self.game, self.num_players, columns, path)
        self.columns = None if columns is None else torch.as_tensor(columns, device=self.device)
        self.greedy = bool(greedy)
        self.own_decisions = 0  # answered by the network (the rest, with a delegate, by the bot)
        self.delegated_decisions = 0
        self.delegate = None
        if self.meta.get("delegate"):
            from meeplegym.agents.registry import make_agent

            check_delegation(self.game, self.meta["delegate"])
            self.delegate = make_agent(self.meta["delegate"], game=self.game)
            self.needs_state = True
        if path is not None:
            p = Path(path)  # runs/x/policy.pt -> "policy:x"; runs/x/snapshots/policy_u20.pt -> "policy:policy_u20"
            self.name = f"policy:{p.parent.name if p.stem == 'policy' else p.stem}"
        super().__init__(seed)

    @torch.no_grad()
    def logits(self, observations) -> torch.Tensor:
        """Raw action scores (batch, num_actions) for a batch of observations."""
        return self.model(self.network_input(observations))

    @torch.no_grad()
    def values(self, observations) -> torch.Tensor:
        """The trainer's value of each observation's decision (batch,): the learner's expected
        return from there, in its training reward (``meta``: ``reward_mode``, ``reward_scale``,
        ``shaping_coef``, ``gamma``)."""
        if self.critic is None:
            raise ValueError(f"{self.name} has no value: it was exported before stop 70 or by maskable-ppo "
                             f"(re-export it from its checkpoint with a newer meeplegym, or retrain it)")
        return self.critic(self.network_input(observations))

    def network_input(self, observations) -> torch.Tensor:
        """A batch of whole observations as the network reads them: its columns, normalised."""
        obs = torch.as_tensor(np.asarray(observations, dtype=np.float32), device=self.device)
        self.check_width(obs.shape[-1])
        if self.columns is not None:
            obs = obs[:, self.columns]
        return torch.clamp((obs - self.mean) / self.std, -self.clip, self.clip)

    def check_width(self, width: int) -> None:
        """A clear error when observations `width` numbers wide are not the ones this policy reads."""
        if self.columns is None and width != self.observation_size:
            raise ValueError(f"{self.name} reads observations of {self.observation_size} numbers, these have "
                             f"{width} (a policy trained for another game or player count?)")
        if self.columns is not None and width <= int(self.columns.max()):
            raise ValueError(f"{self.name} reads observations of more than {int(self.columns.max())} numbers, these "
                             f"have {width} (a policy trained for another game or player count?)")

    @property
    def own_share(self) -> float:
        """The share of the decisions asked of this agent so far that the network answered itself
        (1.0 without a delegate; nan before the first)."""
        asked = self.own_decisions + self.delegated_decisions
        return self.own_decisions / asked if asked else float("nan")

    def seed(self, seed=None) -> None:
        super().seed(seed)
        if getattr(self, "delegate", None) is not None:
            self.delegate.seed(None if seed is None else seed + 1)

    def act(self, observation, action_mask, info=None) -> int:
        return int(self.act_batch(np.asarray(observation)[None], np.asarray(action_mask)[None],
                                  None if info is None else [info])[0])

    def act_batch(self, observations, action_masks, infos=None) -> np.ndarray:
        masks = np.asarray(action_masks).astype(bool)
        if not masks.any(axis=1).all():
            raise ValueError("no legal action in some row of the mask batch (is the game over?)")
        if self.delegate is None:
            self.own_decisions += len(masks)
            return self._policy_actions(observations, masks)
        if infos is None:
            raise ValueError(f"{self.name} hands its tactical decisions to {self.delegate.name}, which needs infos "
                             "with 'state' and 'seat' (run it with agents.play_match)")
        mine = strategic_rows(self.game, batch_records(infos)[0], action_masks)
        self.own_decisions += int(mine.sum())
        self.delegated_decisions += int((~mine).sum())
        actions = np.empty(len(masks), dtype=np.int64)
        if mine.any():
            actions[mine] = self._policy_actions(np.asarray(observations)[mine], masks[mine])
        if not mine.all():
            rest = np.flatnonzero(~mine)
            sub = infos[rest] if hasattr(infos, "states") else [infos[int(b)] for b in rest]
            actions[rest] = self.delegate.act_batch(np.asarray(observations)[rest], np.asarray(action_masks)[rest], sub)
        return actions

    def _policy_actions(self, observations, masks) -> np.ndarray:
        scores = self.logits(observations).cpu().numpy().astype(np.float64)
        if not self.greedy:
            # Gumbel-max: argmax(logits + Gumbel noise) samples softmax(logits), from our seeded rng.
            scores = scores - np.log(-np.log(self.rng.random(scores.shape)))
        scores[~masks] = -np.inf
        return scores.argmax(axis=1).astype(np.int64)
