// The seeds' spellings that break the Swift API Design Guidelines or Mason's own casing, gathered in one
// place (GRDB's Fixits.swift is the model), so a seed's example compiles unchanged. New code should use
// the primary name given in each comment.

/// FunNetworking's spelling of ``HTTPStatusCode``, kept so its examples compile.
///
/// ```swift
/// let notFound: HttpStatusCode = 404   // the same type as HTTPStatusCode
/// ```
public typealias HttpStatusCode = HTTPStatusCode
