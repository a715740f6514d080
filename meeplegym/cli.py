"""The ``meeplegym`` command line: info, play, demo, train, compact, tournament, balance, chronicle, agents."""

from __future__ import annotations

import dataclasses
import os
import re
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table
from rich.text import Text

from meeplegym import variants
from meeplegym.agents.registry import agent_list
from meeplegym.registry import GAMES, make_env

app = typer.Typer(help="meeplegym: RL environments for Scythe, Imperium: Horizons and Oath.", no_args_is_help=True)
console = Console()


def _check_game(game: str) -> None:
    if game not in GAMES:
        raise typer.BadParameter(f"unknown game {game!r}; available: {', '.join(sorted(GAMES))}")


def _compile_first(game: str, agent_names=(), vector: bool = False) -> None:
    """Compile (or load) what a command is about to run before its progress bar starts, saying so
    when it compiles: the engine, the vector API, and the bots when bundled bots play."""
    from meeplegym import warmup

    plays_bots = any(name.strip().startswith(f"{game}.") for names in agent_names for name in names.split(","))
    warmup.ensure(game, ["engine"] + ["vector"] * vector + ["bots"] * plays_bots, console)


def _game_options(pairs: list[str]) -> dict:
    """``--option KEY=VALUE`` words as env options: true/false, whole numbers, words."""
    options = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"--option takes KEY=VALUE, got {pair!r}")
        low = value.lower()
        options[key] = True if low == "true" else False if low == "false" else int(value) if value.lstrip("-").isdigit() else value
    return options


@app.command()
def info() -> None:
    """List the games, their player counts and their spaces."""
    import importlib

    table = Table(title="meeplegym games")
    for col in ("game", "players", "actions", "observation", "about"):
        table.add_column(col)
    for entry in GAMES.values():
        # the sizes from the game's modules: building an env would start a compile of its engine
        actions = importlib.import_module(f"meeplegym.envs.{entry.name}.actions")
        encoder = importlib.import_module(f"meeplegym.encoders.{entry.name}")
        table.add_row(
            f"{entry.name} ({importlib.import_module(entry.module).raw_env.metadata['name']})",
            f"{entry.players[0]}-{entry.players[1]}",
            str(actions.N_ACTIONS),
            str(encoder.OBS_SIZE),
            entry.summary,
        )
    console.print(table)


@app.command()
def play(
    game: str = typer.Argument("scythe", help="game to play"),
    players: int = typer.Option(2, "--players", "-n", help="number of players"),
    seat: int = typer.Option(0, help="your seat (0 = first in faction order)"),
    seed: int = typer.Option(None, help="game seed (random if omitted)"),
    opponents: str = typer.Option("random", help="comma-separated agents for the other seats (one name: all of them)"),
    resume: str = typer.Option(None, help="a game saved with 's' to go on with (its seat and opponents come with it)"),
    autoplay: bool = typer.Option(False, help="let a random agent play your seat too (a demo of the interface)"),
    gui: bool = typer.Option(False, help="also show the picture of the game in a window (pygame; needs a display)"),
    wide: bool = typer.Option(False, help="the full board (Scythe's is about 125 columns) instead of the compact "
                              "one that fits 80"),
    option: list[str] = typer.Option([], "--option", help="a game option KEY=VALUE, repeatable "
                                     "(e.g. --players 1 --option training=true for Imperium's training mode)"),
) -> None:
    """Play a game in the terminal: the board (80 columns wide; --wide for the full one), a numbered
    menu of your legal actions in words, 'u' to take back your last decision while it is still your
    turn, 's' to save, 'q' to quit, 'h' for help; --gui shows the picture of the game in a window
    beside it."""
    import json

    from meeplegym.agents import RandomAgent, make_agent
    from meeplegym.agents.match import agent_action
    from meeplegym.errors import InvalidOptionError, InvalidStateError

    saved = None
    if resume is not None:
        try:
            saved = json.loads(Path(resume).read_text())
            game, players, seat, opponents = saved["game"], saved["players"], saved["seat"], saved["opponents"]
            options = saved.get("options", {})
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise typer.BadParameter(f"{resume}: not a saved game ({err})") from None
    else:
        options = _game_options(option)
    _check_game(game)
    if not 0 <= seat < players:
        raise typer.BadParameter(f"seat must be in 0..{players - 1}")
    names = agent_list(opponents)
    names = names * (players - 1) if len(names) == 1 else names
    if len(names) != players - 1:
        raise typer.BadParameter(f"give one opponent or {players - 1}, got {len(names)}")
    if any(name.startswith(f"{game}.") for name in names):
        _compile_first(game, names)  # bots compile before they play, the engine with them
    # else, on a cold cache, the env answers at once: a person's pace needs no compiled engine
    try:
        env = make_env(game, num_players=players, render_mode="ansi", **options)
        others = iter(names)
        agents = [None if p == seat else make_agent(next(others), game=game, seed=None if seed is None else seed * 31 + p)
                  for p in range(players)]
        env.reset(seed=seed)
        if saved is not None:
            env.unwrapped.load_state_dict(saved["state"])
    except (InvalidOptionError, InvalidStateError, KeyError, ValueError) as err:
        raise typer.BadParameter(str(err)) from None
    raw = env.unwrapped
    board = _Board(raw, wide)
    window = _Window(raw) if gui else None
    me = env.possible_agents[seat]
    stand_in = RandomAgent(seed)
    undo: list[dict] = []  # the states before each of your decisions this turn
    last_turn = -1
    others_did: list[str] = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        current = raw.agent_name_mapping[agent]
        if agent != me:
            undo.clear()  # another seat acted: your decisions so far are committed
            action = agent_action(agents[current], raw, current, obs)
            others_did.append(f"seat {current}, {raw.decision_name()}: {raw.action_to_str(int(action))}")
            env.step(action)
            continue
        if autoplay:
            if window and raw.turn_count != last_turn:
                window.show()
                last_turn = raw.turn_count
            env.step(stand_in.act(obs["observation"], mask))
            continue
        action = None
        while action is None:  # your decision; taking one back brings an earlier one of this turn here again
            turn = raw.turn_count
            if turn != last_turn:
                board.show()
                last_turn = turn
            _tell(others_did)  # below the board, beside the menu
            if window:
                window.show()
            action = _ask(raw, board, undo, {"game": game, "players": players, "seat": seat,
                                             "opponents": ",".join(names), "options": options})
        undo.append(raw.state_to_dict())
        env.step(action)
    board.show()
    _print_result(env)
    if window:
        window.show()
        console.print(f"window: {window.shown} pictures shown")
        window.close()


class _Board:
    """The board as terminal play prints it: each game's compact text (80 columns), or with --wide the
    env's full render."""

    def __init__(self, raw, wide: bool):
        self.raw, self.wide = raw, wide

    def show(self) -> None:
        text = self.raw.render() if self.wide else self.raw.game.render.compact_text(self.raw.state_record)
        console.print(Text.from_ansi(text), soft_wrap=True)  # laid out for its width: no re-wrapping by Rich


