"""Contract paths: reading a path that may not be one."""

from scoring import paths


def test_try_parse_is_parse_or_none():
    # Every text parse reads comes back the same; what parse refuses (PathError) is None, not an error.
    for text in ("plants[2].growth", "home[1][2].pot", "decorations.plant_stand", "garden[4][7]", ""):
        assert paths.try_parse(text) == paths.parse(text)
    assert paths.try_parse("plants[2].growth") == ("plants", 2, "growth") and paths.try_parse("") == ()
    for bad in ("home[x]", ".pot", "decorations.Plant Stand", "x" * 201, None, 3):
        assert paths.try_parse(bad) is None, bad
