"""Train with sb3-contrib's MaskablePPO through `SeatVecEnv` (training/sb3.py).

The learner plays one seat per game; opponents come from the pool (``--opponents``). The batch
of games is one SB3 `VecEnv` stepped by compiled kernels, wrapped in `VecNormalize` for the
observations; MaskablePPO reads every env's legal mask in one call per step.

    python -m meeplegym.training.maskable --game scythe --opponents random --total-steps 1000000 \\
        --out runs/scythe-maskable                              # or: meeplegym train --algo maskable-ppo

Outputs in ``--out``: ``resume.pt`` (what ``--resume`` continues from: the network and optimiser
weights, the observation normaliser's statistics, the sample count and the training seconds so
far, so that eval.csv's clock runs on; tensors and plain values, read with
``torch.load(weights_only=True)``), ``model.zip`` (SB3's own file, for SB3's tools: SB3 unpickles
parts of it, so --resume never reads it), ``policy.pt`` (the same export format as
training/ppo.py, loadable with ``make_agent("policy", path=...)``), ``eval.csv`` and TensorBoard
logs in ``tb/``.
"""

from __future__ import annotations

import dataclasses
import pickle
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecNormalize
from torch import nn

from meeplegym.agents.policy_agent import PolicyAgent, save_policy
from meeplegym.agents.registry import agent_list
from meeplegym.errors import InvalidOptionError
from meeplegym.training.evaluate import append_evaluations, evaluate
from meeplegym.training.ppo import SELF, parse_dataclass
from meeplegym.training.sb3 import SeatVecEnv


@dataclass
class Args:
    game: str = "scythe"
    num_players: int = 2
    opponents: str = "random"  # comma-separated agent names / policy paths; "self" adds learner snapshots
    seat: str = "rotate"
    observation: str = "live"  # live: only what can change at this table (FeatureTable.live_columns); full: all
    total_steps: int = 1_000_000  # learner decisions
    num_envs: int = 64
    num_steps: int = 128  # SB3 n_steps: decisions per env per rollout
    batch_size: int = 2048  # SB3 minibatch size
    n_epochs: int = 4
    learning_rate: float = 2.5e-4
    gamma: float = 0.999
    gae_lambda: float = 0.95
    clip_range: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    hidden: str = "256,256"
    activation: str = "relu"
    reward_mode: str = "rank"
    max_turns: int = 0
    out: str = "runs/maskable"
    resume: bool = False
    device: str = "cpu"
    seed: int = 0
    torch_threads: int = 0
    env_threads: int = 1
    checkpoint_every: int = 10  # rollouts
    eval_every: int = 50  # rollouts (0: only at the end)
    eval_games: int = 100
    eval_opponents: str = "random"
    eval_greedy: bool = False  # evaluate the best action (True) or sample as in training (False)
    delegate: str = ""  # a bundled bot that plays the learner's turns but their strategic decisions (agents/delegate.py)
    snapshot_every: int = 20  # rollouts between learner snapshots joining the pool ("self" only)
    max_snapshots: int = 5
    tensorboard: bool = True


def export(model: MaskablePPO, venv: VecNormalize, args: Args, path, columns=None) -> Path:
    """The policy network (features -> policy MLP -> action logits) in the shared export format."""
    policy = model.policy
    actor = nn.Sequential(*policy.mlp_extractor.policy_net, policy.action_net)
    rms = venv.obs_rms
    return save_policy(path, actor, obs_columns=columns, game=args.game, num_players=args.num_players,
                       hidden=[int(h) for h in args.hidden.split(",")], activation=args.activation,
                       obs_mean=rms.mean.astype(np.float32), obs_var=rms.var.astype(np.float32),
                       obs_eps=venv.epsilon, obs_clip=venv.clip_obs,
                       meta={"algo": "maskable-ppo", "samples": int(model.num_timesteps), "opponents": args.opponents,
                             "delegate": args.delegate, "cloned": False})


