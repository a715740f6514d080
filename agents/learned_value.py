"""A trained policy's value, evaluated in compiled code: what a search reads at a leaf.

``meeplegym train`` exports the critic beside the actor (``PolicyAgent.values``). A search
over the compiled engine (agents/mcts.py) cannot call torch, so `pack_value` lays the critic
out as three arrays and `network_value` evaluates it from a whole observation inside a kernel.

The observations are mostly zeros, and the normaliser maps a zero to ``z0 = clip(-mean / std)``,
not to zero. So the first layer keeps ``base = W z0 + b`` and adds ``W[k] * (z_k - z0_k)`` for
each nonzero input k it reads (the trick of training/network_input.py's `SparseLinear`); the
later layers are dense. Loops, not ``@``: numba's matrix product needs SciPy's BLAS. A Scythe
value (about 120 nonzero inputs of the 2,444 read, 256 and 256 wide) takes a few microseconds.

The arrays (``ValueNetwork``): ``position[j]``, the column of observation element j in the
network's input (-1: not read); ``layout``, int64: the activation (0 relu, 1 tanh), the number
of hidden layers, then the input width and each layer's width; ``weights``, float32, one after
another: the normaliser's clip, the input's mean, std and z0, the first layer's base and its (inputs, width) matrix,
each later hidden layer's (width in, width out) matrix and bias, the head's weights and bias.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from meeplegym.jit import kernel

RELU, TANH = 0, 1


class ValueNetwork(NamedTuple):
    position: np.ndarray  # int64 (observation size,)
    layout: np.ndarray  # int64
    weights: np.ndarray  # float32


def pack_value(agent, observation_size: int) -> ValueNetwork:
    """The value of `agent` (a `PolicyAgent` whose file has one) for whole observations of
    `observation_size` elements. Only plain hidden layers pack: an entity input refuses."""
    import torch
    from torch import nn

    if agent.critic is None:
        agent.values(np.zeros((1, observation_size), np.float32))  # raises the error that says why
    layers = [m for m in agent.critic.trunk if isinstance(m, nn.Linear)]
    activations = {type(m) for m in agent.critic.trunk if not isinstance(m, nn.Linear)}
    plain = len(layers) * 2 == len(agent.critic.trunk) and activations <= {nn.ReLU, nn.Tanh}
    if not plain or len(activations) > 1:
        raise ValueError(f"{agent.name}: only a value over Linear layers runs in compiled code (this one reads "
                         f"entities or has other layers)")
    columns = np.arange(observation_size) if agent.columns is None else agent.columns.cpu().numpy()
    position = np.full(observation_size, -1, dtype=np.int64)
    position[columns] = np.arange(columns.size)

    def plain_numbers(tensor):
        return tensor.detach().cpu().double()

    mean, std = plain_numbers(agent.mean), plain_numbers(agent.std)
    z0 = torch.clamp(-mean / std, -agent.clip, agent.clip)
    first = plain_numbers(layers[0].weight).t()  # (inputs, width)
    parts = [torch.tensor([agent.clip], dtype=torch.float64), mean, std, z0, plain_numbers(layers[0].bias) + z0 @ first,
             first]
    for layer in layers[1:]:
        parts += [plain_numbers(layer.weight).t(), plain_numbers(layer.bias)]
    parts += [plain_numbers(agent.critic.head.weight)[0], plain_numbers(agent.critic.head.bias)]
    activation = TANH if activations == {nn.Tanh} else RELU
    widths = [columns.size] + [layer.out_features for layer in layers]
    layout = np.array([activation, len(layers), *widths], dtype=np.int64)
    weights = np.concatenate([p.reshape(-1).numpy() for p in parts]).astype(np.float32)
    return ValueNetwork(position, layout, weights)


@kernel
def _activate(h, activation):
    for u in range(h.shape[0]):
        h[u] = max(h[u], 0.0) if activation == RELU else np.tanh(h[u])


@kernel
def network_value(obs, position, layout, weights):
    """The packed value (module doc) of one whole observation `obs`."""
    activation, n_layers, inputs, width = layout[0], layout[1], layout[2], layout[3]
    clip = weights[0]
    mean = weights[1:1 + inputs]
    std = weights[1 + inputs:1 + 2 * inputs]
    z0 = weights[1 + 2 * inputs:1 + 3 * inputs]
    at = 1 + 3 * inputs
    h = weights[at:at + width].copy()  # W z0 + b
    at += width
    first = weights[at:at + inputs * width].reshape((inputs, width))
    at += inputs * width
    for j in range(obs.shape[0]):
        k = position[j]
        if obs[j] != 0.0 and k >= 0:
            moved = min(max((obs[j] - mean[k]) / std[k], -clip), clip) - z0[k]
            for u in range(width):
                h[u] += moved * first[k, u]
    _activate(h, activation)
    for layer in range(1, n_layers):
        out_width = layout[3 + layer]
        w = weights[at:at + width * out_width].reshape((width, out_width))
        at += width * out_width
        nxt = weights[at:at + out_width].copy()
        at += out_width
        for i in range(width):
            if h[i] != 0.0:
                for u in range(out_width):
                    nxt[u] += h[i] * w[i, u]
        _activate(nxt, activation)
        h, width = nxt, out_width
    value = weights[at + width]
    for i in range(width):
        value += h[i] * weights[at + i]
    return value
