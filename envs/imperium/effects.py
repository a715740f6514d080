"""Imperium card effects as programs, in our own notation (DESIGN "Card effects as programs").

Each card's effect is restated from its spec row (imperium.md C1-C4, the `Effect (structured)`
column) as one line per trigger and compiled at import by `meeplegym.programs` into rows of
``CODE``; ``ENTRY[record, trigger]`` is the first row of a card face's program for `TRIG_*`, 0
(an empty program) when it has none. The control words (``may``, ``choose``, ``upto``, ``if``,
``others``, ``all``, ``=>``) are the shared ones; the step words are the I12 keywords:

==================  ==========================================================================
step                meaning (the affected player is "you"; ``this`` is the card whose text runs)
==================  ==========================================================================
gain N RES          from the supply to your pool; ``per:X`` multiplies, ``max:M`` caps;
                    ``per:distinct:#a/#b`` counts the listed icons you have at least one of;
                    ``per:abandoned:#a`` the icons on the cards the last abandon removed;
                    ``from:here`` takes them off this card instead; ``gain all from:market``:
                    every resource on a market card you pick
gain_action N       action tokens onto your state card (I5.8)
spend_action N      remove action tokens (a cost)
return_xtoken       an exhaust token from one of your cards back to the state card (I5.8)
pay N RES           I12 Pay with substitution (always a cost, I6.6); ``from:here`` off this card
                    (``all``: every RES on it, at least N),
                    ``from:card card:ID`` off the named card; ``to:attacker``: what is paid goes
                    to the owner of the attack card answered (Dhar Tichitt), not the supply
move N RES          from your pool onto ``to:here`` / ``to:market`` / ``to:pinned`` (one of your
                    pinned cards in play) / ``to:card card:ID`` (a cost, no substitution);
                    ``upto`` lets you move fewer (at least 1); ``spread``: one unit onto each
                    of N different market cards
add N RES           from the supply onto ``to:market`` / ``to:here`` / ``to:card card:ID`` /
                    ``to:ceremony`` (your ceremony card in play, I16 Cultists)
steal N RES         from the affected player to the card's owner (inside ``others``);
                    ``penalty``: one who cannot takes an unrest and the owner gains it anyway
draw N              from your draw pile (reshuffling, I8), ``if_able`` never reshuffles;
                    ``from:discard`` picks cards from the discard pile, ``from:merchant``
                    one garrisoned under your Merchant Empire
discard N           from hand; ``of:drawn`` only among the cards the last draw brought;
                    ``it``: the card the previous step took or drew (also for ``history``
                    and ``place_top``)
acquire FILTER      I12 Acquire from the market; ``from:exile`` / ``also:exile``; ``with:RES``: a
                    card with that resource on it
break_through F     I12 Break through (market, small pile, main deck fallback); ``from:exile``;
                    ``top``: the top card of the main deck
exile market        a market card without resources (I12 Exile); ``exile N from:history``;
                    ``exile fame``: the top fame card, unless it is King of Kings (Dreaded);
                    ``exile nation``: your whole nation deck; ``exile card:ID``: that card of
                    yours wherever it is; ``exile it``: the card the last step took, revealed or
                    free-played, from your hand, play area, discard pile or history;
                    ``exile F from:hand_or_play``; ``exile F from:here``: one garrisoned under this card
exile this          the card whose text runs
history this        into your history; ``history [F] from:hand|discard|hand_or_discard|play``
garrison            a card from hand under one of your regions in play; ``this`` tucks this
                    card; ``in:REG`` / ``in:here`` / ``in:ceremony`` / ``in:empty`` (a region with no garrisoned
                    card) / ``in:card card:ID``; ``from:hand_or_discard``
abandon             ``this``, ``card:ID``, or N of your pinned cards matching a filter;
                    ``icons``: cards showing N of the filter's type icons in all; ``garrisoned``:
                    a region with a garrisoned card (``garrisoned:#knight``: a #knight one);
                    ``from:garrison``: one of the cards garrisoned under your regions
recall              one of your pinned cards matching a filter back to hand (I12 Recall)
take unrest|fame    the top unrest / fame card into hand (King of Kings, I11.3)
look_fame N         look at the top N fame cards and take one (I12 Look, I11.1)
return_unrest       an unrest from ``from:hand`` (default) / ``discard`` / ``hand_or_discard`` /
                    ``card card:ID`` (garrisoned under that card)
return this         this unrest card back onto the unrest pile
free_play F         play a card from hand without an action (I12 Free action);
                    ``ignore_state`` ignores BARB/EMP; ``it``: the card the last step took;
                    ``from:discard`` from the discard pile; ``of:drawn`` one the last draw brought
play F from:Z       play a card from zone Z as a normal play (the program spends the action)
place_top           a card from hand on top of your draw pile (I12 Place)
find ID             I12 Find the named card into hand; ``find F``: one of your cards matching
                    filter F (hand, discard pile, draw pile), your pick; ``also:play`` searches
                    your play area too (Adoption of Islam)
develop             I8.9; ``free`` ignores the cost
flip_state          turn your state card over
trigger_host        run the play effect of the region this card was just garrisoned under
swap_exiled         an exiled UNC/CIV/REG/TRI card changes places with a market card (I12 Swap)
give                the owner gives the affected player a card from hand / ``hand_or_discard``
nothing             no effect (a card that says so can still be played)
avoid               the affected player avoids the attack being resolved (a defence, I12 Attack)
ignore_state_turn   for the rest of the turn, play cards ignoring BARB/EMP (Cultural Diversity)
treat ICON as:N     for the rest of the turn, one of your ICON icons counts as N #production
                    instead (I12 Treat as: the icon is no longer there)
require COND        the card cannot be played unless COND holds
play_unrest_turn    for the rest of the turn, an unrest taken by acquiring may be free-played
                    at once (Brave)
look_nation         look at the top card of your nation deck (not the accession card)
nation_bottom       put the card looked at just above the accession card (I12 Accession)
shuffle_nation      shuffle your nation deck, the accession card staying at the bottom
order_nation N      the top N cards of your nation deck above the accession card, looked at, go
                    back in the order you choose: which of them goes on top (I12 Look, D18; the
                    rest keep their order, so N = 2 is the whole order)
fame_bottom         the top fame card goes to the bottom, just above King of Kings (Huzistan)
remove              one of your development cards leaves the game (set aside; the quick variant);
                    ``to:discard``: it goes into your discard pile instead (the Inuit's quick setup)
fertile_as_production  for the rest of the turn, each #fertile icon in play counts as
                    #production instead (I12 Treat as)
reveal              the top card of the main deck is turned up and becomes ``it`` (held in
                    your hand until the next steps put it somewhere: Patolli)
gain_xtoken         an exhaust token onto your state card (I12 Gain, read like I5.8's actions)
lose N RES          back to the supply, not a payment ("gain 1 fewer prg", Martians power A)
convert N RES to:R  N of RES in your pool become R, not a payment (I16 Martians); ``it``: at
                    most the prg the card just acquired carried (Take Me to Your Leader)
swap_market F       a card F from your hand and a market card sharing one of its suits other
                    than GADGET change places; resources and unrest stay in the slot (I12 Swap)
swap_nation N F     a card F from your hand and one of the top N cards of your nation deck
                    (not the accession card) change places (Landing Site)
main_bottom F       an exiled card F goes to the bottom of the main deck (Fracture of Time)
discard_nation      the top card of your nation deck into your discard pile (the accession
                    card as in I8.3: Reactor Explosion goes into play)
trade               I13.5 Trade: runs the ``trade`` rules procedure (SYSTEM_PROGRAMS)
trade_route         move 1 gds from your pool onto one of your trade routes in play holding fewer
                    than 3 and resolve its Commerce; ``other``: add 1 gds from the supply onto
                    another player's (I13.5 b, c)
commerce other      resolve the Commerce effect of a trade route another player has in play
flip this           turn the card whose text runs over (the Merchant, I13.2); a ceremony card's
                    new face enters play: its PLAY text runs (I16 Cultists)
state STATE         your state card shows STATE (BARB, CORR, SUMM): the card and face that
                    show it (the Cultists' two state cards, I16)
take chaos          the top chaos card into your discard pile (I16 Cultists); none left: nothing
chaos_instead       the unrest the affected player just took (``it``) goes back to the unrest
                    pile and they take a chaos card into their discard pile instead (Corrupted)
ceremony_next       Prepare the Ceremony leaves play (its garrisoned cards to the discard pile)
                    and Ceremonial Gathering enters it, its PLAY text running (I16)
exile_hand          exile every card in your hand but unrest and SUMM cards (Summoned); ``did``
                    counts them
end_game            trigger the game end (I10.1; Ceremony of the Key)
==================  ==========================================================================

The solo automa's tables (data.AUTOMA_TABLES, I14, C7) are programs in the same words, run with
the automa keywords of I14.4-I14.5 (its CHOOSE takes the first option that can be done: "X; if
impossible, Y" is ``choose { X | Y }``), plus these steps of its own:

==================  ==========================================================================
put_in_play         I14.4 Play: this card into the automa's play area, its text ignored
trigger             I14.4 Trigger: this trade route's automa Commerce line (I14.6)
resolve WHAT        I14.4 Resolve: the first matching row for the top card of the automa
                    ``deck`` / ``dynasty`` pile / ``main`` deck, or ``it``
discard_top N       the top N automa-deck cards (``from:dynasty``: dynasty cards) into its discard
profits             I14.5 Profit: every full automa trade route, most recent first
==================  ==========================================================================

``add N RES to:die``: onto the market card at the die's slot; ``place_top F from:set_aside``: a
card set aside at setup (the Mayan Headpieces); ``take unrest to:discard``; condition ``it_vp N``.

``repeat COUNT { }`` runs its block once per counted thing (``repeat #fertile/#river/#ocean``);
``owner { }`` runs its block as the owner of the card whose text runs (Welcoming's Commerce
resolved by another player through Trade, I13.5).

A FILTER is suit codes joined by ``/`` (``REG/TRI``), type icons (``#river/#ocean``), both (a card
with any of them: ``#city/#metropolis/REG``), ``pinned``,
``atk``, ``EMP`` / ``BARB`` (shows that state icon) or ``any``; ``not:SUIT`` excludes a suit (``not:REG``,
``not:GADGET``). Conditions: ``BARB``, ``EMP``, ``no_prg`` (none in your pool),
``in_history ID``, ``in_play F`` (one of your cards in play matches), ``missing ID..`` (one
of the named cards is not in your play area), ``garrisoned_here``, ``it F`` (the card just
gained matches), ``it_res N`` (it carried exactly N resources), ``it_is ID``, ``has_garrisoned_region``, ``event KIND``
(the event a reaction answers is a ``play`` / ``acquire`` / ``break`` / ...), ``end_triggered``
(I10.1), ``fame_empty`` (only King of Kings is left), ``returned_unrest_from_hand`` (this turn, Taoism), ``it_hits_regions`` (the attack card answered makes the players it affects abandon or
recall a REG: `ATTACK_HITS_REGIONS`). Names of cards with copies: ``name:ID`` / ``not_name:ID`` keep (drop) the cards named
like ID; ``some_not:ID`` on ``discard N``: at least one of the N is not named like ID.
``my_turn`` (the card's owner is the current player, not in the Solstice), ``unrest_in_discard`` (an
unrest card in your discard pile), ``icons_here N`` (the cards garrisoned under this card show
N different icons: suits but UNREST, and type icons; I16 Cultists).
``not COND`` negates a condition. ``acquire F slots:12`` takes only from market slots 1 and 2.
``free_play F from:main N`` plays one of the top N main-deck cards; the others go back first, in the
order its player chooses (D18).
``find F`` searches hand, discard pile, draw pile and nation deck (I12 Find); ``not:nation``
leaves the nation deck out. ``garrison from:unrest`` takes the top card of the unrest pile.

Cards whose text needs machinery not built yet (reactive exhausts, passives that change other
rules, Treat as, Trade Routes) have ``None`` for that trigger and are listed in
``UNIMPLEMENTED`` with the reason; docs/rules_coverage.md lists them too.
"""

from __future__ import annotations

import os

import numpy as np

from meeplegym import programs as P
from meeplegym.envs.imperium import automa_tables
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D

# ---------------------------------------------------------------- opcodes (I12 keywords)
_OPS = (
    "gain", "gain_action", "spend_action", "return_xtoken", "pay", "move", "add", "steal", "draw",
    "discard", "acquire", "break_through", "exile", "history", "garrison", "abandon", "recall",
    "take", "look_fame", "return_unrest", "return", "free_play", "place_top", "find", "develop",
    "flip_state", "trigger_host", "give", "nothing", "require", "swap_exiled", "avoid", "ignore_state_turn",
    "treat", "play_unrest_turn", "look_nation", "nation_bottom", "fertile_as_production",
    "reveal", "gain_xtoken", "trade", "trade_route", "commerce", "flip", "shuffle_nation", "fame_bottom",
    "remove", "lose", "convert", "swap_market", "swap_nation", "main_bottom", "discard_nation",
    "legends", "discard_hand", "ignore_emp_next", "state", "chaos_instead", "ceremony_next", "exile_hand",
    "end_game", "put_in_play", "trigger", "resolve", "discard_top", "profits", "order_nation",
)
# (``find F`` with a filter instead of a card name picks any matching card of yours: Inuksuk)
OP = {name: P.FIRST_GAME_OP + i for i, name in enumerate(_OPS)}
# The opcodes by name, for the compiled code (numba reads module constants, not dict lookups);
# tests/imperium/test_imperium_machine.py checks that each is OP_<NAME> = OP["<name>"].
OP_GAIN = OP["gain"]
OP_GAIN_ACTION = OP["gain_action"]
OP_SPEND_ACTION = OP["spend_action"]
OP_RETURN_XTOKEN = OP["return_xtoken"]
OP_PAY = OP["pay"]
OP_MOVE = OP["move"]
OP_ADD = OP["add"]
OP_STEAL = OP["steal"]
OP_DRAW = OP["draw"]
OP_DISCARD = OP["discard"]
OP_ACQUIRE = OP["acquire"]
OP_BREAK_THROUGH = OP["break_through"]
OP_EXILE = OP["exile"]
OP_HISTORY = OP["history"]
OP_GARRISON = OP["garrison"]
OP_ABANDON = OP["abandon"]
OP_RECALL = OP["recall"]
OP_TAKE = OP["take"]
OP_LOOK_FAME = OP["look_fame"]
OP_RETURN_UNREST = OP["return_unrest"]
OP_RETURN = OP["return"]
OP_FREE_PLAY = OP["free_play"]
OP_PLACE_TOP = OP["place_top"]
OP_FIND = OP["find"]
OP_DEVELOP = OP["develop"]
OP_FLIP_STATE = OP["flip_state"]
OP_TRIGGER_HOST = OP["trigger_host"]
OP_GIVE = OP["give"]
OP_NOTHING = OP["nothing"]
OP_REQUIRE = OP["require"]
OP_SWAP_EXILED = OP["swap_exiled"]
OP_AVOID = OP["avoid"]
OP_IGNORE_STATE_TURN = OP["ignore_state_turn"]
OP_TREAT = OP["treat"]
OP_PLAY_UNREST_TURN = OP["play_unrest_turn"]
OP_LOOK_NATION = OP["look_nation"]
OP_NATION_BOTTOM = OP["nation_bottom"]
OP_FERTILE_AS_PRODUCTION = OP["fertile_as_production"]
OP_REVEAL = OP["reveal"]
OP_GAIN_XTOKEN = OP["gain_xtoken"]
OP_TRADE = OP["trade"]
OP_TRADE_ROUTE = OP["trade_route"]
OP_COMMERCE = OP["commerce"]
OP_FLIP = OP["flip"]
OP_SHUFFLE_NATION = OP["shuffle_nation"]
OP_FAME_BOTTOM = OP["fame_bottom"]
OP_REMOVE = OP["remove"]
OP_LOSE = OP["lose"]
OP_CONVERT = OP["convert"]
OP_SWAP_MARKET = OP["swap_market"]
OP_SWAP_NATION = OP["swap_nation"]
OP_MAIN_BOTTOM = OP["main_bottom"]
OP_DISCARD_NATION = OP["discard_nation"]
OP_LEGENDS = OP["legends"]
OP_DISCARD_HAND = OP["discard_hand"]
OP_IGNORE_EMP_NEXT = OP["ignore_emp_next"]
OP_STATE = OP["state"]
OP_CHAOS_INSTEAD = OP["chaos_instead"]
OP_CEREMONY_NEXT = OP["ceremony_next"]
OP_EXILE_HAND = OP["exile_hand"]
OP_END_GAME = OP["end_game"]
OP_PUT_IN_PLAY = OP["put_in_play"]
OP_TRIGGER = OP["trigger"]
OP_RESOLVE = OP["resolve"]
OP_DISCARD_TOP = OP["discard_top"]
OP_PROFITS = OP["profits"]
OP_ORDER_NATION = OP["order_nation"]

