"""PPO in one file, over batched tensors: one learner seat per game against an opponent pool.

Read it top to bottom: arguments, the network, rollout collection, advantages, the update,
logging/checkpoints/evaluation. The environment is `SeatAdapter` (training/opponents.py): a
batch of games stepped by compiled kernels, the opponents' moves played in batches until every
game waits on the learner. Observations, legal masks and actions stay (num_envs, ...) arrays
and tensors end to end; the policy never sees another seat's decisions.

    python -m meeplegym.training.ppo --game scythe --num-players 2 --opponents random \\
        --total-steps 2000000 --out runs/scythe-ppo            # or: meeplegym train scythe ...

Outputs in ``--out``: ``checkpoint.pt`` (everything to resume: ``--resume``), ``policy.pt``
(the exported actor, ``make_agent("policy", path=...)``), ``eval.csv`` and TensorBoard logs in
``tb/``. "samples" are learner decisions.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import pickle
import re
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch import nn

from meeplegym.agents.entity_input import EntityInput, entity_spec
from meeplegym.agents.policy_agent import PhaseActor, PhaseHead, PolicyAgent, build_actor, load_policy, save_policy
from meeplegym.agents.registry import agent_list
from meeplegym.errors import InvalidOptionError
from meeplegym.training.evaluate import EvalResult, append_evaluations, evaluate
from meeplegym.training.network_input import DenseInputs, SparseInputs, SparseLinear, SparseRows, sparse_first_layer
from meeplegym.training.opponents import OpponentPool, SeatAdapter, StateBatch, entity_rows, phase_columns

SELF = "self"  # in --opponents: snapshots of the learner join the pool


@dataclass
class Args:
    game: str = "scythe"
    num_players: int = 2
    opponents: str = "random"  # comma-separated agent names / policy paths; "self" adds learner snapshots
    opponent_sampling: str = "uniform"  # or pfsp: the opponents the learner beats least are drawn most (OpponentPool)
    pfsp_power: float = 2.0  # pfsp weighs each opponent by (1 - the learner's win rate against it) ** this
    seat: str = "rotate"  # the learner's seat: a number, "rotate" or "random"
    observation: str = "live"  # live: only what can change at this table (FeatureTable.live_columns); full: all
    phase_heads: bool = False  # score a decision with a head shared by all plus one of its phase's own (PhaseHead)
    first_layer: str = "auto"  # sparse: reads each observation's nonzero entries only (training/network_input.py); dense; auto
    network: str = "flat"  # flat: an MLP over the live layout; entities: its first layer reads entity by entity (agents/entity_input.py)
    entity_width: int = 16  # --network entities: each entity's vector
    total_steps: int = 2_000_000  # learner decisions to train on
    num_envs: int = 64  # games stepped together
    num_steps: int = 128  # decisions per game per rollout
    learning_rate: float = 2.5e-4
    anneal_lr: bool = True
    gamma: float = 0.999  # games are long (hundreds of decisions) and rewarded only at the end
    gae_lambda: float = 0.95
    num_minibatches: int = 4
    update_epochs: int = 4
    clip_coef: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    max_grad_norm: float = 0.5
    target_kl: float = 0.0  # stop an update's epochs early above this KL (0: never)
    hidden: str = "256,256"
    activation: str = "relu"
    separate_critic: bool = False  # the value network gets a trunk of its own instead of sharing the policy's
    reward_mode: str = "rank"  # rank (+1 first .. -1 last), score, or margin (score minus the best other seat's)
    reward_scale: float = 1.0  # multiplies the rewards the learner trains on (e.g. 0.01 for Scythe's margin in coins)
    shaping_coef: float = 0.0  # potential-based shaping: the potential is this times the learner's score margin (0: off)
    max_turns: int = 0  # truncate games after this many turns (0: play to the end)
    teacher: str = ""  # an agent (name or policy path) whose move at each learner decision the policy also learns
    teacher_coef: float = 1.0  # weight of the teacher's cross-entropy at the start of the run
    teacher_steps: int = 0  # samples over which that weight falls linearly to 0 (0: kept for the whole run)
    pretrain_samples: int = 0  # behaviour cloning first: the teacher plays the learner's seat this many decisions
    pretrain_epochs: int = 4  # passes over each batch of the teacher's decisions
    pretrain_lr: float = 1e-3
    init_policy: str = ""  # start the policy and observation normaliser from an exported policy.pt (e.g. a clone)
    critic_warmup: int = 0  # the first updates fit only the value head, so a good starting policy meets a value that fits it
    delegate: str = ""  # a bundled bot that plays the learner's turns but their strategic decisions (agents/delegate.py)
    expert: str = ""  # expert iteration: a search agent (e.g. scythe.mcts@simulations=32,consider=8) guided by the policy
    expert_coef: float = 1.0  # weight of the cross-entropy towards the expert's moves
    expert_share: float = 1.0  # share of the learner's decisions offered to the expert (it searches those it searches)
    out: str = "runs/ppo"
    resume: bool = False
    device: str = "cpu"
    precision: str = "auto"  # the network's matrix products: fp32, bf16, or auto (bf16 where the hardware has it natively)
    seed: int = 0
    torch_threads: int = 0  # the update's torch threads (0: torch's default); the rollout's small batches run on one
    env_threads: int = 1  # numba threads for the game kernels (1 is fastest on a busy 2-core machine)
    checkpoint_every: int = 10  # updates
    eval_every: int = 50  # updates (0: only at the end)
    eval_games: int = 100
    eval_opponents: str = "random"  # comma-separated; the last one is the "headline" win rate
    eval_greedy: bool = False  # evaluate the best action (True) or sample as in training (False)
    snapshot_every: int = 20  # updates between learner snapshots joining the pool ("self" only)
    max_snapshots: int = 5
    tensorboard: bool = True

    @property
    def batch_size(self) -> int:
        return self.num_envs * self.num_steps

    @property
    def minibatch_size(self) -> int:
        return self.batch_size // self.num_minibatches

    @property
    def hidden_sizes(self) -> list[int]:
        return [int(h) for h in self.hidden.split(",")]


def parse_dataclass(cls, argv=None, description=None):
    """An argparse parser from a dataclass of arguments: one --flag per field."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    types = {"int": int, "float": float, "str": str}
    for field in dataclasses.fields(cls):
        flag = "--" + field.name.replace("_", "-")
        if field.type == "bool":
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=field.default)
        else:
            parser.add_argument(flag, type=types[field.type], default=field.default)
    return cls(**vars(parser.parse_args(argv)))


def parse_args(argv=None) -> Args:
    return parse_dataclass(Args, argv, __doc__)


