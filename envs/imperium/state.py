"""The Imperium game state: one numpy record per game (DESIGN "Engine"; docs/imperium.md
"Engine design").

Cards are tracked per *physical* card, indexed by the catalogue row of its A face
(`catalogue.PHYSICAL`): where it is (`zone`), whose it is (`owner`), which face is up, what it
is garrisoned under, resources and an exhaust token on it. Piles whose order matters keep an
ordered array with a size as well (index 0 is the bottom; the top is ``size - 1``).
"""

from __future__ import annotations

import numpy as np

from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D

MAX_PLAYERS = 4
N_CARDS = K.N_RECORDS
N_RESOURCES = K.N_RESOURCES
MAT, POP, PRG, GDS = (int(r) for r in D.Resource)
MARKET_SLOTS = D.MARKET_SLOTS
N_SMALL_PILES = 3  # region, uncivilised, civilised (I3.9), in market-slot order 3, 4, 5 (I3.12)

# Pile capacities: at least the most cards a pile can ever hold in the Horizons box.
MAX_DRAW = 96  # draw pile: a whole deck can be reshuffled into it
MAX_NATION_DECK = 16
MAX_MAIN_DECK = 128
MAX_SMALL_PILE = 24
MAX_FAME = 16
MAX_UNREST = 64

# Zones of a physical card.
Z_BOX = 0  # not in this game (or removed unseen, I3.7/I3.10)
Z_MAIN_DECK = 1
Z_SMALL_PILE = 2  # `pile_index` says which
Z_MARKET = 3  # `pile_index` says which slot
Z_UNDER_MARKET = 4  # an unrest tucked under the market card of slot `pile_index` (I3.13)
Z_EXILE = 5
Z_UNREST_PILE = 6
Z_FAME_PILE = 7
Z_CHAOS_PILE = 8
Z_DRAW = 9
Z_HAND = 10
Z_PLAY = 11  # the play area: pinned cards, trade routes, power/merchant/ceremony cards in play
Z_DISCARD = 12
Z_HISTORY = 13
Z_LEGENDS = 14  # the Polynesian legends pile (I16); never "in history"
Z_NATION_DECK = 15
Z_DEVELOPMENT = 16
Z_GARRISON = 17  # face down under `host` (I12 Garrison)
Z_STATE_CARD = 18
Z_SET_ASIDE = 19  # out of play for this game but known (e.g. unused power faces)
Z_AUTOMA_SLOT = 20  # face down under the automa's slot marker `pile_index` (I14.1 step 6)
ZONE_NAMES = (
    "box", "main deck", "small pile", "market", "under market card", "exile", "unrest pile", "fame pile",
    "chaos pile", "draw pile", "hand", "play area", "discard pile", "history", "legends", "nation deck",
    "development area", "garrisoned", "state card", "set aside", "automa slot",
)
N_ZONES = len(ZONE_NAMES)

# The solo automa (I14). Its seat is AUTOMA_SEAT, beyond the one human seat (n_players stays 1,
# as the env's agents); its dynasty pile is its `nation_deck`, its deck its `draw_pile`.
AUTOMA_SEAT = 1
AUTOMA_SLOTS = 6  # slot markers 1-6 (marker 6 at Overlord only, I14.10)
DIFFICULTY_NAMES = tuple(D.DIFFICULTIES)

# Phases (where the turn is, I4-I10); `dec` says what the pending decision is about.
PH_TURN_TYPE = 0  # D2
PH_GAME_OVER = 1
PH_ACTIVATE = 2  # D3: the Activate loop
PH_EFFECT = 3  # a card program waits for a decision (D4-D8, D13, D18, D19)
PH_INNOVATE = 4  # D9: which suit
PH_REVOLT = 5  # D10: unrest cards to return, one at a time, END to stop
PH_CLEANUP_MARKET = 6  # D11
PH_CLEANUP_DISCARD = 7  # D12: cards to discard, one at a time, END to stop
PH_SOLSTICE = 8  # D14: which of your Solstice effects next
PH_SCORING_RETURN = 9  # the game has ended: unrest cards a Miyabi returns before scoring, END to stop (C4.JPN)
PHASE_NAMES = ("turn type", "game over", "activate", "effect", "innovate", "revolt", "cleanup: market token",
               "cleanup: discard", "solstice", "scoring: return unrest")

