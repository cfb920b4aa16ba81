"""The engine's status codes come from one list (CD_ERROR_LIST in csrc/core/cd_error.h):
0 success, > 0 recoverable (retry the step smaller), < 0 failure."""
from coordyn import _core

CODES = _core.error_codes()


def test_codes_follow_the_sign_convention():
    by_name = {c["name"]: c for c in CODES}
    assert len(by_name) == len(CODES)
    assert len({c["value"] for c in CODES}) == len(CODES), "two names share a value"
    assert by_name["CD_OK"]["value"] == 0
    assert by_name["CD_RETRY_STEP"]["value"] == 1
    assert "retry" in by_name["CD_RETRY_STEP"]["meaning"]
    for c in CODES:
        assert c["meaning"].strip(), c
        if c["name"].startswith("CD_ERR_"):
            assert c["value"] < 0, c


def test_name_and_meaning_functions_use_the_list():
    for c in CODES:
        assert _core.error_name(c["value"]) == (c["name"], c["meaning"])
    assert _core.error_name(-1000)[0] == "CD_ERR_UNKNOWN"
    # a positive code a user function returns is recoverable too
    assert _core.error_name(7)[0] == "CD_RETRY_STEP"