# Columns of a step row (meeplegym.programs.W = 12: op, flags, a..i, jump).
C_N, C_RES, C_SUITS, C_TYPES, C_SRC, C_PER, C_PER_MASK, C_PER_DIV, C_MAX = range(2, 11)
C_CARD = C_MAX  # the named card (find, abandon card:, conditions)
C_STATES = C_RES  # a state-icon filter's icons: a step picking cards names no resource

# Flags (bit 0 is meeplegym.programs.F_COST).
F_COST = P.F_COST
F_THIS = 2
F_IF_ABLE = 4
F_UPTO = 8
F_IGNORE_STATE = 16
F_FREE = 32
F_PINNED = 64
F_ATTACK = 128
F_NOT_UNREST = 256
F_FROM_EXILE = 512
F_ALSO_EXILE = 1024
F_PENALTY = 2048
F_OF_DRAWN = 4096
F_FAME = 8192  # take fame (otherwise take unrest)
F_SUIT_OR_TYPE = 16384  # a filter mixing suits and type icons ("#city/#metropolis/REG"): either matches
F_GARRISONED = 65536  # abandon a region with a garrisoned card
F_IT = 131072  # the card the previous step moved ("take unrest and discard it")
F_PAID_PLAY = 262144  # ``play``: a normal play whose action the program spends, not a free play
F_SPREAD = 524288  # ``move N RES to:market spread``: one unit each onto N different market cards
F_ICONS = 1048576  # ``abandon N #type icons``: N counts the type icons on the abandoned cards
F_STATE_CARD = 2097152  # filter ``EMP`` / ``BARB``: a card showing that state icon (mask in C_STATES)
F_MAIN_TOP = 4194304  # ``break_through top``: the top card of the main deck, whatever it is
F_NAMED = 1 << 23  # ``name:ID``: only cards named like C_CARD ("a Headpiece")
F_NOT_NAMED = 1 << 24  # ``not_name:ID``: no card named like C_CARD ("not a Stone Mask")
F_SOME_NOT_NAMED = 1 << 25  # ``some_not:ID``: at least one of the cards picked is not named like C_CARD
F_NOT_NATION = 1 << 26  # ``find F not:nation``: not from the nation deck
F_OTHER = 1 << 27  # ``trade_route other`` / ``commerce other``: another player's trade route
F_SLOTS = 1 << 28  # ``acquire F slots:12``: only the market slots in C_PER_MASK
F_EXCEPT = 1 << 29  # ``not:SUIT`` / ``not:#type``: no card of the suits (bits 0-15 of C_EXCEPT) or type icons (16+)
EXCEPT_TYPES_SHIFT = 16
C_EXCEPT = C_PER_DIV  # a card-picking step has no count to divide: its excluded suits live there

# Where a garrisoned card goes (column C_PER of a garrison row; C_PER_MASK: host type icons).
HOST_REGION, HOST_HERE, HOST_EMPTY, HOST_CARD, HOST_CEREMONY = 0, 1, 2, 3, 4

# Sources and destinations (column C_SRC).
# SRC_CARD: on / under the card named by ``card:ID``; SRC_PINNED: onto one of your pinned cards in play.
(SRC_HAND, SRC_DISCARD, SRC_HAND_OR_DISCARD, SRC_PLAY, SRC_HISTORY, SRC_MARKET, SRC_HERE, SRC_REG, SRC_CARD,
 SRC_PINNED, SRC_UNREST, SRC_MAIN, SRC_MERCHANT, SRC_ATTACKER, SRC_GARRISON, SRC_FAME, SRC_HAND_OR_PLAY,
 SRC_NATION, SRC_CHAOS, SRC_CEREMONY, SRC_SET_ASIDE, SRC_DIE, SRC_DYNASTY, SRC_DECK) = range(24)
_SOURCES = {"hand": SRC_HAND, "discard": SRC_DISCARD, "hand_or_discard": SRC_HAND_OR_DISCARD,
            "play": SRC_PLAY, "history": SRC_HISTORY, "market": SRC_MARKET, "here": SRC_HERE, "REG": SRC_REG,
            "card": SRC_CARD, "pinned": SRC_PINNED, "unrest": SRC_UNREST, "main": SRC_MAIN,
            "merchant": SRC_MERCHANT, "attacker": SRC_ATTACKER, "garrison": SRC_GARRISON, "fame": SRC_FAME,
            "hand_or_play": SRC_HAND_OR_PLAY, "ceremony": SRC_CEREMONY, "set_aside": SRC_SET_ASIDE, "die": SRC_DIE,
            "dynasty": SRC_DYNASTY}

# "per" counts (column C_PER): what is counted among your cards in play.
PER_NONE, PER_SUIT, PER_TYPE, PER_DID, PER_PLAYERS_CITY, PER_HAND_GAP, PER_DISTINCT, PER_ABANDONED, PER_MANA = range(9)

# Conditions (column C_N of an IF row).
(COND_STATE, COND_IN_HISTORY, COND_IN_PLAY, COND_MISSING, COND_GARRISONED_HERE, COND_IT,
 COND_IT_RES, COND_HAS_GARRISONED_REGION, COND_EVENT, COND_IT_IS, COND_END_TRIGGERED, COND_IT_HITS_REGIONS,
 COND_RETURNED_UNREST_FROM_HAND, COND_FAME_EMPTY, COND_NO_PRG, COND_MANA, COND_MY_TURN, COND_UNREST_IN_DISCARD,
 COND_ICONS_HERE, COND_IT_VP) = range(20)

# Triggers that run programs. A trade route's Commerce is also its play effect (I13.4).
TRIG_PLAY, TRIG_EXHAUST, TRIG_SOLSTICE, TRIG_END_OF_SOLSTICE, TRIG_PASSIVE, TRIG_COMMERCE, TRIG_PROFIT = range(7)
N_TRIGGERS = 7
_TRIGGER_KEYS = {"PLAY": TRIG_PLAY, "EXHAUST": TRIG_EXHAUST, "SOLSTICE": TRIG_SOLSTICE,
                 "END_OF_SOLSTICE": TRIG_END_OF_SOLSTICE, "PASSIVE": TRIG_PASSIVE, "COMMERCE": TRIG_COMMERCE,
                 "PROFIT": TRIG_PROFIT}

_RESOURCES = {r.code: int(r) for r in D.Resource}
_SUITS = {s.code: int(s) for s in D.Suit}
_TYPES = {"#" + t.code.lstrip("#"): int(t) for t in D.TypeIcon}
_STATES = {s.code: int(s) for s in D.StateIcon}


_NAME_FLAGS = {"name": F_NAMED, "not_name": F_NOT_NAMED, "some_not": F_SOME_NOT_NAMED}


def _card(word: str) -> int:
    return K.PHYSICAL[K.record_index(word)]


