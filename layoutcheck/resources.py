"""The specs layoutcheck ships (models, contracts, devices, example graphs), found in the
installed package: one place that knows where they are, for a checkout and a wheel alike."""

from __future__ import annotations

from pathlib import Path

# layoutcheck/specs is the one copy; the repository's top-level specs/ links to it
SPECS = Path(__file__).resolve().parent / "specs"

# kind -> (folder, file suffix); graphs are looked up in graphs/ and graphs/bugs/
KINDS: dict[str, tuple[tuple[str, ...], str]] = {
    "models": (("models",), ".json"),
    "contracts": (("contracts",), ".yaml"),
    "devices": (("devices",), ".yaml"),
    "graphs": (("graphs", "graphs/bugs"), ".yaml"),
}
_NOT_SHIPPED = {"SOURCES"}  # models/SOURCES.json says where each config came from


def shipped(kind: str) -> tuple[str, ...]:
    """The names of the shipped specs of a kind, sorted."""
    folders, suffix = KINDS[kind]
    names = {
        path.stem
        for folder in folders
        for path in (SPECS / folder).glob(f"*{suffix}")
        if path.stem not in _NOT_SHIPPED
    }
    return tuple(sorted(names))


def find(kind: str, name: str) -> Path | None:
    """The shipped file of a kind by name (``glm-5.1``, ``a3-752t``), or None."""
    if not name or "/" in name or "\\" in name or name.startswith("."):
        return None
    folders, suffix = KINDS[kind]
    for folder in folders:
        path = SPECS / folder / f"{name}{suffix}"
        if path.is_file():
            return path
    return None


def shown_path(path: str) -> str:
    """A file as a report names it, always a path the user can open: a shipped spec by its place
    in a checkout (``specs/graphs/bugs/rfc-gathered-residual.yaml``) where that path, from the
    working folder, is the file; else (a wheel's user, another folder) the file where it is
    installed. Anything else as given."""
    try:
        resolved = Path(path).resolve()
        inside = resolved.relative_to(SPECS)
        if Path(path).absolute().is_relative_to(Path.cwd()):
            return path
        short = Path("specs") / inside
        if short.exists() and short.resolve() == resolved:
            return short.as_posix()
    except (ValueError, OSError, RuntimeError):  # RuntimeError: a symlink loop (Python 3.11)
        return path
    return str(resolved)
