import CommandLineSupport
import Testing

/// The declarative option parser: what a command line means, and the synopsis written from the
/// same declaration.
@Suite struct OptionParserTests {
    struct Options: Equatable {
        var host = "localhost"
        var port = 8080
        var verbose = false
        var tags: [String] = []
        var filter: String?
        var files: [String] = []
    }

    static var syntax: OptionParser<Options> { OptionParser<Options>(
        command: "tool run",
        options: [
            .value("--host", "HOST") { $0.host = $1 },
            .value("--port", "PORT") { options, text throws(UsageError) in
                guard let port = Int(text) else { throw UsageError("--port '\(TerminalText.excerpt(text))' is not a number") }
                options.port = port
            },
            .flag("--verbose") { $0.verbose = true },
            .value("--tag", "NAME", repeatable: true) { $0.tags.append($1) },
            .value("--filter", "a,b", allowsEmpty: true) { $0.filter = $1 },
        ],
        operand: .init("FILE") { $0.files.append($1) },
        forms: [
            [[.text("FILE…"), .optional("--host"), .optional("--port")], [.optional("--verbose"), .optional("--tag")]],
            [[.required("--filter")]],
        ]) }

    func parse(_ arguments: [String]) throws(UsageError) -> OptionParser<Options>.Parsed {
        try Self.syntax.parse(arguments, into: Options())
    }

    /// The options given make one form of the synopsis: none from two forms, none of a form's
    /// required ones missing.
    @Test func theOptionsGivenMakeOneOfTheForms() throws {
        #expect(try parse(["--filter", "a"]).options.filter == "a")
        #expect(try parse(["a.json", "--host", "h"]).options.host == "h")
        #expect(throws: UsageError("--host and --filter cannot be given together")) { try parse(["--host", "h", "--filter", "a"]) }
        let twoRequired = OptionParser<Options>(
            command: "tool pick", options: Self.syntax.options,
            forms: [[[.required("--host"), .required("--port"), .required("--filter"), .optional("--verbose")]], [[.optional("--tag")]]])
        #expect(throws: UsageError("--host needs --port and --filter")) { try twoRequired.parse(["--host", "h"], into: Options()) }
        #expect(throws: UsageError("--host, --port and --filter are needed")) { try twoRequired.parse(["--verbose"], into: Options()) }
        #expect(throws: Never.self) { try twoRequired.parse(["--tag", "x"], into: Options()) }
    }

    @Test func valuesFlagsAndOperandsAreAppliedInOrder() throws {
        let parsed = try parse(["a.json", "--host", "example.org", "--port=9", "--verbose", "--tag", "x", "--tag=y", "b.json"])
        #expect(parsed.options == Options(host: "example.org", port: 9, verbose: true, tags: ["x", "y"], files: ["a.json", "b.json"]))
        #expect(parsed.given == ["--host", "--port", "--verbose", "--tag", "--tag"])
        #expect(parsed.gave("--port"))
        #expect(!parsed.gave("--filter"))
        #expect(!parsed.isHelp)
    }

    @Test func aValueMayStartWithADashAndStandardInputIsAnOperand() throws {
        #expect(try parse(["--host", "-x"]).options.host == "-x")
        #expect(try parse(["-"]).options.files == ["-"])
        #expect(try parse(["--host=a=b"]).options.host == "a=b")
    }

