"""The search from Python: ``layoutcheck.search(model, axes, …)`` returns the ranked
configurations as records (or a pandas DataFrame), ready for a notebook.

    import layoutcheck
    rows = layoutcheck.search(
        "glm-5.1",
        {"tp": [4, 8, 16], "dp": [1, 2], "sp": [True, False], "tokens": [1024, 4096]},
        objective="throughput",
        hbm_fit=True,
        top=10,
    )
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from layoutcheck.design_space.axes import Axes
from layoutcheck.design_space.rank import DEFAULT_OBJECTIVE
from layoutcheck.design_space.run import Request, SearchResult, run, serial
from layoutcheck.errors import UsageError


def run_search(
    model: str,
    axes: Mapping[str, Any] | None = None,
    *,
    objective: str = DEFAULT_OBJECTIVE,
    hbm_fit: bool = False,
    top: int | None = None,
    accounting: str = "engine",
    contract: str | None = None,
    ray: bool | str = False,
    num_cpus: int | None = None,
) -> SearchResult:
    """The whole outcome: every structure's verdict, the priced table, the ranking and the
    frontier. ``axes`` maps an axis (device, tp, dp, ep, sp, layout, phase, quant, tokens,
    context) to a list of values; ``ray`` True runs on a local Ray instance of ``num_cpus``
    CPUs, an address (``"auto"``, ``"ray://host:10001"``) on that cluster; ``contract`` checks
    every structure against one contract instead of its own."""
    request = Request(Axes.of(model, axes or {}), objective, hbm_fit, top, accounting, contract)
    if ray is False:
        return run(request, backend=serial)
    from layoutcheck.design_space.ray_backend import RayBackend

    address = None if ray is True else str(ray)
    return run(request, backend=RayBackend(address, num_cpus))


def search(
    model: str,
    axes: Mapping[str, Any] | None = None,
    *,
    objective: str = DEFAULT_OBJECTIVE,
    hbm_fit: bool = False,
    top: int | None = None,
    accounting: str = "engine",
    contract: str | None = None,
    ray: bool | str = False,
    num_cpus: int | None = None,
    dataframe: bool = False,
) -> Any:
    """The ranked configurations, best first (the top ``top``, or all): a list of dicts with
    the keys of ``layoutcheck.design_space.rank.COLUMNS`` plus ``rank``, or a pandas DataFrame
    with ``dataframe=True``. Rejected structures are never ranked; :func:`run_search` says
    why each was rejected."""
    result = run_search(
        model,
        axes,
        objective=objective,
        hbm_fit=hbm_fit,
        top=top,
        accounting=accounting,
        contract=contract,
        ray=ray,
        num_cpus=num_cpus,
    )
    records = result.records()
    if not dataframe:
        return records
    try:
        import pandas
    except ImportError:
        raise UsageError("dataframe=True needs pandas (pip install pandas)") from None
    from layoutcheck.design_space.rank import COLUMNS

    return pandas.DataFrame.from_records(records, columns=["rank", *COLUMNS])
