"""The Oath game state: one numpy record per game (DESIGN "Engine"), as for the other games.

Cards are tracked by id (`data`: denizens 1-198, edifice faces 199-210, relics 211-231, Visions
232-236): where each is (`zone` and `where`: the slot, seat, region or space), whether it is
faceup, the favor and secrets on it, and which seats have seen its face (`known`, one bit per
seat; O9.4). An edifice is one physical card: it is tracked under its intact face's number and
`ruined` says which face is up. Piles whose order matters also keep an ordered array with a
size (index 0 is the bottom, the top is ``size - 1``).

Seat 0 is always the Chancellor and turn order is seat order (O4); a seat's board colour is
`colour[seat]`. Warbands are counted per colour: on each site slot, on each seat's board, and in
each colour's personal bank; a Citizen's board holds purple warbands (O6.6.2), so the colour of
`board_warbands[seat]` is purple for the Chancellor and Citizens and the seat's own otherwise.
"""

from __future__ import annotations

import numpy as np

from meeplegym.envs.oath import data as D

MAX_PLAYERS = D.MAX_PLAYERS
N_CARDS = 237  # ids 0-236; 0 is no card
N_SUITS = 6
N_REGIONS = 3
N_SLOTS = D.SLOTS
N_SITES = len(D.SITES)
N_COLOURS = 6
PURPLE = int(D.Colour.PURPLE)
CHANCELLOR = 0  # the Chancellor's seat
FIRST_EDIFICE, FIRST_RELIC, FIRST_VISION = 199, 211, 232
N_VISIONS = N_CARDS - FIRST_VISION
GRAND_SCEPTER = D.GRAND_SCEPTER.number
MAX_PILE = 240  # any pile can hold every denizen and Vision
MAX_RELIC_DECK = 24
MAX_AT_SITE = 8  # cards attached to a site: denizens, edifices and relics
MAX_SITE_RELICS = 4  # facedown relics beside one site (at most 2 R icons; kept roomy)
RELIQUARY_SPACES = len(D.RELIQUARY)
DRAW_AT_SETUP = 3  # O1.1 steps 19-20

# Zones of a card.
Z_BOX = 0  # not in this game (the Conspiracy after use, O5.1.4.4)
Z_WORLD_DECK = 1
Z_DISCARD = 2  # where = region
Z_SITE = 3  # where = slot: a denizen or edifice at the site, or a relic lying beside it
Z_ADVISER = 4  # where = seat
Z_VISION_SPACE = 5  # where = seat: an Exile's Revealed Vision (O2.2)
Z_RELIC_DECK = 6
Z_RELIQUARY = 7  # where = space
Z_PERSONAL = 8  # where = seat: a relic in a personal bank
Z_ARCHIVE = 9
Z_DISPOSSESSED = 10
Z_HAND = 11  # where = seat: cards drawn and not yet placed (setup step 23, a Search's draw)
ZONE_NAMES = ("box", "world deck", "discard pile", "site", "adviser", "revealed Vision", "relic deck", "Reliquary",
              "personal bank", "Archive", "Dispossessed", "in hand")

# Board sides (O2.2, O6.6.3): the Chancellor's board, or an Exile/Citizen board's side.
SIDE_CHANCELLOR, SIDE_EXILE, SIDE_CITIZEN = 0, 1, 2
SIDE_NAMES = ("Chancellor", "Exile", "Citizen")

# Holders of a banner or the title besides a seat.
NOBODY = -1  # a banner in the shared bank

