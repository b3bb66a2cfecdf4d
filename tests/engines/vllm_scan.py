"""Read a vLLM (or vLLM-Ascend) source tree for the custom ops its graphs can show, without
importing it: each ``direct_register_custom_op(op_name="x", op_func=f, …)`` is
``<namespace>.x.default`` (the namespace its ``target_lib`` gives, ``vllm`` by default), each
``@register_op`` of ``vllm/ir/ops`` is ``vllm_ir.<name>.default``, and each
``torch.ops.<namespace>.<name>`` the Python calls or names is ``<namespace>.<name>.default`` —
each with the file:line that registers it (else the first that calls it) and its argument names:
the registered function's parameters, else the call's arguments in order."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import attrs

# The function names that register a custom op, and the namespace each registers into
# (vllm/utils/torch_utils.py:1045 Library("vllm"); vllm/kernels/aiter_ops.py:29 a partial of it
# with target_lib=aiter_lib, Library("vllm_aiter") at :22)
REGISTRARS: Mapping[str, str] = {
    "direct_register_custom_op": "vllm",
    "direct_register_aiter_op": "vllm_aiter",
    # vllm_ascend/utils.py: the same registration, vLLM-Ascend's spelling of it
    "direct_register_custom_op_ascend": "vllm",
}
# target_lib= arguments by the variable naming the Library (vllm/kernels/aiter_ops.py:22,
# vllm/kernels/helion/register.py:80)
LIBRARIES: Mapping[str, str] = {"aiter_lib": "vllm_aiter", "vllm_helion_lib": "vllm_helion"}


@attrs.frozen
class Site:
    """Where an op is registered (or, if not here, first called) and its argument names."""

    target: str
    path: str  # relative to the tree's parent: vllm/_custom_ops.py
    line: int
    args: tuple[str, ...]
    registered: bool


def _chain(node: ast.expr) -> list[str]:
    """``torch.ops._C.rms_norm.default`` as its names, [] for anything else."""
    names: list[str] = []
    while isinstance(node, ast.Attribute):
        names.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        names.append(node.id)
        return names[::-1]
    return []


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    a = fn.args
    return tuple(p.arg for p in [*a.posonlyargs, *a.args, *a.kwonlyargs] if p.arg != "self")


def _call_args(call: ast.Call) -> tuple[str, ...]:
    named = [arg.id if isinstance(arg, ast.Name) else f"arg{i}" for i, arg in enumerate(call.args)]
    return tuple([*named, *(k.arg for k in call.keywords if k.arg is not None)])


def _registrar(call: ast.Call) -> str | None:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    if name not in REGISTRARS:
        return None
    lib = next((k.value for k in call.keywords if k.arg == "target_lib"), None)
    if isinstance(lib, ast.Name) and lib.id in LIBRARIES:
        return LIBRARIES[lib.id]
    return REGISTRARS[name]


def _keyword(call: ast.Call, name: str, position: int) -> ast.expr | None:
    found = next((k.value for k in call.keywords if k.arg == name), None)
    if found is None and len(call.args) > position:
        return call.args[position]
    return found


def _is_register_op(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return isinstance(target, ast.Name) and target.id == "register_op"


def scan_file(
    path: Path, relative: str, namespaces: Iterable[str], modules: Mapping[str, str]
) -> list[Site]:
    """The registrations and ``torch.ops`` references of one file (and the calls of each
    module ``modules`` names, whose functions a graph shows in that namespace: ``torch_npu.x``
    is ``npu.x``)."""
    wanted = set(namespaces)
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=relative)
    functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            functions.setdefault(node.name, node)
    sites: list[Site] = []
    called: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and "vllm/ir/ops/" in relative:
            for decorator in node.decorator_list:
                if _is_register_op(decorator):
                    args = _params(node)
                    sites.append(
                        Site(f"vllm_ir.{node.name}.default", relative, node.lineno, args, True)
                    )
        if not isinstance(node, ast.Call):
            continue
        namespace = _registrar(node)
        if namespace is not None:
            name = _keyword(node, "op_name", 0)
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                fn = _keyword(node, "op_func", 1)
                fake = _keyword(node, "fake_impl", 3)
                args: tuple[str, ...] = ()
                for candidate in (fn, fake):
                    if isinstance(candidate, ast.Name) and candidate.id in functions:
                        args = _params(functions[candidate.id])
                        break
                target = f"{namespace}.{name.value}.default"
                sites.append(Site(target, relative, node.lineno, args, True))
            continue
        chain = _chain(node.func)
        if len(chain) == 2 and chain[0] in modules:
            target = f"{modules[chain[0]]}.{chain[1]}.default"
            sites.append(Site(target, relative, node.lineno, _call_args(node), False))
            continue
        if len(chain) >= 4 and chain[:2] == ["torch", "ops"] and chain[2] in wanted:
            called.add(id(node.func))
            overload = chain[4] if len(chain) > 4 else "default"
            target = f"{chain[2]}.{chain[3]}.{overload}"
            sites.append(Site(target, relative, node.lineno, _call_args(node), False))
    for node in ast.walk(tree):  # named without a call here: a pattern, an alias, a check
        if isinstance(node, ast.Attribute) and id(node) not in called:
            chain = _chain(node)
            if len(chain) == 4 and chain[:2] == ["torch", "ops"] and chain[2] in wanted:
                target = f"{chain[2]}.{chain[3]}.default"
                sites.append(Site(target, relative, node.lineno, (), False))
    return sites


def scan_tree(
    package: Path, namespaces: Iterable[str], modules: Mapping[str, str] | None = None
) -> dict[str, Site]:
    """Every op of ``namespaces`` the package registers or references, by target: its
    registration, else its first call with arguments, else its first mention."""
    found: dict[str, list[Site]] = {}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package.parent).as_posix()
        for site in scan_file(path, relative, namespaces, modules or {}):
            found.setdefault(site.target, []).append(site)

    def rank(site: Site) -> tuple[int, int, str, int]:
        return (not site.registered, not site.args, site.path, site.line)

    return {target: min(sites, key=rank) for target, sites in sorted(found.items())}


__all__ = ["LIBRARIES", "REGISTRARS", "Site", "scan_file", "scan_tree"]
