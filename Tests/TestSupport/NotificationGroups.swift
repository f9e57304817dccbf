import KeyboardHost

/// The notifications a keyboard that comes up posts, in order.
public let showGroup: [KeyboardNotification.Name] =
    [.keyboardWillChangeFrame, .keyboardWillShow, .keyboardDidChangeFrame, .keyboardDidShow]
/// The notifications a keyboard that goes down posts, in order.
public let hideGroup: [KeyboardNotification.Name] =
    [.keyboardWillChangeFrame, .keyboardWillHide, .keyboardDidChangeFrame, .keyboardDidHide]
/// The notifications a keyboard whose frame changes on screen posts.
public let changePair: [KeyboardNotification.Name] = [.keyboardWillChangeFrame, .keyboardDidChangeFrame]