PLAY_HELP = """\
  a number  take that action
  b         show the board again
  u         take back your last decision (while it is still your turn)
  s         save the game to a file; go on later with: meeplegym play --resume FILE
  q         quit
  h         this help
The board: your seat is marked ">" when it is your turn; "since your last decision" lists what the
other seats did, each with the decision it answered."""


class _Window:
    """The game's rgb_array picture in a pygame window, redrawn when asked (play --gui)."""

    def __init__(self, raw):
        import os

        try:
            import pygame
        except ImportError:
            raise typer.BadParameter("--gui needs pygame: pip install 'meeplegym[viz]'") from None
        if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or os.environ.get("SDL_VIDEODRIVER")):
            raise typer.BadParameter("--gui needs a display, and none is set (DISPLAY, WAYLAND_DISPLAY or SDL_VIDEODRIVER)")
        pygame.display.init()
        self.pygame, self.raw, self.screen, self.shown = pygame, raw, None, 0

    def show(self) -> None:
        frame = self.raw.game.rgb_array(self.raw._state)
        size = (frame.shape[1], frame.shape[0])
        if self.screen is None or self.screen.get_size() != size:
            self.screen = self.pygame.display.set_mode(size)
            self.pygame.display.set_caption(f"meeplegym: {self.raw.game.name}")
        self.pygame.surfarray.blit_array(self.screen, frame.swapaxes(0, 1))
        self.pygame.display.flip()
        self.pygame.event.pump()  # keeps the window responsive while the terminal waits for input
        self.shown += 1

    def close(self) -> None:
        self.pygame.display.quit()


def _tell(others_did: list[str], most: int = 12) -> None:
    """What the other seats did since your last decision, in order (the last `most`), then forget it."""
    if not others_did:
        return
    earlier = len(others_did) - most
    more = f" [dim]({earlier} earlier not shown)[/dim]" if earlier > 0 else ""
    console.print(f"[dim]since your last decision:[/dim]{more}")
    for line in others_did[-most:]:
        console.print(f"  {escape(line)}")
    others_did.clear()


def _ask(raw, board: _Board, undo: list[dict], about: dict) -> int | None:
    """One decision from the keyboard: the legal action chosen, or None after an undo."""
    import json

    legal = raw.legal_actions()
    render = raw.game.render
    console.print(f"[dim]{escape(render.private_text(raw.state_record, about['seat']))}[/dim]")
    console.print(f"[bold]{escape(raw.decision_name())}[/bold]")
    for note in getattr(render, "unavailable_text", lambda _: [])(raw.state_record):
        console.print(f"  [dim]{escape(note)}[/dim]")
    for i, a in enumerate(legal):
        console.print(f"  {i:3d}  {escape(raw.action_to_str(int(a)))}")
    while True:
        answer = typer.prompt("choose (number; b board, u undo, s save, q quit, h help)")
        if answer == "q":
            raise typer.Exit()
        if answer == "h":
            console.print(escape(PLAY_HELP))
        elif answer == "b":
            board.show()
        elif answer == "s":
            path = typer.prompt("save to", default=f"{about['game']}-saved.json")
            Path(path).write_text(json.dumps({**about, "state": raw.state_to_dict()}))
            console.print(f"saved; go on later with: meeplegym play --resume {escape(str(path))}")
        elif answer == "u":
            if undo:
                raw.load_state_dict(undo.pop())
                console.print("taken back")
                return None
            console.print("[red]nothing to take back: your last decision is committed[/red]")
        elif answer.isdigit() and int(answer) < len(legal):
            return int(legal[int(answer)])
        else:
            console.print(f"[red]enter a number from 0 to {len(legal) - 1}[/red]")


@app.command()
def picture(
    game: str = typer.Argument("scythe", help="game to draw"),
    out: str = typer.Option("picture.png", help="PNG file to write"),
    players: int = typer.Option(4, "--players", "-n", help="number of players"),
    agents: str = typer.Option("random", help="comma-separated agent per seat (one name: every seat)"),
    decisions: int = typer.Option(300, help="decisions played before the picture is taken (fewer if the game ends)"),
    seed: int = typer.Option(0, help="game seed"),
) -> None:
    """Play a game up to a point with the given agents and save its picture (render_mode="rgb_array") as a PNG."""
    from PIL import Image

    from meeplegym.agents import make_agent, play_match
    from meeplegym.errors import InvalidOptionError

    _check_game(game)
    names = agent_list(agents)
    names = names * players if len(names) == 1 else names
    if len(names) != players:
        raise typer.BadParameter(f"give one agent or {players}, got {len(names)}")
    _compile_first(game, names)
    try:
        seated = [make_agent(name, game=game, seed=seed * 31 + p) for p, name in enumerate(names)]
        env = make_env(game, num_players=players, render_mode="rgb_array")
    except (InvalidOptionError, KeyError, ValueError) as err:
        raise typer.BadParameter(str(err)) from None
    # The agents play the whole game (they need the env's info); the picture is taken on a replay.
    played = play_match(game, seated, seed, record=True).actions
    env.reset(seed=seed)
    for action in played[:decisions]:
        env.step(action)
    Image.fromarray(env.render()).save(out)
    console.print(f"{escape(str(out))}: {game}, {players} players, after {min(decisions, len(played))} decisions "
                  f"(turn {env.unwrapped.turn_count})")


def _output_file(path: str, option: str) -> Path:
    """A file a command will write, checked before any work: a message now, not a traceback after it."""
    out = Path(path)
    if out.is_dir():
        raise typer.BadParameter(f"{path} is a folder; give the file to write", param_hint=option)
    if not out.parent.is_dir():
        raise typer.BadParameter(f"{path}: the folder {out.parent} does not exist", param_hint=option)
    return out


def _output_folder(path: str, option: str) -> Path:
    out = Path(path)
    if out.exists() and not out.is_dir():
        raise typer.BadParameter(f"{path} exists and is not a folder", param_hint=option)
    if not out.parent.is_dir():
        raise typer.BadParameter(f"{path}: the folder {out.parent} does not exist", param_hint=option)
    return out


def _database(path: str, must_exist: bool = False) -> str:
    """A SQLite file the command reads or appends to: it exists if it must, and is a database."""
    import contextlib
    import sqlite3

    file = Path(path)
    if not file.exists():
        if must_exist:
            raise typer.BadParameter(f"{path}: no such database", param_hint="--db")
        _output_file(path, "--db")
        return path
    try:
        with contextlib.closing(sqlite3.connect(f"file:{file}?mode=ro", uri=True)) as connection:
            connection.execute("PRAGMA schema_version").fetchone()
    except sqlite3.DatabaseError as err:
        raise typer.BadParameter(f"{path} is not a SQLite database ({err})", param_hint="--db") from None
    return path


