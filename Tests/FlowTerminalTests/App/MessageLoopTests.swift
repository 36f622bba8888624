import Testing
@testable import FlowTerminal

@MainActor
@Suite struct MessageLoopTests {
    enum Message { case add(Int), echo(Int) }
    enum Effect { case echo(Int) }

    @Test func effectsRunAfterTheirUpdateAndTheirMessagesAreHandledInOrder() {
        let loop = MessageLoop<[String], Message, Effect>(state: []) { state, message in
            switch message {
            case .add(let value):
                state.append("add \(value)")
                return [.echo(value), .echo(value + 1)]
            case .echo(let value):
                state.append("echo \(value)")
                return []
            }
        }
        var changes = 0
        loop.perform = { effect in
            if case .echo(let value) = effect { loop.send(.echo(value)) }
        }
        loop.onChange = { changes += 1 }
        loop.send(.add(1))
        #expect(loop.state == ["add 1", "echo 1", "echo 2"], "an effect's message waits for the update that sent it")
        #expect(changes == 1, "one change for the batch")
    }
}