# ==================================================================== the network
class RunningNorm(nn.Module):
    """Observation normaliser with running mean/variance (kept in the checkpoint and export)."""

    def __init__(self, size: int, clip: float = 10.0, eps: float = 1e-8):
        super().__init__()
        self.clip, self.eps = clip, eps
        self.register_buffer("mean", torch.zeros(size))
        self.register_buffer("var", torch.ones(size))
        self.register_buffer("count", torch.tensor(1e-4))

    @torch.no_grad()
    def update(self, x: torch.Tensor) -> None:
        # Chan et al.'s parallel update of mean and variance with a new batch. The batch's moments
        # come from column sums (a column reduction of torch's var is 10x slower); a batch is a
        # few dozen rows of small counts, which float32 sums exactly enough.
        self.update_from_sums(x.shape[0], x.sum(0), x.square().sum(0))

    @torch.no_grad()
    def update_from_sums(self, n: int, sums: torch.Tensor, squares: torch.Tensor) -> None:
        """`update` with a batch of `n` rows given by its column sums and sums of squares."""
        batch_mean = sums / n
        batch_var = (squares / n - batch_mean**2).clamp(min=0.0)
        delta, total = batch_mean - self.mean, self.count + n
        self.mean += delta * n / total
        self.var.copy_((self.var * self.count + batch_var * n + delta**2 * self.count * n / total) / total)
        self.count.copy_(total)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.clamp((x - self.mean) / torch.sqrt(self.var + self.eps), -self.clip, self.clip)

    def at(self, values: torch.Tensor, columns: torch.Tensor) -> torch.Tensor:
        """`forward` of `values` that lie at `columns` (a sparse input's entries)."""
        return torch.clamp((values - self.mean[columns]) / torch.sqrt(self.var[columns] + self.eps), -self.clip, self.clip)


def layer(linear: nn.Linear, std: float) -> nn.Linear:
    nn.init.orthogonal_(linear.weight, std)
    nn.init.zeros_(linear.bias)
    return linear


def mlp_trunk(obs_size: int, hidden: list[int], activation: str) -> nn.Sequential:
    """`build_actor`'s hidden layers, orthogonally initialised."""
    trunk = build_actor(obs_size, hidden, 1, activation)[:-1]
    for module in trunk:
        if isinstance(module, nn.Linear):
            layer(module, np.sqrt(2))
    return trunk


class ActorCritic(nn.Module):
    """An MLP trunk with a policy head and a value head. The trunk plus the policy head is
    exactly `build_actor`'s layout, so exporting copies the weights as they are. With
    `phase_columns` (where the network's input holds the decision's phase one-hot) the policy
    head is a `PhaseHead` instead, and the actor a `PhaseActor`.

    With `separate_critic` the value head sits on a trunk of its own, so fitting the value does
    not move the policy's features (which matters when the policy starts from a clone).

    With `sparse_input` the first layers are `SparseLinear`s (training/network_input.py): the
    network then also reads `SparseRows` of raw observations, normalising them itself. With
    `entities` (`entity_spec`'s tables) they are `EntityInput`s (agents/entity_input.py)."""

    def __init__(self, obs_size: int, num_actions: int, hidden: list[int], activation: str = "relu",
                 separate_critic: bool = False, phase_columns=None, sparse_input: bool = False, entities=None,
                 entity_width: int = 16):
        super().__init__()
        self.norm = RunningNorm(obs_size)
        self.trunk = mlp_trunk(obs_size, hidden, activation)
        self.phase_columns = phase_columns
        if phase_columns is None:
            self.pi = layer(nn.Linear(hidden[-1], num_actions), 0.01)  # near-uniform initial policy over the legal actions
        else:
            self.pi = PhaseHead(hidden[-1], num_actions, phase_columns)
            layer(self.pi.shared, 0.01)
        self.critic_trunk = mlp_trunk(obs_size, hidden, activation) if separate_critic else None
        self.v = layer(nn.Linear(hidden[-1], 1), 1.0)
        for trunk in (self.trunk, self.critic_trunk):
            if trunk is not None and sparse_input:
                sparse_first_layer(trunk)
            elif trunk is not None and entities:
                trunk[0] = EntityInput(obs_size, hidden[0], entities, entity_width)

    def actor(self) -> nn.Module:
        if self.phase_columns is None:
            return nn.Sequential(*self.trunk, self.pi)
        return PhaseActor(self.trunk, self.pi)

    @contextlib.contextmanager
    def frozen(self):
        """While the weights and the normaliser's statistics stay as they are (a rollout): sparse
        first layers keep their constant part."""
        with contextlib.ExitStack() as stack:
            for trunk in (self.trunk, self.critic_trunk):
                if trunk is not None and isinstance(trunk[0], SparseLinear):
                    stack.enter_context(trunk[0].frozen(self.norm))
            yield

    def features(self, obs, trunk: nn.Sequential | None = None) -> torch.Tensor:
        """The (actor's, or the given) trunk's output for `obs`: normalised observations, or
        `SparseRows` of raw ones."""
        trunk = self.trunk if trunk is None else trunk
        if isinstance(obs, SparseRows):
            return trunk[1:](trunk[0].forward_rows(obs, self.norm))
        return trunk(obs)

    def policy_logits(self, obs, features: torch.Tensor) -> torch.Tensor:
        """The policy head's action scores for rows with these trunk `features` (float32, whatever
        precision the products ran in: the losses and the sampling read them)."""
        if self.phase_columns is None:
            logits = self.pi(features)
        elif isinstance(obs, SparseRows):
            logits = self.pi.scores(features, obs.dense_columns(self.pi.phase_columns).argmax(-1))
        else:
            logits = self.pi(features, obs)
        return logits.float()

    def value(self, obs, features: torch.Tensor, fit_trunk: bool = True) -> torch.Tensor:
        """The value of each row, from the actor's `features` of it or from the critic's own
        trunk; `fit_trunk=False` keeps the value's gradient out of a shared trunk."""
        if self.critic_trunk is not None:
            return self.v(self.features(obs, self.critic_trunk)).squeeze(-1).float()
        return self.v(features if fit_trunk else features.detach()).squeeze(-1).float()

    def forward(self, obs):
        """(logits, value) of normalised observations or of `SparseRows` of raw ones."""
        features = self.features(obs)
        return self.policy_logits(obs, features), self.value(obs, features)


ILLEGAL = -1e9  # a masked logit: never the largest, never sampled


def masked_logits(logits: torch.Tensor, masks: torch.Tensor) -> torch.Tensor:
    return torch.where(masks, logits, torch.full_like(logits, ILLEGAL))


