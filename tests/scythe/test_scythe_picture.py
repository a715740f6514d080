"""The Scythe picture (render_mode="rgb_array", issue 12): what is on the board shows where it is."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("PIL")

from meeplegym import InvalidOptionError  # noqa: E402
from meeplegym.envs.scythe import data, engine, picture  # noqa: E402
from meeplegym.envs.scythe.state import CHARACTER, FIRST_WORKER, OFF_BOARD  # noqa: E402
from meeplegym.registry import make_env  # noqa: E402


def _pixel(image, xy):
    return tuple(int(v) for v in image[int(round(xy[1])), int(round(xy[0]))])


@pytest.fixture
def state():
    return engine.new_game(2, 3, ("nordic", "crimea"), ("industrial", "engineering"))


def test_the_picture_is_an_rgb_array_the_env_returns(state):
    env = make_env("scythe", num_players=2, render_mode="rgb_array", factions=["nordic", "crimea"],
                   mats=["industrial", "engineering"])
    env.reset(seed=3)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert np.array_equal(frame, picture.rgb_array(env.unwrapped.state_record))
    env.step(env.unwrapped.legal_actions()[0])
    assert not np.array_equal(env.render(), frame)  # the turn counter and the chosen section at least


@pytest.mark.rule("D1.2")
def test_each_territory_is_drawn_in_its_terrain_colour(state):
    image = picture.rgb_array(state[0])
    for t in data.TERRITORIES:
        cx, cy = picture.CENTRES[t.id]
        assert _pixel(image, (cx - 20, cy + 11)) == picture.TERRAIN_COLOUR[t.terrain], t.name


@pytest.mark.rule("D1.5")
def test_rivers_run_along_the_shared_edges(state):
    image = picture.rgb_array(state[0])
    for a, b in data.RIVERS:
        (x0, y0), (x1, y1) = picture.d.shared_edge(picture.CENTRES[a], picture.CENTRES[b], picture.HEX)
        assert _pixel(image, ((x0 + x1) / 2, (y0 + y1) / 2)) == picture.RIVER, (a, b)
    not_river = (3, 4)  # neighbours with land between them
    assert not data.is_river(*not_river)
    (x0, y0), (x1, y1) = picture.d.shared_edge(picture.CENTRES[3], picture.CENTRES[4], picture.HEX)
    assert _pixel(image, ((x0 + x1) / 2, (y0 + y1) / 2)) != picture.RIVER


@pytest.mark.rule("S1.1")
def test_an_encounter_token_shows_until_it_is_taken(state):
    t = data.ENCOUNTER_IDS[0]
    cx, cy = picture.CENTRES[t]
    spot = (cx + 17, cy - 20)
    assert _pixel(picture.rgb_array(state[0]), spot) == picture.ENCOUNTER
    state[0]["encounter_token"][t] = 0
    assert _pixel(picture.rgb_array(state[0]), spot) == picture.TERRAIN_COLOUR[data.TERRITORIES[t].terrain]


def test_units_and_structures_appear_where_they_stand_in_the_faction_colour(state):
    s = state[0]
    t = 29  # an empty tundra hex in the middle of the board
    assert not (s["unit_loc"][:2] == t).any()
    cx, cy = picture.CENTRES[t]
    before = picture.rgb_array(s)
    s["unit_loc"][1][CHARACTER] = t  # Crimea's character, yellow
    s["unit_loc"][1][FIRST_WORKER + 7] = t
    s["structure_loc"][1][data.Structure.MILL] = t
    after = picture.rgb_array(s)
    crimea = picture.FACTION_COLOUR[data.Faction.CRIMEA]
    assert _pixel(before, (cx + 11, cy - 2)) != crimea and _pixel(after, (cx + 11, cy - 2)) == crimea  # character
    assert _pixel(after, (cx - 28, cy - 6)) == crimea  # the Mill's square
    s["unit_loc"][1][CHARACTER] = OFF_BOARD
    assert _pixel(picture.rgb_array(s), (cx + 11, cy - 2)) != crimea


def test_resources_are_labelled_on_their_territory(state):
    s = state[0]
    t = 29
    cx, cy = picture.CENTRES[t]
    box = (slice(int(cy + 14), int(cy + 30)), slice(int(cx - 20), int(cx + 20)))
    empty = picture.rgb_array(s)[box]
    s["resources"][t][data.Resource.METAL] = 3
    labelled = picture.rgb_array(s)[box]
    assert (labelled == picture.RESOURCE_COLOUR[data.Resource.METAL]).all(axis=-1).any()
    assert not (empty == picture.RESOURCE_COLOUR[data.Resource.METAL]).all(axis=-1).any()


def test_render_modes_the_env_does_not_offer_fail_at_construction():
    with pytest.raises(InvalidOptionError, match="render_mode"):
        make_env("scythe", num_players=2, render_mode="svg")


def test_the_single_seat_gymnasium_env_renders_pictures_too():
    import gymnasium

    env = gymnasium.make("meeplegym/Scythe-v0", opponents=["random"], seat=0, num_players=2, render_mode="rgb_array")
    env.reset(seed=5)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.shape[2] == 3
    assert np.array_equal(frame, picture.rgb_array(env.unwrapped.adapter.venv.states[0]))


def test_only_the_factions_in_the_game_have_their_home_base_in_full_colour(state):
    """issue 51: the bases of the three factions not at a two-player table looked like the seated ones'."""
    image = picture.rgb_array(state[0])
    seated = {data.Faction.NORDIC, data.Faction.CRIMEA}
    for base in data.HOME_BASES:
        if base.faction is None:
            continue
        seen = _pixel(image, picture.CENTRES[base.id])
        full = picture.FACTION_COLOUR[base.faction]
        assert (seen == tuple(full)) == (base.faction in seated), base.name


def test_resource_labels_never_overlap_and_stay_centred_on_their_territory():
    """issue 51: the labels of a territory holding several resources overlapped."""
    from PIL import Image, ImageDraw

    class Recording:
        def __init__(self):
            self.draw, self.boxes = ImageDraw.Draw(Image.new("RGB", (200, 100))), []

        def rectangle(self, box, **kwargs):
            self.boxes.append(box)

        def __getattr__(self, name):
            return getattr(self.draw, name)

    for amounts in ((1, 1, 1, 1), (12, 3, 100, 7), (0, 25, 0, 9)):
        canvas = Recording()
        picture._resource_labels(canvas, np.array(amounts), 100, 40)
        boxes = canvas.boxes
        assert len(boxes) == sum(1 for a in amounts if a)
        assert all(left[2] < right[0] for left, right in zip(boxes, boxes[1:])), boxes  # a gap between labels
        assert abs((boxes[0][0] + boxes[-1][2]) / 2 - 100) < 1  # centred