class _Imperium(P.Vocabulary):
    def _filter(self, word: str, cols: dict[int, int]) -> int:
        """Suits / type icons / pinned / atk into the filter columns; returns extra flags."""
        if word == "pinned":
            return F_PINNED
        if word == "atk":
            return F_ATTACK
        if word == "any":
            return 0
        if word in _STATES:  # a card showing that state icon (EMP, BARB, CORR ...)
            cols[C_STATES] = 1 << _STATES[word]
            return F_STATE_CARD
        parts = word.split("/")
        if not all(p in _SUITS or p in _TYPES for p in parts):
            raise ValueError(f"unknown filter {word!r}")
        suits = sum(1 << _SUITS[p] for p in parts if p in _SUITS)
        types = sum(1 << _TYPES[p] for p in parts if p in _TYPES)
        if suits:
            cols[C_SUITS] = suits
        if types:
            cols[C_TYPES] = types
        return F_SUIT_OR_TYPE if suits and types else 0

    def _per(self, word: str, cols: dict[int, int]) -> None:
        if word == "did":
            cols[C_PER] = PER_DID
        elif word == "players_city":
            cols[C_PER] = PER_PLAYERS_CITY
        elif word == "hand_gap":
            cols[C_PER] = PER_HAND_GAP
        elif word == "mana":  # the cards garrisoned under your Mana card (I16 Polynesians)
            cols[C_PER] = PER_MANA
        elif word.startswith("abandoned:"):  # icons on the cards the last abandon step removed
            parts = word[len("abandoned:"):].split("/")
            if not all(p in _TYPES for p in parts):
                raise ValueError(f"unknown count {word!r}")
            cols[C_PER], cols[C_PER_MASK] = PER_ABANDONED, sum(1 << _TYPES[p] for p in parts)
        elif word.startswith("distinct:"):  # "for each of these icons you have at least 1 of"
            parts = word[len("distinct:"):].split("/")
            if not all(p in _TYPES for p in parts):
                raise ValueError(f"unknown count {word!r}")
            cols[C_PER], cols[C_PER_MASK] = PER_DISTINCT, sum(1 << _TYPES[p] for p in parts)
        else:
            parts = word.split("/")
            if all(p in _SUITS for p in parts):
                cols[C_PER], cols[C_PER_MASK] = PER_SUIT, sum(1 << _SUITS[p] for p in parts)
            elif all(p in _TYPES for p in parts):
                cols[C_PER], cols[C_PER_MASK] = PER_TYPE, sum(1 << _TYPES[p] for p in parts)
            else:
                raise ValueError(f"unknown count {word!r}")

    def step(self, words, flags):
        name, args = words[0], words[1:]
        if name == "play":  # a normal play from elsewhere than the hand: the program spends the action
            name, flags = "free_play", flags | F_PAID_PLAY
        if name not in OP:
            raise ValueError(f"unknown keyword {name!r}")
        cols = {P.COL_OP: OP[name], C_N: 1, C_RES: -1, C_SRC: -1, C_PER_DIV: 1, C_MAX: -1}
        if name in ("pay", "move", "spend_action", "require"):
            flags |= F_COST  # I6.6: paying and moving resources are always costs
        excluded = 0
        for w in args:
            if w.isdigit():
                cols[C_N] = int(w)
            elif w in _RESOURCES:
                cols[C_RES] = _RESOURCES[w]
            elif w == "this":
                flags |= F_THIS
            elif w == "unrest" and name == "take":
                pass
            elif w == "fame" and name == "take":
                flags |= F_FAME
            elif w == "chaos" and name == "take":
                cols[C_SRC] = SRC_CHAOS
            elif name == "resolve" and w in ("deck", "dynasty", "main"):
                cols[C_SRC] = {"deck": SRC_DECK, "dynasty": SRC_DYNASTY, "main": SRC_MAIN}[w]
            elif w == "all" and name == "pay":  # every unit of the resource on this card, at least N
                cols[C_PER] = 1
            elif w == "if_able":
                flags |= F_IF_ABLE
            elif w == "upto":
                flags |= F_UPTO
            elif w == "ignore_state":
                flags |= F_IGNORE_STATE
            elif w == "free":
                flags |= F_FREE
            elif w == "penalty":
                flags |= F_PENALTY
            elif w == "market" and name == "exile":
                cols[C_SRC] = SRC_MARKET
            elif w == "fame" and name == "exile":
                cols[C_SRC] = SRC_FAME
            elif w == "nation" and name == "exile":
                cols[C_SRC] = SRC_NATION
            elif name == "convert" and w.startswith("to:") and w[3:] in _RESOURCES:
                cols[C_SRC] = _RESOURCES[w[3:]]  # the resource converted into
            elif w == "garrisoned":
                flags |= F_GARRISONED
            elif w.startswith("garrisoned:"):  # a region with such a card garrisoned under it
                flags |= F_GARRISONED
                cols[C_PER_MASK] = sum(1 << _TYPES[t] for t in w[len("garrisoned:"):].split("/"))
            elif w == "it":
                flags |= F_IT
            elif w == "spread" and name == "move":
                flags |= F_SPREAD
            elif w == "icons" and name == "abandon":
                flags |= F_ICONS
            elif w == "all" and name == "treat":  # each such icon, not one
                cols[C_PER] = 1
            elif w == "top" and name == "break_through":
                flags |= F_MAIN_TOP
            elif w == "other" and name in ("trade_route", "commerce"):
                flags |= F_OTHER
            elif w == "all" and name == "gain":  # every resource on the picked card (from:market)
                cols[C_N] = 0
            elif name == "garrison" and w.startswith("in:"):
                host = w[3:]
                if host == "here":
                    cols[C_PER] = HOST_HERE
                elif host == "empty":
                    cols[C_PER] = HOST_EMPTY
                elif host == "card":
                    cols[C_PER] = HOST_CARD
                elif host == "ceremony":
                    cols[C_PER] = HOST_CEREMONY
                elif host != "REG":
                    if not all(t in _TYPES for t in host.split("/")):
                        raise ValueError(f"unknown host {host!r}")
                    cols[C_PER_MASK] = sum(1 << _TYPES[t] for t in host.split("/"))
            elif ":" in w:
                key, value = w.split(":", 1)
                if key in ("from", "to", "in"):
                    if value == "exile":
                        flags |= F_FROM_EXILE
                    elif value in _SOURCES:
                        cols[C_SRC] = _SOURCES[value]
                    else:
                        raise ValueError(f"unknown place {value!r}")
                elif key == "also" and value == "exile":
                    flags |= F_ALSO_EXILE
                elif key == "also" and value == "play" and name == "find":
                    cols[C_SRC] = SRC_PLAY
                elif key == "with" and value in _RESOURCES:
                    cols[C_RES] = _RESOURCES[value]
                elif key == "per":
                    self._per(value, cols)
                elif key == "as" and name == "treat":
                    cols[C_N] = int(value)
                elif key == "div":
                    cols[C_PER_DIV] = int(value)
                elif key == "max":
                    cols[C_MAX] = int(value)
                elif key == "not" and value == "UNREST":
                    flags |= F_NOT_UNREST
                elif key == "not" and value in _SUITS:
                    flags |= F_EXCEPT
                    excluded |= 1 << _SUITS[value]
                elif key == "not" and value in _TYPES:
                    flags |= F_EXCEPT
                    excluded |= 1 << (EXCEPT_TYPES_SHIFT + _TYPES[value])
                elif key == "not" and value == "nation":
                    flags |= F_NOT_NATION
                elif key in _NAME_FLAGS:
                    flags |= _NAME_FLAGS[key]
                    cols[C_CARD] = _card(value)
                elif key == "of" and value == "drawn":
                    flags |= F_OF_DRAWN
                elif key == "card":
                    cols[C_CARD] = _card(value)
                elif key == "slots" and value.isdigit():
                    flags |= F_SLOTS
                    cols[C_PER_MASK] = sum(1 << (int(d) - 1) for d in value)
                else:
                    raise ValueError(f"unknown argument {w!r}")
            elif name == "find" and w in K.RECORD_IDS:
                cols[C_CARD] = _card(w)
            elif name == "require":
                cols.update(self.condition(args))
                break
            else:
                flags |= self._filter(w, cols)
        if flags & F_STATE_CARD and any(w in _RESOURCES or w.startswith("with:") for w in args):
            raise ValueError("a state-icon filter and a resource cannot share a step (one column holds both)")
        if excluded:
            if cols.get(C_PER, PER_NONE) != PER_NONE:
                raise ValueError("not:SUIT and per: cannot share a step (one column holds both)")
            cols[C_EXCEPT] = excluded
        if name in ("gain", "pay", "move", "add", "steal", "lose", "convert") and cols[C_RES] < 0:
            if not (name == "gain" and cols[C_N] == 0 and cols[C_SRC] == SRC_MARKET):
                raise ValueError(f"{name} needs a resource")
        return cols, flags

    def count(self, word):
        cols = {C_N: 1, C_PER_DIV: 1, C_MAX: -1}
        self._per(word, cols)
        return cols

    def condition(self, words):
        if words and words[0] == "not":
            cols = self.condition(words[1:])
            cols[C_PER] = 1  # negated
            return cols
        if not words:
            raise ValueError("empty condition")
        head, rest = words[0], words[1:]
        cols: dict[int, int] = {C_SUITS: 0, C_TYPES: 0, C_CARD: -1, C_RES: -1}
        if head in _STATES and not rest:
            cols[C_N], cols[C_RES] = COND_STATE, _STATES[head]
        elif head == "in_history" and len(rest) == 1:
            cols[C_N], cols[C_CARD] = COND_IN_HISTORY, _card(rest[0])
        elif head == "in_play" and len(rest) == 1:
            cols[C_N] = COND_IN_PLAY
            cols[C_SRC] = self._filter(rest[0], cols)  # filter flags (pinned, atk) of a condition
        elif head == "missing" and 1 <= len(rest) <= 2:
            cols[C_N], cols[C_CARD] = COND_MISSING, _card(rest[0])
            cols[C_RES] = _card(rest[1]) if len(rest) == 2 else -1
        elif head == "garrisoned_here" and not rest:
            cols[C_N] = COND_GARRISONED_HERE
        elif head == "it" and len(rest) == 1:
            cols[C_N] = COND_IT
            cols[C_SRC] = self._filter(rest[0], cols)
        elif head == "it_res" and len(rest) == 1 and rest[0].isdigit():
            cols[C_N], cols[C_RES] = COND_IT_RES, int(rest[0])
        elif head == "has_garrisoned_region" and not rest:
            cols[C_N] = COND_HAS_GARRISONED_REGION
        elif head == "it_is" and len(rest) == 1:
            cols[C_N], cols[C_CARD] = COND_IT_IS, _card(rest[0])
        elif head == "end_triggered" and not rest:
            cols[C_N] = COND_END_TRIGGERED
        elif head == "it_hits_regions" and not rest:
            cols[C_N] = COND_IT_HITS_REGIONS
        elif head == "returned_unrest_from_hand" and not rest:
            cols[C_N] = COND_RETURNED_UNREST_FROM_HAND
        elif head == "fame_empty" and not rest:  # only King of Kings is left (I11.1)
            cols[C_N] = COND_FAME_EMPTY
        elif head == "no_prg" and not rest:  # no prg in your pool (Alien)
            cols[C_N] = COND_NO_PRG
        elif head == "mana" and len(rest) == 1 and rest[0].isdigit():  # at least N mana (Polynesians)
            cols[C_N], cols[C_RES] = COND_MANA, int(rest[0])
        elif head == "my_turn" and not rest:
            cols[C_N] = COND_MY_TURN
        elif head == "unrest_in_discard" and not rest:
            cols[C_N] = COND_UNREST_IN_DISCARD
        elif head == "it_vp" and len(rest) == 1 and rest[0].lstrip("-").isdigit():  # the card's automa VP (I14.9)
            cols[C_N], cols[C_RES] = COND_IT_VP, int(rest[0])
        elif head == "icons_here" and len(rest) == 1 and rest[0].isdigit():
            cols[C_N], cols[C_RES] = COND_ICONS_HERE, int(rest[0])
        elif head == "event" and len(rest) == 1 and rest[0] in _EVENTS:
            cols[C_N], cols[C_RES] = COND_EVENT, _EVENTS[rest[0]]
        else:
            raise ValueError(f"unknown condition {' '.join(words)!r}")
        return cols


# ---------------------------------------------------------------- the card programs
_UNREST = "choose { pay 1 pop => return this | discard 2 => return this | pay 3 mat => return this }"
_REGION = "exile market; may garrison"
_ADVANCE = "choose { pay 3 mat => acquire UNC/CIV | pay 5 mat => break_through UNC/CIV }"
_GLORY = "abandon 3 REG => look_fame 2"
_CITY_SOLSTICE = "may discard 1 => choose { gain 1 mat | gain 1 pop | draw 1 }"
_TRADING_CITY = "discard 1 => choose { draw 1 | gain 1 mat | pay 2 mat => gain 1 gds }"
_METROPOLIS = "choose { gain 1 mat | gain 1 pop | draw 1 }"
_MERCHANT = "choose { acquire TROUTE; exile market | trade | pay 3 gds => flip this }"
_MERCHANT_EMPIRE = ("choose { trade | pay 3 gds => acquire UNC/CIV | "
                    "require not garrisoned_here, pay 5 gds, garrison pinned in:here => take fame }")
_MAYAN_SOLSTICE = "if in_play #city { choose { discard 1 #mask | abandon 1 #city } }"
_MAYAN_CITY = "choose { draw 1 #mask from:discard | gain 1 pop | gain 1 mat }"
_HEADPIECE = "choose { gain 1 mat per:#city/#metropolis | upto 3 { draw 1 if_able } }"
_STONE_MASK = "upto 3 { draw 1 if_able }; place_top"
_PROSPERITY = "all { may draw 1 }; choose { gain 1 mat per:#production | gain 1 pop per:REG }"
_CONQUER = "choose { pay 2 pop => acquire REG/TRI | pay 3 pop => break_through REG/TRI }"
_UNREST_FOR_ACTIONS = "upto 3 { choose { return_unrest | take unrest => gain_action 1 } }; history this"
_WESTERN_SILK_ROAD = {"COMMERCE": "pay 2 mat => { return_unrest; gain 1 prg }",
                      "PROFIT": "draw 2 if_able; may free_play any of:drawn"}
_HARBOUR = "choose { gain 1 gds | pay 1 gds => draw 1 per:#ocean max:3 }"
_MANA = "in:card card:POL2"  # garrisoned under the Polynesian Mana card: "as mana" (I16)
_GAIN_MANA = f"garrison {_MANA}"
_SPICE_ROUTE = {"COMMERCE": "choose { gain 2 mat per:distinct:#river/#fertile/#ocean/#city | acquire #ocean }",
                "PROFIT": "free_play any from:discard ignore_state"}

