package client

// Calls counts the calls the stream carries params or results for.
func Calls(c *Client) int {
	c.stream.mu.Lock()
	defer c.stream.mu.Unlock()
	return len(c.stream.calls)
}
