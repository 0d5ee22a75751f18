import Foundation

/// An append-only file: a recorded stream or the event log. Opening truncates; every failure is a typed error.
final class FileSink {
    let path: String
    private let handle: FileHandle
    private(set) var bytesWritten = 0

    init(path: String) throws(HeadUnitError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
        } catch {
            throw HeadUnitError(.file("cannot create the directory for \(path): \(error)"))
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw HeadUnitError(.file("cannot create \(path)"))
        }
        self.path = path
        self.handle = handle
    }

    func write(_ bytes: [UInt8]) throws(HeadUnitError) {
        guard !bytes.isEmpty else { return }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw HeadUnitError(.file("cannot write \(path): \(error)"))
        }
        bytesWritten += bytes.count
    }

    func close() {
        try? handle.close()
    }
}
