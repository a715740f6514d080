"""A network's first layer that reads the observation entity by entity (issue 49, Deliver 1).

Each game's observation describes some things one by one: Scythe's locations, players and own
units, Imperium's cards, seats and CHOOSE options, Oath's cards, map slots and seats
(``FeatureTable.entity_rows``: each entity's elements, rows of equal width). `EntityInput` reads
every entity of a kind with one shared encoder, so what it learns about one location or card
holds for the others, adds a learned vector per entity (which one it is: a location's place on
the map, a card's text), and, where a board joins the entities (Scythe's map, Oath's regions),
one round of messages from each entity's neighbours. The trunk above it gets the entity vectors
side by side, their mean and maximum over each kind, and the elements about no entity as they
are. It replaces the first `Linear` of `build_actor`'s layout, with the same `in_features` (the
live layout) and `out_features`.
"""

from __future__ import annotations

import numpy as np
import torch
from torch import nn


def entity_spec(rows) -> list[dict]:
    """`FeatureTable.entity_rows` results as a policy file keeps them: tensors and strings only
    (``torch.load(weights_only=True)`` reads them back)."""
    return [{"kind": r.kind, "columns": torch.as_tensor(np.asarray(r.columns), dtype=torch.int64),
             "adjacency": None if r.adjacency is None else torch.as_tensor(np.asarray(r.adjacency), dtype=torch.bool)}
            for r in rows]


class EntityInput(nn.Module):
    """`in_features` normalised live observations -> `out_features`, through a shared encoder of
    `width` per kind of entity (the module doc). `spec`: `entity_spec`'s list."""

    def __init__(self, in_features: int, out_features: int, spec: list[dict], width: int = 16):
        super().__init__()
        self.in_features, self.out_features, self.width = int(in_features), int(out_features), int(width)
        self.kinds = [table["kind"] for table in spec]
        about_entity = torch.zeros(self.in_features, dtype=torch.bool)
        self.encoders, self.identities, self.neighbours = nn.ModuleList(), nn.ParameterList(), nn.ModuleList()
        summary = 0
        for k, table in enumerate(spec):
            columns = torch.as_tensor(table["columns"], dtype=torch.int64)
            about_entity[columns.flatten()] = True
            self.register_buffer(f"columns_{k}", columns)
            adjacency = table.get("adjacency")
            adjacency = None if adjacency is None else torch.as_tensor(adjacency).bool()
            self.register_buffer(f"adjacency_{k}", adjacency)
            # the mean over each entity's neighbours as a matrix (derived, so not saved)
            self.register_buffer(f"neighbour_mean_{k}", None if adjacency is None else
                                 adjacency.float() / adjacency.sum(1, keepdim=True).clamp(min=1), persistent=False)
            rows, row_width = columns.shape
            self.encoders.append(nn.Linear(row_width, width))
            self.identities.append(nn.Parameter(torch.zeros(rows, width)))
            self.neighbours.append(nn.Linear(width, width) if adjacency is not None else nn.Identity())
            summary += rows * width + 2 * width  # each entity's vector, then the kind's mean and maximum
        self.register_buffer("global_columns", torch.nonzero(~about_entity).squeeze(1))
        self.out = nn.Linear(int(self.global_columns.numel()) + summary, self.out_features)

    def spec(self) -> list[dict]:
        """The entity tables it reads, as `entity_spec` gives them (for the policy file)."""
        return [{"kind": kind, "columns": getattr(self, f"columns_{k}").cpu().clone(),
                 "adjacency": None if getattr(self, f"adjacency_{k}") is None
                 else getattr(self, f"adjacency_{k}").cpu().clone()} for k, kind in enumerate(self.kinds)]

    def entity_vectors(self, x: torch.Tensor, k: int) -> torch.Tensor:
        """(batch, rows, width): kind `k`'s entities encoded, then told about their neighbours."""
        columns = getattr(self, f"columns_{k}")
        rows = columns.shape[0]
        h = self.encoders[k](x.index_select(1, columns.flatten()).view(x.shape[0], rows, -1))
        h = torch.relu(h + self.identities[k])
        mean = getattr(self, f"neighbour_mean_{k}")
        if mean is None:
            return h
        # one (rows, rows) x (rows, batch * width) product: the fastest of the ways tried on a CPU
        # (a batched product copies the matrix for every row; a gather of the neighbours is slower)
        around = (mean @ h.transpose(0, 1).reshape(rows, -1)).view(rows, h.shape[0], -1).transpose(0, 1)
        return h + torch.relu(self.neighbours[k](around))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        # The entities' small products and element-wise steps in float32 even under autocast: on a
        # CPU, bfloat16 element-wise kernels over these (batch, rows, width) blocks were several
        # times slower than the rest of the network together. The wide product below follows autocast.
        with torch.autocast(x.device.type, enabled=False):
            x = x.float()
            parts = [x[:, self.global_columns]]
            for k in range(len(self.kinds)):
                h = self.entity_vectors(x, k)
                parts += [h.flatten(1), h.mean(1), h.amax(1)]
            summary = torch.cat(parts, dim=-1)
        return self.out(summary)
