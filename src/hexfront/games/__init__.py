"""The games hexfront knows. Each game lives in its own package."""
