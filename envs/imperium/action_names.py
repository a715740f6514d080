"""Imperium actions and decisions in words (DESIGN "Decomposed decisions": `action_to_str`).

An action index means different things at different decision points (actions.py), so the
words come from the state: the phase, the pending decision (``dec``) and, inside a card
program, the row the top frame waits on (``effects.CODE[fr_pc]``). Cards are named by their
catalogue name, with the card id added where several cards share the name ("Unrest [UNR3]"),
so that every legal action at a decision has its own words. CHOOSE options and MAY statements
are described by their first step as the program spells it ("pay 1 pop => return this").
"""

from __future__ import annotations

from collections import defaultdict

from meeplegym import programs as P
from meeplegym.envs.imperium import actions as A
from meeplegym.envs.imperium import catalogue as K
from meeplegym.envs.imperium import data as D
from meeplegym.envs.imperium import effects as E
from meeplegym.envs.imperium import engine
from meeplegym.envs.imperium import state as ST
from meeplegym.envs.imperium.rules import turn, zones
from meeplegym.envs.imperium.rules import choices, frames

RESOURCES = tuple(r.code for r in D.Resource)
SUIT_CODES = tuple(s.code for s in D.Suit)
TYPE_CODES = tuple(t.code for t in D.TypeIcon)
STATE_CODES = tuple(s.code for s in D.StateIcon)
INNOVATE_SUITS = ("REG", "UNC", "CIV", "TRI")  # the SUIT block (actions.py)
PILE_NAMES = ("the region pile", "the uncivilised pile", "the civilised pile", "the main deck")
OP_NAMES = {code: name.replace("_", " ") for name, code in E.OP.items()}
_EVENT_PHRASES = {"EV_PLAY": "playing", "EV_ACQUIRE": "acquiring", "EV_BREAK": "breaking through",
                  "EV_RETURN_UNREST": "returning", "EV_TAKE_UNREST": "taking", "EV_ATTACK": "the attack of",
                  "EV_ATTACKED": "being attacked by", "EV_GAIN_MAT": "gaining mat from",
                  "EV_TRADE": "trading through", "EV_PROFIT": "the Profit of", "EV_ACCESSION": "the arrival of"}
#: state.EV_* -> words for "in reaction to <words> <card>" (a new event kind reads as its name)
EVENT_WORDS = {v: _EVENT_PHRASES.get(k, k[3:].lower().replace("_", " ")) for k, v in vars(ST).items()
               if k.startswith("EV_") and isinstance(v, int)}
SOURCE_WORDS = {
    E.SRC_HAND: "from your hand", E.SRC_DISCARD: "from your discard pile",
    E.SRC_HAND_OR_DISCARD: "from your hand or discard pile", E.SRC_PLAY: "in play",
    E.SRC_HISTORY: "from your history", E.SRC_MARKET: "from the market", E.SRC_HERE: "here",
    E.SRC_UNREST: "from the unrest pile", E.SRC_ATTACKER: "to the attacker",
    E.SRC_HAND_OR_PLAY: "from your hand or play area", E.SRC_NATION: "your nation deck",
}

# What picking a card does, by the opcode of the step that asks (DEC_CARD / DEC_UPTO).
CARD_PICK_WORDS = {
    E.OP_DISCARD: "discard {}",
    E.OP_HISTORY: "put {} into your history",
    E.OP_PLACE_TOP: "place {} on top of your draw pile",
    E.OP_DRAW: "take {} from your discard pile into your hand",
    E.OP_EXILE: "exile {} from your history",
    E.OP_RECALL: "recall {}",
    E.OP_ABANDON: "abandon {}",
    E.OP_RETURN_UNREST: "return {} to the unrest pile",
    E.OP_FREE_PLAY: "free-play {}",
    E.OP_GARRISON: "garrison {}",
    E.OP_RETURN_XTOKEN: "return the exhaust token on {}",
    E.OP_LOOK_FAME: "take {} from the fame pile",
    E.OP_DEVELOP: "develop {}",
    E.OP_SWAP_EXILED: "swap exiled {} into the market",
    E.OP_TRADE_ROUTE: "trade on {} and resolve its Commerce",
    E.OP_COMMERCE: "resolve the Commerce of {}",
    E.OP_REMOVE: "remove {} from the game",
    E.OP_MAIN_BOTTOM: "put exiled {} at the bottom of the main deck",
    E.OP_LEGENDS: "put {} into your legends",
    E.OP_SWAP_MARKET: "swap {} from your hand with a market card of its suit",
    E.OP_ORDER_NATION: "put {} back on top of your nation deck, the other looked-at card below it",
}


