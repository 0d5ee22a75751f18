// SDLSession holds an SDL session with a head unit over SwiftNIO transports. See issue "Session".