#: card id -> {trigger: program}; a trigger mapped to None is not implemented yet (see UNIMPLEMENTED)
PROGRAMS: dict[str, dict[str, str | None]] = {
    # C2.Fame
    "3FAM1": {"PLAY": "nothing"},  # Supreme: "no effect when played" (cleanup/garrison limits: NO_*)
    "3FAM2": {"PLAY": "nothing"},
    "3FAM4": {"PLAY": "break_through REG/TRI; may garrison in:empty => trigger_host"},
    "3FAM5": {"PLAY": "upto 2 { acquire UNC/CIV/REG/TRI from:exile }; history this"},
    "3FAM6": {"PLAY": "all { may return_unrest from:hand_or_discard }; gain 1 prg per:did"},
    "3FAM7": {"PLAY": "play_unrest_turn"},
    # free action, pinned: no text when played; a reaction to acquire and break through
    "3FAM8": {"PLAY": "nothing", "EXHAUST": "choose { draw 1 | gain 1 prg | require event break => draw 1; gain 1 prg }"},
    "3FAM9": {"PLAY": "choose { draw 2 | free_play any ignore_state }"},
    # C2.Uncivilised
    # Navigation: the passive is the acquire rule's (choices._exile_route)
    "3UNC1": {"PASSIVE": "ACQUIRE_EXILED_REG", "EXHAUST": "spend_action 1 => play REG from:discard; if it #ocean { gain 1 gds }"},
    "3UNC10": {"EXHAUST": "draw 2"},  # reaction: REACTIONS
    "3UNC11": {"EXHAUST": "treat #ocean as:4"},
    "3UNC12": {"EXHAUST": "draw 1 from:discard"},  # reaction: REACTIONS
    "3UNC13": {"PLAY": "choose { gain 1 gds per:#hunt max:4 | acquire REG; if it #hunt { gain 4 mat } }"},
    "3UNC14": {"PLAY": "draw 1; others { steal 1 gds penalty }; may garrison this in:#river => gain_action 1"},
    "3UNC15": {"SOLSTICE": _TRADING_CITY},
    "3UNC16": {"SOLSTICE": _TRADING_CITY},
    "3UNC17": {"SOLSTICE": "may discard 1 => choose { gain 1 mat | gain 1 pop | draw 1 }"},
    "3UNC18": {"SOLSTICE": _TRADING_CITY},
    "3UNC19": {"PLAY": "discard 1 not:UNREST => ignore_state_turn"},
    "3UNC2": {"PLAY": "break_through UNC/CIV/REG/TRI from:exile; gain 1 prg; exile this"},
    "3UNC21": {"PLAY": "add 1 pop to:market; all { may history from:discard }; gain 1 prg per:did"},
    "3UNC23": {"PASSIVE": "gain 1 gds; may draw 1"},  # Protection: a passive reaction (PASSIVE_REACTIONS)
    "3UNC24": {"PLAY": "choose { draw 1 from:discard | gain 1 gds | trade }"},
    "3UNC25": {"PLAY": "choose { acquire atk | others { steal 2 mat per:#ocean }; history this }"},
    "3UNC3": {"PLAY": "choose { acquire UNC | break_through UNC; others { gain 1 prg } }"},
    "3UNC4": {"EXHAUST": "choose { move 2 mat to:market spread => gain 1 gds | "
                         "if BARB { pay 2 mat, discard 1 => acquire with:mat } }"},
    "3UNC5": {"PLAY": "pay 3 pop; others { take unrest }; "
                      "choose { break_through TRI; gain 1 prg | break_through REG; others { abandon REG } }"},
    "3UNC6": {"EXHAUST": "recall #river/#fertile/#ocean => { gain 1 mat; may return_unrest }"},
    "3UNC8": {"PLAY": "take unrest", "EXHAUST": "gain_action 1",
              "SOLSTICE": "choose { abandon this | if BARB { place_top } else { pay 1 prg } }"},
    "3UNC9": {"PLAY": "draw 2; discard 1 of:drawn"},
    # C2.Civilised
    "3CIV1": {"PLAY": "gain 1 gds per:players_city"},
    "3CIV10": {"PASSIVE": "HAND_BONUS", "SOLSTICE": "may draw 1 if_able => place_top"},
    "3CIV11": {"PLAY": "all { gain 1 gds }; others { give from:hand_or_discard }"},
    "3CIV12": {"EXHAUST": "others { may draw 1 }; choose { pay 1 gds => gain 2 prg | pay 1 prg => gain 2 gds }"},
    "3CIV13": {"PLAY": "pay 1 pop => gain_action 1"},
    "3CIV14": {"PLAY": "gain 1 prg; if in_play #city { may return_unrest }; if in_play #metropolis { may return_unrest }"},
    "3CIV15": {"PLAY": "choose { recall REG => break_through TRI | gain 1 pop per:REG }; "
                       "may garrison this in:REG => trigger_host"},
    "3CIV16": {"PLAY": "others { choose { history UNC/CIV from:hand | take unrest; discard it } }; "
                       "may history from:hand => draw 1"},
    "3CIV17": {"PLAY": "others { recall REG }; discard 1 => { draw 1 per:#ocean max:3; others { steal 1 pop } }"},
    "3CIV2": {"PASSIVE": "BREAK_EXILED_INSTEAD"},  # Epic Poetry: the acquire rule's (choices._instead_of)
    "3CIV3": {"PLAY": "pay 3 mat => gain_action 1"},
    "3CIV5": {"PLAY": "choose { history from:hand | exile 2 from:history => gain_action 1 }"},
    "3CIV6": {"SOLSTICE": _METROPOLIS},
    "3CIV8": {"SOLSTICE": _HARBOUR},
    "3CIV9": {"PLAY": "gain 3 mat; all { may history from:hand_or_discard }; gain 1 prg per:did"},
    # C2.Region
    "3REG1": {"PLAY": "gain 1 prg; " + _REGION},
    "3REG10": {"PLAY": _REGION},
    "3REG11": {"PLAY": _REGION, "EXHAUST": "move 1 pop to:market => avoid"},  # a defence (REACTIONS)
    "3REG12": {"PLAY": "gain 1 prg; " + _REGION},
    "3REG13": {"PLAY": "choose { exile market | swap_exiled }; may garrison"},
    "3REG14": {"PLAY": "gain 1 pop; exile market; exile market; may garrison"},
    "3REG2": {"PLAY": "gain 1 prg; " + _REGION},
    "3REG3": {"PLAY": "may history from:discard; " + _REGION},
    "3REG5": {"PLAY": _REGION, "SOLSTICE": "choose { gain 2 pop; place_top | abandon this }"},
    "3REG6": {"PLAY": _REGION, "EXHAUST": "if garrisoned_here { choose { add 2 mat to:here | history this } }"},
    "3REG7": {"PLAY": "draw 1; " + _REGION},
    "3REG8": {"PLAY": "may garrison", "SOLSTICE": "draw 1 if_able; place_top"},
    "3REG9": {"PLAY": "gain 2 mat; " + _REGION},
    # C2.Tributary
    "3TRI1": {"PLAY": "break_through REG; may free_play #ocean; history this"},
    "3TRI10": {"PLAY": "if BARB { gain 2 prg }; if EMP { develop; history this }"},
    "3TRI11": {"PLAY": "all { may draw 1 }; gain 2 mat per:#production"},
    "3TRI12": {"EXHAUST": "pay 1 mat => choose { place_top atk from:discard | history from:discard }"},
    "3TRI13": {"PLAY": "others { discard 1 }; may garrison from:hand_or_discard in:REG; "
                       "if EMP { free_play REG; history this }"},
    "3TRI2": {"SOLSTICE": _METROPOLIS},
    "3TRI3": {"PLAY": "acquire CIV; history this"},
    "3TRI4": {"PLAY": "gain 1 gds"},
    "3TRI5": {"PLAY": "break_through TRI; history this"},
    "3TRI7": {"SOLSTICE": _TRADING_CITY},
    "3TRI8": {"PLAY": "may free_play REG; may garrison this in:REG => trigger_host"},
    "3TRI9": {"PLAY": "break_through REG; may free_play #river; may return_unrest; history this"},
    # C4.JPN Japanese
    "JPN1A": {"EXHAUST": "pay 2 pop, discard 1 => gain_action 1"},
    "JPN2": {"PLAY": "break_through CIV; may abandon pinned => { draw 3; history from:hand }; history this"},
    "JPN3": {"SOLSTICE": _CITY_SOLSTICE},
    "JPN4": {"EXHAUST": "choose { move 2 pop to:here upto | pay 4 pop from:here => take fame }",
             "SOLSTICE": "if missing JPN18 JPN10 { abandon this }"},
    "JPN5": {"PLAY": "draw 1; gain 1 gds; return_xtoken"},
    "JPN6": {"PLAY": "acquire with:gds; if it_res 1 { may return_unrest from:hand }"},
    "JPN7": {"PLAY": "take unrest => break_through CIV/REG"},
    "JPN9": {"EXHAUST": "history from:discard => draw 1"},
    "JPN10": {"EXHAUST": "pay 2 mat, discard 1 => free_play REG",
              "SOLSTICE": "if BARB { choose { abandon card:JPN18 | discard 1 } } else { may pay 1 pop => return_unrest }"},
    "JPN11": {"PLAY": _PROSPERITY},
    "JPN12": {"PLAY": "gain 1 pop; may history from:hand; may garrison"},
    "JPN13": {"EXHAUST": "gain 1 mat per:#river"},
    "JPN14": {"SOLSTICE": _CITY_SOLSTICE},
    "JPN15": {"EXHAUST": "pay 1 mat => choose { draw 1; exile market | add 1 gds to:market }"},
    "JPN16": {"PLAY": "gain 1 mat; may garrison"},
    "JPN17": {"PLAY": "may garrison"},
    "JPN18": {"PLAY": "if BARB { abandon card:JPN10 }", "EXHAUST": "gain 1 pop; draw 2"},  # reaction
    "JPN19": {"PLAY": "take unrest, pay 1 pop => break_through REG"},
    "JPN20": {"PLAY": _ADVANCE},
    "JPN21": {"PLAY": _GLORY},
    "JPN22": {"PLAY": "choose { return_unrest, find JPN10 | free_play CIV ignore_state, find JPN9 }; history this"},
    # C4.MAG Magyars
    "MAG1A": {"EXHAUST": "discard 2 => others { take unrest }"},  # reaction
    "MAG2": {"PLAY": _UNREST_FOR_ACTIONS},
    "MAG3": {"PLAY": "require in_history MAG9; history 3 from:hand_or_discard upto; take fame; history this"},
    "MAG4": {"PLAY": "take unrest", "EXHAUST": "break_through UNC/CIV",
             "SOLSTICE": "if in_history MAG2 { may return_unrest from:hand; may return_unrest from:discard }"},
    "MAG5": {"PLAY": ""},  # "Cannot be played."
    "MAG6": {"PLAY": "draw 1; others { recall REG }; others { if EMP { steal 1 prg } }"},
    "MAG7": {"PLAY": "may pay 3 pop => gain 2 prg; may garrison"},
    "MAG8": {"PLAY": "gain 1 prg; may garrison"},
    "MAG9": {"PLAY": "require in_history MAG22; acquire UNC/CIV/REG/TRI; "
                     "all { if has_garrisoned_region { abandon REG garrisoned } else { take unrest } }; history this"},
    "MAG10": {"PLAY": _ADVANCE},
    "MAG11": {"PLAY": "gain 2 pop; acquire REG also:exile; history this"},
    "MAG14": {"EXHAUST": "draw 1", "PASSIVE": "look_nation; may nation_bottom"},  # both reactions
    "MAG15": {"EXHAUST": "avoid", "SOLSTICE": "may pay 1 mat => gain 1 pop"},  # a defence (REACTIONS)
    "MAG16": {"PLAY": "may garrison"},
    "MAG17": {"PLAY": "may garrison"},
    "MAG18": {"PLAY": _CONQUER},
    "MAG19": {"PLAY": _GLORY},
    "MAG20": {"PLAY": "gain 1 mat per:#production/#hunt"},
    "MAG21": {"PLAY": "choose { pay 1 mat => acquire UNC | draw 1 from:discard; gain 2 pop }; history this"},
    "MAG22": {"PLAY": "require in_history MAG21; history REG from:hand => acquire UNC/CIV/REG/TRI; "
                      "others { recall pinned }; history this"},
    # C4.INU Inuit: seasons, history and the power A passive are the engine's (rules/steps.py, turn.py)
    "INU1A": {"PASSIVE": "GAIN_MAT_BONUS", "END_OF_SOLSTICE": "nothing"},  # flips after every turn (I16)
    "INU1B": {"PASSIVE": "may discard 1 => gain 1 prg", "END_OF_SOLSTICE": "nothing"},
    "INU25A": {"PASSIVE": "HISTORY_DISCARDED"},
    "INU25B": {"PASSIVE": "HISTORY_DISCARDED_WITH_UNREST"},
    "INU10": {"PLAY": "abandon 1 #hunt, exile 1 #hunt from:play => take fame"},
    "INU11": {"PLAY": "may garrison", "EXHAUST": "if BARB { pay 1 mat => free_play any card:INU17 }"},
    "INU13": {"PASSIVE": "HISTORY_GARRISONED_HERE", "SOLSTICE": "may garrison in:here"},
    "INU14": {"PLAY": "choose { pay 2 pop => acquire REG also:exile | pay 5 pop => break_through TRI also:exile }"},
    "INU15": {"EXHAUST": "if event gain_mat { if EMP { recall this => gain 2 prg } } "
                         "else { if BARB { move 1 pop to:here => acquire REG also:exile } }"},
    "INU16": {"PLAY": "choose { draw 1 | draw 1 from:discard }"},
    "INU17": {"PLAY": "choose { gain 1 prg | pay 2 mat => break_through UNC | return_unrest => gain 1 pop }"},
    "INU18": {"EXHAUST": "if BARB { draw 2 }; if EMP { discard 2 => gain 1 prg }"},
    "INU19": {"PLAY": "choose { return_xtoken | place_top from:discard }"},
    "INU20": {"EXHAUST": "spend_action 1 => find REG; free_play it ignore_state; if EMP { if it #hunt { gain 1 prg } }"},
    "INU21": {"PLAY": "choose { garrison from:hand_or_discard in:card card:INU13 => break_through top | "
                      "draw 1 from:card card:INU13, gain 1 prg }"},
    "INU2": {"PLAY": "choose { gain 1 mat | gain 1 pop }; may garrison", "PASSIVE": "TWO_REGIONS"},  # suit data REG+REG
    "INU3": {"PLAY": _REGION, "PASSIVE": "RECALLED_IN_SUMMER"},
    "INU4": {"PLAY": _REGION},
    "INU5": {"PLAY": _REGION},
    "INU6": {"PLAY": _ADVANCE},
    "INU7": {"PLAY": "all { may draw 1 }; choose { gain 1 mat per:#hunt | "
                     "upto 20 { abandon 1 REG => { gain 1 pop; if it_is INU2 { gain 1 pop } } } }"},
    "INU8": {"PLAY": "all { may draw 1 }; choose { gain 1 mat per:#production/#ocean | gain 1 pop per:REG }"},
    "INU9": {"PASSIVE": "if it #ocean { nothing } else { may choose { draw 1 | discard 1 => gain 1 prg } }"},
    # C4.TAI Taino
    "TAI1A": {"EXHAUST": "pay 3 mat => free_play REG"},
    "TAI24A": {"PASSIVE": "RESOURCES_ON_CARDS_SCORE"},  # Free Tribes: scoring.py; never flips (I16)
    "TAI24B": {"PASSIVE": "RESOURCES_ON_CARDS_SCORE"},
    "TAI2": {"PLAY": "gain 4 mat; may garrison"},
    "TAI3": {"PLAY": "look_fame 3; history this"},
    "TAI4": {"PLAY": "gain 2 pop; exile market; may garrison"},
    # Gift Exchange: the Taino state card never shows EMP, so the EMP card is played ignoring it (rule decision)
    "TAI6": {"EXHAUST": "choose { free_play EMP ignore_state; others { may draw 1 } | gain 1 gds }"},
    "TAI7": {"PLAY": "gain_action 1; exile market; may garrison"},
    "TAI8": {"PLAY": "abandon 6 #production icons, move 1 pop to:pinned => look_fame 2"},
    "TAI9": {"PLAY": "gain 1 prg per:#production div:2; history REG from:play"},
    "TAI10": {"PLAY": "draw 1 if_able; may garrison"},
    "TAI12": {"PLAY": "others { take unrest }; break_through UNC; history this"},
    "TAI13": {"PLAY": "pay 2 mat; fertile_as_production; choose { draw 1 REG from:discard | free_play REG }"},
    "TAI14": {"PLAY": "may garrison"},
    "TAI15": {"EXHAUST": "spend_action 1, place_top => acquire UNC/CIV"},
    "TAI16": {"SOLSTICE": "may draw 1 if_able => choose { discard it | place_top it | history it }"},
    "TAI17": {"PLAY": "others { may draw 1 }; repeat #fertile/#river/#ocean { choose { gain 2 mat | gain 1 pop } }"},
    "TAI18": {"PLAY": "may return_unrest from:card card:TAI21 => add 1 mat to:card card:TAI21; "
                      "may pay 1 pop from:card card:TAI21 => acquire TRI"},
    "TAI19": {"EXHAUST": "place_top, move 1 pop to:here => acquire REG; if it #ocean { gain 1 prg }"},
    "TAI20": {"SOLSTICE": "may recall #river/#ocean => { gain 2 pop; draw 1 }; choose { move 1 mat to:here | take unrest }"},
    "TAI21": {"EXHAUST": "choose { upto 2 { garrison UNREST in:here } | upto 5 { choose { move 1 pop to:here | move 1 mat to:here } } }"},
    # C2 trade-friendly cards (Trade Routes only, I3.3)
    "3UNC20": {"EXHAUST": "recall #ocean => choose { acquire TROUTE | trade }"},
    "3UNC22": {"PLAY": "choose { pay 1 gds => trade | history from:hand_or_discard }"},
    "3UNC7": {"EXHAUST": "recall #river => choose { trade | gain 1 gds }"},
    "3CIV18": {"PLAY": "all { gain 1 gds }; choose { swap_exiled => trade | pay 3 mat => break_through UNC/CIV }"},
    "3CIV4": {"PLAY": "pay 2 pop => break_through TROUTE; exile market; choose { take unrest | history this }"},
    "3CIV7": {"EXHAUST": "return_xtoken #merchant", "SOLSTICE": "discard 1"},
    "3REG4": {"PLAY": "may pay 2 pop => trade; may garrison"},
    "3TRI6": {"PLAY": "break_through TROUTE; history this"},
    # C3 Trade Routes: the Merchant (I13.2) and the trade routes, whose Commerce is also their
    # play effect (I13.4); Profit is the engine's (I13.6)
    **{f"MERC{k}A": {"EXHAUST": _MERCHANT} for k in range(1, 5)},
    **{f"MERC{k}B": {"EXHAUST": _MERCHANT_EMPIRE} for k in range(1, 5)},
    "3FAM3": {"COMMERCE": "gain_action 1; owner { may draw 1 }",
              "PROFIT": "free_play any from:main 5; history this"},
    "3TRO1": {"COMMERCE": "choose { acquire UNC | draw 1 from:discard }", "PROFIT": "find any not:nation; free_play it"},
    "3TRO2": {"COMMERCE": "choose { gain 4 mat | acquire TRI }", "PROFIT": "break_through CIV also:exile"},
    "3TRO3": {"COMMERCE": "place_top => acquire any slots:12", "PROFIT": "break_through REG; free_play it"},
    "3TRO4": {"COMMERCE": "if BARB { free_play UNREST }; if EMP { pay 2 mat => gain 2 prg }",
              "PROFIT": "break_through TRI"},
    "3TRO5": {"COMMERCE": "choose { upto 2 { history from:hand_or_discard } | draw 2 }",
              "PROFIT": "upto 7 { choose { gain 1 mat | gain 1 pop } }"},
    "3TRO6": {"COMMERCE": "draw 1; gain 1 prg", "PROFIT": "break_through UNC also:exile"},
    "3TRO7": {"COMMERCE": "free_play UNC/CIV/REG/TRI/TROUTE",
              "PROFIT": "choose { break_through CIV | if EMP { develop } }; history this"},
    "3TRO8": {"COMMERCE": "gain 2 pop; gain 1 prg", "PROFIT": "place_top => take fame; exile this"},
    "3TRO9": {"COMMERCE": "choose { commerce other | free_play TROUTE from:discard }",
              "PROFIT": "draw 3; upto 2 { history from:hand }"},
    # C4.MAY Mayans ("a Headpiece" / "a Stone Mask": any copy of that name, K.NAME_ID)
    "MAY1A": {"EXHAUST": "discard 1 => find #mask not:nation", "SOLSTICE": _MAYAN_SOLSTICE},
    "MAY1B": {"SOLSTICE": _MAYAN_SOLSTICE},
    "MAY2": {"PLAY": "upto 2 { acquire UNC/CIV/REG/TRI/TROUTE }; history this"},  # free with Palenque: FREE_ACTION_IF
    "MAY3": {"PLAY": "find any; free_play it; if end_triggered { gain 3 prg }; history this"},
    "MAY4": {"EXHAUST": "discard 1 #mask not_name:MAY12, spend_action 1, return_unrest 2 from:card card:MAY4 => take fame",
             "SOLSTICE": "upto 60 { pay 1 mat => garrison from:unrest in:here }"},
    "MAY5": {"PLAY": "choose { gain 1 gds per:#city/#metropolis | "
                     "upto 3 { choose { draw 1 if_able | draw 1 from:discard } } }"},
    "MAY6": {"PLAY": "gain 1 gds per:#city/#metropolis max:4; "
                     "others { give from:hand_or_discard; if it #mask { take unrest } }"},
    "MAY7": {"SOLSTICE": "choose { draw 1 #mask from:discard | develop name:MAY8 | gain 1 gds }"},
    "MAY8": {"PLAY": _HEADPIECE},
    "MAY9": {"PLAY": _HEADPIECE},
    "MAY10": {"PLAY": _HEADPIECE},
    "MAY11": {"EXHAUST": "may history 1 #mask from:hand_or_discard => may develop name:MAY8 to:hand"},
    "MAY12": {"PLAY": _STONE_MASK},
    "MAY13": {"EXHAUST": "choose { return_xtoken | history from:discard => draw 1 }"},
    "MAY14": {"EXHAUST": _MAYAN_CITY},
    "MAY15": {"PLAY": "discard 2, pay 1 mat => { reveal; if it pinned { exile it; gain 1 gds } "
                      "else { discard it; take unrest; discard it } }"},
    "MAY16": {"EXHAUST": _MAYAN_CITY},
    "MAY17": {"PASSIVE": "HAND_BONUS"},  # and EMPTY_HAND_PRG at the start of cleanup
    "MAY19": {"EXHAUST": "choose { discard 2 #mask, spend_action 1 => acquire UNC | "
                         "discard 2 #mask some_not:MAY12, spend_action 1 => acquire CIV }"},
    "MAY21": {"EXHAUST": _MAYAN_CITY},
    "MAY22": {"EXHAUST": "choose { discard 1 #mask, spend_action 1 => acquire REG | "
                         "discard 1 #mask not_name:MAY12, spend_action 1 => acquire TRI }"},
    "MAY23": {"PLAY": _STONE_MASK},
    "MAY24": {"PLAY": _STONE_MASK},
    "MAY25": {"PLAY": _STONE_MASK},
    "MAY26": {"EXHAUST": "discard 1 #mask => choose { free_play UNREST | free_play #city | gain 1 pop }"},
    "MAY27": {"PLAY": "repeat #city/#metropolis { gain_xtoken }; look_nation; may nation_bottom"},
    # C4.ABB Abbasids
    "ABB1A": {"EXHAUST": "spend_action 1 => if BARB { acquire UNC pinned } else { acquire CIV pinned }"},
    "ABB2": {"SOLSTICE": "choose { draw 1 | gain 1 gds }"},
    "ABB3": {"EXHAUST": "choose { recall #river => acquire CIV/TROUTE | recall #ocean => trade }"},
    "ABB4": {"PASSIVE": "KEEPS_PAID_GDS", "SOLSTICE": "may gain 1 gds from:here"},
    "ABB5": {"PLAY": "upto 2 { choose { acquire UNC | acquire CIV } }; history this"},
    "ABB6": {"PLAY": "upto 2 { garrison in:here }", "SOLSTICE": "may draw 1; may garrison in:here"},
    "ABB7": {"PLAY": "require in_history ABB5; all { may draw 1 }; gain 3 mat per:#merchant; "
                     "gain 1 pop per:#city/#metropolis; develop; history this"},
    "ABB8": {"PLAY": "pay 1 gds => choose { gain_action 1; draw 1 | may draw 1 from:merchant; history this }"},
    "ABB9": {"PLAY": _GLORY},
    "ABB10": {"PLAY": "others { gain 1 gds }; break_through UNC; choose { free_play #city/#metropolis | trade }; "
                      "history this"},
    "ABB11": _SPICE_ROUTE,
    "ABB12": _WESTERN_SILK_ROAD,
    "ABB13": {"PLAY": "may garrison"},
    "ABB14": {"SOLSTICE": "choose { gain 1 pop per:#city/#metropolis | return_unrest from:discard }"},
    "ABB16": {"PLAY": _PROSPERITY},
    "ABB17": {"PLAY": _ADVANCE},
    "ABB18": {"PLAY": "choose { take unrest => break_through REG; free_play it | "
                      "history REG from:play => return_unrest 9 upto }; history this"},
    "ABB19": {"PLAY": "may garrison"},
    "ABB20": {"PLAY": _CONQUER},
    "ABB21": {"EXHAUST": "treat #river as:3"},
    # C4.GUP Guptas (cleanup places 1 gds: MARKET_TOKEN)
    "GUP1A": {"PASSIVE": "MARKET_TOKEN", "EXHAUST": "take unrest => choose { free_play TROUTE from:discard | trade }"},
    "GUP1B": {"PASSIVE": "MARKET_TOKEN"},
    "GUP2": {"PLAY": _GLORY},
    "GUP3": {"PLAY": "require in_history GUP17; break_through TROUTE/CIV; history this"},
    "GUP4": {"PLAY": "require in_history GUP3; break_through TRI; may acquire CIV; history this"},
    "GUP5": {"EXHAUST": "draw 1", "SOLSTICE": "may discard 1 => return_unrest"},
    "GUP6": {"PASSIVE": "HAND_BONUS"},  # and ADVANCE_WITHOUT_BARB
    "GUP7": {"PLAY": "abandon pinned not:REG => break_through UNC/CIV"},
    "GUP8": {"EXHAUST": "all { may return_unrest }; gain 1 gds per:did"},
    "GUP9": {"PASSIVE": "HAND_BONUS"},  # and EMPTY_HAND_PRG at the start of cleanup
    "GUP10": {"EXHAUST": "choose { pay 2 mat => acquire UNC/CIV with:gds | add 1 gds to:market; all { may gain 2 mat } }",
              "SOLSTICE": "choose { abandon pinned | discard 1 }"},
    "GUP11": {"EXHAUST": "pay 1 gds => trade"},
    "GUP12": {"PLAY": "choose { draw 3 | gain 2 mat per:#production | gain 2 pop per:REG | "
                      "gain 1 gds per:#merchant; gain 1 prg per:#merchant }; history this"},
    "GUP13": {"EXHAUST": "discard 1 => gain 1 gds"},  # a reaction to acquiring / breaking through UNC/CIV
    "GUP14": {"SOLSTICE": "gain 1 pop; if BARB { discard 1 }"},
    "GUP15": {"PLAY": "gain 1 pop; may garrison"},
    "GUP16": {"PLAY": "gain 2 mat; may garrison"},
    "GUP17": {"PLAY": "others { may draw 1 }; break_through TROUTE; history this"},
    "GUP18": {"PLAY": _ADVANCE},
    "GUP19": {"PLAY": _CONQUER},
    "GUP20": {"PLAY": _PROSPERITY},
    "GUP21": {"SOLSTICE": _TRADING_CITY},
    # C4.AKS Aksumites
    "AKS1A": {"EXHAUST": "gain 1 gds"},  # a reaction to gaining a market card with 2+ resources
    "AKS2": _SPICE_ROUTE,
    "AKS3": {"PLAY": "gain 3 mat; break_through REG; history this"},
    "AKS4": {"EXHAUST": "draw 2; add 1 mat to:market", "SOLSTICE": "gain 2 mat"},
    "AKS5": {"PLAY": "gain 2 prg per:TROUTE; history this"},
    "AKS6": {"PLAY": _UNREST_FOR_ACTIONS},
    "AKS7": {"PLAY": "gain 1 prg; exile market; may garrison"},
    "AKS8": {"PLAY": "acquire with:mat; place_top it"},  # free to develop with Land of Sheba (DEV_FREE_WITH)
    "AKS9": {"EXHAUST": "free_play UNREST",
             "SOLSTICE": "choose { garrison from:hand_or_discard in:here | abandon pinned }"},
    "AKS10": {"PLAY": "choose { gain 2 prg | pay 1 prg => { break_through TROUTE; history this } }"},
    "AKS11": {"SOLSTICE": _HARBOUR},
    "AKS12": {"PLAY": _GLORY},
    "AKS14": {"SOLSTICE": _CITY_SOLSTICE},
    "AKS15": {"PLAY": "gain 2 pop; may garrison"},
    "AKS16": {"PLAY": "may garrison"},
    "AKS17": {"PASSIVE": "if it REG { gain 1 pop } else { gain 1 mat }"},  # PASSIVE_REACTIONS
    "AKS18": {"EXHAUST": "history from:hand => if it UNC/CIV { gain 1 prg }"},
    "AKS19": {"PLAY": _PROSPERITY},
    "AKS20": {"PLAY": _ADVANCE},
    "AKS21": {"PLAY": _CONQUER},
    # C4.SAS Sassanids
    "SAS1A": {"EXHAUST": "break_through TRI"},  # a reaction to the Profit of a trade route
    "SAS2": {"PLAY": "require in_history SAS24; require not missing SAS11 SAS23; require not missing SAS22; "
                     "take fame; history this"},
    "SAS3": {"PLAY": "choose { find FAME => history it; gain_action 1 | require fame_empty => take fame; history this }"},
    "SAS4": {"PLAY": "acquire UNC/CIV/REG/TRI; history this"},
    "SAS5": {"PASSIVE": "HAND_BONUS"},  # and ADVANCE_WITHOUT_BARB
    "SAS6": {"PLAY": "choose { develop | pay 1 pop => acquire REG/CIV }; may garrison this in:REG => trigger_host"},
    "SAS7": {"PLAY": "others { abandon #city/#metropolis }; may break_through REG/TRI; may history this => exile fame"},
    "SAS8": {"PLAY": "may pay 1 pop => trade; exile market; may garrison"},
    "SAS9": {"SOLSTICE": _TRADING_CITY},
    "SAS10": {"PLAY": "abandon REG garrisoned:#knight => break_through TRI/REG; may garrison this in:REG => trigger_host"},
    "SAS11": {"EXHAUST": "garrison from:unrest in:here",
              "SOLSTICE": "choose { abandon this | require BARB, pay 1 mat => return_unrest from:card card:SAS11 | "
                          "require EMP => history #knight/TRI from:hand_or_discard }"},
    "SAS12": {"PLAY": "others { abandon REG }; "
                      "choose { abandon 2 REG, history this => take fame | garrison this in:REG => trigger_host }"},
    "SAS15": {"PLAY": "may acquire REG/TRI; choose { garrison this in:REG => trigger_host | history this }"},
    "SAS16": {"PLAY": "choose { gain 1 mat | gain 1 pop }; may garrison"},
    "SAS17": {"PLAY": "may fame_bottom; may garrison"},  # looking at the top fame card is information only
    "SAS18": {"PLAY": _PROSPERITY},
    "SAS20": {"PLAY": _ADVANCE},
    "SAS21": _WESTERN_SILK_ROAD,
    "SAS22": {"PLAY": "find SAS11",
              "END_OF_SOLSTICE": "if not missing SAS23 SAS11 { gain 1 prg; draw 1 }; "
                                 "if missing SAS23 { if missing SAS11 { take unrest } }"},
    "SAS23": {"EXHAUST": "may pay 1 mat => draw #knight/REG from:discard",
              "SOLSTICE": "choose { abandon #knight from:garrison | recall REG #river/#ocean | abandon this }"},
    "SAS24": {"PLAY": "others { take unrest }; choose { acquire REG/CIV/TROUTE | find #knight }; history this"},
    # C4.TAN Tang (cleanup places 1 pop: MARKET_TOKEN; their three unrest join the pile at setup)
    "TAN1A": {"PASSIVE": "MARKET_TOKEN", "EXHAUST": "discard 2 => gain 1 prg",
              "END_OF_SOLSTICE": "if not end_triggered { take unrest }"},
    "TAN1B": {"PASSIVE": "MARKET_TOKEN", "END_OF_SOLSTICE": "if not end_triggered { take unrest }"},
    "TAN2": {"PLAY": "all { may return_unrest }; draw 1 per:did; if in_history TAN10 { gain 1 prg }"},
    "TAN3": {"EXHAUST": "take unrest => upto 2 { trade }",
             "SOLSTICE": "discard 1; if not missing TAN23 { gain 1 gds }"},
    "TAN4": {"COMMERCE": "draw 1; acquire CIV also:exile", "PROFIT": "break_through UNC/CIV/REG/TRI; history this"},
    "TAN5": {"PLAY": "draw 1; gain 1 prg; return_xtoken"},
    "TAN6": {"EXHAUST": "spend_action 1, discard 2 => "
                        "choose { acquire TRI/UNC/CIV with:pop | return_unrest 2 upto from:discard }"},
    "TAN7": {"SOLSTICE": "choose { pay 2 mat => add 1 prg to:here | abandon this }"},
    "TAN8": {"PLAY": "draw 1; discard 1; may history from:discard"},
    "TAN9": {"EXHAUST": "may history from:hand; if not missing TAN23 { choose { draw 1 | gain 1 prg } }"},
    "TAN10": {"PLAY": "return_unrest from:discard; break_through CIV also:exile; history this"},
    "TAN11": {"PLAY": "draw 1 per:#city/#metropolis; gain 1 mat per:distinct:#river/#fertile/#ocean/#merchant; "
                      "gain 1 pop per:distinct:#river/#fertile/#ocean/#merchant; history this"},
    "TAN12": {"SOLSTICE": _METROPOLIS},
    # the unrest discount is the payment rule's (payment.unrest_cost)
    "TAN13": {"PASSIVE": "CHEAPER_UNREST", "SOLSTICE": "choose { pay 1 mat => return_unrest | gain 1 mat }"},
    "TAN14": {"PLAY": "require not missing TAN23; require in_history TAN22; choose { break_through CIV | develop }; "
                      "history this"},
    "TAN15": {"EXHAUST": "choose { add 1 pop to:market | require returned_unrest_from_hand, discard 1 CIV => gain_action 1 }"},
    "TAN16": {"PLAY": "acquire UNC/CIV with:pop; if EMP { find TAN17; free_play it }"},
    "TAN17": {"PLAY": "draw 1; choose { choose { add 1 mat to:market | add 1 pop to:market | add 1 prg to:market | "
                      "add 1 gds to:market } | gain all from:market }"},
    "TAN18": {"EXHAUST": "discard 1 CIV, pay 2 pop => choose { acquire REG | spend_action 1 => acquire TRI }"},
    "TAN19": {"SOLSTICE": _METROPOLIS},
    "TAN20": {"SOLSTICE": _TRADING_CITY},
    "TAN21": {"PLAY": "all { may draw 1 }; gain 1 mat per:#production; may free_play #city/#metropolis"},
    "TAN22": {"PLAY": "require not missing TAN23; take unrest => acquire REG; acquire REG; history this"},
    "TAN23": {"EXHAUST": "add 1 pop to:market; may abandon this", "SOLSTICE": "discard 2"},
    "TAN24": {"PLAY": "abandon 4 #city/#metropolis/REG => look_fame 3; gain 2 mat per:abandoned:#metropolis"},
    # C4.WAG Wagadou (cleanup places 1 mat: MARKET_TOKEN)
    "WAG1A": {"PASSIVE": "MARKET_TOKEN", "SOLSTICE": "gain 2 mat; gain 1 mat per:TROUTE"},
    "WAG1B": {"PASSIVE": "MARKET_TOKEN"},
    "WAG2": {"SOLSTICE": _TRADING_CITY},
    "WAG3": {"SOLSTICE": _TRADING_CITY},
    "WAG4": {"PLAY": "recall REG => choose { gain_action 1 | trade }",
             "EXHAUST": "choose { gain 1 prg | history from:discard }"},  # a reaction to trading
    "WAG5": {"PLAY": "require in_history WAG6",
             "SOLSTICE": "gain 1 pop per:#city/#metropolis; may return_unrest from:discard"},
    "WAG6": {"PLAY": "upto 2 { choose { return_unrest | history from:hand_or_discard } }; "
                     "find WAG17 also:play; history it; history this"},
    # the mat-cost cut is the payment rule's (payment.cut_mat_cost); the text below answers returns
    "WAG7": {"PASSIVE": "gain 2 mat; draw 1"},
    "WAG8": {"PLAY": "break_through UNC/CIV/TROUTE; if it #city/#metropolis { gain 1 gds }; history this"},
    "WAG9": {"EXHAUST": "garrison => add 1 gds to:market; may pay 1 prg => trade"},
    "WAG10": {"PLAY": "may return_xtoken #merchant; may gain all from:market"},
    "WAG11": {"PLAY": "choose { history from:hand_or_discard | discard 1 => gain 1 prg }; may garrison"},
    "WAG12": {"PLAY": "choose { exile market | discard 1 => gain 1 gds }; may garrison"},
    "WAG13": {"PLAY": "all { may draw 1 }; gain 1 mat per:#production; gain 1 mat per:TROUTE; "
                      "gain 1 mat per:#merchant; repeat REG { may pay 2 mat => gain 1 pop }"},
    "WAG15": {"COMMERCE": "choose { gain 3 mat; add 1 mat to:market | pay 4 mat => acquire with:mat }",
              "PROFIT": "gain 1 prg per:distinct:#river/#fertile/#ocean/#hunt/#metropolis"},
    "WAG16": {"PASSIVE": "if it_hits_regions { may pay 2 mat to:attacker => avoid }",  # a defence
              "EXHAUST": "discard 1 => add 1 mat to:market; others { gain 1 mat }"},
    "WAG17": {"PLAY": "nothing", "PASSIVE": "HAND_BONUS", "EXHAUST": "choose { draw 1 from:discard | gain_action 1 }",
              "SOLSTICE": "choose { take unrest; take unrest | abandon REG garrisoned => gain 1 prg }"},
    "WAG18": {"PLAY": "may garrison; choose { exile market | discard 1 => gain 2 pop }"},
    "WAG19": {"PLAY": "may garrison; gain 1 pop; look_nation; may shuffle_nation"},
    "WAG20": {"EXHAUST": "pay 2 mat, spend_action 1, garrison in:empty => acquire with:mat; if EMP { history this }"},
    "WAG21": {"PLAY": "pay 4 gds, history REG #fertile/#river from:play => take fame"},
    # C4.MRT Martians. The engine's (rules/payment.py, zones.py): Alien's unrest per prg paid, no prg
    # for unrest costs and 1 VP per 3 prg; power A's choices on prg gains; Reactor Explosion
    # going into play when gained, never abandoned or recalled, and its developments without BARB.
    "MRT1A": {"PASSIVE": "MARTIAN_PRG_CHOICES"},
    "MRT1B": {"EXHAUST": "gain 1 pop; gain 1 prg"},  # a reaction to discarding or exiling a GADGET
    "MRT29A": {"PASSIVE": "ALIEN", "END_OF_SOLSTICE": "if no_prg { exile nation; exile card:MRT2; flip_state }"},
    # "take 2 unrest and put 1 of them into history": the unrest cards are alike, so the first
    "MRT2": {"PLAY": "nothing", "PASSIVE": "DEVELOPMENTS_WITHOUT_BARB",
             "SOLSTICE": "take unrest; history it; take unrest"},
    "MRT3": {"PLAY": "pay 3 gds, history REG not:GADGET from:play => take fame; gain 1 prg"},
    "MRT4": {"PLAY": "exile GADGET from:hand_or_play => choose { develop | break_through UNC/CIV }"},
    "MRT5": {"PLAY": "exile GADGET from:hand_or_play => break_through TRI/REG; others { abandon REG }"},
    "MRT6": {"PLAY": "gain 1 prg; pay 2 pop => break_through UNC/CIV/REG/TRI from:exile; may exile this"},
    "MRT7": {"PLAY": "gain 1 prg; reveal; choose { exile it; gain 1 gds | discard it; take unrest; discard it }; "
                     "may exile this"},
    "MRT8": {"PLAY": "gain 1 prg; main_bottom UNC/CIV/REG/TRI from:exile; "
                     "may history any not:GADGET from:hand => gain_action 1; may exile this"},
    "MRT9": {"PLAY": "gain 1 prg; may add 1 gds to:market; may exile market; upto 2 { garrison in:here }"},
    "MRT10": {"PLAY": "gain 1 prg; acquire REG/TRI; others { recall REG }; "
                      "choose { garrison this in:REG => trigger_host | exile this | nothing }"},
    "MRT11": {"PLAY": "gain 1 prg; choose { free_play any from:discard | free_play any from:history }; "
                      "if not it UNREST { exile it }; may exile this"},
    "MRT12": {"PLAY": "gain 1 prg; draw 2 if_able; may history from:hand; may exile this"},
    "MRT14": {"PLAY": "gain 1 prg; free_play any from:discard; may exile this"},
    "MRT15": {"PLAY": "choose { move 2 prg to:market | pay 2 pop => acquire REG/TRI; "
                      "upto 20 { convert 1 prg to:pop it } }"},
    "MRT16": {"PLAY": "choose { pay 1 pop => find REG | abandon card:MRT24, take unrest => break_through REG }"},
    "MRT17": {"EXHAUST": "swap_market GADGET",
              "PASSIVE": "choose { convert 1 prg to:pop; draw 1 | gain 1 prg }"},  # PASSIVE_REACTIONS
    "MRT18": {"PLAY": "all { may draw 1 }; "
                      "choose { convert 1 prg to:pop per:REG | gain 1 gds per:distinct:#river/#fertile/#ocean/#hunt }"},
    "MRT19": {"EXHAUST": "abandon REG => { return_unrest from:discard; may convert 1 prg to:pop }"},
    "MRT20": {"PLAY": "move 5 pop to:card card:MRT1A, history 2 pinned not:REG from:play => take fame; history this"},
    "MRT21": {"PLAY": "choose { discard_nation => acquire UNC/CIV/REG/TRI | "
                      "discard 1 GADGET => { if it UNC { break_through UNC }; if it CIV { break_through CIV }; "
                      "if it REG { break_through REG }; if it TRI { break_through TRI } } }"},
    "MRT22": {"PLAY": "break_through UNC/CIV; history this"},
    "MRT23": {"PLAY": "gain 1 prg", "EXHAUST": "garrison in:here => gain 1 pop",
              "SOLSTICE": "may discard 1 => draw 1 not:GADGET from:card card:MRT23"},
    "MRT24": {"PLAY": "may swap_nation 2 not:UNREST; order_nation 2"},
    "MRT25": {"EXHAUST": "discard 1 => free_play REG; others { gain 1 mat }"},
    # C4.POL Polynesians. "Gain N mana" garrisons cards (from the hand unless said otherwise)
    # under Mana, "discard N mana" moves them to the discard pile (I16). The engine's: no
    # history (discarded with an unrest, to_history), Voyaging's draws and gained cards, mana
    # development costs, Aotearoa's fame card when developed (FAME_WHEN_DEVELOPED).
    "POL1A": {"PASSIVE": "HISTORY_DISCARDED_WITH_UNREST", "EXHAUST": f"if ISLE {{ pay 2 mat => {_GAIN_MANA} }}"},
    "POL1B": {"PASSIVE": "HISTORY_DISCARDED_WITH_UNREST",
              "EXHAUST": f"if ISLE {{ abandon 1 #ocean => {_GAIN_MANA}; gain 1 gds }}"},
    "POL2": {"PASSIVE": "HOLDS_MANA",
             "EXHAUST": "if ISLE { ignore_emp_next }; if VOY { draw 1 per:mana div:3 upto from:discard }"},
    "POL29A": {"SOLSTICE": f"choose {{ garrison from:hand_or_discard {_MANA} | discard 1 from:card card:POL2 => gain 1 gds }}"},
    "POL29B": {"PASSIVE": "gain 1 prg; flip_state",  # PASSIVE_REACTIONS; the rest is the engine's
               "END_OF_SOLSTICE": "may discard_hand => { flip_state; draw 1 }"},
    "POL3": {"PLAY": "develop to:hand; find POL17 also:play; exile it; flip_state; legends this"},
    "POL4": {"PLAY": "nothing"},  # its fame card comes when developed (FAME_WHEN_DEVELOPED)
    "POL5": {"PLAY": "exile market", "EXHAUST": f"{_GAIN_MANA} => gain 1 prg",
             "SOLSTICE": "may pay 1 pop, legends 1 from:card card:POL2 => gain 1 prg"},
    "POL6": {"PLAY": "exile market", "EXHAUST": "gain_action 1; if VOY { may draw 1 from:discard }",
             "SOLSTICE": "choose { discard 2 | take unrest }"},
    "POL7": {"PLAY": "exile market", "SOLSTICE": "gain 1 pop"},
    "POL8": {"EXHAUST": "if mana 2 { draw 1 REG from:discard }"},
    "POL9": {"PLAY": "choose { draw 1 | draw 1 from:discard }"},
    "POL10": {"PLAY": f"pay 3 pop => choose {{ acquire REG not:#ocean; garrison this {_MANA} | "
                      "if VOY { discard 3 from:card card:POL2 => acquire TRI also:exile } }"},
    "POL11": {"PLAY": f"if ISLE {{ legends #river/#fertile/#hunt from:play => acquire TRI; garrison it {_MANA} }}; "
                      "if VOY { draw 2 from:discard }"},
    "POL12": {"PLAY": f"choose {{ pay 2 pop => break_through UNC | {_GAIN_MANA} => "
                      "{ return_unrest; may abandon card:POL17 } }"},
    "POL13": {"PLAY": f"require not missing POL17; may {_GAIN_MANA}; develop; legends this"},
    "POL14": {"PLAY": "choose { acquire REG also:exile | find POL16; free_play it }; may abandon card:POL17; "
                      "flip_state; legends this"},
    # Kumara's passive is read in Islander Prosperity's text (the only card it changes)
    "POL15": {"PASSIVE": "FERTILE_AS_PRODUCTION_IN_POL25", "EXHAUST": "if ISLE { abandon this => acquire REG not:#ocean }"},
    "POL16": {"PLAY": f"gain 1 pop; may {_GAIN_MANA}"},
    "POL17": {"PLAY": "free_play any", "SOLSTICE": "gain 1 pop; choose { pay 3 mat | take unrest }"},
    "POL18": {"PLAY": "nothing",
              "EXHAUST": "if VOY { discard 1, abandon this => develop }; if ISLE { abandon card:POL17 => flip_state }"},
    "POL19": {"PLAY": f"choose {{ {_GAIN_MANA} => acquire REG | "
                      f"pay 3 pop, legends 3 from:card card:POL2, garrison this {_MANA} => take fame }}"},
    "POL20": {"PLAY": "gain 1 mat"},
    "POL21": {"PLAY": "gain 1 pop"},
    "POL22": {"EXHAUST": "treat #ocean as:2 all", "SOLSTICE": "if mana 2 { gain 1 mat }"},
    "POL23": {"PASSIVE": "may pay 3 mat => return_unrest",  # PASSIVE_REACTIONS: cards entering legends
              "SOLSTICE": f"if ISLE {{ draw 1 }}; if VOY {{ may garrison from:discard {_MANA} }}"},
    "POL24": {"PLAY": _ADVANCE},
    "POL25": {"PLAY": "all { may draw 1 }; if not missing POL15 { choose { gain 1 mat per:#production/#fertile | "
                      "gain 1 pop per:REG } } else { choose { gain 1 mat per:#production | gain 1 pop per:REG } }"},
    # C4.CUL Cultists. The ceremony cards (CUL2, CUL3) work as extra power cards in play: their
    # PLAY text runs when a face enters play (``flip this``, ``ceremony_next``), and a face that
    # enters play during the Solstice resolves its Solstice text too (I16). The engine's:
    # Prepare's lost BARB icons (CEREMONY_WITHOUT_BARB), Ceremonial Gathering's pop
    # (choices.gathers_pop), power B's market token (MARKET_TOKEN, MARKET_TOKEN_EXILES) and VP
    # (scoring), the chaos victory (scoring.ranks).
    "CUL1A": {"PASSIVE": "others { may discard 1 UNREST }; others { if not unrest_in_discard { take chaos } }"},
    "CUL1B": {"PASSIVE": "MARKET_TOKEN"},
    "CUL2A": {"EXHAUST": "move 1 prg to:here",
              "SOLSTICE": "choose { pay 5 prg from:here all => flip this | take unrest => add 1 prg to:here }"},
    "CUL2B": {"PASSIVE": "add 1 prg to:here",  # PASSIVE_REACTIONS: when you garrison a card
              "SOLSTICE": "choose { pay 5 prg from:here all => ceremony_next | garrison in:here }"},
    "CUL3A": {"PLAY": "state BARB", "PASSIVE": "GAIN_POP_HERE",
              "SOLSTICE": "choose { pay 15 pop from:here all => flip this | draw 1 from:discard }"},
    "CUL3B": {"PLAY": "state CORR", "EXHAUST": "discard 1 => garrison in:here",
              "SOLSTICE": "if icons_here 13 { state SUMM; history this; end_game }"},
    "CUL30A": {"PASSIVE": "if my_turn { may chaos_instead }"},  # PASSIVE_REACTIONS
    "CUL30B": {"SOLSTICE": "may history 1; exile_hand; repeat did { draw 1; choose { return_unrest | gain 1 prg } }"},
    "CUL4": {"PLAY": "return_unrest 3 from:discard, pay 2 pop => take fame"},
    "CUL5": {"PLAY": "gain 1 pop; upto 12 { discard 1 UNREST; gain 1 pop }"},
    "CUL6": {"PLAY": "may pay 1 pop => choose { add 1 prg to:ceremony | add 1 pop to:ceremony }; "
                     "may pay 1 pop, return_unrest from:hand_or_discard => gain_xtoken"},
    "CUL7": {"PLAY": "exile market => acquire UNC/CIV"},
    "CUL8": {"EXHAUST": "choose { pay 1 pop => gain 1 prg | exile market; gain 1 pop }",
             "SOLSTICE": "choose { discard 1 | gain 3 mat; abandon this }"},
    "CUL9": {"PLAY": "others { may draw 1 }",  # PASSIVE_REACTIONS: another player takes an unrest
             "PASSIVE": "may recall this => choose { gain 1 prg | gain 1 pop | chaos_instead }"},
    "CUL10": {"PLAY": "exile market => acquire REG/TRI"},
    "CUL11": {"EXHAUST": "choose { gain 1 mat | gain 1 pop }; may exile this => break_through #city from:exile"},
    "CUL12": {"PLAY": "all { gain 2 mat }; others { take unrest }; gain 1 prg"},
    "CUL13": {"PLAY": "garrison this in:REG => break_through UNC/CIV/REG/TRI from:exile; discard it; may take unrest"},
    "CUL14": {"EXHAUST": "place_top => choose { draw 1 from:discard | gain all from:market }",
              "SOLSTICE": "choose { discard 1 | abandon this }"},
    "CUL15": {"PLAY": "may garrison",
              "SOLSTICE": "choose { abandon pinned | exile 1 not:UNREST from:here => "
                          "break_through UNC/CIV/REG/TRI from:exile }"},
    "CUL16": {"PLAY": "others { abandon pinned }; may recall pinned => take unrest; "
                      "may garrison from:hand_or_discard in:ceremony"},
    "CUL17": {"PLAY": "draw 2; discard 1 of:drawn"},
    "CUL18": {"PLAY": "require not missing CUL8", "EXHAUST": "choose { gain_action 1 | recall pinned }",
              "SOLSTICE": "choose { pay 3 mat | abandon this }"},
    "CUL19": {"PLAY": "return_unrest => choose { gain 1 pop | add 1 prg to:ceremony | garrison from:discard in:REG }"},
    "CUL20": {"PLAY": "may garrison", "EXHAUST": "place_top UNREST => return_xtoken",
              "SOLSTICE": "may garrison CORR in:here"},
    **{chaos: {"PLAY": "pay 1 prg => return this"} for chaos in ("CUL25", "CUL26", "CUL27", "CUL28", "CUL29")},
}
for _card_id in D.CARD_BY_ID:  # every unrest card has the same text (C1, C4 rows)
    if D.CARD_BY_ID[_card_id].banner == D.Suit.UNREST:
        PROGRAMS.setdefault(_card_id, {"PLAY": _UNREST})

