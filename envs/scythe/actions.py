"""Scythe action space: one flat Discrete space of atomic decisions.

A turn is a sequence of decisions (spec A.1); the phase in the state says which block of the
space is live, and the legal mask says which entries in it. Blocks (offset, size):

==================  =====  ====  ==========================================================
block               start  size  meaning
==================  =====  ====  ==========================================================
PASS                0      1     skip the top/bottom action, end a Move or Produce, decline a benefit
SECTION             1      5     place the action token on mat section 1-4 or the factory card
TOP                 6      16    Move, Gain, Bolster power, Bolster cards, Trade popularity,
                                 Trade one of the 10 resource pairs, Produce
UNIT                22     13    select a unit to move: character, mech 1-4, worker 1-8
LOAD_WORKER         35     8     load worker k onto the selected mech
LOAD_RESOURCE       43     4     carry one more token of food/wood/metal/oil
LOAD_ALL            47     4     carry every remaining token of that type
LOCATION            51     54    a territory 0-46 or home base 47-53: step destination,
                                 Trade target, Produce territory, payment source,
                                 Deploy/Build territory
AMOUNT              105    10    how many of a territory's workers produce (0-9)
UPGRADE_FROM        115    6     top-row slot whose cube is taken (data.UpgradeSlot)
UPGRADE_TO          121    4     bottom action whose cost the cube covers
MECH                125    4     mech slot to deploy
STRUCTURE           129    4     structure to build (data.Structure)
RECRUIT             133    4     bottom section whose recruit is enlisted
ONE_TIME            137    4     one-time bonus slot (data.RecruitBonus)
BOTTOM              141    2     take the bottom action (with coins / declining the coins)
DROP_WORKER         143    8     a Speed unit drops worker k mid-way (S13.4)
DROP_RESOURCE       151    4     ... or one carried token of that type
DIAL                155    8     set the power dial to 0-7 in a battle (S14.3)
CARD                163    4     add a combat card of value 2/3/4/5 to the battle (S14.4)
USE_ABILITY         167    1     use Artillery before a battle (S13.3)
REVEAL_OBJECTIVE    168    2     reveal the objective card in hand slot 1/2 (S17)
OPTION              170    3     choose option 1/2/3 of the encounter card (S15)
GAIN_RESOURCE       173    4     take one food/wood/metal/oil of an "any resources" gain
FACTORY_PICK        177    6     take the k-th of the factory cards still at the Factory (S16.1)
FACTORY_TOP         183    1     take the factory card's top action (S16.4)
==================  =====  ====  ==========================================================
"""

from __future__ import annotations

import itertools

from meeplegym.envs.scythe import data

PASS = 0
SECTION = 1
TOP = SECTION + 5
UNIT = TOP + 16
LOAD_WORKER = UNIT + 13
LOAD_RESOURCE = LOAD_WORKER + 8
LOAD_ALL = LOAD_RESOURCE + 4
LOCATION = LOAD_ALL + 4
AMOUNT = LOCATION + 54
UPGRADE_FROM = AMOUNT + 10
UPGRADE_TO = UPGRADE_FROM + 6
MECH = UPGRADE_TO + 4
STRUCTURE = MECH + 4
RECRUIT = STRUCTURE + 4
ONE_TIME = RECRUIT + 4
BOTTOM_TAKE = ONE_TIME + 4
BOTTOM_TAKE_NO_COINS = BOTTOM_TAKE + 1
DROP_WORKER = BOTTOM_TAKE_NO_COINS + 1
DROP_RESOURCE = DROP_WORKER + 8
DIAL = DROP_RESOURCE + 4
CARD = DIAL + 8
USE_ABILITY = CARD + 4
REVEAL_OBJECTIVE = USE_ABILITY + 1
OPTION = REVEAL_OBJECTIVE + 2
GAIN_RESOURCE = OPTION + 3
FACTORY_PICK = GAIN_RESOURCE + 4
FACTORY_TOP = FACTORY_PICK + 6
N_ACTIONS = FACTORY_TOP + 1
NUM_ACTIONS = N_ACTIONS  # its name before issue 46 (Imperium and Oath say N_ACTIONS), kept for scripts that use it
MAX_AMOUNT = 9

# Top-row options, offsets inside the TOP block.
TOP_MOVE = 0
TOP_GAIN = 1
TOP_POWER = 2
TOP_CARDS = 3
TOP_POPULARITY = 4
TOP_TRADE_PAIR = 5  # + pair index (10 unordered pairs of resource types, with repeats)
TOP_PRODUCE = 15

TRADE_PAIRS = tuple(itertools.combinations_with_replacement(range(4), 2))
assert len(TRADE_PAIRS) == 10

