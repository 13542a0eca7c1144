"""The encoders' vectors are those their version promises (see encoder_digests.py)."""

from __future__ import annotations

import pytest

import rennbahn
from rennbahn.interop.encoders import encoder_for
from tests.interop.cases import VARIANTS
from tests.interop.encoder_digests import digest, expected


def test_every_variant_has_a_digest() -> None:
    assert sorted(expected()) == sorted(VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_vectors_are_unchanged_at_the_encoders_version(variant: str) -> None:
    """A failure means a vector changed: raise the encoder's version (a new environment id),
    then regenerate with ``python -m tests.interop.encoder_digests``."""
    stored = expected()[variant]
    version = encoder_for(rennbahn.load_game(variant)).version
    assert stored["version"] == version, "the version changed: regenerate the digests"
    assert digest(variant) == stored["sha256"], f"{variant}'s vectors changed at v{version}"