def _card_labels() -> tuple[str, ...]:
    """Each catalogue row's name, with its id where several physical cards share the name."""
    users: dict[str, set[int]] = defaultdict(set)
    for r, card in enumerate(D.CARDS):
        users[card.name].add(int(K.PHYSICAL[r]))
    return tuple(c.name if len(users[c.name]) == 1 else f"{c.name} [{c.id}]" for c in D.CARDS)


CARD_LABELS = _card_labels()


def card_name(state, c: int) -> str:
    """Physical card c by the face it shows."""
    c = int(c)
    if not 0 <= c < K.N_RECORDS:
        return f"card {c}"
    other = int(K.OTHER_FACE[c])
    return CARD_LABELS[other if state["face"][c] == 1 and other >= 0 else c]


# ---------------------------------------------------------------- program rows in words
def _filter_words(row) -> list[str]:
    out = []
    suits = int(row[E.C_SUITS])
    if suits:
        out.append("/".join(code for k, code in enumerate(SUIT_CODES) if suits >> k & 1))
    types = int(row[E.C_TYPES])
    if types:
        out.append("/".join(code for k, code in enumerate(TYPE_CODES) if types >> k & 1))
    fl = int(row[P.COL_FLAGS])
    if fl & E.F_SUIT_OR_TYPE:  # either: one word
        out[-2:] = ["/".join(out[-2:][::-1])]
    if fl & E.F_STATE_CARD:
        states = int(row[E.C_STATES])
        out.append("/".join(code for k, code in enumerate(STATE_CODES) if states >> k & 1) + " card")
    if fl & E.F_PINNED:
        out.append("pinned")
    if fl & E.F_ATTACK:
        out.append("attack")
    if fl & E.F_NOT_UNREST:
        out.append("(not unrest)")
    if fl & E.F_EXCEPT:
        excluded = int(row[E.C_EXCEPT])
        out.append("(not " + "/".join(code for k, code in enumerate(SUIT_CODES) if excluded >> k & 1) + ")")
    if fl & (E.F_NAMED | E.F_NOT_NAMED | E.F_SOME_NOT_NAMED):
        name = D.CARDS[int(row[E.C_CARD])].name
        out.append(f"named {name}" if fl & E.F_NAMED else
                   f"(not {name})" if fl & E.F_NOT_NAMED else f"(at least one not {name})")
    if fl & E.F_NOT_NATION:
        out.append("(not from your nation deck)")
    return out


def _per_words(row) -> list[str]:
    per = int(row[E.C_PER])
    mask = int(row[E.C_PER_MASK])
    if per == E.PER_SUIT:
        words = ["per " + "/".join(code for k, code in enumerate(SUIT_CODES) if mask >> k & 1)]
    elif per in (E.PER_TYPE, E.PER_DISTINCT, E.PER_ABANDONED):
        icons = "/".join(code for k, code in enumerate(TYPE_CODES) if mask >> k & 1)
        words = [{E.PER_TYPE: f"per {icons}", E.PER_DISTINCT: f"per icon of {icons} you have",
                  E.PER_ABANDONED: f"per {icons} abandoned"}[per]]
    elif per == E.PER_DID:
        words = ["per player who did"]
    elif per == E.PER_PLAYERS_CITY:
        words = ["per player with as many cities"]
    elif per == E.PER_HAND_GAP:
        words = ["up to your hand limit"]
    else:
        return []
    if int(row[E.C_MAX]) >= 0:
        words.append(f"(max {int(row[E.C_MAX])})")
    return words


def step_words(state, row) -> str:
    """One step row of a card program as the notation of effects.py reads it."""
    op = int(row[P.COL_OP])
    fl = int(row[P.COL_FLAGS])
    n = int(row[E.C_N])
    res = -1 if fl & E.F_STATE_CARD else int(row[E.C_RES])  # that column holds the state icons then
    name = OP_NAMES.get(op, f"step {op}")
    words = [name]
    if fl & E.F_UPTO:
        words.append("up to")
    if res >= 0 and op in (E.OP_ACQUIRE, E.OP_BREAK_THROUGH):
        words.append(f"(with {RESOURCES[res]} on it)")
    elif op == E.OP_CONVERT:
        words.append(f"{n} {RESOURCES[res]} into {RESOURCES[int(row[E.C_SRC])]}" + (" (gained)" if fl & E.F_IT else ""))
        return " ".join(words + _per_words(row))
    elif res >= 0:
        words.append(f"{n} {RESOURCES[res]}")
    elif op == E.OP_GAIN:
        words.append("every resource on a card")
    elif n != 1 or op in (E.OP_DRAW, E.OP_DISCARD):
        words.append(str(n))
    if fl & E.F_THIS:
        words.append("this")
    elif op == E.OP_GARRISON:
        words.append("a card")
    if op in (E.OP_FIND, E.OP_ABANDON, E.OP_RECALL) and int(row[E.C_CARD]) >= 0:
        words.append(card_name(state, int(row[E.C_CARD])))
    words += _filter_words(row)
    if fl & E.F_FROM_EXILE:
        words.append("from the exile")
    if fl & E.F_ALSO_EXILE:
        words.append("(also from the exile)")
    if op == E.OP_TAKE:
        words.append("fame" if fl & E.F_FAME else "unrest")
    source = "into your hand" if op == E.OP_DEVELOP and int(row[E.C_SRC]) == E.SRC_HAND else SOURCE_WORDS.get(int(row[E.C_SRC]))
    if source:
        words.append(source)
    words += _per_words(row)
    return " ".join(words)


