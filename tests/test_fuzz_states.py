"""Saved states from outside (issue 47): the mutation fuzzer of ``benchmarks/fuzz_states.py`` at the
size of every ``make test`` -- the same 2,000 mutated dicts per game each run; ``make soak`` runs
100,000 per game and records the tallies in benchmarks/RESULTS.md.

Zero tolerance: each mutated dict is rejected with a one-line ``InvalidStateError`` (its input
untouched) or loads, reloads to the same bytes and plays up to 500 decisions of random legal play
with every invariant checked after each (bounds-checked under ``make test``), the state it
reaches saving and loading again. The fuzzer's own checks are tested here too: a loader that
raises something else, or changes its input, is a break; a loop that never ends is reported by
the mutations it was playing instead of hanging the run.
"""

from __future__ import annotations

import pytest

from meeplegym import InvalidStateError
from tests.benchmark_scripts import load

MUTATIONS = 2000


def _fuzz_module():
    """Registered as `fuzz_states`, the name its worker processes import it by (the script puts
    benchmarks/ on sys.path)."""
    return load("fuzz_states")


@pytest.mark.parametrize("game", ["scythe", "imperium", "oath"])
def test_every_mutated_saved_state_is_rejected_or_plays_on_with_every_invariant_kept(game):
    fuzz = _fuzz_module()
    tally = fuzz.run(game, MUTATIONS, seed=0, decisions=500, workers=1, progress=False)
    assert tally.mutations == MUTATIONS == tally.rejected + tally.accepted + len(tally.breaks)
    assert tally.accepted >= 50 and tally.decisions >= 50 * 50  # mutations got through and were played
    assert tally.breaks == [], "\n".join(str(b) for b in tally.breaks[:20])


@pytest.mark.parametrize("game", ["scythe", "imperium", "oath"])
def test_every_unmutated_base_state_loads(game):
    """The other half of a loader's job: the positions real play reaches (every decision kind, every
    player count and table) all load, byte-exact -- a check too strict would refuse them."""
    fuzz = _fuzz_module()
    json = fuzz.STATE_JSON[game]
    for d in fuzz.bases(game):
        assert json.state_to_dict(json.state_from_dict(d)[0]) == d


# What the 100,000-mutation runs of `make soak` broke (seed 0), each replayed here after its fix.
SOAK_BREAKS = [("oath", 63454)]  # camp_from set in a campaign no power started


@pytest.mark.parametrize("game, index", SOAK_BREAKS)
def test_what_the_soak_broke_stays_fixed(game, index):
    tally = _fuzz_module().fuzz(game, index, 1)
    assert tally.breaks == [] and tally.rejected + tally.accepted == 1


def test_a_mutation_replays_from_its_index_alone():
    fuzz = _fuzz_module()
    first, words = fuzz.mutated("scythe", 3, 17)
    again, words_again = fuzz.mutated("scythe", 3, 17)
    assert first == again and words == words_again and words
    assert fuzz.mutated("scythe", 3, 18) != (first, words)


class _Loader:
    """A stand-in state_json whose loader misbehaves as told."""

    def __init__(self, how):
        self.how = how

    def state_from_dict(self, d):
        if self.how == "raises":
            raise IndexError("index is out of bounds")
        if self.how == "edits":
            d.clear()
        if self.how == "two lines":
            raise InvalidStateError("turn: bad\nand more")
        raise InvalidStateError("turn: bad")

    state_to_dict = staticmethod(dict)


@pytest.mark.parametrize("how, why", [("raises", "the loader raised IndexError"),
                                      ("edits", "the loader changed its input"),
                                      ("two lines", "rejected without a one-line message")])
def test_a_loader_that_misbehaves_is_a_break(monkeypatch, how, why):
    fuzz = _fuzz_module()
    monkeypatch.setitem(fuzz.STATE_JSON, "scythe", _Loader(how))
    tally = fuzz.fuzz("scythe", 0, 3)
    assert tally.mutations == 3 and len(tally.breaks) == 3 and tally.rejected == 0
    assert all(why in b.why for b in tally.breaks)
    assert [b.index for b in tally.breaks] == [0, 1, 2]


def test_a_clean_rejection_is_counted():
    fuzz = _fuzz_module()
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(fuzz.STATE_JSON, "scythe", _Loader("rejects"))
        tally = fuzz.fuzz("scythe", 0, 4)
    assert (tally.mutations, tally.rejected, tally.accepted, tally.breaks) == (4, 4, 0, [])


def test_a_chunk_that_does_not_end_is_reported_and_the_run_goes_on():
    """Compiled code cannot be interrupted: a chunk past the watchdog's time is a break naming
    its mutations, its process is replaced, and the other chunks still run (here every chunk
    overruns a 0.2-second watchdog)."""
    fuzz = _fuzz_module()
    tally = fuzz.run("scythe", 20, chunk=10, progress=False, hang_seconds=0.2)
    assert tally.mutations == 20 and len(tally.breaks) == 2
    assert [b.index for b in tally.breaks] == [0, 10]
    assert all("did not end within" in b.why and "--only" in b.why for b in tally.breaks)
