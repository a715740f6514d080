"""Oath card powers as programs, in our own notation (DESIGN "Card effects as programs").

Each power is restated from its spec row (oath.md D2-D4, the "Power (restated)" column) as one
line per ability and compiled at import by `meeplegym.programs` into rows of ``CODE``;
``ENTRY[card, kind]`` is the first row of the card's program for `KIND_*` (0: none). The
control words (``may``, ``if``, ``all``, ...) are the shared ones; the step words are these (the
player whose power runs is "you"):

=====================  =====================================================================
step                   meaning
=====================  =====================================================================
gain N favor one       N favor from one bank you pick (among banks with favor); ``gain count
                       favor one``: as many as the last ``count`` step counted
gain N favor each      N favor, picking the bank for each one ("from any bank or banks")
gain N favor distinct  one favor from each of N different banks you pick
gain N favor site      N favor from a bank matching a card at your site (Silver Tongue)
gain N favor hosted    ... matching both a card at your site and one of your advisers (Hospitality)
gain N secret          N secrets from the shared bank
gain N warbands        N warbands from your personal bank to your board (``count`` as above)
gain N supply          N Supply, never above 7
take N favor here      N favor from a player whose pawn is at your site (you pick them)
take N secret here     N secrets from such a player, never their last (Sleight of Hand)
take N favor chancellor  N favor from the Chancellor
take N favor taxed     N favor from each player whose pawn is at a site you rule in your region
kill N board           N warbands off one player's board you pick (yours allowed)
kill N board SUITS     ... of a player with a faceup adviser of those suits (Second Chance)
kill N site            N warbands at one site of your region you pick (yours allowed)
kill N region          N warbands in your region, one at a time: at one of its sites or on the
                       board of a player whose pawn is in it (Terror Spells)
sacrifice_even         sacrifice an even number of your board's warbands, a secret per two
move_favor N SUIT      N favor, one at a time, from banks you pick into the SUIT bank
count beast_sites      remember how many Beast cards are at all sites
count hearth_ruled     remember how many Hearth cards you rule
count gamble           roll 4 defense dice and remember the shields (x2 faces doubling)
ds_add                 a secret from the shared bank onto the Darkest Secret
ds_burn                burn a secret from the Darkest Secret, never its last
ds_keep N              burn the Darkest Secret's secrets down to N
keep_secrets           every player burns their secrets down to one; you to none (Ancient Binding)
tithe SUIT             every player moves 1 favor per site they rule into the SUIT bank
move_bank SUIT         all the favor of one bank you pick into the SUIT bank
peek_discard N         look at the top N cards of your region's discard pile
peek_pile              look at every card of one discard pile you pick
peek_world N           look at the top N cards of the world deck
convoy                 another region's discard pile goes onto your region's, in order
homestead              one of your faceup advisers moves onto your site
discard_adviser here   discard a faceup adviser (not locked) of a player whose pawn is at your site
discard_adviser ds     ... of a player who holds the Darkest Secret and not the People's Favor
discard_region SUITS   discard every card of those suits at the sites of your region (not locked)
tame                   discard a Beast or Nomad card at your site, gain 2 favor from its bank
relic_draw             draw a relic: keep it, or put it on the bottom of the relic deck
relic_break            a facedown relic at your site goes to the bottom of the relic deck
garrison               a warband per site you rule, then one from your board onto each of them
key_city               (Key to the City) if this site's ruler's pawn is elsewhere, kill every
                       warband here, then gain one and place it here
citizen                become a Citizen without a Reliquary relic (O7.6.1, O6.6.2)
reliquary_take         take the relic of a Reliquary space you pick, unseen (the Chancellor
                       gains that space's modifier, O2.3)
reliquary_peek         look at the relic of a Reliquary space you pick; ``take_it`` then takes it
give_ds                the Darkest Secret goes to the Chancellor
dissent                every player but the People's Favor's holder puts on this card one favor
                       per suit among the cards they rule (Dissent)
end_act                your Act phase ends
relic_bottom this      this relic goes to the bottom of the relic deck
relic_take             draw a relic and take it
relic_return           put one of your relics, not the Grand Scepter, under the relic deck
level N                move N favor from a bank with the most favor to one with the fewest
rest_returns           the Rest's returns now: every card's favor and secrets home, facedown
                       secrets faceup -- except the favor on this card (A Round of Ale)
swap_adviser [SUITS]   swap this adviser with another player's faceup adviser (of SUITS)
swap_site [SUITS]      swap this site card with a card (of SUITS) at another site
pick_adviser [SUITS]   pick a faceup adviser (of SUITS) of any player, ``own``: of yours, for
                       the next step
to_site                the picked card goes faceup to a site with room you pick
swap_here              the picked card and a card at your site trade places
roving                 discard a denizen at another site; this card moves there
piper                  this card joins another player's advisers; take 2 favor from them
riots                  discard every other card of the map's most common suit (ties: you pick)
revelation             each player in turn order, you first, may burn favor for as many secrets
pick_seat here         pick a player whose pawn is at your site, for the next step
witch_trade            with the picked player, any number of times: your secret for 2 of
                       their favor, or 2 of your favor for their secret
oracle                 draw the Vision nearest the top of the world deck, as if searched
repair                 this edifice turns to its intact face
spire                  pick N (1-5) unseen: the top N denizens of your region's discard pile
                       (Visions skipped) trade places with random cards of the Dispossessed
pilgrimage             the denizens at your site go to the Dispossessed; as many are drawn
                       from it at random, seen by you, onto your region's discard pile
salt                   discard every other denizen at this card's site (Salt the Earth)
pick_relic here        pick a relic held by a player whose pawn is at your site
blackmail              its holder gives you 3 favor, or you take the picked relic
messenger              any number of times: a warband from your board to a site you rule, or
                       back (never a site's last)
whistle                a player at another site who can travel to yours does, spending no
                       Supply, and gets the secrets on this card
palanquin              your pawn goes to a site the picked player could travel to; they
                       travel there, spending no Supply
reveal_discard         reveal the top card of your region's discard pile
exchange GOODS         a binding exchange (O7.6.3) with the picked player: what you give
                       (favor or secrets 1-5, or one of GOODS: relics / advisers / sites its
                       giver rules and the taker does not, or nothing), what you ask (the same
                       from them), then they accept or decline; it is kept at once -- a site's
                       old ruler takes their warbands there back to their board
deeds                  each site an exchange just handed over gets warbands from its new
                       ruler's board: they pick how many, at least one (Deed Writer)
travel_to_suit         travel, spending no Supply, to a site holding a card of the revealed
                       card's suit; if none can be reached, to any site you could travel to
pick_facedown [here]   pick a player (``here``: another player whose pawn is at your site), then
                       one of their facedown advisers by position, for the next step
inquire                look at the picked adviser: the Conspiracy is yours to play or discard
                       as if searched; anything else earns its holder the favor on this card
swap_facedown          pick a facedown adviser of another player than the picked one's holder
                       (by player, then position); the two trade councils, unseen by you
peek_facedown          look at one facedown thing you have not seen: a facedown site, or a
                       facedown relic at a site or adviser of another player (by position)
gather                 each player in turn order from the Chancellor, unless already there, may
                       move their pawn to this card's site (no travel)
gathering GOODS        each player at this card's site, in turn order from you, may propose one
                       exchange (as ``exchange``) to another player there
campaign_at own/SUITS  campaign, spending no Supply, at a site you rule (``own``) or one holding
                       a faceup card of SUITS, as if your pawn were there; your warbands at that
                       site join your force
uncage                 any number of times: a warband from the Obsidian Cage to the board of a
                       player of its colour you pick
prophet                a warband from your bank onto another player's revealed Vision that
                       carries none; you count it as revealed too (False Prophet; its
                       discard: major.discard_revealed)
=====================  =====================================================================

Conditions (``if``): ``exile`` (you are an Exile), ``no_favor`` (you have none),
``exile_titled`` (an Exile holds the Oathkeeper title), ``secretive`` (more secrets than the
Chancellor, secrets on cards counting: Bewitch), ``ds`` (you hold the Darkest Secret),
``more_sites`` (you rule more sites than the Chancellor), ``chancellor_here`` (the Chancellor
rules your site), ``pf`` (you hold the People's Favor), ``mob`` (the People's Favor shows its Mob
side). ``kill N every`` kills N warbands at every site.

Powers not written here yet are listed in `UNWRITTEN` and are not offered: a card whose power
has no program has no effect in play, and docs/rules_coverage.md lists them.
"""