def _condition_words(state, row) -> str:
    kind = int(row[E.C_N])
    if kind == E.COND_STATE:
        return f"if {STATE_CODES[int(row[E.C_RES])]}"
    if kind == E.COND_IN_HISTORY:
        return f"if {card_name(state, int(row[E.C_CARD]))} is in your history"
    if kind == E.COND_IN_PLAY:
        return "if you have " + " ".join(_filter_words(row)) + " in play"
    if kind == E.COND_MISSING:
        return "unless both named cards are in play"
    if kind == E.COND_END_TRIGGERED:
        return "if the game end has been triggered"
    if kind == E.COND_IT_HITS_REGIONS:
        return "if the attack makes you abandon or recall a REG"
    return "if (condition)"


def block_words(state, start: int, end: int) -> str:
    """The first statement of program rows [start, end): its control words, its costs and its
    first result ("may: pay 1 pop => return this")."""
    prefix = []
    costs = []
    pc = start
    while pc < end:
        row = E.CODE[pc]
        op = int(row[P.COL_OP])
        if op in (P.OP_END, P.OP_JMP, P.OP_LOOP, P.OP_NEXT):
            pc += 1
        elif op == P.OP_MAY:
            prefix.append("may")
            pc += 1
        elif op == P.OP_UPTO:
            prefix.append(f"up to {int(row[E.C_N])} times:")
            pc += 1
        elif op == P.OP_EACH:
            prefix.append(("each other player:", "every player:", "the owner of this card:")[int(row[E.C_N])])
            pc += 1
        elif op == P.OP_IF:
            prefix.append(_condition_words(state, row) + ":")
            pc += 1
        elif op == P.OP_CHOOSE:
            return _statement(prefix, costs, f"choose one of {int(row[E.C_N])}")
        elif int(row[P.COL_FLAGS]) & P.F_COST:
            costs.append(step_words(state, row))
            pc += 1
        else:
            return _statement(prefix, costs, step_words(state, row))
    return _statement(prefix, costs, "" if costs else "nothing")


def _statement(prefix: list[str], costs: list[str], result: str) -> str:
    cost = ", ".join(costs) + (" =>" if costs and result else "")
    return " ".join(w for w in prefix + [cost, result] if w)


# ---------------------------------------------------------------- the pending decision
def _top(state):
    """The top frame's index and the row it waits on, or (None, None) outside programs."""
    depth = int(state["depth"])
    if state["phase"] != ST.PH_EFFECT or depth == 0:
        return None, None
    f = depth - 1
    return f, E.CODE[int(state["fr_pc"][f])]


def source_name(state) -> str:
    """What the running program belongs to: a card, King of Kings, or a rules procedure."""
    f, _ = _top(state)
    if f is None:
        return "rules"
    c = int(state["fr_card"][f])
    if c >= 0:
        return card_name(state, c)
    if int(state["fr_rec"][f]) >= 0:
        return CARD_LABELS[int(state["fr_rec"][f])]
    if int(state["reshuffling"]) >= 0:
        return "reshuffle"
    return {turn.AFTER_INNOVATE: "Innovate", turn.AFTER_DRAW_UP: "cleanup draw-up",
            turn.AFTER_SETUP: "quick setup"}.get(int(state["after"]), "rules")


def _event(state) -> str:
    kind = int(state["ev_kind"][0])
    return f"{EVENT_WORDS.get(kind, f'event {kind}')} {card_name(state, int(state['ev_card'][0]))}"


