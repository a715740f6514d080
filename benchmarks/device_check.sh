#!/bin/bash
# `--device cuda` end to end on a lent GPU machine (issue 49, Deliver 6): tests/test_cuda.py and
# the trainer's samples/s with the network on the GPU (training_curves.py --sps --device cuda).
#
# That machine has Python 3.12 with torch, numba and typer but no network, so prepare here, in
# the repository's root (.whl/ is git-excluded; it travels with `carry`):
#   echo /.whl/ >> .git/info/exclude; mkdir -p .whl
#   .venv/bin/pip wheel -q --no-deps --no-build-isolation -w .whl .
#   (cd .whl && ../.venv/bin/pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
#      --implementation cp --platform manylinux_2_28_x86_64 --platform manylinux2014_x86_64 \
#      gymnasium==1.2.2 pettingzoo==1.27.0 farama-notifications==0.0.6 openskill==6.2.0 \
#      stable-baselines3==2.9.2 sb3-contrib==2.9.2)
# then run `bash benchmarks/device_check.sh $(git rev-parse --short HEAD)` there with carry [".whl"]
# (commit first: the sections name that commit). About 8 minutes on an H200 machine, most of it
# compiling Scythe's and Imperium's kernels; the files it leaves in $OUT come back.
set -u
export PYTHONUNBUFFERED=1 MEEPLEGYM_FIRST_RUN=wait
T0=$(date +%s); el() { echo "[t+$(( $(date +%s) - T0 ))s] $*"; }
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 9
export PYTHONPATH=/tmp/site  # -P below: the checkout's own meeplegym/ folder must not shadow the wheel
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
python3 -c "import torch, numba, sys; print(sys.version.split()[0], 'torch', torch.__version__, 'numba', numba.__version__)"
el "warming up"
python3 -P -m meeplegym.warmup scythe engine,vector > $OUT/warm_scythe_engine.log 2>&1 &
python3 -P -m meeplegym.warmup scythe bots > $OUT/warm_scythe_bots.log 2>&1 &
python3 -P -m meeplegym.warmup imperium engine,vector > $OUT/warm_imperium.log 2>&1 &
wait %1 %2; el "scythe compiled"
python3 -P -m pytest -p no:cacheprovider -q -o addopts="" -o filterwarnings="" --durations=10 tests/test_cuda.py 2>&1 \
  | tee $OUT/pytest_cuda.log | tail -40
el "tests done"
NOTE="At commit $1, on a lent GPU machine: the network on the GPU, the games and the bots on the CPU."
timeout 200 python3 -P benchmarks/training_curves.py --sps scythe --device cuda --sps-steps 32768 --write --note "$NOTE" 2>&1 \
  | tee -a $OUT/sps.log | tail -12
wait
timeout $(( 560 - ($(date +%s) - T0) )) python3 -P benchmarks/training_curves.py --sps imperium --device cuda --sps-steps 32768 \
  --write --note "$NOTE" 2>&1 | tee -a $OUT/sps.log | tail -12
el "done"
cp benchmarks/training.md $OUT/