BLOCKS = (
    ("PASS", PASS, 1),
    ("SECTION", SECTION, 5),
    ("TOP", TOP, 16),
    ("UNIT", UNIT, 13),
    ("LOAD_WORKER", LOAD_WORKER, 8),
    ("LOAD_RESOURCE", LOAD_RESOURCE, 4),
    ("LOAD_ALL", LOAD_ALL, 4),
    ("LOCATION", LOCATION, 54),
    ("AMOUNT", AMOUNT, 10),
    ("UPGRADE_FROM", UPGRADE_FROM, 6),
    ("UPGRADE_TO", UPGRADE_TO, 4),
    ("MECH", MECH, 4),
    ("STRUCTURE", STRUCTURE, 4),
    ("RECRUIT", RECRUIT, 4),
    ("ONE_TIME", ONE_TIME, 4),
    ("BOTTOM", BOTTOM_TAKE, 2),
    ("DROP_WORKER", DROP_WORKER, 8),
    ("DROP_RESOURCE", DROP_RESOURCE, 4),
    ("DIAL", DIAL, 8),
    ("CARD", CARD, 4),
    ("USE_ABILITY", USE_ABILITY, 1),
    ("REVEAL_OBJECTIVE", REVEAL_OBJECTIVE, 2),
    ("OPTION", OPTION, 3),
    ("GAIN_RESOURCE", GAIN_RESOURCE, 4),
    ("FACTORY_PICK", FACTORY_PICK, 6),
    ("FACTORY_TOP", FACTORY_TOP, 1),
)

RESOURCE_NAMES = tuple(r.name.lower() for r in data.Resource)


# ---------------------------------------------------------------- naming actions
def _current_step(state):
    """The (op, amount, operand) row the card-effect interpreter is at."""
    from meeplegym.envs.scythe import state as S

    if state["effect_source"] == S.EFFECT_FACTORY:
        return data.FACTORY_PROGRAM[state["effect_card"], state["effect_pc"]]
    return data.ENCOUNTER_PROGRAM[state["effect_card"], state["effect_option"], state["effect_pc"]]


_GAIN_WORDS = {
    data.Op.COINS: "coins", data.Op.POPULARITY: "popularity", data.Op.POWER: "power",
    data.Op.COMBAT_CARDS: "combat cards", data.Op.WORKER: "workers",
}


def _unit_name(u: int) -> str:
    if u == 0:
        return "character"
    return f"mech {u}" if u <= 4 else f"worker {u - 4}"


def _cargo_words(state) -> str:
    workers = int(state["cargo_workers"].sum())
    parts = [f"{workers} worker{'s' if workers != 1 else ''}"] if workers else []
    parts += [f"{int(c)} {RESOURCE_NAMES[r]}" for r, c in enumerate(state["cargo_resources"]) if c]
    return " carrying " + ", ".join(parts) if parts else ""


