import CarWindowTesting
import NIOCore
import SDLSecurity
import SDLSecurityOpenSSL
import SDLWire
import Testing

@Suite("Encrypted frames")
struct EncryptionTests {
    /// A completed handshake's two managers.
    static func connectedPair(
        version: OpenSSLSecurityConfiguration.TLSVersion = .tls1_3
    ) async throws -> (app: any SecurityManager, headUnit: any SecurityManager) {
        let m = try await TestMaterial.loaded()
        var headUnit = OpenSSLSecurityConfiguration.headUnit(trusting: m.ca)
        headUnit.maximumVersion = version
        var harness = try HandshakeHarness(
            app: .app(certificateChain: m.appCertificate, privateKey: m.appKey), headUnit: headUnit)
        harness.run()
        try #require(harness.app.completed && harness.headUnit.completed)
        return (harness.app.manager, harness.headUnit.manager)
    }

    /// 1 MiB that is easy to recognise and not periodic within a chunk.
    static let message: [UInt8] = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    @Test(
        "a 1 MiB message cut at the stream limit crosses both ways, one record per chunk",
        arguments: OpenSSLSecurityConfiguration.TLSVersion.allCases
    )
    func largeMessageBothWays(version: OpenSSLSecurityConfiguration.TLSVersion) async throws {
        let (app, headUnit) = try await Self.connectedPair(version: version)
        for (sender, receiver) in [(app, headUnit), (headUnit, app)] {
            var received: [UInt8] = []
            var chunks = 0
            for start in stride(from: 0, to: Self.message.count, by: EncryptedChunkLimit.stream) {
                let chunk = Self.message[start..<min(start + EncryptedChunkLimit.stream, Self.message.count)]
                let ciphertext = try sender.encrypt(ByteBuffer(bytes: chunk))
                let bytes = Array(ciphertext.readableBytesView)
                // One TLS application-data record (type 0x17; TLS 1.3 hides the real type inside), length matching.
                #expect(bytes.first == 0x17)
                #expect(bytes.count >= 5 && Int(bytes[3]) << 8 | Int(bytes[4]) == bytes.count - 5)
                #expect(bytes.count <= EncryptedChunkLimit.stream + EncryptedChunkLimit.maximumRecordOverhead)
                #expect(bytes.count <= EncryptedChunkLimit.tlsRecordPlaintext)
                // Not the plaintext, nor any 64-byte run of it.
                #expect(!bytes.elementsEqual(chunk))
                #expect(!contains(bytes, Array(chunk.prefix(64))))
                received += try receiver.decrypt(ciphertext).readableBytesView
                chunks += 1
            }
            #expect(chunks == 66)  // ceil(1 048 576 / 16 091)
            #expect(received == Self.message)
        }
    }

    @Test("an RPC-sized chunk and a full record both encrypt to one record; one byte more is refused")
    func recordLimit() async throws {
        let (app, headUnit) = try await Self.connectedPair()
        for size in [1, EncryptedChunkLimit.rpc, EncryptedChunkLimit.tlsRecordPlaintext] {
            let plaintext = ByteBuffer(repeating: 0x5A, count: size)
            #expect(try headUnit.decrypt(app.encrypt(plaintext)) == plaintext)
        }
        let tooLarge = ByteBuffer(repeating: 0, count: EncryptedChunkLimit.tlsRecordPlaintext + 1)
        #expect(throws: SecurityError(.plaintextTooLarge(size: 16_385, limit: 16_384))) {
            try app.encrypt(tooLarge)
        }
    }

    @Test("a record cut across two frames decrypts when its second half arrives")
    func splitRecord() async throws {
        let (app, headUnit) = try await Self.connectedPair()
        var ciphertext = try app.encrypt(ByteBuffer(string: "protected RPC"))
        let first = ciphertext.readSlice(length: 10)!
        #expect(try headUnit.decrypt(first).readableBytes == 0)
        #expect(try headUnit.decrypt(ciphertext) == ByteBuffer(string: "protected RPC"))
    }

    @Test("a tampered record gives DECRYPTION_FAILED")
    func tampered() async throws {
        let (app, headUnit) = try await Self.connectedPair()
        var bytes = Array(try app.encrypt(ByteBuffer(string: "video frame")).readableBytesView)
        bytes[bytes.count - 1] ^= 0x01
        let error = #expect(throws: SecurityError.self) { try headUnit.decrypt(ByteBuffer(bytes: bytes)) }
        #expect(error?.kind == .decryptionFailed)
        #expect(error?.code == .decryptionFailed)
        #expect(error?.context?.isEmpty == false)
    }

    @Test("encrypting before the handshake completes gives SERVICE_NOT_PROTECTED; after stop, stopped")
    func notProtected() async throws {
        let m = try await TestMaterial.loaded()
        let manager = try OpenSSLSecurityManagerFactory(.headUnit(trusting: m.ca))
            .makeManager(role: .headUnit, appID: "app", vehicleMake: nil)
        let encryptError = #expect(throws: SecurityError.self) { try manager.encrypt(ByteBuffer(string: "x")) }
        #expect(encryptError?.code == .serviceNotProtected)
        let decryptError = #expect(throws: SecurityError.self) { try manager.decrypt(ByteBuffer(string: "x")) }
        #expect(decryptError?.kind == .notProtected)

        let (app, _) = try await Self.connectedPair()
        app.stop()
        #expect(throws: SecurityError(.stopped)) { try app.encrypt(ByteBuffer(string: "x")) }
        #expect(app.processHandshake([0x16]).state == .failed(SecurityError(.stopped)))
    }
}

private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
}
