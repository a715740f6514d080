"""The kernels every game has, written once: each game makes its own copy around its own rules.

A game's rules module (``envs/<game>/rules/turn.py``) offers two kernels, the same contract in
every game:

- ``legal(s, mask)``: writes every entry of ``mask`` (int8, one per action of the game's flat
  action space): 1 for a legal action of the pending decision, else 0; all 0 once the game is over;
- ``apply(s, a)``: plays legal action ``a`` and runs on to the next decision.

From them the templates below make the kernels each game exports: the engine's entry points
(`engine_kernels`), the checked stepping of the invariant suites (`checked_kernels`), a bot's
batch kernels (`bot_kernels`), the vector API's (`vector_kernels`) and an encoder's entry points
(`encoder_kernels`). numba cannot cache a kernel that takes another compiled function
as an argument, so a template takes the game's *modules* and its kernels call into them, frozen
as constants when compiled -- one copy calls another through the game's module too, never as a
closure variable: a compiled function in a closure pickles a fresh id into numba's cache key in
every process, so that copy would never load from the cache (tests/test_signatures.py saw it); each copy is compiled and cached as the game's own
(`meeplegym.jit.kernel_for`). A copy's compile costs what the game's own hand-written kernel
cost: the code is the same.
"""

from __future__ import annotations

import numpy as np

import numba as nb

from meeplegym import rng
from meeplegym.jit import kernel_for, parallel_kernel, shell_kernel


def engine_kernels(turn, n_actions: int, module_name: str):
    """``legal_mask_at``, ``apply_at`` and ``play_random`` over the rules module `turn` of a game
    with `n_actions` actions, for the game's engine module `module_name`."""
    kernel = kernel_for(module_name)

    @kernel
    def legal_mask_at(states, i, mask):
        """Fill `mask` (int8) with the legal actions of states[i]. numba dispatches on an array and
        an index ~15x faster than on a record, so the env and batch code pass those."""
        turn.legal(states[i], mask)

    @kernel
    def apply_at(states, i, action):
        """Play legal `action` in states[i]; callers check legality."""
        turn.apply(states[i], action)

    @kernel
    def play_random(states, choosers, max_decisions, decisions):
        """Play every game of the batch with uniformly random legal actions until it ends or takes
        max_decisions decisions; decisions[b] receives how many it took (-1: stuck, no legal
        action in a live state). choosers: one uint64 generator word per game, advanced in place."""
        mask = np.zeros(n_actions, dtype=np.int8)
        for b in range(states.shape[0]):
            s = states[b]
            count = 0
            while s["terminal"] == 0 and count < max_decisions:
                turn.legal(s, mask)
                a = rng.random_legal(mask, choosers, b)
                if a < 0:
                    count = -1
                    break
                turn.apply(s, a)
                count += 1
            decisions[b] = count

    return legal_mask_at, apply_at, play_random


