public import CarWindowUI

/// Records what a text field asked for, so a test can play the keyboard.
@CarWindowActor
public final class ScriptedKeyboard: KeyboardPresenter {
    public var presented: [any KeyboardClient] = []

    public init() {}

    public func presentKeyboard(for client: any KeyboardClient) { presented.append(client) }
}
