/// A block of pixel memory that frames share by reference, so passing a frame along never copies pixels.
///
/// A buffer either owns its memory (allocated aligned, freed when the last reference goes) or wraps memory
/// someone else owns, such as a renderer's surface, and calls a release closure when done.
///
/// Design note: the memory is mutable through ``mutableBytes`` so a producer can draw into it. The rule is one
/// writer at a time, and no writes after the frame holding it is handed to the encoder; that is why this class is
/// `@unchecked Sendable` rather than checked by the compiler.
///
/// ```swift
/// let buffer = PixelMemory(byteCount: 800 * 480 * 4)
/// buffer.mutableBytes.initializeMemory(as: UInt8.self, repeating: 0)
/// ```
public final class PixelMemory: @unchecked Sendable {
    /// Memory alignment of owned buffers: a cache line, enough for AVX2 rows.
    public static let alignment = 64

    private let base: UnsafeMutableRawPointer
    /// The size of the buffer in bytes.
    public let byteCount: Int
    private let release: (@Sendable (UnsafeMutableRawPointer) -> Void)?

    /// Allocates `byteCount` bytes of zeroed, aligned memory that the buffer owns.
    public init(byteCount: Int) {
        precondition(byteCount >= 0, "a pixel buffer cannot have a negative size")
        self.byteCount = byteCount
        self.base = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: Self.alignment)
        self.base.initializeMemory(as: UInt8.self, repeating: 0, count: max(byteCount, 1))
        self.release = nil
    }

    /// Wraps memory owned elsewhere without copying it.
    ///
    /// - Parameters:
    ///   - pointer: the first byte of the pixels; it must stay valid until `release` is called.
    ///   - byteCount: how many bytes from `pointer` the buffer may read.
    ///   - release: called once, when the last frame referencing the buffer is gone.
    public init(
        wrapping pointer: UnsafeMutableRawPointer, byteCount: Int,
        release: @escaping @Sendable (UnsafeMutableRawPointer) -> Void
    ) {
        precondition(byteCount >= 0, "a pixel buffer cannot have a negative size")
        self.base = pointer
        self.byteCount = byteCount
        self.release = release
    }

    deinit {
        if let release {
            release(base)
        } else {
            base.deallocate()
        }
    }

    /// The pixels, for reading.
    public var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: byteCount) }

    /// The pixels, for the one producer that fills the buffer before handing it on.
    public var mutableBytes: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base, count: byteCount)
    }

    /// The address of the first byte, for C calls.
    var baseAddress: UnsafeMutableRawPointer { base }
}