# Pending decisions inside a program (PH_EFFECT).
DEC_NONE = 0
DEC_YESNO = 1  # MAY / another repetition of UPTO: OPTION 0 yes, END no
DEC_CHOOSE = 2  # OPTION k
DEC_CARD = 3  # CARD c (a target in a zone the program names)
DEC_MARKET = 4  # MARKET slot
DEC_ROUTE = 5  # Break through: MARKET slot, PILE k, or CARD of an exiled card
DEC_PAY = 6  # RESOURCE r: which resource pays the next unit of a cost (I12 Pay)
DEC_HOST = 7  # CARD of the region to garrison under
DEC_DEVELOP = 8  # CARD of a development card, END for none (I8.4)
DEC_UPTO = 9  # CARD more, END to stop (an "up to N" selection)
DEC_REACT = 10  # CARD of a reactive exhaust ability to use now, END for none (I5.6, D7)
DEC_MANA = 11  # CARD of a mana card to spend on a development cost (`mana_due`; I16 Polynesians)
DEC_ALLOT = 12  # OPTION q: seat q gets one of the last unrest cards (I10.5 collapse, D15)
DEC_NAMES = ("none", "may", "choose", "card", "market card", "break-through route", "payment", "garrison host",
             "develop", "up to", "reaction", "mana", "unrest allotment")

# Events reactive abilities answer (I5.6); queued by the steps that cause them.
# I15 variants (bits of `variants`)
VARIANT_LOW_AGGRESSION = 1  # I15.2: the ruthless common cards start in the main deck
VARIANT_QUICK_SETUP = 2  # I15.3: the small piles are dealt from one unsorted mix
VARIANT_PRECIOUS_CARDS = 4  # I15.4: no discarding from the hand in cleanup
VARIANT_QUICK = 8  # I15.5: the quick variant (a shorter setup and game)
VARIANT_TRAINING = 16  # I15.1: the solo training mode (no automa, 12 turns)
VARIANT_NAMES = {"low_aggression": VARIANT_LOW_AGGRESSION, "quick_setup": VARIANT_QUICK_SETUP,
                 "precious_cards": VARIANT_PRECIOUS_CARDS, "quick": VARIANT_QUICK, "training": VARIANT_TRAINING}
QUICK_EXILED = 10  # I15.5: main-deck cards exiled after the market is built
QUICK_NATION_TO_DISCARD = 2  # I15.5: top nation-deck cards put into the discard pile
TRAINING_EXILED = 15  # I15.1 (seed PT l.908): main-deck cards exiled at setup
TRAINING_TURNS = 12  # I15.1 (seed PT l.909-913): the prg timer, one token per turn
QUICK_MARTIAN_PRG_REMOVED = 4  # I15.5: the Martians start with 4 prg less

EV_PLAY, EV_ACQUIRE, EV_BREAK, EV_RETURN_UNREST, EV_TAKE_UNREST = range(5)
EV_ATTACK = 5  # an attack card is played against the event's player: defences (D8)
EV_ATTACKED = 6  # ... and it affects them (no defence used): passives such as Protection
EV_GAIN_MAT = 7  # mat gained from the text of one of your cards in play (the event's card; Vineyards)
EV_GAIN_MARKET = 8  # a card acquired or broken through from the market (Inuit power B)
EV_GAIN_RICH = 9  # ... one that carried at least 2 resources (Aksumites power A)
EV_TRADE = 10  # the event's player trades (I13.5) through the event card's text (Controlling the Trade)
EV_PROFIT = 11  # the event's player takes the Profit of the event's trade route (I13.6; Sassanids power A)
EV_ACCESSION = 12  # the event's accession card entered its player's discard pile (I8.3; the quick variant)
EV_GADGET_GONE = 13  # the event's player discarded or exiled the event's GADGET card (Martians power B)
EV_GADGET_PLAYED = 14  # another player played the event's GADGET card (Sharing Our Secrets)
EV_LEGENDS = 15  # the event's player put one or more cards into legends (Whakapapa)
EV_DEVELOPED = 16  # the event's player developed the event's card (Aotearoa: take a fame card)
EV_RESHUFFLE = 17  # the event's player shuffled a discard pile into a new draw pile (I8.6; Cultists power A)
EV_GARRISON = 18  # the event's player garrisoned the event's card (Prepare the Ceremony)
EV_OTHER_TAKES_UNREST = 19  # another player took the event's unrest card; offered to the event's player (Corrupted)
MAX_EVENTS = 12

