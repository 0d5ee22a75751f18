public import enum HeadUnit.KnobAction
public import struct SDLRPC.ButtonName
public import struct SDLRPC.OnTouchEvent

/// What a browser asks the head unit to do.
///
/// ```swift
/// try await backend.perform(.resize(.pictureInPicture))
/// try await backend.perform(.touch(OnTouchEvent(type: .begin, event: [TouchEvent(id: 0, ts: [5], c: [TouchCoord(x: 10, y: 10)])])))
/// ```
public enum ViewerCommand: Sendable, Hashable {
    /// Gives the app an HMI level (`OnHMIStatus`).
    case setHMILevel(ViewerHMILevel)
    /// Asks for the app's own lifecycle state; the backend passes it to whoever runs the app.
    case setAppState(ViewerAppState)
    /// Changes the head unit's screen (resolution and scale), as a display resize or a split-screen/PiP layout.
    case resize(ViewerScreen)
    /// Makes the head unit refuse a video format, so the app must fall back to another.
    case rejectFormat(ViewerVideoFormat)
    /// Lets the head unit accept a format it was told to refuse; the app's next start may use it again.
    case allowFormat(ViewerVideoFormat)
    /// Shows this app (``ViewerApp/id``) and sends the other commands to it, until it disconnects.
    case selectApp(String)
    /// Drops the app's transport connection.
    case dropConnection
    /// A touch event for the app (`OnTouchEvent`).
    case touch(OnTouchEvent)
    /// The car starts (true) or stops moving: `OnDriverDistraction` DD_ON / DD_OFF.
    case setDriverDistraction(Bool)
    /// The ambient light sensor: DAY, NIGHT or TWILIGHT_1...4 (`OnVehicleData` `headLampStatus` to subscribed apps;
    /// the policy is allowed to grant it first, so the app's day/night follows).
    case setAmbientLight(String)
    /// Types on the keyboard the app opened (`OnKeyboardInput` KEYPRESS).
    case typeOnKeyboard(String)
    /// Deletes the last character typed (the on-screen keyboard's backspace).
    case backspaceOnKeyboard
    /// Submits (true: ENTRY_SUBMITTED, PerformInteraction SUCCESS) or cancels (ENTRY_CANCELLED, ABORTED) it.
    case closeKeyboard(submit: Bool)
    /// Caps how fast the head unit reads every app's socket, in kbit/s (a slow link); `nil` lifts the cap.
    case setLinkKbps(Int?)
    /// The driver presses a hardware button of the car, short or long: OnButtonEvent and OnButtonPress to the app
    /// the head unit routes it to (the console's `button NAME [long]`).
    case pressButton(ButtonName, long: Bool)
    /// The driver turns (`left`, `right`) or presses the rotary knob: the head unit moves its highlight over the
    /// app's haptic rects, and a press taps the highlighted rect's centre (the console's `knob`).
    case turnKnob(KnobAction)
    /// The driver picks a cloud app (``ViewerCloudApp/id``): the head unit dials it, or brings it to FULL when it
    /// is connected (the console's `activate ID`).
    case activateCloudApp(String)
}
