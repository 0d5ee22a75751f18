import Foundation
import Testing

@testable import CarWindowX11

@Suite("--backend auto: which backend a program wants, from the libraries it links")
struct ProgramBackendTests {
    @Test("the rule: Wayland-only clients, GTK 4 and Qt 6 get Wayland; X11 clients, GTK 3 and the rest X11")
    func rule() {
        let cases: [([String], ProgramBackend)] = [
            (["libwayland-client.so.0", "libxkbcommon.so.0", "libc.so.6"], .wayland),
            (["libwayland-client.so.0", "libX11.so.6"], .x11),
            (["libwayland-client.so.0", "libxcb.so.1"], .x11),
            (["libgtk-4.so.1", "libc.so.6"], .wayland),
            (["libQt6Gui.so.6", "libQt6Core.so.6"], .wayland),
            (["libgtk-3.so.0"], .x11),
            (["libX11.so.6", "libXaw.so.7"], .x11),
            ([], .x11),
        ]
        for (needed, expected) in cases {
            let choice = ProgramBackend.preferred(needed: needed, name: "app")
            #expect(choice.backend == expected, "\(needed): \(choice.reason)")
            #expect(choice.reason.hasPrefix("app "), "\(choice.reason)")
        }
    }

    @Test("read from real executables: foot is Wayland, xcalc and python3 are X11, a script says it is not ELF")
    func realExecutables() throws {
        let xcalc = try #require(ELFLibraries.needed(atPath: "/usr/bin/xcalc"))
        #expect(xcalc.contains { $0.hasPrefix("libX11") || $0.hasPrefix("libXaw") }, "\(xcalc)")
        #expect(ProgramBackend.preferred(forExecutable: "/usr/bin/xcalc").backend == .x11)
        #expect(ProgramBackend.preferred(forExecutable: "/usr/bin/python3").backend == .x11)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/foot") {
            let foot = ProgramBackend.preferred(forExecutable: "/usr/bin/foot")
            #expect(foot.backend == .wayland, "\(foot.reason)")
        }
        let script = ProgramBackend.preferred(forExecutable: "/usr/bin/ldd")  // a shell script
        #expect(script.backend == .x11)
        #expect(script.reason.contains("not an ELF program"), "\(script.reason)")
    }

    @Test("damaged ELF files give no list and no crash: truncated, offsets past the end, huge counts")
    func damaged() throws {
        let real = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "/usr/bin/xcalc")))
        #expect(ELFLibraries.needed(in: Array(real.prefix(63))) == nil)
        for cut in [64, 1000, real.count / 2, real.count - 1] {
            _ = ELFLibraries.needed(in: Array(real.prefix(cut)))  // any answer but a crash
        }
        var hostile = real
        for offset in [0x28, 0x3A, 0x3C] {  // section table offset, entry size, count
            hostile = real
            for index in 0..<(offset == 0x28 ? 8 : 2) { hostile[offset + index] = 0xFF }
            _ = ELFLibraries.needed(in: hostile)
        }
        #expect(ELFLibraries.needed(in: [UInt8](repeating: 0, count: 4096)) == nil)
        #expect(ELFLibraries.needed(atPath: "/nonexistent") == nil)
    }
}
