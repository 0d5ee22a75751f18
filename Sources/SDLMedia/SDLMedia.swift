// SDLMedia turns frames into SDL-ready video payloads: colour conversion (libyuv), H.264 encoding (openh264),
// and the RAW (Annex-B) and RTP (RFC 6184 over RFC 4571) packetizers. See issue "Media pipeline".