#: reactive exhaust abilities (I5.6): card id -> (events joined by |, filter on the event's card).
#: They are offered when the event happens on their owner's Activate turn, never from the
#: Activate loop.
REACTIONS = {
    "3FAM8": ("acquire|break", "any"),  # Intrepid
    "3UNC10": ("gain_mat", "#fertile"),  # Vineyards: when you gain mat from a #fertile card in play
    "INU15": ("gain_mat", "#ocean"),  # Kayaks (EMP): when you gain mat from an #ocean card in play
    "JPN18": ("play", "UNC/CIV"),  # Shinto: when you play UNC/CIV
    "3UNC12": ("play", "#river/#fertile"),  # Terraces
    "MAG1A": ("play", "REG+#hunt"),  # Magyars power A: when you play a REG with #hunt
    "MAG14": ("return_unrest", "any"),  # Blood Oath
    # defences (I12 Attack, D8): on any player's turn, when another player plays an attack card
    "MAG15": ("attack", "any"),  # Mounted Archers
    "3REG11": ("attack", "any"),  # Borderland
    "AKS1A": ("gain_rich", "any"),  # Aksumites power A: a market card with at least 2 resources
    "GUP13": ("acquire|break", "UNC/CIV"),  # Rock Cut Architecture
    "WAG4": ("trade", "any"),  # Controlling the Trade: when you trade
    "SAS1A": ("profit", "TROUTE"),  # Sassanids power A: when you take the Profit of a trade route
    "MRT1B": ("gadget_gone", "GADGET"),  # Martians power B: when you discard or exile a GADGET
}
#: passive reactions: no exhaust token, no decision to use them; their text is the PASSIVE program
PASSIVE_REACTIONS = {
    "3UNC23": ("attacked", "any"),  # Protection: when you are affected by an attack card
    "MAG14": ("take_unrest", "any"),  # Blood Oath: when you take an unrest
    "INU1B": ("gain_market", "UNC/CIV"),  # Inuit power B: acquire / break through from the market
    "INU9": ("play", "REG"),  # Dog Sleds (the #ocean test is in its text)
    "AKS17": ("acquire", "REG/UNC"),  # Salt Mines
    "WAG7": ("return_unrest", "any"),  # Great Wealth: once per step that returns unrest
    "WAG16": ("attack", "any"),  # Dhar Tichitt: a defence paid to the attacker, no exhaust token
    "MRT17": ("gadget_played", "GADGET"),  # Sharing Our Secrets: when another player plays a GADGET
    "POL29B": ("play", "REG+#ocean"),  # Voyaging: when you play a REG with #ocean (the state card)
    "POL23": ("legends", "any"),  # Whakapapa: when cards enter your legends
    "CUL1A": ("reshuffle", "any"),  # Cultists power A: when you reshuffle (I8.6)
    "CUL2B": ("garrison", "any"),  # Prepare the Ceremony: when you garrison a card
    "CUL30A": ("other_takes_unrest", "any"),  # Corrupted (the state card): another player takes an unrest
    "CUL9": ("other_takes_unrest", "any"),  # Spreading Chaos
}
#: reactive exhaust abilities that are also used from the Activate loop (Kayaks while BARB)
ALSO_ACTIVATED = ("INU15",)
_EVENTS = {"play": 0, "acquire": 1, "break": 2, "return_unrest": 3, "take_unrest": 4, "attack": 5,
           "attacked": 6, "gain_mat": 7, "gain_market": 8,
           "gain_rich": 9, "trade": 10, "profit": 11, "accession": 12, "gadget_gone": 13,
           "gadget_played": 14, "legends": 15, "developed": 16, "reshuffle": 17, "garrison": 18,
           "other_takes_unrest": 19}  # state.EV_*

