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
/// Only the ELF header, the section headers, the dynamic section and its string table are read (a few kilobytes,
/// however large the executable: Chromium's is about 250 MB). Only 64-bit little-endian ELF files (x86-64, AArch64 on
/// Linux) are read; anything else, a truncated or damaged file, or one whose tables claim more than
/// ``maximumTableBytes``, gives `nil`, never a crash.
///
/// ```swift
/// ELFLibraries.needed(atPath: "/usr/bin/foot")   // ["libwayland-client.so.0", ..., "libc.so.6"]
/// ```
public enum ELFLibraries {
    /// The most bytes read for one table (the section headers, the dynamic section, its string table).
    public static let maximumTableBytes = 16 << 20

    public static func needed(atPath path: String) -> [String]? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let end = try? file.seekToEnd(), end <= UInt64(Int.max) else { return nil }
        let size = Int(end)
        return needed { offset, count in
            guard offset <= size, count <= size - offset else { return nil }
            if count == 0 { return [] }
            guard (try? file.seek(toOffset: UInt64(offset))) != nil, let data = try? file.read(upToCount: count),
                data.count == count
            else { return nil }
            return [UInt8](data)
        }
    }

    /// The same, on the file's bytes.
    public static func needed(in bytes: [UInt8]) -> [String]? {
        needed { offset, count in
            guard offset <= bytes.count, count <= bytes.count - offset else { return nil }
            return Array(bytes[offset..<(offset + count)])
        }
    }

    /// The parser, on `read(offset, count)`: exactly `count` bytes at `offset`, or `nil` past the file's end.
    private static func needed(read: (_ offset: Int, _ count: Int) -> [UInt8]?) -> [String]? {
        func table(_ offset: Int, _ count: Int) -> [UInt8]? { count <= maximumTableBytes ? read(offset, count) : nil }
        // \x7fELF, 64-bit, little-endian.
        guard let header = read(0, 64), header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46,
            header[4] == 2, header[5] == 1,
            let sectionTable = little(header, 0x28, 8), let entrySize = little(header, 0x3A, 2),
            let count = little(header, 0x3C, 2), entrySize >= 64,
            let headers = table(sectionTable, count * entrySize)
        else { return nil }
        struct Section {
            var type: Int
            var offset: Int
            var size: Int
            var link: Int
        }
        var sections: [Section] = []
        for index in 0..<count {
            let base = index * entrySize
            guard let type = little(headers, base + 4, 4), let offset = little(headers, base + 0x18, 8),
                let size = little(headers, base + 0x20, 8), let link = little(headers, base + 0x28, 4)
            else { return nil }
            sections.append(Section(type: type, offset: offset, size: size, link: link))
        }
        // SHT_DYNAMIC; its sh_link is the string table its names are in.
        guard let dynamic = sections.first(where: { $0.type == 6 }), sections.indices.contains(dynamic.link)
        else { return [] }
        let strings = sections[dynamic.link]
        guard let entries = table(dynamic.offset, dynamic.size), let names = table(strings.offset, strings.size)
        else { return nil }
        var needed: [String] = []
        var entry = 0
        while entry + 16 <= entries.count, let tag = little(entries, entry, 8),
            let value = little(entries, entry + 8, 8)
        {
            if tag == 0 { break }  // DT_NULL ends the table.
            if tag == 1, value < names.count {  // DT_NEEDED: an offset into the string table.
                let end = names[value...].firstIndex(of: 0) ?? value
                needed.append(String(decoding: names[value..<end], as: UTF8.self))
            }
            entry += 16
        }
        return needed
    }

    /// The little-endian unsigned integer of `width` bytes at `at`; `nil` past the end or above `Int.max`.
    private static func little(_ bytes: [UInt8], _ at: Int, _ width: Int) -> Int? {
        guard at >= 0, at <= bytes.count, width <= bytes.count - at else { return nil }
        let value = (0..<width).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