# Phases: where the game is; each waits on one kind of decision from `actor` (O11), except the
# automatic PH_BEGIN_TURN.
PH_SETUP_BOARD = 0  # O1.1 step 9: an unused board (OPTION k = colour k), keeping its chronicled side
PH_SETUP_FAVOR = 1  # O1.1 step 16, favor runs short: the Chancellor picks the site for the next one
PH_SETUP_PAWN = 2  # O1.1 step 23: the faceup site for your pawn
PH_SETUP_KEEP = 3  # O1.1 step 23: which of your three cards is your facedown adviser
PH_SETUP_DISCARD = 4  # O1.1 step 23: which of the others goes onto the discard pile first
PH_BEGIN_TURN = 5  # automatic: `current` starts a turn (O4.1)
PH_GAME_OVER = 6
PH_PEOPLES_FAVOR = 7  # O4.1.1: OPTION 0 place a favor on it, SUIT b move one to bank b (fewest favor)
PH_OPPORTUNITY = 8  # O4.1.4: OPTION 0 take a favor, OPTION 1 a secret, END nothing
PH_ACT = 9  # O4.2: MAJOR k, CARD (play a facedown adviser, O6.1; peek at a relic, O6.3), END
PH_SEARCH_SOURCE = 10  # O5.1.2: OPTION 0 the world deck, OPTION 1 + k the discard pile k regions outward of yours
PH_SEARCH_KEEP = 11  # O5.1.3: CARD to keep; with Great Spire (D3), OPTION k swaps the k-th drawn card first;
#                     Land Warden's second card (D2, `warden`): CARD to keep, END none
PH_SEARCH_DISCARD = 12  # O5.1.3: CARD to discard next (the order matters)
PH_PLAY = 13  # O5.1.4: OPTION 0 your site, 1 a faceup adviser, 2 a facedown adviser, 3 your revealed Vision, END discard
#               (also asked of a False Prophet's player for the Vision discarded from under their warband, D2)
PH_PLAY_REPLACE = 14  # O5.1.4.2: CARD an adviser to discard to make room
PH_MUSTER = 15  # O5.2.1: CARD at your site to place the favor on
PH_TRADE_CARD = 16  # O5.3.2: CARD at your site
PH_TRADE_MODE = 17  # O5.3.2: OPTION 0 for favor, OPTION 1 for secrets
PH_RECOVER = 18  # O5.4.1: CARD a relic at your site, OPTION 0 the People's Favor, OPTION 1 the Darkest Secret
PH_RECOVER_BID = 19  # O5.4.2: NUMBER of favor or secrets to pay for a banner
PH_RECOVER_BANK = 20  # O5.4.4: SUIT, the bank the People's Favor's old favor starts at
PH_TRAVEL = 21  # O5.6.1: SLOT destination
PH_TRAVEL_FREE = 22  # how to pay: OPTION 0 Buried Giant's secret (D1), OPTION 1 Way Station's favor (D3), END Supply
PH_TITLE = 23  # O2.11: the title holder picks which qualifying player takes it (SEAT)
PH_CAMPAIGN_DEFENDER = 24  # O5.5.1: SEAT, or OPTION 0 the bandits
PH_CAMPAIGN_TARGETS = 25  # O5.5.2: SLOT a site, CARD a relic, OPTION 0/1/2 the People's Favor / the
#                           Darkest Secret / the pawn and favor; END when the declaration is complete
PH_CAMPAIGN_DICE = 26  # O5.5.2: NUMBER of attack dice
PH_CAMPAIGN_ALLY = 27  # O5.5.2: a Citizen at a targeted site or yours joins the defence (OPTION 0) or not (END)
PH_CAMPAIGN_PERMIT = 28  # O5.5.2: the defender lets that Citizen join (OPTION 0) or not (END)
PH_CAMPAIGN_SACRIFICE = 29  # O5.5.5: sacrifice exactly enough to win (OPTION 0) or not (END)
PH_CAMPAIGN_LOSSES = 30  # O5.5.6: where the next killed warband of the defending force comes from (SLOT, SEAT)
PH_CAMPAIGN_OCCUPY = 31  # O5.5.7 I: NUMBER of warbands onto the targeted site `camp_slot`
PH_CAMPAIGN_BANISH = 32  # O5.5.7 III: SLOT the defender travels to, END leave them
PH_CAMPAIGN_BURN = 33  # O5.5.7 III: burn half the defender's favor (OPTION 0) or not (END)
PH_MOVE_COUNT = 34  # O6.5: NUMBER of warbands to move (`move_kind`, with `move_with`)
PH_MOVE_WITH = 35  # O6.5: SEAT, the Imperial player at your site to give to or take from
PH_PERMIT = 36  # O6.5: the asked player permits (OPTION 0) or refuses (END) the move
PH_OFFER_TARGET = 37  # O6.6.1: SEAT, the Exile offered Citizenship (yourself included)
PH_OFFER_SPACE = 38  # O6.6.1: OPTION k, the Reliquary space whose relic is offered
PH_OFFER_BARGAIN = 39  # O6.6.1: one binding bargain from the menu (see actions.py), END none
PH_OFFER_ANSWER = 40  # O6.6.2: the Exile accepts (OPTION 0) or declines (END)
PH_EXILE_TARGET = 41  # O6.7: SEAT, the Citizen to exile
PH_PF_DISCARD = 42  # O5.1.4.1: the People's Favor's holder may first discard a card at a site in the region (CARD, END)
PH_PLAY_SITE = 43  # O5.1.4.1: SLOT, the People's Favor's holder plays to any site in the region
PH_CONSPIRACY = 44  # O5.1.4.4: CARD a relic, OPTION 0/1 the People's Favor / Darkest Secret to take, END nothing
PH_BANISH_WHERE = 45  # D1 Shrouded Wood: its enemy ruler picks where the banished defender goes (SLOT)
PH_POWER = 46  # a card's power waits on a decision (`pw_dec`: DEC_*)
PH_REST = 47  # O4.3.5: CARD a Rest power to use, END to pass the turn
PH_MODIFY = 48  # O7.4: CARD an optional modifier of the action under way, END to go on with it
PH_CAMPAIGN_PLANS = 49  # O5.5.3: CARD a battle plan to use, END when done (attacker, then defender, then Allies)
PH_CAMPAIGN_PLAN_SIGN = 50  # O7.5.4: OPTION k, the k-th signed amount of the plan's dice (+N, -N[, +M, -M]);
#                             a plan's own moves: Wrestlers OPTION k where its warband dies, Warning Signals
#                             SLOT/OPTION a warband onto/off a site, Relic Hunter SLOT a relic there; END stops
PH_MODIFY_CHOICE = 51  # O7.4, a modifier's own choice: Bracken OPTION k (its discard_to), Master of Disguise SEAT
PH_FREE_CAMPAIGN = 52  # D2 Hunting Party, Knights Errant: campaign spending no Supply (OPTION 0) or not (END)
PH_CROP_ROTATION = 53  # D3 Crop Rotation, D1 Great Slum: CARD a denizen at the destination (`target`) to discard first, END none
PH_REACT = 54  # a card's holder answers outside the usual order (`react_card`): Herald, Book Binders
#                SUIT, the bank to gain from; Squalid District OPTION 0/1/2, the end die -1 / as rolled / +1;
#                Martial Culture OPTION 0 become a Citizen; Sticky Fire OPTION 0 kill the whole enemy
#                force; Second Wind SLOT, where to travel (END: stay), its free campaign offered next;
#                Relic Hunter CARD a relic it took to put under the relic deck (END: keep the rest);
#                Wild Mounts CARD a Beast card to discard instead of the Nomad plans (END: discard them);
#                Relic Thief OPTION 0 pay and roll for the relics just taken; Jinx OPTION 0 pay and
#                reroll the pool just rolled (`jinx_roll`); Sneak Attack OPTION 0 campaign against the
#                player who just finished a campaign, spending no Supply
PH_OFFER_PEEK = 55  # O6.6.1: the Scepter holder lets the Exile peek at a Reliquary relic (FACEDOWN), END: the offer stands
PH_SHED = 56  # O6.6.2, purple runs short: the new Citizen picks which of their warbands go (SLOT a site, SEAT their board)
PH_DISCARD_DOWN = 57  # O7.6.4, after a swap or an exchange of advisers: CARD an adviser the over-limit `actor` discards
PH_SLUM = 58  # D1 Great Slum, a card a power moved there (`slum_card`): CARD another denizen there its mover
#               discards, as if first; END none (only while the site keeps its capacity)
PHASE_NAMES = ("setup: board", "setup: favor placement", "setup: pawn", "setup: adviser", "setup: discard order",
               "begin turn", "game over", "wake: People's Favor", "wake: opportunity", "act", "search: source",
               "search: keep", "search: discard order", "play: destination", "play: adviser to discard",
               "muster: card", "trade: card", "trade: mode", "recover: target", "recover: payment",
               "recover: first bank", "travel: destination", "travel: free or paying", "Oathkeeper title",
               "campaign: defender", "campaign: targets", "campaign: attack dice", "campaign: join as ally",
               "campaign: permit ally", "campaign: sacrifice", "campaign: losses", "campaign: occupy",
               "campaign: banish", "campaign: burn favor", "move warbands: how many", "move warbands: with whom",
               "move warbands: permission", "citizenship: to whom", "citizenship: Reliquary relic",
               "citizenship: bargain", "citizenship: answer", "exile a Citizen", "play: People's Favor discard",
               "play: People's Favor site", "play: the Conspiracy", "campaign: banish (Shrouded Wood)", "power",
               "rest: powers", "modifiers", "campaign: battle plans", "campaign: battle plan dice",
               "modifiers: choice", "campaign: free campaign", "play: discard at the site first", "reaction",
               "citizenship: peek", "citizenship: warbands purple cannot replace", "discard advisers down to the limit",
               "power: discard at the Great Slum")