from __future__ import annotations

import numpy as np

from meeplegym import programs as P
from meeplegym.envs.oath import data as D
from meeplegym.envs.oath.state import N_CARDS

# KIND_MODIFIER: what a modifier does once its action is done (Hospitality); the modifiers'
# changes to the action itself are rules code (rules/modifiers.py)
KIND_ACTION, KIND_PLAYED, KIND_REST, KIND_MODIFIER = 0, 1, 2, 3
N_KINDS = 4
KIND_NAMES = ("action", "played", "rest", "modifier")

# step opcodes (after the shared control ops)
_OPS = ("gain", "take", "kill", "count", "ds_add", "ds_burn", "ds_keep", "keep_secrets", "tithe", "move_bank",
               "peek_discard", "peek_pile", "peek_world", "discard_adviser", "discard_region", "tame", "relic_draw",
               "relic_break", "garrison", "key_city", "citizen", "end_act", "relic_bottom", "sacrifice_even",
               "move_favor", "convoy", "homestead", "reliquary_take", "reliquary_peek", "take_it", "give_ds",
               "dissent", "relic_take", "relic_return", "level", "rest_returns", "swap_adviser", "swap_site",
               "pick_adviser", "to_site", "swap_here", "roving", "piper", "riots", "revelation", "pick_seat",
               "witch_trade", "oracle", "repair", "spire", "pilgrimage", "salt", "pick_relic", "blackmail",
               "messenger", "whistle", "palanquin", "reveal_discard", "travel_to_suit", "exchange", "pick_facedown",
               "inquire", "swap_facedown", "peek_facedown", "campaign_at", "gather", "gathering", "uncage", "deeds",
               "prophet")
