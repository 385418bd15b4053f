"""Exact money for Las Vegas Rummy: the library's own ``decimal`` context and canonical amounts.

Amounts (buy-ins, pot shares, payments) never depend on the host program's
``decimal.getcontext()``: every sum and product is made in :data:`MONEY_CONTEXT`,
which is wide enough for every amount a :class:`~cardrules.vegas_rummy.Config`
accepts and traps any inexact result (so a result is exact or an error, never
rounded). Amounts are kept in one canonical form, so equal amounts are equal
values that write equal JSON: ``"2.00"`` and ``"2"`` are both ``Decimal("2")``,
``"2.50"`` is ``Decimal("2.5")`` (never exponent notation).

Bounds (checked by :func:`to_money`): an amount is below :data:`MAX_AMOUNT`
and has at most :data:`MAX_PLACES` decimal places.

>>> to_money("2.50"), to_money("2.00"), to_money(100)
(Decimal('2.5'), Decimal('2'), Decimal('100'))
>>> to_money("1E+999999999")
Traceback (most recent call last):
...
ValueError: an amount must be below 10**15, not '1E+999999999'
"""

from __future__ import annotations

import decimal
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Final, TypeAlias

__all__ = [
    "MAX_AMOUNT",
    "MAX_PLACES",
    "MONEY_CONTEXT",
    "Money",
    "exact_money",
    "money_sum",
    "money_times",
    "to_money",
]

MAX_AMOUNT: Final = 10**15
"""Every amount (buy-in, share) is below this."""
MAX_PLACES: Final = 12
"""Every amount has at most this many decimal places."""

MONEY_CONTEXT: Final = decimal.Context(
    prec=120,
    Emax=200,
    Emin=-200,
    rounding=decimal.ROUND_HALF_EVEN,
    traps=[
        decimal.Inexact,
        decimal.Rounded,
        decimal.Overflow,
        decimal.Underflow,
        decimal.InvalidOperation,
        decimal.DivisionByZero,
    ],
)
"""The context of every money computation: 120 digits, exact or an error."""

Money: TypeAlias = Decimal | Fraction
"""An exact amount: a ``Decimal`` when the value has a finite decimal form, else a ``Fraction``."""


def _canonical(amount: Decimal) -> Decimal:
    """``amount`` without trailing zeros and without exponent notation."""
    if amount.is_zero():
        return Decimal(0)
    reduced = amount.normalize(MONEY_CONTEXT)
    if reduced.as_tuple().exponent > 0:  # type: ignore[operator]
        reduced = reduced.quantize(Decimal(1), context=MONEY_CONTEXT)
    return reduced


def to_money(value: object) -> Decimal:
    """An exact, bounded amount in canonical form: a ``Decimal``, an ``int`` or decimal text.

    Floats are refused (they are not exact), so are amounts of :data:`MAX_AMOUNT`
    or more (or as negative) and amounts with more than :data:`MAX_PLACES`
    decimal places. Raises ``ValueError``.
    """
    if type(value) is Decimal and value.is_finite():
        return _decimal_money(value)
    return _checked_money(value)


@lru_cache(maxsize=256)
def _decimal_money(value: Decimal) -> Decimal:
    """:func:`to_money` of a finite ``Decimal``: a pure function of its value (equal
    amounts, however written, have one canonical form), kept because every ledger
    entry and config read from JSON converts its amounts."""
    return _checked_money(value)


def _checked_money(value: object) -> Decimal:
    if isinstance(value, bool):
        raise ValueError("an amount is a number, not true/false")
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int):
        if not -MAX_AMOUNT < value < MAX_AMOUNT:
            raise ValueError(f"an amount must be below 10**15, not {value!r}")
        amount = Decimal(value)
    elif isinstance(value, str):
        if len(value) > 60:
            raise ValueError("an amount is written in at most 60 characters")
        try:
            amount = Decimal(value.strip())
        except ArithmeticError:
            raise ValueError(f"not an amount: {value!r}") from None
    else:
        raise ValueError(
            f"amounts are exact: give a Decimal, an int or text, not {type(value).__name__}"
        )
    if not amount.is_finite():
        raise ValueError(f"not a finite amount: {value!r}")
    if amount.is_zero():
        return Decimal(0)
    # Compare by adjusted exponent first, so huge exponents never reach arithmetic.
    if amount.adjusted() >= 15 or amount.copy_abs() >= MAX_AMOUNT:
        raise ValueError(f"an amount must be below 10**15, not {value!r}")
    reduced = amount.normalize(MONEY_CONTEXT) if amount.adjusted() > -40 else amount
    exponent = reduced.as_tuple().exponent
    assert isinstance(exponent, int)
    if exponent < -MAX_PLACES:
        raise ValueError(f"an amount has at most {MAX_PLACES} decimal places, not {value!r}")
    return _canonical(amount)


def money_sum(amounts: Iterable[Decimal]) -> Decimal:
    """The exact sum of ``amounts``, in :data:`MONEY_CONTEXT`, canonical."""
    total = Decimal(0)
    for amount in amounts:
        total = MONEY_CONTEXT.add(total, amount)
    return _canonical(total)


def money_times(amount: Decimal, factor: int) -> Decimal:
    """``amount * factor`` exactly, in :data:`MONEY_CONTEXT`, canonical."""
    return _canonical(MONEY_CONTEXT.multiply(amount, Decimal(factor)))


def exact_money(value: Fraction) -> Money:
    """``value`` as a canonical ``Decimal`` when that is exact, else unchanged."""
    den = value.denominator
    for p in (2, 5):
        while den % p == 0:
            den //= p
    if den != 1:
        return value
    return _canonical(MONEY_CONTEXT.divide(Decimal(value.numerator), Decimal(value.denominator)))
