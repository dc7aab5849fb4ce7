// Placeholder until the AsyncHTTPClientTransport tests land.
