#!/usr/bin/env python3
"""Generates Mason's Mortar overloads (Sources/Mason/Mortar/Mortar{Compose,Fallback,Tap,Emitters}.swift).

Every overload is mechanical: lift both sides to the wider kind, then call a same-kind combinator in
MortarBridge.swift. Run from the package root: `python3 Scripts/generate-mortar.py`.
"""
import os

KINDS = "PRCA"  # plain < fallible (Result) < callback < async
RANK = {k: i for i, k in enumerate(KINDS)}
WORD = {"P": "plain", "R": "fallible", "C": "callback", "A": "async"}
BRIDGE = {"P": "Plain", "R": "Result", "C": "Callback", "A": "Async"}
LIFT = {("P", "R"): "resultFromPlain", ("P", "C"): "callbackFromPlain", ("P", "A"): "asyncFromPlain",
        ("R", "C"): "callbackFromResult", ("R", "A"): "asyncFromResult", ("C", "A"): "asyncFromCallback"}


def an(kind):
    """The kind's word with its article: "a plain", "an async"."""
    word = WORD[kind]
    return ("an " if word[0] in "aeiou" else "a ") + word


def wider(a, b):
    return a if RANK[a] >= RANK[b] else b


def map_type(kind, inp, out, escaping=True):
    pre = "@escaping @Sendable " if escaping else "@Sendable "
    return {
        "P": f"{pre}({inp}) -> {out}",
        "R": f"{pre}({inp}) -> Result<{out}, Failure>",
        "C": f"{pre}({inp}, @escaping @Sendable (Result<{out}, Failure>) -> Void) -> Void",
        "A": f"{pre}({inp}) async throws(Failure) -> {out}",
    }[kind]


def emitter_type(kind, out, escaping=True):
    pre = "@escaping @Sendable " if escaping else "@Sendable "
    return {
        "P": f"{pre}() -> {out}",
        "R": f"{pre}() -> Result<{out}, Failure>",
        "C": f"{pre}(@escaping @Sendable (Result<{out}, Failure>) -> Void) -> Void",
        "A": f"{pre}() async throws(Failure) -> {out}",
    }[kind]


def lift(expr, src, dst):
    return expr if src == dst else f"MortarBridge.{LIFT[(src, dst)]}({expr})"


def generics(names, sendable, failure):
    parts = [f"{n}: Sendable" if n in sendable else n for n in names]
    if failure:
        parts.append("Failure: Error")
    return "<" + ", ".join(parts) + ">"


# ---------------------------------------------------------------- doc comments

# The family is documented once, in Sources/Mason/Mason.docc/Mortar.md; each overload gets one line
# that names its kinds and points there.
def doc(summary):
    return wrap(summary + " See <doc:Mortar>.")


def wrap(text, width=108):
    words, lines, line = text.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return [f"/// {l}" for l in lines]


def function(name_line, params, result_type, body):
    # Synchronous kinds (plain, fallible) are small pure combinators: inlinable, so a composed
    # pipeline optimises like hand-written calls. Callback and async kinds stay opaque.
    synchronous = "async" not in result_type and "-> Void) -> Void" not in result_type
    out = (["@inlinable"] if synchronous else []) + [f"{name_line}("]
    out += [f"    {p}," for p in params[:-1]] + [f"    {params[-1]}"]
    out.append(f") -> {result_type} {{")
    out.append(f"    {body}")
    out.append("}")
    return out


# ---------------------------------------------------------------- overload families

# The order of declaration steers the constraint solver, which tries overloads in this order: on a
# benchmark of 24 chains this order type-checks about 4x faster in the worst case than the natural
# PP, RR, RP, ... order (Swift 6.3.1; found by random search, then local swaps). Keep AA late.
COMPOSE_PAIRS = [("C", "R"), ("C", "C"), ("A", "R"), ("C", "P"), ("A", "C"), ("R", "R"), ("C", "A"), ("P", "C"),
                 ("R", "A"), ("R", "P"), ("P", "A"), ("R", "C"), ("A", "A"), ("P", "P"), ("A", "P")]
FALLBACK_PAIRS = [("R", "R"), ("R", "P"), ("C", "C"), ("C", "R"), ("C", "P"), ("R", "C"),
                  ("A", "A"), ("A", "P"), ("A", "R"), ("R", "A"), ("A", "C"), ("C", "A")]