class LegalDistribution:
    """The policy's distribution over the legal actions: a masked Categorical's `log_prob`,
    `entropy` and `sample`, with the same values. It takes exp() of the legal logits only (each
    minus the largest): torch's vectorised exp falls to a slow path for arguments below about
    -88, and every masked logit is one, which made the loss of an Imperium minibatch (526
    actions, a few dozen legal) and its backward twice as dear (benchmarks/training.md)."""

    def __init__(self, logits: torch.Tensor, masks: torch.Tensor):
        self.logits = masked_logits(logits, masks)  # the argmax is the most likely legal action
        self._shifted = torch.where(masks, logits - self.logits.amax(-1, keepdim=True), 0.0)
        self._weights = torch.where(masks, self._shifted.exp(), 0.0)  # exp(0) of the illegal ones, dropped
        self._total = self._weights.sum(-1)
        self._log_total = self._total.log()

    def log_prob(self, actions: torch.Tensor) -> torch.Tensor:
        return self._shifted.gather(-1, actions[:, None]).squeeze(-1) - self._log_total

    def entropy(self) -> torch.Tensor:
        return self._log_total - (self._weights * self._shifted).sum(-1) / self._total

    def sample(self) -> torch.Tensor:
        # Gumbel-max (logit - log E, E = -log U ~ Exp(1)) draws from the same distribution as a
        # Categorical, at a third of torch.multinomial's cost on a small batch; E from uniform draws,
        # a fifth of torch's exponential_ (a draw of exactly 0, one in 2**24, is taken as 1e-20)
        exponential = -torch.rand_like(self.logits).clamp_(min=1e-20).log()
        return (self.logits - exponential.log()).argmax(-1)


def act(model: ActorCritic, obs_normed: torch.Tensor, masks: torch.Tensor):
    """Sample actions over the legal ones: (action, log-prob, value)."""
    logits, value = model(obs_normed)
    dist = LegalDistribution(logits, masks)
    actions = dist.sample()
    return actions, dist.log_prob(actions), value


class Stopwatch:
    """Where a run's time goes since it started (`stats["seconds"]`): the games' own steps, the
    opponents' moves (`SeatAdapter.opponent_seconds`), the learner's inputs and forward passes,
    and the updates; ``other`` is the rest (a teacher's and an expert's moves, evaluations,
    checkpoints, logging). It says what limits samples/s (benchmarks/training.md)."""

    PARTS = ("games", "opponents", "inputs", "network", "update")

    def __init__(self, env: SeatAdapter):
        self.env, self.start, self.opponents_before = env, time.perf_counter(), env.opponent_seconds
        self.seconds = dict.fromkeys(self.PARTS, 0.0)

    def add(self, part: str, started: float) -> None:
        """Count the time from `started` (a `time.perf_counter()`) to now in `part`."""
        self.seconds[part] += time.perf_counter() - started

    def report(self) -> dict[str, float]:
        opponents = self.env.opponent_seconds - self.opponents_before  # inside the games' steps: taken out
        parts = dict(self.seconds, games=self.seconds["games"] - opponents, opponents=opponents)
        parts["other"] = time.perf_counter() - self.start - sum(parts.values())
        return parts


def time_split(seconds: dict[str, float]) -> str:
    """`Stopwatch.report`'s seconds as one line of shares, for the end of a run."""
    total = max(sum(seconds.values()), 1e-9)
    share = {part: f"{value / total:.0%}" for part, value in seconds.items()}
    return (f"time: the games' own steps {share['games']}, the opponents' moves {share['opponents']}, the learner's "
            f"forward passes {share['inputs']} + {share['network']} (inputs + network), updates {share['update']}, "
            f"the rest (teacher, expert, evaluations, checkpoints) {share['other']}")


FIRST_LAYERS = ("auto", "dense", "sparse")
NETWORKS = ("flat", "entities")
# Observations at least this wide train faster with a sparse first layer (benchmarks/training.md,
# against the bots: Imperium's 21,278 inputs 17% and Oath's 10,979 27% more samples/s; Scythe's
# 2,428 12% fewer, its dense product being cheap and the scan for nonzero entries not).
SPARSE_FROM_INPUTS = 5_000


def resolve_first_layer(first_layer: str, observation_size: int, network: str = "flat") -> str:
    """dense or sparse for `--first-layer`: auto is sparse for observations of `SPARSE_FROM_INPUTS`
    inputs or more; with `--network entities` (whose first layer is its own) dense."""
    if first_layer not in FIRST_LAYERS:
        raise InvalidOptionError(f"--first-layer must be one of {', '.join(FIRST_LAYERS)}, got {first_layer!r}")
    if network not in NETWORKS:
        raise InvalidOptionError(f"--network must be one of {', '.join(NETWORKS)}, got {network!r}")
    if network == "entities":
        if first_layer == "sparse":
            raise InvalidOptionError("--network entities has a first layer of its own: --first-layer sparse does not apply")
        return "dense"
    if first_layer == "auto":
        return "sparse" if observation_size >= SPARSE_FROM_INPUTS else "dense"
    return first_layer


PRECISIONS = ("auto", "fp32", "bf16")


def resolve_precision(precision: str, device: torch.device) -> str:
    """fp32 or bf16 for `--precision` on `device`: auto is bf16 where the hardware multiplies
    bfloat16 natively (a CPU with AMX or AVX512-BF16, a GPU that supports it), else fp32."""
    if precision not in PRECISIONS:
        raise InvalidOptionError(f"--precision must be one of {', '.join(PRECISIONS)}, got {precision!r}")
    if precision != "auto":
        return precision
    if device.type == "cuda":
        return "bf16" if torch.cuda.is_bf16_supported() else "fp32"
    native = torch.cpu._is_amx_tile_supported() or torch.cpu._is_avx512_bf16_supported()
    return "bf16" if device.type == "cpu" and native else "fp32"


def network_precision(precision: str, device: torch.device):
    """The context the network runs in: with bf16, autocast's bfloat16 matrix products (the
    weights, the optimiser's state, the losses and the normaliser stay float32)."""
    if precision == "bf16":
        return torch.autocast(device.type, dtype=torch.bfloat16)
    return contextlib.nullcontext()


# ==================================================================== training
def teacher_weight(args: Args, global_step: int) -> float:
    """The weight of the teacher's cross-entropy after `global_step` samples (0 without a teacher)."""
    if not args.teacher:
        return 0.0
    if not args.teacher_steps:
        return args.teacher_coef
    return args.teacher_coef * max(0.0, 1.0 - global_step / args.teacher_steps)


def build_pool(args: Args) -> tuple[OpponentPool, bool]:
    names = agent_list(args.opponents)
    self_play = SELF in names
    names = [s for s in names if s != SELF]
    pool = OpponentPool(names or ["random"], args.game, args.seed, sampling=args.opponent_sampling,
                        pfsp_power=args.pfsp_power)
    return pool, self_play


def shaping_potential(env: SeatAdapter, args: Args) -> np.ndarray:
    """Φ of each game's learner decision: `shaping_coef` times the learner's score margin now.
    A step is rewarded γΦ(next) - Φ(now), with Φ = 0 once the game is over, so over a game the
    shaping adds up to -Φ(first decision): it cannot change which policy is best (Ng, Harada and
    Russell, 1999), only how soon the learner hears that a move gained or lost points."""
    if not args.shaping_coef:
        return np.zeros(env.batch)
    return args.shaping_coef * env.score_margins()


