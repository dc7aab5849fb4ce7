// The one operator table of Mason.
//
// Every operator Mason declares is declared here, with its precedence group. Each operator is a
// second spelling of a named function; the overloads live beside the types they work on (for
// example `Either+Operators.swift`) and forward to those functions.
//
// | operator | name        | named twin                                   | group (lowest first)            | assoc. |
// |----------|-------------|----------------------------------------------|---------------------------------|--------|
// | `x |> f` | pipe        | `pipe(x, f)`                                  | `PipePrecedence`                | left   |
// | `m <&> f`| map         | `m.map(f)`; function form `compose(f, mapping: g)` | `MapPrecedence`            | left   |
// | `f <*> m`| apply       | `apply(f, m)`                                 | `MapPrecedence`                 | left   |
// | `m >>- f`| bind        | `m.flatMap(f)`                                | `BindPrecedence`                | left   |
// | `a <> b` | combine     | `Semigroup.combine(a, b)`; for functions `compose(f, g)` / `concat(f, g)` | `SemigroupPrecedence` | left |
// | `f >>> g`| compose     | `compose(f, g)` (`f` runs first)              | `ForwardCompositionPrecedence`  | left   |
// | `g <<< f`| compose     | `compose(g, after: f)`                        | `BackwardCompositionPrecedence` | right  |
// | `f >=> g`| Kleisli     | `compose(f, flatMapping: g)`                  | `KleisliPrecedence`             | left   |
// | `f <<- g`| Mortar compose | `compose(f, then: g)` (short-circuits)      | `CompositionPrecedence`         | left   |
// | `f <-> g`| Mortar exclusive | `fallback(f, to: g)`                      | `ExclusivePrecedence`           | left   |
// | `f -< t` | Mortar tap  | `tap(f, t)`                                   | `PassthroughPrecedence`         | left   |
//
// How they bind, loosest first:
//
//     =  <  |>  <  ?:  <  …stdlib…  <  +  <  <<-  <  <->  <  -<
//           |>  <  <&> <*>  <  >>-  <  <>  <  >>> | <<<  <  >=>
//                                 ==  <  <>
//
// So FunNetworking's chain
//
//     "https://example.com/?name=\(name)"
//         |> URL.init(string:)
//         >=> urlRequestWithTimeout(30)
//         |> requestAsyncR
//         <&> decodeJsonData
//
// parses as `("…" |> (URL.init(string:) >=> urlRequestWithTimeout(30))) |> (requestAsyncR <&> decodeJsonData)`,
// and Mortar's case study `buildRequest <<- fetchCached <-> fetchUpdated <<- Model.create` parses as
// `(buildRequest <<- (fetchCached <-> fetchUpdated)) <<- Model.create`.
//
// Differences from the seeds, on purpose:
// - `<*>` shares `<&>`'s group (Funswift left it unrelated to everything), so
//   `Optional.pure(curry(f)) <*> a <*> b` and `a <&> curry(f) <*> b` need no parentheses.
// - `>>-` binds looser than `>=>`, `>>>` and `<>` (Funswift had it above `>=>`), so
//   `m >>- f >=> g` means `m >>- (f >=> g)` instead of failing to type-check.
// - `>>>` and `<<<` stay unrelated to each other, as in Funswift: mixing directions needs parentheses.

/// The group of the pipe operator `|>`: the loosest of Mason's operators, just above assignment.
///
/// `x |> cond ? f : g` pipes into the chosen function.
precedencegroup PipePrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
    lowerThan: TernaryPrecedence
}

/// The group of map `<&>` and apply `<*>`: tighter than `|>`.
precedencegroup MapPrecedence {
    associativity: left
    higherThan: PipePrecedence
}

/// The group of bind `>>-`: tighter than `<&>`, looser than every composition operator.
precedencegroup BindPrecedence {
    associativity: left
    higherThan: MapPrecedence
}

/// The group of the semigroup operator `<>`: tighter than `>>-` and than comparisons (so
/// `a <> b == c` compares the combination), looser than composition.
precedencegroup SemigroupPrecedence {
    associativity: left
    higherThan: BindPrecedence, ComparisonPrecedence
}

/// The group of forward composition `>>>`.
precedencegroup ForwardCompositionPrecedence {
    associativity: left
    higherThan: SemigroupPrecedence
}

/// The group of backward composition `<<<`.
precedencegroup BackwardCompositionPrecedence {
    associativity: right
    higherThan: SemigroupPrecedence
}

/// The group of Kleisli composition `>=>`: the tightest of Funswift's operators.
precedencegroup KleisliPrecedence {
    associativity: left
    higherThan: ForwardCompositionPrecedence, BackwardCompositionPrecedence
}

/// The group of Mortar's short-circuiting composition `<<-` (Mortar's final precedence: above `+`).
precedencegroup CompositionPrecedence {
    associativity: left
    higherThan: AdditionPrecedence
}

/// The group of Mortar's exclusive fallback `<->`: tighter than `<<-`.
precedencegroup ExclusivePrecedence {
    associativity: left
    higherThan: CompositionPrecedence
}

/// The group of Mortar's passthrough (tap) `-<`: tighter than `<->`.
precedencegroup PassthroughPrecedence {
    associativity: left
    higherThan: ExclusivePrecedence
}

/// Pipe: `x |> f` is `f(x)`. Named twin: `pipe(_:_:)`.
infix operator |> : PipePrecedence
/// Map: `m <&> f` is `m.map(f)`. Named twins: `map(_:)`, `compose(_:mapping:)` for the function form.
infix operator <&> : MapPrecedence
/// Apply: `f <*> m` applies the wrapped function `f` to the wrapped value `m`. Named twin: `apply(_:_:)`.
infix operator <*> : MapPrecedence
/// Bind: `m >>- f` is `m.flatMap(f)`.
infix operator >>- : BindPrecedence
/// Semigroup combination: `a <> b`. Named twins: ``Semigroup/combine(_:_:)`` and, for functions, `concat(_:_:)`.
infix operator <> : SemigroupPrecedence
/// Forward composition: `f >>> g` runs `f`, then `g`. Named twin: `compose(_:_:)`.
infix operator >>> : ForwardCompositionPrecedence
/// Backward composition: `g <<< f` runs `f`, then `g`. Named twin: `compose(_:after:)`.
infix operator <<< : BackwardCompositionPrecedence
/// Kleisli composition: `f >=> g` runs `f`, then `g` on its wrapped value. Named twin: `compose(_:flatMapping:)`.
infix operator >=> : KleisliPrecedence
/// Mortar's composition: runs the right side only when the left succeeds. Named twin: `compose(_:then:)`.
infix operator <<- : CompositionPrecedence
/// Mortar's exclusive fallback: when the left fails, runs the right with the same input. Named twin: `fallback(_:to:)`.
infix operator <-> : ExclusivePrecedence
/// Mortar's passthrough: runs a side effect on success and passes the value on. Named twin: `tap(_:_:)`.
infix operator -< : PassthroughPrecedence
