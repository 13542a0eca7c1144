"""The rennbahn command line."""
