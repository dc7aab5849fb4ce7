/// A `Sendable` value whose type is erased: how an input travels to the pure function and an output
/// to its handler, whatever their IO kind.
///
/// Plain data of at most 16 bytes — an `Int`, a `Double`, most enums an IO kind declares — is kept in
/// line as its bytes, beside its type. Copying, moving and reading it back then take no value witness,
/// no retain and no dynamic cast; as `any Sendable` they took all three, on every input and every
/// output. Anything else is kept as `any Sendable`.
///
/// ```swift
/// let value = ErasedValue(7)
/// value.value(as: Int.self)      // 7
/// value.value(as: String.self)   // nil: read back only as its own type
/// ```
///
/// `@unchecked Sendable`: it holds either an `any Sendable`, or the bytes of a value whose type is
/// `Sendable` and has no references (`_isPOD`), with that type's metadata, which never changes.
@usableFromInline
package struct ErasedValue: @unchecked Sendable {
    @usableFromInline
    enum Storage {
        /// The value's type, and its bytes (the first `MemoryLayout<Type>.size` of them).
        case plain(any Sendable.Type, (UInt64, UInt64))
        case other(any Sendable)
    }

    @usableFromInline let storage: Storage

    /// Erases `value`'s type.
    @inlinable
    package init<Value: Sendable>(_ value: Value) {
        if _isPOD(Value.self), MemoryLayout<Value>.size <= 16, MemoryLayout<Value>.alignment <= 8 {
            var bytes: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &bytes) { $0.storeBytes(of: value, as: Value.self) }
            storage = .plain(Value.self, bytes)
        } else {
            storage = .other(value)
        }
    }

    /// The value, if it is a `Value`. A value kept in line is read back only as its own type.
    @inlinable
    package func value<Value>(as type: Value.Type) -> Value? {
        switch storage {
        case .plain(let stored, let bytes):
            guard ObjectIdentifier(stored) == ObjectIdentifier(Value.self) else { return nil }
            return withUnsafeBytes(of: bytes) { $0.load(as: Value.self) }
        case .other(let value):
            return value as? Value
        }
    }

    /// Whether the value is kept in line (plain data of at most 16 bytes).
    package var isInLine: Bool {
        if case .plain = storage { true } else { false }
    }

    /// The value as `any Sendable`: for the history and diagnostics.
    package var unwrapped: any Sendable {
        switch storage {
        case .plain(let type, let bytes):
            func load<Value: Sendable>(_: Value.Type) -> any Sendable {
                withUnsafeBytes(of: bytes) { $0.load(as: Value.self) }
            }
            return load(type)
        case .other(let value):
            return value
        }
    }
}

extension ErasedValue {
    /// The value's type, named (`TimerIO.Output`), without the value.
    package var typeName: String {
        switch storage {
        case .plain(let type, _): String(reflecting: type)
        case .other(let value): String(reflecting: type(of: value))
        }
    }
}

extension ErasedValue: CustomStringConvertible {
    /// The value's own description.
    @usableFromInline
    package var description: String {
        "\(unwrapped)"
    }
}