@app.command()
def replay(
    source: str = typer.Argument(..., help="a recorded game (a .json file) or a game of a tournament database "
                                           "(TOURNAMENT:INDEX, or INDEX when the database holds one tournament)"),
    db: str = typer.Option("results.sqlite", help="the tournament database a game id refers to"),
    html_out: str = typer.Option("replay.html", "--html", help="the page to write"),
    every: str = typer.Option("turn", help="one step per turn, or per decision"),
) -> None:
    """Write a self-contained HTML page to step through a recorded game: the board at each step,
    the action log in words, the scores."""
    from meeplegym.errors import InvalidOptionError
    from meeplegym.replay import load_record, record_from_db, write_html

    _output_file(html_out, "--html")
    try:
        record = load_record(source) if source.endswith(".json") else record_from_db(_database(db, must_exist=True), source)
        _check_game(record.game)
        if record.variant != variants.playing(record.game):
            raise typer.Exit(_replay_in_variant(record, ["replay", source, "--db", db, "--html", html_out, "--every", every]))
        _compile_first(record.game)
        with _bar(f"replaying {record.game}") as progress:
            task = progress.add_task("decisions", total=len(record.actions))
            page = write_html(record, html_out, every, progress=lambda done, total: progress.update(task, completed=done))
    except InvalidOptionError as err:
        raise typer.BadParameter(str(err)) from None
    console.print(f"{escape(str(page))}: {len(record.actions)} decisions of {record.game}; open it in a browser")