OP = {w: P.FIRST_GAME_OP + k for k, w in enumerate(_OPS)}
# The opcodes by name, for the compiled code (numba reads module constants, not dict lookups);
# tests/oath/test_oath_powers.py checks that each is OP_<NAME> = OP["<name>"].
OP_GAIN = OP["gain"]
OP_TAKE = OP["take"]
OP_KILL = OP["kill"]
OP_COUNT = OP["count"]
OP_DS_ADD = OP["ds_add"]
OP_DS_BURN = OP["ds_burn"]
OP_DS_KEEP = OP["ds_keep"]
OP_KEEP_SECRETS = OP["keep_secrets"]
OP_TITHE = OP["tithe"]
OP_MOVE_BANK = OP["move_bank"]
OP_PEEK_DISCARD = OP["peek_discard"]
OP_PEEK_PILE = OP["peek_pile"]
OP_PEEK_WORLD = OP["peek_world"]
OP_DISCARD_ADVISER = OP["discard_adviser"]
OP_DISCARD_REGION = OP["discard_region"]
OP_TAME = OP["tame"]
OP_RELIC_DRAW = OP["relic_draw"]
OP_RELIC_BREAK = OP["relic_break"]
OP_GARRISON = OP["garrison"]
OP_KEY_CITY = OP["key_city"]
OP_CITIZEN = OP["citizen"]
OP_END_ACT = OP["end_act"]
OP_RELIC_BOTTOM = OP["relic_bottom"]
OP_SACRIFICE_EVEN = OP["sacrifice_even"]
OP_MOVE_FAVOR = OP["move_favor"]
OP_CONVOY = OP["convoy"]
OP_HOMESTEAD = OP["homestead"]
OP_RELIQUARY_TAKE = OP["reliquary_take"]
OP_RELIQUARY_PEEK = OP["reliquary_peek"]
OP_TAKE_IT = OP["take_it"]
OP_GIVE_DS = OP["give_ds"]
OP_DISSENT = OP["dissent"]
OP_RELIC_TAKE = OP["relic_take"]
OP_RELIC_RETURN = OP["relic_return"]
OP_LEVEL = OP["level"]
OP_REST_RETURNS = OP["rest_returns"]
OP_SWAP_ADVISER = OP["swap_adviser"]
OP_SWAP_SITE = OP["swap_site"]
OP_PICK_ADVISER = OP["pick_adviser"]
OP_TO_SITE = OP["to_site"]
OP_SWAP_HERE = OP["swap_here"]
OP_ROVING = OP["roving"]
OP_PIPER = OP["piper"]
OP_RIOTS = OP["riots"]
OP_REVELATION = OP["revelation"]
OP_PICK_SEAT = OP["pick_seat"]
OP_WITCH_TRADE = OP["witch_trade"]
OP_ORACLE = OP["oracle"]
OP_REPAIR = OP["repair"]
OP_SPIRE = OP["spire"]
OP_PILGRIMAGE = OP["pilgrimage"]
OP_SALT = OP["salt"]
OP_PICK_RELIC = OP["pick_relic"]
OP_BLACKMAIL = OP["blackmail"]
OP_MESSENGER = OP["messenger"]
OP_WHISTLE = OP["whistle"]
OP_PALANQUIN = OP["palanquin"]
OP_REVEAL_DISCARD = OP["reveal_discard"]
OP_TRAVEL_TO_SUIT = OP["travel_to_suit"]
OP_EXCHANGE = OP["exchange"]
OP_PICK_FACEDOWN = OP["pick_facedown"]
OP_INQUIRE = OP["inquire"]
OP_SWAP_FACEDOWN = OP["swap_facedown"]
OP_PEEK_FACEDOWN = OP["peek_facedown"]
OP_CAMPAIGN_AT = OP["campaign_at"]
OP_GATHER = OP["gather"]
OP_GATHERING = OP["gathering"]
OP_UNCAGE = OP["uncage"]
OP_DEEDS = OP["deeds"]
OP_PROPHET = OP["prophet"]
# columns
C_N, C_WHAT, C_FROM, C_SUITS = 2, 3, 4, 5
N_COUNT = -1  # C_N of a step that uses the last count
WHAT_FAVOR, WHAT_SECRET, WHAT_WARBANDS, WHAT_SUPPLY = range(4)
_WHAT = {"favor": WHAT_FAVOR, "secret": WHAT_SECRET, "warbands": WHAT_WARBANDS, "supply": WHAT_SUPPLY}
(FROM_NONE, FROM_ONE, FROM_EACH, FROM_DISTINCT, FROM_HERE, FROM_CHANCELLOR, FROM_BOARD, FROM_THIS, FROM_SITE,
 FROM_TAXED, FROM_DS, FROM_REGION, FROM_EVERY, FROM_OWN, FROM_HOSTED) = range(15)
_FROM = {"one": FROM_ONE, "each": FROM_EACH, "distinct": FROM_DISTINCT, "here": FROM_HERE,
         "chancellor": FROM_CHANCELLOR, "board": FROM_BOARD, "this": FROM_THIS, "site": FROM_SITE,
         "taxed": FROM_TAXED, "ds": FROM_DS, "region": FROM_REGION, "every": FROM_EVERY,
         "own": FROM_OWN, "hosted": FROM_HOSTED}
COUNT_BEAST_SITES, COUNT_HEARTH_RULED, COUNT_GAMBLE = range(3)
_COUNTS = {"beast_sites": COUNT_BEAST_SITES, "hearth_ruled": COUNT_HEARTH_RULED, "gamble": COUNT_GAMBLE}
_SUIT_WORDS = {s.name.lower(): int(s) for s in D.Suit}
GOODS_RELICS, GOODS_ADVISERS, GOODS_SITES = 1, 2, 4  # what an exchange may carry besides favor and secrets
_GOODS = {"relics": GOODS_RELICS, "advisers": GOODS_ADVISERS, "sites": GOODS_SITES}
(COND_EXILE, COND_NO_FAVOR, COND_EXILE_TITLED, COND_SECRETIVE, COND_DS, COND_MORE_SITES, COND_CHANCELLOR_HERE, COND_PF,
 COND_MOB) = range(9)
_CONDITIONS = {"exile": COND_EXILE, "no_favor": COND_NO_FAVOR, "exile_titled": COND_EXILE_TITLED,
               "secretive": COND_SECRETIVE, "ds": COND_DS, "more_sites": COND_MORE_SITES,
               "chancellor_here": COND_CHANCELLOR_HERE, "pf": COND_PF, "mob": COND_MOB}