def compose_overloads(lk, rk, emitter):
    k = wider(lk, rk)
    failure = k != "P"
    sendable = set()
    if k == "A" and lk == "C":
        sendable.add("Middle")
    if k == "A" and rk == "C":
        sendable.add("Output")
    names = ["Middle", "Output"] if emitter else ["Input", "Middle", "Output"]
    gen = generics(names, sendable, failure)
    if emitter:
        first_t = emitter_type(lk, "Middle")
        result_t = emitter_type(k, "Output", False)
        first_expr = f"MortarBridge.{BRIDGE[lk].lower()}FromEmitter(first)"
    else:
        first_t = map_type(lk, "Input", "Middle")
        result_t = map_type(k, "Input", "Output", False)
        first_expr = "first"
    second_t = map_type(rk, "Middle", "Output")
    body = f"MortarBridge.compose{BRIDGE[k]}({lift(first_expr, lk, k)}, {lift('second', rk, k)})"
    if emitter:
        body = f"MortarBridge.{BRIDGE[k].lower()}Emitter({body})"
    what = "emitter" if emitter else "function"
    named = doc(f"Composes {an(lk)} {what} with {an(rk)} function into {an(k)} {what}; "
                f"`first <<- second` is its second spelling.")
    named += function(f"public func compose{gen}", [f"_ first: {first_t}", f"then second: {second_t}"], result_t, body)

    op = doc(f"Mortar composition of {an(lk)} {what} and {an(rk)} function: "
             f"`first <<- second` is `compose(first, then: second)`.")
    op += function(f"public func <<- {gen}", [f"first: {first_t}", f"second: {second_t}"], result_t,
                   "compose(first, then: second)")
    return named + [""] + op


def fallback_overloads(lk, rk, emitter):
    k = wider(lk, rk)
    sendable = set()
    if k == "C" and not emitter:
        sendable.add("Input")
    if k == "A" and "C" in (lk, rk):
        sendable.add("Output")
    names = ["Output"] if emitter else ["Input", "Output"]
    gen = generics(names, sendable, True)
    if emitter:
        primary_t, fallback_t = emitter_type(lk, "Output"), emitter_type(rk, "Output")
        result_t = emitter_type(k, "Output", False)
        primary_expr = f"MortarBridge.{BRIDGE[lk].lower()}FromEmitter(primary)"
        fallback_expr = f"MortarBridge.{BRIDGE[rk].lower()}FromEmitter(fallback)"
    else:
        primary_t, fallback_t = map_type(lk, "Input", "Output"), map_type(rk, "Input", "Output")
        result_t = map_type(k, "Input", "Output", False)
        primary_expr, fallback_expr = "primary", "fallback"
    body = f"MortarBridge.fallback{BRIDGE[k]}({lift(primary_expr, lk, k)}, {lift(fallback_expr, rk, k)})"
    if emitter:
        body = f"MortarBridge.{BRIDGE[k].lower()}Emitter({body})"
    what = "emitter" if emitter else "function"
    named = doc(f"Tries {an(lk)} {what}, falling back to {an(rk)} {what} on failure; "
                f"`primary <-> fallback` is its second spelling.")
    named += function(f"public func fallback{gen}", [f"_ primary: {primary_t}", f"to fallback: {fallback_t}"],
                      result_t, body)
    op = doc(f"Mortar's exclusive operator for {an(lk)} and {an(rk)} {what}: "
             f"`primary <-> fallback` is `fallback(primary, to: fallback)`.")
    op += function(f"public func <-> {gen}", [f"primary: {primary_t}", f"fallback: {fallback_t}"], result_t,
                   "Mason.fallback(primary, to: fallback)")
    return named + [""] + op


def tap_overloads(kind, emitter):
    names = ["Output"] if emitter else ["Input", "Output"]
    gen = generics(names, set(), kind != "P")
    if emitter:
        transform_t, result_t = emitter_type(kind, "Output"), emitter_type(kind, "Output", False)
        body = (f"MortarBridge.{BRIDGE[kind].lower()}Emitter(MortarBridge.tap{BRIDGE[kind]}("
                f"MortarBridge.{BRIDGE[kind].lower()}FromEmitter(transform), sideEffect))")
    else:
        transform_t, result_t = map_type(kind, "Input", "Output"), map_type(kind, "Input", "Output", False)
        body = f"MortarBridge.tap{BRIDGE[kind]}(transform, sideEffect)"
    what = "emitter" if emitter else "function"
    named = doc(f"Runs a side effect on {an(kind)} {what}'s successful value; "
                f"`transform -< sideEffect` is its second spelling.")
    named += function(f"public func tap{gen}",
                      [f"_ transform: {transform_t}", "_ sideEffect: @escaping @Sendable (Output) -> Void"],
                      result_t, body)
    op = doc(f"Mortar's passthrough operator for {an(kind)} {what}: "
             f"`transform -< sideEffect` is `tap(transform, sideEffect)`.")
    op += function(f"public func -< {gen}",
                   [f"transform: {transform_t}", "sideEffect: @escaping @Sendable (Output) -> Void"],
                   result_t, "tap(transform, sideEffect)")
    return named + [""] + op