    @Test(arguments: [
        (["--colour"], "unknown option '--colour'"),
        (["-v"], "unknown option '-v'"),
        (["--host"], "--host needs a value"),
        (["--host="], "--host needs a value"),
        (["--host", ""], "--host needs a value"),
        (["--verbose=yes"], "--verbose takes no value"),
        (["--port", "x"], "--port 'x' is not a number"),
        (["--host", "a", "--host", "b"], "--host is given twice"),
        (["--HOST", "a"], "unknown option '--HOST'"),
        // Names are bytes: a decomposed é is not the precomposed one.
        (["--hoste\u{301}", "a"], "unknown option '--hoste\u{301}'"),
    ])
    func aBadCommandLineSaysWhatIsWrong(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try parse(arguments) }
    }

    @Test func anEmptyValueIsAValueOnlyWhereDeclared() throws {
        #expect(try parse(["--filter", ""]).options.filter == "")
        #expect(try parse(["--filter="]).options.filter == "")
    }

    /// `--` ends the options: a file named like an option, or `--help`, is an operand after it.
    @Test func everythingAfterADoubleDashIsAnOperand() throws {
        let parsed = try parse(["--verbose", "--", "-x.json", "--host", "--help", "--"])
        #expect(parsed.options.files == ["-x.json", "--host", "--help", "--"])
        #expect(parsed.options.verbose)
        #expect(!parsed.isHelp)
        #expect(parsed.given == ["--verbose"])
    }

    /// Another name of an option counts as that option: for repeats and for forms alike.
    @Test func anAliasCountsAsTheOptionItNames() throws {
        let syntax = OptionParser<Options>(
            command: "tool", options: Self.syntax.options + [.value("--server", "HOST") { $0.host = $1 }.alias(of: "--host")],
            forms: [[[.optional("--host")]], [[.required("--filter")]]])
        #expect(try syntax.parse(["--server", "s"], into: Options()).options.host == "s")
        #expect(try syntax.parse(["--server", "s"], into: Options()).given == ["--host"])
        #expect(throws: UsageError("--server (--host) is given twice")) { try syntax.parse(["--host", "h", "--server", "s"], into: Options()) }
        #expect(throws: UsageError("--host and --filter cannot be given together")) { try syntax.parse(["--server", "s", "--filter", "a"], into: Options()) }
    }

    @Test func helpAnywhereAsksForTheUsageAndNothingElse() throws {
        let parsed = try parse(["--port", "1", "-h"])
        #expect(parsed.isHelp)
        #expect(parsed.options == Options(), "nothing applied")
        #expect(try parse(["--help"]).isHelp)
        #expect(try parse(["--help", "--bogus", "--port", "x"]).isHelp, "nothing judged")
    }

    @Test func aCommandWithoutOperandsRefusesOne() {
        let bare = OptionParser<Options>(command: "tool", options: [], forms: [[[]]])
        #expect(throws: UsageError("unexpected 'x'")) { try bare.parse(["x"], into: Options()) }
    }

    @Test func oneOperandIsKeptAndASecondRefused() throws {
        struct Source { var path = "" }
        let syntax = OptionParser<Source>(command: "tool", options: [], operand: .one("FILE or URL", \.path), forms: [[[]]])
        #expect(try syntax.parse(["a.json"], into: Source()).options.path == "a.json")
        #expect(throws: UsageError("only one FILE or URL")) { try syntax.parse(["a.json", "b.json"], into: Source()) }
        #expect(throws: UsageError("only one FILE or URL")) { try syntax.parse(["", "b.json"], into: Source()) }
    }

    @Test func numbersAndNamedValuesSayTheirRange() throws {
        enum Size: String, CaseIterable { case small, large }
        struct Choice { var count = 0; var size = Size.small }
        let syntax = OptionParser<Choice>(
            command: "tool",
            options: [.number("--count", in: 1...9) { $0.count = $1 }, .oneOf("--size", "S") { (choice, size: Size) in choice.size = size }],
            forms: [[[]]])
        let parsed = try syntax.parse(["--count", "9", "--size", "large"], into: Choice())
        #expect(parsed.options.count == 9)
        #expect(parsed.options.size == .large)
        #expect(throws: UsageError("--count '10' is not a whole number from 1 to 9")) { try syntax.parse(["--count", "10"], into: Choice()) }
        #expect(throws: UsageError("--count '9223372036854775808' is not a whole number from 1 to 9")) {
            try syntax.parse(["--count", "9223372036854775808"], into: Choice())
        }
        #expect(throws: UsageError("--size 'Large' is not one of small, large")) { try syntax.parse(["--size", "Large"], into: Choice()) }
    }

    @Test func hostileArgumentsAreQuotedSafely() {
        #expect(throws: UsageError("unknown option '--\\u{1B}]0;pwned\\u{7}'")) { try parse(["--\u{1B}]0;pwned\u{07}"]) }
        #expect(throws: UsageError("--port '\\u{1B}[2J' is not a number")) { try parse(["--port", "\u{1B}[2J"]) }
    }

    @Test func theSynopsisIsWrittenFromTheDeclaration() {
        #expect(Self.syntax.usage == """
            usage: tool run FILE… [--host HOST] [--port PORT]
                            [--verbose] [--tag NAME]…
                   tool run --filter a,b
            """)
    }

    @Test func synopsesJoinUnderOneUsage() {
        let joined = joinedSynopses(["usage: a x\n         y", "usage: b z"])
        #expect(joined == "usage: a x\n         y\n       b z")
    }
}
