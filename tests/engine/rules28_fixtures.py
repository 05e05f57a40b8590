"""Codes of rules revision 3 (issue 28), frozen beside the older fixtures: every later version must still load them.

Never edit or regenerate an entry: a change here means links already shared would break. Each entry is
(name, kind, code, expected), as in ``castle_fixtures.py`` and ``revised_fixtures.py`` (whose ``summary`` each
edition's entries use). Revision 3 codes (formats 8-10) hold a Castle hidden army brought out in defence and
between attacks, standing orders of three bits, and a Revised turn that goes on after an elimination brought
the third objective; revision 2 codes (formats 4-6), made with that revision's rules, show the old rules replaying
as they were: an elimination that wins at once, a hidden army's site attacked while it stays hidden. Seats are
``castle_fixtures.SEATS[:people]``. Made by seeded games of the bots (Revised: normal, seed 7, 3 players; Castle:
easy, seeds 39 and 40, 3 players), cut at the moment each name says.
"""

FIXTURES = [
    (
        'revised-rev2-elimination-wins-at-once',
        'replay',
        'BhgBQHDp29wI30KnSaAe18uoejwvxdiDHQZ71JH8MtpN9VwfSHwr0FXFHmZSjVNCUNRKjLO5ywLxGnsGf6tSF2nLZAVmaSmqRFMS'
        '1fChe8PjsH-iZS_ebvrBCekpV0W9wY58KpLYaw8JcaNN8TcRxdXRjxOYhMhxBiw9Ig_3XW4mNlt_XNRyV7j5mPQGppW97jraQJoD'
        'IK2ZAQ',
        {'options': [], 'phase': 'over', 'current': 0, 'turn': 7, 'digest': '3a0d6b716f57e1b5', 'actions': 187},
    ),
    (
        'revised-elimination-goal-met-mid-turn',
        'state',
        'CQFA6h9gMItfrXBBxEggo2tmTnv0Xq9mibQ0qfE7-X-xgRiZuhTL6IaqSxLjpel4g9O7l7SSgyqk78aocfROwoMTlyKncQ',
        {'options': [], 'phase': 'occupy', 'current': 0, 'turn': 7, 'digest': '391b7f60ce4cdb06'},
    ),
    (
        'revised-elimination-wins-at-end-of-turn',
        'replay',
        'ChgBQJMB8xKXy1fWUC2MdAEUFxYowiZCLgZ8fjrKzc9i7579zCHYgk1e7ZT9hPY2CCXRVDnLr2-2Uiwm-U06MkHHDY2bYKgbcgDu'
        'kyYmMbWxzkXlEevCovPrHyIa93bSHC-veTvlehLHVDP8PJVwSzZZ4wjvhoPjOtBF9cHXg-7Y1IvSF0PiILQlAskcYXQz1RZX2KW6'
        'DqajXFE',
        {'options': [], 'phase': 'over', 'current': 0, 'turn': 7, 'digest': '9d3d2354b022475c', 'actions': 189},
    ),
    (
        'castle-hidden-army-defends-and-comes-out-between-attacks',
        'replay',
        'ChgFQKQt_Eu6XwNf7mk9e098bKHpnKJelQIv99C6G5gG_UCJsWRM43-A6pfJqbiyv22jYn6T-GsIbxYsIRF6PJ5CRn0_fU3xfjje'
        'Dpz_',
        {'people': 3, 'phase': 'attack', 'current': 0, 'turn': 1, 'digest': '2b419a1bb2e673bd', 'actions': 79},
    ),
    (
        'castle-orders-without-the-hidden-army',
        'game',
        'CAVAs7oyTmmBi1QZ5E3rSRRBLE_hXcaecZ5rkLjn9SkTKB5Dm-bxOiPgzC1zYkgiQKzwM9TpcNLLKmnXwwOt5HYiHup-h3lAZ8ie'
        '53pCztcCT-OOkQ',
        {'people': 3, 'phase': 'attack', 'current': 0, 'turn': 1, 'digest': '053746dcf5649cee'},
    ),
    (
        'castle-orders-position',
        'state',
        'CQVAeCJkylXNss3ZrxjxXGyQU5kZTsii5v8Wf17YYG0DsZnVFm-OlUnUOHtT92OXkrlSkTJRi2E2mdGmCwMFbw89',
        {'people': 3, 'phase': 'attack', 'current': 0, 'turn': 1, 'digest': '053746dcf5649cee'},
    ),
    (
        'castle-rev2-site-attacked-army-stays-hidden',
        'replay',
        'BhgFQDXdQi7kdTSQmTcNdpiBHbqPzXQ6vwIy-ENRpx2JXdygW1bFh-ZR1V-WPdtoYGz9vFFlc1_twu6vEoElAgJNGfSFd3MxQnG3'
        'RhDRSKhS',
        {'people': 3, 'phase': 'attack', 'current': 1, 'turn': 1, 'digest': '893df9340cdddedd', 'actions': 84},
    ),
]