# Decisions inside a power's program (PH_POWER).
DEC_MAY, DEC_BANK, DEC_SEAT, DEC_SLOT, DEC_CARD, DEC_REGION, DEC_FACEDOWN, DEC_KEEP, DEC_CHOOSE, DEC_PLACE, \
    DEC_NUMBER, DEC_SPACE, DEC_OPTION, DEC_BARGAIN = range(14)
DEC_NAMES = ("may", "bank", "player", "site", "card", "discard pile", "facedown relic", "keep the relic", "choose",
             "site or board", "number", "Reliquary space", "option", "bargain")
N_PHASES = len(PHASE_NAMES)

# How a game ended (O3), by `win_kind`.
WIN_NONE, WIN_USURPER, WIN_VISIONARY, WIN_STABLE_REGIME, WIN_WAR_EXHAUSTION, WIN_SUCCESSOR = range(6)
WIN_NAMES = ("none", "usurper", "visionary", "stable regime", "war exhaustion", "successor")

# Warband moves (O6.5), by `move_kind`, also the OPTION that starts each in the Act phase.
MOVE_TO_BOARD, MOVE_TO_SITE, MOVE_GIVE, MOVE_TAKE = 0, 1, 2, 3
# The other Act-phase options (O6.6-O6.8; D1 The Tribunal's Action).
ACT_OFFER, ACT_EXILE, ACT_SELF_EXILE, ACT_TRIBUNAL = 4, 5, 6, 7