class _Oath(P.Vocabulary):
    def step(self, words, flags):
        name, args = words[0], words[1:]
        if name not in OP:
            raise ValueError(f"unknown keyword {name!r}")
        cols = {P.COL_OP: OP[name], C_N: 1, C_WHAT: -1, C_FROM: FROM_NONE, C_SUITS: 0}
        for w in args:
            if w.isdigit():
                cols[C_N] = int(w)
            elif w == "count" and name != "count":
                cols[C_N] = N_COUNT
            elif name == "count" and w in _COUNTS:
                cols[C_WHAT] = _COUNTS[w]
            elif w in _WHAT:
                cols[C_WHAT] = _WHAT[w]
            elif w in _FROM:
                cols[C_FROM] = _FROM[w]
            elif w in _GOODS:
                cols[C_SUITS] |= _GOODS[w]
            elif all(part in _SUIT_WORDS for part in w.split("/")):
                cols[C_SUITS] = sum(1 << _SUIT_WORDS[part] for part in w.split("/"))
            else:
                raise ValueError(f"unknown word {w!r}")
        if name in ("gain", "take", "count") and cols[C_WHAT] < 0:
            raise ValueError(f"{name} needs what it {'counts' if name == 'count' else 'moves'}")
        return cols, flags

    def condition(self, words):
        if len(words) != 1 or words[0] not in _CONDITIONS:
            raise ValueError(f"unknown condition {' '.join(words)!r}")
        return {C_N: _CONDITIONS[words[0]]}

    def count(self, word):
        raise ValueError(f"no repeat counts ({word!r})")


#: the steps done with the player a pick_seat step picked (held in the state's offer_target)
WITH_PARTNER = np.zeros(P.FIRST_GAME_OP + len(OP), dtype=np.bool_)
WITH_PARTNER[[OP_WITCH_TRADE, OP_PALANQUIN, OP_EXCHANGE, OP_INQUIRE, OP_SWAP_FACEDOWN, OP_PEEK_FACEDOWN,
              OP_GATHERING]] = True
WITH_PARTNER.setflags(write=False)
#: the steps that name a player's facedown cards by position (OPTION k: the k-th put there)
BY_POSITION = np.zeros(P.FIRST_GAME_OP + len(OP), dtype=np.bool_)
BY_POSITION[[OP_PICK_FACEDOWN, OP_SWAP_FACEDOWN, OP_PEEK_FACEDOWN]] = True
BY_POSITION.setflags(write=False)

#: what OPTION k means at a step that asks with options (DEC_OPTION), by opcode
STEP_OPTION_LABELS: dict[int, tuple[str, ...]] = {
    OP_WITCH_TRADE: ("give them a secret for 2 of their favor", "give them 2 favor for one of their secrets"),
    OP_BLACKMAIL: ("give them 3 favor and keep the relic",),
    OP_EXCHANGE: ("accept the exchange",),
    OP_GATHERING: ("accept the exchange",),
    OP_GATHER: ("move your pawn to The Gathering",),
    **{op: tuple(f"facedown card {k + 1} there (in the order they were put there)" for k in range(8))
       for op in (OP_PICK_FACEDOWN, OP_SWAP_FACEDOWN, OP_PEEK_FACEDOWN)},
    OP_MESSENGER: tuple(f"a warband back to your board from {r.name.capitalize()} {k - D.SLOT_REGION.index(r) + 1}"
                        for k, r in enumerate(D.SLOT_REGION)),
}

