"""How the learner's network reads the rollout's observations (`ppo --first-layer`): dense and
normalised (`DenseInputs`), or by their nonzero entries (`SparseInputs`, with a `SparseLinear`
first layer).

The observations are mostly zeros (Imperium 99.3%, Oath 99.1%, Scythe 97.1% of the entries) and
the first layer reads 2,444 (Scythe) to 21,278 (Imperium) of them, so a dense first layer spends
nearly all its products on zeros. With the observation normaliser in front, the normalised input
``z = clamp((x - mean) / std)`` is not sparse, but its distance from the normalised zero
``z0 = clamp(-mean / std)`` is: it is nonzero only where ``x`` is. So

    W z + b = (W z0 + b) + W (z - z0)

exactly: a constant part (one product per batch) and a product over the columns where some row
of the batch is nonzero (`SparseRows.compact`). The weights are kept input-major for that
sum, and the layer saves and loads them as an ``nn.Linear`` does, so checkpoints, exported
policies and ``--init-policy`` are the same files whichever first layer trained them.

One difference in training: with sparse inputs the normaliser's statistics stay fixed through a
rollout and its update, and take in the rollout's observations after the update (the dense
inputs are normalised as they arrive, the statistics moving at every step). The rows stored for
the update are normalised by the network itself, so they must meet the statistics they were
played with.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

from meeplegym.encoders.features import nonzero_entries


@dataclass
class SparseRows:
    """A batch of observations by their nonzero entries: row i holds ``values[i, k]`` at column
    ``columns[i, k]``. Rows with fewer entries than the widest are padded with the value 0 at
    column 0, which adds nothing (its ``z - z0`` is 0)."""

    columns: torch.Tensor  # (rows, width) int64
    values: torch.Tensor  # (rows, width) float32, the raw observation's values

    def __len__(self) -> int:
        return self.columns.shape[0]

    def select(self, rows: torch.Tensor) -> SparseRows:
        return SparseRows(torch.index_select(self.columns, 0, rows), torch.index_select(self.values, 0, rows))

    def to(self, device) -> SparseRows:
        return SparseRows(self.columns.to(device), self.values.to(device))

    def dense_columns(self, columns: torch.Tensor) -> torch.Tensor:
        """The raw values at `columns` (a few of them: the phase one-hot), as a dense (rows, len) array."""
        position = torch.full((int(columns.max()) + 2,), -1, dtype=torch.int64, device=columns.device)
        position[columns] = torch.arange(columns.numel(), device=columns.device)  # the last -1: any later column
        where = position[self.columns.clamp(max=position.numel() - 1)]
        hit = (where >= 0) & (self.values != 0)  # not the padding, which may sit on a wanted column
        out = torch.zeros(len(self), columns.numel(), dtype=self.values.dtype, device=self.values.device)
        out[hit.nonzero(as_tuple=True)[0], where[hit]] = self.values[hit]
        return out

    def compact(self, values: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(the columns any row has an entry in, ascending; `values` (one per entry) as a dense
        (rows, len(those columns)) array)."""
        extent = int(self.columns.max()) + 1 if self.columns.numel() else 1
        used = torch.zeros(extent, dtype=torch.bool, device=self.columns.device)
        used[self.columns.reshape(-1)] = True
        position = torch.cumsum(used, 0) - 1
        rows = torch.arange(len(self), device=self.columns.device)[:, None].expand_as(self.columns)
        width = int(position[-1]) + 1
        dense = torch.zeros(len(self) * width, dtype=values.dtype, device=values.device)
        # added, not written: the padding's zeros may share column 0 with a real entry
        dense.index_add_(0, (rows * width + position[self.columns]).reshape(-1), values.reshape(-1))
        return used.nonzero().squeeze(1), dense.view(len(self), width)

    def moments(self, size: int) -> tuple[int, torch.Tensor, torch.Tensor]:
        """(rows, column sums, column sums of squares) over `size` columns (the padding adds 0)."""
        columns, values = self.columns.reshape(-1), self.values.reshape(-1)
        sums = torch.zeros(size, device=values.device).index_add_(0, columns, values)
        squares = torch.zeros(size, device=values.device).index_add_(0, columns, values * values)
        return len(self), sums, squares


def sparse_rows(observations: np.ndarray, columns: np.ndarray | None = None) -> SparseRows:
    """The nonzero entries of a (rows, size) observation batch, or of its `columns` only (then
    numbered by their place in `columns`: the live layout read straight from the whole
    observation, without copying it out first)."""
    observations = np.ascontiguousarray(observations, dtype=np.float32)
    if columns is None:
        columns = np.arange(observations.shape[1])
    found, values = nonzero_entries(observations, np.asarray(columns, dtype=np.int64))
    return SparseRows(torch.from_numpy(found), torch.from_numpy(values))


def concat_rows(parts: list[SparseRows]) -> SparseRows:
    """The rows of `parts`, one after another, padded to the widest."""
    width = max(p.columns.shape[1] for p in parts)
    return SparseRows(torch.cat([F.pad(p.columns, (0, width - p.columns.shape[1])) for p in parts]),
                      torch.cat([F.pad(p.values, (0, width - p.values.shape[1])) for p in parts]))