def plain_args(args: Args) -> dict:
    """The run's arguments as plain values, for the checkpoint: an agent object given from Python
    (``teacher=``, ``opponents=``) is recorded by its name."""
    plain = (int, float, str, bool, type(None))
    return {k: v if isinstance(v, plain) else getattr(v, "name", repr(v)) for k, v in dataclasses.asdict(args).items()}


@functools.cache
def code_commit() -> str:
    """The commit of the code being trained with (``git describe --always --dirty``: "-dirty" when
    tracked files differ from it), or "unknown" outside a git checkout; every export records it."""
    import subprocess

    try:
        return subprocess.run(["git", "describe", "--always", "--dirty", "--abbrev=12"], capture_output=True,
                              text=True, check=True, cwd=Path(__file__).resolve().parent).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def load_checkpoint(path: Path, device) -> dict:
    """A training checkpoint: tensors and plain values only (numbers, strings, lists, dicts), read
    with ``weights_only=True`` so that a crafted file cannot run code; anything else is refused."""
    try:
        ckpt = torch.load(path, map_location=device, weights_only=True)
    except pickle.UnpicklingError as e:
        raise InvalidOptionError(f"{path}: not a meeplegym checkpoint (it holds objects other than tensors "
                                 f"and plain values; nothing in it was run): {str(e).splitlines()[0]}") from None
    except (RuntimeError, EOFError) as e:
        raise InvalidOptionError(f"{path}: unreadable checkpoint ({e}); delete it or train without --resume") from None
    if not isinstance(ckpt, dict) or not {"model", "optimizer", "update", "global_step", "games"} <= set(ckpt):
        raise InvalidOptionError(f"{path}: not a meeplegym training checkpoint")
    return ckpt


def export(model: ActorCritic, args: Args, path: Path, global_step: int, columns: np.ndarray | None) -> Path:
    """The policy file of the actor as it stands; `columns`: the observation elements it reads."""
    return save_policy(path, model.actor(), obs_columns=columns, phase_columns=model.phase_columns, game=args.game,
                       num_players=args.num_players, value_head=model.v, value_trunk=model.critic_trunk,
                       hidden=args.hidden_sizes, activation=args.activation, obs_mean=model.norm.mean.cpu().numpy(),
                       obs_var=model.norm.var.cpu().numpy(), obs_eps=model.norm.eps, obs_clip=model.norm.clip,
                       meta={"algo": "ppo", "samples": int(global_step), "opponents": args.opponents,
                             "obs_count": float(model.norm.count), "delegate": args.delegate, "commit": code_commit(),
                             "seed": args.seed, "expert": args.expert, "precision": args.precision,
                             "first_layer": args.first_layer, "teacher": agent_label(args.teacher),
                             "init_policy": str(args.init_policy), "cloned": learned_a_bots_moves(args),
                             # what the exported value estimates
                             "reward_mode": args.reward_mode, "reward_scale": args.reward_scale,
                             "shaping_coef": args.shaping_coef, "gamma": args.gamma})


def agent_label(agent) -> str:
    """An agent option as the policy file keeps it: its name or path (from Python it may be an Agent)."""
    return agent if isinstance(agent, str) else str(getattr(agent, "name", type(agent).__name__))


def learned_a_bots_moves(args: Args) -> bool:
    """Whether the policy learned from another agent's moves: a teacher in this run, or a starting
    policy that did (one from before this was recorded counts as having done so)."""
    if args.teacher:
        return True
    if not args.init_policy:
        return False
    try:
        return bool(load_policy(args.init_policy)["meta"].get("cloned", True))
    except (OSError, ValueError):
        return True


# An exported policy from before the normaliser's count was recorded was fit on at least this many observations.
ASSUMED_OBS_COUNT = 1e6


def start_from_policy(model: ActorCritic, args: Args, env: SeatAdapter) -> None:
    """Copy an exported policy's actor and observation statistics into `model` (its value head stays new)."""
    try:
        blob = load_policy(args.init_policy)
    except (OSError, ValueError) as e:
        raise InvalidOptionError(f"--init-policy: {e}") from e
    blob["observation"] = "full" if blob.get("obs_columns") is None else "live"
    blob["phase_heads"] = blob.get("phase_columns") is not None
    ours = {"game": args.game, "num_players": args.num_players, "observation": args.observation,
            "phase_heads": args.phase_heads,
            "observation_size": env.observation_size, "num_actions": env.num_actions, "hidden": args.hidden_sizes,
            "activation": args.activation}
    wrong = {k: (blob[k], v) for k, v in ours.items() if blob[k] != v}
    if wrong:
        raise InvalidOptionError(f"--init-policy {args.init_policy} does not fit this run: "
                                 + ", ".join(f"{k} is {theirs}, this run has {mine}" for k, (theirs, mine) in wrong.items()))
    model.actor().load_state_dict(blob["actor"])
    model.norm.mean.copy_(blob["obs_mean"])
    model.norm.var.copy_(blob["obs_var"])
    # The statistics carry the weight of the observations they came from; with the fresh
    # normaliser's tiny count the first batch would replace them and the policy would see new inputs.
    model.norm.count.fill_(blob["meta"].get("obs_count", ASSUMED_OBS_COUNT))


def teacher_moves(teacher, env: SeatAdapter, step, game: str) -> np.ndarray:
    """The teacher's move at each learner decision the env waits on."""
    infos = StateBatch(game, env.venv.states, env.learner_seat.copy()) if teacher.needs_state else None
    # whole observations, whatever the learner's layout: a teacher policy picks its own columns
    return np.asarray(teacher.act_batch(env.venv.last_step.observation, step.action_mask, infos), dtype=np.int64)


def learner_policy(model: ActorCritic, args: Args, columns: np.ndarray | None) -> PolicyAgent:
    """The actor as it stands, as an agent: it shares the model's weights and holds a copy of the
    normaliser's statistics of now (the expert's prior, renewed at every update)."""
    blob = {"model": model.actor(), "game": args.game, "num_players": args.num_players,
            "num_actions": model.pi.out_features, "meta": {"algo": "ppo"}, "phase_columns": model.phase_columns,
            "obs_mean": model.norm.mean.clone(), "obs_var": model.norm.var.clone(), "obs_eps": model.norm.eps,
            "obs_clip": model.norm.clip, "obs_columns": columns}
    agent = PolicyAgent(policy=blob, device=args.device)
    agent.name = "policy:learner"
    return agent