# Nested programs: a card free-plays a card whose text triggers a region ... The deepest chains
# go through Trade (I13.5): a Trade frame resolves a trade route's Commerce, which may free-play a
# card whose own text trades again (The Nile Corridor: FREE_PLAY), three frames per card played,
# and some 15 cards trade. The bot soak met a legal chain 8 frames deep (issue 13).
MAX_DEPTH = 48
MAX_DRAWN = 16

STATE_DTYPE = np.dtype(
    [
        ("rng", np.uint64),
        ("n_players", np.int8),
        ("trade_routes", np.int8),  # the Trade Routes expansion is in use (I13)
        ("variants", np.int8),  # VARIANT_* bits: the I15 variants in use
        ("terminal", np.int8),
        ("phase", np.int8),
        ("actor", np.int8),  # the seat that decides now
        ("current", np.int8),  # the seat whose turn it is
        ("first_player", np.int8),
        ("round", np.int16),
        ("turn", np.int16),  # turns completed, all players together
        ("game_end_triggered", np.int8),  # I10.1
        ("final_round", np.int8),  # I10.2: the extra full round is being played
        ("collapsed", np.int8),  # I10.5
        # the solo automa (I14): its seat (AUTOMA_SEAT, -1 without), its table (an index into
        # effects.AUTOMA_TABLE_NAMES) and side (0 Barbarian, 1 Empire), the difficulty (an index
        # into DIFFICULTY_NAMES), Supreme Leader mode, the die's slot this turn (-1: set aside),
        # the card under each slot marker, the next slot to resolve
        ("automa", np.int8),
        ("automa_table", np.int8),
        ("automa_side", np.int8),
        ("difficulty", np.int8),
        ("supreme_leader", np.int8),
        ("die", np.int8),
        ("slot_card", np.int16, AUTOMA_SLOTS),
        ("automa_next", np.int8),
        ("played_order", np.int16, N_CARDS),  # when the automa put the card into play (its most recent first)
        ("plays", np.int16),  # cards the automa has put into play
        # cards
        ("zone", np.int8, N_CARDS),
        ("owner", np.int8, N_CARDS),
        ("pile_index", np.int8, N_CARDS),  # market slot or small pile of a market/pile card
        ("face", np.int8, N_CARDS),  # 0: A face up, 1: B face (double-sided cards)
        ("host", np.int16, N_CARDS),  # garrisoned under this physical card, -1 if not garrisoned
        ("card_res", np.int16, (N_CARDS, N_RESOURCES)),  # resources on the card: unlimited (I1.4), a passed-over
        # market card gathers a cleanup token every turn
        ("exhausted", np.int8, N_CARDS),  # an exhaust token sits on it this turn
        ("free_played", np.int8, N_CARDS),  # free-played this turn (once per turn, I12)
        # ordered piles (index 0 = bottom)
        ("main_deck", np.int16, MAX_MAIN_DECK),
        ("main_size", np.int16),
        ("small_pile", np.int16, (N_SMALL_PILES, MAX_SMALL_PILE)),
        ("small_size", np.int16, N_SMALL_PILES),
        ("fame_pile", np.int16, MAX_FAME),  # King of Kings at index 0 (I11.1)
        ("fame_size", np.int16),
        ("kok_side", np.int8),  # King of Kings: 0 side A up, 1 side B (I11.4)
        ("unrest_pile", np.int16, MAX_UNREST),
        ("unrest_size", np.int16),
        ("market", np.int16, MARKET_SLOTS),  # card in slot 1-5 (index 0-4), -1 empty
        ("market_unrest", np.int16, MARKET_SLOTS),  # unrest tucked under it, -1 none
        # players
        ("nation", np.int8, MAX_PLAYERS),
        ("power_card", np.int16, MAX_PLAYERS),  # physical card; its face is the side chosen (I2.3)
        ("state_card", np.int16, MAX_PLAYERS),  # physical card; its face up gives the state (I2.5)
        ("merchant", np.int16, MAX_PLAYERS),  # Trade Routes merchant card, -1 without (I13.2)
        ("pool", np.int16, (MAX_PLAYERS, N_RESOURCES)),
        ("actions", np.int8, MAX_PLAYERS),  # action tokens on the state card (I5.1)
        ("exhaust_tokens", np.int8, MAX_PLAYERS),  # exhaust tokens on the state card (I5.5)
        ("base_exhaust", np.int8, MAX_PLAYERS),  # tokens the state card resets to (I2.6, I7.2)
        ("hand_limit", np.int8, MAX_PLAYERS),  # I7.4
        ("kok_used", np.int8, MAX_PLAYERS),  # King-of-Kings token flipped (I11.5)
        ("deck_token", np.int8, MAX_PLAYERS),  # exhaust token on nation deck / development area this turn (I8.2)
        ("draw_pile", np.int16, (MAX_PLAYERS, MAX_DRAW)),
        ("draw_size", np.int16, MAX_PLAYERS),
        ("nation_deck", np.int16, (MAX_PLAYERS, MAX_NATION_DECK)),  # the accession card at index 0
        ("nation_size", np.int16, MAX_PLAYERS),
        # the turn
        ("dec", np.int8),  # DEC_* while phase is PH_EFFECT
        ("after", np.int8),  # where the turn goes on when the running programs finish (turn.AFTER_*)
        ("solstice_player", np.int8),  # whose Solstice effects resolve (I9.2: in turn order)
        ("solstice_done", np.int8, N_CARDS),  # this card's Solstice effect has resolved this Solstice
        ("solstice_end", np.int8),  # the End-of-Solstice effects are under way (I9.5)
        ("rounds_left", np.int8),  # I10.2: rounds still to play after the trigger, -1 before it
        # the end of the game (I10.3-I10.5)
        ("scoring_turn", np.int8),  # seats, in turn order, whose scoring-time returns are over
        ("returns_left", np.int8),  # unrest cards the seat deciding may still return before scoring
        ("collapse_unrest", np.int16, MAX_PLAYERS),  # unrest each seat held when the game collapsed
        ("collapse_chaos", np.int8),  # the Cultists' seat when they won that collapse at once, -1
        ("allot", np.int8),  # D15: bit q set when seat q was chosen to take one of the last unrest cards
        # the effect machine: a stack of running programs (docs/imperium.md "Effect programs")
        ("depth", np.int8),
        ("fr_card", np.int16, MAX_DEPTH),  # the physical card whose text runs ("this")
        ("fr_rec", np.int16, MAX_DEPTH),  # its face record
        ("fr_kind", np.int8, MAX_DEPTH),  # FRAME_* (what happens to the card at the end)
        ("fr_owner", np.int8, MAX_DEPTH),
        ("fr_player", np.int8, MAX_DEPTH),  # the affected player ("you") inside others/all
        ("fr_pc", np.int32, MAX_DEPTH),
        ("fr_loop", np.int8, MAX_DEPTH),  # repetitions of the current UPTO
        ("fr_did", np.int8, MAX_DEPTH),  # MAYs taken since the last EACH (per:did)
        ("fr_it", np.int16, MAX_DEPTH),  # the card the last step gained/took/garrisoned under
        ("fr_it_res", np.int16, MAX_DEPTH),  # resources that card carried
        ("fr_host", np.int16, MAX_DEPTH),  # the region this card was garrisoned under
        # progress inside the current step (programs are only pushed between steps)
        ("op_stage", np.int8),
        ("op_left", np.int16),
        ("op_sel", np.int16),
        ("pay_need", np.int8, N_RESOURCES),
        ("pay_to", np.int8),  # the seat that receives what is paid (Dhar Tichitt), -1: the supply
        ("no_prg_pay", np.int8),  # the payment under way may not use prg (an unrest cost paid by an Alien)
        ("mana_due", np.int8, 2),  # mana cards still owed for a development: to discard, to legends (I16)
        ("gained_prg", np.int16),  # prg the last market card acquired carried, not yet converted (Take Me to Your Leader)
        ("drawn", np.int16, MAX_DRAWN),
        ("n_drawn", np.int8),
        ("abandoned", np.int16, MAX_DRAWN),  # the cards the last abandon step removed (per:abandoned)
        ("n_abandoned", np.int8),
        ("reshuffling", np.int8),  # the player whose reshuffle waits for a develop decision, -1
        # events waiting for reactions (I5.6): kind, card, player, and the stack depth at which
        # they are offered (a reaction's own program runs first)
        ("n_events", np.int8),
        ("ev_kind", np.int8, MAX_EVENTS),
        ("ev_card", np.int16, MAX_EVENTS),
        ("ev_player", np.int8, MAX_EVENTS),
        ("ev_depth", np.int8, MAX_EVENTS),
        ("ev_seen", np.int8, MAX_EVENTS),  # its passive reactions have run
        ("avoid", np.int8, MAX_PLAYERS),  # this player avoids the attack being resolved (I12 Attack)
        # "for the rest of the turn" effects, cleared at cleanup (I7.2)
        ("ignore_state_turn", np.int8, MAX_PLAYERS),  # play cards ignoring BARB/EMP (Cultural Diversity)
        # I12 Treat as, for the rest of the turn: icons no longer there, and the #production added
        # in their place (Catamarans: an #ocean as 4, Irrigation: a #river as 3)
        ("treated_icons", np.int8, (MAX_PLAYERS, K.N_TYPES)),
        ("treated_production", np.int8, MAX_PLAYERS),
        ("play_unrest_turn", np.int8, MAX_PLAYERS),  # an unrest taken by acquiring may be free-played (Brave)
        ("fertile_as_production", np.int8, MAX_PLAYERS),  # #fertile icons treated as #production (Soil Rotation)
        ("returned_unrest_turn", np.int8, MAX_PLAYERS),  # returned an unrest from the hand (Taoism)
        ("ignore_emp_next", np.int8, MAX_PLAYERS),  # the next card played ignores its EMP icon (Mana)
        # derived from `zone`: the physical cards out of the box, ascending. Loops over cards walk
        # this list (zones.table) instead of the whole catalogue: a table uses 116-185 of its
        # 499 rows. Not saved in JSON; rebuilt on load (setup.build_table).
        ("table_cards", np.int16, N_CARDS),
        ("n_table_cards", np.int16),
    ]
)
DERIVED_FIELDS = ("table_cards", "n_table_cards")