#: card number -> {kind: program}. The restatement is ours; see the spec row for the power.
POWERS: dict[int, dict[int, str]] = {
    # Discord
    82: {KIND_PLAYED: "pick_relic here; blackmail"},  # Blackmail
    13: {KIND_ACTION: "pick_seat; exchange relics"},  # Tinker's Fair
    146: {KIND_ACTION: "pick_seat; exchange sites; deeds"},  # Deed Writer
    89: {KIND_PLAYED: "salt"},  # Salt the Earth (its capacity and where it may go: major.room_for_play)
    15: {KIND_PLAYED: "gain 4 warbands"},  # A Small Favor
    17: {KIND_ACTION: "take 1 secret here"},  # Sleight of Hand
    18: {KIND_PLAYED: "key_city"},  # Key to the City
    19: {KIND_ACTION: "peek_pile"},  # Scryer
    21: {KIND_REST: "if exile_titled { take 1 favor chancellor }"},  # Naysayers
    79: {KIND_PLAYED: "ds_keep 1"},  # Charlatan
    85: {KIND_PLAYED: "if exile { prophet }"},  # False Prophet
    80: {KIND_ACTION: "discard_adviser here"},  # Assassin
    84: {KIND_PLAYED: "dissent"},  # Dissent
    91: {KIND_PLAYED: "if mob { riots }"},  # Riots
    96: {KIND_ACTION: "swap_adviser"},  # Enchantress
    100: {KIND_PLAYED: "kill 1 every"},  # Bandit Chief (its extra bandits: campaign.bandits_per_site)
    77: {KIND_ACTION: "pick_seat here; witch_trade"},  # Witch's Bargain
    88: {KIND_PLAYED: "if exile { if more_sites { may { citizen; reliquary_take } } }"},  # Royal Ambitions
    92: {KIND_REST: "gain 1 favor site"},  # Silver Tongue
    93: {KIND_ACTION: "count gamble; gain count favor one"},  # Gambling Hall
    97: {KIND_REST: "gain 1 secret"},  # Insomnia
    # Arcane
    9: {KIND_ACTION: "gain 4 favor each"},  # Alchemist
    33: {KIND_ACTION: "gain 1 favor one"},  # Spirit Snare
    34: {KIND_ACTION: "gain 1 secret; end_act"},  # Wizard School
    35: {KIND_PLAYED: "discard_region hearth/order"},  # Dazzle
    37: {KIND_ACTION: "tame"},  # Taming Charm
    38: {KIND_ACTION: "pick_facedown here; inquire"},  # Inquisitor (peeks at a facedown adviser: see rules_coverage)
    61: {KIND_ACTION: "if ds { kill 2 region }"},  # Terror Spells
    62: {KIND_ACTION: "sacrifice_even"},  # Blood Pact
    65: {KIND_ACTION: "tithe arcane"},  # Plague Engines
    67: {KIND_PLAYED: "if exile { if secretive { may citizen } }"},  # Bewitch
    63: {KIND_PLAYED: "revelation"},  # Revelation
    69: {KIND_ACTION: "gain 1 secret"},  # Tutor
    75: {KIND_ACTION: "choose { ds_add | ds_burn }"},  # Forgotten Vault
    70: {KIND_ACTION: "pick_facedown; swap_facedown"},  # Dream Thief
    # Order
    7: {KIND_PLAYED: "garrison"},  # Garrison
    105: {KIND_ACTION: "messenger"},  # Messenger
    107: {KIND_ACTION: "pick_seat here; palanquin"},  # Palanquin
    116: {KIND_ACTION: "kill 2 site"},  # Siege Engines
    115: {KIND_ACTION: "campaign_at own"},  # Captains
    117: {KIND_PLAYED: "take 2 favor taxed"},  # Royal Tax
    121: {KIND_REST: "gain 1 favor one"},  # Vow of Obedience (its ban: persistent.py)
    # Hearth
    129: {KIND_ACTION: "rest_returns"},  # A Round of Ale
    135: {KIND_ACTION: "level 2"},  # Levelers
    141: {KIND_ACTION: "if exile { if pf { citizen } }"},  # Ballot Box
    47: {KIND_ACTION: "gain 2 supply"},  # Wayside Inn
    49: {KIND_ACTION: "move_bank hearth"},  # Memory of Home
    52: {KIND_ACTION: "ds_add"},  # Storyteller
    53: {KIND_ACTION: "discard_adviser ds"},  # Armed Mob
    54: {KIND_ACTION: "peek_discard 3"},  # Tavern Songs
    127: {KIND_ACTION: "homestead"},  # Homesteaders
    131: {KIND_ACTION: "take 1 favor here"},  # Charming Friend
    133: {KIND_PLAYED: "relic_draw"},  # Family Heirloom
    136: {KIND_PLAYED: "count hearth_ruled; gain count favor one"},  # Fabled Feast
    139: {KIND_ACTION: "relic_break; gain 3 warbands"},  # Relic Breaker
    147: {KIND_PLAYED: "gain 3 favor distinct"},  # Salad Days
    # Beast
    39: {KIND_ACTION: "kill 1 board"},  # Wolves
    44: {KIND_PLAYED: "if exile { may citizen }"},  # Long-Lost Heir
    46: {KIND_ACTION: "roving"},  # Roving Terror
    180: {KIND_ACTION: "relic_take; relic_return"},  # Fae Merchant
    182: {KIND_ACTION: "piper"},  # Pied Piper
    179: {KIND_PLAYED: "discard_region nomad/beast"},  # Threatening Roar
    181: {KIND_ACTION: "kill 1 board order/discord; gain 1 warbands"},  # Second Chance
    190: {KIND_PLAYED: "count beast_sites; gain count warbands"},  # Animal Host
    191: {KIND_ACTION: "count beast_sites; move_favor count beast"},  # Memory of Nature
    198: {KIND_ACTION: "campaign_at beast"},  # Wild Allies
    193: {KIND_REST: "if no_favor { gain 2 favor one }"},  # Vow of Poverty (its ban: persistent.py)
    # Nomad
    23: {KIND_ACTION: "keep_secrets"},  # Ancient Binding
    26: {KIND_ACTION: "gain 1 secret"},  # Elders
    28: {KIND_PLAYED: "gain 4 supply"},  # Faithful Friend
    166: {KIND_PLAYED: "if exile { if ds { may { give_ds; citizen; reliquary_take } } }"},  # Ancient Pact
    27: {KIND_PLAYED: "gather; gathering relics advisers"},  # The Gathering
    151: {KIND_ACTION: "convoy"},  # Convoys
    30: {KIND_PLAYED: "may swap_site nomad"},  # Great Herd
    159: {KIND_ACTION: "pick_adviser nomad; to_site"},  # Resettle
    160: {KIND_ACTION: "oracle"},  # Oracle
    170: {KIND_PLAYED: "may swap_adviser nomad"},  # Twin Brother
    161: {KIND_PLAYED: "pilgrimage"},  # Pilgrimage
    # relics
    219: {KIND_ACTION: "relic_draw"},  # Dowsing Sticks
    223: {KIND_ACTION: "if chancellor_here { reliquary_peek; may take_it }"},  # Skeleton Key
    224: {KIND_ACTION: "peek_world 3"},  # Oracular Pig
    227: {KIND_ACTION: "relic_bottom this; gain 4 supply"},  # Map
    216: {KIND_ACTION: "pick_adviser own; swap_here"},  # Horned Mask
    213: {KIND_ACTION: "reveal_discard; travel_to_suit"},  # Brass Horse
    218: {KIND_ACTION: "whistle"},  # Whistle
    228: {KIND_ACTION: "uncage"},  # Obsidian Cage
    226: {KIND_ACTION: "peek_facedown"},  # Ivory Eye
    171: {KIND_MODIFIER: "gain 1 favor hosted"},  # Hospitality, after traveling
    # edifices, by the face that shows the power
    205: {KIND_ACTION: "pick_seat; exchange advisers"},  # Festival District
    208: {KIND_ACTION: "spire"},  # Fallen Spire
    209: {KIND_ACTION: "relic_draw"},  # Ancient Forge
    210: {KIND_ACTION: "repair"},  # Broken Forge
}