def decision_text(state) -> str:
    """The pending decision in words: the engine's name for it, and inside a program whose
    text asks and what the step is."""
    text = engine.decision_name(state)
    if state["phase"] == ST.PH_EFFECT and state["dec"] == ST.DEC_REACT and state["n_events"] > 0:
        return f"{text} (to {_event(state)})"
    f, _ = _top(state)
    if f is None:
        return text
    return f"{text} ({source_name(state)}: {block_words(state, int(state['fr_pc'][f]), len(E.CODE))})"


# ---------------------------------------------------------------- actions
def action_to_str(state, action: int) -> str:
    """Action `action` at the decision pending in `state`, in words."""
    a = int(action)
    if not 0 <= a < A.N_ACTIONS:
        return f"action {a} (outside 0..{A.N_ACTIONS - 1})"
    if a == A.END:
        return _end_words(state)
    if a < A.OPTION:
        return ("activate", "innovate", "revolt")[a - A.TURN_TYPE]
    if a < A.SUIT:
        return _option_words(state, a - A.OPTION)
    if a < A.RESOURCE:
        suit = INNOVATE_SUITS[a - A.SUIT]
        return f"innovate {suit}: discard your hand and break through for {suit}"
    if a < A.MARKET:
        return _pay_words(state, a - A.RESOURCE)
    if a < A.PILE:
        return _market_words(state, a - A.MARKET)
    if a < A.CARD:
        return f"{source_name(state)}: break through from {PILE_NAMES[a - A.PILE]}"
    return _card_words(state, a - A.CARD)


def _end_words(state) -> str:
    phase = int(state["phase"])
    if phase == ST.PH_ACTIVATE:
        return "end turn"
    if phase == ST.PH_REVOLT:
        return "stop returning unrest"
    if phase == ST.PH_SCORING_RETURN:
        return "stop returning unrest: score"
    if phase == ST.PH_CLEANUP_DISCARD:
        return "stop discarding and draw up"
    if phase != ST.PH_EFFECT:
        return "end"
    dec = int(state["dec"])
    if dec == ST.DEC_REACT:
        return f"do not react to {_event(state)}"
    if dec == ST.DEC_DEVELOP:
        return "develop nothing and reshuffle"
    f, row = _top(state)
    src = source_name(state)
    if dec == ST.DEC_YESNO and row[P.COL_OP] == E.OP_GAIN:
        return f"{src}: ignore this gain of {step_words(state, row)[5:]} (Martians power A)"
    if dec == ST.DEC_YESNO and row[P.COL_OP] == P.OP_MAY:
        return f"{src}: decline ({block_words(state, int(state['fr_pc'][f]) + 1, int(row[P.COL_JUMP]))})"
    if dec == ST.DEC_YESNO:
        return f"{src}: stop repeating"
    return f"{src}: stop ({step_words(state, row)})" if row is not None else "stop"


def _option_words(state, k: int) -> str:
    f, row = _top(state)
    if row is None:
        return f"option {k + 1}"
    src = source_name(state)
    pc = int(state["fr_pc"][f])
    if state["dec"] == ST.DEC_YESNO and row[P.COL_OP] == E.OP_GAIN:
        return f"{src}: {step_words(state, row)}"
    if state["dec"] == ST.DEC_YESNO:
        body = block_words(state, pc + 1, int(row[P.COL_JUMP]))
        if row[P.COL_OP] == P.OP_UPTO:
            return f"{src}: do it again ({int(state['fr_loop'][f]) + 1} of up to {int(row[E.C_N])}): {body}"
        return f"{src}: yes, {body}"
    if state["dec"] == ST.DEC_ALLOT:
        left = int(state["op_left"])
        return (f"{src}: seat {k} takes one of the last unrest cards ({left} still to allot; "
                "the pile runs out and the game collapses)")
    if state["dec"] == ST.DEC_CHOOSE and k < int(row[E.C_N]):
        start, end = E.OPTIONS[int(row[E.C_RES]) + k]
        return f"choose option {k + 1} of {src}: {block_words(state, int(start), int(end))}"
    return f"{src}: option {k + 1}"


def _pay_words(state, r: int) -> str:
    need = state["pay_need"]
    base = ST.POP if need[ST.POP] > 0 else ST.MAT
    covered = 1 if r == base or base == ST.POP else min(2, int(need[ST.MAT]))
    return f"{source_name(state)}: pay {covered} {RESOURCES[base]} with 1 {RESOURCES[r]}"