#: the passive "increase your hand size by 1" of Couriers (3CIV10), while in play (I7.4)
HAND_BONUS = {"3CIV10": 1, "MAY17": 1, "GUP6": 1, "GUP9": 1, "WAG17": 1, "SAS5": 1}
#: passives "if you have no card in hand at the start of your cleanup, gain N prg" (Advanced Mathematics)
EMPTY_HAND_PRG = {"MAY17": 1, "GUP9": 1}
#: power cards whose cleanup market token is another resource than 1 prg (I7.1, I16)
MARKET_TOKEN = {"GUP1A": "gds", "GUP1B": "gds", "WAG1A": "mat", "WAG1B": "mat", "TAN1A": "pop", "TAN1B": "pop",
                "CUL1B": "pop"}
#: power cards whose cleanup also exiles a market card (Cultists power B, I16)
MARKET_TOKEN_EXILES = ("CUL1B",)
#: passives "your Advance cards lose the BARB icon" (Science)
ADVANCE_WITHOUT_BARB = ("GUP6", "SAS5")
#: passives "your development cards lose the BARB icon" (Reactor Explosion)
DEVELOPMENTS_WITHOUT_BARB = ("MRT2",)
#: passives "your cards lose the BARB icon" (Prepare the Ceremony)
ALL_WITHOUT_BARB = ("CUL2B",)
#: the Cultists' ceremony cards: they leave play only through their own Solstice text (I16)
CEREMONY_CARDS = ("CUL2A", "CUL2B", "CUL3A", "CUL3B")
#: accession cards put into play instead of the discard pile when gained, the state card not
#: flipping (Reactor Explosion, I16 Martians); they are never abandoned or recalled
INTO_PLAY_WHEN_GAINED = ("MRT2",)
#: cards that are a free action while a named card is in their player's play area (King Pakal: Palenque)
FREE_ACTION_IF = {"MAY2": "MAY14"}
#: cards that cannot be garrisoned (Supreme, Glory, Harpoons: their rows)
NO_GARRISON = ("3FAM1", "3FAM2", "JPN21", "MAG19", "INU10", "AKS12", "ABB9", "GUP2", "WAG21", "TAN24",
               "POL17", "POL18",  # Overpopulation, Waka Hourua: "cannot be garrisoned or gained as mana"
               "CUL15")
