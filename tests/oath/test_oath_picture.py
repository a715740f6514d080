"""The Oath picture (render_mode="rgb_array", issue 12): the map region by region, and a panel
per seat; hidden cards show only their backs (O9.4)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("PIL")

from meeplegym.envs.oath import picture  # noqa: E402
from meeplegym.envs.oath import state as S  # noqa: E402
from meeplegym.registry import make_env  # noqa: E402
from tests.oath import scenario as sc  # noqa: E402
from tests.oath.scenario import PLAINS  # noqa: E402

STRIPE_Y = 6  # the suit stripe of a tile, below its top edge


def _pixel(image, x, y):
    return tuple(int(v) for v in image[int(y), int(x)])


def _site_tile(k):
    """The first card tile of a Cradle slot (k = 0 or 1)."""
    return 12 + 8 + 20, picture.MAP_Y + 18 + k * picture.SLOT_H + 48 + STRIPE_Y


def _adviser_tile(p, i):
    panels_y = picture.MAP_Y + 24 + 3 * picture.SLOT_H
    return 34 + i * (picture.TILE_W + 6) + 20, panels_y + p * picture.PANEL_H + 44 + STRIPE_Y


def test_the_env_returns_the_picture_as_an_rgb_array():
    env = make_env("oath", num_players=3, render_mode="rgb_array", setup="tutorial", colours=["red", "blue"])
    env.reset(seed=4)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.shape[2] == 3
    assert np.array_equal(frame, picture.rgb_array(env.unwrapped.state_record))


@pytest.mark.rule("O2.6", "O2.8")
def test_a_site_card_shows_its_suit_stripe_and_the_map_shows_a_card_played_there():
    s = sc.ready()
    longbows = S.CARD_IDS["Longbows"]  # at the Plains, Cradle top
    assert _pixel(picture.rgb_array(s), *_site_tile(0)) == picture.suit_colour(longbows)
    sc.move(s, longbows, S.Z_DISCARD)  # the site empties: no tile
    assert _pixel(picture.rgb_array(s), *_site_tile(0)) == (255, 255, 255)
    sc.move(s, "Wolves", S.Z_SITE, PLAINS)
    assert _pixel(picture.rgb_array(s), *_site_tile(0)) == picture.suit_colour(S.CARD_IDS["Wolves"])


@pytest.mark.rule("O9.4")
def test_a_facedown_adviser_shows_its_back_and_never_its_suit():
    s = sc.ready()
    for c in range(1, S.FIRST_EDIFICE):
        if s["zone"][c] == S.Z_ADVISER and s["where"][c] == 1:
            sc.move(s, c, S.Z_WORLD_DECK)
    wolves = sc.move(s, "Wolves", S.Z_ADVISER, 1, faceup=0)
    x, y = _adviser_tile(1, 0)
    assert _pixel(picture.rgb_array(s), x, y) == picture.BACK
    s["faceup"][wolves] = 1
    assert _pixel(picture.rgb_array(s), x, y) == picture.suit_colour(wolves)


def test_a_panels_supply_line_is_dark_enough_to_read():
    """The second line of a panel (Supply, favor, secrets, warbands) is drawn in
    drawing.SECONDARY at 12 px: the old 11 px light grey was hard to read."""
    from meeplegym import drawing

    s = sc.ready()
    image = picture.rgb_array(s)
    y = picture.MAP_Y + 24 + 3 * picture.SLOT_H + 26
    band = image[y: y + 16, 34: 600].astype(int).sum(axis=2) // 3
    assert band.min() <= sum(drawing.SECONDARY) // 3 + 15  # text there, and as dark as SECONDARY
