"""The HTTP and WebSocket interface: thin handlers over the services."""