def _replay_in_variant(record, args: list[str]) -> int:
    """`meeplegym ARGS` again in a child process playing the variant the game was played in (as
    recorded: no file of the designer's is needed)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "variant.json"
        path.write_text(record.variant)
        console.print(f"this game was played in {escape(variants.label(record.variant))}: replaying it in a child process")
        return _meeplegym_child(str(path), args)


def _meeplegym_child(variant_file: str, args: list[str]) -> int:
    """`meeplegym ARGS` in a child process with MEEPLEGYM_VARIANT naming `variant_file`; its exit status."""
    import subprocess

    env = dict(os.environ, **{variants.ENV: variant_file})
    env.pop("NUMBA_CACHE_DIR", None)  # the child picks the variant's own cache folder
    return subprocess.call([sys.executable, "-m", "meeplegym.cli", *args], env=env)


def _print_result(env) -> None:
    raw = env.unwrapped
    scores, ranks = raw.scores(), raw.ranks()
    table = Table(title="final scores")
    for col in ("seat", "player", "score", "rank"):
        table.add_column(col)
    for p, agent in enumerate(env.possible_agents):
        table.add_row(str(p), escape(agent), str(int(scores[p])), str(int(ranks[p]) + 1))
    console.print(table)


@app.command()
def demo(
    games: int = typer.Option(200, help="random games per player count"),
    seed: int = typer.Option(0, help="first seed"),
    tournament_games: int = typer.Option(12, help="games of the bundled-bots tournament per game (0: skip)"),
    balance_games: int = typer.Option(40, help="4-player games of the balance sweep (0: skip)"),
    out: str = typer.Option("demo-results", help="folder for the tournament database and the balance report"),
) -> None:
    """Simulate random Scythe games at every player count, run a small tournament of the bundled
    bots on every game and a short balance sweep, and say where the report is."""
    from meeplegym.envs.scythe import data, engine
    from meeplegym.envs.scythe.state import STATE_DTYPE

    console.print("[bold]meeplegym demo[/bold]: uniformly random Scythe games through the compiled engine, then a "
                  "tournament of the bundled bots on every game and a balance sweep")
    from meeplegym import warmup

    shown = ("engine", "bots") if tournament_games > 0 or balance_games > 0 else ("engine",)
    warmup.warm_in_processes(list(GAMES) if tournament_games > 0 else ["scythe"], shown, console)
    summary = Table(title=f"{games} random games per player count")
    for col in ("players", "decisions/s", "games/s", "mean turns", "mean winner score", "wins by faction"):
        summary.add_column(col)
    example = None
    with Progress(console=console) as progress:
        task = progress.add_task("simulating", total=4 * games)
        for n in range(2, 6):
            states = np.zeros(games, dtype=STATE_DTYPE)
            for b in range(games):
                states[b] = engine.new_game(n, seed + b)[0]
            choosers = engine.random_words(seed + 1_000_003 * n + b for b in range(games))
            decisions = np.zeros(games, dtype=np.int64)
            start = time.perf_counter()
            chunk = max(1, games // 20)
            for lo in range(0, games, chunk):
                engine.play_random(states[lo:lo + chunk], choosers[lo:lo + chunk], 1_000_000, decisions[lo:lo + chunk])
                progress.advance(task, min(chunk, games - lo))
            elapsed = time.perf_counter() - start
            wins = Counter()
            winner_scores = []
            for s in states:
                for p in range(n):
                    if s["rank"][p] == 0:
                        wins[data.FACTION_MATS[s["faction"][p]].faction.name.title()] += 1
                        winner_scores.append(int(s["final_score"][p]))
            summary.add_row(
                str(n), f"{decisions.sum() / elapsed:,.0f}", f"{games / elapsed:,.1f}",
                f"{states['turn'].mean():.0f}", f"{np.mean(winner_scores):.1f}",
                ", ".join(f"{k} {v}" for k, v in wins.most_common()),
            )
            if example is None:
                example = states[0]
    console.print(summary)
    console.print("\nFinal scoring of the first 2-player game (S19.3):")
    table = Table()
    for col in ("seat", "faction", "mat", "stars", "popularity", "coins in final score", "rank"):
        table.add_column(col)
    for p in range(int(example["n_players"])):
        table.add_row(
            str(p), data.FACTION_MATS[example["faction"][p]].name, data.PLAYER_MATS[example["mat"][p]].name,
            str(int(example["stars"][p].sum())), str(int(example["popularity"][p])),
            str(int(example["final_score"][p])), str(int(example["rank"][p]) + 1),
        )
    console.print(table)

    Path(out).mkdir(parents=True, exist_ok=True)
    from meeplegym.agents import agent_names
    from meeplegym.replay import record_from_db, write_html
    from meeplegym.tournament import Config

    for name in GAMES:
        bots = [a for a in agent_names(name) if a != "policy"]
        if tournament_games > 0 and len(bots) >= 2:
            console.print(f"\n[bold]{name}: tournament of {escape(', '.join(bots))}[/bold] ({tournament_games} games, 2 players)")
            tournament(game=name, agents=",".join(bots), games=tournament_games, players=2,
                       db=str(Path(out) / "results.sqlite"), workers=1, seed=seed, max_turns=0, backend="process",
                       address=None, duplicate=True, variant=None)
            played = Config(game=name, agents=tuple(bots), games=tournament_games, players=2, seed=seed).id
            page = write_html(record_from_db(Path(out) / "results.sqlite", f"{played}:0"), Path(out) / f"replay-{name}.html")
            console.print(f"the first game of it, to step through in a browser: [bold]{escape(str(page))}[/bold]")
    if balance_games > 0:
        bot = "scythe.builder" if "scythe.builder" in agent_names("scythe") else "random"
        console.print(f"\n[bold]scythe: balance sweep[/bold] ({balance_games} games, 4 players, {escape(bot)} in every seat)")
        balance(game="scythe", agent=[bot], games=balance_games, players=4, db=str(Path(out) / "balance.sqlite"),
                out=str(Path(out) / "balance-report"), workers=1, seed=seed, max_turns=0, backend="process", address=None,
                precision=None, detect=None, variant=None, compare=False, stop_at=None)
    console.print(f"Next: [bold]{escape(_own_command())} play scythe[/bold] to play a game yourself.")


def _own_command() -> str:
    """How to call meeplegym again from here: its name where it is on PATH, else the path it ran
    from (`make demo` runs .venv/bin/meeplegym, and a fresh shell has no venv activated)."""
    import shutil
    import sys

    ran = Path(sys.argv[0]).absolute()
    if ran.name != "meeplegym" or shutil.which("meeplegym"):
        return "meeplegym"
    try:
        return str(ran.relative_to(Path.cwd()))
    except ValueError:
        return str(ran)


@app.command()
def train(
    game: str = typer.Argument("scythe", help="game to train on"),
    algo: str = typer.Option("ppo", help="ppo (single-file PPO in torch) or maskable-ppo (sb3-contrib MaskablePPO)"),
    opponents: str = typer.Option("random", help="comma-separated opponent pool: agent names, policy.pt paths, "
                                  "and 'self' for snapshots of the learner"),
    steps: int = typer.Option(1_000_000, help="learner decisions to train on"),
    out: str = typer.Option("runs/train", help="folder for checkpoints, policy.pt, eval.csv and TensorBoard logs"),
    players: int = typer.Option(2, "--players", "-n", help="number of players"),
    seat: str = typer.Option("rotate", help="the learner's seat: a number, 'rotate' or 'random'"),
    observation: str = typer.Option("live", help="what the network reads: live (the observation's elements that "
                                    "can change at this table) or full (all of them, as the env gives them)"),
    phase_heads: bool = typer.Option(False, help="ppo: score each decision with a head shared by all plus one of "
                                     "its phase's own (the same action index means different moves in different "
                                     "phases)"),
    num_envs: int = typer.Option(64, help="games stepped together"),
    resume: bool = typer.Option(False, help="continue from the checkpoint in --out"),
    device: str = typer.Option("cpu", help="cpu or cuda"),
    seed: int = typer.Option(0, help="seed of the run"),
    eval_every: int = typer.Option(50, help="updates between evaluations (0: only at the end)"),
    eval_games: int = typer.Option(100, help="games per evaluation, seats swapped"),
    eval_opponents: str = typer.Option("random", help="comma-separated agents to evaluate against"),
    eval_greedy: bool = typer.Option(False, help="evaluate the policy's best action instead of sampling it"),
    max_turns: int = typer.Option(0, help="truncate games after this many turns (0: play to the end)"),
    reward_mode: str = typer.Option(None, help="the learner's reward at a game's end: rank (+1 first .. -1 last; "
                                    "the default), score (the default, and the only one, for a solo game), "
                                    "or margin (its score minus the best other seat's)"),
    torch_threads: int = typer.Option(0, help="torch CPU threads of the updates (0: torch's default)"),
    precision: str = typer.Option("auto", help="ppo: the network's matrix products in fp32, bf16, or auto (bf16 "
                                  "where the hardware has it natively: AMX or AVX512-BF16 CPUs)"),
    first_layer: str = typer.Option("auto", help="ppo: the network's first layer reads the whole observation "
                                    "(dense), only its nonzero entries (sparse: the same result, faster on wide "
                                    "observations), or auto (sparse from 5,000 inputs: Imperium and Oath)"),
    network: str = typer.Option("flat", help="ppo: flat (an MLP over the observation) or entities (its first layer "
                                "reads each location, card or seat with one encoder shared by its kind, "
                                "agents/entity_input.py)"),
    reward_scale: float = typer.Option(1.0, help="ppo: multiplies the rewards trained on (e.g. 0.01 for a margin "
                                       "in coins)"),
    hidden: str = typer.Option("256,256", help="hidden layer sizes of the policy and value networks"),
    learning_rate: float = typer.Option(2.5e-4, help="Adam's learning rate (ppo anneals it to 0 over --steps)"),
    ent_coef: float = typer.Option(0.01, help="weight of the entropy bonus"),
    teacher: str = typer.Option("", help="ppo: an agent (name or policy path) whose moves in the learner's games "
                                "the policy also learns (kickstarting)"),
    teacher_coef: float = typer.Option(1.0, help="ppo: weight of the teacher's cross-entropy at the start"),
    teacher_steps: int = typer.Option(0, help="ppo: samples over which that weight falls to 0 (0: never)"),
    pretrain_samples: int = typer.Option(0, help="ppo: first clone the teacher's moves over this many of its "
                                         "decisions in the learner's seat (behaviour cloning)"),
    init_policy: str = typer.Option("", help="ppo: start from this exported policy.pt (e.g. an earlier clone)"),
    critic_warmup: int = typer.Option(0, help="ppo: the first updates fit only the value head (with --init-policy)"),
    delegate: str = typer.Option("", help="a bundled bot that plays the learner's turns except their strategic "
                                 "decisions (Scythe: the section; Imperium: turn type and Activate choices)"),
    opponent_sampling: str = typer.Option("uniform", help="ppo: how opponents are drawn from the pool: uniform, or "
                                          "pfsp (the ones the learner beats least, most often)"),
    pfsp_power: float = typer.Option(2.0, help="ppo: pfsp weighs an opponent by (1 - win rate against it) ** this"),
    shaping_coef: float = typer.Option(0.0, help="ppo: potential-based shaping by the learner's score margin, "
                                       "times this (e.g. 0.01 for Scythe's coins; 0: off)"),
    expert: str = typer.Option("", help="ppo: expert iteration: a search agent (e.g. scythe.mcts@simulations=32,"
                               "consider=8) guided by the policy, whose moves at the decisions it searches the "
                               "policy learns"),
    expert_coef: float = typer.Option(1.0, help="ppo: weight of the cross-entropy towards the expert's moves"),
    expert_share: float = typer.Option(1.0, help="ppo: share of the learner's decisions offered to the expert "
                                       "(its cost)"),
) -> None:
    """Train an agent for one seat against an opponent pool; export it for `make_agent("policy", path=...)`."""
    _check_game(game)
    if algo != "ppo" and (teacher or pretrain_samples or reward_scale != 1.0 or init_policy or critic_warmup
                          or opponent_sampling != "uniform" or shaping_coef or expert or phase_heads
                          or precision != "auto" or first_layer != "auto" or network != "flat"):
        raise typer.BadParameter("--teacher, --pretrain-samples, --reward-scale, --init-policy, --critic-warmup, "
                                 "--opponent-sampling, --shaping-coef, --expert, --phase-heads, --precision, "
                                 "--first-layer and --network are options of --algo ppo")
    from meeplegym.errors import InvalidOptionError
    from meeplegym.rewards import REWARD_MODES, resolve_reward_mode

    if reward_mode is not None and reward_mode not in REWARD_MODES:
        raise typer.BadParameter(f"--reward-mode must be one of {', '.join(REWARD_MODES)}, got {reward_mode!r}")
    try:
        reward_mode = resolve_reward_mode(reward_mode, players)
    except InvalidOptionError as e:
        raise typer.BadParameter(str(e)) from None
    try:  # torch and SB3 are the optional `train` extra; import them only here
        if algo == "ppo":
            from meeplegym.training import ppo as trainer
        elif algo == "maskable-ppo":
            from meeplegym.training import maskable as trainer
        else:
            raise typer.BadParameter(f"--algo must be ppo or maskable-ppo, got {algo!r}")
    except ImportError as e:
        hint = escape("pip install 'meeplegym[train]'")
        console.print(f"[red]{escape(str(e))}[/red]: install the train extra ({hint})")
        raise typer.Exit(1) from None
    args = trainer.Args(game=game, num_players=players, opponents=opponents, seat=seat, observation=observation,
                        total_steps=steps,
                        num_envs=num_envs, out=out, resume=resume, device=device, seed=seed, eval_every=eval_every,
                        eval_games=eval_games, eval_opponents=eval_opponents, eval_greedy=eval_greedy,
                        max_turns=max_turns, reward_mode=reward_mode, torch_threads=torch_threads, hidden=hidden,
                        learning_rate=learning_rate, ent_coef=ent_coef, delegate=delegate)
    if algo == "ppo":
        args = dataclasses.replace(args, reward_scale=reward_scale, teacher=teacher, teacher_coef=teacher_coef,
                                   teacher_steps=teacher_steps, pretrain_samples=pretrain_samples,
                                   init_policy=init_policy, critic_warmup=critic_warmup,
                                   opponent_sampling=opponent_sampling, pfsp_power=pfsp_power,
                                   shaping_coef=shaping_coef, expert=expert, expert_coef=expert_coef,
                                   expert_share=expert_share, phase_heads=phase_heads, precision=precision,
                                   first_layer=first_layer, network=network)
    from rich.progress import BarColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    _compile_first(game, [opponents, eval_opponents, teacher, delegate, expert], vector=True)
    columns = [TextColumn("[bold]{task.description}"), BarColumn(),
               TextColumn("{task.completed:,.0f}/{task.total:,.0f}"), TextColumn("{task.fields[sps]:,.0f} samples/s"),
               TextColumn("win {task.fields[win]}"), TimeElapsedColumn(), TimeRemainingColumn()]
    with Progress(*columns, console=console) as progress:
        task = progress.add_task(f"{algo} {game}", total=steps, sps=0.0, win="-")

        last_eval: dict = {}

        def report(stats: dict) -> None:
            rate = stats["train_win_rate"]
            wins = [f"train {rate:.0%}"] if rate == rate else []  # nan until a game ends
            wins += [f"vs {k} {v:.0%} ({stats['eval_margin'][k]:+.1f})" for k, v in stats["eval"].items()]
            expert_note = ""
            if stats.get("expert_loss", float("nan")) == stats.get("expert_loss"):  # not nan: the expert gave targets
                expert_note = (f", the expert's move is the policy's best in {stats['expert_agreement']:.0%} "
                               f"({stats['expert_seconds']:.0f} s searching this update)")
            progress.update(task, description=f"{algo} {game}", completed=min(stats["samples"], steps), sps=stats["sps"],
                            win=escape(", ".join(wins)) or "-")
            # Without a terminal (nohup, a log file) the bar is not drawn: a line every 10 updates, per evaluation
            # and at the end.
            every = stats["update"] % 10 == 0 or stats["update"] == stats["updates"]
            if not console.is_terminal and (every or stats["eval"] != last_eval):
                last_eval.clear()
                last_eval.update(stats["eval"])
                console.print(f"update {stats['update']}/{stats['updates']}: {stats['samples']:,} samples, "
                              f"{stats['sps']:,.0f} samples/s, win {escape(', '.join(wins)) or '-'}{expert_note}")

        def report_pretrain(stats: dict) -> None:
            line = (f"cloning {escape(str(teacher))}: {stats['pretrain_samples']:,}/{stats['pretrain_total']:,} decisions, "
                    f"agrees {stats['teacher_agreement']:.0%}")
            progress.update(task, description=line)
            if not console.is_terminal:
                console.print(line)

        try:
            stats = trainer.train(args, report, report_pretrain) if algo == "ppo" else trainer.train(args, report)
        except InvalidOptionError as err:  # a bad seat, layout, sampling or opponent: a usage error, not a crash
            raise typer.BadParameter(str(err)) from None
    evals = escape(", ".join(f"{k} {v:.1%}" for k, v in stats["eval"].items()) or "none")
    policy = escape(f"{out}/policy.pt")
    console.print(f"trained {stats['samples']:,} samples; win rate vs {evals}; policy: {policy} "
                  f"(meeplegym.agents.make_agent('policy', path='{policy}'))")
    if "seconds" in stats:  # ppo's split of the run's time (maskable-ppo keeps none)
        console.print(escape(trainer.time_split(stats["seconds"])))



def _bar(description: str):
    from rich.progress import BarColumn, MofNCompleteColumn, TimeElapsedColumn, TimeRemainingColumn

    return Progress(f"[bold]{escape(description)}", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TimeRemainingColumn(), console=console)


@app.command()
def tournament(
    game: str = typer.Argument("scythe", help="game to play"),
    agents: str = typer.Option("random,random", help="comma-separated agent names (`meeplegym agents` lists them)"),
    games: int = typer.Option(100, help="games to play"),
    players: int = typer.Option(2, "--players", "-n", help="players per game"),
    db: str = typer.Option("results.sqlite", help="SQLite database the games are stored in (appends, resumes)"),
    workers: int = typer.Option(1, help="worker processes (process backend), or CPUs of the local Ray instance"),
    seed: int = typer.Option(0, help="first seed: deal k uses seed + k (without duplicate deals, game i uses seed + i)"),
    max_turns: int = typer.Option(0, help="truncate games after this many turns (0: play to the end)"),
    backend: str = typer.Option("process", help="where games run: process (this machine) or ray (a Ray cluster)"),
    address: str = typer.Option(None, help="address of a running Ray cluster (backend ray; default: start a local one)"),
    duplicate: bool = typer.Option(True, help="play each deal (factions, mats, nations, roles) once per seat rotation "
                                   "of its lineup, so every agent plays every seat of every deal"),
    variant: str = typer.Option(None, help="a variant file: play the game with its numbers (docs/balance.md)"),
) -> None:
    """Play a tournament balanced by seat and by deal, store every game, and print ratings and head-to-head results."""
    from meeplegym.errors import InvalidOptionError
    from meeplegym.tournament import Config, head_to_head, ratings, run_tournament, stored_games

    _check_game(game)
    _database(db)
    if variant is not None and _variant_path(game, variant) != os.environ.get(variants.ENV):
        raise typer.Exit(_in_variant_process(game, variant, [
            "tournament", game, "--agents", agents, "--games", str(games), "-n", str(players), "--db", db,
            "--workers", str(workers), "--seed", str(seed), "--max-turns", str(max_turns), "--backend", backend,
            *(["--address", address] if address else []), "--duplicate" if duplicate else "--no-duplicate",
            "--variant", variant]))
    config = Config(game=game, agents=tuple(agent_list(agents)), games=games, players=players, seed=seed,
                    max_turns=max_turns or None, duplicate=duplicate, variant=variants.playing(game))
    _compile_first(game, config.agents)
    with _bar(f"{game} tournament") as progress:
        task = progress.add_task("games", total=games)
        try:
            tid = run_tournament(config, db, workers=workers, backend=backend, address=address,
                                 progress=lambda done, total: progress.update(task, completed=done))
        except InvalidOptionError as err:
            raise typer.BadParameter(str(err)) from None
    played = stored_games(db, tid)
    table = Table(title=escape(f"ratings (OpenSkill Plackett-Luce) over {len(played)} games, tournament {tid} in {db}"))
    for col in ("agent", "ordinal", "mu", "sigma", "games"):
        table.add_column(col, justify="right" if col != "agent" else "left")
    for name, r in ratings(played).items():
        table.add_row(escape(name), f"{r['ordinal']:.2f}", f"{r['mu']:.2f}", f"{r['sigma']:.2f}", str(r["games"]))
    console.print(table)
    pairs = head_to_head(played)
    if pairs:
        h2h = Table(title="head to head: how often the first finished ahead of the second (95% Wilson interval)")
        for col in ("agent", "vs", "win rate", "interval", "games"):
            h2h.add_column(col)
        for (a, b), r in pairs.items():
            h2h.add_row(escape(a), escape(b), f"{r['win_rate']:.3f}", f"{r['low']:.3f}-{r['high']:.3f}", str(r["games"]))
        console.print(h2h)


@app.command()
def balance(
    game: str = typer.Argument("scythe", help="game to study"),
    agent: list[str] = typer.Option(["random"], "--agent", help="the agent that plays every seat; repeat it for a "
                                    "sweep per agent and verdicts that hold across them"),
    games: int = typer.Option(1000, help="games to play per agent (with --precision: at most)"),
    players: int = typer.Option(4, "--players", "-n", help="players per game"),
    db: str = typer.Option("balance.sqlite", help="SQLite database the games are stored in (appends, resumes)"),
    out: str = typer.Option("balance-report", help="folder for report.md, the PNG plots and report.html"),
    workers: int = typer.Option(1, help="worker processes (process backend), or CPUs of the local Ray instance"),
    seed: int = typer.Option(0, help="game i uses seed + i"),
    max_turns: int = typer.Option(0, help="truncate games after this many turns (0: play to the end)"),
    backend: str = typer.Option("process", help="where games run: process (this machine) or ray (a Ray cluster)"),
    address: str = typer.Option(None, help="address of a running Ray cluster (backend ray; default: start a local one)"),
    precision: float = typer.Option(None, help="stop a sweep once every group's 95% interval is at most ± this "
                                    "(checked every 100 games), e.g. 0.02"),
    detect: float = typer.Option(None, help="play nothing: say how many games a sweep needs to detect this "
                                 "difference from the fair win rate (e.g. 0.02) in each table's rarest group"),
    variant: str = typer.Option(None, help="a variant file (TOML: the printed numbers it changes; see docs/balance.md)"),
    compare: bool = typer.Option(False, help="with --variant: play the printed game and the variant on the same "
                                 "deals and report the change per group (with several --agent: the changes "
                                 "every agent agrees on; with --precision: until every paired interval is at most "
                                 "± that, checked at 100, 200, 400, ... deals)"),
    stop_at: int = typer.Option(None, hidden=True, help="stop once this many games are stored (--compare's rounds)"),
) -> None:
    """Win rate and mean score by seat and by what each seat played (Scythe: faction, mat,
    faction x mat), with Wilson intervals; writes a Markdown + PNG + HTML report. With several
    --agent, one sweep per agent, and the report marks the verdicts every agent agrees on. With
    --variant, the sweep plays a designer's variant; with --compare too, the printed game and the
    variant side by side."""
    from meeplegym.balance import (balance_tables, run_balance, verdicts, victory_counts, write_comparison_report,
                                   write_report)
    from meeplegym.errors import InvalidOptionError

    _check_game(game)
    if detect is not None:
        _print_plan(game, players, detect, seed)
        return
    if precision is not None and not 0 < precision < 0.5:
        raise typer.BadParameter("--precision must be between 0 and 0.5 (a half-width of a win-rate interval)")
    if compare and variant is None:
        raise typer.BadParameter("--compare needs a --variant")
    if compare and variants.playing(game):
        raise typer.BadParameter(f"--compare sets the variant against the printed game: unset {variants.ENV}")
    _database(db)
    _output_folder(out, "--out")
    sweep = ["--games", str(games), "-n", str(players), "--db", db, "--workers", str(workers), "--seed", str(seed),
             "--max-turns", str(max_turns), "--backend", backend, *(["--address", address] if address else [])]
    if variant is not None and _variant_path(game, variant) != os.environ.get(variants.ENV):
        if compare:
            _compare_variant_by_agents(game, agent, variant, games, players, db, out, seed, max_turns, workers, backend,
                                       address, sweep, precision)
            return
        raise typer.Exit(_in_variant_process(game, variant, ["balance", game, *sum((["--agent", a] for a in agent), []),
                                                             *sweep, *(["--precision", str(precision)] if precision else []),
                                                             *(["--stop-at", str(stop_at)] if stop_at else []),
                                                             "--out", out, "--variant", variant]))
    _compile_first(game, agent)
    tables_by_agent, played = {}, []
    for name in agent:
        with _bar(f"{game} balance, {name} in every seat") as progress:
            task = progress.add_task("games", total=games)
            try:
                played = run_balance(game, name, games, players, db, seed=seed, workers=workers,
                                     max_turns=max_turns or None, backend=backend, address=address, precision=precision,
                                     stop_at=stop_at, progress=lambda done, total: progress.update(task, completed=done))
            except InvalidOptionError as err:
                raise typer.BadParameter(str(err)) from None
        if precision is not None and len(played) < games:
            console.print(f"{escape(name)}: every interval within ±{precision} after {len(played)} games; stopped")
        tables_by_agent[name] = balance_tables(played, players)
    playing = variants.playing(game)
    of = f", {variants.label(playing)}" if playing else ""
    if len(agent) == 1:
        page = write_report(tables_by_agent[agent[0]], players, out,
                            f"{game}{of}: {players} players, {agent[0]} in every seat, {len(played)} games",
                            victory_counts(played))
        for name, rows in tables_by_agent[agent[0]].items():
            flagged = [r.key for r in rows if r.flagged]
            console.print(f"by {name}: {len(rows)} groups"
                          + (f", [red]off the fair rate: {escape(', '.join(flagged))}[/red]" if flagged else ""))
    else:
        page = write_comparison_report(tables_by_agent, players, out,
                                       f"{game}{of}: {players} players, sweeps of {', '.join(agent)}")
        for name, table in verdicts(tables_by_agent, players).items():
            held = [v.key for v in table if v.consistent]
            console.print(f"by {name}: " + (f"[red]off the fair rate with every agent: {escape(', '.join(held))}[/red]"
                                             if held else "no verdict that every agent shares"))
    console.print(f"report: {escape(str(page))}")


def _variant_path(game: str, path: str) -> str:
    """The variant file `path`, checked against `game`'s tables (a clear error naming what is
    wrong), as an absolute path."""
    import importlib

    try:
        found = variants.read(path)
        if found["game"] != game:
            raise variants.InvalidVariantError(f"{path} is a variant of {found['game']}, not {game}")
        variants.apply(found, game, importlib.import_module(f"meeplegym.envs.{game}.data").VARIANT_TABLES)
    except variants.InvalidVariantError as err:
        raise typer.BadParameter(str(err)) from None
    return str(Path(path).resolve())


def _in_variant_process(game: str, path: str, args: list[str]) -> int:
    """`meeplegym ARGS` in a child process that plays the variant in `path`: its numbers are
    compiled into kernels of their own, so the child compiles them on the variant's first run."""
    checked = _variant_path(game, path)
    console.print(f"playing {escape(variants.describe(variants.read(path)))} in a child process (its kernels are "
                  "its own: compiled on its first run, loaded after)")
    return _meeplegym_child(checked, args)


