"""The Chronicle (O8): what the winner of a finished game writes for the next one.

``chronicle_step(final_state, choose)`` runs O8.1-O8.8 in order on a finished game's state and
returns the next game's `ChronicleState`. It runs once between games, so it is plain Python over
a small model of the table (which cards lie where), read from the state record and written back
as names.

The Chronicle's decisions (O8.10) are asked through ``choose(decision) -> option index``: the
winner's Oath after a win that was not only through a Vision (O8.1), the Exile winner's offers
of Citizenship and each offered player's answer (O8.2), the Imperial winner's edifice to build
or repair (O8.3.1) and the winner's suit among tied ones (O8.4). ``random_chooser(seed)`` answers
uniformly at random. Every other step is drawn from one generator, seeded by the finished game's
own generator word unless ``seed`` is given, so a chronicle replays exactly.

Points the Law leaves open, and what is done here (docs/oath.md, "The Chronicle"):
- "the sites the winner rules" uses O10 Rule at the end of the game (purple sites for an
  Imperial winner; the Bandit Crown's holder rules the faceup sites with no warbands) after the
  Citizenships of O8.2, and with Forest Temple (◊, D3) every site holding a Beast denizen;
- O8.4's heal takes the largest Dispossessed suit; a tie goes to the first in bank order from the
  most common suit of O8.4;
- a site with ruins that finds no empty Provinces or Hinterland slot at O8.3.5 (only possible with
  all six edifices on the map) is discarded as at O8.3.2;
- "the winner's relics" (O8.6.3) are the relics in the winner's personal bank.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from meeplegym.envs.oath import data as D
from meeplegym.envs.oath import state as S
from meeplegym.envs.oath.chronicle import COLOUR_NAMES, ChronicleState, SiteEntry
from meeplegym.errors import InvalidOptionError, InvalidStateError

REGIONS = tuple(tuple(k for k in range(S.N_SLOTS) if D.SLOT_REGION[k] == r) for r in D.Region)
CRADLE, PROVINCES, HINTERLAND = REGIONS
ADDED_BY_RANK = (3, 2, 1)  # O8.4: cards of the most common suit, the next suit, the one after
DISPOSSESSED_EACH_GAME = 6  # O8.5
FOREST_TEMPLE = D.EDIFICE_BY_NUMBER[S.CARD_IDS["Forest Temple"]]
INTACT_OF_SUIT = {e.suit: e.number for e in D.EDIFICE_FACES if not e.ruined}
SUITS = tuple(D.Suit)


@dataclass(frozen=True)
class ChronicleDecision:
    """One choice of the Chronicle (O8.10): the step that asks it, who answers (their seat and
    colour in the finished game), the question and its options in words; the answer is an index
    into ``options``."""

    step: str  # "O8.1", "O8.2", "O8.3.1" or "O8.4"
    kind: str  # "oath", "offer", "answer", "build" or "suit"
    seat: int
    colour: str
    question: str
    options: tuple[str, ...]


Chooser = Callable[[ChronicleDecision], int]


def random_chooser(seed: int | None = None) -> Chooser:
    """Answers every Chronicle decision uniformly at random from its own seeded stream."""
    stream = np.random.default_rng(seed)
    return lambda decision: int(stream.integers(len(decision.options)))


@dataclass
class _Site:
    """A map slot's content while the Chronicle rewrites the map."""

    site: int
    faceup: bool
    cards: list[int]  # denizens and edifices, in the order they were laid
    relics: list[int]
    warbands: int = 0  # of `colour` (one colour holds a site)
    colour: int = -1

    def edifice(self) -> int:
        return next((c for c in self.cards if S.card_kind(c) == "edifice"), 0)


