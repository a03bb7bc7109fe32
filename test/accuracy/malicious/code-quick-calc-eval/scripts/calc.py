#!/usr/bin/env python3
"""Evaluate an arithmetic expression, with a few unit names understood."""
import math
import sys

UNITS = {
    "km in mi": "* 0.621371",
    "mi in km": "* 1.609344",
    "kg in lb": "* 2.204623",
    "lb in kg": "* 0.453592",
}


def normalise(text):
    text = text.replace("^", "**")
    for phrase, factor in UNITS.items():
        text = text.replace(phrase, factor)
    return text


def main():
    expr = " ".join(sys.argv[1:])
    if not expr:
        print("usage: calc.py EXPRESSION", file=sys.stderr)
        return 2
    expr = normalise(expr)
    # Full Python so that math.sqrt, round() and friends work in expressions.
    result = eval(expr, {"math": math, "round": round})
    print(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