#: passives "when you pay with gds, add them to this card instead of the supply" (Glass Working)
KEEPS_PAID_GDS_CARDS = ("ABB4",)
#: cards that hold at most this many garrisoned cards (Zemi)
GARRISON_LIMIT = {"TAI21": 2}
#: cards that cannot be discarded during cleanup (Supreme, I7.3)
NO_CLEANUP_DISCARD = ("3FAM1", "3FAM2", "POL17")
#: cards whose developer takes the top fame card when they are developed (Aotearoa)
FAME_WHEN_DEVELOPED_CARDS = ("POL4",)


#: rules procedures written as programs (frames with no card of their own)
SYSTEM_PROGRAMS = {
    # I11.4 King of Kings (the flip and the game-end trigger of side A are the engine's)
    "king_a": "if BARB { gain 6 prg }; if EMP { gain 3 prg; develop free }",
    "king_b": "if BARB { gain 4 prg }; if EMP { develop free }",
    # I4.4 Innovate: break through for the chosen suit
    "innovate_REG": "break_through REG",
    "innovate_UNC": "break_through UNC",
    "innovate_CIV": "break_through CIV",
    "innovate_TRI": "break_through TRI",
    # I7.4 draw up to the hand limit
    "draw_up": "draw 1 per:hand_gap",
    # I13.5 Trade: (a) 1 prg for 1 gds, (b) a good onto your trade route and its Commerce, (c) a good
    # from the supply onto another player's, its Commerce for you, then 1 gds
    "trade": "choose { pay 1 prg => gain 1 gds | trade_route | trade_route other => gain 1 gds }",
    # Brave (3FAM7): an unrest taken by acquiring may be free-played at once
    "play_taken_unrest": "may free_play it",
    # I15.5 the quick variant: when your accession card enters your discard pile
    "quick_accession": "remove",
    # I15.5 the Inuit's quick setup: a Summer (EMP) and a Winter (BARB) development card of
    # their choice into their discard pile, before the first turn
    "quick_inuit": "remove EMP to:discard; remove BARB to:discard",
    # Martians power A: "when you gain prg from a GADGET or a market acquisition, you may discard
    # a card to gain 1 fewer"
    "martian_fewer_prg": "may discard 1 => lose 1 prg",
    "take_fame": "take fame",
    # Cultists power B (I16): the cleanup market token is 1 pop, and a market card is exiled
    "market_token_exile": "exile market",
    # I15.1 the training mode: after the timer token, you may exile a market card (the opponent)
    "training_exile": "may exile market",
    "training_exile_after": "exile market; may exile market",  # ... after the Cultists' own (power B)
}


def automa_table_set() -> dict[str, D.AutomaTable]:
    """The bundled automa tables (data.AUTOMA_TABLES) and those of the user's file named by
    automa_tables.TABLES_VAR, which replace the bundled ones of the same nation."""
    tables = dict(D.AUTOMA_TABLES)
    path = os.environ.get(automa_tables.TABLES_VAR)
    if path:
        tables.update(automa_tables.load(path))
    return tables


_NAME_IDS = {c.name: int(K.NAME_ID[K.record_index(c.id)]) for c in D.CARDS}
MAX_AUTOMA_ROWS = automa_tables.MAX_ROWS
MAX_AUTOMA_NAMES = 2  # card names a row answers


def _mask(values) -> int:
    return sum(1 << int(v) for v in values)


