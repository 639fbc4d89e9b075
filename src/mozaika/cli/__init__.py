"""The ``mozaika`` command line, built on the core and (later) the bots."""