class SparseLinear(nn.Module):
    """An ``nn.Linear`` (same `weight` and `bias`, same saved form) that also reads `SparseRows`
    behind an observation normaliser (`forward_rows`). A dense input still works (`forward`)."""

    def __init__(self, linear: nn.Linear):
        super().__init__()
        self.in_features, self.out_features = linear.in_features, linear.out_features
        self.weight_t = nn.Parameter(linear.weight.detach().t().contiguous())  # (in, out): a row per input
        self.bias = nn.Parameter(linear.bias.detach().clone())
        self._frozen = None  # the constant part, while `frozen`
        self.register_state_dict_post_hook(_save_as_linear)
        self.register_load_state_dict_pre_hook(_load_as_linear)

    @property
    def weight(self) -> torch.Tensor:
        return self.weight_t.t()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.linear(x, self.weight, self.bias)

    def forward_rows(self, rows: SparseRows, norm: nn.Module) -> torch.Tensor:
        """The layer's output for rows of a raw observation normalised by `norm` (a `RunningNorm`)."""
        device = self.weight_t.device
        with torch.autocast(device.type, enabled=False):  # the normaliser in float32, as dense inputs are
            z0 = norm(torch.zeros(1, self.in_features, device=device))
            delta = norm.at(rows.values, rows.columns) - z0[0, rows.columns]
            constant = self._constant_part(z0)
            if not torch.is_grad_enabled():  # a sum of weight rows: fast, but its backward sorts every entry
                return constant + F.embedding_bag(rows.columns, self.weight_t, per_sample_weights=delta, mode="sum")
        # a dense product over the columns the batch uses (a tenth of an Imperium observation's for
        # 2,048 rows), in bf16 where the precision around is
        used, moved = rows.compact(delta)
        return constant + moved @ self.weight_t[used]

    def _constant_part(self, z0: torch.Tensor) -> torch.Tensor:
        """``W z0 + b``: a product over every input, as dear as a small batch's, so `frozen` keeps it
        (for passes without gradients: the kept one has none)."""
        if self._frozen is not None and not torch.is_grad_enabled():
            return self._frozen
        return torch.addmm(self.bias[None], z0, self.weight_t)

    @contextlib.contextmanager
    def frozen(self, norm: nn.Module):
        """Keep the constant part while the weights and `norm`'s statistics stay as they are (a
        rollout), without gradients."""
        with torch.no_grad(), torch.autocast(self.weight_t.device.type, enabled=False):
            self._frozen = self._constant_part(norm(torch.zeros(1, self.in_features, device=self.weight_t.device)))
        try:
            yield
        finally:
            self._frozen = None


def _save_as_linear(module: SparseLinear, state: dict, prefix: str, local_metadata) -> None:
    state[prefix + "weight"] = state.pop(prefix + "weight_t").t().contiguous()


def _load_as_linear(module: SparseLinear, state: dict, prefix: str, *args) -> None:
    if prefix + "weight" in state:
        state[prefix + "weight_t"] = state.pop(prefix + "weight").t().contiguous()


def sparse_first_layer(trunk: nn.Sequential) -> nn.Sequential:
    """`trunk` with its first layer as a `SparseLinear` (the same weights)."""
    trunk[0] = SparseLinear(trunk[0])
    return trunk


class DenseInputs:
    """The rollout's observations, normalised as they arrive (the statistics move at every step)
    and stored in the precision the network's first product reads them (bf16: what autocast would
    round them to anyway, at half the memory traffic of a minibatch's gather)."""

    def __init__(self, norm: nn.Module, steps: int, batch: int, size: int, dtype: torch.dtype, device):
        self.norm, self.device = norm, device
        self.buffer = torch.zeros((steps, batch, size), dtype=dtype, device=device)

    def store(self, t: int, env) -> torch.Tensor:
        """Keep step `t`'s observations (`env`'s, a `SeatAdapter`); the network's input for them."""
        raw = torch.tensor(env.observation, device=self.device)  # a copy: the env reuses its buffers
        self.norm.update(raw)
        self.buffer[t] = self.norm(raw)
        return self.buffer[t]

    def peek(self, env) -> torch.Tensor:
        """The network's input for `env`'s observations, not kept (the rollout's bootstrap)."""
        return self.norm(torch.tensor(env.observation, device=self.device))

    def batch(self) -> torch.Tensor:
        """Every kept row, step-major (row t * batch + b)."""
        return self.buffer.reshape(-1, self.buffer.shape[-1])

    @staticmethod
    def select(batch: torch.Tensor, rows: torch.Tensor) -> torch.Tensor:
        return torch.index_select(batch, 0, rows)  # once: an Imperium minibatch is 87 MB (1.5x faster than [])

    def end_update(self) -> None:
        pass


class SparseInputs:
    """The rollout's observations by their nonzero entries, raw; the normaliser takes them in
    after the update (see the module docstring)."""

    def __init__(self, norm: nn.Module, steps: int, size: int, device):
        self.norm, self.size, self.device = norm, size, device
        self.parts: list[SparseRows | None] = [None] * steps

    def store(self, t: int, env) -> SparseRows:
        self.parts[t] = self.peek(env)
        return self.parts[t]

    def peek(self, env) -> SparseRows:
        # read from the whole observation: the live layout's dense copy would cost as much again
        return sparse_rows(env.whole_observation, env.observation_columns).to(self.device)

    def batch(self) -> SparseRows:
        return concat_rows(self.parts)

    @staticmethod
    def select(batch: SparseRows, rows: torch.Tensor) -> SparseRows:
        return batch.select(rows)

    def end_update(self) -> None:
        self.norm.update_from_sums(*concat_rows(self.parts).moments(self.size))
