"""Codes made by format 1 of :mod:`risk.codec`, frozen: every later version must still load them.

Never edit or regenerate an entry: a change here means links already shared would break. Each entry is
(name, kind, code, expected), where ``expected`` summarises the decoded state: phase, player to move,
turn and a digest of the board, hands, deck and generator (``digest`` in the test). Seats of the game
codes are ``SEATS[:people]``.
"""

SEATS = (
    ("Zoë", 0, "human"), ("Łukasz", 1, "easy"), ("李雷", 2, "normal"), ("Ann-Marie O'Neil", 5, "hard"),
    ("bot 5", 4, "random"), ("Sam", 3, "coach"),
)

FIXTURES = [
    (
        "claiming",
        "game",
        "AQAQsoASb_BODkDdR_S_YFiJJ-autjOU0Ej7JNycaPZ_mgooYqdoAnJUNQPKN1RA",
        {"phase": "claim", "current": 1, "turn": 0, "digest": "20d3bf07812a5137"},
    ),
    (
        "two-player-neutral-setup",
        "game",
        "AQCIZuoXFqxz3xcewr8bM-9Z4kxs6uaE9v1BpSWu7yGsgCrVHYdPatNdPw",
        {"phase": "setup", "current": 0, "turn": 0, "digest": "6bdd57e394751331"},
    ),
    (
        "headquarters-choosing",
        "game",
        "ARjYoBqjwzo9ty5WewOPV5DMhWUUiMehhwrqGmVPWVR7ffdzQpy3YaJs615BVbX9GvokIFKiDAJfcRKeqcG53dK3sS5siQkr"
        "SV-7DivGXBj1skomKg5f3YoVX4jECGkI114VeA",
        {"phase": "headquarters", "current": 2, "turn": 0, "digest": "106d7ede3f811981"},
    ),
    (
        "headquarters-mid-game",
        "game",
        "ARhYke25Wd4oIT70DMQ42wRe5SZtWJpYZKlMfIg1siVEFJMstlnBhtFnnIeQ1AAKtsmPuQTBBCtcD_Hu9MbSVFC6fhAWWI62"
        "FZfE_wrjtsflSMhr6H0N2Vr4IqBQ0XWh-Q",
        {"phase": "attack", "current": 1, "turn": 9, "digest": "b710230de57ed868"},
    ),
    (
        "six-player-mid-game",
        "game",
        "AQAow7FHVJ1OrDmmDtPO0MZOQl5EMK163pTO1gEqkVle-k7wjRcM27YdYOW5loJ0We0ec8SePgeYtWWTMD98J8ZKPUZznALH"
        "lnyKLf0ai6eabN2Dmym6bfYFHbKzVvLQewHFNr0",
        {"phase": "attack", "current": 1, "turn": 40, "digest": "9630b5d1964fe14e"},
    ),
    (
        "battle-pending",
        "game",
        "AYCe4yUvxC-LbEUYhQstYOqHGaK2rAnk3AgIdcDghl-2VKoaPbU2bHNW3_Rdkj7TLbmADO969RH-ToswXEt-v5aiqPtK8ghx"
        "zUd8ZI5D_Bfepa3YhWh6xfvdkkPuQnpPKAGiVjre",
        {"phase": "battle", "current": 2, "turn": 3, "digest": "b49debf3c333405c"},
    ),
    (
        "occupy-after-elimination",
        "game",
        "AQDg8dsfLPSGXveR7lR2aMHDC-4ab8ZdsaiLSeFLU5I7c1I8k9x3VZBEnBV4pmsM_wWazDhKAvcwsxOANpPr4hwbzyVqliLg"
        "xQJe6s4ZHbVb4ibWF1cGuWMHRl_kIA",
        {"phase": "occupy", "current": 2, "turn": 40, "digest": "6ff13ad97d7572bc"},
    ),
    (
        "fortify-1963",
        "game",
        "AYJRX2tlyxBiEeleICKL5x50Ks98U6CY_IqhGtxAcXabRUHHvOq7z_eESGFTfW1-rk-Zj5EDI_KwuvGNXAW_vIT7-M82giYj"
        "dELF0nuVywAU4Wq-9A",
        {"phase": "fortify", "current": 1, "turn": 1, "digest": "01e3ecbc8855c26e"},
    ),
    (
        "game-over",
        "game",
        "AQDQA0DNWNe3CYWh3dnZPBo9uO1dmm3KHK2tpO192pl1poVMdABZaOVf_Y057cUDge0e3tMLh45fOdCL5DeJBj1xy-k",
        {"phase": "over", "current": 0, "turn": 75, "digest": "bce0ad882972faa7"},
    ),
    (
        "plain-layout",
        "game",
        "AQAQ-DLqVL87yG_6qLTCkRng1517kVJPPp3dctINSfs__DJQn3Z5_y9PZ4jfwSumMXh4zdsxkXN79bbjOQQRBGvZ4JFjqvSq"
        "Jx7_SWj34M4jnK5-3WduRBIj1A9GRvyc",
        {"phase": "attack", "current": 0, "turn": 12, "digest": "bad41026fb9f340c"},
    ),
    (
        "state-code-1963-two-players",
        "state",
        "AgIIZfYGtGYkgNnNZHwfhwToWq6XJsi3LCDA_T1Rkl7oE7J6m5GyvpE51fXw1Mm2uj4SFmZN59o",
        {"phase": "reinforce", "current": 1, "turn": 15, "digest": "db062672ab4b912c"},
    ),
    (
        "whole-game-replay",
        "replay",
        "AxgI0MwvcezbC0vq_xkVYcuhmtqlnamJAQTCAVYAmHNqz9PDTinGuibDuMQBZql92ZsEGIdIDzSbjF7dIMuB0YlSgee7GON7"
        "lW90NoqziHBRerGj_p23h4-Yo1cPZdo_LKjVM6kzPpvKhpqNmvJWz7pIUfTSfnZpdkkNrLZnH8hC1itIaNDy99yMt0pMrHDr"
        "l1CWGIjxiADeOw-ob37-0xY05Myh-CwYG5KyiaO6xbXAoVgjvVkZaa97SJE4l6TRNvObVDrFpvDcbVm6_-HvQssjjENN2Juw"
        "jsbvU3E1zwGYm9vOvZSX8ZXQMwj7GfvqwITk53CL9Lc3m87fuzYjtezyloRptlSrZORBYgJyjBJiNhvTvdUsQfQus4HAGQ72"
        "fcUS5s3KanY1NJQJe2Oz4-oISeZoxeLvV2H_8zrYBWIkTE4p4zS-PioSJ8e7PBxhAJ2otOWHuy0uEHqE1jPbHmnwrAk0hjkw"
        "IcK7_BMZnDW3339yk1fWy7rTNL_x4NX06OpjhjJ7Bsj9Xxmw3ucrqHr_vzAwCBuFcyQdkFYmGaadEaJaSBfUM3djX9-BnRSS"
        "V66-",
        {"phase": "over", "current": 0, "turn": 38, "digest": "dfbfc8d1f7d66665", "actions": 490},
    ),
]