def build_expert(args: Args, pool: OpponentPool):
    """`--expert` as a search agent that can give move targets (agents/mcts.py), or None."""
    if not args.expert:
        return None
    if not 0.0 < args.expert_share <= 1.0:
        raise InvalidOptionError(f"--expert-share is a share of the learner's decisions in (0, 1], not {args.expert_share}")
    expert = pool.resolve(args.expert)
    if not hasattr(expert, "search_targets") or expert.seconds is not None:
        raise InvalidOptionError(f"--expert {args.expert}: not a search agent with a budget of simulations "
                                 f"(give {args.game}.mcts, e.g. {args.game}.mcts@simulations=32,consider=8)")
    if expert.root != "halving":
        raise InvalidOptionError(f"--expert {args.expert}: the learner guides the search's root, which needs root=halving")
    return expert


def expert_targets(expert, env: SeatAdapter, step, share: float, rng: np.random.Generator) -> np.ndarray:
    """Expert iteration's move targets at the learner decisions the env waits on: a `share` of
    them, drawn at random, is offered to the expert, which answers the ones it searches with the
    search's move; every other row is -1 (no target: the rule-based policy's move there would be
    a bot's, not the search's)."""
    targets = np.full(env.batch, -1, dtype=np.int64)
    rows = np.flatnonzero(rng.random(env.batch) < share)
    if rows.size:
        infos = StateBatch(env.game, env.venv.states[rows], env.learner_seat[rows].copy())
        targets[rows] = expert.search_targets(env.venv.last_step.observation[rows], step.action_mask[rows], infos)
    return targets


def clone_teacher(model: ActorCritic, optimizer: torch.optim.Optimizer, env: SeatAdapter, teacher, args: Args,
                  device: torch.device, callback=None) -> None:
    """Behaviour cloning warm start: the teacher plays the learner's seat for
    `args.pretrain_samples` decisions, a batch of `num_envs` x `num_steps` at a time, and after
    each batch the policy head learns the teacher's moves and the value head the discounted
    return that followed them (bootstrapped where the batch cuts a game off), as PPO's would."""
    T, B = args.num_steps, args.num_envs
    for group in optimizer.param_groups:
        group["lr"] = args.pretrain_lr
    step = env.reset(args.seed + 7_777_777)
    obs = torch.zeros((T, B, env.observation_size), device=device)
    masks = torch.zeros((T, B, env.num_actions), dtype=torch.bool, device=device)
    moves = torch.zeros((T, B), dtype=torch.long, device=device)
    rewards = torch.zeros((T, B), device=device)
    dones = torch.zeros((T, B), device=device)  # the game ended after this decision
    for first in range(0, args.pretrain_samples, T * B):
        model.eval()
        for t in range(T):
            raw = torch.tensor(step.observation, device=device)
            model.norm.update(raw)
            obs[t], masks[t] = raw, torch.as_tensor(step.action_mask, device=device).bool()
            action = teacher_moves(teacher, env, step, args.game)
            moves[t] = torch.as_tensor(action, device=device)
            step = env.step(action)
            rewards[t] = torch.as_tensor(step.reward, device=device) * args.reward_scale
            dones[t] = torch.as_tensor(step.done, device=device, dtype=torch.float32)
        with torch.no_grad():
            _, value_after = model(model.norm(torch.as_tensor(step.observation, device=device)))
            returns = torch.zeros_like(rewards)
            for t in reversed(range(T)):
                value_after = rewards[t] + args.gamma * (1.0 - dones[t]) * value_after
                returns[t] = value_after
            b_obs = model.norm(obs.reshape(T * B, -1))  # normalised once, with the statistics so far
            b_masks, b_moves, b_returns = masks.reshape(T * B, -1), moves.reshape(-1), returns.reshape(-1)
            # how often the policy already picks the teacher's move in these positions, before it learns them
            agreement = (masked_logits(model(b_obs)[0], b_masks).argmax(-1) == b_moves).float().mean().item()
        model.train()
        for _ in range(args.pretrain_epochs):
            order = torch.randperm(T * B, device=device)
            for lo in range(0, T * B, args.minibatch_size):
                mb = order[lo:lo + args.minibatch_size]
                logits, value = model(b_obs[mb])
                dist = LegalDistribution(logits, b_masks[mb])
                policy_loss = -dist.log_prob(b_moves[mb]).mean()
                value_loss = 0.5 * ((value - b_returns[mb]) ** 2).mean()
                loss = policy_loss + args.vf_coef * value_loss
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
                optimizer.step()
        if callback is not None:
            callback({"pretrain_samples": min(first + T * B, args.pretrain_samples), "pretrain_total": args.pretrain_samples,
                      "policy_loss": policy_loss.item(), "value_loss": value_loss.item(),
                      "teacher_agreement": agreement})
    for group in optimizer.param_groups:
        group["lr"] = args.learning_rate


def run_evaluation(args: Args, policy_path: Path, seed: int) -> list[EvalResult]:
    agent = PolicyAgent(path=policy_path, greedy=args.eval_greedy, seed=seed)
    return [evaluate(agent, args.game, opponent, games=args.eval_games, num_players=args.num_players,
                     seed=10_000_000 + seed, max_turns=args.max_turns or None)
            for opponent in agent_list(args.eval_opponents)]