def _market_words(state, slot: int) -> str:
    c = int(state["market"][slot])
    label = f"market slot {slot + 1} ({card_name(state, c) if c >= 0 else 'empty'})"
    if state["phase"] == ST.PH_CLEANUP_MARKET:
        power = int(state["power_card"][int(state["current"])])
        token = RESOURCES[int(E.MARKET_TOKEN_RES[zones.rec(state, power)])]  # Guptas gds, Wagadou mat
        return f"put {D.CLEANUP_MARKET_PRG} {token} on {label}"
    f, row = _top(state)
    if row is None:
        return label
    op = int(row[P.COL_OP])
    src = source_name(state)
    if op == E.OP_ACQUIRE:
        return f"{src}: acquire {label}"
    if op == E.OP_BREAK_THROUGH:
        return f"{src}: break through {label}"
    if op == E.OP_SWAP_EXILED:
        return f"{src}: swap exiled {card_name(state, int(state['op_sel']))} with {label}"
    if op in (E.OP_ADD, E.OP_MOVE):
        return f"{src}: {OP_NAMES[op]} {int(row[E.C_N])} {RESOURCES[int(row[E.C_RES])]} to {label}"
    if op == E.OP_GAIN:
        return f"{src}: gain every resource on {label}"
    if op == E.OP_SWAP_MARKET:
        return f"{src}: swap {card_name(state, int(state['op_sel']))} from your hand with {label}"
    return f"{src}: {OP_NAMES.get(op, 'pick')} {label}"


def _card_words(state, c: int) -> str:
    name = card_name(state, c)
    phase = int(state["phase"])
    if phase == ST.PH_ACTIVATE:
        if state["zone"][c] == ST.Z_HAND:
            free = turn.plays_free(state, c)
            return f"play {name}" + (" (free action)" if free else "")
        if choices.can_profit(state, int(state["actor"]), c):
            return f"profit from {name} (an action: its 3 gds to your pool, then its Profit effect)"
        return f"exhaust {name}"
    if phase == ST.PH_REVOLT:
        return f"revolt: return {name} to the unrest pile"
    if phase == ST.PH_SCORING_RETURN:
        pile = "chaos" if zones.is_chaos(state, c) else "unrest"
        return f"before scoring: return {name} to the {pile} pile"
    if phase == ST.PH_CLEANUP_DISCARD:
        return f"discard {name}"
    if phase == ST.PH_SOLSTICE:
        return f"resolve the Solstice effect of {name}"
    if phase != ST.PH_EFFECT:
        return name
    dec = int(state["dec"])
    if dec == ST.DEC_REACT:
        return f"exhaust {name} in reaction to {_event(state)}"
    if dec == ST.DEC_DEVELOP:
        cost = ", ".join(f"{int(k)} {RESOURCES[i]}" for i, k in enumerate(K.DEV_COST[c, :4]) if k)
        return f"develop {name} ({cost or 'free'}) before reshuffling"
    if dec == ST.DEC_MANA:
        where = "the discard pile" if int(state["mana_due"][0]) > 0 else "your legends"
        return f"spend mana {name} on the development: into {where}"
    f, row = _top(state)
    src = source_name(state)
    op = int(row[P.COL_OP])
    if dec == ST.DEC_HOST:
        return f"{src}: garrison {card_name(state, int(state['op_sel']))} under {name}"
    if dec in (ST.DEC_MARKET, ST.DEC_ROUTE):
        verb = "acquire" if op == E.OP_ACQUIRE else "break through"
        return f"{src}: {verb} exiled {name}"
    if op == E.OP_LOOK_FAME and int(state["op_stage"]) == frames.LOOK_ORDER:
        return f"{src}: put {name} back on top of the fame pile, the other looked-at card below it"
    if op == E.OP_FREE_PLAY and int(state["op_stage"]) >= frames.LOOK_ORDER:
        return f"{src}: put {name} back on the main deck, above the other looked-at cards left"
    if op == E.OP_GIVE:
        return f"{src}: give {name} to seat {int(state['fr_player'][f])}"
    if op == E.OP_REMOVE and int(row[E.C_SRC]) == E.SRC_DISCARD:
        return f"{src}: put development card {name} into your discard pile"
    if op == E.OP_SWAP_NATION:
        if int(state["op_stage"]) < 2:
            return f"{src}: swap {name} from your hand with a card of your nation deck"
        return f"{src}: swap {card_name(state, int(state['op_sel']))} with {name} of your nation deck"
    if op in (E.OP_MOVE, E.OP_ADD):
        return f"{src}: {OP_NAMES[op]} {int(row[E.C_N])} {RESOURCES[int(row[E.C_RES])]} onto {name}"
    template = CARD_PICK_WORDS.get(op)
    return f"{src}: " + (template.format(name) if template else f"{OP_NAMES.get(op, 'pick')} {name}")