def checked_kernels(turn, invariants, n_actions: int, module_name: str, step_checks: bool = False):
    """``check_at``, ``await_decision``, ``diagnose_at``, ``play_random_checked``, ``start_checked``
    and ``step_checked`` for the game's invariants module `module_name` (`invariants`), which
    defines

    - ``check_into(s, where)``: the code of the first broken invariant of a position reached in
      play, or OK (``where`` names what broke it: [seat or pile, item], -1 where none applies);
    - ``check_loaded_into(s, where)``: the same for a loaded position, which may waive what only a
      game's history guarantees (or be ``check_into`` itself);
    - ``check_step(before, after)``: what one decision may never undo, run after every decision
      when `step_checks` (the copy of the record it needs is skipped otherwise);
    - the codes OK, NO_LEGAL_ACTION, NOT_FINISHED and ILLEGAL_CHOICE."""
    kernel = kernel_for(module_name)

    @kernel
    def check_at(states, i, where):
        """``check_into`` on states[i] (numba dispatches on an array far faster than on a record)."""
        return invariants.check_into(states[i], where)

    @kernel
    def await_decision(s, mask, where, loaded):
        """Check `s` (as a loaded position when `loaded`), then fill `mask` with the legal actions
        of its next decision (none once the game is over): the code of the first broken
        invariant, NO_LEGAL_ACTION for a live state without a legal action, else OK."""
        mask[:] = 0
        if loaded:
            code = invariants.check_loaded_into(s, where)
        else:
            code = invariants.check_into(s, where)
        if code == invariants.OK and s["terminal"] == 0:
            turn.legal(s, mask)
            if mask.sum() == 0:
                where[:] = -1
                code = invariants.NO_LEGAL_ACTION
        return code

    @kernel
    def diagnose_at(states, i, where, loaded):
        """``await_decision`` on states[i]: every invariant, and a legal action if the game is live.
        Finding the legal actions may write scratch fields into the record: pass a copy."""
        mask = np.zeros(n_actions, dtype=np.int8)
        return invariants.await_decision(states[i], mask, where, loaded)

    @kernel
    def play_random_checked(states, words, max_decisions, decisions, violations, loaded=False):
        """Random legal play with every check after every decision (those of a loaded position
        when `loaded`, for play from hand-edited or fuzzed positions).

        decisions[b]: decisions played; violations[b]: 0, or the code of the first violation
        (NOT_FINISHED when the game is still running after max_decisions), found after
        decisions[b] decisions. words: one uint64 generator word per game, advanced in place."""
        mask = np.zeros(n_actions, dtype=np.int8)
        where = np.zeros(2, dtype=np.int64)
        before = np.empty(1, dtype=states.dtype)
        for b in range(states.shape[0]):
            s = states[b]
            count = 0
            code = invariants.await_decision(s, mask, where, loaded)
            while code == invariants.OK and s["terminal"] == 0:
                if count >= max_decisions:
                    code = invariants.NOT_FINISHED
                    break
                if step_checks:
                    before[0] = s
                turn.apply(s, rng.random_legal(mask, words, b))
                count += 1
                code = invariants.await_decision(s, mask, where, loaded)
                if code == invariants.OK and step_checks:
                    code = invariants.check_step(before[0], s)
            decisions[b] = count
            violations[b] = code

    @kernel
    def start_checked(states, masks, violations):
        """Check every game of the batch before its first decision (see ``step_checked``): masks[b]
        receives the legal actions, violations[b] the code. Returns how many games await a decision."""
        where = np.zeros(2, dtype=np.int64)
        waiting = 0
        for b in range(states.shape[0]):
            violations[b] = invariants.await_decision(states[b], masks[b], where, False)
            if violations[b] == invariants.OK and states[b]["terminal"] == 0:
                waiting += 1
        return waiting

    @kernel
    def step_checked(states, acts, masks, decisions, violations, max_decisions):
        """One checked decision in every game of the batch still running (not over, no violation):
        acts[b], a policy's choice from masks[b], is applied to states[b] and every invariant
        checked; masks[b] then holds the next decision's legal actions (none once the game is over
        or broken). An action outside the mask is ILLEGAL_CHOICE (a policy bug) and is not applied;
        a game still running after max_decisions is NOT_FINISHED. Returns how many games await a
        decision. Any policy drives it from Python, e.g. the bots' ``act_states`` (meeplegym.agents.soak)."""
        where = np.zeros(2, dtype=np.int64)
        before = np.empty(1, dtype=states.dtype)
        waiting = 0
        for b in range(states.shape[0]):
            s = states[b]
            if violations[b] != invariants.OK or s["terminal"] != 0:
                continue
            a = acts[b]
            if a < 0 or a >= masks.shape[1] or masks[b, a] == 0:
                code = invariants.ILLEGAL_CHOICE
            else:
                if step_checks:
                    before[0] = s
                turn.apply(s, a)
                decisions[b] += 1
                code = invariants.await_decision(s, masks[b], where, False)
                if code == invariants.OK and step_checks:
                    code = invariants.check_step(before[0], s)
                if code == invariants.OK and s["terminal"] == 0 and decisions[b] >= max_decisions:
                    code = invariants.NOT_FINISHED
            violations[b] = code
            if code != invariants.OK:
                masks[b, :] = 0
            elif s["terminal"] == 0:
                waiting += 1
        return waiting

    return check_at, await_decision, diagnose_at, play_random_checked, start_checked, step_checked


