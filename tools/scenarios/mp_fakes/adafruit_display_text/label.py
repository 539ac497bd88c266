"""Stand-in for adafruit_display_text.label: a Group that holds its fields."""

import displayio


class Label(displayio.Group):
    def __init__(self, font, *, x=0, y=0, text="", color=0xFFFFFF, background_color=None,
                 anchor_point=None, anchored_position=None, scale=1, **kwargs):
        super().__init__(x=x, y=y, scale=1)
        self.font = font
        self.text = text
        self.color = color
        self.background_color = background_color
        self.anchor_point = anchor_point
        self.anchored_position = anchored_position
        self.scale = scale
