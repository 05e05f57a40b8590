"""``python -m risk``: the engine's command line."""

from risk.cli import main

raise SystemExit(main())
