"""Every refusal code herotable declares, and the check that a raised error carries one."""

from __future__ import annotations

import json
import re
from pathlib import Path

from herotable.cartographers.refusals import CartographersRefusal
from herotable.core.errors import HerotableError, RefusalCode, UserErrorCode
from herotable.core.refusals import CoreRefusal
from herotable.dominaria.refusals import DominariaRefusal
from herotable.envs.refusals import EnvRefusal
from herotable.server.refusals import ServerRefusal

PACKAGE = Path(__file__).resolve().parent.parent / "herotable"
DECLARED: tuple[type[RefusalCode], ...] = (UserErrorCode, CoreRefusal, CartographersRefusal,
                                           DominariaRefusal, EnvRefusal, ServerRefusal)
CODES: dict[str, RefusalCode] = {code.value: code for table in DECLARED for code in table}


def declaring_classes() -> set[str]:
    """The names of every class in the package's source that declares refusal codes."""
    return {match for path in PACKAGE.rglob("*.py")
            for match in re.findall(r"^class (\w+)\(RefusalCode\):", path.read_text("utf-8"),
                                    re.MULTILINE)}


def check_declared(error: HerotableError) -> None:
    """``error`` carries a declared code and exactly that code's parameters, JSON-ready."""
    assert CODES.get(error.code.value) is error.code, (error.code, str(error))
    assert set(error.params) == set(error.code.params), (error.code, error.params)
    assert json.loads(json.dumps(error.params)) == error.params, error.params
