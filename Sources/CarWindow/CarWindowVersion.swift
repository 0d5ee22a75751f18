/// The version `carwindow --version` and `carwindow-bench --version` print. Bumped with each release.
package enum CarWindowVersion {
    package static let current = "0.1.0"
}