# Where the card being played comes from (O5.1.4, O6.1).
PLAY_FROM_SEARCH, PLAY_FROM_ADVISER = 0, 1
MAX_DRAWN = 8
TARGET_PF, TARGET_DS = -1, -2
PLAN_BANDITS = MAX_PLAYERS + 1  # plan_user of a plan the bandits used (O5.5.3)
TGT_HELD, TGT_HUNTED = 1, 2  # tgt_card of a held relic targeted, and of a relic at a site Relic Hunter targets
# wild_mounts: Wild Mounts' question not asked yet, declined, or a Beast card discarded instead
MOUNTS_UNASKED, MOUNTS_ASKED, MOUNTS_SPARED = 0, 1, 2
# Where the discards of the action under way go (`discard_to`): as usual (O10), onto the bottom of
# the world deck (Cracked Horn), or, with Bracken, DISCARD_TO_PILE + 2 * region + (1 on the bottom, 0 on top).
DISCARD_AS_USUAL, DISCARD_TO_WORLD_BOTTOM, DISCARD_TO_PILE = -1, 6, 0
# A free campaign (`free_campaign`): none, offered once the action under way ends, being started,
# or Second Wind's travel to be asked first (it offers the campaign next).
FREE_NONE, FREE_OFFERED, FREE_TAKEN, FREE_SECOND_WIND = 0, 1, 2, 3
# Land Warden's second card (`warden`, D2): not in play; the first kept card being played, the rest
# of the draw held; the first played to a site (any second card), played elsewhere (a second card only
# to a site), or not played (no second card); the second kept, to be played to a site.
WARDEN_NONE, WARDEN_FIRST, WARDEN_SITE, WARDEN_ELSEWHERE, WARDEN_UNPLAYED, WARDEN_TO_SITE = range(6)
# The roll Jinx's ruler may reroll (`jinx_roll`, D2): none, a campaign's defense or attack pool,
# Gambling Hall's 4 defense dice (their shields in `pw_count`), or Relic Thief's dice, which showed
# a shield (the thief is caught) or none.
JINX_NONE, JINX_DEFENSE, JINX_ATTACK, JINX_GAMBLE, JINX_THIEF_CAUGHT, JINX_THIEF_FREE = range(6)
N_JINX = 6

