"""Okko: the names of the content, for the screens, logs and the terminal
player (engine/okko/data.py holds the numbers). The engine never imports
this module, so the rules and the computer partner do not pay for the
strings on the device.

Each table is one string with the names between "|", read on demand
(Names): about 2 KB loaded, where tuples of 140 strings took 5.2 KB.
"""


class Names:
    """A read-only sequence of names packed in one string."""

    def __init__(self, packed: str) -> None:
        self.packed = packed

    def __len__(self) -> int:
        return self.packed.count("|") + 1

    def __getitem__(self, index: int) -> str:
        count = len(self)
        if index < 0:
            index += count
        if not 0 <= index < count:
            raise IndexError("name index out of range")
        packed = self.packed
        start = 0
        while index:
            start = packed.index("|", start) + 1
            index -= 1
        end = packed.find("|", start)
        return packed[start:] if end < 0 else packed[start:end]

    def __iter__(self):
        for index in range(len(self)):
            yield self[index]

    def index(self, name: str) -> int:
        for index in range(len(self)):
            if self[index] == name:
                return index
        raise ValueError("%r is not a name here" % name)


KIND_NAMES = Names("Ally|Equipment|Special|Item|Kami")

ELEMENT_NAMES = Names("-|Water|Fire|Earth|Air|Void")

CLASS_NAMES = Names("-|Sword|Mask|Lotus|Fan")

HERO_NAMES = Names("Okko|Noburo|Noshin|Genji")

ADV_NAMES = Names(
    "Wandering Sellsword|Ashigaru Spearman|Village Elder|Temple Acolyte|Fisherman's Son|"
    "Tea-house Maiko|Yamabushi Hermit|Pine-forest Hunter|River Ferryman|Shinobi Informant|"
    "Veteran Samurai|Sumo Wrestler|Shrine Miko|Tanuki Trickster|Katana|Yari|War Fan|"
    "Paper Lantern|Prayer Beads|Kanabo|Sake Gourd|Straw Raincoat|Ofuda Talisman|Forced March|"
    "Night at the Onsen|Omen of Crows|Swift Messenger|Festival Offering"
)

SUP_NAMES = Names(
    "Kappa Innkeeper|Ferry Token|Inn Bouncer|Cucumber Offering|Suijin|Commander's Seal|"
    "Gate Captain|Signal Drum|Pass Map|Mountain Guide|Yama-no-Kami|Silk Merchant|"
    "Cocoon Lantern|Weaver's Key|Loyal Retainer|Purifying Salt|Fox Messenger"
)

ENEMY_NAMES = Names(
    "Kappa Brawler|Drunken Bandit|Gaki|Nure-onna|Bakeneko|Kitsune Deceiver|Inn Cutthroat|"
    "Wanyudo|Turncoat Ashigaru|Mountain Bandit|Tengu Scout|Karasu-tengu|Yuki-onna|"
    "Gashadokuro Shard|Ninja Assassin|Onryo|Oni Sentry|Silk-moth Swarm|Cocoon Puppet|"
    "Oni Retainer|Jorogumo|Ushi-oni|Rokurokubi|Shikigami Servant|Nue"
)

BOSS_NAMES = Names("Kawataro|Gozan|Iron Oni|Silk Matron|Heart of Mayudama")

JAR_NAMES = Names("Sake Jar|Ink Jar|Incense Jar|Rice Jar|Spirit Jar|Ash Jar")

BOARD_NAMES = Names("The Inn at Kappa|The Fort at Betten Pass|Mayudama's Domain")

LOC_NAMES = Names(
    "Misty Road|Rice Terraces|Inn Courtyard|Bathhouse|Reed Marsh|Kappa Pond|Foot of the Pass|"
    "Pilgrims' Rest|Rope Bridge|Outer Palisade|Barracks|Fort Keep|Mulberry Grove|Silk Village|"
    "Weaving Hall|Cocoon Gallery|Moth Garden|Mayudama's Chamber"
)
