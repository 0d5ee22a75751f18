import Foundation
import SDLSecurityOpenSSL

/// A scratch certificate authority on disk, driven through `openssl req` and `openssl ca`. `openssl ca` is used
/// rather than `openssl x509 -req` because OpenSSL 3.0's `x509` cannot set the start of the validity period, and
/// SDL Core's clock (an hour behind) needs it in the past. Internal to ``TestMaterial``.
struct CertificateAuthorityFiles {
    let directory: URL
    let tool: ExternalTool

    /// One `[ca_<name>]` section per CA (its own index and serial files), and the extensions of roots and leaves.
    /// `-preserveDN` keeps the subject as requested, `serialNumber` included.
    private static let configuration = """
        [ ca_ca ]
        database = ca.index
        serial = ca.serial
        \(common)
        [ ca_other-ca ]
        database = other-ca.index
        serial = other-ca.serial
        \(common)
        [ policy_any ]
        commonName = supplied
        [ root ]
        basicConstraints = critical, CA:true
        keyUsage = critical, keyCertSign, cRLSign
        subjectKeyIdentifier = hash
        [ leaf ]
        basicConstraints = critical, CA:false
        keyUsage = critical, digitalSignature
        subjectKeyIdentifier = hash
        authorityKeyIdentifier = keyid

        """
    private static let common = """
        new_certs_dir = .
        default_md = sha256
        policy = policy_any
        unique_subject = no
        copy_extensions = none
        """
    private static let ellipticCurveKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]

    /// Writes the configuration and the empty databases.
    func prepare() throws(CarWindowTestingError) {
        try write(Self.configuration, to: "ca.cnf")
        for name in ["ca", "other-ca"] {
            try write("", to: "\(name).index")
            try write("1000\n", to: "\(name).serial")
        }
    }

    /// A self-signed CA certificate `<name>.pem` with its key `<name>.key`.
    func makeRoot(_ name: String, subject: String, from: Date, until: Date) throws(CarWindowTestingError) {
        try request(name, subject: subject)
        try run(
            ["ca", "-batch", "-config", "ca.cnf", "-name", "ca_\(name)", "-selfsign", "-keyfile", "\(name).key"]
                + ["-in", "\(name).csr", "-out", "\(name).pem", "-extensions", "root"]
                + period(from, until))
    }

    /// A certificate `<name>.pem` with its key `<name>.key`, signed by the CA `issuer`.
    func makeLeaf(_ name: String, issuer: String, subject: String, from: Date, until: Date)
        throws(CarWindowTestingError)
    {
        try request(name, subject: subject)
        try run(
            ["ca", "-batch", "-config", "ca.cnf", "-name", "ca_\(issuer)", "-cert", "\(issuer).pem"]
                + ["-keyfile", "\(issuer).key", "-in", "\(name).csr", "-out", "\(name).pem", "-extensions", "leaf"]
                + period(from, until))
    }

    /// A new key `<name>.key` and its signing request `<name>.csr`.
    private func request(_ name: String, subject: String) throws(CarWindowTestingError) {
        try run(
            ["req", "-new"] + Self.ellipticCurveKey
                + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", subject])
    }

    /// A file openssl wrote, as PEM bytes.
    func read(_ file: String) throws(CarWindowTestingError) -> TestMaterial.PEM {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(file).path) else {
            throw CarWindowTestingError(.fileSystem, "openssl did not write \(file)")
        }
        return .data(Array(data))
    }

    private func period(_ from: Date, _ until: Date) -> [String] {
        ["-startdate", Self.generalizedTime(from), "-enddate", Self.generalizedTime(until), "-notext", "-preserveDN"]
    }

    /// `YYYYMMDDHHMMSSZ`, as `openssl ca -startdate` takes it.
    static func generalizedTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let fields = [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? 0 }
        return String(format: "%04d%02d%02d%02d%02d%02dZ", arguments: fields.map { $0 as any CVarArg })
    }

    private func run(_ arguments: [String]) throws(CarWindowTestingError) {
        try tool.check(tool.runBlocking(arguments, in: directory), arguments)
    }

    private func write(_ text: String, to file: String) throws(CarWindowTestingError) {
        do {
            try Data(text.utf8).write(to: directory.appendingPathComponent(file))
        } catch {
            throw CarWindowTestingError(.fileSystem, "cannot write \(file): \(error)")
        }
    }
}
