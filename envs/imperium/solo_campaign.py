"""The solo campaign (I14.11) and the Supreme Leader campaign (I14.12): a series of games with one
nation against automas of rising difficulty, each result carried into the next game's setup.

    campaign = Campaign("japanese")
    while not campaign.over:
        states = campaign.new_game(automa="mayans", seed=k)
        ...  # play states[0] to its end: engine.step, an env, a bot
        if campaign.record(states[0]) == "win" and not campaign.over:
            kind, card_id = campaign.rewards(states[0])[0]  # ("add", id) or ("remove", id)
            campaign.choose_reward(states[0], kind, card_id)
    campaign.won

The rules, from the seed (S1, "Modo campanha"):

- win 5 games before losing 4; the first at Chieftain (or a harder level you pick), each after a
  win one level higher; beating Overlord wins the campaign;
- no game against a nation you have beaten (a nation you lost to may be played again);
- after a win, either a non-unrest common card gained in that game, from your history, deck,
  discard pile or hand, joins your starting deck, or a card of your starting deck goes back to
  the box, for the rest of the campaign;
- after a loss, the next game starts with doubled resources; a win ends that, and a second loss
  does not double them again;
- Supreme Leader: every game against a Supreme Leader automa (Overlord); the common unrest pile
  starts with 10 cards; each win leaves one of them out for the rest of the campaign, each loss
  puts one left out back; 5 wins win the grand campaign, the rest as above (ruling: "follow the
  other loss procedures" keeps the doubling and the 4-loss limit, and wins still give a card).

`engine.new_game(..., campaign=...)` applies what is carried (``Campaign.carried``); this class
only keeps the record, as a campaign sheet does (``to_dict`` / ``from_dict`` save it as JSON).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

import numpy as np

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium.rules.scoring import automa_won
from meeplegym.envs.imperium.rules.setup import CAMPAIGN_CARDS, P_DRAW
from meeplegym.envs.imperium.state import DIFFICULTY_NAMES, PH_GAME_OVER, Z_DISCARD, Z_DRAW, Z_HAND, Z_HISTORY
from meeplegym.errors import InvalidOptionError

WINS_NEEDED = 5
LOSSES_ALLOWED = 4  # the 4th loss ends the campaign
SUPREME_UNREST_OUT_MAX = CAMPAIGN_CARDS  # one per win before the last, as the deck changes
GAINED_ZONES = (Z_HISTORY, Z_DRAW, Z_DISCARD, Z_HAND)  # where a gained card may be chosen from


_NATION_OF_CODE = {int(code): name for name, code in engine.NATION_NAMES.items()}


@dataclass
class Campaign:
    """One campaign sheet: the nation, the results so far and what the next game carries."""

    nation: str
    start: str = "chieftain"
    supreme_leader: bool = False
    trade_routes: bool = False
    beaten: list[str] = field(default_factory=list)  # the automa nations beaten, in order
    losses: int = 0
    added: list[str] = field(default_factory=list)  # common cards joining the starting deck
    removed: list[str] = field(default_factory=list)  # starting cards back in the box
    doubled: bool = False
    unrest_out: int = 0
    reward_due: bool = False  # a win whose card choice is still to make

    def __post_init__(self):
        self.nation = str(self.nation).lower()
        if self.nation not in engine.NATION_NAMES:
            raise InvalidOptionError(f"campaign: unknown nation {self.nation!r}; allowed: "
                                     f"{', '.join(sorted(engine.NATION_NAMES))}")
        if self.start not in DIFFICULTY_NAMES:
            raise InvalidOptionError(f"campaign: start must be one of {', '.join(DIFFICULTY_NAMES)}, got {self.start!r}")
        if self.supreme_leader and self.start != "overlord":
            self.start = "overlord"  # I14.12: every game at Overlord

    # ---------------------------------------------------------------- where it stands
    @property
    def wins(self) -> int:
        return len(self.beaten)

    @property
    def level(self) -> str:
        """The difficulty of the next game (one level up per win)."""
        if self.supreme_leader:
            return "overlord"
        return DIFFICULTY_NAMES[min(DIFFICULTY_NAMES.index(self.start) + self.wins, len(DIFFICULTY_NAMES) - 1)]

    @property
    def won(self) -> bool:
        """Five wins (Supreme Leader), or Overlord beaten (the fifth win from Chieftain)."""
        if self.supreme_leader:
            return self.wins >= WINS_NEEDED
        return self.wins > 0 and DIFFICULTY_NAMES.index(self.start) + self.wins >= len(DIFFICULTY_NAMES)

    @property
    def over(self) -> bool:
        return self.won or self.losses >= LOSSES_ALLOWED

    @property
    def carried(self) -> dict:
        """What the next game's setup takes over (engine.new_game's ``campaign``)."""
        return {"added": list(self.added), "removed": list(self.removed), "doubled": self.doubled,
                "unrest_out": self.unrest_out}

    # ---------------------------------------------------------------- playing
    def options(self, automa: str) -> dict:
        """``engine.new_game`` keywords for the next game, against the automa nation `automa`."""
        if self.over:
            raise InvalidOptionError(f"campaign: it is over ({'won' if self.won else 'lost'})")
        if self.reward_due:
            raise InvalidOptionError("campaign: choose the last win's card first (choose_reward)")
        key = str(automa).lower()
        if key in self.beaten:
            raise InvalidOptionError(f"campaign: {automa!r} is beaten already; play a nation you have not beaten (I14.11)")
        return {"nations": [self.nation], "automa": key, "difficulty": self.level,
                "supreme_leader": self.supreme_leader, "trade_routes": self.trade_routes, "campaign": self.carried}

    def new_game(self, automa: str, seed: int = 0) -> np.ndarray:
        return engine.new_game(1, seed, **self.options(automa))

    def record(self, state) -> str:
        """Enter a finished campaign game: "win" or "loss" (I14.8: ties and collapses lose)."""
        if int(state["phase"]) != PH_GAME_OVER or int(state["automa"]) < 0:
            raise InvalidOptionError("campaign: record a solo game against the automa once it is over")
        if _NATION_OF_CODE[int(state["nation"][0])] != self.nation:
            raise InvalidOptionError(f"campaign: that game was not played with {self.nation}")
        automa = _NATION_OF_CODE[int(state["nation"][int(state["automa"])])]
        won = not automa_won(state)
        self.record_result(automa, won)
        return "win" if won else "loss"

    def record_result(self, automa: str, won: bool) -> None:
        """The result against the automa nation `automa`, and what it changes (module doc)."""
        if self.over or self.reward_due:
            raise InvalidOptionError("campaign: no game to record now (over, or a card choice is due)")
        if won:
            self.beaten.append(str(automa).lower())
            self.doubled = False
            if self.supreme_leader:
                self.unrest_out = min(self.unrest_out + 1, SUPREME_UNREST_OUT_MAX)
            self.reward_due = not self.over
        else:
            self.losses += 1
            self.doubled = True
            if self.supreme_leader and self.unrest_out > 0:
                self.unrest_out -= 1

    def starting_deck(self) -> list[str]:
        """The ids of the player's starting deck as the campaign has it now."""
        code = engine.NATION_NAMES[self.nation]
        own = [K.RECORD_IDS[c] for c in K.NATION_ROWS[code, P_DRAW] if c >= 0 and K.MIN_PLAYERS[c] <= 2]
        return [c for c in own if c not in self.removed] + self.added

    def rewards(self, state) -> list[tuple[str, str]]:
        """The choices after a win: ("add", id) for each common non-unrest card gained in that game
        (history, deck, discard pile, hand), while fewer than 4 were added, and ("remove", id) for
        each card of the starting deck."""
        if not self.reward_due:
            return []
        out = []
        if len(self.added) < CAMPAIGN_CARDS:
            for c in range(len(state["zone"])):
                card_id = K.RECORD_IDS[c]
                if (int(state["owner"][c]) == 0 and int(state["zone"][c]) in GAINED_ZONES
                        and c in engine.CAMPAIGN_COMMON and card_id not in self.added):
                    out.append(("add", card_id))
        deck = self.starting_deck()
        if len(self.removed) < CAMPAIGN_CARDS or self.added:
            out += [("remove", card_id) for card_id in deck
                    if card_id in self.added or len(self.removed) < CAMPAIGN_CARDS]
        return out

    def choose_reward(self, state, kind: str, card_id: str) -> None:
        """Take one of `rewards(state)`."""
        if (kind, card_id) not in self.rewards(state):
            raise InvalidOptionError(f"campaign: ({kind!r}, {card_id!r}) is not one of this win's choices")
        if kind == "add":
            self.added.append(card_id)
        elif card_id in self.added:
            self.added.remove(card_id)
        else:
            self.removed.append(card_id)
        self.reward_due = False

    # ---------------------------------------------------------------- the sheet
    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "Campaign":
        return cls(**d)
