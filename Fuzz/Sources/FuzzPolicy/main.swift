// Delegate policies from outside: the policy language's text (scripts, --policy) and a session
// description's bytes (log headers). Parsed text prints back to text that parses to the same
// policy; an accepted description re-encodes to the same bytes; nothing may trap.
import FuzzSupport
import Glibc
import NavigationCodec
import NavigationCore

func check(_ bytes: UnsafeRawBufferPointer) {
    if let description = try? SessionDescription(decoding: bytes) {
        _ = description.policy.text
        var state = NavigationState(style: description.style, traits: description.initialTraits)
        Navigation.send(.launch(description.initialTraits), to: &state, delegate: description.policy)
    }
    guard bytes.count < 4_096, let text = String(validating: bytes, as: UTF8.self) else { return }
    guard let policy = try? SplitPolicy(parsing: text) else { return }
    let printed = policy.text
    precondition((try? SplitPolicy(parsing: printed)) == policy, "a policy's text does not read back to it")
    var state = NavigationState(traits: Device.iPhonePlus.traits(.landscape))
    for command in NavigationCommand.installing(
        primary: .navigation("MN", [.content("M")]), supplementary: nil,
        secondary: .navigation("DN", [.content("D")]), style: .unspecified)
        + [
            .launch(Device.iPhonePlus.traits(.landscape)), .changeTraits(Device.iPhonePlus.traits(.portrait)),
            .changeTraits(Device.iPhonePlus.traits(.landscape)),
        ]
    {
        Navigation.send(command, to: &state, delegate: policy)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    check(UnsafeRawBufferPointer(start: data, count: count))
    return 0
}

exit(fuzzMain(fuzz, check))