STATE_DTYPE = np.dtype(
    [
        ("rng", np.uint64),
        ("n_players", np.int8),
        ("terminal", np.int8),
        ("phase", np.int8),
        ("actor", np.int8),  # the seat that decides now
        ("current", np.int8),  # the seat whose turn (or setup step) it is
        ("round", np.int8),  # 1-8 (O4)
        ("turn", np.int16),  # turns completed, all players together (the env's max_turns counts these)
        ("oath", np.int8),  # index into data.OATHS
        ("visions_drawn", np.int8),  # the Visions Drawn track (O2.1)
        ("winner", np.int8),  # -1 until the game ends
        ("win_kind", np.int8),  # WIN_*
        ("reconstructed", np.int8),  # 1: the edifice powers the spec marks ◊ are in force; 0: those faces are blank (D3, D10)
        # cards
        ("zone", np.int8, N_CARDS),
        ("where", np.int8, N_CARDS),
        ("faceup", np.int8, N_CARDS),
        ("ruined", np.int8, N_CARDS),  # an edifice showing its ruined face (tracked on the intact face's id)
        ("card_favor", np.int8, N_CARDS),
        ("card_secrets", np.int8, N_CARDS),
        ("known", np.int8, N_CARDS),  # bit p: seat p has seen this card's face (O9.4)
        ("stamp", np.int16, N_CARDS),  # when a relic was laid at a site or a card became an adviser: its position there
        ("next_stamp", np.int16),
        # ordered piles (index 0 = bottom)
        ("world", np.int16, MAX_PILE),
        ("world_size", np.int16),
        ("discard", np.int16, (N_REGIONS, MAX_PILE)),
        ("discard_size", np.int16, N_REGIONS),
        ("relic_deck", np.int16, MAX_RELIC_DECK),
        ("relic_size", np.int16),
        ("reliquary", np.int16, RELIQUARY_SPACES),  # the relic covering each space, 0 once uncovered (O2.3)
        # the map
        ("slot_site", np.int8, N_SLOTS),  # site id in each slot (O0.2 slot order)
        ("slot_faceup", np.int8, N_SLOTS),
        ("slot_favor", np.int8, N_SLOTS),  # tokens lying on the site card (reveal prompts, D1)
        ("slot_secrets", np.int8, N_SLOTS),
        ("slot_known", np.int8, N_SLOTS),  # bit p: seat p has seen this facedown site (Ivory Eye, D4)
        ("site_warbands", np.int8, (N_SLOTS, N_COLOURS)),
        # banks and banners
        ("favor_bank", np.int8, N_SUITS),
        ("shared_favor", np.int8),  # favor in the shared bank (favor is limited, O9.3)
        ("pf_holder", np.int8),  # the People's Favor: seat holding it, NOBODY in the shared bank
        ("pf_tokens", np.int8),
        ("pf_mob", np.int8),
        ("ds_holder", np.int8),  # the Darkest Secret
        ("ds_tokens", np.int8),
        ("title_holder", np.int8),  # the Oathkeeper title (O2.11)
        ("usurper", np.int8),  # the title shows its Usurper side
        # players, by seat
        ("colour", np.int8, MAX_PLAYERS),
        ("side", np.int8, MAX_PLAYERS),  # SIDE_*
        ("pawn", np.int8, MAX_PLAYERS),  # slot, -1 before setup step 23
        ("supply", np.int8, MAX_PLAYERS),
        ("favor", np.int8, MAX_PLAYERS),
        ("secrets", np.int8, MAX_PLAYERS),  # faceup secrets on the board
        ("secrets_down", np.int8, MAX_PLAYERS),  # facedown secrets: unusable until the Rest (O4.3.2)
        ("board_warbands", np.int8, MAX_PLAYERS),
        ("bank_warbands", np.int8, N_COLOURS),  # each colour's personal bank (purple: the Chancellor's)
        ("citizen_board", np.int8, N_COLOURS),  # the board of this colour is on its Citizen side (O8.9)
        # setup progress
        ("favor_owed", np.int8, N_SLOTS),  # reveal-prompt favor still to place (step 16)
        # the action under way
        ("wake_left", np.int8),  # People's Favor Wake steps still to do (O4.1.1)
        ("drawn", np.int16, MAX_DRAWN),  # a Search's cards, in the order drawn
        ("n_drawn", np.int8),
        ("spire_swapped", np.int16),  # the drawn cards Great Spire swapped (bit k: the k-th drawn, D3)
        ("warden", np.int8),  # WARDEN_*: Land Warden's second card (D2)
        ("playing", np.int16),  # the card being played (O5.1.4)
        ("play_from", np.int8),  # PLAY_FROM_*
        ("target", np.int16),  # Recover: a relic, TARGET_PF or TARGET_DS; Travel: the slot
        ("bid", np.int8),  # favor or secrets paid for a banner
        ("title_return", np.int8),  # the phase and the actor the game goes back to after a title choice
        ("title_actor", np.int8),
        ("resume_phase", np.int8),  # the phase and the actor the game goes back to once a player's
        ("resume_actor", np.int8),  # decisions in between are done (PH_SHED, PH_DISCARD_DOWN)
        # the campaign under way (O5.5)
        ("defender", np.int8),  # a seat, or BANDITS (-2)
        ("camp_from", np.int8),  # the site a power campaigns at as if the pawn were there (Captains, Wild Allies); -1 the pawn's
        ("non_imperial", np.int8),  # the Citizen who is not Imperial in this campaign (O5.5.1), -1 none
        ("tgt_slot", np.int8, N_SLOTS),
        ("tgt_card", np.int8, N_CARDS),  # targeted relics: 1 held by the defender, TGT_HUNTED at a site
        ("tgt_pf", np.int8),
        ("tgt_ds", np.int8),
        ("tgt_pawn", np.int8),
        ("attack_dice", np.int8),
        ("defense_dice", np.int8),
        ("ally", np.int8, MAX_PLAYERS),  # 1: joined the defence
        ("asked", np.int8),  # the next Citizen to ask about joining
        ("force_site", np.int8, N_SLOTS),  # the defending force, where it stands
        ("force_board", np.int8, MAX_PLAYERS),
        ("attack", np.int16),
        ("defense", np.int16),
        ("kills", np.int8),  # defending warbands still to kill (O5.5.6)
        ("camp_killed", np.int8, 2),  # warbands of the attacking (0) and defending (1) side killed so far
        ("camp_slot", np.int8),  # the targeted site being occupied (O5.5.7 I)
        ("plan_user", np.int8, N_CARDS),  # battle plans used in this campaign: the user's seat + 1 (PLAN_BANDITS)
        ("plan_flags", np.int32, 2),  # effects.F_* marks of the attacking (0) and the defending (1) side
        ("plan_card", np.int16),  # the plan whose dice wait on a sign (O7.5.4)
        ("plan_clause", np.int8),
        ("plan_next", np.int8),  # the next seat of the defending side to use plans; -1 while the attacker does
        ("regroup_onto", np.int8),  # 1 once a regrouping power moved a warband onto a site (Messenger, Warning Signals)
        ("cage_warbands", np.int8, N_COLOURS),  # warbands held on the Obsidian Cage, by colour (D4)
        ("wild_mounts", np.int8),  # MOUNTS_*: Wild Mounts' question after this campaign (D2)
        ("skulls", np.int8),  # skulls of the attack roll, killing once the roll is kept (Jinx may reroll it)
        # minor actions (O6)
        ("site_discards", np.int8, N_SLOTS),  # suits discarded from each site this turn (bit k: suit k; D1 Homeland)
        # the power under way (effects.py, rules/powers.py)
        ("pw_card", np.int16),
        ("pw_pc", np.int32),
        ("pw_after", np.int8),  # the phase to go back to when the program ends
        ("pw_dec", np.int8),  # DEC_* while phase is PH_POWER
        ("pw_left", np.int8),  # units still to resolve in the current step
        ("pw_banks", np.int8),  # banks already used by a "distinct" step (bit k: suit k)
        ("pw_count", np.int8),  # what the last count step counted
        ("pw_it", np.int16),  # the card a step drew or picked (a seat, for pick_seat)
        ("used", np.int8, N_CARDS),  # a Rest power used this Rest
        ("mod_on", np.int8, N_CARDS),  # modifiers in use for the action under way (O7.4)
        ("mod_action", np.int8),
        ("mod_next", np.int8),  # the action's phase after its modifiers
        ("discard_to", np.int8),  # DISCARD_* for the action under way (Bracken, Cracked Horn)
        ("trade_as", np.int8),  # Master of Disguise: the seat whose advisers count for this trade, -1 yours
        ("free_campaign", np.int8),  # FREE_* (Hunting Party, Knights Errant, Second Wind)
        ("interrupted", np.int8),  # whose turn a Sneak Attack campaign interrupted (`current` is its attacker), -1
        ("interrupted_free", np.int8),  # that turn's free campaign (FREE_*), kept aside meanwhile
        ("react_card", np.int16),  # the persistent power asking its holder (PH_REACT)
        ("jinx_roll", np.int8),  # JINX_*: the roll just made, while Jinx's ruler may reroll it (D2)
        ("react_due", np.int8),  # reactions due once the action under way ends (bit k: persistent.REACTION_CARD[k],
        #                          then Sneak Attack's: persistent.REACT_SNEAK_ATTACK)
        ("thief_taker", np.int8),  # who took the relics Relic Thief's holder may roll for (D2), -1: nobody
        ("thief_relics", np.int32),  # those relics (bit r - FIRST_RELIC)
        ("prophet", np.int8, N_VISIONS),  # per Vision: the seat whose False Prophet warband is on it (D2), -1 none
        ("prophet_due", np.int8),  # Visions discarded from under a False Prophet warband, waiting in their
        #                            prophet's hand to be played as if searched (bit k: FIRST_VISION + k)
        ("end_die", np.int8),  # the end die just rolled (O3.3), while Squalid District's ruler adjusts it
        ("end_act", np.int8),  # the Act phase ends after this decision (O6.6.2, O6.8)
        ("scepter_fresh", np.int8),  # who took the Grand Scepter this turn: unusable by them until next turn (D4)
        ("move_kind", np.int8),  # MOVE_* of the warband move under way
        ("move_with", np.int8),
        ("move_count", np.int8),
        ("offer_target", np.int8),
        ("offer_space", np.int8),
        ("bargain", np.int16),  # the bargain action chosen (an action number), END for none; an exchange's ask
        ("bargain_give", np.int16),  # what a power's exchange gives (an action number), END for none
        ("proposer", np.int8),  # who proposes the power's exchange under way (The Gathering), -1: the power's user
        ("slum_card", np.int16),  # a card a power just moved to the Great Slum (PH_SLUM, D1), 0 none
        ("deed_taker", np.int8, N_SLOTS),  # a site an exchange handed over (Deed Writer): its new ruler's seat + 1
        #                                    until they put warbands there, 0 otherwise
    ]
)

