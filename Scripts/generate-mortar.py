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


def shape(kind, inp, out, emitter=False):
    """The shape in words and code, for doc comments."""
    code = emitter_type(kind, out, False) if emitter else map_type(kind, inp, out, False)
    code = code.replace("@Sendable ", "").replace("@escaping ", "")
    return f"{WORD[kind]} {'emitter' if emitter else 'function'} `{code}`"


def lift(expr, src, dst):
    return expr if src == dst else f"MortarBridge.{LIFT[(src, dst)]}({expr})"


def generics(names, sendable, failure):
    parts = [f"{n}: Sendable" if n in sendable else n for n in names]
    if failure:
        parts.append("Failure: Error")
    return "<" + ", ".join(parts) + ">"


# ---------------------------------------------------------------- examples (doc comments)

MAP_FIXTURE = {"P": "triple", "R": "half", "C": "halfLater", "A": "halfAsync"}
MAP_FIXTURE_DOC = {
    "P": "triple: (Int) -> Int",
    "R": "half: (Int) -> Result<Int, OddError>, halving even numbers, failing with .odd on odd ones",
    "C": "halfLater: (Int, completion) -> Void, completing like half",
    "A": "halfAsync: (Int) async throws(OddError) -> Int, halving even numbers, throwing .odd on odd ones",
}
EMITTER_FIXTURE = {"P": "eight", "R": "readEight", "C": "loadEight", "A": "fetchEight"}
EMITTER_FIXTURE_DOC = {
    "P": "eight: () -> Int, returning 8",
    "R": "readEight: () -> Result<Int, OddError>, succeeding with 8",
    "C": "loadEight: (completion) -> Void, completing with .success(8)",
    "A": "fetchEight: () async throws(OddError) -> Int, returning 8",
}
MISSING_FIXTURE = {"R": "missing", "C": "missingLater", "A": "missingAsync"}
MISSING_FIXTURE_DOC = {
    "R": "missing: () -> Result<Int, OddError>, failing with .odd",
    "C": "missingLater: (completion) -> Void, completing with .failure(.odd)",
    "A": "missingAsync: () async throws(OddError) -> Int, throwing .odd",
}


def run_fixture(kind, value):
    """Runs a map fixture on a value (None means failure)."""
    if value is None:
        return None
    if kind == "P":
        return value * 3
    return value // 2 if value % 2 == 0 else None


def call_line(kind, arg, outcome, emitter=False, printed=None):
    args = "" if emitter else arg
    pre = f"prints {printed}, " if printed is not None else ""
    if kind == "P":
        return f"f({args})   // {pre}{'returns ' if pre else ''}{outcome}"
    if kind == "R":
        shown = ".failure(.odd)" if outcome is None else f".success({outcome})"
        return f"f({args})   // {pre}{'returns ' if pre else ''}{shown}"
    if kind == "C":
        shown = "failure(odd)" if outcome is None else f"success({outcome})"
        head = "f { print($0) }" if emitter else f"f({args}) {{ print($0) }}"
        return f"{head}   // {pre.replace(', ', ', then ') if pre else ''}{'' if pre else 'prints '}{shown}"
    shown = "throws OddError.odd" if outcome is None else (f"returns {outcome}" if pre else f"{outcome}")
    return f"try await f({args})   // {pre}{shown}"


def fixture_comment(docs):
    seen = []
    for d in docs:
        if d not in seen:
            seen.append(d)
    if any(d.startswith("halfLater") for d in seen) and MAP_FIXTURE_DOC["R"] not in seen:
        seen.insert(0, MAP_FIXTURE_DOC["R"])
    return ["// " + d for d in seen]


def compose_example(lk, rk, emitter, spelling):
    lhs = EMITTER_FIXTURE[lk] if emitter else MAP_FIXTURE[lk]
    rhs = MAP_FIXTURE[rk]
    docs = [EMITTER_FIXTURE_DOC[lk] if emitter else MAP_FIXTURE_DOC[lk], MAP_FIXTURE_DOC[rk]]
    expr = f"{lhs} <<- {rhs}" if spelling == "operator" else f"compose({lhs}, then: {rhs})"
    lines = fixture_comment(docs) + [f"let f = {expr}"]
    result = wider(lk, rk)
    if emitter:
        lines.append(call_line(result, "", run_fixture(rk, 8), emitter=True))
    else:
        lines.append(call_line(result, "8", run_fixture(rk, run_fixture(lk, 8))))
        if not (lk == "P" and rk == "P"):
            lines.append(call_line(result, "3", run_fixture(rk, run_fixture(lk, 3))))
    return lines


