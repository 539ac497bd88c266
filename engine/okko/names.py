"""Okko: the names of the content, for the screens, logs and the terminal
player (engine/okko/data.py holds the numbers). The engine never imports
this module, so the rules and the computer partner do not pay for the
strings on the device.
"""

KIND_NAMES = ("Ally", "Equipment", "Special", "Item", "Kami")

ELEMENT_NAMES = ("-", "Water", "Fire", "Earth", "Air", "Void")

CLASS_NAMES = ("-", "Sword", "Mask", "Lotus", "Fan")

HERO_NAMES = ("Okko", "Noburo", "Noshin", "Genji")

ADV_NAMES = (
    "Wandering Sellsword", "Ashigaru Spearman", "Village Elder", "Temple Acolyte",
    "Fisherman's Son", "Tea-house Maiko", "Yamabushi Hermit", "Pine-forest Hunter",
    "River Ferryman", "Shinobi Informant", "Veteran Samurai", "Sumo Wrestler",
    "Shrine Miko", "Tanuki Trickster",
    "Katana", "Yari", "War Fan", "Paper Lantern", "Prayer Beads", "Kanabo",
    "Sake Gourd", "Straw Raincoat",
    "Ofuda Talisman", "Forced March", "Night at the Onsen", "Omen of Crows",
    "Swift Messenger", "Festival Offering",
)

SUP_NAMES = (
    "Kappa Innkeeper", "Ferry Token", "Inn Bouncer", "Cucumber Offering", "Suijin",
    "Commander's Seal", "Gate Captain", "Signal Drum", "Pass Map", "Mountain Guide",
    "Yama-no-Kami",
    "Silk Merchant", "Cocoon Lantern", "Weaver's Key", "Loyal Retainer", "Purifying Salt",
    "Fox Messenger",
)

ENEMY_NAMES = (
    "Kappa Brawler", "Drunken Bandit", "Gaki", "Nure-onna", "Bakeneko",
    "Kitsune Deceiver", "Inn Cutthroat", "Wanyudo",
    "Turncoat Ashigaru", "Mountain Bandit", "Tengu Scout", "Karasu-tengu", "Yuki-onna",
    "Gashadokuro Shard", "Ninja Assassin", "Onryo", "Oni Sentry",
    "Silk-moth Swarm", "Cocoon Puppet", "Oni Retainer", "Jorogumo", "Ushi-oni",
    "Rokurokubi", "Shikigami Servant", "Nue",
)

BOSS_NAMES = ("Kawataro", "Gozan", "Iron Oni", "Silk Matron", "Heart of Mayudama")

JAR_NAMES = ("Sake Jar", "Ink Jar", "Incense Jar", "Rice Jar", "Spirit Jar", "Ash Jar")

BOARD_NAMES = ("The Inn at Kappa", "The Fort at Betten Pass", "Mayudama's Domain")

LOC_NAMES = (
    "Misty Road", "Rice Terraces", "Inn Courtyard", "Bathhouse", "Reed Marsh", "Kappa Pond",
    "Foot of the Pass", "Pilgrims' Rest", "Rope Bridge", "Outer Palisade", "Barracks",
    "Fort Keep",
    "Mulberry Grove", "Silk Village", "Weaving Hall", "Cocoon Gallery", "Moth Garden",
    "Mayudama's Chamber",
)