def bot_kernels(bots, module_name: str):
    """``policy_at`` and ``act_states`` over the ``policy(s, seat, style, mask, words, i)`` of a
    game's bots module `bots` (meeplegym.agents.base.EngineBot calls them)."""
    kernel = kernel_for(module_name)

    @kernel
    def policy_at(states, b, seat, style, mask, words, i):
        """The bot's action for states[b], seat `seat`, playing `style`; words[i] is its generator word."""
        return bots.policy(states[b], seat, style, mask, words, i)

    @kernel
    def act_states(states, seats, styles, masks, words, out):
        """out[b] = policy(states[b], seats[b], styles[b], masks[b], words, b) for the batch."""
        for b in range(states.shape[0]):
            out[b] = bots.policy(states[b], seats[b], styles[b], masks[b], words, b)

    return policy_at, act_states


def hidden_kernels(hidden, module_name: str):
    """``determinize_at`` and ``determinized`` over the ``determinize(s, seat, words, i)`` of a game's
    `hidden` module (resample in place what `seat` cannot see; False when the state breaks the
    conservation the resampling relies on, whose reason is ``hidden.UNSAMPLEABLE``)."""
    kernel = kernel_for(module_name)

    @kernel
    def determinize_at(states, b, seat, words, i):
        """``determinize`` on states[b] (numba dispatches on an array far faster than on a record)."""
        return hidden.determinize(states[b], seat, words, i)

    def determinized(states, seat: int, seed: int = 0, index: int = 0) -> np.ndarray:
        """A copy of the one-record array `states` with `seat`'s hidden facts resampled from `seed`."""
        out = states.copy()
        words = np.array([rng.seed_word(seed)], dtype=np.uint64)
        if not determinize_at(out, index, seat, words, 0):
            raise ValueError(hidden.UNSAMPLEABLE)
        return out

    return determinize_at, determinized


