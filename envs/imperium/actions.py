"""Imperium action space: one flat Discrete space of atomic decisions (I17).

The phase and pending decision in the state say which block is live; the legal mask says
which entries in it. Blocks (offset, size):

=========  =====  =====  =====================================================================
block      start  size   meaning
=========  =====  =====  =====================================================================
END        0      1      end the Activate loop; decline a MAY; stop an "up to"; no develop;
                         stop returning (Revolt) or discarding (cleanup)
TURN_TYPE  1      3      Activate / Innovate / Revolt (D2)
OPTION     4      6      option k of a CHOOSE (D4); OPTION 0 is "yes" to a MAY / "again"
SUIT       10     4      Innovate for REG / UNC / CIV / TRI (D9)
RESOURCE   14     4      pay the next unit of a cost with mat / pop / prg / gds (D5)
MARKET     18     5      market slot 1-5: acquire, break through, exile, add, cleanup token
PILE       23     4      break through in the region / uncivilised / civilised pile, or the
                         main deck (D6)
CARD       27     499    a card by catalogue row (its A face): play it from hand or use its
                         exhaust ability (D3), or pick it as a target (D4, D13, D18, D19)
=========  =====  =====  =====================================================================
"""

from __future__ import annotations

from meeplegym.envs.imperium import catalogue as K

END = 0
TURN_TYPE = 1
OPTION = TURN_TYPE + 3
SUIT = OPTION + 6
RESOURCE = SUIT + 4
MARKET = RESOURCE + 4
PILE = MARKET + 5
CARD = PILE + 4
N_ACTIONS = CARD + K.N_RECORDS

ACTIVATE, INNOVATE, REVOLT = 0, 1, 2
MAX_OPTIONS = OPTION_COUNT = SUIT - OPTION
