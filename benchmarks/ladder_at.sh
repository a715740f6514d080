#!/bin/bash
# Run benchmarks/strength.py on a fixed commit while this working tree moves on:
#   bash benchmarks/ladder_at.sh COMMIT --game oath --games 400 --focus oath.mcts ... --ledger benchmarks/results/x.jsonl
# A ladder takes hours and each worker process imports the sources as they are when it starts, so
# an edit made meanwhile would play some games on other code (the ledgers refuse a changed digest,
# and the run stops). This checks COMMIT out in a git worktree beside the repository, with a copy
# of .venv whose editable install points at it and a compile cache of its own, and runs the ladder
# there; run it again with the same arguments to resume from the ledger. Copy the RESULTS section
# and the ledger back when it is done. Needs the repository's .venv (make test builds it).
set -euo pipefail
commit=${1:?usage: bash benchmarks/ladder_at.sh COMMIT STRENGTH_ARGS...}
shift
repo=$(git rev-parse --show-toplevel)
short=$(git -C "$repo" rev-parse --short "$commit")
home=${LADDER_HOME:-$repo/../ladder-$short}
if [ ! -d "$home/repo" ]; then
    mkdir -p "$home"
    git -C "$repo" worktree add -q --detach "$home/repo" "$short"
    cp -a "$repo/.venv" "$home/repo/.venv"
    sed -i "s#$repo/#$home/repo/#g" "$home"/repo/.venv/lib/python3*/site-packages/__editable___meeplegym_*_finder.py
fi
cd "$home/repo"
XDG_CACHE_HOME="$home/cache" exec .venv/bin/python benchmarks/strength.py "$@"
