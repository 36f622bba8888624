import Foundation
import VitrineBench

let status = await BenchCommand.run(Array(CommandLine.arguments.dropFirst()), console: .standard)
exit(status)
