"""Card effects as programs (DESIGN "Card effects as programs"): the shared compiler.

A game writes each card effect as one line of text in its own keyword vocabulary and this
module turns the line into rows of an integer array that a numba interpreter walks with a
program counter. The control structure is the same in every game, so it lives here once:

    seq   := stmt (';' stmt)*                 sentences, resolved in order (Imperium I6.1); steps
                                               joined by ',' without '=>' share one sentence
    stmt  := 'may' stmt                        optional: a yes/no decision
           | 'choose' '{' seq ('|' seq)+ '}'   exactly one of the options
           | 'upto' N '{' seq '}'              the block up to N times, asked before each
           | 'repeat' COUNT '{' seq '}'        the block once per thing the game's COUNT word
                                               counts ("for each #fertile in play")
           | 'if' COND '{' seq '}' ['else' '{' seq '}']
           | 'others' stmt | 'all' stmt        for each other player / every player in turn
                                               order; the affected player decides inside
           | 'owner' stmt                      as the owner of the card whose text runs (when
                                               someone else resolves it)
           | steps '=>' stmt                   costs, paid in full first, then the result
           | '{' seq '}'
           | step
    steps := step (',' step)*

A step is a game keyword followed by arguments (``gain 2 mat``, ``acquire REG/TRI``); the
game's `Vocabulary` turns its words into the columns of one row. Control rows use the opcodes
below; every row has ``W`` int32 columns: ``op, flags, a, b, c, d, e, f, g, h, i, jump``.
``jump`` holds a branch target; CHOOSE keeps its options in the separate `options` table as
(start, end) pairs so that the interpreter can test each option before offering it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

W = 12
COL_OP, COL_FLAGS, COL_JUMP = 0, 1, W - 1
ARG_COLUMNS = tuple(range(2, W - 1))  # a..i: what each step means by them is the game's

# Control opcodes, shared by all games; game opcodes start at FIRST_GAME_OP.
OP_END = 0  # end of the program
OP_JMP = 1  # go to `jump`
OP_MAY = 2  # yes/no; no -> `jump` (the end of the guarded statement)
OP_CHOOSE = 3  # a = number of options, b = first row in the options table; after: `jump`
OP_UPTO = 4  # a = most repetitions; body follows; no (or count spent) -> `jump`
OP_LOOP = 5  # end of an UPTO body: back to `jump` (the UPTO row)
OP_IF = 6  # the game's condition in a..i; false -> `jump`
OP_EACH = 7  # a = 1: every player from the owner on, 0: each other player, 2: the card's owner; body follows
OP_NEXT = 8  # end of an EACH body: next player -> `jump` (the body's first row), else on
OP_REPEAT = 9  # the game's count in a..i; body follows, ends with OP_LOOP; count done -> `jump`
FIRST_GAME_OP = 16

# Row flags shared by all games.
F_COST = 1  # a cost (I6.5-I6.8 in Imperium): tested before the statement is offered
F_SENTENCE = 1 << 30  # the first row of a sentence: reactions wait for one (Imperium I5.6)
F_USER = 2  # first flag bit a game may use (below F_SENTENCE)

_TOKEN = re.compile(r"\s*(=>|[{}|;,]|[^\s{}|;,]+)")


class ProgramError(ValueError):
    """An effect line that does not parse; the message names the card and the position."""


class Vocabulary:
    """What a game supplies: its step words and conditions, as columns of a row."""

    def step(self, words: list[str], flags: int) -> tuple[dict[int, int], int]:
        """Columns (index -> value) and flags of one step; raise ValueError for bad words."""
        raise NotImplementedError

    def condition(self, words: list[str]) -> dict[int, int]:
        raise NotImplementedError

    def count(self, word: str) -> dict[int, int]:
        """Columns of a REPEAT row: what the block is repeated once per."""
        raise NotImplementedError


@dataclass
class Compiled:
    """All programs of a game, concatenated. Row 0 is an END every missing program points at."""

    rows: list[list[int]] = field(default_factory=lambda: [[OP_END] + [0] * (W - 1)])
    options: list[tuple[int, int]] = field(default_factory=list)

    def arrays(self) -> tuple[np.ndarray, np.ndarray]:
        code = np.array(self.rows, dtype=np.int32)
        opts = np.array(self.options or [(0, 0)], dtype=np.int32)
        code.setflags(write=False)
        opts.setflags(write=False)
        return code, opts


class _Parser:
    def __init__(self, text: str, vocab: Vocabulary, out: Compiled, where: str):
        self.tokens = [m.group(1) for m in _TOKEN.finditer(text)]
        self.i = 0
        self.vocab = vocab
        self.out = out
        self.where = where

    # -- tokens
    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (expected is not None and tok != expected):
            self.fail(f"expected {expected or 'more'}, found {tok!r}")
        self.i += 1
        return tok

    def fail(self, message: str):
        before = " ".join(self.tokens[: self.i])
        raise ProgramError(f"{self.where}: {message} (after {before!r})")

    # -- emission
    def emit(self, op: int, flags: int = 0, cols: dict[int, int] | None = None, jump: int = 0) -> int:
        row = [0] * W
        row[COL_OP], row[COL_FLAGS], row[COL_JUMP] = op, flags, jump
        for k, v in (cols or {}).items():
            row[k] = v
        self.out.rows.append(row)
        return len(self.out.rows) - 1

    def here(self) -> int:
        return len(self.out.rows)

    def patch(self, row: int, jump: int) -> None:
        self.out.rows[row][COL_JUMP] = jump

    # -- grammar
    def program(self) -> int:
        start = self.here()
        self.seq()
        if self.peek() is not None:
            self.fail(f"unexpected {self.peek()!r}")
        self.emit(OP_END)
        return start

    def seq(self) -> None:
        self.sentence()
        while self.peek() == ";":
            self.take()
            self.sentence()

    def sentence(self) -> None:
        first = self.here()
        self.stmt()
        if first < self.here():
            self.out.rows[first][COL_FLAGS] |= F_SENTENCE

    def block(self) -> None:
        self.take("{")
        self.seq()
        self.take("}")

    def stmt(self) -> None:
        tok = self.peek()
        if tok == "may":
            self.take()
            row = self.emit(OP_MAY)
            self.stmt()
            self.patch(row, self.here())
        elif tok == "choose":
            self.take()
            row = self.emit(OP_CHOOSE)
            self.take("{")
            spans, exits = [], []
            while True:
                start = self.here()
                self.seq()
                exits.append(self.emit(OP_JMP))
                spans.append((start, self.here() - 1))
                if self.peek() == "|":
                    self.take()
                    continue
                self.take("}")
                break
            if len(spans) < 2:
                self.fail("choose needs at least two options")
            first = len(self.out.options)
            self.out.options.extend(spans)
            self.out.rows[row][2], self.out.rows[row][3] = len(spans), first
            end = self.here()
            for e in exits:
                self.patch(e, end)
            self.patch(row, end)
        elif tok == "upto":
            self.take()
            n = self.number(self.take())
            row = self.emit(OP_UPTO, cols={2: n})
            self.block()
            self.emit(OP_LOOP, jump=row)
            self.patch(row, self.here())
        elif tok == "repeat":
            self.take()
            try:
                cols = self.vocab.count(self.take())
            except ValueError as err:
                self.fail(str(err))
            row = self.emit(OP_REPEAT, cols=cols)
            self.block()
            self.emit(OP_LOOP, jump=row)
            self.patch(row, self.here())
        elif tok == "if":
            self.take()
            words = []
            while self.peek() not in ("{", None):
                words.append(self.take())
            try:
                cols = self.vocab.condition(words)
            except ValueError as err:
                self.fail(str(err))
            row = self.emit(OP_IF, cols=cols)
            self.block()
            if self.peek() == "else":
                self.take()
                skip = self.emit(OP_JMP)
                self.patch(row, self.here())
                self.block()
                self.patch(skip, self.here())
            else:
                self.patch(row, self.here())
        elif tok in ("others", "all", "owner"):
            self.take()
            row = self.emit(OP_EACH, cols={2: {"others": 0, "all": 1, "owner": 2}[tok]})
            self.stmt()
            self.emit(OP_NEXT, jump=row + 1)
            self.patch(row, self.here())
        elif tok == "{":
            self.block()
        else:
            self.steps()

    def steps(self) -> None:
        group = [self.words()]
        while self.peek() == ",":
            self.take()
            group.append(self.words())
        is_cost = self.peek() == "=>"
        for words in group:
            try:
                cols, flags = self.vocab.step(words, F_COST if is_cost else 0)
            except ValueError as err:
                self.fail(f"{' '.join(words)!r}: {err}")
            self.emit(cols.pop(COL_OP), flags, cols)
        if is_cost:
            self.take("=>")
            self.stmt()

    def words(self) -> list[str]:
        words = []
        while self.peek() not in (None, ";", ",", "=>", "{", "}", "|"):
            words.append(self.take())
        if not words:
            self.fail("empty step")
        return words

    def number(self, tok: str) -> int:
        if not tok.isdigit():
            self.fail(f"expected a number, found {tok!r}")
        return int(tok)


def compile_program(text: str, vocab: Vocabulary, out: Compiled, where: str) -> int:
    """Append one program to `out`; returns its first row."""
    return _Parser(text, vocab, out, where).program()


def block_rows(code: np.ndarray, start: int, end: int):
    """The top-level rows of [start, end): nested MAY/CHOOSE/UPTO/IF bodies are skipped (their
    rows are decided later). A Python helper for tests and tools; kernels walk the same way."""
    pc = start
    while pc < end:
        yield pc
        op = code[pc, COL_OP]
        pc = code[pc, COL_JUMP] if op in (OP_MAY, OP_CHOOSE, OP_UPTO, OP_REPEAT, OP_IF, OP_EACH) else pc + 1
