import Foundation

/// Where a projected program runs: on a private X server or in a private headless Wayland compositor; and, for
/// `carwindow project --backend auto`, which of the two a program wants, read from the libraries its executable
/// links.
///
/// The rule: a program that links `libwayland-client` and no X11 library (`libX11`, `libxcb`) speaks only Wayland; a
/// GTK 4 or Qt 6 program prefers Wayland; anything else (an X11 program, GTK 3, a script) gets X11, which every
/// toolkit still speaks.
///
/// ```swift
/// let choice = ProgramBackend.preferred(forExecutable: "/usr/bin/foot")
/// print(choice.backend, choice.reason)   // wayland: foot links libwayland-client and no X11 library
/// ```
public enum ProgramBackend: String, Hashable, Sendable, CaseIterable {
    case x11
    case wayland

    /// The backend a program wants, from the libraries it links (``ELFLibraries``), with the reason in words.
    public static func preferred(forExecutable path: String) -> (backend: ProgramBackend, reason: String) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard let needed = ELFLibraries.needed(atPath: path) else {
            return (.x11, "\(name) is not an ELF program (a script?): X11, which every toolkit still speaks")
        }
        return preferred(needed: needed, name: name)
    }

    /// The rule itself, on a list of linked library names (`DT_NEEDED`).
    public static func preferred(needed: [String], name: String) -> (backend: ProgramBackend, reason: String) {
        func links(_ prefix: String) -> Bool { needed.contains { $0.hasPrefix(prefix) } }
        if links("libwayland-client"), !links("libX11"), !links("libxcb") {
            return (.wayland, "\(name) links libwayland-client and no X11 library")
        }
        if links("libgtk-4") { return (.wayland, "\(name) is a GTK 4 program, and GTK 4 prefers Wayland") }
        if links("libQt6Gui") { return (.wayland, "\(name) is a Qt 6 program, and Qt 6 prefers Wayland") }
        return (.x11, "\(name) links no Wayland-only toolkit: X11")
    }
}

/// The libraries an ELF executable names as needed (`DT_NEEDED` in its dynamic section): what `ldd` starts from,
/// read from the file alone (nothing is loaded or run).
///
/// Only 64-bit little-endian ELF files (x86-64, AArch64 on Linux) are read; anything else, a truncated or damaged
/// file, or one larger than `maximumBytes`, gives `nil`, never a crash.
///
/// ```swift
/// ELFLibraries.needed(atPath: "/usr/bin/foot")   // ["libwayland-client.so.0", ..., "libc.so.6"]
/// ```
public enum ELFLibraries {
    /// Executables larger than this are not read (Chromium's is about 250 MB).
    public static let maximumBytes = 512 << 20

    public static func needed(atPath path: String, maximumBytes: Int = ELFLibraries.maximumBytes) -> [String]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int, size <= maximumBytes,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return needed(in: [UInt8](data))
    }

    /// The same, on the file's bytes.
    public static func needed(in bytes: [UInt8]) -> [String]? {
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= bytes.count else { return nil }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) -> Int? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            return (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        func u64(_ at: Int) -> Int? {
            guard at >= 0, at + 8 <= bytes.count else { return nil }
            let value = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        // \x7fELF, 64-bit, little-endian.
        guard bytes.count >= 64, bytes[0] == 0x7F, bytes[1] == 0x45, bytes[2] == 0x4C, bytes[3] == 0x46,
            bytes[4] == 2, bytes[5] == 1,
            let sectionTable = u64(0x28), let entrySize = u16(0x3A), let count = u16(0x3C), entrySize >= 64,
            sectionTable <= bytes.count
        else { return nil }
        struct Section {
            var type: Int
            var offset: Int
            var size: Int
            var link: Int
        }
        var sections: [Section] = []
        for index in 0..<count {
            let base = sectionTable + index * entrySize
            guard let type = u32(base + 4), let offset = u64(base + 0x18), let size = u64(base + 0x20),
                let link = u32(base + 0x28)
            else { return nil }
            sections.append(Section(type: type, offset: offset, size: size, link: link))
        }
        // SHT_DYNAMIC; its sh_link is the string table its names are in.
        guard let dynamic = sections.first(where: { $0.type == 6 }), sections.indices.contains(dynamic.link)
        else { return [] }
        let strings = sections[dynamic.link]
        // Offsets and sizes are checked against the file before any sum is taken: no overflow, no read past the end.
        guard strings.offset <= bytes.count, strings.size <= bytes.count - strings.offset,
            dynamic.offset <= bytes.count, dynamic.size <= bytes.count - dynamic.offset
        else { return nil }
        var names: [String] = []
        var entry = dynamic.offset
        while entry + 16 <= dynamic.offset + dynamic.size, let tag = u64(entry), let value = u64(entry + 8) {
            if tag == 0 { break }  // DT_NULL ends the table.
            if tag == 1, value < strings.size {  // DT_NEEDED: an offset into the string table.
                let start = strings.offset + value
                let end = bytes[start..<(strings.offset + strings.size)].firstIndex(of: 0) ?? start
                names.append(String(decoding: bytes[start..<end], as: UTF8.self))
            }
            entry += 16
        }
        return names
    }
}