_KIND_OF_ABILITY = {KIND_ACTION: D.Ability.ACTION, KIND_PLAYED: D.Ability.WHEN_PLAYED, KIND_REST: D.Ability.REST,
                    KIND_MODIFIER: D.Ability.MODIFIER}
#: card face number -> its data row (denizens, edifice faces, relics)
POWERED = {**{d.number: d for d in D.DENIZENS}, **{e.number: e for e in D.EDIFICE_FACES},
           **{r.number: r for r in D.RELICS}}


#: site power -> its Action's program (D1); the Tribunal's promises of future actions are out of
#: scope (docs/oath.md), its exchange of favor and secrets is this
SITE_POWERS: dict[int, str] = {int(D.SitePower.TRIBUNAL): "pick_seat; exchange"}


def _compile():
    out = P.Compiled()
    entry = np.zeros((N_CARDS, N_KINDS), dtype=np.int32)
    site_entry = np.zeros(len(D.SitePower), dtype=np.int32)
    vocab = _Oath()
    for power, text in SITE_POWERS.items():
        site_entry[power] = P.compile_program(text, vocab, out, f"{D.SitePower(power).name} (site action)")
    for card, programs in POWERS.items():
        record = POWERED[card]
        for kind, text in programs.items():
            if not record.abilities & _KIND_OF_ABILITY[kind]:
                raise P.ProgramError(f"{record.name}: has no {KIND_NAMES[kind]} ability (D2-D4)")
            entry[card, kind] = P.compile_program(text, vocab, out, f"{record.name} ({KIND_NAMES[kind]})")
    code, options = out.arrays()
    entry.setflags(write=False)
    site_entry.setflags(write=False)
    return code, options, entry, site_entry


CODE, OPTIONS, ENTRY, SITE_ENTRY = _compile()

#: powers of these kinds that have no program yet (docs/rules_coverage.md)
UNWRITTEN: dict[str, tuple[str, ...]] = {
    KIND_NAMES[kind]: tuple(r.name for n, r in sorted(POWERED.items())
                            if r.abilities & ability and kind not in POWERS.get(n, {}) and r.number != 231)
    for kind, ability in _KIND_OF_ABILITY.items() if kind != KIND_MODIFIER  # see modifiers.MODIFIES
}


# ================================================================== battle plans (O7.5)
# A battle plan is a list of clauses separated by ";", each ``[condition:] effect``; the
# immediate ones act at campaign step 3 (O5.5.3), the others mark the side that used the plan
# and act when the campaign reaches them. "You" is the player who uses the plan; on the
# defending side "you" and "your force" are the whole side (O5.5.3).
#
# =========================  ==============================================================
# effect                     meaning
# =========================  ==============================================================
# attack ±N / +N / -N        add or remove N attack dice (±: the user picks the sign, O7.5.4);
#                            ``±A|B``: A or B dice, either way (Mountain Giant)
# defense +N / ±N            the same for defense dice
# ... per SCALE              N for each: targeted_site, beast_adviser (your Beast advisers),
#                            nomad_ruled (Nomad cards you rule), beast_at_sites (Beast cards at
#                            any site), suits_ruled (suits other than Arcane among the
#                            cards you rule), enemy_killed (your enemies' warbands killed in
#                            this campaign, sacrifices included)
# supply N                   gain N Supply (never above 7)
# kill_attacker N            kill N warbands on the attacker's board
# win_favor N SUIT           if your side is victorious, gain N favor from the SUIT bank
# win_warbands N             if your side is victorious, gain N warbands
# parade                     if your side is victorious, 1 favor from the bank of each faceup
#                            adviser of your enemies (Imperial Allies included)
# sacrifice N                kill one warband of your force, where you pick, for N defense dice
# martial                    if your side is victorious, you an Exile and your enemy an Exile: you
#                            may become a Citizen (no Reliquary relic)
# regroup                    move warbands between your board and the sites you rule, one at a
#                            time, never a site's last: first off sites, then onto them
# may_kill_all               if your side is victorious you may kill the whole enemy force;
#                            you then give that enemy 1 favor if able
# travel_campaign            if victorious you may travel, then campaign, spending no Supply
# cage                       if your side is victorious, the enemy force's surviving warbands go
#                            onto the Obsidian Cage
# peace                      give your enemy 1 favor per die in the defense pool: your side is
#                            victorious at once, and none of the other side's warbands dies
# hunt                       target facedown relics at targeted sites, one at a time, a defense
#                            die each; if victorious, take them, each kept or put under the
#                            relic deck
# hospital                   your warbands that would die in this campaign go to this card's
#                            site instead, while you rule it
# mounts                     when your Nomad plans would be discarded after the campaign, you
#                            may discard one Beast card you rule instead
# FLAG                       a mark on your side: ignore_skulls (you roll), ignore_hollow /
#                            ignore_shields (single-shield faces) / war_tortoise (the
#                            swords+skull and two-shields faces) your enemy rolls, double_attack
#                            (your total attack roll), half_pool (the attacker rolls half its
#                            pool, rounded down), zealots (a sacrifice adds 3 while the
#                            defending force is larger), none_killed / all_killed (your force if
#                            defeated; none_killed wins), burn_all (the pawn-and-favor spoils
#                            burn all the defender's favor), burn_secrets (... and all their
#                            secrets but one), exclusive (no other plan on your side),
#                            silence_defender (the defending side uses no plan),
#                            discard_at_end, discard_if_defeated, discard_unless_pf (unless
#                            you hold the People's Favor), win_now (your side is victorious
#                            without a roll: the defeated force loses as usual)
# =========================  ==============================================================
#
# Conditions: hold_ds (your side holds the Darkest Secret), enemy_arcane / enemy_nomad (your
# enemy has a faceup adviser of that suit), enemy_no_pf (no enemy holds the People's Favor),
# force_larger (your force is larger than your enemy's), order_target (a targeted site holds a
# faceup Order card), defense_pool_4 (the defense pool holds 4+ dice), site_targeted (this
# card's site is targeted), enemy_here (your enemy's pawn is at your site).

