import Testing

/// Every suite that runs a real X11 program, one after another: they share this process's one AT-SPI reader, and
/// two X servers with GTK or Chromium at once would load the 2-core machine for nothing.
@Suite("X11 programs", .serialized)
struct X11Programs {}
