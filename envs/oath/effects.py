"""Oath card powers as programs, in our own notation (DESIGN "Card effects as programs").

Each power is restated from its spec row (oath.md D2-D4, the "Power (restated)" column) as one
line per ability and compiled at import by `meeplegym.programs` into rows of ``CODE``;
``ENTRY[card, kind]`` is the first row of the card's program for `KIND_*` (0: none). The
control words (``may``, ``if``, ``all``, ...) are the shared ones; the step words are these (the
player whose power runs is "you"):

=====================  =====================================================================
step                   meaning
=====================  =====================================================================
gain N favor one       N favor from one bank you pick (among banks with favor)
gain N favor each      N favor, picking the bank for each one ("from any bank or banks")
gain N favor distinct  one favor from each of N different banks you pick
gain N secret          N secrets from the shared bank
gain N warbands        N warbands from your personal bank to your board
gain N supply          N Supply, never above 7
take N favor here      N favor from a player whose pawn is at your site (you pick them)
take N secret here     N secrets from such a player, never their last (Sleight of Hand)
take N favor chancellor  N favor from the Chancellor
kill N board           N warbands off one player's board you pick (yours allowed)
ds_add                 a secret from the shared bank onto the Darkest Secret
ds_keep N              burn the Darkest Secret's secrets down to N
peek_discard N         look at the top N cards of your region's discard pile
peek_world N           look at the top N cards of the world deck
citizen                become a Citizen without a Reliquary relic (O7.6.1, O6.6.2)
end_act                your Act phase ends
relic_bottom this      this relic goes to the bottom of the relic deck
=====================  =====================================================================

Conditions (``if``): ``exile`` (you are an Exile), ``no_favor`` (you have none),
``exile_titled`` (an Exile holds the Oathkeeper title).

Powers not written here yet are listed in `UNWRITTEN` and are not offered: a card whose power
has no program has no effect in play, and docs/rules_coverage.md lists them.
"""

from __future__ import annotations

import numpy as np

from meeplegym import programs as P
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.state import N_CARDS

KIND_ACTION, KIND_PLAYED, KIND_REST = 0, 1, 2
N_KINDS = 3
KIND_NAMES = ("action", "played", "rest")

# step opcodes (after the shared control ops)
OP_GAIN, OP_TAKE, OP_KILL, OP_DS_ADD, OP_DS_KEEP, OP_PEEK_DISCARD, OP_PEEK_WORLD, OP_CITIZEN, OP_END_ACT, \
    OP_RELIC_BOTTOM = range(P.FIRST_GAME_OP, P.FIRST_GAME_OP + 10)
_OPS = {"gain": OP_GAIN, "take": OP_TAKE, "kill": OP_KILL, "ds_add": OP_DS_ADD, "ds_keep": OP_DS_KEEP,
        "peek_discard": OP_PEEK_DISCARD, "peek_world": OP_PEEK_WORLD, "citizen": OP_CITIZEN,
        "end_act": OP_END_ACT, "relic_bottom": OP_RELIC_BOTTOM}
# columns
C_N, C_WHAT, C_FROM = 2, 3, 4
WHAT_FAVOR, WHAT_SECRET, WHAT_WARBANDS, WHAT_SUPPLY = range(4)
_WHAT = {"favor": WHAT_FAVOR, "secret": WHAT_SECRET, "warbands": WHAT_WARBANDS, "supply": WHAT_SUPPLY}
FROM_NONE, FROM_ONE, FROM_EACH, FROM_DISTINCT, FROM_HERE, FROM_CHANCELLOR, FROM_BOARD, FROM_THIS = range(8)
_FROM = {"one": FROM_ONE, "each": FROM_EACH, "distinct": FROM_DISTINCT, "here": FROM_HERE,
         "chancellor": FROM_CHANCELLOR, "board": FROM_BOARD, "this": FROM_THIS}
COND_EXILE, COND_NO_FAVOR, COND_EXILE_TITLED = range(3)
_CONDITIONS = {"exile": COND_EXILE, "no_favor": COND_NO_FAVOR, "exile_titled": COND_EXILE_TITLED}


