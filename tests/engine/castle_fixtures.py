"""Codes of Castle Risk (1986) games, frozen: every later version must still load them.

Never edit or regenerate an entry: a change here means links already shared would break. Each entry is
(name, kind, code, expected), where ``expected`` summarises the decoded state: players, phase, player to move,
turn and a digest of the board, the cards, the generator and the edition's part (``digest`` in the test), and
for a replay the number of actions. Seats of the codes are ``SEATS[:people]``. Made by playing seeded games of
random legal actions (leaning to attacks and cards, as ``test_castle_games`` does) to the moment each name says.
"""

SEATS = (
    ("Zoë", 0, "human"), ("Łukasz", 1, "easy"), ("李雷", 2, "normal"), ("Ann-Marie O'Neil", 5, "hard"),
    ("bot 5", 4, "random"), ("Ærøskøbing", 3, "human"),
)

FIXTURES = [
    (
        "castle-placement",
        "game",
        "BAVgOvXjrs_7viFETdGp5XRZBWb8iAn8Kr7b36kRMMQlh-SbMmHm37m2n7TzNFLeTVvELEBq07g0SVfXd9hD0HDBOQ",
        {"people": 4, "phase": "castle", "current": 2, "turn": 0, "digest": "cada6a69a7e347e7"},
    ),
    (
        "claims",
        "game",
        "BAWAUQVb2YWaxnNwopfn5Zh_er358XxTsESEhdgGOEYJb737DpyawDZ9n15e_qH4f-WjQkqUT56ajUQWr5PVRx7ykMJ5CRD8"
        "1lzK",
        {"people": 5, "phase": "claim", "current": 4, "turn": 0, "digest": "c38b5b33405efe7e"},
    ),
    (
        "rounds-of-five",
        "game",
        "BAVAforb8LaiVoOvq59mY4u3WRRbFvDutvlzNtPoseBJmBU49xnywCbgF8abwTdh2UIBgN0abA",
        {"people": 3, "phase": "setup", "current": 0, "turn": 0, "digest": "736948d379c09d7e"},
    ),
    (
        "hidden-armies",
        "game",
        "BAWgIx3KslA9THwddkGA5TUVZr2p78tRkYfBY7yhgmzm2ec-POLMG4wuQTCH2zeDi4Gkz2nj9di1mr51x-H47NRRKuZhfZVK"
        "92tXN5TRHVCZwvLcQZR4cIHbgs3Fd8E1NCeNuDmuhmTjWq8NoW6CvblOL835tuiv4w-ZTBCYJp1bGgNSNX9e",
        {"people": 6, "phase": "hiding", "current": 2, "turn": 0, "digest": "c572fc4b8a617bcc"},
    ),
    (
        "reinforcement-placed",
        "game",
        "BAVgyQmA4i3gQ99oZIXlxxYqOUKVX9jbHpczFtIWE2UYndcNq0KyZj3DUGZkzAHC8ot8dxcVF7_PtXrMhOmEfGFf861nHh5d"
        "ROb5oicQA_eGmLvUPx3Ja-VFk-CriLe65k_2eUsNtdcr_hT9gXUpERbgoA",
        {"people": 4, "phase": "reinforce", "current": 1, "turn": 14, "digest": "ef89a8df1499d5b7"},
    ),
    (
        "truce-and-general",
        "game",
        "BAWA9BDJxsJjGgCe13wwCxBZR_8Vlkq7bTZ_rkn9_HTRggdKptI1Yb4K8KEyMgeqUMomLp7S7K8wsGIHhawgLZnEUn31h00i"
        "-0p8TRSvPAoYlLk9huEFWVcfYhRUcfsLEeljMSfE-wt3RfC9aC6VBmcD4tk-ag",
        {"people": 5, "phase": "attack", "current": 0, "turn": 11, "digest": "a760dc4fa854310f"},
    ),
    (
        "marshall-in-play",
        "state",
        "BQVAjODi8CueHCAZTmK_P1MJ_tdr53fddlXvo0a-tpJclWiZjfUQWX-kvVEIdEVb_eN-1IlprQuQcRJcyachgiDlYhCawjUL"
        "ZgzSQA",
        {"people": 3, "phase": "attack", "current": 1, "turn": 25, "digest": "027939c12f512626"},
    ),
    (
        "six-players-mid-game",
        "game",
        "BAWgG7ubanOUTnfnO5hE5wcgYmkYsuTl6ySohGldiRM1KiiL1Et935_Vdsu-jf1UL6Cj-Me9Lcoc9Rx2Od9cR1NBk90N9Q7Z"
        "GGAO-bimLRY_YXFKZs86HVvN5ACOMOWCxPM38R-PNTpVgCKebhILlpPbz8-fGMbWvCZkLQAo45fSHm4wVahMIv1N7A4",
        {"people": 6, "phase": "attack", "current": 0, "turn": 12, "digest": "708b3b24c6f480bc"},
    ),
    (
        "move-in-after-a-castle-fell",
        "game",
        "BAVgoBqNvBqy66znNXMymCnwZNF6Tm9o2aMz529hQIS7YPOs--tMUBslx4oNvUc0KI2u38dDyU7iPNVIMgyzu2gA7EkSimbv"
        "ODWxvIr5glO1Ov78s-YPDTTvqRxw-O-mVj1b7SNLRtjNQwFVG3MJ",
        {"people": 4, "phase": "occupy", "current": 2, "turn": 15, "digest": "4056f641d3000b10"},
    ),
    (
        "spy-look",
        "game",
        "BAVA5Neg3H3_1SLitxWKnQ_XyOPR9yBZb_Qg-myuDzE3rz8UzzdCzvcEoje91iIDCsYhL2FxOGouiY4dnsUuhn1uY586SYBw"
        "CcRYcYIeYu285nHEC-gyyzU",
        {"people": 3, "phase": "spy", "current": 2, "turn": 8, "digest": "bbf69059f9d811f4"},
    ),
    (
        "spoils",
        "state",
        "BQWgGJUTGwrlH8zGEVqL7ruhuKYziUvebRtKtfkdn-OABA3rzC49fZ6yCJoKJBFGvKTZUnZwja0jCQX3ImSvByCUTD-fNUPa"
        "QLO3YBUmExIkNYgKN_DlQA",
        {"people": 6, "phase": "spoils", "current": 1, "turn": 8, "digest": "5ae314b3d88dd737"},
    ),
    (
        "inherited-hidden-army",
        "game",
        "BAWAjR5bi-4VJ06DQAtBHBelrmMmuBl19okseUIyj6rN5ENklwvHlMriatVJm_IjmmNvBf1L5gb-9MMxUw3A8YwAToVayx0h"
        "-kE90KsyTogul4ULnXrWHEJDA9LvMhvKsXIDXm51y7Vtjuzzr3xYHqcpxY8",
        {"people": 5, "phase": "attack", "current": 0, "turn": 7, "digest": "4c46935dbf4a5c97"},
    ),
    (
        "two-players-over",
        "game",
        "BAUgLJVNKpHsrLeANnWWTKFX2zLiTqrvS6i3tfM38ILffCC49s0K42tMncytdg4vCcIAjAq_gb6dDNbvVLgB-fY8YA",
        {"people": 2, "phase": "over", "current": 1, "turn": 6, "digest": "74b46d651e867e07"},
    ),
    (
        "whole-game-replay",
        "replay",
        "BhgFQOyn9xK8wyW410dhZi7SPSL4Qko9YhC6AWLBQVb0i5-HvPp3e4XI1pfa0KoBvuunfbm-Xemg1M_E5hkgRgA4LAmrmO8S"
        "5lsG9kzbQi3jcjUGvJ4Ab0FxJYNr9Nfc3l--e_nx6Oxjp7Dsto4ogynhBnQ6VF90isnbH2rB34208GvC8B5PXGiFRVwmuJm2"
        "psSmCM3u8ZdqmyNbNI9tXGutIjISKbqriSHo6q4D576PZyg-ZQOylXfyIxXPtIgiQkeNtuLchY2kLU7TNNAnhg8d5i1pXeMB"
        "CqKPMCr7lwE4iblV9hKPshf5XRHUGolVx4nwcKEwZeIcMUFUJ8gv05z5u822JmPfcPEbchij8AONmLHef4taC8alsT70Sltg"
        "9oznb8kzg4QX2X6o9kBLMdlsHJ0FHgYYBjlOpb5rSi9ozY3IuZmDqJObj90AIZMTAYqlAleW8NGflro58agIZnGPpn_wfdBl"
        "bvzmgrPGa7GQtBrMxEmP08hKyYUOoO3vH_jCy_hz9lkKZLkHcHv1PyYdkOTUwTtBh7YQP7XeeVkyGrj21rsoKVnOX2bDAEje"
        "8CszJBcZqf3efQL6Gweq",
        {"people": 3, "phase": "over", "current": 0, "turn": 27, "digest": "c83eea0473824b71", "actions": 501},
    ),
    (
        "six-players-over",
        "state",
        "BQWgsh85jeT4O7AhIfldQ3qrS8iIj1p6UPI_E79V_bsxTWl1A_kHQ5WINYXF4ZlXO-C866YvrWGlAEEUDpsZoWkVxAj155sY",
        {"people": 6, "phase": "over", "current": 0, "turn": 30, "digest": "59a125b62b9bd8e4"},
    ),
]