PLAN_EFFECTS = ("attack", "defense", "supply", "kill_attacker", "win_favor", "win_warbands", "parade", "sacrifice",
                "martial", "regroup", "may_kill_all", "travel_campaign", "cage", "peace", "hunt", "hospital", "mounts",
                "flag")
(PE_ATTACK, PE_DEFENSE, PE_SUPPLY, PE_KILL_ATTACKER, PE_WIN_FAVOR, PE_WIN_WARBANDS, PE_PARADE, PE_SACRIFICE,
 PE_MARTIAL, PE_REGROUP, PE_MAY_KILL_ALL, PE_TRAVEL_CAMPAIGN, PE_CAGE, PE_PEACE, PE_HUNT, PE_HOSPITAL, PE_MOUNTS,
 PE_FLAG) = range(len(PLAN_EFFECTS))
_PLAN_EFFECTS_WITHOUT_AMOUNT = ("parade", "martial", "regroup", "may_kill_all", "travel_campaign", "cage", "peace",
                                "hunt", "hospital", "mounts")
PLAN_FLAGS = ("ignore_skulls", "ignore_hollow", "ignore_shields", "war_tortoise", "double_attack", "half_pool",
              "zealots", "none_killed", "all_killed", "burn_all", "burn_secrets", "exclusive", "silence_defender",
              "discard_at_end", "discard_if_defeated", "discard_unless_pf", "win_now")
(F_IGNORE_SKULLS, F_IGNORE_HOLLOW, F_IGNORE_SHIELDS, F_WAR_TORTOISE, F_DOUBLE_ATTACK, F_HALF_POOL, F_ZEALOTS,
 F_NONE_KILLED, F_ALL_KILLED, F_BURN_ALL, F_BURN_SECRETS, F_EXCLUSIVE, F_SILENCE_DEFENDER, F_DISCARD_AT_END,
 F_DISCARD_IF_DEFEATED, F_DISCARD_UNLESS_PF, F_WIN_NOW) = (1 << k for k in range(len(PLAN_FLAGS)))
PLAN_CONDITIONS = ("always", "hold_ds", "enemy_arcane", "enemy_nomad", "enemy_no_pf", "force_larger", "order_target",
                   "defense_pool_4", "site_targeted", "enemy_here")
(PC_ALWAYS, PC_HOLD_DS, PC_ENEMY_ARCANE, PC_ENEMY_NOMAD, PC_ENEMY_NO_PF, PC_FORCE_LARGER, PC_ORDER_TARGET,
 PC_DEFENSE_POOL_4, PC_SITE_TARGETED, PC_ENEMY_HERE) = range(len(PLAN_CONDITIONS))
PLAN_SCALES = ("one", "targeted_site", "beast_adviser", "nomad_ruled", "beast_at_sites", "suits_ruled", "enemy_killed")
PS_ONE, PS_TARGETED_SITE, PS_BEAST_ADVISER, PS_NOMAD_RULED, PS_BEAST_AT_SITES, PS_SUITS_RULED, PS_ENEMY_KILLED = range(
    len(PLAN_SCALES))
MAX_CLAUSES = 4
# clause columns: condition, effect, amount (a flag's bit), second amount (±A|B) or suit, scale,
# signed (the user picks the sign)
K_COND, K_EFFECT, K_N, K_N2, K_SCALE, K_SIGNED = range(6)

