import Mason
import Testing

@Suite struct ChangeableTests {
    struct Person: Equatable, Sendable {
        var name: String
        var lastname: String
    }

    struct Job: Sendable {
        var name: String
        var run: @Sendable () -> Int
    }

    static let jane = Person(name: "Jane", lastname: "Doe")
    static let two: @Sendable () -> Int = { 2 }

    @Test func startsWithoutChanges() {
        #expect(Changeable(5).hasChanges == false)
        #expect(Changeable(value: 5, hasChanges: false) == Changeable(5))
        #expect(Changeable(5, hasChanges: true).hasChanges)
        #expect(Changeable.pure(5) == Changeable(5))
    }

    @Test func mapKeepsTheFlag() {
        let unchanged: Changeable<String> = Changeable(10).map(\.description)
        #expect(unchanged == Changeable("10"))
        let changed: Changeable<String> = Changeable(10, hasChanges: true).map(\.description)
        #expect(changed == Changeable("10", hasChanges: true))
    }

    @Test func flatMapOrsTheFlags() {
        let bump = { (n: Int) in Changeable(n + 1, hasChanges: true) }
        let keep = { (n: Int) in Changeable(n) }
        #expect(Changeable(1).flatMap(bump) == Changeable(2, hasChanges: true))
        #expect(Changeable(1, hasChanges: true).flatMap(keep) == Changeable(1, hasChanges: true))
        #expect(Changeable(1).flatMap(keep) == Changeable(1))
    }

    @Test func writeOfADifferentValueIsAChange() {
        let edited = Changeable(Self.jane).write("Joe", at: \.name)
        #expect(edited == Changeable(Person(name: "Joe", lastname: "Doe"), hasChanges: true))
    }

    @Test func writeOfAnEqualValueIsNoChange() {
        #expect(Changeable(Self.jane).write("Jane", at: \.name) == Changeable(Self.jane))
    }

    @Test func writeOfAnEqualValueKeepsAnEarlierChange() {
        // Funswift's write answered `hasChanges == false` here and lost the first change.
        let edited = Changeable(Self.jane)
            .write("Joe", at: \.name)
            .write("Doe", at: \.lastname)
        #expect(edited == Changeable(Person(name: "Joe", lastname: "Doe"), hasChanges: true))
    }

    @Test func writeOfANonEquatableFieldAlwaysChanges() {
        let job = Job(name: "count") { 1 }
        let edited = Changeable(job).write(Self.two, at: \.run)
        #expect(edited.hasChanges)
        #expect(edited.value.run() == 2)
        // An Equatable field of the same value still compares.
        #expect(Changeable(job).write("count", at: \.name).hasChanges == false)
    }

    @Test func curriedWriteWorksOnChangeables() {
        let rename = write("Joe", at: \Person.name)
        #expect((Changeable(Self.jane) |> rename).hasChanges)
        #expect((Changeable(Person(name: "Joe", lastname: "Doe")) |> rename).hasChanges == false)
        #expect((Changeable(Self.jane, hasChanges: true) |> write("Jane", at: \.name)).hasChanges)

        let job = Job(name: "count") { 1 }
        #expect((Changeable(job) |> write(Self.two, at: \Job.run)).hasChanges)
    }

    @Test func funswiftWriteChainsWithBind() {
        let unchanged =
            Changeable(Self.jane)
            >>- write("Jane", at: \.name)
            >>- write("Doe", at: \.lastname)
        #expect(unchanged == Changeable(Self.jane))

        let changed =
            Changeable(value: Self.jane, hasChanges: false)
            >>- write("Joe", at: \.name)
            >>- write("Doe", at: \.lastname)
        #expect(changed == Changeable(Person(name: "Joe", lastname: "Doe"), hasChanges: true))

        let viaFlatMap = Changeable(Self.jane)
            .flatMap(write("Jane", at: \.name))
            .flatMap(write("Doe Jr", at: \.lastname))
        #expect(viaFlatMap.hasChanges)

        let job = Job(name: "count") { 1 }
        #expect((Changeable(job) >>- write(Self.two, at: \Job.run)).hasChanges)
    }

    @Test func applyOrsTheFlags() {
        let double = Changeable<@Sendable (Int) -> Int>({ $0 * 2 }, hasChanges: true)
        #expect(apply(double, Changeable(21)) == Changeable(42, hasChanges: true))
        #expect((double <*> Changeable(21)) == Changeable(42, hasChanges: true))
        let unchangedDouble = Changeable<@Sendable (Int) -> Int>({ $0 * 2 })
        #expect((unchangedDouble <*> Changeable(21)) == Changeable(42))
        #expect((unchangedDouble <*> Changeable(21, hasChanges: true)) == Changeable(42, hasChanges: true))
    }

    @Test func zipOrsTheFlagsOfAnyArity() {
        let both = Mason.zip(Changeable("Joe", hasChanges: true), Changeable(42))
        #expect(both.value == ("Joe", 42))
        #expect(both.hasChanges)

        let four = Mason.zip(Changeable(1), Changeable("2"), Changeable(3.0), Changeable(false))
        #expect(four.value == (1, "2", 3.0, false))
        #expect(four.hasChanges == false)

        let lastChanged = Mason.zip(Changeable(1), Changeable(2), Changeable(3, hasChanges: true))
        #expect(lastChanged.hasChanges)
    }

