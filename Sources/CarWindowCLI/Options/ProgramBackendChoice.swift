import ArgumentParser
import CarWindowX11

/// `carwindow project --backend`: where COMMAND runs, or `auto` to let the program's linked libraries decide
/// (`ProgramBackend.preferred(forExecutable:)`).
enum ProgramBackendChoice: String, CaseIterable, ExpressibleByArgument {
    case x11
    case wayland
    case auto
}