#: card number (an edifice by the face that shows it) -> battle plan. The restatement is ours;
#: see the spec row (D2-D4) for the power.
PLANS: dict[int, str] = {
    # Discord
    12: "attack ±3; discard_if_defeated",  # Mercenaries
    16: "travel_campaign",  # Second Wind (an attacker's plan, D2)
    20: "order_target: attack +4",  # Disgraced Captain
    22: "burn_secrets",  # Book Burning
    83: "enemy_arcane: attack ±4",  # Cracked Sage
    87: "zealots",  # Zealots
    102: "burn_all",  # Slander
    # Arcane
    31: "hold_ds: attack ±3",  # Fire Talkers
    57: "hold_ds: ignore_hollow",  # Rusting Ray
    59: "none_killed",  # Billowing Fog
    71: "attack ±1 per targeted_site",  # Cracking Ground
    60: "ignore_skulls; attack ±1 per suits_ruled",  # Kindred Warriors ("at most X": see rules_coverage)
    # Order
    2: "win_favor 2 order",  # Battle Honors
    1: "sacrifice 1",  # Wrestlers (a defender's plan, D2)
    10: "martial",  # Martial Culture
    3: "attack -1; kill_attacker 1",  # Bear Traps
    4: "attack ±1",  # Longbows
    5: "site_targeted: defense +2",  # Keep
    8: "supply 1",  # Scouts
    103: "attack ±2; exclusive",  # Code of Honor
    125: "exclusive; enemy_here: peace",  # Peace Envoy
    126: "hunt",  # Relic Hunter (an attacker's plan, D2)
    104: "ignore_skulls",  # Outriders
    106: "win_warbands 3",  # Field Promotion
    108: "defense +2; all_killed",  # Shield Wall
    114: "silence_defender",  # Specialist
    124: "force_larger: attack ±2",  # Encirclement
    109: "parade",  # Military Parade
    200: "site_targeted: attack -2",  # Bandit Rampart (the ruined face of Sprawling Rampart)
    # Hearth
    48: "defense +1",  # Extra Provisions
    51: "none_killed; discard_if_defeated",  # Traveling Doctor
    149: "hospital",  # Hospital
    132: "enemy_no_pf: attack ±2",  # Village Constable
    138: "win_now; discard_unless_pf",  # Hearts and Minds (a defender's plan, D2)
    137: "enemy_no_pf: attack ±3; enemy_no_pf: ignore_skulls",  # The Great Levy
    # Beast
    45: "ignore_skulls; defense_pool_4: attack +2",  # Rangers
    175: "attack ±1 per beast_adviser",  # Nature Worship
    187: "war_tortoise",  # War Tortoise
    195: "site_targeted: defense ±1 per beast_at_sites",  # Walled Garden
    # Nomad
    14: "ignore_shields; discard_at_end",  # Rain Boots
    153: "mounts",  # Wild Mounts
    24: "attack ±3; discard_at_end",  # Horse Archers
    25: "regroup; discard_at_end",  # Warning Signals (a defender's plan, D2)
    154: "double_attack; discard_at_end",  # Lancers
    155: "attack ±1|3; discard_at_end",  # Mountain Giant
    156: "enemy_nomad: attack ±4; discard_at_end",  # Rival Khan
    163: "half_pool; discard_at_end",  # Mounted Patrol
    164: "attack ±1 per nomad_ruled; discard_at_end",  # Great Crusade
    167: "defense +2; discard_at_end",  # Storm Caller
    # relics
    211: "may_kill_all",  # Sticky Fire
    212: "win_warbands 1 per enemy_killed",  # Cursed Cauldron
    228: "cage",  # Obsidian Cage (its Action: see POWERS)
}


def _plan_clause(text: str, where: str) -> list[int]:
    row = [PC_ALWAYS, 0, 0, 0, PS_ONE, 0]
    if ":" in text:
        cond, text = (part.strip() for part in text.split(":", 1))
        if cond not in PLAN_CONDITIONS:
            raise P.ProgramError(f"{where}: unknown condition {cond!r}")
        row[K_COND] = PLAN_CONDITIONS.index(cond)
    words = text.split()
    if words[0] in PLAN_FLAGS and len(words) == 1:
        row[K_EFFECT], row[K_N] = PE_FLAG, 1 << PLAN_FLAGS.index(words[0])
        return row
    if words[0] not in PLAN_EFFECTS[:-1]:
        raise P.ProgramError(f"{where}: unknown effect {words[0]!r}")
    row[K_EFFECT] = PLAN_EFFECTS.index(words[0])
    if words[0] in _PLAN_EFFECTS_WITHOUT_AMOUNT:
        if len(words) > 1:
            raise P.ProgramError(f"{where}: {words[0]} takes no amount")
        return row
    amount = words[1]
    if amount[0] == "±":
        row[K_SIGNED] = 1
        amount = amount[1:]
    first, _, second = amount.lstrip("+").partition("|")
    row[K_N] = int(first)
    row[K_N2] = int(second) if second else 0
    rest = words[2:]
    if row[K_EFFECT] == PE_WIN_FAVOR:
        row[K_N2] = _SUIT_WORDS[rest.pop(0)]
    if rest[:1] == ["per"]:
        row[K_SCALE] = PLAN_SCALES.index(rest[1])
        rest = rest[2:]
    if rest:
        raise P.ProgramError(f"{where}: unexpected words {rest}")
    return row


def _compile_plans():
    clauses = np.zeros((N_CARDS, MAX_CLAUSES, 6), dtype=np.int32)  # a flag is a bit of int32 plan_flags
    n_clauses = np.zeros(N_CARDS, dtype=np.int8)
    side = np.zeros(N_CARDS, dtype=np.int8)
    for card, text in PLANS.items():
        record = POWERED[card]
        if not record.abilities & D.Ability.BATTLE_PLAN:
            raise P.ProgramError(f"{record.name}: not a battle plan (D2-D4)")
        parts = [t.strip() for t in text.split(";")]
        for k, part in enumerate(parts):
            clauses[card, k] = _plan_clause(part, record.name)
        n_clauses[card] = len(parts)
        side[card] = int(record.side)
    for a in (clauses, n_clauses, side):
        a.setflags(write=False)
    return clauses, n_clauses, side


#: per card face: its clauses, how many, and who may use it (data.Side; 0: not a written plan)
PLAN_CLAUSES, PLAN_N_CLAUSES, PLAN_SIDE = _compile_plans()
UNWRITTEN["battle plan"] = tuple(r.name for n, r in sorted(POWERED.items())
                                 if r.abilities & D.Ability.BATTLE_PLAN and n not in PLANS)
