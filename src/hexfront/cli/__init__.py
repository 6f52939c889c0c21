"""The ``hexfront`` command line."""