class _Oath(P.Vocabulary):
    def step(self, words, flags):
        name, args = words[0], words[1:]
        if name not in _OPS:
            raise ValueError(f"unknown keyword {name!r}")
        cols = {P.COL_OP: _OPS[name], C_N: 1, C_WHAT: -1, C_FROM: FROM_NONE}
        for w in args:
            if w.isdigit():
                cols[C_N] = int(w)
            elif w in _WHAT:
                cols[C_WHAT] = _WHAT[w]
            elif w in _FROM:
                cols[C_FROM] = _FROM[w]
            else:
                raise ValueError(f"unknown word {w!r}")
        if name in ("gain", "take") and cols[C_WHAT] < 0:
            raise ValueError(f"{name} needs favor, secret, warbands or supply")
        return cols, flags

    def condition(self, words):
        if len(words) != 1 or words[0] not in _CONDITIONS:
            raise ValueError(f"unknown condition {' '.join(words)!r}")
        return {C_N: _CONDITIONS[words[0]]}

    def count(self, word):
        raise ValueError(f"no counts yet ({word!r})")


#: card number -> {kind: program}. The restatement is ours; see the spec row for the power.
POWERS: dict[int, dict[int, str]] = {
    # Discord
    15: {KIND_PLAYED: "gain 4 warbands"},  # A Small Favor
    17: {KIND_ACTION: "take 1 secret here"},  # Sleight of Hand
    21: {KIND_REST: "if exile_titled { take 1 favor chancellor }"},  # Naysayers
    79: {KIND_PLAYED: "ds_keep 1"},  # Charlatan
    97: {KIND_REST: "gain 1 secret"},  # Insomnia
    # Arcane
    9: {KIND_ACTION: "gain 4 favor each"},  # Alchemist
    33: {KIND_ACTION: "gain 1 favor one"},  # Spirit Snare
    34: {KIND_ACTION: "gain 1 secret; end_act"},  # Wizard School
    69: {KIND_ACTION: "gain 1 secret"},  # Tutor
    # Order
    121: {KIND_REST: "gain 1 favor one"},  # Vow of Obedience
    # Hearth
    47: {KIND_ACTION: "gain 2 supply"},  # Wayside Inn
    52: {KIND_ACTION: "ds_add"},  # Storyteller
    54: {KIND_ACTION: "peek_discard 3"},  # Tavern Songs
    131: {KIND_ACTION: "take 1 favor here"},  # Charming Friend
    147: {KIND_PLAYED: "gain 3 favor distinct"},  # Salad Days
    # Beast
    39: {KIND_ACTION: "kill 1 board"},  # Wolves
    44: {KIND_PLAYED: "if exile { may citizen }"},  # Long-Lost Heir
    193: {KIND_REST: "if no_favor { gain 2 favor one }"},  # Vow of Poverty
    # Nomad
    26: {KIND_ACTION: "gain 1 secret"},  # Elders
    28: {KIND_PLAYED: "gain 4 supply"},  # Faithful Friend
    # relics
    224: {KIND_ACTION: "peek_world 3"},  # Oracular Pig
    227: {KIND_ACTION: "relic_bottom this; gain 4 supply"},  # Map
}

_KIND_OF_ABILITY = {KIND_ACTION: D.Ability.ACTION, KIND_PLAYED: D.Ability.WHEN_PLAYED, KIND_REST: D.Ability.REST}
_POWERED = {**{d.number: d for d in D.DENIZENS}, **{e.number: e for e in D.EDIFICE_FACES},
            **{r.number: r for r in D.RELICS}}


def _compile():
    out = P.Compiled()
    entry = np.zeros((N_CARDS, N_KINDS), dtype=np.int32)
    vocab = _Oath()
    for card, programs in POWERS.items():
        record = _POWERED[card]
        for kind, text in programs.items():
            if not record.abilities & _KIND_OF_ABILITY[kind]:
                raise P.ProgramError(f"{record.name}: has no {KIND_NAMES[kind]} ability (D2-D4)")
            entry[card, kind] = P.compile_program(text, vocab, out, f"{record.name} ({KIND_NAMES[kind]})")
    code, options = out.arrays()
    entry.setflags(write=False)
    return code, options, entry


CODE, OPTIONS, ENTRY = _compile()

#: powers of these kinds that have no program yet (docs/rules_coverage.md)
UNWRITTEN: dict[str, tuple[str, ...]] = {
    KIND_NAMES[kind]: tuple(r.name for n, r in sorted(_POWERED.items())
                            if r.abilities & ability and kind not in POWERS.get(n, {}) and r.number != 231)
    for kind, ability in _KIND_OF_ABILITY.items()
}