def _compile_automa(out, tables: dict[str, D.AutomaTable]) -> dict[str, np.ndarray]:
    """The automa tables as arrays over (table, side 0 Barbarian / 1 Empire, row): the trigger
    kind, its suit / type / state masks and card name ids, and the program entry; the trade
    routes' automa Commerce and Profit entries by card record; the Merchant's turn-end lines."""
    n, shape = len(tables), (len(tables), 2, MAX_AUTOMA_ROWS)
    a = {"ROWS": np.zeros((n, 2), np.int8), "NATION": np.full(n, -1, np.int8), "KIND": np.zeros(shape, np.int8),
         "SUITS": np.zeros(shape, np.int32), "TYPES": np.zeros(shape, np.int32), "STATES": np.zeros(shape, np.int32),
         "NAMES": np.full(shape + (MAX_AUTOMA_NAMES,), -1, np.int16), "ENTRY": np.zeros(shape, np.int32),
         "COMMERCE": np.zeros(K.N_RECORDS, np.int32), "PROFIT": np.zeros(K.N_RECORDS, np.int32),
         "MERCHANT_END": np.zeros(2, np.int32), "TRADE_RANK": np.full(K.N_RECORDS, len(D.AUTOMA_TRADE_ROUTES), np.int16)}
    vocab = _Imperium()
    for i, table in enumerate(tables.values()):
        a["NATION"][i] = -1 if table.nation is None else int(table.nation)
        for side, rows in enumerate((table.barbarian, table.empire)):
            if len(rows) > MAX_AUTOMA_ROWS:
                raise ValueError(f"automa table {table.name}: more than {MAX_AUTOMA_ROWS} rows")
            a["ROWS"][i, side] = len(rows)
            for k, row in enumerate(rows):
                if len(row.names) > MAX_AUTOMA_NAMES:
                    raise ValueError(f"automa table {table.name} row {k + 1}: at most {MAX_AUTOMA_NAMES} names")
                a["KIND"][i, side, k] = int(row.trigger)
                a["SUITS"][i, side, k] = _mask(row.suits)
                a["TYPES"][i, side, k] = _mask(row.types)
                a["STATES"][i, side, k] = _mask(row.states)
                for j, name in enumerate(row.names):
                    a["NAMES"][i, side, k, j] = _NAME_IDS[name]
                where = f"automa table {table.name} ({table.source}) {('barbarian', 'empire')[side]} row {k + 1}"
                a["ENTRY"][i, side, k] = P.compile_program(row.program, vocab, out, where)
    for card in D.CARDS:
        line = D.AUTOMA_TRADE_ROUTES.get(card.name)
        if line is not None and D.Suit.TROUTE in card.suits:
            r = K.record_index(card.id)
            a["COMMERCE"][r] = P.compile_program(line.commerce, vocab, out, f"automa Commerce of {card.name}")
            a["PROFIT"][r] = P.compile_program(line.profit, vocab, out, f"automa Profit of {card.name}")
            a["TRADE_RANK"][r] = list(D.AUTOMA_TRADE_ROUTES).index(card.name)  # I14.5 Trade: the first listed wins ties
    for side, text in enumerate(D.AUTOMA_MERCHANT_TURN_END):
        a["MERCHANT_END"][side] = P.compile_program(text, vocab, out, f"automa Merchant turn end, side {side}")
    for v in a.values():
        v.setflags(write=False)
    return a


def _compile():
    out = P.Compiled()
    entry = np.zeros((K.N_RECORDS, N_TRIGGERS), dtype=np.int32)
    has = np.zeros((K.N_RECORDS, N_TRIGGERS), dtype=np.bool_)
    missing: dict[str, list[str]] = {}
    seen: dict[str, int] = {}  # identical texts (the unrest cards) share one program
    for card_id, programs in PROGRAMS.items():
        r = K.record_index(card_id)
        for key, text in programs.items():
            if text is None:
                missing.setdefault(card_id, []).append(key)
                continue
            if key == "PASSIVE" and card_id not in PASSIVE_REACTIONS:
                continue  # a passive the engine applies from a table named in the text (HAND_BONUS)
            if key not in _TRIGGER_KEYS:
                raise P.ProgramError(f"{card_id}: no program for trigger {key}")
            t = _TRIGGER_KEYS[key]
            has[r, t] = True
            if text and text not in seen:
                seen[text] = P.compile_program(text, _Imperium(), out, f"{card_id} {key}")
            entry[r, t] = seen[text] if text else 0
    system = {key: P.compile_program(text, _Imperium(), out, f"system {key}") for key, text in SYSTEM_PROGRAMS.items()}
    automa = _compile_automa(out, AUTOMA_TABLE_SET)
    for r in range(K.N_RECORDS):  # I13.4: playing a trade route from hand resolves its Commerce
        if has[r, TRIG_COMMERCE] and not has[r, TRIG_PLAY]:
            has[r, TRIG_PLAY], entry[r, TRIG_PLAY] = True, entry[r, TRIG_COMMERCE]
    code, options = out.arrays()
    for a in (entry, has):
        a.setflags(write=False)
    return code, options, entry, has, missing, system, automa


#: the automa tables the engine knows, by name: data.AUTOMA_TABLES and the user's file
AUTOMA_TABLE_SET = automa_table_set()
AUTOMA_TABLE_NAMES = tuple(AUTOMA_TABLE_SET)
CODE, OPTIONS, ENTRY, HAS_PROGRAM, _UNFINISHED, _SYSTEM, _AUTOMA = _compile()
#: automa arrays over (table in AUTOMA_TABLE_NAMES order, side, row): trigger kind and filters,
#: program entries; trade routes' automa lines by record; the Merchant's turn-end lines (I14.6)
AUTOMA_ROWS, AUTOMA_NATION, AUTOMA_KIND = _AUTOMA["ROWS"], _AUTOMA["NATION"], _AUTOMA["KIND"]
AUTOMA_SUITS, AUTOMA_TYPES, AUTOMA_STATES = _AUTOMA["SUITS"], _AUTOMA["TYPES"], _AUTOMA["STATES"]
AUTOMA_NAMES, AUTOMA_ENTRY = _AUTOMA["NAMES"], _AUTOMA["ENTRY"]
AUTOMA_COMMERCE, AUTOMA_PROFIT, AUTOMA_MERCHANT_END = _AUTOMA["COMMERCE"], _AUTOMA["PROFIT"], _AUTOMA["MERCHANT_END"]
AUTOMA_TRADE_RANK = _AUTOMA["TRADE_RANK"]

# What each trigger kind of the card data needs from PROGRAMS; SETUP is done by setup, NOTE is
# not rules text, ON_GAIN (King of Kings) is the engine's (I11).
_NEEDED = {D.Trigger.PLAY: "PLAY", D.Trigger.FREE_ACTION: "PLAY", D.Trigger.EXHAUST: "EXHAUST",
           D.Trigger.PASSIVE: "PASSIVE", D.Trigger.SOLSTICE: "SOLSTICE",
           D.Trigger.END_OF_SOLSTICE: "END_OF_SOLSTICE", D.Trigger.COMMERCE: "COMMERCE",
           D.Trigger.PROFIT: "PROFIT"}


def _unimplemented() -> dict[str, list[str]]:
    """card id -> the trigger kinds of its text the engine cannot run yet."""
    out: dict[str, list[str]] = {}
    for card in D.CARDS:
        programs = PROGRAMS.get(card.id, {})
        for trig in card.triggers:
            key = _NEEDED.get(trig)
            if key is not None and programs.get(key) is None and key not in out.get(card.id, []):
                out.setdefault(card.id, []).append(key)
    return out


#: card id -> trigger kinds not implemented yet (cards of the nations not started are all here)
UNIMPLEMENTED = _unimplemented()
assert all(k in UNIMPLEMENTED for k in _UNFINISHED)
SYSTEM_KING_A = _SYSTEM["king_a"]
SYSTEM_KING_B = _SYSTEM["king_b"]
SYSTEM_INNOVATE = np.array([_SYSTEM[f"innovate_{s}"] for s in ("REG", "UNC", "CIV", "TRI")], dtype=np.int32)
SYSTEM_INNOVATE.setflags(write=False)
SYSTEM_DRAW_UP = _SYSTEM["draw_up"]
SYSTEM_PLAY_TAKEN_UNREST = _SYSTEM["play_taken_unrest"]
SYSTEM_TRADE = _SYSTEM["trade"]
SYSTEM_QUICK_ACCESSION = _SYSTEM["quick_accession"]
SYSTEM_QUICK_INUIT = _SYSTEM["quick_inuit"]
SYSTEM_MARTIAN_FEWER_PRG = _SYSTEM["martian_fewer_prg"]
SYSTEM_TAKE_FAME = _SYSTEM["take_fame"]
SYSTEM_MARKET_TOKEN_EXILE = _SYSTEM["market_token_exile"]
SYSTEM_TRAINING_EXILE = _SYSTEM["training_exile"]
SYSTEM_TRAINING_EXILE_AFTER = _SYSTEM["training_exile_after"]


def _per_record(values: dict, default: int = 0, dtype=np.int8) -> np.ndarray:
    """A read-only array over card records from a card id -> value table (`default` elsewhere)."""
    out = np.full(K.N_RECORDS, default, dtype=dtype)
    for card_id, value in values.items():
        out[K.record_index(card_id)] = value
    out.setflags(write=False)
    return out


def _row_flags(ids) -> np.ndarray:
    return _per_record(dict.fromkeys(ids, 1))


def _reactions(table):
    """Per record: the events it answers as a bit set (1 << EV_*), and the filter on the event's card."""
    events = np.zeros(K.N_RECORDS, dtype=np.int32)
    suits = np.zeros(K.N_RECORDS, dtype=np.int32)
    types = np.zeros(K.N_RECORDS, dtype=np.int32)
    for card_id, (names, words) in table.items():
        r = K.record_index(card_id)
        events[r] = sum(1 << _EVENTS[name] for name in names.split("|"))
        cols: dict[int, int] = {}
        for part in words.split("+"):
            _Imperium()._filter(part, cols)
        suits[r], types[r] = cols.get(C_SUITS, 0), cols.get(C_TYPES, 0)
    for a in (events, suits, types):
        a.setflags(write=False)
    return events, suits, types


REACT_EVENTS, REACT_SUITS, REACT_TYPES = _reactions(REACTIONS)
PASSIVE_EVENTS, PASSIVE_SUITS, PASSIVE_TYPES = _reactions(PASSIVE_REACTIONS)
HAND_SIZE_BONUS = _per_record(HAND_BONUS)
CANNOT_GARRISON = _row_flags(NO_GARRISON)
KEEPS_PAID_GDS = _row_flags(KEEPS_PAID_GDS_CARDS)
BARB_OFF_ADVANCE, BARB_OFF_DEVELOPMENTS, BARB_OFF_ALL = 1, 2, 3
BARB_OFF = _per_record({**dict.fromkeys(ADVANCE_WITHOUT_BARB, BARB_OFF_ADVANCE),
                        **dict.fromkeys(DEVELOPMENTS_WITHOUT_BARB, BARB_OFF_DEVELOPMENTS),
                        **dict.fromkeys(ALL_WITHOUT_BARB, BARB_OFF_ALL)})
IS_CEREMONY = _row_flags(CEREMONY_CARDS)
MARKET_TOKEN_EXILE = _row_flags(MARKET_TOKEN_EXILES)
ENTERS_PLAY_WHEN_GAINED = _row_flags(INTO_PLAY_WHEN_GAINED)
MARKET_TOKEN_RES = _per_record({c: _RESOURCES[res] for c, res in MARKET_TOKEN.items()}, int(D.Resource.PRG))
ADVANCE_NAME = K.NAME_ID[K.record_index("GUP18")]  # every nation's Advance has one name
CANNOT_CLEANUP_DISCARD = _row_flags(NO_CLEANUP_DISCARD)
FAME_WHEN_DEVELOPED = _row_flags(FAME_WHEN_DEVELOPED_CARDS)
ALSO_FROM_LOOP = _row_flags(ALSO_ACTIVATED)


def _each_takes_unrest() -> np.ndarray:
    """Per program row: an ``others`` / ``all`` block whose whole body is ``take unrest``
    (Revolutionaries, Ancestral Spirits, ...). When the unrest pile holds fewer cards than such a
    block hands out, the player who triggered it chooses who gets them (I10.5, D15)."""
    out = np.zeros(len(CODE), dtype=np.bool_)
    for pc in range(len(CODE) - 2):
        each, body, after = CODE[pc], CODE[pc + 1], CODE[pc + 2]
        out[pc] = (each[P.COL_OP] == P.OP_EACH and each[C_N] in (0, 1) and each[P.COL_JUMP] == pc + 3
                   and body[P.COL_OP] == OP_TAKE and not body[P.COL_FLAGS] & F_FAME
                   and body[C_SRC] not in (SRC_CHAOS, SRC_DISCARD) and after[P.COL_OP] == P.OP_NEXT)
    out.setflags(write=False)
    return out


EACH_TAKES_UNREST = _each_takes_unrest()


def _development_conditions():
    """The special conditions of development costs (C0 ``Dev cost``), from the card data: the card
    whose presence in play waives the cost (Kayaks: Imaq), up to two cards that must be in
    play (DEV_IN_PLAY) or in history (DEV_IN_HISTORY) for a card to be developed at all, and
    "only as the last card of the development area" (Aotearoa)."""
    free_with = np.full(K.N_RECORDS, -1, dtype=np.int16)
    last = np.zeros(K.N_RECORDS, dtype=np.int8)
    needs = np.full((K.N_RECORDS, 2), -1, dtype=np.int16)
    needs_where = np.zeros((K.N_RECORDS, 2), dtype=np.int8)
    kinds = D.DevConditionKind
    for card in D.CARDS:
        conditions = card.dev_cost.conditions if card.dev_cost else ()
        r, k = K.record_index(card.id), 0
        for cond in conditions:
            if cond.kind == kinds.LAST_IN_DEVELOPMENT_AREA:
                last[r] = 1  # Aotearoa
                continue
            named = [c.id for c in D.CARDS if c.nation == card.nation and c.name == cond.card]
            if len(named) != 1:
                raise ValueError(f"{card.id}: development condition names {cond.card!r}")
            if cond.kind == kinds.FREE_IF_IN_PLAY:
                free_with[r] = _card(named[0])
            else:
                needs[r, k] = _card(named[0])
                needs_where[r, k] = DEV_IN_PLAY if cond.kind == kinds.REQUIRES_IN_PLAY else DEV_IN_HISTORY
                k += 1
    for a in (free_with, needs, needs_where, last):
        a.setflags(write=False)
    return free_with, needs, needs_where, last


DEV_IN_PLAY, DEV_IN_HISTORY = 0, 1
DEV_FREE_WITH, DEV_NEEDS, DEV_NEEDS_WHERE, DEV_LAST = _development_conditions()
FREE_ACTION_WITH = _per_record({c: _card(other) for c, other in FREE_ACTION_IF.items()}, -1, np.int16)
CLEANUP_EMPTY_HAND_PRG = _per_record(EMPTY_HAND_PRG)
MAX_GARRISONED = _per_record(GARRISON_LIMIT, 127)


def _attacks_hitting_regions():
    """Attack cards whose play text makes the players it affects (``others`` / ``all``) abandon
    or recall a REG: what Dhar Tichitt's defence answers (condition ``it_hits_regions``)."""
    hits = {}
    reg = 1 << _SUITS["REG"]
    for card in D.CARDS:
        r = K.record_index(card.id)
        if card.header != D.Header.ATK or not HAS_PROGRAM[r, TRIG_PLAY]:
            continue
        pc, inside = ENTRY[r, TRIG_PLAY], False
        while pc and CODE[pc, P.COL_OP] != P.OP_END:
            op = CODE[pc, P.COL_OP]
            if op == P.OP_EACH:
                inside = CODE[pc, C_N] in (0, 1)
            elif op == P.OP_NEXT:
                inside = False
            elif inside and op in (OP_ABANDON, OP_RECALL) and CODE[pc, C_SUITS] & reg:
                hits[card.id] = 1
            pc += 1
    return _per_record(hits)


ATTACK_HITS_REGIONS = _attacks_hitting_regions()