def vector_kernels(game, module_name: str):
    """The vector API's batch kernels (meeplegym.vector) over a game's vector module `game`, in this
    order: the shells ``observe``, ``reset_one`` and ``step_one``, and ``reset_batch``,
    ``step_batch`` (threads over the games), ``step_batch_serial``, ``restart_rows``,
    ``observe_rows`` and ``scores_now``; the module
    binds them under these names (a copy calls another through it). The module supplies the
    rules' ``legal`` / ``apply``, ``start(states, b, seed_word, setup_args)`` (exactly what
    ``engine.new_game`` does, from the table's `setup_args` tuple), ``encode(s, seat, setup_args,
    out)`` (the seat's observation) and ``finish(s, reward_mode, terminal, rewards, scores)`` (a
    finished or truncated game's rewards and scores). Each game of the batch touches only its own
    row and its own count of decisions (``decisions``); a game is truncated after `max_turns`
    turns or `max_decisions` decisions (0: no limit) and restarts inside the step. A step given
    `final_seats` (one seat per game; no rows: none) writes into final_obs[b] the state a game
    ended in, seen by seat final_seats[b], before it restarts."""
    kernel = kernel_for(module_name)
    shell = kernel_for(module_name, shell_kernel)
    parallel = kernel_for(module_name, parallel_kernel)

    @shell
    def observe(states, b, setup_args, with_obs, obs, masks, seats):
        s = states[b]
        seats[b] = s["actor"]
        game.legal(s, masks[b])
        if with_obs:
            game.encode(s, s["actor"], setup_args, obs[b])

    @shell
    def reset_one(states, b, seed_words, setup_args, decisions, with_obs, obs, masks, seats):
        game.start(states, b, seed_words[b], setup_args)
        decisions[b] = 0
        game.observe(states, b, setup_args, with_obs, obs, masks, seats)

    @shell
    def step_one(states, b, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions, reward_mode,
                 with_obs, obs, masks, seats, rewards, scores, terminated, truncated, final_seats, final_obs):
        rewards[b, :] = 0.0
        if not active[b]:  # a paused game: untouched, nothing reported
            terminated[b] = False
            truncated[b] = False
            return
        s = states[b]
        game.apply(s, acts[b])
        decisions[b] += 1
        terminated[b] = s["terminal"] == 1
        truncated[b] = not terminated[b] and ((max_turns > 0 and s["turn"] >= max_turns)
                                              or (max_decisions > 0 and decisions[b] >= max_decisions))
        if terminated[b] or truncated[b]:
            game.finish(s, reward_mode, terminated[b], rewards[b], scores[b])
            if final_seats.shape[0] > 0:
                game.encode(s, final_seats[b], setup_args, final_obs[b])
            game.reset_one(states, b, seed_words, setup_args, decisions, with_obs, obs, masks, seats)
        else:
            game.observe(states, b, setup_args, with_obs, obs, masks, seats)

    # The reset runs in one thread: it runs once per reset() of the env (a game that ends restarts
    # inside the step), and a threaded copy of the whole setup would cost a compile of its own.
    @kernel
    def reset_batch(states, seed_words, setup_args, decisions, with_obs, obs, masks, seats):
        for b in range(states.shape[0]):
            game.reset_one(states, b, seed_words, setup_args, decisions, with_obs, obs, masks, seats)

    # The step comes twice: threads (prange) for large batches, and a plain loop for small ones,
    # where waking the thread pool costs more than the games.
    @parallel
    def step_batch(states, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions, reward_mode,
                   with_obs, obs, masks, seats, rewards, scores, terminated, truncated, final_seats, final_obs):
        for b in nb.prange(states.shape[0]):
            game.step_one(states, b, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions,
                          reward_mode, with_obs, obs, masks, seats, rewards, scores, terminated, truncated,
                          final_seats, final_obs)

    @kernel
    def step_batch_serial(states, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions,
                          reward_mode, with_obs, obs, masks, seats, rewards, scores, terminated, truncated,
                          final_seats, final_obs):
        for b in range(states.shape[0]):
            game.step_one(states, b, acts, active, seed_words, setup_args, decisions, max_turns, max_decisions,
                          reward_mode, with_obs, obs, masks, seats, rewards, scores, terminated, truncated,
                          final_seats, final_obs)

    @kernel
    def restart_rows(states, rows, seed_words, setup_args, decisions, with_obs, obs, masks, seats):
        for b in rows:
            game.reset_one(states, b, seed_words, setup_args, decisions, with_obs, obs, masks, seats)

    @kernel
    def observe_rows(states, rows, seats, setup_args, out):
        """out[k] = the game in slot rows[k] seen by seat seats[k]."""
        for k in range(rows.shape[0]):
            game.encode(states[rows[k]], seats[k], setup_args, out[k])

    @kernel
    def scores_now(states, reward_mode, scores):
        """scores[b] = game b's scores if it were cut short now: what ``finish`` scores a truncation
        with (Scythe's and Imperium's running counts; Oath's zeros: it has no score before its end)."""
        rewards = np.zeros(scores.shape[1])
        for b in range(states.shape[0]):
            game.finish(states[b], reward_mode, False, rewards, scores[b])

    return (observe, reset_one, step_one, reset_batch, step_batch, step_batch_serial, restart_rows, observe_rows,
            scores_now)


def encoder_kernels(encoder, module_name: str):
    """``encode_at(states, i, seat, out)`` (the kernel the AEC env calls: states[i] as `seat` sees
    it, into `out`) and ``observation(state, seat)`` (the same into a new array, from Python) for an
    encoder module with ``encode(s, seat, out)`` and ``OBS_SIZE``."""
    kernel = kernel_for(module_name)

    @kernel
    def encode_at(states, i, seat, out):
        encoder.encode(states[i], seat, out)

    def observation(state, seat: int) -> np.ndarray:
        """Seat's observation of one state record, as a new array."""
        out = np.zeros(encoder.OBS_SIZE, dtype=np.float32)
        encoder.encode_at(np.asarray(state).reshape(1), 0, seat, out)
        return out

    return encode_at, observation