# ---------------------------------------------------------------- files

COMPOSE_HEADER = """// Mortar's composition `f <<- g` (named twin `compose(_:then:)`): `g` runs only when `f` succeeds.
//
// Function kinds, narrowest first: plain `(Input) -> Output` (always succeeds), fallible
// `(Input) -> Result<Output, Failure>`, callback `(Input, completion) -> Void`, and async
// `(Input) async throws(Failure) -> Output`. The composite has the wider kind of its two sides; both
// sides share one `Failure`.
//
// 15 overloads, not 16: plain <<- fallible needs none of its own, because plain <<- plain already
// composes `(Input) -> Middle` with `(Middle) -> Result<Output, Failure>` into the right function.
// Plain functions are not passed as async ones by implicit conversion: Swift 6.3.1 cannot convert a
// non-throwing function to a generic `throws(Failure)` parameter (it binds `Failure` to `Never`, and
// SILGen crashes when it does), so the async family spells out its plain partners.
//
// What each overload does, with examples and type-checking costs: Sources/Mason/Mason.docc/Mortar.md.
// The declaration order below is tuned for the solver: see Scripts/generate-mortar.py."""

FALLBACK_HEADER = """// Mortar's exclusive operator `f <-> g` (named twin `fallback(_:to:)`): when `f` fails, `g` runs with
// the original input and `f`'s failure is discarded.
//
// 12 overloads: the primary is fallible, callback or async (a plain primary never fails), the fallback
// any of the four kinds; the result has the wider kind of the two."""

TAP_HEADER = """// Mortar's passthrough operator `f -< sideEffect` (named twin `tap(_:_:)`): runs a side effect on each
// successful value and passes the value on. One overload per kind."""

EMITTER_HEADER = """// Mortar's operators for emitters: zero-argument sources that can start a pipeline. An emitter is
// `() -> Output`, `() -> Result<Output, Failure>`, `(completion) -> Void` or
// `() async throws(Failure) -> Output`; composing it gives an emitter of the wider kind.
//
// `emitter <<- function`: 15 overloads (plain <<- fallible is covered by plain <<- plain).
// `primary <-> fallback` between two emitters: 12 overloads. `emitter -< sideEffect`: 4 overloads."""


def write(path, header, blocks):
    text = "// swift-format-ignore-file\n// (generated: CI checks it against its generator instead)\n"
    text += header + "\n//\n// Generated by Scripts/generate-mortar.py: edit the generator, not this file.\n\n"
    text += "\n\n".join("\n".join(b) for b in blocks) + "\n"
    with open(path, "w") as f:
        f.write(text)


def main():
    root = "Sources/Mason/Mortar"
    write(f"{root}/MortarCompose.swift", COMPOSE_HEADER,
          [compose_overloads(l, r, False) for l, r in COMPOSE_PAIRS])
    write(f"{root}/MortarFallback.swift", FALLBACK_HEADER,
          [fallback_overloads(l, r, False) for l, r in FALLBACK_PAIRS])
    write(f"{root}/MortarTap.swift", TAP_HEADER, [tap_overloads(k, False) for k in KINDS])
    write(f"{root}/MortarEmitters.swift", EMITTER_HEADER,
          ["// MARK: emitter <<- function".split("\n")]
          + [compose_overloads(l, r, True) for l, r in COMPOSE_PAIRS]
          + ["// MARK: emitter <-> emitter".split("\n")]
          + [fallback_overloads(l, r, True) for l, r in FALLBACK_PAIRS]
          + ["// MARK: emitter -< side effect".split("\n")]
          + [tap_overloads(k, True) for k in KINDS])


if __name__ == "__main__":
    main()