def _compare_variant_by_agents(game: str, agents: list[str], path: str, games: int, players: int, db: str, out: str,
                               seed: int, max_turns: int, workers: int, backend: str, address: str | None,
                               sweep: list[str], precision: float | None) -> None:
    """One paired comparison per agent (each in its own folder when there are several), then the
    changes every agent agrees on."""
    from meeplegym.balance import change_verdicts, write_paired_agents_report

    if len(agents) == 1:
        _compare_variant(game, agents[0], path, games, players, db, out, seed, max_turns, workers, backend, address,
                         sweep, precision)
        return
    Path(out).mkdir(exist_ok=True)
    changes = {}
    for name in agents:
        console.print(f"\n[bold]{escape(name)}[/bold] in every seat")
        changes[name] = _compare_variant(game, name, path, games, players, db, str(Path(out) / _folder_name(name)),
                                         seed, max_turns, workers, backend, address, sweep, precision)
    page = write_paired_agents_report(changes, players, out, f"{game}: {players} players, the printed game against a "
                                      f"variant, with {', '.join(agents)}", variants.describe(variants.read(path)))
    console.print()
    for name, table in change_verdicts(changes).items():
        held = [f"{v.key} ({v.text.split()[0]})" for v in table if v.consistent]
        console.print(f"by {name}: " + (f"[red]changed with every agent: {escape(', '.join(held))}[/red]"
                                         if held else "no change that every agent shares"))
    console.print(f"report: {escape(str(page))}")


