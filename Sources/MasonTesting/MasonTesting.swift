// MasonTesting: test doubles for code built on Mason — a manual clock for retry, delays and
// timeouts on virtual time, and (with the network module) a stub transport and a loopback server.
// Nothing in Sources/ depends on this module.
