// SDLRPC holds the typed RPC models projection uses, generated from MOBILE_API.xml. See issue "Session".