def train(args: Args, callback=None, pretrain_callback=None) -> dict:
    """Train; `callback(stats)` is called after every update (the CLI's progress bar) and
    `pretrain_callback(stats)` after every batch of behaviour cloning.
    Returns the last stats (samples, samples/s, losses, win rates)."""
    import numba

    if args.pretrain_samples and not args.teacher:
        raise InvalidOptionError("--pretrain-samples clones a teacher's moves: name one with --teacher")
    if args.critic_warmup < 0:
        raise InvalidOptionError(f"--critic-warmup is a number of updates, not {args.critic_warmup}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.torch_threads:
        torch.set_num_threads(args.torch_threads)
    # A rollout step's forward pass (one row per game) is too small to share: waking a second
    # thread costs more than it saves (measured: 1.0 ms with two threads, 0.44 with one).
    update_threads = torch.get_num_threads()
    numba.set_num_threads(max(1, min(args.env_threads, numba.config.NUMBA_NUM_THREADS)))
    device = torch.device(args.device)
    precision = resolve_precision(args.precision, device)
    args = dataclasses.replace(args, precision=precision)  # checkpoints and policies record what ran
    torch.manual_seed(args.seed)

    checkpoint_path = out / "checkpoint.pt"
    ckpt = load_checkpoint(checkpoint_path, device) if args.resume and checkpoint_path.exists() else None
    if ckpt is not None:  # the network was built for the run's layout (runs from before the live one read all)
        args = dataclasses.replace(args, observation=ckpt["args"].get("observation", "full"),
                                   phase_heads=ckpt["args"].get("phase_heads", False),
                                   first_layer=ckpt["args"].get("first_layer", "dense"),
                                   network=ckpt["args"].get("network", "flat"),
                                   entity_width=ckpt["args"].get("entity_width", 16))
    pool, self_play = build_pool(args)
    seat = int(args.seat) if args.seat.isdigit() else args.seat
    env = SeatAdapter(args.game, args.num_envs, args.num_players, pool, seat=seat, seed=args.seed,
                      max_turns=args.max_turns or None, reward_mode=args.reward_mode, delegate=args.delegate or None,
                      observation=args.observation)
    args = dataclasses.replace(args, first_layer=resolve_first_layer(args.first_layer, env.observation_size,
                                                                     args.network))
    entities = entity_spec(entity_rows(args.game, args.num_players)) if args.network == "entities" else None
    if entities and args.observation != "live":
        raise InvalidOptionError("--network entities reads the live layout: leave --observation at live")
    # Kickstarting: the policy is also trained towards a teacher's move in the learner's own games,
    # with a weight that falls to 0, so it starts from the teacher's play and then improves on it.
    teacher = pool.resolve(args.teacher) if args.teacher else None
    # Expert iteration: a search guided by the policy answers some of the learner's decisions;
    # the policy learns the search's moves (it still plays every decision itself).
    expert = build_expert(args, pool)
    expert_rng = np.random.default_rng([args.seed, 4_242])
    model = ActorCritic(env.observation_size, env.num_actions, args.hidden_sizes, args.activation,
                        args.separate_critic,
                        phase_columns(args.game, env.observation_columns) if args.phase_heads else None,
                        sparse_input=args.first_layer == "sparse", entities=entities,
                        entity_width=args.entity_width).to(device)
    optimizer = torch.optim.Adam(model.parameters(), lr=args.learning_rate, eps=1e-5, fused=True)

    if args.init_policy:
        start_from_policy(model, args, env)

    # ---- resume: the model, optimiser and counters come back; games in progress restart.
    start_update, global_step, games_done = 1, 0, 0
    seconds_before = 0.0  # training seconds of earlier runs of this --out, so eval.csv's clock runs on
    commits: list[str] = []  # the code commit of each sitting of this run, as the samples were trained
    pretrained = False  # the behaviour cloning warm start is done
    snapshots: list[str] = []  # exported learner snapshots in the pool, oldest first
    snapshot_slots: list[int] = []  # their pool indices
    if ckpt is not None:
        model.load_state_dict(ckpt["model"])
        optimizer.load_state_dict(ckpt["optimizer"])
        start_update, global_step, games_done = ckpt["update"] + 1, ckpt["global_step"], ckpt["games"]
        seconds_before = ckpt.get("seconds", 0.0)
        commits = list(ckpt.get("commits", []))
        pretrained = ckpt.get("pretrained", False)
        torch.set_rng_state(ckpt["torch_rng"].cpu())  # map_location may have moved it
        for path in ckpt.get("snapshots", []):
            if Path(path).exists():
                snapshots.append(path)
                snapshot_slots.append(pool.add(path))
        if len(ckpt.get("pool_games", [])) == len(pool):  # the learner's record against each opponent (pfsp)
            pool.wins, pool.games = list(ckpt["pool_wins"]), list(ckpt["pool_games"])
    # Updates left to reach total_steps (a resumed run may use another batch size).
    num_updates = start_update - 1 + max(0, -(-(args.total_steps - global_step) // args.batch_size))

    writer = None
    if args.tensorboard:
        from torch.utils.tensorboard import SummaryWriter

        writer = SummaryWriter(str(out / "tb"), purge_step=global_step if start_update > 1 else None)
        writer.add_text("args", "\n".join(f"{k}: {v}" for k, v in dataclasses.asdict(args).items()))

    def add_snapshot(update: int) -> None:
        path = export(model, args, out / "snapshots" / f"policy_u{update:06d}.pt", global_step,
                      env.observation_columns)
        snapshots.append(str(path))
        if len(snapshot_slots) < args.max_snapshots:
            snapshot_slots.append(pool.add(str(path)))
        else:  # the oldest snapshot's seat goes to the newest
            slot = snapshot_slots.pop(0)
            pool.replace(slot, str(path))
            snapshot_slots.append(slot)
            snapshots.pop(0)

    def save_checkpoint(update: int) -> None:
        export(model, args, out / "policy.pt", global_step, env.observation_columns)
        ckpt = {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "update": update,
                "global_step": global_step, "games": games_done, "args": plain_args(args),
                "seconds": seconds_before + time.time() - start_time, "pretrained": pretrained,
                "torch_rng": torch.get_rng_state(), "snapshots": snapshots,
                "pool_wins": list(pool.wins), "pool_games": list(pool.games),
                "commits": commits if commits[-1:] == [code_commit()] else commits + [code_commit()]}
        torch.save(ckpt, out / "checkpoint.pt.tmp")
        (out / "checkpoint.pt.tmp").replace(checkpoint_path)

    def evaluate_and_log(update: int) -> list[EvalResult]:
        results = run_evaluation(args, export(model, args, out / "policy.pt", global_step, env.observation_columns),
                                 seed=update)
        append_evaluations(out / "eval.csv", global_step, seconds_before + time.time() - start_time, results)
        for result in results:
            if writer is not None:
                writer.add_scalar(f"eval/win_rate_vs_{result.opponent}", result.win_rate, global_step)
                writer.add_scalar(f"eval/margin_vs_{result.opponent}", result.mean_margin, global_step)
        return results

    start_time = time.time()
    if args.pretrain_samples and not pretrained:
        # The warm start's time counts as training time (eval.csv's clock), its decisions are
        # not learner samples: they are the teacher's.
        clone_teacher(model, optimizer, env, teacher, args, device, pretrain_callback)
        pretrained = True
        save_checkpoint(start_update - 1)
        if args.eval_every:
            evaluate_and_log(start_update - 1)
    elif args.init_policy and start_update == 1 and args.eval_every:
        evaluate_and_log(0)  # where the starting policy stands

    if self_play and not snapshots:
        add_snapshot(0)

    # ---- rollout storage, (num_steps, num_envs, ...) on the training device
    T, B = args.num_steps, args.num_envs
    if args.first_layer == "sparse":
        inputs = SparseInputs(model.norm, T, env.observation_size, device)
    else:
        inputs = DenseInputs(model.norm, T, B, env.observation_size,
                             torch.bfloat16 if precision == "bf16" else torch.float32, device)
    mask_buf = torch.zeros((T, B, env.num_actions), dtype=torch.bool, device=device)
    act_buf = torch.zeros((T, B), dtype=torch.long, device=device)
    logp_buf = torch.zeros((T, B), device=device)
    rew_buf = torch.zeros((T, B), device=device)
    done_buf = torch.zeros((T, B), device=device)
    val_buf = torch.zeros((T, B), device=device)
    teacher_buf = torch.zeros((T, B), dtype=torch.long, device=device)
    expert_buf = torch.full((T, B), -1, dtype=torch.long, device=device)  # -1: no search target

    step = env.reset(args.seed + 1_000_003 * (start_update - 1))
    next_mask = torch.as_tensor(step.action_mask, device=device).bool()
    next_done = torch.zeros(B, device=device)
    potential = shaping_potential(env, args)
    shaping_return = np.zeros(B)  # each game's shaping so far, reported apart from its reward
    recent_shaping: list[float] = []
    recent_wins: list[float] = []
    recent_returns: list[float] = []
    recent_lengths: list[int] = []
    evaluation: list[EvalResult] = []
    stats: dict = {"update": start_update - 1, "updates": num_updates, "samples": global_step,
                   "total": args.total_steps, "sps": 0.0, "games": games_done, "train_win_rate": float("nan"),
                   "eval": {}, "eval_margin": {}}
    sps_start_time, start_step = time.time(), global_step
    clock = Stopwatch(env)

    for update in range(start_update, num_updates + 1):
        if args.anneal_lr:
            optimizer.param_groups[0]["lr"] = args.learning_rate * max(0.0, 1.0 - global_step / args.total_steps)
        warming_up = update <= args.critic_warmup
        teacher_w = 0.0 if warming_up else teacher_weight(args, global_step)

        # ---- collect T decisions in each of the B games
        model.eval()
        torch.set_num_threads(1)
        expert_seconds = 0.0
        expert_buf.fill_(-1)
        if expert is not None and not warming_up:
            expert.guide(learner_policy(model, args, env.observation_columns))  # the search starts from the policy
        # Only the learner's forward passes run in `precision` (below): the opponents, a teacher and
        # an expert's policy prior play as exported, in float32. This outer context, switched off,
        # keeps autocast's bf16 copies of the weights from one step to the next (autocast drops
        # them when its outermost context ends; the rollout does not change the weights, and an
        # Imperium first layer is 5.4M of them).
        with torch.autocast(device.type, enabled=False), model.frozen():
            for t in range(T):
                started = time.perf_counter()
                obs = inputs.store(t, env)
                clock.add("inputs", started)
                mask_buf[t] = next_mask
                done_buf[t] = next_done
                started = time.perf_counter()
                with torch.no_grad(), network_precision(precision, device):
                    action, logp, value = act(model, obs, next_mask)
                act_buf[t], logp_buf[t], val_buf[t] = action, logp, value
                clock.add("network", started)
                if teacher_w > 0:  # the teacher's move in the same positions (the env waits on the learner in each)
                    teacher_buf[t] = torch.as_tensor(teacher_moves(teacher, env, step, args.game), device=device)
                if expert is not None and not warming_up:
                    started = time.time()
                    expert_buf[t] = torch.as_tensor(expert_targets(expert, env, step, args.expert_share, expert_rng),
                                                    device=device)
                    expert_seconds += time.time() - started
                started = time.perf_counter()
                step = env.step(action.cpu().numpy())
                clock.add("games", started)
                global_step += B
                reward = step.reward * args.reward_scale
                if args.shaping_coef:
                    # A game that ended is worth 0 now; its row already holds the next game's first decision.
                    next_potential = shaping_potential(env, args)
                    shaping = args.gamma * np.where(step.done, 0.0, next_potential) - potential
                    potential = next_potential
                    shaping_return += shaping
                    reward = reward + shaping
                rew_buf[t] = torch.as_tensor(reward, dtype=torch.float32, device=device)
                next_mask = torch.as_tensor(step.action_mask, device=device).bool()
                next_done = torch.as_tensor(step.done, device=device, dtype=torch.float32)
                if step.done.any():
                    ended = np.flatnonzero(step.done)
                    recent_wins.extend(step.episode_win[ended].tolist())
                    recent_returns.extend(step.episode_return[ended].tolist())
                    recent_lengths.extend(step.episode_length[ended].tolist())
                    recent_shaping.extend(shaping_return[ended].tolist())
                    shaping_return[ended] = 0.0
                    games_done += ended.size

        # ---- generalised advantage estimation (a done row starts a new game: no bootstrap across it)
        update_started = time.perf_counter()
        with torch.no_grad():
            with network_precision(precision, device):
                _, next_value = model(inputs.peek(env))
            advantages = torch.zeros_like(rew_buf)
            gae = torch.zeros(B, device=device)
            for t in reversed(range(T)):
                if t == T - 1:
                    not_done, value_after = 1.0 - next_done, next_value
                else:
                    not_done, value_after = 1.0 - done_buf[t + 1], val_buf[t + 1]
                delta = rew_buf[t] + args.gamma * value_after * not_done - val_buf[t]
                gae = delta + args.gamma * args.gae_lambda * not_done * gae
                advantages[t] = gae
            returns = advantages + val_buf

        # ---- PPO update over shuffled minibatches
        model.train()
        torch.set_num_threads(update_threads)
        b_obs = inputs.batch()
        b_mask = mask_buf.reshape(T * B, -1)
        b_act, b_logp = act_buf.reshape(-1), logp_buf.reshape(-1)
        b_adv, b_ret, b_val = advantages.reshape(-1), returns.reshape(-1), val_buf.reshape(-1)
        b_teacher, b_expert = teacher_buf.reshape(-1), expert_buf.reshape(-1)
        clip_fracs, teacher_nlls, teacher_agreements, expert_nlls, expert_agreements = [], [], [], [], []
        for _ in range(args.update_epochs):
            order = torch.randperm(args.batch_size, device=device)
            for lo in range(0, args.batch_size, args.minibatch_size):
                mb = order[lo:lo + args.minibatch_size]
                obs = inputs.select(b_obs, mb)
                with network_precision(precision, device):
                    features = model.features(obs)
                    logits = model.policy_logits(obs, features)
                    # in the critic warm-up only the critic learns: a shared trunk stays the policy's
                    new_value = model.value(obs, features, fit_trunk=not warming_up)
                dist = LegalDistribution(logits, b_mask[mb])
                new_logp, entropy = dist.log_prob(b_act[mb]), dist.entropy()
                log_ratio = new_logp - b_logp[mb]
                ratio = log_ratio.exp()
                with torch.no_grad():
                    approx_kl = ((ratio - 1) - log_ratio).mean()
                    clip_fracs.append(((ratio - 1.0).abs() > args.clip_coef).float().mean().item())
                adv = b_adv[mb]
                adv = (adv - adv.mean()) / (adv.std() + 1e-8)
                clipped_ratio = torch.clamp(ratio, 1 - args.clip_coef, 1 + args.clip_coef)
                pg_loss = torch.max(-adv * ratio, -adv * clipped_ratio).mean()
                # clipped value loss, as in the PPO reference implementation
                v_clipped = b_val[mb] + torch.clamp(new_value - b_val[mb], -args.clip_coef, args.clip_coef)
                v_loss = 0.5 * torch.max((new_value - b_ret[mb]) ** 2, (v_clipped - b_ret[mb]) ** 2).mean()
                entropy_loss = entropy.mean()
                loss = pg_loss - args.ent_coef * entropy_loss + args.vf_coef * v_loss
                if warming_up:
                    loss = args.vf_coef * v_loss
                elif teacher_w > 0:
                    teacher_nll = -dist.log_prob(b_teacher[mb]).mean()
                    loss = loss + teacher_w * teacher_nll
                    teacher_nlls.append(teacher_nll.item())
                    with torch.no_grad():
                        teacher_agreements.append((dist.logits.argmax(-1) == b_teacher[mb]).float().mean().item())
                searched = b_expert[mb] >= 0
                if not warming_up and searched.any():
                    target = b_expert[mb][searched]
                    expert_nll = -dist.log_prob(b_expert[mb].clamp(min=0))[searched].mean()
                    loss = loss + args.expert_coef * expert_nll
                    expert_nlls.append(expert_nll.item())
                    with torch.no_grad():
                        expert_agreements.append((dist.logits[searched].argmax(-1) == target).float().mean().item())
                optimizer.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(model.parameters(), args.max_grad_norm)
                optimizer.step()
            if args.target_kl and approx_kl > args.target_kl:
                break
        inputs.end_update()
        clock.add("update", update_started)

        # ---- logging, snapshots, checkpoints, evaluation
        sps = (global_step - start_step) / max(time.time() - sps_start_time, 1e-9)
        recent_wins, recent_returns, recent_lengths = recent_wins[-200:], recent_returns[-200:], recent_lengths[-200:]
        recent_shaping = recent_shaping[-200:]
        stats = {
            "update": update, "updates": num_updates, "samples": global_step, "total": args.total_steps,
            "sps": sps, "games": games_done, "loss": loss.item(), "policy_loss": pg_loss.item(),
            "value_loss": v_loss.item(), "entropy": entropy_loss.item(), "approx_kl": approx_kl.item(),
            "clip_frac": float(np.mean(clip_fracs)), "lr": optimizer.param_groups[0]["lr"],
            "teacher_weight": teacher_w,
            "teacher_loss": float(np.mean(teacher_nlls)) if teacher_nlls else float("nan"),
            "teacher_agreement": float(np.mean(teacher_agreements)) if teacher_agreements else float("nan"),
            # expert iteration: the share of learner decisions with a search target, the policy's
            # loss and agreement on them, and the seconds the searches took in this update
            "expert_targets": float((expert_buf >= 0).float().mean()) if expert is not None else float("nan"),
            "expert_loss": float(np.mean(expert_nlls)) if expert_nlls else float("nan"),
            "expert_agreement": float(np.mean(expert_agreements)) if expert_agreements else float("nan"),
            "expert_seconds": expert_seconds,
            "train_win_rate": float(np.mean(recent_wins)) if recent_wins else float("nan"),
            "episode_return": float(np.mean(recent_returns)) if recent_returns else float("nan"),
            "episode_length": float(np.mean(recent_lengths)) if recent_lengths else float("nan"),
            "shaping_return": float(np.mean(recent_shaping)) if recent_shaping else float("nan"),
            "seconds": clock.report(),
            "pool": [{"name": name, "win_rate": float(w), "weight": float(p)}  # one entry per pool slot
                     for name, w, p in zip(pool.names, pool.win_rates(), pool.sampling_weights())],
        }
        if writer is not None:
            for key in ("loss", "policy_loss", "value_loss", "entropy", "approx_kl", "clip_frac", "lr"):
                writer.add_scalar(f"losses/{key}", stats[key], global_step)
            writer.add_scalar("charts/samples_per_second", sps, global_step)
            for part, seconds in stats["seconds"].items():  # each part's share of the run's time so far
                writer.add_scalar(f"time/{part}", seconds / max(sum(stats["seconds"].values()), 1e-9), global_step)
            if teacher_nlls:
                for key in ("teacher_weight", "teacher_loss", "teacher_agreement"):
                    writer.add_scalar(f"teacher/{key}", stats[key], global_step)
            if expert_nlls:
                for key in ("expert_targets", "expert_loss", "expert_agreement", "expert_seconds"):
                    writer.add_scalar(f"expert/{key.removeprefix('expert_')}", stats[key], global_step)
            if recent_wins:
                writer.add_scalar("charts/train_win_rate", stats["train_win_rate"], global_step)
                writer.add_scalar("charts/episode_return", stats["episode_return"], global_step)
                writer.add_scalar("charts/episode_length", stats["episode_length"], global_step)
                if args.shaping_coef:  # the rewards above are the game's; the shaping added to them is here
                    writer.add_scalar("charts/shaping_return", stats["shaping_return"], global_step)
            for slot, entry in enumerate(stats["pool"]):
                tag = f"{slot}_" + re.sub(r"[^\w.@=-]", "_", entry["name"])
                writer.add_scalar(f"pool/win_rate/{tag}", entry["win_rate"], global_step)
                writer.add_scalar(f"pool/weight/{tag}", entry["weight"], global_step)
        if self_play and args.snapshot_every and update % args.snapshot_every == 0:
            add_snapshot(update)
        last = update == num_updates
        if last or update % args.checkpoint_every == 0:
            save_checkpoint(update)
        if last or (args.eval_every and update % args.eval_every == 0):
            evaluation = evaluate_and_log(update)
        stats["eval"] = {r.opponent: r.win_rate for r in evaluation}
        stats["eval_margin"] = {r.opponent: r.mean_margin for r in evaluation}
        if callback is not None:
            callback(stats)
    if writer is not None:
        writer.close()
    return stats


def main(argv=None) -> None:
    args = parse_args(argv)

    def report(s):
        evals = " ".join(f"vs {k} {v:.0%} ({s['eval_margin'][k]:+.1f})" for k, v in s["eval"].items())
        helpers = f" teacher agrees {s['teacher_agreement']:.0%}" if s["teacher_weight"] > 0 else ""
        if s["expert_loss"] == s["expert_loss"]:  # not nan: the expert gave targets
            helpers += f" expert agrees {s['expert_agreement']:.0%} ({s['expert_seconds']:.0f} s searching)"
        print(f"update {s['update']}/{s['updates']} samples {s['samples']} sps {s['sps']:.0f} "
              f"train win {s['train_win_rate']:.2f} loss {s['loss']:.3f}{helpers} {evals}", flush=True)

    def report_pretrain(s):
        print(f"cloning the teacher: {s['pretrain_samples']}/{s['pretrain_total']} decisions, "
              f"agrees {s['teacher_agreement']:.0%}, value loss {s['value_loss']:.3f}", flush=True)

    stats = train(args, report, report_pretrain)
    if "seconds" in stats:  # a run with updates left to do
        print(time_split(stats["seconds"]), flush=True)


if __name__ == "__main__":
    main()
