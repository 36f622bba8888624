import CommandLineSupport
import Foundation

/// The programs the tests run as children, in a PTY or to kill at random points; never shipped.
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "terminal-session": status = TerminalSessionProbe.run(Array(arguments.dropFirst()), console: .standard)
case "crash-child": status = await CrashChildCommand.run(Array(arguments.dropFirst()), console: .standard)
default:
    Console.standard.err("usage: VitrineTestChild terminal-session|crash-child [options]")
    status = 2
}
exit(status)
