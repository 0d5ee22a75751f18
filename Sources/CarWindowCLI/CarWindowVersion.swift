/// The version `carwindow --version` prints. Bumped with each release.
enum CarWindowVersion {
    static let current = "0.1.0"
}
