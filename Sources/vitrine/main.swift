import Foundation
import VitrineCLI

let status = await CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
