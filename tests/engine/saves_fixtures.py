"""Local storage as the released page (format 1 of the saves, before scoped keys) wrote it, frozen.

Every later version of :mod:`risk_ui.storage` must still read these saves: a player who comes back after
an update finds every game where it was. Never edit or regenerate an entry. ``STORAGE`` is the whole
store (the saves index, the id of the game on the table, each save's replay code and the tail of
actions written after it, one a line); ``EXPECTED`` summarises each save's game once loaded: phase,
player to move, turn, a digest of the board, hands, deck and generator (``digest`` in
``tests/engine/test_codec.py``) and the number of recorded actions.

The saves: a finished 1963 game with commanders and re-rolls, named by the player, whose last actions
are in its tail; a link received without its history, kept, then played on; an imported share link;
and the game on the table (four players, 150 actions saved one by one).
"""

STORAGE = {
    "risk.save.19b76daa800-b": (
        "AxgKFlDKin01kor94Dk7JFn0TXYTtz2FGR_BAQQeODHkcvh41IAIgoxk5tr0Yo0ReAH3kqqM_OZpxqXAWnx6Fp1M9gCBlisGkGJh"
        "YIRNCgmXD6k-bHa9EaEYM4nO_PHbBkTFKPvuQCTlMmKVFe_Np4cP01kcGZcn44f_AVh4IMnaqhnaKJgAgE9RT7I2rvjXe1vYffxm"
        "c4SJS21uADDYPpgC04LViG_oZYTywOAFEKXZFm_6_q3JSpmdhR4aSreZuYychdsAk9vtgDRewoKlTEm31ejj-LEdip_TsRXUAdPM"
        "MTyzTs_eCkTCUyKVSRQCMGnDVxnlzW27M8XuZiqwU8RqF-mt-hUcSimbXWOmDc5DRZpE_RnPq1ZgxZL2MzHeg9WATo4hhxnp34o5"
        "9_6h2qRz8vIIaI2qRUT-0XkFY_1GmG-c4Cabq8J85hFZHiOXWf1B-psBY1ZeRPSJaPQcJQg1oBY8L_KKmyXwJBjM4XXJnhTo44bG"
        "47oCkRzO4UvHmfszOIVHyW2mjqjJ1KWgNELtEEUTjwTaCE-P8-YFxCxuGAkRK-nh57O_JbQit7AModwI4gF--FbH3C000X6sLkWL"
        "oKzgWt6kodoJlILU_Ew9zfzBWhSfWJ33goPtuWU40G6qKdE7sg1PgN8WgEpVIifJjxWjlF7vJ-AV_FJ2fNbDC7A6twnAB8Z2-2qo"
        "UsokAs_D2nMWC1qs_zxAjiQ29daOVKsoCxz6q5yhE8y0ew112kepqrHwFF1iXMr5XUc2kdjd-_eBV38MIyrvtV06jv0OaoNRGQQx"
        "pKQh5uPEVOBXvYvd8vUZNmZF10ewmAEaUcVKGLFLKUo9ZLrbXmWcBMk2pU3NoYObII-VXoHj_-m4HYNaNoI-7QEUgBJ0qDGh99Dg"
        "YbeN_eIQB90pktW1aBg-xd45Y6rNURhyoc4R40XlUqbmGluD2UPS4zA-UFY7FxbICgBZxmvGWe66XUgGrVntgfNlFLFarnAI8SSb"
        "SaA5uSpPhEm96oEMN02nn4kj-SFHM9ztZCtRThBgXjN0wZYIjSTO54SBjQu8jolcctVXCZh6z6s5oDv9PO5oVq8RXvVaq_PLtquP"
        "mxO2MRQME2_J89XA7CH0AEcEu8csLLWWCTq-AnEZ5bq5WMG-XT17pPBpJj072jPXDMInesoetfqgfljEQAMHNKt_ZE4gGHzHC_KJ"
        "XAL3AWAoqObBc7_IGJkX3yf0Jy7m5LwAilgm17DRVlSJ3md-qUuYqujhbyiHBdl9JkMW6eyTXPtNFtjp8ujFWhQruHuN0B_wP-0T"
        "AE0hmu74WbvihZ4N08W1e82jKiYDGndemVOlg8LMi4l1eFuteavR70nZldPsNNb1kazFnYvxdmosrCj_VELEiOqnYyvsMZ3tHC5-"
        "GWpzMXK1auDOEdiLPY6PzVrXcPR6mq9xYslQaWGsgNeOnPOj8irEWXHvwqlHDa0eb08hn8QFtfaav3UoAdbnKazoR-W6Md2qFOJi"
        "rTr14UESeWHl_1kepvlpxp4iyc6DiA_IqzX-AT5qUgPCc93PSQr6ighI8kUJ3KoWD2sJm1SWVTC7x0mNtpl1csjm1rOhfJFPpSZz"
        "kco94n7AV4PfRmJLLv0jRljbahiQrPDwcZF2F1mtp367d99ne52M8qMiNM2uGc1xs8naKEmmVCc6Cdih1dWgJkZrEaqboxXfmx8J"
        "wPbaQntza2aGxV7RmxAz0dLCPP1Dky9dkOjOvzwJjaAouWlkoAoxWyvarud5vzm61_wn9nB0vch9_vStDUQTE_EF6oBQLYJ2EM4b"
        "upX4n40KtAVQxD-hvanaLWDIWRZZQUsmagwagvK_dJ1eeeL4ZEw_kDMCA3_u6hvkXX5VyRz1Je9D9wGU5_903Xc_0R3E_hU9k9BE"
        "UDPW-qgmq8X_Rf7PnERNHwj2tt8AM4bLAcax0y1rsXz5E0YbKtVzKVbIciZ4NI5bsq_72YLDb0adVkhxy4TGVhgcE_cV5UgH-xQv"
        "ggnuoF8ueOpjRdACLjh_ScyEb2e4FSoZPmmGPo8kyCqrU2IR6m9G-zKRQXkZjMLcpIPS5kEahAL8sjm4h2Oo_MSrrUx5SOjVttxi"
        "fcs2vaE1-iSGKYSEqnTHXMh4ruNBDW0mJ1CHHafsQdq-yceAYtZwybzHwsp7r04ysieshvU57YmgMaa5zqSyDQyl1QnrTPOtSk4x"
        "vcTybtOfgwKERsmRRcBM9vCJknFTkTK9ZjQN0k2SIzBedmegFUvKrUnYs_GXX7VCnAsCJGHffxAiHIa_MfiA4-ezL6QBLwfCtTHJ"
        "-kY0DUUxpKXOml6XRveHco_cij5494ZdPKKsxWi8bzfZjlZ_I4C1cRtraa-bEbeFO5-x-MGiU4qdaVIbtYxbzkdqQZQH7neqGgkk"
        "LPMrJ-atvdSDw7mQANZiaKUqCNylqHAIlrOxTA10k1zRmZcdiF_kgsgPdFliWE3dKG3YJh-uokbNGp4Qb1Bgdu2-0DTB0GJ58XQX"
        "TphU4m5Z7HR0uYglsrJzGy_-pWTrVK6jLWGO1SPp_TVvQ-OMaZermSkDlgJIPr5MZy1fjdHohqLXofMcO6wTaTTV6lizacmgCKF6"
        "gjpAM5Aku_SrLojR9Cne8T9JXLoCjfENINuBdl00IMIGF3SLBunpjNdZwfqOLyF05D__-ShOZzDn7LF1hdW-wqiBud2J_ziu7s8l"
        "tj19oPZTA8zS8zcIOoLrguLLSebIDdwWZ5qS1QtkqUlLbAikQfCvgMiL_XkEmI_T0gj9_xEvH2Grf4P6m2a7XHUD-crzq0yfsDyx"
        "m-_WX5FFoLxj9PF3SLrZ2LdYK8V_RvbmjX9But_HU81o8hB-4eZbKUEZ_rlLty68ntiIKY8oEeDx_y5Vg8n_sdv4n0PAzULa99u-"
        "_yAzC5HCJqWnIncps8y9aoCgpws5AvkBxTdSz0z_Uff2t5gORZ6UZD6UHhSzbToWtGEKpbyMQbb0czXwo5ySdmF3QJnu4h0jsrD1"
        "VAWp-Hl3_L2ZKY4PXHOYJJIywNQIIZpWRzr4s411IlQI_L8r4xjsNnXq8v1SI4BRSYH_374bX31h1mU4gMEaLpE0IEcO9wsTycV-"
        "oSQ5TgHS1GggmseNfTVHE4ZI5W6clbqLPvFcJOeamDEiC4hFNLpswCV1pAibudI-KMXVkxsUgomKjG6iNJbujpNHw3-Y_DvxCpHo"
        "3uk_W5E5SDMAEGL7ZCTV2Zu3fbcSMMJNTkeme77dGo83qgGXg5-s9WnundPPf-sCYTPekA"
    ),
    "risk.saves": (
        '[{"id":"19b85be39b8-2f","name":"","players":["Red","Blue","Yellow","Green"],"edition":"Classic ('
        '1980)","turn":18,"date":1767490020.0,"link":"AQgY2NR2uAwOFr4V8stzwMCWZd2HFd2lPGHUYjZSalC1AeaOsbb'
        '4dziF9BwPK6-VWfSxfEsmpcLvg6tpqc285WJUIVoiqZqaSwOLEjfT","kept":false,"viewer":0},{"id":"19b85be39'
        'b8-1f","name":"Imported","players":["A","B"],"edition":"Classic (1980)","turn":4,"date":17674753'
        '95.0,"link":"AQDI4fuVeY8yA9sanv6rwO25MTLWSwZ0Sii4uBSLRRk7DzGtr_dayC7fSDzhhT6tI7PCcKEVb2ni6r_1Dv-'
        'QBshdTHc","kept":true,"viewer":-1},{"id":"19b85b9c324-17","name":"","players":["Ann-Marie O\'Neil'
        '","Bob","Sam"],"edition":"Classic (1980)","turn":3,"date":1767475297.5,"link":"ARhQJQDzLHupaqpUF'
        'ufZcHOQNzr003AHjZHobXL7H_YuwTgOXr1Sd16vz6TKraFysKuWI8KnNJw7cKufrm-9Uec5s_wwyv-CPGKJoL4qSQwaz1o",'
        '"kept":false,"viewer":1},{"id":"19b76daa800-b","name":"Friday night \\u2713","players":["Zo\\u00eb'
        '","\\u0141ukasz","\\u674e\\u96f7"],"edition":"Classic (1963 rules)","turn":123,"date":1767475102.5,'
        '"link":"AQqWucFY1TYH2POjzEkCaOtz_LgaRGqGquBLQoPwU-WHJUDHt4FL6fYYwgufwg4lTxmFNqS_8RrorWyeN5qJjsGh'
        'HU6H7Vz_Qw","kept":true,"viewer":0}]'
    ),
    "risk.current": "19b85be39b8-2f",
    "risk.tail.19b76daa800-b": (
        "occupy 187\n"
        "blitz eastern_united_states quebec 74\n"
        "blitz eastern_united_states quebec 9\n"
        "occupy 59\n"
        "fortify mongolia irkutsk 169\n"
        "place scandinavia 3\n"
        "blitz scandinavia iceland 1\n"
        "commander 0\n"
        "occupy 3\n"
        "blitz iceland greenland 1\n"
        "reroll 1\n"
        "occupy 2\n"
        "end\n"
        "place quebec 26\n"
        "blitz quebec greenland 2\n"
        "commander 0\n"
        "blitz quebec greenland 1\n"
        "occupy 82\n"
        "blitz greenland iceland 1\n"
        "occupy 80\n"
        "blitz iceland scandinavia 1\n"
        "occupy 79\n"
        "blitz scandinavia ukraine 1"
    ),
    "risk.save.19b85b9c324-17": (
        "A1AYEJoRFNo0XW6nMkDjYW3eHxCTGKxs-nZ7iKeJ8fefUFg7pcWiVhb2pvdM06F_gfBalOt-fwfGmUgs3F78SLrqOu6XTwl8nxLX"
        "rY2u_g08B6BTKDs"
    ),
    "risk.tail.19b85b9c324-17": (
        "place western_europe 3\n"
        "blitz western_europe northern_europe 1"
    ),
    "risk.save.19b85be39b8-1f": (
        "AwkAyHY8iZmldgpV9OLBqTZ3v27ZxusvSxTN1REhDI9ScaooWJjd61mt5QINpnGb8FOTa6tKHB-1xNHKqwC5rcKFynqkEHttLAgh"
        "4YIXLIq1YxRTGcy7ALTRl3GStHCvczubP7A"
    ),
    "risk.save.19b85be39b8-2f": (
        "AxMIGHRFsl3q1dX6jNJCcW1bpw5QYG6MBl88fwY1XXcan2VzhMeLANtVJ8TTNaQUrcgvahBTYXBgcpXvdmazk8zMLiuzZvdpiglk"
        "dOgCxClQci5Mz8Sq95bujsdDr3JhRPgtu7MRttDKf7EupRqUjdQaNFKvF9adHgU"
    ),
    "risk.tail.19b85be39b8-2f": (
        "place greenland 3\n"
        "blitz greenland quebec 1\n"
        "end\n"
        "place northwest_territory 6\n"
        "blitz northwest_territory alberta 1\n"
        "occupy 5\n"
        "blitz alberta western_united_states 1\n"
        "end\n"
        "place ontario 4\n"
        "blitz ontario northwest_territory 1\n"
        "occupy 5\n"
        "blitz northwest_territory alaska 2\n"
        "blitz northwest_territory alaska 1\n"
        "end\n"
        "trade 7 16 18\n"
        "place afghanistan 7\n"
        "blitz afghanistan ukraine 1\n"
        "occupy 8\n"
        "blitz ukraine ural 1"
    ),
}

EXPECTED = {
    "19b76daa800-b": {"phase": "over", "current": 1, "turn": 123, "digest": "da01eb523687697e", "actions": 2559},
    "19b85b9c324-17": {"phase": "occupy", "current": 0, "turn": 3, "digest": "6b8580a9a4477a99", "actions": 2},
    "19b85be39b8-1f": {"phase": "attack", "current": 1, "turn": 4, "digest": "3d3276d9d9cae421", "actions": 120},
    "19b85be39b8-2f": {"phase": "occupy", "current": 0, "turn": 18, "digest": "a4aafd1699446a09", "actions": 150},
}

CURRENT = "19b85be39b8-2f"
