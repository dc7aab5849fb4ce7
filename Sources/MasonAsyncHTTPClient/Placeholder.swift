// Placeholder until AsyncHTTPClientTransport lands.