# What a saved state may hold in the fields no other check bounds (state_json checks them on load;
# the observation space's bounds follow from them): flags are 0/1, and counters the rules leave
# open are capped well inside their integer type, so that play from a loaded state cannot wrap.
MAX_TOKENS = 10_000  # resources in one pool or on one card (unlimited in the rules, I1.4)
MAX_TURNS = 10_000  # rounds and turns of one game
MAX_COUNT = 100  # a seat's action and exhaust tokens, hand limit, payments and step counters
FLAG_FIELDS = (
    "trade_routes", "terminal", "game_end_triggered", "final_round", "collapsed", "automa_side", "supreme_leader",
    "kok_side", "face", "exhausted", "free_played", "kok_used", "deck_token", "solstice_done", "solstice_end",
    "no_prg_pay", "ev_seen", "avoid", "ignore_state_turn", "play_unrest_turn", "fertile_as_production",
    "returned_unrest_turn", "ignore_emp_next",
)
VALUE_RANGES: dict[str, tuple[int, int]] = {
    **{name: (0, 1) for name in FLAG_FIELDS},
    "variants": (0, 2 ** len(VARIANT_NAMES) - 1),
    "round": (0, MAX_TURNS), "turn": (0, MAX_TURNS),
    "automa_table": (0, 127), "difficulty": (0, len(DIFFICULTY_NAMES) - 1), "die": (-1, AUTOMA_SLOTS - 1),
    "automa_next": (0, AUTOMA_SLOTS), "plays": (0, MAX_TURNS), "played_order": (0, MAX_TURNS),
    "card_res": (0, MAX_TOKENS), "pool": (0, MAX_TOKENS), "fr_it_res": (0, MAX_TOKENS), "gained_prg": (0, MAX_TOKENS),
    "actions": (0, MAX_COUNT), "exhaust_tokens": (0, MAX_COUNT), "hand_limit": (0, MAX_COUNT),
    "pay_need": (0, MAX_COUNT), "op_left": (0, MAX_TOKENS), "op_sel": (-1, N_CARDS - 1),
    "fr_loop": (0, MAX_COUNT), "fr_did": (0, MAX_COUNT),
    "rounds_left": (-1, MAX_COUNT), "scoring_turn": (0, MAX_PLAYERS), "returns_left": (0, MAX_UNREST),
    "collapse_unrest": (0, MAX_UNREST), "collapse_chaos": (-1, MAX_PLAYERS - 1), "allot": (0, 2**MAX_PLAYERS - 1),
    "ev_depth": (0, MAX_DEPTH),
    "ev_kind": (0, max(v for k, v in list(globals().items()) if k.startswith("EV_") and isinstance(v, int))),
}
