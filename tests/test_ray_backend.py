"""The Ray backend of tournaments and balance sweeps (issue 11), on a local Ray instance: it
stores exactly the rows the process backend stores, an interrupted Ray run is resumed by either
backend without a game lost or doubled, and a sweep runs on a cluster that is already up."""

from __future__ import annotations

import pytest
import ray

from meeplegym import InvalidOptionError
from meeplegym.balance import balance_tables, run_balance
from meeplegym.tournament import Config, run_tournament, stored_games
from tests.test_tournament import Interrupt, stop_after

SMALL = dict(game="scythe", agents=("random", "random", "random"), players=2, max_turns=8)


def test_ray_stores_what_processes_store_and_resumes_either_way(tmp_path, scythe_kernels):
    config = Config(games=6, seed=11, **SMALL)
    by_process = stored_games(tmp_path / "p.sqlite", run_tournament(config, tmp_path / "p.sqlite"))

    db = tmp_path / "r.sqlite"
    with pytest.raises(Interrupt):
        run_tournament(config, db, workers=2, backend="ray", progress=stop_after(2))
    assert not ray.is_initialized()  # the local instance it started is shut down, even when interrupted
    assert len(stored_games(db, config.id)) == 2
    with pytest.raises(Interrupt):
        run_tournament(config, db, workers=2, backend="ray", progress=stop_after(4))  # resumes: 2 more...
    assert not ray.is_initialized()
    assert len(stored_games(db, config.id)) == 4
    run_tournament(config, db)  # ...and the process backend plays the last two
    assert stored_games(db, config.id) == by_process


def test_a_balance_sweep_on_a_running_cluster_lands_in_the_same_database(tmp_path, scythe_kernels):
    db = tmp_path / "b.sqlite"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        games = run_balance("scythe", "random", games=4, players=2, db=db, max_turns=6, backend="ray",
                            address="auto")
        assert ray.is_initialized()  # a cluster it did not start stays up
    finally:
        ray.shutdown()
    assert [g["idx"] for g in games] == [0, 1, 2, 3]
    assert games == run_balance("scythe", "random", games=4, players=2, db=tmp_path / "p.sqlite", max_turns=6)
    assert sum(r.games for r in balance_tables(games, 2)["faction"]) == 8


@pytest.mark.parametrize(
    "options, message",
    [
        (dict(backend="dask"), "unknown backend 'dask'; available: process, ray"),
        (dict(address="ray://head:10001"), "needs backend='ray'"),
        (dict(workers=0), "workers must be a positive integer"),
    ],
)
def test_bad_backend_options_fail_before_anything_runs(tmp_path, options, message):
    db = tmp_path / "x.sqlite"
    with pytest.raises(InvalidOptionError, match=message):
        run_tournament(Config(games=1, **SMALL), db, **options)
    assert not db.exists()  # nothing written
