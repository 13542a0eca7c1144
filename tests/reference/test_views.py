"""What clients receive is unchanged: every view of whole seeded games, byte for byte."""

from __future__ import annotations

import pytest

from tests.reference.views import GAMES, lines, recorded


@pytest.mark.parametrize("name", list(GAMES))
def test_the_views_sent_are_the_recorded_bytes(name: str) -> None:
    kept = recorded(name)
    now = list(lines(name))
    for number, (was, is_) in enumerate(zip(kept, now, strict=False), start=1):
        assert is_ == was, f"{name}: line {number} (ply, seat, view) differs"
    assert len(now) == len(kept), f"{name}: {len(now)} views now, {len(kept)} recorded"
    assert len(kept) > 200
