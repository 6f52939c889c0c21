"""The web server: referee, keeper of secrets, and home of the browser client."""
