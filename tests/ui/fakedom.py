"""A small fake DOM for testing the page's DOM module in CPython.

It is not a mock: it parses the HTML it is given into a tree, keeps attributes, text and properties
the way a browser does for the few features the page uses, dispatches events that bubble, and refuses
anything it does not implement (elements have ``__slots__``, so an unknown property is an error).
Every write is recorded in ``document.log`` so tests can check what was done, and how much.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from html import escape
from html.parser import HTMLParser
from typing import Any

VOID = {"input", "link", "meta", "br", "img", "hr", "source"}
_COMPOUND = re.compile(r'([a-zA-Z][\w-]*)|#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:="([^"]*)")?\]')


class FakeEvent:
    """An event with the properties the page reads."""

    def __init__(self, kind: str, target: Element, key: str = "") -> None:
        self.type = kind
        self.target = target
        self.key = key
        self.defaultPrevented = False
        self.propagation_stopped = False

    def preventDefault(self) -> None:
        self.defaultPrevented = True

    def stopPropagation(self) -> None:
        self.propagation_stopped = True


class FakeRect:
    """What ``getBoundingClientRect`` returns."""

    def __init__(self, left: float, top: float, width: float, height: float) -> None:
        self.left, self.top, self.width, self.height = left, top, width, height


class ClassList:
    """The part of DOMTokenList the page could use."""

    def __init__(self, element: Element) -> None:
        self._element = element

    def contains(self, name: str) -> bool:
        return name in (self._element.getAttribute("class") or "").split()


def _parse_selector(selector: str) -> list[list[tuple[str, str, str | None]]]:
    steps = []
    for part in selector.split():
        compound: list[tuple[str, str, str | None]] = []
        pos = 0
        while pos < len(part):
            match = _COMPOUND.match(part, pos)
            if not match:
                raise ValueError(f"the fake DOM does not understand the selector {selector!r}")
            tag, ident, cls, attr, value = match.groups()
            if tag:
                compound.append(("tag", tag.lower(), None))
            elif ident:
                compound.append(("id", ident, None))
            elif cls:
                compound.append(("class", cls, None))
            else:
                compound.append(("attr", attr, value))
            pos = match.end()
        steps.append(compound)
    return steps


class Node:
    """Common to elements and the document: children, events, queries."""

    __slots__ = ("_children", "_listeners", "document", "parentNode")

    def __init__(self, document: FakeDocument | None) -> None:
        self._children: list[Element | str] = []
        self._listeners: dict[str, list[Callable[[FakeEvent], None]]] = {}
        self.document = document
        self.parentNode: Node | None = None

    def addEventListener(self, kind: str, handler: Callable[[FakeEvent], None], options: object = None) -> None:
        self._listeners.setdefault(kind, []).append(handler)

    def elements(self) -> Iterator[Element]:
        """Every element below, in document order."""
        for child in self._children:
            if isinstance(child, Element):
                yield child
                yield from child.elements()

    def querySelectorAll(self, selector: str) -> list[Element]:
        steps = _parse_selector(selector)
        return [e for e in self.elements() if e._matches_steps(steps, self)]

    def querySelector(self, selector: str) -> Element | None:
        found = self.querySelectorAll(selector)
        return found[0] if found else None

    def appendChild(self, child: Element) -> Element:
        assert self.document is not None
        self.document._ids = None
        child.parentNode = self
        self._children.append(child)
        assert self.document is not None
        self.document.log.append(("append", self._describe(), child.tagName))
        return child

    def insertBefore(self, child: Element, reference: Element | None) -> Element:
        """Put ``child`` before ``reference`` (at the end for None), taking it from where it was."""
        assert self.document is not None
        if child.parentNode is not None:
            child.remove()
        self.document._ids = None
        child.parentNode = self
        at = self._children.index(reference) if reference is not None else len(self._children)
        self._children.insert(at, child)
        self.document.log.append(("insert", self._describe(), child.tagName))
        return child

    @property
    def firstChild(self) -> Element | str | None:
        return self._children[0] if self._children else None

    def _describe(self) -> str:
        return "document"


class Element(Node):
    """An HTML or SVG element."""

    __slots__ = ("_attributes", "_checked", "_value", "open", "tagName")

    def __init__(self, document: FakeDocument, tag: str, attributes: dict[str, str] | None = None) -> None:
        super().__init__(document)
        self.tagName = tag.lower()
        self._attributes: dict[str, str] = dict(attributes or {})
        self._value: str | None = None
        self._checked: bool | None = None
        self.open = False

    # attributes
    def getAttribute(self, name: str) -> str | None:
        return self._attributes.get(name)

    def setAttribute(self, name: str, value: str) -> None:
        assert isinstance(value, str), f"setAttribute({name!r}) needs a string, got {value!r}"
        self._attributes[name] = value
        if name == "id" and self.document is not None:
            self.document._ids = None
        self._log("set", name, value)

    def removeAttribute(self, name: str) -> None:
        self._attributes.pop(name, None)
        self._log("remove", name, None)

    def hasAttribute(self, name: str) -> bool:
        return name in self._attributes

    def _log(self, op: str, name: str, value: object) -> None:
        assert self.document is not None
        self.document.log.append((op, self._describe(), name, value))

    def _describe(self) -> str:
        ident = self._attributes.get("id") or self._attributes.get("data-territory") or ""
        return f"{self.tagName}#{ident}" if ident else self.tagName

    @property
    def id(self) -> str:
        return self._attributes.get("id", "")

    @property
    def classList(self) -> ClassList:
        return ClassList(self)

    # reflected boolean attributes
    def _flag(self, name: str, on: bool) -> None:
        if on:
            self._attributes[name] = ""
        else:
            self._attributes.pop(name, None)
        self._log("prop", name, on)

    @property
    def hidden(self) -> bool:
        return "hidden" in self._attributes

    @hidden.setter
    def hidden(self, on: bool) -> None:
        self._flag("hidden", bool(on))

    @property
    def disabled(self) -> bool:
        return "disabled" in self._attributes

    @disabled.setter
    def disabled(self, on: bool) -> None:
        if self.tagName not in ("button", "input", "select", "fieldset", "textarea", "option"):
            raise AttributeError(f"<{self.tagName}> has no disabled property")
        self._flag("disabled", bool(on))

    # form state
    @property
    def value(self) -> str:
        if self.tagName == "select":
            options = [e for e in self.elements() if e.tagName == "option"]
            chosen = [o for o in options if "selected" in o._attributes] or options[:1]
            return chosen[0]._attributes.get("value", chosen[0].textContent) if chosen else ""
        if self.tagName not in ("input", "textarea", "option"):
            raise AttributeError(f"<{self.tagName}> has no value")
        if self._value is None:
            return self._attributes.get("value", "on" if self._attributes.get("type") in ("radio", "checkbox") else "")
        return self._value

    @value.setter
    def value(self, text: str) -> None:
        if self.tagName == "select":
            for option in (e for e in self.elements() if e.tagName == "option"):
                option._attributes.pop("selected", None)
                if option._attributes.get("value") == text:
                    option._attributes["selected"] = ""
        elif self.tagName in ("input", "textarea"):
            self._value = str(text)
        else:
            raise AttributeError(f"<{self.tagName}> has no value")
        self._log("prop", "value", text)

    @property
    def checked(self) -> bool:
        if self._checked is None:
            return "checked" in self._attributes
        return self._checked

    @checked.setter
    def checked(self, on: bool) -> None:
        if self._attributes.get("type") == "radio" and on:
            name = self._attributes.get("name")
            assert self.document is not None
            for other in self.document.querySelectorAll(f'input[name="{name}"]'):
                other._checked = False
        self._checked = bool(on)
        self._log("prop", "checked", on)

    # text and markup
    @property
    def textContent(self) -> str:
        return "".join(c if isinstance(c, str) else c.textContent for c in self._children)

    @textContent.setter
    def textContent(self, text: str) -> None:
        self._children = [str(text)]
        self._log("text", "textContent", text)

    @property
    def innerHTML(self) -> str:
        return "".join(escape(c) if isinstance(c, str) else c.outerHTML for c in self._children)

    @innerHTML.setter
    def innerHTML(self, html: str) -> None:
        assert self.document is not None
        self.document._ids = None
        self._children = []
        for child in self.document._parse(html):
            if isinstance(child, Element):
                child.parentNode = self
            self._children.append(child)
        self._log("html", "innerHTML", len(html))

    @property
    def outerHTML(self) -> str:
        attrs = "".join(f' {k}="{escape(v)}"' for k, v in self._attributes.items())
        if self.tagName in VOID:
            return f"<{self.tagName}{attrs}>"
        return f"<{self.tagName}{attrs}>{self.innerHTML}</{self.tagName}>"

    # tree
    def closest(self, selector: str) -> Element | None:
        steps = _parse_selector(selector)
        node: Node | None = self
        while isinstance(node, Element):
            if node._matches_steps(steps, None):
                return node
            node = node.parentNode
        return None

    def contains(self, other: Element | None) -> bool:
        node: Node | None = other
        while node is not None:
            if node is self:
                return True
            node = node.parentNode
        return False

    def _matches(self, compound: list[tuple[str, str, str | None]]) -> bool:
        for kind, name, value in compound:
            if kind == "tag" and self.tagName != name:
                return False
            if kind == "id" and self._attributes.get("id") != name:
                return False
            if kind == "class" and name not in (self._attributes.get("class") or "").split():
                return False
            if kind == "attr" and (name not in self._attributes or (value is not None
                                                                    and self._attributes[name] != value)):
                return False
        return True

    def _matches_steps(self, steps: list[list[tuple[str, str, str | None]]], root: Node | None) -> bool:
        if not self._matches(steps[-1]):
            return False
        node = self.parentNode
        for compound in reversed(steps[:-1]):
            while isinstance(node, Element) and node is not root and not node._matches(compound):
                node = node.parentNode
            if not isinstance(node, Element) or node is root:
                return False
            node = node.parentNode
        return True

    def remove(self) -> None:
        """Take the element out of the tree (it may be put back)."""
        parent = self.parentNode
        if parent is None:
            return
        assert self.document is not None
        self.document._ids = None
        parent._children.remove(self)
        self.parentNode = None
        self._log("remove", "", None)

    # behaviour
    def click(self) -> None:
        """``element.click()``: a click event, none on a disabled control (as in a browser)."""
        assert self.document is not None
        self.document.click(self)

    def getBoundingClientRect(self) -> FakeRect:
        """Every element of the fake page measures 800 x 400 at the top left (the map's box in tests)."""
        return FakeRect(0.0, 0.0, 800.0, 400.0)

    def focus(self) -> None:
        assert self.document is not None
        self.document.activeElement = self
        self._log("focus", "", None)

    def showModal(self) -> None:
        if self.tagName != "dialog":
            raise AttributeError("showModal is for <dialog>")
        if self.open:
            raise RuntimeError("InvalidStateError: the dialog is already open")
        self.open = True
        self._log("showModal", "", None)

    def close(self) -> None:
        if self.tagName != "dialog":
            raise AttributeError("close is for <dialog>")
        was_open = self.open
        self.open = False
        self._log("close", "", None)
        if was_open:
            assert self.document is not None
            self.document.dispatch(self, "close", bubbles=False)


# The parser lowers attribute names; a browser gives an SVG's their case back (the map's viewBox).
SVG_CASE = {"viewbox": "viewBox", "preserveaspectratio": "preserveAspectRatio"}


class _Builder(HTMLParser):
    def __init__(self, document: FakeDocument) -> None:
        super().__init__(convert_charrefs=True)
        self.document = document
        self.roots: list[Element | str] = []
        self.stack: list[Element] = []

    def _add(self, node: Element | str) -> None:
        if self.stack:
            parent = self.stack[-1]
            if isinstance(node, Element):
                node.parentNode = parent
            parent._children.append(node)
        else:
            self.roots.append(node)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = Element(self.document, tag, {SVG_CASE.get(k, k): v or "" for k, v in attrs})
        self._add(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._add(Element(self.document, tag, {SVG_CASE.get(k, k): v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].tagName == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if data.strip():
            self._add(data)


class FakeDocument(Node):
    """A document built from HTML; ``body``, ``head`` and ``documentElement`` as in a browser."""

    __slots__ = ("_ids", "activeElement", "body", "documentElement", "head", "log", "title")

    def __init__(self, body_html: str) -> None:
        super().__init__(None)
        self.document = self
        self._ids: dict[str, Element] | None = None  # id index, rebuilt after the tree changes
        self.log: list[tuple[Any, ...]] = []
        self.title = "Risk"  # the window's title (index.html's <title>)
        self.documentElement = Element(self, "html")
        self.head = Element(self, "head")
        self.body = Element(self, "body")
        for child in (self.head, self.body):
            child.parentNode = self.documentElement
            self.documentElement._children.append(child)
        self.documentElement.parentNode = self
        self._children = [self.documentElement]
        self.body.innerHTML = body_html
        self.activeElement: Element | None = self.body
        self.log.clear()

    def _parse(self, html: str) -> list[Element | str]:
        builder = _Builder(self)
        builder.feed(html)
        builder.close()
        return builder.roots

    def getElementById(self, ident: str) -> Element | None:
        if self._ids is None:
            self._ids = {}
            for element in self.elements():
                self._ids.setdefault(element._attributes.get("id", ""), element)
        found = self._ids.get(ident)
        return found if found is not None and found._attributes.get("id") == ident else None

    def elementFromPoint(self, x: float, y: float) -> Element | None:
        """No layout here: nothing is found at a point."""
        return None

    def createElement(self, tag: str) -> Element:
        return Element(self, tag)

    def createElementNS(self, namespace: str, tag: str) -> Element:
        assert namespace == "http://www.w3.org/2000/svg", namespace
        return Element(self, tag)

    def dispatch(self, target: Element, kind: str, key: str = "", bubbles: bool = True) -> FakeEvent:
        """Fire an event at ``target``; it bubbles up to the document like a real one."""
        event = FakeEvent(kind, target, key)
        node: Node | None = target
        while node is not None and not event.propagation_stopped:
            for handler in list(node._listeners.get(kind, [])):
                handler(event)
            if not bubbles:
                break
            node = node.parentNode
        return event

    # what a person does
    def click(self, target: Element) -> FakeEvent:
        """A click: a browser fires none on a disabled control, and neither does this."""
        if target.tagName in ("button", "input", "select") and target.disabled:
            return FakeEvent("click", target)
        return self.dispatch(target, "click")

    def press(self, target: Element, key: str) -> FakeEvent:
        """A key pressed while ``target`` has the focus."""
        target.focus()
        return self.dispatch(target, "keydown", key)

    def type_into(self, target: Element, text: str) -> None:
        """Type into a field: its value changes and an input event fires, then change on leaving."""
        target.focus()
        target.value = text
        self.dispatch(target, "input")
        self.dispatch(target, "change")

    def writes(self) -> list[tuple[Any, ...]]:
        """The writes recorded since the last call, and forget them."""
        done = list(self.log)
        self.log.clear()
        return done
