import Foundation
import Testing

/// What is typed into a secure field never reaches a log, a notification or an error message: not its
/// text, not its length, not the keys pressed. A secret is planted and every output grepped for it.
@Suite struct SecretTests {
    @Test func aSecretReachesNoLogLevelNoEventAndNoError() throws {
        let secret = "hunter2SECRET"
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":["*"]}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"focus","params":{"text":"\#(secret)","traits":{"secure":true}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"keyEvent","params":{"code":30,"value":1}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"keyEvent","params":{"code":30,"value":0}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"typeText","params":{"text":"\#(secret)"}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"typeText","params":{"text":"ж\#(secret)"}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"insertText","params":{"text":"\#(secret)"}}"#,
        ].joined(separator: "\n") + "\n"
        let result = try KeyboarddBinary.run(["serve", "--stdio", "--log-level", "trace"], stdin: Data(requests.utf8))
        #expect(result.status == 0)
        let output = String(decoding: result.stdout, as: UTF8.self) + result.stderr
        #expect(!output.contains(secret))
        #expect(!output.contains("SECRET") && !output.contains("hunter"))
        #expect(!output.contains(String(repeating: "•", count: secret.count)), "no mask that tells the length")
        #expect(!output.contains("ж"), "the refused character is not named")
        #expect(!output.contains(#""code":30"#), "the keys pressed are not logged")
        #expect(result.stderr.contains("focus (text, traits)"), "the request is logged by its parameters' names alone")
        #expect(String(decoding: result.stdout, as: UTF8.self).contains("a secure field: it is not shown"))
    }
}