def fallback_example(lk, rk, emitter, spelling):
    if emitter:
        lhs, rhs = MISSING_FIXTURE[lk], EMITTER_FIXTURE[rk]
        docs = [MISSING_FIXTURE_DOC[lk], EMITTER_FIXTURE_DOC[rk]]
    else:
        lhs, rhs = MAP_FIXTURE[lk], MAP_FIXTURE[rk]
        docs = [MAP_FIXTURE_DOC[lk], MAP_FIXTURE_DOC[rk]]
    expr = f"{lhs} <-> {rhs}" if spelling == "operator" else f"fallback({lhs}, to: {rhs})"
    lines = fixture_comment(docs) + [f"let f = {expr}"]
    result = wider(lk, rk)
    if emitter:
        lines.append(call_line(result, "", 8, emitter=True))
    else:
        lines.append(call_line(result, "8", run_fixture(lk, 8)))
        lines.append(call_line(result, "3", run_fixture(rk, 3)))
    return lines


def tap_example(kind, emitter, spelling):
    subject = EMITTER_FIXTURE[kind] if emitter else MAP_FIXTURE[kind]
    docs = [EMITTER_FIXTURE_DOC[kind] if emitter else MAP_FIXTURE_DOC[kind]]
    expr = f"{subject} -< {{ print($0) }}" if spelling == "operator" else f"tap({subject}) {{ print($0) }}"
    lines = fixture_comment(docs) + [f"let f = {expr}"]
    if emitter:
        lines.append(call_line(kind, "", 8, emitter=True, printed=8))
    else:
        value = run_fixture(kind, 8)
        lines.append(call_line(kind, "8", value, printed=value))
        if kind != "P":
            lines.append(call_line(kind, "3", None, printed="nothing"))
    return lines


# ---------------------------------------------------------------- doc comment pieces

def lifting_notes(sides):
    """sides: list of (label, kind, result kind)."""
    notes = []
    for label, kind, result in sides:
        if kind == result:
            continue
        if kind == "P":
            notes.append(f"`{label}` is plain, so it always succeeds.")
        elif kind == "R":
            notes.append(f"`{label}`'s `Result` is {'delivered synchronously' if result == 'C' else 'thrown or returned'}.")
        elif kind == "C":
            notes.append(f"`{label}` is awaited through a checked continuation: the task suspends until the "
                         "completion handler is first called (later calls are ignored). Cancellation does not "
                         "interrupt the callback, which cannot be cancelled; the async steps around it see it.")
    return notes


def result_note(kind, emitter):
    what = "emitter" if emitter else "function"
    return f"The result is a `@Sendable` {WORD[kind]} {what}; it is lazy: nothing runs until it is called."