def _folder_name(agent: str) -> str:
    """A folder name for an agent's name (options included: `scythe.mcts@simulations=64`)."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", agent)


def _compare_variant(game: str, agent: str, path: str, games: int, players: int, db: str, out: str, seed: int,
                     max_turns: int, workers: int, backend: str, address: str | None, sweep: list[str],
                     precision: float | None) -> dict:
    """The printed game's sweep here, the variant's in a child process, then the paired report.
    With `precision`, both sides play in rounds of 100, 200, 400, ... deals until every paired
    interval is at most ±precision (or `games` deals are played): the rule reads the intervals'
    widths only, as a sweep's --precision does. Returns the changes."""
    from meeplegym.balance import paired_changes, sweep_config, widest_half_interval, write_paired_report
    from meeplegym.tournament import stored_games

    Path(out).mkdir(exist_ok=True)  # its parent is checked: it holds the printed game's and the variant's reports
    found = variants.read(path)
    target = games if precision is None else min(games, 100)
    while True:
        round_only = ["--stop-at", str(target)] if target < games else []
        if _in_variant_process(game, path, ["balance", game, "--agent", agent, *sweep, *round_only,
                                            "--out", str(Path(out) / "variant"), "--variant", path]) != 0:
            raise typer.Exit(1)
        balance(game=game, agent=[agent], games=games, players=players, db=db, out=str(Path(out) / "printed"),
                workers=workers, seed=seed, max_turns=max_turns, backend=backend, address=address, precision=None,
                detect=None, variant=None, compare=False, stop_at=target if target < games else None)
        variant_games = stored_games(db, sweep_config(game, agent, games, players, seed, max_turns or None,
                                                      variants.canonical(found)).id)
        base_games = stored_games(db, sweep_config(game, agent, games, players, seed, max_turns or None, "").id)
        try:
            changes = paired_changes(base_games, variant_games, players)
        except ValueError as err:  # a deal set up differently on the two sides: not a paired comparison
            raise typer.BadParameter(str(err)) from None
        deals = len({g["seed"] for g in base_games} & {g["seed"] for g in variant_games})
        if precision is None or target >= games:
            break
        if widest_half_interval(changes) <= precision:
            console.print(f"every paired interval within ±{precision} after {deals} deals; stopped")
            break
        target = min(games, 2 * target)
    page = write_paired_report(changes, players, out, f"{game}: {players} players, {agent} in every seat, "
                               f"the printed game against a variant, {deals} deals",
                               variants.describe(found))
    for name, rows in changes.items():
        moved = [f"{r.key} {r.difference:+.3f}" for r in rows if r.flagged]
        console.print(f"by {name}: " + (f"[red]changed: {escape(', '.join(moved))}[/red]" if moved else "no change beyond chance"))
    console.print(f"report: {escape(str(page))}")
    return changes


