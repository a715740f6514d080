"""Fingerprints of many games of every game: did a refactor change any behaviour?

    python benchmarks/behaviour_hash.py --out before.json        # on the old code
    python benchmarks/behaviour_hash.py --compare before.json    # on the new code

For each game, table size and table option: random legal play through the engine's
``play_random`` from several seeds, the state record hashed every STRIDE decisions, and whole
games between the bundled rule-based bots (every action and the final scores hashed). A
restructuring that keeps the rules (issue 46's) must leave every fingerprint as it was; a rule
change shows which tables it reaches. Compiles each game's engine and bots on a cold cache.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import os
import sys
from pathlib import Path

import numpy as np

os.environ.setdefault("MEEPLEGYM_FIRST_RUN", "wait")  # the compiled engine's play: on a cold cache compile here

STRIDE = 10  # decisions between two hashes of the state
TABLES = {  # engine.new_game options per game, beside the player count
    "scythe": [(n, {}) for n in (2, 3, 4, 5)],
    "imperium": [(n, options) for n in (2, 3, 4) for options in
                 ({}, {"trade_routes": True}, {"quick": True}, {"precious_cards": True, "low_aggression": True})]
                + [(1, {}), (1, {"training": True})],
    "oath": [(n, {}) for n in (2, 3, 4, 5, 6)],
}
BOTS = {"scythe": ("scythe.builder", "scythe.rusher"), "imperium": ("imperium.expander", "imperium.scholar"),
        "oath": ("oath.warlord", "oath.steward")}


def random_play(game: str, seeds: int) -> dict[str, str]:
    engine = importlib.import_module(f"meeplegym.envs.{game}.engine")
    out = {}
    for n, options in TABLES[game]:
        h = hashlib.sha256()
        for seed in range(seeds):
            states = engine.new_game(n, seed=seed, **options)
            words = engine.random_words([seed + 1000])
            decisions = np.zeros(1, dtype=np.int64)
            while not states[0]["terminal"]:
                engine.play_random(states, words, STRIDE, decisions)
                h.update(states.tobytes())
                if decisions[0] < STRIDE:  # stuck (-1): a bug the fingerprint records too
                    h.update(decisions.tobytes())
                    break
        out[f"random {n}p {json.dumps(options, sort_keys=True)}"] = h.hexdigest()[:16]
    return out


def bot_games(game: str, games: int) -> dict[str, str]:
    from meeplegym.agents import make_agent, play_match

    out = {}
    for n in (2, 4):
        h = hashlib.sha256()
        for seed in range(games):
            agents = [make_agent(BOTS[game][p % 2], game=game, seed=seed + p) for p in range(n)]
            result = play_match(game, agents, seed=seed, record=True)
            h.update(json.dumps([result.actions, list(map(int, result.scores))]).encode())
        out[f"bots {n}p"] = h.hexdigest()[:16]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="scythe,imperium,oath")
    parser.add_argument("--seeds", type=int, default=8, help="random games per table")
    parser.add_argument("--bot-games", type=int, default=2, help="bot games per player count")
    parser.add_argument("--out", type=Path, help="write the fingerprints here")
    parser.add_argument("--compare", type=Path, help="fingerprints of another build to compare with")
    args = parser.parse_args()
    prints = {}
    for game in args.games.split(","):
        prints[game] = {**random_play(game, args.seeds), **bot_games(game, args.bot_games)}
        print(f"{game}: {len(prints[game])} fingerprints", flush=True)
    if args.out:
        args.out.write_text(json.dumps(prints, indent=1))
    if args.compare:
        other = json.loads(args.compare.read_text())
        changed = [f"{game} {table}" for game, tables in prints.items() for table, h in tables.items()
                   if other.get(game, {}).get(table) != h]
        print("the same behaviour" if not changed else "changed: " + "; ".join(changed))
        sys.exit(1 if changed else 0)


if __name__ == "__main__":
    main()
