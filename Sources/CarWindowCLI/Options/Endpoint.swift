import ArgumentParser

/// A TCP address to reach, `HOST:PORT`: a name or IPv4 address, or an IPv6 address in brackets.
///
/// ```swift
/// let core = try Endpoint(parsing: "[::1]:12345")
/// core.host          // "::1"
/// core.description   // "[::1]:12345"
/// ```
struct Endpoint: Hashable, Sendable, CustomStringConvertible, ExpressibleByArgument {
    var host: String
    var port: Int

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`, `[IPV6]:PORT`; the port must be 1...65535 (an address to connect to, not to bind).
    init(parsing text: String) throws(EndpointError) {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else {
                throw EndpointError("'\(text)' opens an IPv6 bracket and never closes it; e.g. [::1]:12345")
            }
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.first == ":" else {
                throw EndpointError("'\(text)' has no :PORT after the bracket; e.g. [::1]:12345")
            }
            portText = rest.dropFirst()
        } else {
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            switch parts.count {
            case 1: throw EndpointError("'\(text)' has no port; give HOST:PORT, e.g. 127.0.0.1:12345")
            case 2: (host, portText) = (parts[0], parts[1])
            default:
                throw EndpointError("'\(text)' has several colons: an IPv6 address goes in brackets, e.g. [::1]:12345")
            }
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
            throw EndpointError("'\(text)' needs a host without spaces before the port; e.g. 127.0.0.1:12345")
        }
        guard !portText.isEmpty, portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
            let port = Int(portText), (1...65_535).contains(port)
        else {
            throw EndpointError("the port in '\(text)' must be a number in 1...65535; e.g. 127.0.0.1:12345")
        }
        self.init(host: String(host), port: port)
    }

    init?(argument: String) {
        try? self.init(parsing: argument)
    }

    /// `HOST:PORT`, the host in brackets when it is an IPv6 address.
    var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// Why a `HOST:PORT` text is not an ``Endpoint``; the description says what to write instead.
struct EndpointError: Error, Hashable, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
