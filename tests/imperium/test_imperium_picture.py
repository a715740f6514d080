"""The Imperium picture (render_mode="rgb_array", issue 12): the market and each tableau as tiles."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("PIL")

from meeplegym import drawing  # noqa: E402
from meeplegym.envs.imperium import engine, picture  # noqa: E402
from meeplegym.envs.imperium import state as ST  # noqa: E402
from meeplegym.registry import make_env  # noqa: E402

STRIPE_Y = 6  # the banner stripe of a tile, below its top edge


def _pixel(image, x, y):
    return tuple(int(v) for v in image[int(y), int(x)])


def _market_x(slot):
    return 70 + slot * (picture.TILE_W + 8)


@pytest.fixture
def state():
    return engine.new_game(2, 4, nations=["mayans", "japanese"])


def test_the_env_returns_the_picture_as_an_rgb_array():
    env = make_env("imperium", num_players=2, render_mode="rgb_array", nations=["mayans", "japanese"])
    env.reset(seed=4)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.shape[2] == 3
    assert np.array_equal(frame, picture.rgb_array(env.unwrapped.state_record))


@pytest.mark.rule("I1.6")
def test_each_market_tile_shows_its_cards_banner_colour(state):
    s = state[0]
    image = picture.rgb_array(s)
    for slot in range(ST.MARKET_SLOTS):
        c = int(s["market"][slot])
        assert c >= 0
        assert _pixel(image, _market_x(slot) + 20, picture.MARKET_Y + STRIPE_Y) == picture.banner_colour(s, c)
    s["market"][0] = -1  # an empty slot has no tile
    assert _pixel(picture.rgb_array(s), _market_x(0) + 20, picture.MARKET_Y + STRIPE_Y) == drawing.BACKGROUND


def test_a_card_put_into_play_appears_as_a_tile_in_its_owners_panel(state):
    s = state[0]
    hand = [int(c) for c in np.flatnonzero((s["zone"] == ST.Z_HAND) & (s["owner"] == 1))]
    in_play = picture.cards_in(s, ST.Z_PLAY, 1)
    card = max(hand)
    assert card > max(in_play)  # it lands last in the row, ordered by id
    x = 16 + len(in_play) * (picture.PLAY_W + 6) + 20
    y = picture.PANELS_Y + picture.PANEL_HEIGHT + 46 + STRIPE_Y
    assert _pixel(picture.rgb_array(s), x, y) == (255, 255, 255)  # inside seat 1's empty panel
    s["zone"][card] = ST.Z_PLAY
    assert _pixel(picture.rgb_array(s), x, y) == picture.banner_colour(s, card)


def test_the_acting_seat_is_framed(state):
    s = state[0]
    image = picture.rgb_array(s)
    actor = int(s["actor"])
    frame_y = {p: picture.PANELS_Y + p * picture.PANEL_HEIGHT + 1 for p in range(2)}
    assert _pixel(image, 300, frame_y[actor]) == drawing.INK
    assert _pixel(image, 300, frame_y[1 - actor]) != drawing.INK


def test_a_panels_pile_line_is_dark_enough_to_read(state):
    """The second line of a panel (hand, draw pile, ... sizes) is drawn in drawing.SECONDARY at
    12 px: the old 11 px light grey was hard to read."""
    image = picture.rgb_array(state[0])
    y = picture.PANELS_Y + 28
    band = image[y: y + 16, 38: 600].astype(int).sum(axis=2) // 3
    assert band.min() <= sum(drawing.SECONDARY) // 3 + 15  # text there, and as dark as SECONDARY
