"""Recorded games and the replay viewer: a self-contained HTML page to step through a game.

A recorded game (`GameRecord`) is what replays it exactly: the game, the player count, the
seed, the env options, the truncation and the action list (every game depends only on these).
Records come from a JSON file (`save_record` / `load_record`) or from a tournament database
(`record_from_db`, by ``TOURNAMENT:INDEX`` or by index when the database holds one tournament).

`write_html(record, path)` replays the game in the env with ``render_mode="rgb_array"`` and
writes one page holding a picture per step (a step is a turn by default, or every decision), the
action log in words (each action named in the state it was taken in), and the scores at each
step. It needs nothing but a browser: the pictures are inlined, the script is a few lines.
Arrow keys or the buttons step; ``#step=K`` in the address opens step K, the log scrolled to it.
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path

from meeplegym.errors import InvalidOptionError

STEP_KINDS = ("turn", "decision")
PALETTE = 64  # colours of each inlined picture: a third of the bytes of a full-colour PNG, still crisp


@dataclass
class GameRecord:
    game: str
    num_players: int
    seed: int
    actions: list[int]
    options: dict = field(default_factory=dict)
    max_turns: int | None = None
    agents: list[str] | None = None
    variant: str = ""  # the designer's variant it was played in (meeplegym.variants.canonical), "" for the printed game

    def make_env(self, **extra):
        from meeplegym import variants
        from meeplegym.registry import make_env

        if self.variant != variants.playing(self.game):
            raise InvalidOptionError(f"this game was played in {variants.label(self.variant)}, and this process plays "
                                     f"{variants.label(variants.playing(self.game))}: replay it with "
                                     f"{variants.ENV} naming that variant (`meeplegym replay` does it itself)")
        return make_env(self.game, num_players=self.num_players, max_turns=self.max_turns, **self.options, **extra)


def save_record(record: GameRecord, path) -> None:
    Path(path).write_text(json.dumps(asdict(record)))


def load_record(path) -> GameRecord:
    try:
        data = json.loads(Path(path).read_text())
        return GameRecord(**data)
    except (OSError, ValueError, TypeError) as err:
        raise InvalidOptionError(f"{path}: not a recorded game ({err})") from None


def record_from_db(db, game_id: str) -> GameRecord:
    """The game ``TOURNAMENT:INDEX`` (or ``INDEX`` when `db` holds one tournament) of a tournament database."""
    if not Path(db).exists():
        raise InvalidOptionError(f"no database at {db}")
    con = sqlite3.connect(str(db))
    try:
        tournaments = [row[0] for row in con.execute("SELECT id FROM tournaments ORDER BY created")]
        tid, _, idx = game_id.rpartition(":")
        if not idx.isdigit():
            raise InvalidOptionError(f"game id {game_id!r}: expected TOURNAMENT:INDEX or INDEX")
        if not tid:
            if len(tournaments) != 1:
                raise InvalidOptionError(f"{db} holds {len(tournaments)} tournaments; name one as TOURNAMENT:INDEX "
                                         f"({', '.join(tournaments)})")
            tid = tournaments[0]
        row = con.execute("SELECT t.game, t.config, g.seed, g.agents, g.actions FROM games g JOIN tournaments t "
                          "ON g.tournament = t.id WHERE g.tournament = ? AND g.idx = ?", (tid, int(idx))).fetchone()
    finally:
        con.close()
    if row is None:
        raise InvalidOptionError(f"no game {idx} of tournament {tid} in {db}")
    game, config, seed, agents, actions = row
    config = json.loads(config)
    agents = json.loads(agents)
    return GameRecord(game=game, num_players=len(agents), seed=seed, actions=json.loads(actions),
                      options=dict(config.get("options") or []), max_turns=config.get("max_turns"), agents=agents,
                      variant=config.get("variant", ""))


def _png(frame) -> str:
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(frame).quantize(colors=PALETTE).save(buffer, "PNG", optimize=True)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def replay_steps(record: GameRecord, every: str = "turn", progress=None) -> tuple[list[dict], list[str]]:
    """Replay the record: the steps (picture, first decision, scores, turn) and the action log."""
    if every not in STEP_KINDS:
        raise InvalidOptionError(f"every must be one of {STEP_KINDS}, got {every!r}")
    env = record.make_env(render_mode="rgb_array")
    raw = env.unwrapped
    env.reset(seed=record.seed)
    steps, log = [], []

    def snapshot(decision):
        steps.append({"image": _png(env.render()), "decision": decision, "turn": raw.turn_count,
                      "scores": [int(x) for x in raw.scores()], "to_act": raw.decision_name()})

    snapshot(0)
    for k, action in enumerate(record.actions):
        if not raw.agents:
            raise InvalidOptionError(f"the record has {len(record.actions)} actions but the game ended after {k}")
        turn = raw.turn_count
        seat = raw.agent_name_mapping[env.agent_selection]
        # the decision names what a bare answer means (Oath's "move warbands: how many" before a "4")
        log.append(f"turn {turn}, seat {seat}, {raw.decision_name()}: {raw.action_to_str(int(action))}")
        env.step(int(action))  # an action the game does not allow raises IllegalActionError here
        if every == "decision" or raw.turn_count != turn or k == len(record.actions) - 1:
            snapshot(k + 1)
        if progress:
            progress(k + 1, len(record.actions))
    return steps, log


def write_html(record: GameRecord, path, every: str = "turn", progress=None) -> Path:
    steps, log = replay_steps(record, every, progress)
    who = ", ".join(f"seat {p}: {a}" for p, a in enumerate(record.agents)) if record.agents else ""
    title = f"{record.game}, {record.num_players} players, seed {record.seed}"
    data = {"steps": steps, "log": log, "title": title}
    fills = {"title": html.escape(title), "who": html.escape(who), "data": json.dumps(data).replace("</", "<\\/")}
    # one pass: a filled-in value (an agent named "{{data}}") is never read as a placeholder again
    page = re.sub(r"\{\{(title|who|data)\}\}", lambda m: fills[m.group(1)], PAGE)
    out = Path(path)
    out.write_text(page, encoding="utf-8")
    return out


PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{title}}</title>
<style>
body { font-family: sans-serif; margin: 12px; background: #f6f3ec; color: #222; }
#controls button { font-size: 15px; min-width: 44px; }
#controls input { width: min(420px, 35vw); vertical-align: middle; }
#main { display: grid; grid-template-columns: minmax(0, 3fr) minmax(260px, 1fr); gap: 16px; align-items: start; }
#board { border: 1px solid #999; width: 100%; height: auto; }
#log { position: relative; height: 80vh; overflow-y: auto; font-size: 12px; margin: 0; padding-left: 44px; }
#log li.now { background: #ffe9a8; }
#log li.done { color: #999; }
#status { color: #666; font-size: 12px; }
</style></head>
<body data-step="" data-status="loading">
<h2>{{title}}</h2><div>{{who}}</div>
<div id="controls"><button id="first" title="Home">&laquo; first</button> <button id="prev" title="left arrow">&lsaquo; back</button>
<input id="slider" type="range" min="0" value="0"> <button id="next" title="right arrow">next &rsaquo;</button>
<button id="last" title="End">last &raquo;</button> <span id="where"></span></div>
<div id="scores"></div>
<div id="main"><img id="board" alt="the board at this step"><ol id="log" start="1"></ol></div>
<div id="status"></div>
<script id="data" type="application/json">{{data}}</script>
<script>
window.onerror = function (message) { document.body.dataset.status = "error: " + message; };
const data = JSON.parse(document.getElementById("data").textContent);
const steps = data.steps, log = document.getElementById("log"), slider = document.getElementById("slider");
slider.max = steps.length - 1;
data.log.forEach(function (line) { const li = document.createElement("li"); li.textContent = line; log.appendChild(li); });
function show(k) {
  k = Math.max(0, Math.min(steps.length - 1, k));
  const step = steps[k], next = k + 1 < steps.length ? steps[k + 1].decision : step.decision;
  document.getElementById("board").src = step.image;
  slider.value = k;
  document.getElementById("where").textContent = "step " + k + " of " + (steps.length - 1) + ", turn " + step.turn +
    (step.to_act ? " (" + step.to_act + ")" : "");
  document.getElementById("scores").textContent = "scores now: " + step.scores.join(" / ");
  Array.prototype.forEach.call(log.children, function (li, i) {
    li.className = i < step.decision ? "done" : (i < next ? "now" : "");
  });
  const now = log.querySelector(".now");
  if (now) { log.scrollTop = Math.max(0, now.offsetTop - log.clientHeight / 3); }  // the log alone, not the page
  document.body.dataset.step = k;
  document.body.dataset.status = "ok";
  measure();
}
// what the browser test reads: the page fits the window's width, the current line shows in the log
function measure() {
  const now = log.querySelector(".now");
  document.body.dataset.fits = document.documentElement.scrollWidth <= window.innerWidth ? "yes" : "no";
  document.body.dataset.logShows = !now || (now.offsetTop >= log.scrollTop &&
    now.offsetTop + now.offsetHeight <= log.scrollTop + log.clientHeight) ? "yes" : "no";
}
document.getElementById("board").onload = measure;
document.getElementById("first").onclick = function () { show(0); };
document.getElementById("prev").onclick = function () { show(+slider.value - 1); };
document.getElementById("next").onclick = function () { show(+slider.value + 1); };
document.getElementById("last").onclick = function () { show(steps.length - 1); };
slider.oninput = function () { show(+slider.value); };
document.onkeydown = function (e) {
  if (e.key === "ArrowRight") show(+slider.value + 1);
  if (e.key === "ArrowLeft") show(+slider.value - 1);
  if (e.key === "Home") show(0);
  if (e.key === "End") show(steps.length - 1);
};
const asked = /step=(\\d+)/.exec(location.hash);
show(asked ? +asked[1] : 0);
</script></body></html>
"""
