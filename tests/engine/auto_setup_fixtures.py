"""Codes of games set up automatically (the option ``auto-setup`` of the Revised edition and Castle Risk), frozen:
every later version must still load them, and replay them from their seed to the same setup.

Never edit or regenerate an entry: a change here means links already shared would break, or that the automatic
setup (``risk.auto_setup``, a part of the rules) chose differently from the same seed. Each entry is
(name, kind, code, expected), where ``expected`` summarises the decoded state: edition, options, players, phase,
player to move, turn and a digest of the board, the cards, the generator and the edition's part (the ``digest`` of
``test_revised_fixtures`` or ``test_castle_fixtures``), and for a replay the number of actions. Seats of the codes
are ``SEATS[:people]``. Made by starting seeded games with the option and letting normal bots play the number of
actions each replay holds.
"""

SEATS = (
    ("Zoë", 0, "human"), ("Łukasz", 1, "easy"), ("李雷", 2, "normal"), ("Ann-Marie O'Neil", 5, "hard"),
    ("bot 5", 4, "random"), ("Ærøskøbing", 3, "human"),
)

FIXTURES = [
    (
        "revised-first-turn",
        "game",
        "BCFA9jT_Fj1ITNsQVTwm6AOxux4bv6Hqi1YpYzXZW1FiRSZPxGexwIxnRhwaDLUR6-ORspGZbUgpx7Rf7UjcJcqiN7iIHiP5"
        "frSRGzK1Hk1XwqrDHQ0BgTID",
        {"edition": "revised", "options": ["auto-setup"], "people": 3,
         "phase": "reinforce", "current": 1, "turn": 1, "digest": "06aca94cd91c4e2d"},
    ),
    (
        "revised-5-world-conquest",
        "game",
        "BFFAapvhKr_TeZ3ilu6Fw13FbctL1_o2RGHya6RXWbW1uHiK3zxOqOA_UXA4bXpDdcwipyuYF1xl45gmstyfwAc_utl7Nb-e"
        "fB0ZtytmUp-E2SlKtxbwJUGCtOp2Vj1xWhDXmkqAh4bKVtygYzw-DeGUGK8",
        {"edition": "revised", "options": ["auto-setup", "world-conquest"], "people": 5,
         "phase": "reinforce", "current": 2, "turn": 1, "digest": "76918ad4a967c5ed"},
    ),
    (
        "revised-basic-training-replay",
        "replay",
        "BiRRgI1PDKoYSVAFa7gXVlnBLdD502WzHgtoqp_zAXuX3Qm4kgEeQX99WcByDUz9fpZD_u90dUJ8_YjdSDVLo80FUQkC5TPM"
        "_g",
        {"edition": "revised", "options": ["auto-setup", "basic-training"], "people": 4,
         "phase": "occupy", "current": 1, "turn": 5, "digest": "3942a22d0209b6d3", "actions": 40},
    ),
    (
        "castle-first-turn",
        "game",
        "BCUgvbp1eoskye8GBVqBsdpIxIJOp9-n22s68IfOytfFKDaSXB_Q7OBIrkVH3z81CvIfQau07EpWOHFadQAtJgXusKy72WKs"
        "VA",
        {"edition": "castle", "options": ["auto-setup"], "people": 2,
         "phase": "attack", "current": 0, "turn": 1, "digest": "a048e89664e939e8"},
    ),
    (
        "castle-6-replay",
        "replay",
        "BjYloANWTln2SsrkTksBNrBEC0uLXoULOrWGRksMcHdEz_9kXaqz4SvgJD-8RnU77cKO-dAGNEccuLmlR-KORqW39m3aVib6"
        "Xt643ybv1fRycOhCBMJa9oQ",
        {"edition": "castle", "options": ["auto-setup"], "people": 6,
         "phase": "spy", "current": 0, "turn": 4, "digest": "5717175c4528c7a8", "actions": 40},
    ),
    (
        "castle-4-attack",
        "game",
        "BCVgEv8uyUD8p_ziF-14g6pZibucZV96_H3hml5Nx9cAy2D_Osq061hoFxjwH7hePJGM5EmewEM-DeI01l1N07B7WRcjl8Ch"
        "EnUmiBgiydnnvv-nQpHa-jqLedaq8WSsvCtSc1dIz5lPijIjRQ",
        {"edition": "castle", "options": ["auto-setup"], "people": 4,
         "phase": "attack", "current": 2, "turn": 3, "digest": "9f8919748df820f8"},
    ),

]