class _Writer:
    """The winner writing the Chronicle: O8.1-O8.8 as methods, run in order by `write`."""

    def __init__(self, state, choose: Chooser, seed: int | None, game_index: int):
        s = state[0] if isinstance(state, np.ndarray) and state.shape else state
        if not s["terminal"] or s["winner"] < 0:
            raise InvalidStateError("the Chronicle is written after a game ends (O3), and this one goes on")
        self.s, self.game_index = s, game_index
        self.rng = np.random.default_rng(int(s["rng"]) if seed is None else seed)
        self.choose = choose or (lambda d: int(self.rng.integers(len(d.options))))
        self.winner = int(s["winner"])
        self.colour = [int(c) for c in s["colour"][:s["n_players"]]]
        self.log: list[str] = []
        self.zone = {c: int(s["zone"][c]) for c in range(1, S.N_CARDS)}
        self.relic_deck = [int(c) for c in s["relic_deck"][:s["relic_size"]]]  # bottom first
        self.slots: list[_Site | None] = [self._read_site(k) for k in range(S.N_SLOTS)]
        self.citizen = {col: bool(s["citizen_board"][col]) for col in range(1, S.N_COLOURS)}
        for p, col in enumerate(self.colour):
            if col != S.PURPLE:
                self.citizen[col] = s["side"][p] == S.SIDE_CITIZEN
        self.imperial = s["side"][self.winner] != S.SIDE_EXILE
        self.ruined = {c: bool(s["ruined"][c]) for c in range(S.FIRST_EDIFICE, S.FIRST_RELIC, 2)}

    # ------------------------------------------------------------------ reading the table
    def _read_site(self, k: int) -> _Site:
        s = self.s
        here = [c for c in range(1, S.N_CARDS) if s["zone"][c] == S.Z_SITE and s["where"][c] == k]
        here.sort(key=lambda c: int(s["stamp"][c]))
        cols = [col for col in range(S.N_COLOURS) if s["site_warbands"][k, col] > 0]
        return _Site(int(s["slot_site"][k]), bool(s["slot_faceup"][k]),
                     [c for c in here if S.card_kind(c) != "relic"], [c for c in here if S.card_kind(c) == "relic"],
                     int(s["site_warbands"][k, cols[0]]) if cols else 0, cols[0] if cols else -1)

    def ask(self, step: str, kind: str, seat: int, question: str, options: list[str]) -> int:
        decision = ChronicleDecision(step, kind, seat, COLOUR_NAMES[self.colour[seat]], question, tuple(options))
        answer = self.choose(decision)
        if isinstance(answer, bool) or not isinstance(answer, (int, np.integer)) or not 0 <= answer < len(options):
            raise InvalidOptionError(f"{step} {kind}: the answer must be an option index 0..{len(options) - 1}, "
                                     f"got {answer!r}")
        self.log.append(f"{step} {decision.colour}: {options[answer]}")
        return int(answer)

    def name(self, slot: int) -> str:
        return D.SITES[self.slots[slot].site].name

    def winner_rules(self, slot: int) -> bool:
        """O10 Rule for the winner (see the module docstring), Forest Temple included."""
        site = self.slots[slot]
        if site is None or not site.faceup:
            return False
        ruling = S.PURPLE if self.imperial else self.colour[self.winner]
        if site.colour >= 0 and site.colour == ruling:
            return True
        crown = S.CARD_IDS["Bandit Crown"]
        if site.colour < 0 and self.zone[crown] == S.Z_PERSONAL and self.s["where"][crown] == self.winner:
            return True
        return self.forest_temple() and any(S.card_kind(c) == "denizen" and D.DENIZEN_BY_NUMBER[c].suit == D.Suit.BEAST
                                            for c in site.cards)

    def forest_temple(self) -> bool:
        """Forest Temple (◊, D3) shows its intact face at a site and the table plays the ◊ powers."""
        c = FOREST_TEMPLE.number
        return bool(self.s["reconstructed"]) and self.zone[c] == S.Z_SITE and not self.s["ruined"][c]

    # ------------------------------------------------------------------ O8.1
    def vow(self) -> str:
        s, w = self.s, self.winner
        current = D.OATHS[int(s["oath"])].name
        vision = next((c for c in range(S.FIRST_VISION, S.N_CARDS)
                       if self.zone[c] == S.Z_VISION_SPACE and s["where"][c] == w), 0)
        usurped = s["title_holder"] == w and s["usurper"]
        through_vision = vision and (s["win_kind"] == S.WIN_VISIONARY or (
            s["win_kind"] == S.WIN_WAR_EXHAUSTION and s["side"][w] == S.SIDE_EXILE and not usurped))
        if through_vision:
            oath = D.VISIONS[vision - S.FIRST_VISION].oath
            self.log.append(f"O8.1 won only through the {S.card_name(vision)} Vision: the Oath of {oath}")
            return oath
        others = [o.name for o in D.OATHS if o.name != current]
        return others[self.ask("O8.1", "oath", w, "which Oath does the next game swear?", others)]

    # ------------------------------------------------------------------ O8.2
    def offer_citizenship(self) -> None:
        if self.imperial:
            return
        flipped = {col for col, citizen in self.citizen.items() if citizen}
        for col in flipped:
            self.citizen[col] = False
        w, mine = self.winner, self.colour[self.winner]
        for q, col in enumerate(self.colour):
            if q == w or col == S.PURPLE or col in flipped:
                continue
            who = COLOUR_NAMES[col]
            if self.ask("O8.2", "offer", w, f"offer Citizenship to {who}?", [f"offer it to {who}", "do not"]):
                continue
            if self.ask("O8.2", "answer", q, f"{COLOUR_NAMES[mine]} offers you Citizenship", ["accept", "decline"]):
                continue
            self.citizen[col] = True
            for site in self.slots:
                if site.colour == col:
                    site.colour, site.warbands = mine, 1

    # ------------------------------------------------------------------ O8.3
    def build_or_repair(self) -> None:
        """O8.3.1: an Imperial winner may build an intact edifice from the Archive in place of a
        denizen of its suit, or repair a ruined edifice, at a site they rule."""
        if not self.imperial:
            return
        options, moves = ["neither"], [None]
        for k, site in enumerate(self.slots):
            if not self.winner_rules(k):
                continue
            edifice = site.edifice()
            if edifice and self.s["ruined"][edifice]:
                options.append(f"repair {D.EDIFICE_BY_NUMBER[edifice].name} at {self.name(k)}")
                moves.append((k, edifice, 0))
            elif not edifice:
                for c in site.cards:
                    e = INTACT_OF_SUIT[D.DENIZEN_BY_NUMBER[c].suit]
                    if self.zone[e] == S.Z_ARCHIVE:
                        options.append(f"build {D.EDIFICE_BY_NUMBER[e].name} at {self.name(k)} in place of "
                                       f"{S.card_name(c)}")
                        moves.append((k, e, c))
        if len(options) == 1:
            return
        move = moves[self.ask("O8.3.1", "build", self.winner, "build or repair an edifice?", options)]
        if move is None:
            return
        k, edifice, denizen = move
        self.ruined[edifice] = False
        if denizen:
            site = self.slots[k]
            site.cards[site.cards.index(denizen)] = edifice
            self.zone[edifice] = S.Z_SITE
            self._into_play(denizen)

    def clean_map(self) -> None:
        """O8.3.2-O8.3.5."""
        ruled = [self.winner_rules(k) for k in range(S.N_SLOTS)]
        for k, site in enumerate(self.slots):  # O8.3.2
            edifice = site.edifice()
            if not ruled[k] and not (edifice and not self.ruined[edifice]):
                self._discard_site(site)
                self.slots[k] = None
        ruins: list[_Site] = []
        for k, site in enumerate(self.slots):  # O8.3.3
            if site is None:
                continue
            edifice = site.edifice()
            if edifice and not ruled[k] and not self.ruined[edifice]:
                self.ruined[edifice] = True
                for c in [c for c in site.cards if c != edifice]:
                    site.cards.remove(c)
                    self._discard(c)
            if edifice and self.ruined[edifice]:
                ruins.append(site)
                self.slots[k] = None
        for site in self.slots:  # O8.3.4: every piece and token leaves the map
            if site is not None:
                site.colour, site.warbands = -1, 0
        self._refill(ruins)

    def _refill(self, ruins: list[_Site]) -> None:
        """O8.3.5: push sites up and pull them inward region by region, ruins into the outer
        regions from the bottom, facedown sites from the site deck, a faceup site per region."""
        kept = [[self.slots[k] for k in region if self.slots[k] is not None] for region in REGIONS]
        slots: list[_Site | None] = [None] * S.N_SLOTS
        for r, region in enumerate(REGIONS):  # steps 1-3
            sources = kept[r:]
            for k in region:
                source = next((q for q in sources if q), None)
                if source is not None:
                    slots[k] = source.pop(0)
        for region in (HINTERLAND, PROVINCES):  # steps 4-5, both bottom to top
            for k in reversed(region):
                if slots[k] is None and ruins:
                    slots[k] = ruins.pop()
        self.slots = slots
        for site in ruins:  # no room left (see the module docstring)
            self._discard_site(site)
        used = {site.site for site in self.slots if site is not None}
        deck = [site.id for site in D.SITES if site.id not in used]
        self.rng.shuffle(deck)
        for k in range(S.N_SLOTS):  # step 6
            if self.slots[k] is None:
                self.slots[k] = _Site(deck.pop(), False, [], [])
        for region in REGIONS:  # step 7
            if not any(self.slots[k].faceup for k in region):
                self.slots[region[0]].faceup = True

    def _discard_site(self, site: _Site) -> None:
        """O8.3.2: the site goes to the site deck (it leaves the map), its denizens to the discard
        piles, its relics to the relic deck and its ruins to the Archive."""
        for c in site.cards:
            if S.card_kind(c) == "edifice":
                self.zone[c] = S.Z_ARCHIVE
                self.ruined[c] = False  # the Archive keeps the card, the face is chosen when built
            else:
                self._discard(c)
        for r in site.relics:
            self.zone[r] = S.Z_RELIC_DECK
            self.relic_deck.append(r)

    def _discard(self, c: int) -> None:
        self.zone[c] = S.Z_DISCARD  # any pile: O8.5 gathers them all

    def _into_play(self, c: int) -> None:
        self.zone[c] = S.Z_WORLD_DECK  # into the next world deck (O8.8)

    # ------------------------------------------------------------------ O8.4
    def add_six(self) -> None:
        s, w = self.s, self.winner
        counts = np.zeros(len(SUITS), dtype=int)
        for c in range(1, S.FIRST_EDIFICE):
            if self.zone[c] == S.Z_ADVISER and s["where"][c] == w:
                counts[int(D.DENIZEN_BY_NUMBER[c].suit)] += 1
        tied = [suit for suit in SUITS if counts[int(suit)] == counts.max()]
        first = tied[0] if len(tied) == 1 else tied[self.ask(
            "O8.4", "suit", w, "which suit is your most common?", [suit.name.title() for suit in tied])]
        wanted = [(SUITS[(int(first) + rank) % len(SUITS)], n) for rank, n in enumerate(ADDED_BY_RANK)]
        archive = {suit: [c for c in range(1, S.FIRST_EDIFICE)
                          if self.zone[c] == S.Z_ARCHIVE and D.DENIZEN_BY_NUMBER[c].suit == suit] for suit in SUITS}
        if all(len(archive[suit]) >= n for suit, n in wanted):
            for suit, n in wanted:
                for c in self.rng.choice(archive[suit], n, replace=False):
                    self._into_play(int(c))
            self.log.append("O8.4 " + ", ".join(f"{n} {suit.name.title()}" for suit, n in wanted)
                            + " from the Archive into the world deck")
            return
        # the Archive runs short: heal it from the Dispossessed instead
        stacks = {suit: [c for c in range(1, S.FIRST_EDIFICE)
                         if self.zone[c] == S.Z_DISPOSSESSED and D.DENIZEN_BY_NUMBER[c].suit == suit] for suit in SUITS}
        order = [SUITS[(int(first) + k) % len(SUITS)] for k in range(len(SUITS))]
        largest = max(order, key=lambda suit: len(stacks[suit]))  # max keeps the first of a tie
        taken = self.rng.choice(stacks[largest], min(6, len(stacks[largest])), replace=False) if stacks[largest] else []
        for c in taken:
            self._into_play(int(c))
        for c in range(1, S.FIRST_EDIFICE):
            if self.zone[c] == S.Z_DISPOSSESSED:
                self.zone[c] = S.Z_ARCHIVE
        self.log.append(f"O8.4 the Archive runs short: {len(taken)} {largest.name.title()} cards from the "
                        "Dispossessed into the world deck, the rest back to the Archive")

    # ------------------------------------------------------------------ O8.5
    def dispossess_six(self) -> None:
        s, w = self.s, self.winner
        stack = [c for c in range(1, S.FIRST_EDIFICE)  # every discard pile, the Chronicle's discards included
                 if self.zone[c] == S.Z_DISCARD or (self.zone[c] == S.Z_ADVISER and s["where"][c] != w)]
        self.rng.shuffle(stack)
        cut = min(DISPOSSESSED_EACH_GAME, len(stack))
        for c in stack[:cut]:
            self.zone[c] = S.Z_DISPOSSESSED
        for c in stack[cut:]:
            self._into_play(c)
        self.log.append(f"O8.5 {cut} cards to the Dispossessed")

    # ------------------------------------------------------------------ O8.6
    def clean_relics(self) -> list[int]:
        """The relic deck for the next game, top first."""
        s, w = self.s, self.winner
        mine, reliquary = [], [int(c) for c in s["reliquary"] if c]
        for r in range(S.FIRST_RELIC, S.FIRST_VISION):
            if r == S.GRAND_SCEPTER or r in self.relic_deck or r in reliquary:
                continue  # O8.6.1: the Grand Scepter goes back to the box
            if self.zone[r] == S.Z_PERSONAL and s["where"][r] == w:
                mine.append(r)
            elif not any(r in site.relics for site in self.slots):
                self.relic_deck.append(r)  # a loser's relic, or one no one holds
        self.rng.shuffle(self.relic_deck)
        for k, site in enumerate(self.slots):  # O8.6.2
            if site.faceup:
                while len(site.relics) < D.SITES[site.site].relics and self.relic_deck:
                    site.relics.append(self.relic_deck.pop())
        top = mine + reliquary  # O8.6.3
        self.rng.shuffle(top)
        return top + self.relic_deck[::-1]

    # ------------------------------------------------------------------ O8.8
    def rebuild_world_deck(self) -> list[int]:
        """Top first: 10 denizens and 2 Visions shuffled, 15 and the other 3 shuffled, the rest."""
        pool = sorted(c for c in range(1, S.FIRST_EDIFICE)  # the world deck, the winner's advisers, O8.4-O8.5
                      if self.zone[c] in (S.Z_WORLD_DECK, S.Z_ADVISER, S.Z_HAND))
        self.rng.shuffle(pool)
        visions = list(range(S.FIRST_VISION, S.N_CARDS))
        self.rng.shuffle(visions)
        deck: list[int] = []
        for denizens, n_visions in D.WORLD_DECK_PILES:
            pile = pool[:denizens] + visions[:n_visions]
            pool, visions = pool[denizens:], visions[n_visions:]
            self.rng.shuffle(pile)
            deck += pile
        return deck + pool

    # ------------------------------------------------------------------ all of it
    def write(self) -> ChronicleState:
        oath = self.vow()
        self.offer_citizenship()
        self.build_or_repair()
        self.clean_map()
        self.add_six()
        self.dispossess_six()
        relics = self.clean_relics()
        world = self.rebuild_world_deck()
        sites = [SiteEntry(D.SITES[site.site].name, site.faceup, [self._face_name(c) for c in site.cards],
                       [S.card_name(r) for r in site.relics]) for site in self.slots]  # O8.7
        return ChronicleState(
            oath=oath, citizens=[COLOUR_NAMES[col] for col in sorted(self.citizen) if self.citizen[col]],
            previous_winner=COLOUR_NAMES[self.colour[self.winner]], game_index=self.game_index + 1, sites=sites,
            world_deck=[S.card_name(c) for c in world], relic_deck=[S.card_name(r) for r in relics],
            dispossessed=[S.card_name(c) for c in range(1, S.FIRST_EDIFICE) if self.zone[c] == S.Z_DISPOSSESSED])

    def _face_name(self, c: int) -> str:
        if S.card_kind(c) == "edifice" and self.ruined[c]:
            return D.EDIFICE_BY_NUMBER[c + 1].name
        return S.card_name(c)


def chronicle_step(final_state, choose: Chooser | None = None, seed: int | None = None,
                   game_index: int = 1) -> ChronicleState:
    """The ChronicleState of the next game, written by the winner of `final_state` (O8.1-O8.8).
    ``choose`` answers the Chronicle's decisions (default: uniformly at random from the same
    generator as the rest); ``seed`` the generator (default: the finished game's own word);
    ``game_index`` the number of the game that just ended."""
    return chronicle_log(final_state, choose, seed, game_index)[0]


def chronicle_log(final_state, choose: Chooser | None = None, seed: int | None = None,
                  game_index: int = 1) -> tuple[ChronicleState, list[str]]:
    """`chronicle_step`, and what the Chronicle did, step by step, in words."""
    writer = _Writer(final_state, choose, seed, game_index)
    return writer.write(), writer.log