def doc(summary, discussion, example, params, returns):
    out = [f"/// {summary}", "///"]
    for para in discussion:
        out += wrap(para)
        out.append("///")
    out.append("/// ```swift")
    out += [f"/// {line}" for line in example]
    out.append("/// ```")
    out.append("/// - Parameters:")
    out += [f"///   - {name}: {text}" for name, text in params]
    out.append(f"/// - Returns: {returns}")
    return out


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
    lhs_shape = shape(lk, "Input", "Middle", emitter)
    rhs_shape = shape(rk, "Middle", "Output")
    res_shape = shape(k, "Input", "Output", emitter)

    discussion = []
    if lk == "P" and rk == "P" and emitter:
        discussion.append("A plain emitter never fails, so this passes its value straight to `second`. It "
                          "also covers a plain emitter followed by a fallible function: the result then "
                          "returns `second`'s `Result` unchanged.")
    elif lk == "P" and rk == "P":
        discussion.append("Plain functions never fail, so this is ordinary forward composition (like "
                          "`compose(_:_:)`). It also covers a plain function followed by a fallible one: "
                          "the result then returns `second`'s `Result` unchanged, as Mortar's Simple `<<-` "
                          "Transform did.")
    else:
        discussion.append("`second` runs only when `first` succeeds; when `first` fails, its failure is the "
                          "result and `second` never runs.")
    notes = lifting_notes([("first", lk, k), ("second", rk, k)])
    if notes:
        discussion.append(" ".join(notes))
    discussion.append(result_note(k, emitter))
    params = [("first", f"The {lhs_shape} that runs first."),
              ("second", f"The {rhs_shape} that receives `first`'s value.")]
    returns = f"The {res_shape}."

    named = doc(f"Composes {an(lk)} {'emitter' if emitter else 'function'} with {an(rk)} function "
                f"into {an(k)} {'emitter' if emitter else 'function'}; `first <<- second` is its second spelling.",
                discussion, compose_example(lk, rk, emitter, "named"), params, returns)
    named += function(f"public func compose{gen}", [f"_ first: {first_t}", f"then second: {second_t}"], result_t, body)

    op = doc(f"Mortar composition of {an(lk)} {'emitter' if emitter else 'function'} and {an(rk)} "
             f"function: `first <<- second` forwards to `compose(first, then: second)`.",
             ["`second` runs only when `first` succeeds. See `compose(_:then:)`."],
             compose_example(lk, rk, emitter, "operator"), params, returns)
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
    discussion = [
        f"Runs `primary`; when it succeeds, its value is the result and `fallback` never runs. When it fails, "
        f"its failure is discarded and `fallback` runs{'' if emitter else ' with the original input'}. "
        + ("A plain `fallback` cannot fail, so neither can the result, but it keeps `primary`'s failure type."
           if rk == "P" else "")]
    notes = lifting_notes([("primary", lk, k), ("fallback", rk, k)])
    if notes:
        discussion.append(" ".join(notes))
    discussion.append(result_note(k, emitter))
    params = [("primary", f"The {shape(lk, 'Input', 'Output', emitter)} tried first."),
              ("fallback", f"The {shape(rk, 'Input', 'Output', emitter)} that runs when `primary` fails.")]
    returns = f"The {shape(k, 'Input', 'Output', emitter)}."
    named = doc(f"Tries {an(lk)} {what}, falling back to {an(rk)} {what} on failure; "
                f"`primary <-> fallback` is its second spelling.",
                discussion, fallback_example(lk, rk, emitter, "named"), params, returns)
    named += function(f"public func fallback{gen}", [f"_ primary: {primary_t}", f"to fallback: {fallback_t}"],
                      result_t, body)
    op = doc(f"Mortar's exclusive operator for {an(lk)} and {an(rk)} {what}: "
             f"`primary <-> fallback` forwards to `fallback(primary, to: fallback)`.",
             ["`fallback` runs only when `primary` fails. See `fallback(_:to:)`."],
             fallback_example(lk, rk, emitter, "operator"), params, returns)
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
    discussion = [("`sideEffect` sees every value, since a plain function always succeeds, "
                   if kind == "P" else "`sideEffect` runs only on success, ")
                  + "before the value is passed on unchanged. Typical use: logging.",
                  result_note(kind, emitter)]
    params = [("transform", f"The {shape(kind, 'Input', 'Output', emitter)} to observe."),
              ("sideEffect", "Runs with each successful value.")]
    returns = f"A {shape(kind, 'Input', 'Output', emitter)} that behaves like `transform`."
    named = doc(f"Runs a side effect on {an(kind)} {what}'s successful value; "
                f"`transform -< sideEffect` is its second spelling.",
                discussion, tap_example(kind, emitter, "named"), params, returns)
    named += function(f"public func tap{gen}",
                      [f"_ transform: {transform_t}", "_ sideEffect: @escaping @Sendable (Output) -> Void"],
                      result_t, body)
    op = doc(f"Mortar's passthrough operator for {an(kind)} {what}: "
             f"`transform -< sideEffect` forwards to `tap(transform, sideEffect)`.",
             ["`sideEffect` runs only on success. See `tap(_:_:)`."],
             tap_example(kind, emitter, "operator"), params, returns)
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
// Type-checking cost (Swift 6.3.1, `-warn-long-expression-type-checking`, 2 cores, debug): one
// operator about 5 ms; the README case study about 10 ms (35 ms inside an async function); five mixed
// operators up to about 40 ms (70 ms inside an async function, where every overload scores
// "sync-in-async" and the solver prunes less); six mixed operators ending in an async step up to 150 ms
// in an async function. Split longer chains with `let`s. The declaration order below is tuned for the
// solver: see Scripts/generate-mortar.py."""

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
