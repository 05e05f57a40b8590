"""The examples in the engine's docstrings run and give what they say (pytest collects only tests/)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import risk

MODULES = sorted(m.name for m in pkgutil.walk_packages(risk.__path__, "risk.") if not m.name.endswith("__main__"))


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of_a_module_hold(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
