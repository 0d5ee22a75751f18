// Verbatim from docs/getting-started.md (GettingStartedGuideTests checks they agree):
// Sources/MyCarApp/PlayerScreen.swift
import CarWindow

/// The player's screen: a title, a Play/Pause button and a progress bar.
@CarWindowActor
final class PlayerScreen {
    let title = Label(text: "Track 1", font: Font(size: 32, weight: .bold), textColor: .white)
    let playButton = Button(title: "Play")
    let progress = Canvas()
    var isPlaying = false
    var position = 0.25

    var root: View {
        let column = StackView(
            axis: .vertical, spacing: 24, insets: EdgeInsets(all: 40),
            arrangedSubviews: [title, playButton, progress])
        column.backgroundColor = Color(hex: 0x101820)
        return column
    }

    init() {
        playButton.backgroundColor = Color(hex: 0x424242)
        progress.preferredHeight = 16
        playButton.action = { [unowned self] in self.togglePlay() }
        progress.drawHandler = { [unowned self] context, bounds in
            context.fill(Path.roundedRect(bounds, cornerRadius: 6), color: Color(hex: 0x37474F))
            var done = bounds
            done.size.width *= self.position
            context.fill(Path.roundedRect(done, cornerRadius: 6), color: .blue)
        }
    }

    func togglePlay() {
        isPlaying.toggle()
        playButton.title = isPlaying ? "Pause" : "Play"
        playButton.backgroundColor = isPlaying ? Color(hex: 0x1E88E5) : Color(hex: 0x424242)
    }
}
