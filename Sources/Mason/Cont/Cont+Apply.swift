/// Applies the function one computation produces to the value of another: `function`'s computation
/// runs first. `function <*> cont` is its second spelling.
///
/// ```swift
/// let double = Cont<@Sendable (Int) -> Int, String>.pure { $0 * 2 }
/// apply(double, Cont.pure(21)).run { "\($0)" }   // "42"
/// ```
/// - Parameters:
///   - function: A computation of a function.
///   - cont: A computation of the function's input.
/// - Returns: A computation of the function's output.
@inlinable
public func apply<Value, NewValue, Answer>(
    _ function: Cont<@Sendable (Value) -> NewValue, Answer>,
    _ cont: Cont<Value, Answer>
) -> Cont<NewValue, Answer> {
    Cont { continuation in
        function.computation { transform in
            cont.computation { value in continuation(transform(value)) }
        }
    }
}
