package client

// Calls counts the calls the stream carries params or results for.
func Calls(c *Client) int {
	st := c.current().stream
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.calls)
}
