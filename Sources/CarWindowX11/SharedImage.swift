import CXCB
import Glibc

/// One System V shared-memory segment attached both here and in the X server (MIT-SHM), sized for a full screen:
/// the server writes captured pixels into it, we read them without a copy.
///
/// The segment is marked for removal right after both sides attached, so it cannot outlive the process.
final class SharedImage {
    let segment: xcb_shm_seg_t
    let bytes: UnsafeMutableRawPointer
    let capacity: Int
    /// The size of the last capture; rows are `width * 4` bytes.
    var width = 0
    var height = 0

    init(connection: OpaquePointer, capacity: Int) throws(ProgramProjectionError) {
        let id = shmget(IPC_PRIVATE, capacity, IPC_CREAT | 0o600)
        guard id >= 0 else {
            throw ProgramProjectionError(.x11, "shmget of \(capacity) bytes: \(String(cString: strerror(errno)))")
        }
        guard let address = shmat(id, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(id, IPC_RMID, nil)
            throw ProgramProjectionError(.x11, "shmat: \(String(cString: strerror(errno)))")
        }
        let segment = xcb_generate_id(connection)
        let cookie = xcb_shm_attach_checked(connection, segment, UInt32(id), 0)
        let error = xcb_request_check(connection, cookie)
        shmctl(id, IPC_RMID, nil)
        if let error {
            free(error)
            shmdt(address)
            throw ProgramProjectionError(.x11, "the X server could not attach shared memory (MIT-SHM)")
        }
        self.segment = segment
        self.bytes = address
        self.capacity = capacity
    }

    /// Reads `width`x`height` pixels of `drawable` at (x, y) into the segment (a round trip to the server).
    func capture(connection: OpaquePointer, drawable: xcb_drawable_t, x: Int, y: Int, width: Int, height: Int) -> Bool {
        guard width > 0, height > 0, width * height * 4 <= capacity else { return false }
        let cookie = xcb_shm_get_image(
            connection, drawable, Int16(x), Int16(y), UInt16(width), UInt16(height), ~0,
            UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), segment, 0)
        guard let reply = xcb_shm_get_image_reply(connection, cookie, nil) else { return false }
        free(reply)
        self.width = width
        self.height = height
        return true
    }

    func release(connection: OpaquePointer) {
        xcb_shm_detach(connection, segment)
        shmdt(bytes)
    }
}
