"""Stand-in for CircuitPython's pwmio: PWMOut records duty_cycle and frequency.

Two PWMOuts on one RP2040 slice must ask for the same frequency, as on the
device ("Frequency must match existing PWMOut using this timer").
``instances`` holds every PWMOut made, oldest first.
"""

import microcontroller

instances = []


class PWMOut:
    def __init__(self, pin, *, duty_cycle=0, frequency=500, variable_frequency=False):
        s = microcontroller.pwm_slice(pin)
        users = microcontroller.slice_users.get(s, 0)
        if users and microcontroller.slice_frequency[s] != frequency:
            raise ValueError("Frequency must match existing PWMOut using this timer")
        microcontroller.claim(pin, self)
        microcontroller.slice_users[s] = users + 1
        microcontroller.slice_frequency[s] = frequency
        self.pin = pin
        self.frequency = frequency
        self.duty_cycle = duty_cycle
        self.variable_frequency = variable_frequency
        self.deinited = False
        instances.append(self)

    def deinit(self):
        if not self.deinited:
            self.deinited = True
            microcontroller.release(self.pin)
            s = microcontroller.pwm_slice(self.pin)
            microcontroller.slice_users[s] -= 1