def _print_plan(game: str, players: int, difference: float, seed: int) -> None:
    from meeplegym.balance import plan

    if not 0 < difference < 1 / players:
        raise typer.BadParameter(f"--detect must be between 0 and the fair win rate 1/{players}")
    _compile_first(game)
    table = Table(title=f"games to detect a win rate {difference:g} off the fair {1 / players:.3f} "
                        f"(95% two-sided, power 80%)")
    for column in ("table", "groups", "rarest group", "its share of seats", "games"):
        table.add_column(column, justify="left" if column in ("table", "rarest group") else "right")
    for row in plan(game, players, difference, seed=seed):
        table.add_row(escape(row.category), str(row.groups), escape(row.rarest), f"{row.share:.3f}", f"{row.games:,}")
    console.print(table)
    console.print("A table's verdicts need its rarest group's number of games; fewer games still decide the groups "
                  "that hold more seats.")


@app.command()
def chronicle(
    agents: str = typer.Option("random,random,random,random", help="comma-separated agent names, one per player "
                                                                  "(2-6; `meeplegym agents oath` lists them)"),
    games: int = typer.Option(5, help="games of the chronicle"),
    seed: int = typer.Option(0, help="game k uses seed + k; the seating and the Chronicle's draws follow from it"),
    out: str = typer.Option("oath-chronicle", help="folder for each game's record and each written Chronicle"),
    start: str = typer.Option(None, "--from", help="a ChronicleState JSON file to go on from (default: a fresh "
                                                    "chronicle, O1.2)"),
    max_turns: int = typer.Option(0, help="truncate games after this many turns (0: play to the end); a game "
                                          "cut short has no winner to write the Chronicle, so it ends the run"),
    reconstructed_powers: bool = typer.Option(True, help="play the edifice powers the spec marks ◊ (D3)"),
) -> None:
    """Play a chronicle of Oath games (O8): each game set up from the Chronicle its predecessor's
    winner wrote. Writes game-K.json (replay it with `meeplegym replay`) and chronicle-K.json (the
    ChronicleState game K+1 starts from) to OUT."""
    from meeplegym.agents import make_agent
    from meeplegym.envs.oath.chronicle import ChronicleState
    from meeplegym.envs.oath.chronicle_play import play_chronicle
    from meeplegym.errors import InvalidOptionError
    from meeplegym.replay import save_record

    names = agent_list(agents)
    try:
        players = [make_agent(name, "oath", seed=seed + k) for k, name in enumerate(names)]
        first = ChronicleState.from_json(Path(start).read_text()) if start else None
    except (KeyError, ValueError, OSError) as err:
        raise typer.BadParameter(str(err)) from None
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    table = Table(title=f"a chronicle of {games} Oath games, {len(players)} players ({folder})")
    for col in ("game", "Oath", "winner", "how", "decisions", "next Oath", "Citizens next"):
        table.add_column(col)
    _compile_first("oath", names)
    with _bar("chronicle") as progress:
        task = progress.add_task("games", total=games)
        try:
            for game in play_chronicle(players, games, seed, first, max_turns or None,
                                       lambda done, total: progress.update(task, completed=done),
                                       reconstructed_powers=reconstructed_powers):
                save_record(game.record, folder / f"game-{game.index}.json")
                nxt = game.next_setup
                if nxt is not None:
                    (folder / f"chronicle-{game.index}.json").write_text(nxt.to_json())
                who = f"player {game.winner} ({names[game.winner]})" if game.winner >= 0 else "cut short"
                table.add_row(str(game.index), game.setup.oath, who, game.result.victory or "-",
                              str(game.result.decisions), nxt.oath if nxt else "-",
                              ", ".join(nxt.citizens) if nxt and nxt.citizens else "-")
        except InvalidOptionError as err:
            raise typer.BadParameter(str(err)) from None
    console.print(table)
    console.print(f"records and Chronicles in {escape(str(folder))}/")