    @Test func zipWithCombinesTheValues() {
        let sum = Mason.zip(with: { (a: Int, b: Int) in a + b }, Changeable(1), Changeable(2, hasChanges: true))
        #expect(sum == Changeable(3, hasChanges: true))
    }

    @Test func operatorsForwardToTheNamedFunctions() {
        let mapped: Changeable<String> = Changeable(10) <&> \.description
        #expect(mapped == Changeable("10"))
        #expect((Changeable(Self.jane) >>- write("Joe", at: \.name)).hasChanges)

        let clamp: @Sendable (Int) -> Changeable<Int> = { Changeable(min($0, 10), hasChanges: $0 > 10) }
        let floor: @Sendable (Int) -> Changeable<Int> = { Changeable(max($0, 0), hasChanges: $0 < 0) }
        #expect((clamp <&> { "\($0)" })(12) == Changeable("10", hasChanges: true))
        #expect(compose(clamp, mapping: { "\($0)" })(12) == Changeable("10", hasChanges: true))
        #expect((clamp >=> floor)(12) == Changeable(10, hasChanges: true))
        #expect((clamp >=> floor)(5) == Changeable(5))
        #expect(compose(clamp, flatMapping: floor)(-3) == Changeable(0, hasChanges: true))
    }

    @Test func curriedFunctionAppliesWithoutParentheses() {
        let add: @Sendable (Int) -> @Sendable (Int) -> Int = { a in { b in a + b } }
        #expect((Changeable(1) <&> add <*> Changeable(2, hasChanges: true)) == Changeable(3, hasChanges: true))
    }

    @Test func aSendableChangeableCrossesIntoATask() async {
        let changeable = Changeable(Self.jane)
        let result = await Task { changeable.write("Joe", at: \.name) }.value
        #expect(result.hasChanges)
    }

    /// A tag that is not `Sendable` (a class), compared by name.
    final class Tag: Equatable {
        let name: String

        init(_ name: String) { self.name = name }

        static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.name == rhs.name }
    }

    /// A value whose fields are not `Sendable`.
    struct Post {
        var tag: Tag
        var render: () -> String
    }

    @Test func curriedWriteTakesAFieldThatIsNotSendable() {
        let post = Post(tag: Tag("draft")) { "draft" }
        let retag = write(Tag("swift"), at: \Post.tag)
        #expect((Changeable(post) |> retag).hasChanges)
        #expect((Changeable(post) |> retag).value.tag.name == "swift")
        let same: (Changeable<Post>) -> Changeable<Post> = write(Tag("draft"), at: \.tag)
        #expect((Changeable(post) |> same).hasChanges == false)

        let render: () -> String = { "swift" }
        let rerender = write(render, at: \Post.render)
        let rerendered = Changeable(post) |> rerender
        #expect(rerendered.hasChanges)
        #expect(rerendered.value.render() == "swift")
    }

    @Test func funswiftWriteTakesAFieldThatIsNotSendable() {
        // The type is given: a bare `let` would take Optional's `>>-` (a changeable is lifted to an
        // optional), whichever the field.
        let post = Post(tag: Tag("draft")) { "draft" }
        let unchanged: Changeable<Post> = Changeable(post) >>- write(Tag("draft"), at: \Post.tag)
        #expect(unchanged.hasChanges == false)
        let retagged: Changeable<Post> = Changeable(post) >>- write(Tag("swift"), at: \Post.tag)
        #expect(retagged.hasChanges)
        #expect(retagged.value.tag.name == "swift")
        let render: () -> String = { "swift" }
        let rerendered: Changeable<Post> = Changeable(post) >>- write(render, at: \Post.render)
        #expect(rerendered.hasChanges)
        #expect(rerendered.value.render() == "swift")
    }

    @Test func curriedWriteTakesAKeyPathThatIsNotSendable() {
        let name: WritableKeyPath<Person, String> = \.name  // a key path value, not a literal
        let rename: (Changeable<Person>) -> Changeable<Person> = write("Joe", at: name)
        #expect((Changeable(Self.jane) |> rename).value.name == "Joe")
        let renamed: Changeable<Person> = Changeable(Self.jane) >>- write("Jane", at: name)
        #expect(renamed.hasChanges == false)
    }

    @Test func curriedWriteOfASendableFieldStaysSendable() {
        // Where the `@Sendable` form fits, Swift still takes it: the plain twins only add.
        let rename = write("Joe", at: \Person.name)
        let sendable: @Sendable (Changeable<Person>) -> Changeable<Person> = rename
        let chained: @Sendable (Person) -> Changeable<Person> = write("Joe", at: \.name)
        #expect(sendable(Changeable(Self.jane)).hasChanges)
        #expect(chained(Self.jane).value.name == "Joe")
    }

    @Test func applyTakesAPlainCurriedFunction() {
        let calls = Tally()
        let add = calls.countingAdd()
        #expect((Changeable(1) <&> add <*> Changeable(2)) == Changeable(3))
        #expect((Changeable(1) <&> add <*> Changeable(2, hasChanges: true)) == Changeable(3, hasChanges: true))
        #expect(
            apply(Changeable(add, hasChanges: true) <*> Changeable(1), Changeable(2)) == Changeable(3, hasChanges: true)
        )
        #expect(calls.count == 3)
    }
}
