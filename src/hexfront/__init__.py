"""hexfront: hex-and-block wargames of the Eastern Front, 1941-45."""

__version__ = "0.1.0"