@app.command()
def warmup(
    games: list[str] = typer.Argument(None, help="games to compile (default: all)"),
    parts: str = typer.Option("engine,vector,bots",
                              help="what to compile, comma-separated: engine, vector, bots, checker"),
) -> None:
    """Compile the engine kernels ahead of time, one process per game (both cores), so that the
    first env, vector step or bot decision loads them from the cache in about a second."""
    from meeplegym import warmup as warm

    games = games or list(GAMES)
    for game in games:
        _check_game(game)
    wanted = [p.strip() for p in parts.split(",") if p.strip()]
    unknown = sorted(set(wanted) - set(warm.PARTS))
    if unknown:
        raise typer.BadParameter(f"unknown part(s) {', '.join(unknown)}; choose from {', '.join(warm.PARTS)}")
    start = time.perf_counter()
    warm.warm_in_processes(games, wanted, console)
    console.print(f"compiled kernels are in the cache ({time.perf_counter() - start:.0f} s)")


@app.command()
def compact(
    policy: str = typer.Argument(..., help="an exported policy.pt"),
    out: str = typer.Argument(..., help="where to write the compact copy"),
) -> None:
    """Copy a trained policy with its weights in bfloat16: half the file, the same play to within
    rounding (training ran its products in bfloat16). For keeping policies in a repository."""
    from meeplegym.agents.policy_agent import compact_policy

    source = Path(policy)
    if not source.is_file():
        raise typer.BadParameter(f"no file {policy}", param_hint="POLICY")
    try:
        written = compact_policy(source, _output_file(out, "OUT"))
    except ValueError as err:
        raise typer.BadParameter(str(err), param_hint="POLICY") from None
    console.print(f"{written}: {written.stat().st_size / 2**20:.1f} MiB (was {source.stat().st_size / 2**20:.1f} MiB)")


@app.command("agents")
def list_agents(game: str = typer.Argument(None, help="only agents that play this game")) -> None:
    """List the registered agents."""
    from meeplegym.agents import AGENTS, agent_names

    table = Table(title="agents")
    for col in ("name", "games", "about"):
        table.add_column(col)
    for name in agent_names(game):
        entry = AGENTS[name]
        table.add_row(name, ", ".join(entry.games) if entry.games else "any", entry.summary)
    console.print(table)


@app.command("variants")
def list_variant_numbers(game: str = typer.Argument("scythe", help="the game whose changeable numbers to list")) -> None:
    """What a variant file of GAME may change: each table, its components, and each number with its
    allowed range (docs/balance.md)."""
    import importlib

    _check_game(game)
    tables = importlib.import_module(f"meeplegym.envs.{game}.data").VARIANT_TABLES
    console.print(f"[bold]{game}[/bold]: what a variant file may change, as [TABLE.COMPONENT] then NUMBER = value")
    for name, spec in tables.items():
        names = spec.names()
        shown = ", ".join(names[:12]) + (f", … ({len(names)} in all)" if len(names) > 12 else "")
        numbers = ", ".join(f"{path} ({low}..{high})" for path, (low, high) in spec.numbers.items())
        console.print(f"[bold]{name}[/bold]: {escape(shown)}\n  numbers: {escape(numbers)}")


if __name__ == "__main__":
    app()