class TrainingHooks(BaseCallback):
    """Per rollout: progress callback, snapshots, checkpoints and evaluation."""

    def __init__(self, args: Args, venv: VecNormalize, seat_env: SeatVecEnv, callback=None, self_play=False):
        super().__init__()
        self.args, self.venv, self.seat_env, self.user_callback = args, venv, seat_env, callback
        self.self_play = self_play
        self.out = Path(args.out)
        self.rollouts = 0
        self.wins: list[float] = []
        self.eval_rates: dict[str, float] = {}
        self.eval_margins: dict[str, float] = {}
        self.snapshot_slots: list[int] = []
        self.start_time = time.time()
        self.seconds_before = 0.0  # training seconds of earlier runs of this --out (clock.json)
        self.start_samples = 0
        self.per_rollout = args.num_envs * args.num_steps
        self.stats: dict = {}

    def seconds(self) -> float:
        """Training seconds so far, earlier runs of this --out included: eval.csv's clock."""
        return self.seconds_before + time.time() - self.start_time

    def _on_training_start(self) -> None:
        self.start_samples = self.model.num_timesteps
        self.rollouts = self.start_samples // self.per_rollout  # a resumed run counts on
        if self.self_play:
            self._snapshot()

    def _on_step(self) -> bool:
        return True

    def _snapshot(self) -> None:
        path = export(self.model, self.venv, self.args, self.out / "snapshots" / f"policy_r{self.rollouts:06d}.pt",
                      self.seat_env.adapter.observation_columns)
        pool = self.seat_env.adapter.pool
        if len(self.snapshot_slots) < self.args.max_snapshots:
            self.snapshot_slots.append(pool.add(str(path)))
        else:
            slot = self.snapshot_slots.pop(0)
            pool.replace(slot, str(path))
            self.snapshot_slots.append(slot)

    def save(self) -> Path:
        self.model.save(self.out / "model.zip")
        save_resume(self.model, self.venv, self.out / "resume.pt", self.seconds(), self.args.observation)
        return export(self.model, self.venv, self.args, self.out / "policy.pt", self.seat_env.adapter.observation_columns)

    def evaluate(self) -> None:
        policy_path = self.save()
        agent = PolicyAgent(path=policy_path, greedy=self.args.eval_greedy, seed=self.rollouts)
        results = []
        for opponent in agent_list(self.args.eval_opponents):
            result = evaluate(agent, self.args.game, opponent, games=self.args.eval_games,
                              num_players=self.args.num_players, seed=10_000_000 + self.rollouts,
                              max_turns=self.args.max_turns or None)
            self.eval_rates[opponent] = result.win_rate
            self.eval_margins[opponent] = result.mean_margin
            self.logger.record(f"eval/win_rate_vs_{opponent}", result.win_rate)
            self.logger.record(f"eval/margin_vs_{opponent}", result.mean_margin)
            results.append(result)
        append_evaluations(self.out / "eval.csv", self.model.num_timesteps, self.seconds(), results)

    def _on_rollout_end(self) -> None:
        self.rollouts += 1
        args = self.args
        self.wins = (self.wins + self.seat_env.recent_wins)[-200:]
        self.seat_env.recent_wins.clear()
        if self.wins:
            self.logger.record("rollout/win_rate", float(np.mean(self.wins)))
        if self.self_play and args.snapshot_every and self.rollouts % args.snapshot_every == 0:
            self._snapshot()
        if self.rollouts % args.checkpoint_every == 0:
            self.save()
        if args.eval_every and self.rollouts % args.eval_every == 0:
            self.evaluate()
        self.report()

    def report(self) -> None:
        samples = self.model.num_timesteps
        self.stats = {
            "update": self.rollouts, "updates": -(-self.args.total_steps // self.per_rollout), "samples": samples,
            "total": self.args.total_steps,
            "sps": (samples - self.start_samples) / max(time.time() - self.start_time, 1e-9),
            "train_win_rate": float(np.mean(self.wins)) if self.wins else float("nan"),
            "eval": dict(self.eval_rates),
            "eval_margin": dict(self.eval_margins),
        }
        if self.user_callback is not None:
            self.user_callback(self.stats)


def save_resume(model: MaskablePPO, venv: VecNormalize, path: Path, seconds: float, observation: str) -> None:
    """What --resume needs, as tensors and plain values (see the module doc)."""
    rms = venv.obs_rms
    blob = {"params": model.get_parameters(), "num_timesteps": int(model.num_timesteps), "seconds": float(seconds),
            "observation": observation,
            "obs_rms": {"mean": torch.as_tensor(rms.mean), "var": torch.as_tensor(rms.var), "count": float(rms.count)}}
    tmp = path.with_suffix(".pt.tmp")
    torch.save(blob, tmp)
    tmp.replace(path)


def load_resume(model: MaskablePPO, venv: VecNormalize, path: Path) -> float:
    """Restore `save_resume`'s file into a freshly built model and normaliser; returns the training
    seconds so far. Read with weights_only=True: a crafted file cannot run code."""
    try:
        blob = torch.load(path, map_location="cpu", weights_only=True)
        model.set_parameters(blob["params"], exact_match=True, device=model.device)
        rms = blob["obs_rms"]
        venv.obs_rms.mean, venv.obs_rms.var = rms["mean"].numpy().astype(np.float64), rms["var"].numpy().astype(np.float64)
        venv.obs_rms.count = float(rms["count"])
        model.num_timesteps = int(blob["num_timesteps"])
        return float(blob["seconds"])
    except pickle.UnpicklingError as e:
        raise InvalidOptionError(f"{path}: not a meeplegym resume file (it holds objects other than tensors "
                                 f"and plain values; nothing in it was run): {str(e).splitlines()[0]}") from None
    except (KeyError, TypeError, ValueError, RuntimeError, EOFError) as e:
        raise InvalidOptionError(f"{path}: unreadable resume file ({type(e).__name__}: {e}); "
                                 "delete it or train without --resume") from None


def resume_layout(path: Path) -> str:
    """The observation layout a resume file's network reads ("full" for files from before the live
    layout, or one `load_resume` will refuse anyway)."""
    try:
        return str(torch.load(path, map_location="cpu", weights_only=True).get("observation", "full"))
    except Exception:  # noqa: BLE001  (load_resume says what is wrong with the file)
        return "full"


def train(args: Args, callback=None) -> dict:
    """Train MaskablePPO; `callback(stats)` after every rollout. Returns the last stats."""
    import numba

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if args.torch_threads:
        torch.set_num_threads(args.torch_threads)
    numba.set_num_threads(max(1, min(args.env_threads, numba.config.NUMBA_NUM_THREADS)))
    names = agent_list(args.opponents)
    self_play = SELF in names
    names = [s for s in names if s != SELF] or ["random"]
    seat = int(args.seat) if args.seat.isdigit() else args.seat
    resuming = args.resume and (out / "resume.pt").exists()
    if resuming:  # the network was built for the run's layout
        args = dataclasses.replace(args, observation=resume_layout(out / "resume.pt"))
    seat_env = SeatVecEnv(args.game, args.num_envs, names, seat=seat, num_players=args.num_players, seed=args.seed,
                          max_turns=args.max_turns or None, reward_mode=args.reward_mode, delegate=args.delegate or None,
                          observation=args.observation)
    venv = VecNormalize(seat_env, norm_obs=True, norm_reward=False, clip_obs=10.0, gamma=args.gamma)
    hidden = [int(h) for h in args.hidden.split(",")]
    activation = {"relu": nn.ReLU, "tanh": nn.Tanh}[args.activation]
    model = MaskablePPO(
        "MlpPolicy", venv, learning_rate=args.learning_rate, n_steps=args.num_steps, batch_size=args.batch_size,
        n_epochs=args.n_epochs, gamma=args.gamma, gae_lambda=args.gae_lambda, clip_range=args.clip_range,
        ent_coef=args.ent_coef, vf_coef=args.vf_coef, seed=args.seed, device=args.device, verbose=0,
        policy_kwargs={"net_arch": {"pi": hidden, "vf": hidden}, "activation_fn": activation},
        tensorboard_log=str(out / "tb") if args.tensorboard else None,
    )
    hooks = TrainingHooks(args, venv, seat_env, callback, self_play)
    if resuming:
        hooks.seconds_before = load_resume(model, venv, out / "resume.pt")
    remaining = max(0, args.total_steps - (model.num_timesteps if resuming else 0))
    model.learn(remaining, callback=hooks, reset_num_timesteps=not resuming, tb_log_name="maskable_ppo")
    hooks.evaluate()  # saves model.zip, vecnormalize.pkl and policy.pt, then evaluates
    hooks.report()
    return hooks.stats


def main(argv=None) -> None:
    args = parse_dataclass(Args, argv, __doc__)

    def report(s):
        evals = " ".join(f"vs {k} {v:.0%} ({s['eval_margin'][k]:+.1f})" for k, v in s["eval"].items())
        print(f"rollout {s['update']} samples {s['samples']} sps {s['sps']:.0f} "
              f"train win {s['train_win_rate']:.2f} {evals}", flush=True)

    train(args, report)


if __name__ == "__main__":
    main()
