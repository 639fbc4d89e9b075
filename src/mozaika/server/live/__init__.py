"""What reaches clients as it happens: the hub that delivers events, and the publisher that sends them
after a commit."""
