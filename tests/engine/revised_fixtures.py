"""Codes of Revised (2008) games, frozen: every later version must still load them.

Never edit or regenerate an entry: a change here means links already shared would break. Each entry is
(name, kind, code, expected), where ``expected`` summarises the decoded state: options, phase, player to move,
turn and a digest of the board, the cards, the generator and the edition's part (``digest`` in the test), and
for a replay the number of actions. Seats of the codes are ``SEATS[:people]``. Made by playing seeded games of
``revised_scenario.RevisedRandomPlayer`` to the moment each name says.
"""

SEATS = (
    ("Zoë", 0, "human"), ("Łukasz", 1, "easy"), ("李雷", 2, "normal"), ("Ann-Marie O'Neil", 5, "hard"),
    ("bot 5", 4, "random"),
)

FIXTURES = [
    (
        "capital-placement",
        "game",
        "BAFgyle4Etd1S98YQc-NbrydRfdNqnJJgOzenOU-vKZTyBpqcRJmt9uIE0YK6tTMFVFGNAuPtJ0LdfKB9005bzQs-tM2Ba4g"
        "k3E",
        {"options": [], "phase": "capital", "current": 1, "turn": 0, "digest": "bc84fc0ae7c2e2ac"},
    ),
    (
        "claims",
        "game",
        "BAGAcPV9e9I2xAH3viyVY_GM_AyJG2NsQKtmF2ndSURSRAZR8pjhw0IsFnr8PsOOparh2XeYTs7OCHA78xMzA3BBFMytVBy4"
        "a7uARnO18CjY",
        {"options": [], "phase": "claim", "current": 3, "turn": 0, "digest": "34decf4959d0afde"},
    ),
    (
        "placing-the-rest",
        "game",
        "BAFA_3mim8X_FUD8wh6S1skgBol8d0LXUHO1_wvw7jd5L2Y7dO2RLoTJglPDZqHN3eRl4YJMo2taFgDXOco",
        {"options": [], "phase": "setup", "current": 2, "turn": 0, "digest": "9f507878d607d67a"},
    ),
    (
        "draft-after-a-trade",
        "game",
        "BAFgJEcqPeiq0HmAnhq9NixwQidgMGFcYOFWlSflm02hrea3V7kP3hU7PKtbILoyR3WAz4cztmrK40wmBLsDG_iiON1JAOe5"
        "I_Ts0icJS8HCZSxK2nQ1ygdPqtBIF4nh0_wjQAIJWnlttg",
        {"options": [], "phase": "reinforce", "current": 2, "turn": 11, "digest": "a41f9d84683198c2"},
    ),
    (
        "attack-with-rewards-held",
        "game",
        "BAGA5G0u4a7ijnMsgKtHSCVo8xiVjFQUiw9dE7qWYtuwfwnuDrZf0qt-CTs7SUDHF_-zL-4WH_XFnJ_iGtAo1iH6MkQxkKa0"
        "lbloYQlqhtvBnoD1xWUZPvJKQSFWhTbhxsMbvkNhps0aBetUvQXNGLOS",
        {"options": [], "phase": "attack", "current": 4, "turn": 51, "digest": "00f8663993bafe42"},
    ),
    (
        "after-an-elimination",
        "game",
        "BAFgd7tHEersM2VtiKFqkuuNo9Su2uo-Xz3_h6f_N2cFNSrjS690B8YfjFgUcCSMZVvharjslJ2dfrpl2i3HH-psiO8K_QVc"
        "4IsHMO-nnCCTm50CLGtR-l_Cb3-k3HV9JDz3oF_evvGMdt4",
        {"options": [], "phase": "occupy", "current": 1, "turn": 61, "digest": "053364002d753855"},
    ),
    (
        "over",
        "game",
        "BAFAc4UD1KezVpJon3GKR_qBSfrsDnmWkuiTNU6Bnm8L0-_L0KfwTpKPNMLAUK7nbIuwQ5YxTpTx2giWWORm5oqJMGQQT821"
        "-5r5Izv-y-8aRtH9XlxH3hsU-tNtQdRsG8X_MtWmWVCk",
        {"options": [], "phase": "over", "current": 0, "turn": 31, "digest": "26b43a67c246d366"},
    ),
    (
        "basic-training-maneuver",
        "state",
        "BREAygUCE8eNQtiiPUpWhvdi8kZ26JqM6CTAgJbC-y6K7LSQW8Qs0lZeuWWTmmY0BxuBt1Qzhwrn8o8PBfR7lvzPvrYzCp1Z"
        "2AokBSTxd34",
        {"options": ["basic-training"], "phase": "fortify", "current": 0, "turn": 4, "digest": "c06db109c5daf3b2"},
    ),
    (
        "world-conquest-over",
        "state",
        "BRFAaU9OsxiKlqkMfPTMmGe4N2ThZOovHf0ZU9OCk9F0guGCOsHFU-oWWwi6YwCIlc1CJ3oS-LKu18pWzROvCKflnw5Y3xLY"
        "p36Dz7CPp1xxxAK8",
        {"options": ["world-conquest"], "phase": "over", "current": 0, "turn": 98, "digest": "3bd437f171022d85"},
    ),
    (
        "whole-game-replay",
        "replay",
        "BhgBQNRWQn1jccw-3Z4isLCwe0yOdLsMRgixAb4g4FfdwIUeioH5lNDGlbwKvNz5kuUcwnA-88-RCnNu_Uu58YYYnriamrue"
        "DEX1qOF_SJaY4uN2stKBLjKsrVeDoFi7lEcHFRx6gGr9I_suPxNn4ir1Su2EnhKEXvyEgaX6WoL5rK_t485Z6MoRh8iahMkH"
        "UC7ah2s13tks_Hn5zmTsm2clnZz9L8wJStfwde3TOJ0CpprZmHcR8Ljm-VsvXA4_kTXYg1RdR5gfJ5j_AWYxMVM",
        {"options": [], "phase": "over", "current": 0, "turn": 17, "digest": "677feadcfb5515f7", "actions": 253},
    ),
]
