"""LED effects on NeoPixels, on an RGB LED, on nothing; the setting turns them off."""

from sanbon.leds import HIT, OFF, SEAT_COLORS, Leds, dim
from sanbon.profile import Settings


class Pixels(list):
    def __init__(self, n):
        super().__init__([OFF] * n)
        self.shows = 0

    def show(self):
        self.shows += 1


class Rgb:
    def __init__(self):
        self.value = None

    def set(self, r, g, b):
        self.value = (r, g, b)


class Board:
    def __init__(self, pixels=None, rgb=None):
        self.pixels = pixels
        self.rgb_led = rgb


def test_turn_colour_and_no_rewrite_when_nothing_changes():
    px = Pixels(4)
    leds = Leds(Board(px), Settings())
    leds.turn(1)
    leds.tick(0)
    assert list(px) == [dim(SEAT_COLORS[1], 4)] * 4
    shows = px.shows
    for t in range(10, 200, 10):
        leds.tick(t)
    assert px.shows == shows


def test_dice_with_kept_dice_dim():
    px = Pixels(4)
    leds = Leds(Board(px), Settings())
    cols = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]
    leds.dice(cols, kept=(1, 3))
    leds.tick(0)
    assert px[0] == cols[0] and px[2] == cols[2]
    assert px[1] == dim(cols[1], 8) and px[3] == dim(cols[3], 8)


def test_flash_then_back_to_steady():
    px = Pixels(4)
    leds = Leds(Board(px), Settings())
    leds.turn(0)
    leds.tick(0)
    leds.flash(HIT, times=2)
    seen = set()
    for t in range(0, 700, 10):
        leds.tick(t)
        seen.add(px[0])
    assert HIT in seen and OFF in seen
    assert px[0] == dim(SEAT_COLORS[0], 4)


def test_win_chase_lights_each_pixel():
    px = Pixels(4)
    leds = Leds(Board(px), Settings())
    leds.win((255, 180, 0))
    lit = set()
    for t in range(0, 1000, 20):
        leds.tick(t)
        lit.update(i for i in range(4) if px[i] == (255, 180, 0))
    assert lit == {0, 1, 2, 3}


def test_setting_off_darkens_everything():
    px = Pixels(4)
    s = Settings()
    leds = Leds(Board(px), s)
    leds.turn(2)
    leds.tick(0)
    s.leds = 0
    leds.tick(10)
    assert list(px) == [OFF] * 4
    leds.flash()
    leds.tick(20)
    assert list(px) == [OFF] * 4


def test_rgb_led_shows_the_first_colour_and_no_leds_is_fine():
    rgb = Rgb()
    leds = Leds(Board(rgb=rgb), Settings())
    leds.turn(3)
    leds.tick(0)
    assert rgb.value == dim(SEAT_COLORS[3], 4)
    both = Leds(Board(Pixels(4), Rgb()), Settings())
    both.turn(0)
    both.tick(0)
    assert both.rgb.value == dim(SEAT_COLORS[0], 4)
    none = Leds(Board(), Settings())
    none.turn(0)
    none.flash()
    none.tick(0)
    assert not none.present
