import ArgumentParser
import HeadUnit
import Testing

@testable import CarWindowCLI

/// The option values every command shares: what a user may write, and what a mistake is told.
@Suite("carwindow option values")
struct OptionValueTests {
    @Test(
        "HOST:PORT, a name, IPv4 or a bracketed IPv6 address",
        arguments: [
            ("127.0.0.1:12345", "127.0.0.1", 12345),
            ("localhost:1", "localhost", 1),
            ("car.local:65535", "car.local", 65535),
            ("[::1]:12345", "::1", 12345),
            ("[fe80::1%eth0]:80", "fe80::1%eth0", 80),
        ])
    func endpoints(text: String, host: String, port: Int) throws {
        let endpoint = try Endpoint(parsing: text)
        #expect(endpoint == Endpoint(host: host, port: port))
        // What the commands print is what they read.
        #expect(endpoint.description == text)
        #expect(Endpoint(argument: text) == endpoint)
    }

    @Test(
        "a bad HOST:PORT says what is wrong and what to write",
        arguments: [
            ("nohost", "has no port"),

            ("127.0.0.1:", "must be a number in 1...65535"),
            ("127.0.0.1:0", "must be a number in 1...65535"),
            ("127.0.0.1:65536", "must be a number in 1...65535"),
            ("127.0.0.1:-1", "must be a number in 1...65535"),
            ("127.0.0.1:12a", "must be a number in 1...65535"),
            ("::1:12345", "an IPv6 address goes in brackets, e.g. [::1]:12345"),
            ("[::1:12345", "never closes"),
            ("[::1]12345", "no :PORT after the bracket"),
            ("[]:12345", "needs a host without spaces"),
            ("my host:1", "needs a host without spaces"),
            (":12345", "needs a host without spaces"),
        ])
    func badEndpoints(text: String, message: String) {
        #expect(Endpoint(argument: text) == nil)
        #expect(throws: EndpointError.self) { try Endpoint(parsing: text) }
        do {
            _ = try Endpoint(parsing: text)
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test(
        "bit rates in bit/s, with k or M",
        arguments: [
            ("2000000", 2_000_000, "2M"),
            ("2000k", 2_000_000, "2M"),
            ("2000K", 2_000_000, "2M"),
            ("1.5M", 1_500_000, "1500k"),
            ("64k", 64_000, "64k"),
            ("400M", 400_000_000, "400M"),
            ("64123", 64_123, "64123"),
        ])
    func bitrates(text: String, bitsPerSecond: Int, description: String) throws {
        let rate = try Bitrate(parsing: text)
        #expect(rate.bitsPerSecond == bitsPerSecond)
        #expect(rate.description == description)
        #expect(try Bitrate(parsing: rate.description) == rate)
        #expect(rate.kilobitsPerSecond == bitsPerSecond / 1000)
    }

    @Test(
        "a bad bit rate says what to write",
        arguments: [
            ("", "is not a bit rate"),
            ("fast", "is not a bit rate"),
            ("-5", "is not a bit rate"),
            ("0", "is not a bit rate"),
            ("1.5G", "is not a bit rate"),
            ("1e9", "is not a bit rate"),
            ("nan", "is not a bit rate"),
            ("2m", "capital M"),
            ("1000000M", "outside 1 bit/s...100000M"),
            ("0.1", "outside 1 bit/s"),
        ])
    func badBitrates(text: String, message: String) {
        #expect(Bitrate(argument: text) == nil)
        do {
            let rate = try Bitrate(parsing: text)
            Issue.record("'\(text)' parsed as \(rate)")
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test("a resolution is WIDTHxHEIGHT within 1...8192")
    func resolutions() throws {
        #expect(try VideoSize(parsing: "1024x600") == VideoSize(width: 1024, height: 600))
        #expect(try VideoSize(parsing: "1024X600") == VideoSize(width: 1024, height: 600))
        for bad in ["800", "800x", "x480", "0x480", "800x-1", "8193x480", "800x480x2", "wide"] {
            #expect(throws: HeadUnitError.self) { try VideoSize(parsing: bad) }
        }
    }

    @Test("comma lists read every element or none, and --help lists the element's values")
    func commaLists() {
        #expect(CommaSeparated<ProtectedService>(argument: "video, Audio")?.elements == [.video, .audio])
        #expect(CommaSeparated<ProtectedService>(argument: "video,rpc") == nil)
        #expect(CommaSeparated<ProtectedService>(argument: "") == nil)
        #expect(CommaSeparated<ProtectedService>(argument: "video,") == nil)
        #expect(CommaSeparated<ProtectedService>.allValueStrings == ["video", "audio"])
        #expect(
            CommaSeparated<VideoFormat>(argument: "H264:RTP,h265:raw")?.elements == [
                .h264RTP, VideoFormat(codec: "H265", protocol: "RAW"),
            ])
        #expect(CommaSeparated<VideoFormat>(argument: "H264") == nil)
        #expect(TLSQuirkList(argument: "all")?.quirks == Set(TLSQuirk.allCases))
        #expect(TLSQuirkList(argument: "app-id,clock")?.quirks == [.appID, .clock])
        #expect(TLSQuirkList(argument: "clocks") == nil)
        #expect(ACKOverwriteRate(argument: "always")?.rate == 1)
        #expect(ACKOverwriteRate(argument: "0.5")?.rate == 0.5)
        #expect(ACKOverwriteRate(argument: "1.5") == nil)
    }
}
