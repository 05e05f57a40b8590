"""The browser layer of the game: start-up (``boot``) and the user interface, on top of the ``risk`` engine.

Importing this package touches nothing of the browser; only ``risk_ui.boot`` and the entry script do.
"""