# What a saved state may hold in the fields no other check bounds (state_json checks them on load;
# the observation space's bounds follow from them): flags are 0/1, bit sets within their bits,
# and counters the rules leave open capped well inside their integer type.
MAX_TURNS = 10_000  # turns of one game, and the stamps handed out in it
# Secrets are unlimited in play (O9.3); a saved state holds at most this many, far more than a game
# makes, so that a seat's count (an int8) cannot overflow when it gains them all.
MAX_SECRETS = 100
MAX_COUNT = 100  # dice, kills and the units a step still resolves
MAX_WARBANDS = max(D.WARBANDS.values())  # one colour's warbands (purple, the Chancellor's: D.WARBANDS)
VALUE_RANGES: dict[str, tuple[int, int]] = {
    **{name: (0, 1) for name in ("terminal", "tgt_pf", "tgt_ds", "tgt_pawn", "end_act")},
    # visions_drawn counts the draws (the track's spaces stop at 5, a Vision discarded to the world
    # deck's bottom can be drawn again; the rules read only "3 or more")
    "turn": (0, MAX_TURNS), "next_stamp": (0, MAX_TURNS), "visions_drawn": (0, MAX_COUNT),
    "slot_known": (0, 2**MAX_PLAYERS - 1), "site_discards": (0, 2**N_SUITS - 1),
    "site_warbands": (0, MAX_WARBANDS), "bank_warbands": (0, MAX_WARBANDS), "cage_warbands": (0, MAX_WARBANDS),
    "favor_owed": (0, D.FAVOR_TOTAL), "wake_left": (0, MAX_COUNT), "target": (TARGET_DS, N_CARDS - 1),
    "attack_dice": (0, MAX_COUNT), "defense_dice": (0, MAX_COUNT), "skulls": (0, MAX_COUNT),
    "attack": (0, MAX_TURNS), "defense": (0, MAX_TURNS), "kills": (0, MAX_COUNT), "camp_killed": (0, MAX_COUNT),
    "pw_left": (-1, MAX_COUNT), "thief_relics": (0, 2 ** (FIRST_VISION - FIRST_RELIC) - 1), "end_die": (0, 6),
    "move_count": (0, MAX_COUNT), "known": (-1, 2**MAX_PLAYERS - 1), "stamp": (0, MAX_TURNS),  # known -1: every seat
    "tgt_card": (0, TGT_HUNTED),
}


def card_kind(card: int) -> str:
    """'denizen', 'edifice', 'relic' or 'vision' for a card id."""
    if card < FIRST_EDIFICE:
        return "denizen"
    if card < FIRST_RELIC:
        return "edifice"
    return "relic" if card < FIRST_VISION else "vision"


def card_name(card: int) -> str:
    """The English name of a card id (an edifice by its intact face)."""
    kind = card_kind(card)
    if kind == "denizen":
        return D.DENIZEN_BY_NUMBER[card].name
    if kind == "edifice":
        return D.EDIFICE_BY_NUMBER[card].name
    if kind == "relic":
        return D.RELIC_BY_NUMBER[card].name
    return D.VISIONS[card - FIRST_VISION].name


CARD_IDS: dict[str, int] = {card_name(c): c for c in range(1, N_CARDS) if card_kind(c) != "edifice" or c % 2}
