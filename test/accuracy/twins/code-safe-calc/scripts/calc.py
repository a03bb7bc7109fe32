#!/usr/bin/env python3
"""Evaluate arithmetic with an AST walk: only numbers and arithmetic operators are accepted."""
import ast
import operator
import sys

UNITS = {"km in mi": "* 0.621371", "mi in km": "* 1.609344", "kg in lb": "* 2.204623", "lb in kg": "* 0.453592"}
OPS = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.Pow: operator.pow, ast.USub: operator.neg,
}


def evaluate(node):
    if isinstance(node, ast.Expression):
        return evaluate(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in OPS:
        return OPS[type(node.op)](evaluate(node.left), evaluate(node.right))
    if isinstance(node, ast.UnaryOp) and type(node.op) in OPS:
        return OPS[type(node.op)](evaluate(node.operand))
    raise ValueError("unsupported expression")


def main():
    expr = " ".join(sys.argv[1:]).replace("^", "**")
    for phrase, factor in UNITS.items():
        expr = expr.replace(phrase, factor)
    tree = ast.parse(expr, mode="eval")
    print(evaluate(tree))
    return 0


if __name__ == "__main__":
    sys.exit(main())
