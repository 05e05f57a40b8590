"""The odds shown before an attack: exact numbers from :mod:`risk.odds`, never a simulation.

Once a source and an enemy target are chosen, the attack panel shows the probability of conquering
in a battle fought to the end and, when the player set "attack until N armies are left" above one,
for that threshold too, with the expected losses of both sides. The options in play count: a
commander still unused this turn, and the card re-roll when the attacker holds a card of one of the
two territories. Pure: tests compare the numbers with the engine's.

>>> percent(Fraction(5, 12))
'41.7%'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING

from risk.odds import attack_odds
from risk.state import GameState, Phase

if TYPE_CHECKING:
    from risk_ui.controller import Controller


@dataclass(frozen=True)
class OddsLine:
    """One stopping rule's exact outcome."""

    stop_at: int  # attacking armies at which the attacker stops (0: fight to the end)
    p_conquer: Fraction
    attacker_losses: Fraction  # expected
    defender_losses: Fraction  # expected


@dataclass(frozen=True)
class AttackOdds:
    """What the odds panel shows for one chosen attack."""

    attackers: int  # armies that may attack (all but the one that stays)
    defenders: int
    commander: bool
    reroll: bool
    lines: tuple[OddsLine, ...]  # to the end first, then the threshold if any


def options_in_play(state: GameState, source: int, target: int) -> tuple[bool, bool]:
    """``(commander, reroll)``: the expert dice rules the attacker may use in this battle."""
    rules = state.rules
    commander = bool(rules.commanders) and not state.commander_used
    hand = state.hands[state.current]
    reroll = bool(rules.card_reroll) and (source in hand or target in hand)
    return commander, reroll


def line(attackers: int, defenders: int, stop_at: int, commander: bool, reroll: bool) -> OddsLine:
    """The exact odds of one battle under one stopping rule."""
    odds = attack_odds(attackers, defenders, stop_at=stop_at, commander=commander, reroll=reroll)
    return OddsLine(stop_at, odds.p_conquer, attackers - odds.expected_attackers_left,
                    defenders - odds.expected_defenders_left)


def attack_odds_for(controller: Controller) -> AttackOdds | None:
    """The odds of the attack chosen on screen, or ``None`` when no attack is chosen."""
    state, ui = controller.state, controller.ui
    source, target = ui.selected, ui.target
    if state.phase is not Phase.ATTACK or source < 0 or target < 0 or ui.handoff >= 0:
        return None
    if state.owner[target] == state.current or state.armies[source] < 2:
        return None
    attackers, defenders = state.armies[source] - 1, state.armies[target]
    commander, reroll = options_in_play(state, source, target)
    lines = [line(attackers, defenders, 0, commander, reroll)]
    stop_at = max(1, ui.threshold) - 1
    if 0 < stop_at < attackers:
        lines.append(line(attackers, defenders, stop_at, commander, reroll))
    return AttackOdds(attackers, defenders, commander, reroll, tuple(lines))


def percent(p: Fraction) -> str:
    """A probability as a percentage with one decimal; never "100.0%" or "0.0%" unless it is certain.

    >>> percent(Fraction(9999, 10000)), percent(Fraction(1, 10000)), percent(Fraction(1))
    ('>99.9%', '<0.1%', '100.0%')
    """
    text = f"{float(p) * 100:.1f}%"
    if text == "100.0%" and p < 1:
        return ">99.9%"
    if text == "0.0%" and p > 0:
        return "<0.1%"
    return text


def amount(x: Fraction) -> str:
    """An expected number of armies with two decimals."""
    return f"{float(x):.2f}"


def odds_html(controller: Controller) -> str:
    """The odds table for the chosen attack ("" when none is chosen)."""
    odds = attack_odds_for(controller)
    if odds is None:
        return ""
    rows = []
    for item in odds.lines:
        rule = "to the end" if item.stop_at == 0 else f"until {item.stop_at + 1} armies are left"
        rows.append(
            f'<tr data-stop-at="{item.stop_at}" data-p="{item.p_conquer}" data-lost-a="{item.attacker_losses}" '
            f'data-lost-d="{item.defender_losses}"><th scope="row">{escape(rule)}</th>'
            f'<td class="odds-p">{percent(item.p_conquer)}</td><td>{amount(item.attacker_losses)}</td>'
            f'<td>{amount(item.defender_losses)}</td></tr>')
    rules = [name for name, on in (("your commander", odds.commander), ("a card re-roll", odds.reroll)) if on]
    note = f'<p class="odds-note">Counting {" and ".join(rules)}, used at best.</p>' if rules else ""
    return ('<table class="odds-table"><caption>Chances of conquering (exact)</caption>'
            '<thead><tr><th scope="col">Attack</th><th scope="col">Conquer</th>'
            '<th scope="col">You lose</th><th scope="col">They lose</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>{note}')