def action_to_str(state, action: int) -> str:
    """Name `action` as a player would, in the context of the state's current decision."""
    # Imported here: state.py and the rules import this module for the layout constants.
    from meeplegym.envs.scythe import state as S

    a = int(action)
    s = state
    p = int(s["current"])
    phase = int(s["phase"])
    mat = data.PLAYER_MATS[s["mat"][p]]
    section = int(s["section"])

    def top_value(slot) -> int:
        return int(S.SLOT_VALUE[slot, s["upgraded"][p, slot]])

    def bottom_name(b: int) -> str:
        return data.BottomAction(b).name.title()

    if not 0 <= a < N_ACTIONS:
        return f"<invalid action {a}>"
    if a == PASS:
        return {
            S.PH_TOP: "Skip the top action",
            S.PH_MOVE_SELECT: "End the move",
            S.PH_MOVE_UNIT: f"Stop the {_unit_name(int(s['selected']))} here",
            S.PH_PRODUCE_SELECT: "Stop producing",
            S.PH_BOTTOM: f"Skip the bottom action ({bottom_name(section)})" if 0 <= section < 4 else "Skip",
            S.PH_UPGRADE_FROM: "Upgrade nothing",
            S.PH_DEPLOY_MECH: "Deploy no mech",
            S.PH_BUILD_STRUCTURE: "Build nothing",
            S.PH_ENLIST_RECRUIT: "Enlist no recruit",
            S.PH_ARTILLERY: "Do not use Artillery",
            S.PH_CARDS: "No more combat cards",
            S.PH_OBJECTIVE: "Keep the objectives hidden for now",
            S.PH_ENCOUNTER: "No second encounter option",
            S.PH_EFFECT: "Decline the rest of this benefit",
        }.get(phase, "Pass")
    if a < TOP:
        k = a - SECTION
        if k >= 4:
            return "Section 5: the factory card (its top action + move one unit up to 2 territories)"
        return f"Section {k + 1}: {mat.top_order[k].name.title()} + {bottom_name(k)}"
    if a < UNIT:
        option = a - TOP
        U = data.UpgradeSlot
        if option == TOP_MOVE:
            return f"Move up to {top_value(U.MOVE_UNITS)} units"
        if option == TOP_GAIN:
            return f"Gain ${top_value(U.MOVE_COINS)}"
        if option == TOP_POWER:
            return f"Bolster: pay $1, gain {top_value(U.BOLSTER_POWER)} power"
        if option == TOP_CARDS:
            n = top_value(U.BOLSTER_CARDS)
            return f"Bolster: pay $1, draw {n} combat card{'s' if n > 1 else ''}"
        if option == TOP_POPULARITY:
            return f"Trade: pay $1, gain {top_value(U.TRADE_POPULARITY)} popularity"
        if option < TOP_PRODUCE:
            r1, r2 = TRADE_PAIRS[option - TOP_TRADE_PAIR]
            return f"Trade: pay $1, gain 1 {RESOURCE_NAMES[r1]} + 1 {RESOURCE_NAMES[r2]}"
        workers_off = int((s["unit_loc"][p, S.FIRST_WORKER:] >= 0).sum())
        cost = S.PRODUCE_COST[workers_off]
        cost_words = ", ".join(
            f"{int(c)} {w}" for c, w in zip(cost, ("power", "popularity", "coin")) if c
        ) or "free"
        return f"Produce on up to {top_value(U.PRODUCE_TERRITORIES)} territories (cost: {cost_words})"
    if a < LOAD_WORKER:
        u = a - UNIT
        return f"Move {_unit_name(u)} from {data.location_name(int(s['unit_loc'][p, u]))}"
    selected = _unit_name(int(s["selected"])) if s["selected"] >= 0 else "unit"
    if a < LOAD_RESOURCE:
        return f"Load worker {a - LOAD_WORKER + 1} onto {selected}"
    if a < LOAD_ALL:
        r = a - LOAD_RESOURCE
        return f"{selected.capitalize()} carries 1 more {RESOURCE_NAMES[r]} ({int(s['cargo_resources'][r]) + 1} in all)"
    if a < LOCATION:
        r = a - LOAD_ALL
        here = int(s["resources"][s["unit_loc"][p, s["selected"]], r])
        return f"{selected.capitalize()} carries all {here} {RESOURCE_NAMES[r]}"
    if a < AMOUNT:
        loc = a - LOCATION
        where = data.location_name(loc)
        if phase == S.PH_MOVE_UNIT:
            origin = data.location_name(int(s["unit_loc"][p, s["selected"]]))
            return f"Move {selected} from {origin} to {where}{_cargo_words(s)}"
        if phase == S.PH_TRADE_LOC:
            r1, r2 = TRADE_PAIRS[int(s["pending"])]
            return f"Place 1 {RESOURCE_NAMES[r1]} + 1 {RESOURCE_NAMES[r2]} on {where}"
        if phase == S.PH_PRODUCE_SELECT:
            return f"Produce on {where}"
        if phase == S.PH_PAY:
            return f"Pay 1 {RESOURCE_NAMES[s['pay_resource']]} from {where}"
        if phase == S.PH_DEPLOY_LOC:
            return f"Deploy mech {int(s['pending']) + 1} on {where}"
        if phase == S.PH_BUILD_LOC:
            return f"Build the {data.Structure(int(s['pending'])).name.title()} on {where}"
        if phase == S.PH_COMBAT_ORDER:
            return f"Fight the battle on {where} next"
        if phase == S.PH_EFFECT:
            op = int(_current_step(s)[0])
            if op == data.Op.ANY_RESOURCES:
                return f"Place the resources on {where}"
            return f"{'Build' if op == data.Op.BUILD else 'Deploy'} on {where}"
        if phase == S.PH_RETREAT:
            return f"Retreat to {where}"
        return where
    if a < UPGRADE_FROM and phase == S.PH_EFFECT:
        op, amount, operand = (int(v) for v in _current_step(s))
        what = RESOURCE_NAMES[operand] if op == data.Op.RESOURCE else _GAIN_WORDS[op]
        return f"Take {a - AMOUNT} of the {amount} {what} offered"
    if a < UPGRADE_FROM:
        k = a - AMOUNT
        t = int(s["pending"])
        terrain = data.TERRITORIES[t].terrain
        product = data.PRODUCT[terrain]
        what = "worker" if product is None else RESOURCE_NAMES[product]
        plural = "s" if k != 1 and product is None else ""
        return f"Produce {k} {what}{plural} on {data.location_name(t)}"
    if a < UPGRADE_TO:
        slot = data.UpgradeSlot(a - UPGRADE_FROM)
        return f"Upgrade: take the cube from {slot.name.lower().replace('_', ' ')} ({top_value(slot)} -> {top_value(slot) + 1})"
    if a < MECH:
        b = a - UPGRADE_TO
        cost = int(S.BOTTOM_COST[s["mat"][p], b] - s["covered"][p, b])
        resource = RESOURCE_NAMES[S.BOTTOM_RESOURCE[b]]
        return f"Upgrade: cover a {bottom_name(b)} cost box ({cost} -> {cost - 1} {resource})"
    if a < STRUCTURE:
        return f"Deploy mech {a - MECH + 1}"
    if a < RECRUIT:
        return f"Build the {data.Structure(a - STRUCTURE).name.title()}"
    if a < ONE_TIME:
        b = a - RECRUIT
        bonus = data.RECRUIT_ONGOING_BONUS[data.BottomAction(b)]
        return f"Enlist the {bottom_name(b)} recruit (ongoing bonus: {bonus})"
    if a < BOTTOM_TAKE:
        k = data.RecruitBonus(a - ONE_TIME)
        return f"One-time bonus: +{data.RECRUIT_ONE_TIME_AMOUNT} {k.name.lower().replace('_', ' ')}"
    if a == FACTORY_TOP:
        card = int(s["factory_card"][p])
        return f"Factory card #{card + 1}: {data.describe_effects(data.FACTORY_PROGRAM[card], data.FACTORY_COST[card])}"
    if a >= FACTORY_PICK:
        card = int(s["factory_pool"][a - FACTORY_PICK])
        return f"Take factory card #{card + 1} ({data.describe_effects(data.FACTORY_PROGRAM[card], data.FACTORY_COST[card])})"
    if a >= GAIN_RESOURCE:
        taken = int(s["effect_sub"]) + 1
        return f"Take 1 {RESOURCE_NAMES[a - GAIN_RESOURCE]} (resource {taken} of the gain)"
    if a >= OPTION and s["effect_source"] == S.EFFECT_FACTORY:
        header = data.FACTORY_PROGRAM[s["effect_card"], s["effect_pc"]]
        width, k = int(header[2]), a - OPTION
        start = int(s["effect_pc"]) + 1 + k * width
        return f"Choose: {data.describe_effects(data.FACTORY_PROGRAM[s['effect_card'], start:start + width])}"
    if a >= OPTION:
        card, k = int(s["effect_card"]), a - OPTION
        words = data.describe_effects(data.ENCOUNTER_PROGRAM[card, k], data.ENCOUNTER_COST[card, k])
        return f"Encounter #{card + 1}, option {k + 1}: {words}"
    if a >= REVEAL_OBJECTIVE:
        card = int(s["objectives"][p, a - REVEAL_OBJECTIVE])
        return f"Reveal objective #{card + 1} {data.OBJECTIVE_CARDS[card].name} (a star)"
    if a == USE_ABILITY:
        return "Artillery: pay 1 power, the opponent loses 2 power"
    if a >= CARD:
        if phase == S.PH_FACTORY_CARD_COST:
            return f"Discard a combat card worth {a - CARD + 2} to pay for the factory card"
        if phase == S.PH_PAY:
            return f"Coercion: pay 1 {RESOURCE_NAMES[s['pay_resource']]} with a combat card worth {a - CARD + 2}"
        return f"Add a combat card worth {a - CARD + 2} to the battle"
    if a >= DIAL:
        return f"Set the power dial to {a - DIAL}"
    if a >= DROP_RESOURCE:
        return f"{selected.capitalize()} drops 1 {RESOURCE_NAMES[a - DROP_RESOURCE]} here"
    if a >= DROP_WORKER:
        return f"{selected.capitalize()} drops worker {a - DROP_WORKER + 1} here"
    b = section
    if b >= 4:
        return "Factory card: move one unit up to 2 territories"
    cost = int(S.BOTTOM_COST[s["mat"][p], b] - s["covered"][p, b])
    coins = int(S.BOTTOM_COINS[s["mat"][p], b])
    resource = RESOURCE_NAMES[S.BOTTOM_RESOURCE[b]]
    coin_words = f"gain ${coins}" if a == BOTTOM_TAKE else f"decline the ${coins}"
    return f"{bottom_name(b)}: pay {cost} {resource}, {coin_words}"
