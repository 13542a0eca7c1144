"""The protocol, registry, errors, records and the seeded driver."""
