// SDLWire is the SDL transport protocol's wire format as pure code: frame headers, the incremental frame
// decoder, multi-frame messages, BSON control payloads and the RPC payload header. No sockets, no threads.
