"""The distributions' arithmetic: exact, whatever the way it is summed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from armylist.combat.dist import Pmf, add, binomial, die, mean, point


@pytest.mark.parametrize(
    ("pmf", "expected"),
    [
        (point(3), Fraction(3)),
        ({}, Fraction(0)),
        (die("D3"), Fraction(2)),  # (1 + 2 + 3) / 3
        (die("D3+1"), Fraction(3)),
        (binomial(9, Fraction(1, 2)), Fraction(9, 2)),  # n p
        (binomial(7, Fraction(2, 3)), Fraction(14, 3)),
        # Unlike denominators: 0 * 1/6 + 2 * 1/3 + 5 * 1/2 = 19/6.
        ({0: Fraction(1, 6), 2: Fraction(1, 3), 5: Fraction(1, 2)}, Fraction(19, 6)),
        (add(die("D6"), binomial(4, Fraction(1, 3))), Fraction(7, 2) + Fraction(4, 3)),
    ],
)
def test_mean_is_the_exact_expected_value(pmf: Pmf, expected: Fraction) -> None:
    assert mean(pmf) == expected
    assert mean(pmf) == sum((k * p for k, p in pmf.items()), Fraction(0))
