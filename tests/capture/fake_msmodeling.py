"""A fake msmodeling checkout to capture from: a ``tensor_cast`` package whose
``compilation.compile_backend.CompilerBackend`` has the real one's shape (its compile ends with
``apply_multistream_pass(gm, inputs)`` then ``apply_decompose_auto_functionalized_pass(gm)``) and
a ``cli.inference.text_generate`` whose ``main()`` parses ``sys.argv`` and compiles the tiny GLM
of :mod:`tests.engines.tinyglm` through that backend, with fake example inputs as a real
``torch.compile`` hands them. TensorCast is not on PyPI; this is what the capture is tested on.

``write_fake_msmodeling`` writes it under a folder; each knob makes it differ from the real one
in one way the capture must notice.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import attrs

from tests.engines import tinyglm

MODEL = "model_config/tiny_glm"  # the model folder, relative to the checkout's root


@attrs.frozen
class FakeMsmodeling:
    """How the fake differs from the real TensorCast (the defaults: not at all)."""

    graph_hook: str = "apply_decompose_auto_functionalized_pass"  # the backend's last rewrite
    has_main: bool = True
    crash: bool = False  # main() raises after parsing, as the bf16 SP run did in a compile step
    compiles: int = 1  # graphs compiled in one run (a prefill and a decode graph: 2)
    inputs_hook: bool = True  # False: the compile never calls apply_multistream_pass


BACKEND = '''
"""A stand-in for TensorCast's compile backend: the same class and method names."""


class CompilerBackend:
    def __init__(self, device_name=None):
        self._multistream_device_name = device_name

    def __call__(self, gm, example_inputs):
        return self.compile(gm, example_inputs)

    def compile(self, gm, example_inputs, **kwargs):
        # the real compile runs its rewrites, freezes, then these two as its last steps
        if {inputs_hook}:
            self.apply_multistream_pass(gm, example_inputs)
        self.{graph_hook}(gm)
        return gm

    def apply_multistream_pass(self, gm, inputs):
        return None

    def {graph_hook}(self, gm):
        return None
'''

TEXT_GENERATE = '''
"""A stand-in for TensorCast's text_generate CLI: parse sys.argv, compile, print, trace."""

import argparse
import json

from torch._subclasses.fake_tensor import FakeTensorMode

from tensor_cast.compilation import get_backend
from tests.engines.tinyglm import Layout, tensorcast_graph


def {main}():
    parser = argparse.ArgumentParser(prog="text_generate")
    parser.add_argument("model")
    parser.add_argument("--num-queries", type=int, required=True)
    parser.add_argument("--query-length", type=int, required=True)
    parser.add_argument("--num-devices", type=int, default=1)
    parser.add_argument("--tp-size", type=int, default=1)
    parser.add_argument("--ep-size", type=int, default=1)
    parser.add_argument("--word-embedding-tp")
    parser.add_argument("--compilation-config", nargs="*")
    parser.add_argument("--quantize-linear-action", default="W8A8_DYNAMIC")
    parser.add_argument("--compile", action="store_true")
    parser.add_argument("--chrome-trace-file", dest="chrome_trace")
    args = parser.parse_args()
    if {crash}:
        raise RuntimeError("shape '[512, 16384]' is invalid for input of size 2097152")
    sequence_parallel = "enable_sequence_parallel" in (args.compilation_config or ())
    layout = Layout(sequence_parallel=sequence_parallel and args.word_embedding_tp == "row")
    for _ in range({compiles}):
        gm, inputs = tensorcast_graph(layout, engine_paths=True)
        with FakeTensorMode(allow_non_fake_inputs=True) as mode:  # what torch.compile hands over
            fake_inputs = [mode.from_tensor(value) for value in inputs]
        if args.compile:
            try:
                get_backend()(gm, fake_inputs)
            except Exception as error:  # torch.compile reports a backend's failure as its own
                raise RuntimeError(f"backend='tensorcast' raised: {{error}}") from error
    print("Metrics: total 1.00 ms (a stand-in's table)")
    if args.chrome_trace:
        with open(args.chrome_trace, "w") as stream:
            json.dump({{"traceEvents": []}}, stream)
'''

COMPILATION = """
from .compile_backend import CompilerBackend

_backend = None


def get_backend(*, device_name=None):
    global _backend
    if _backend is None:
        _backend = CompilerBackend(device_name=device_name)
    return _backend
"""


def write_fake_msmodeling(root: Path, fake: FakeMsmodeling = FakeMsmodeling()) -> Path:
    """The fake checkout under ``root``, returned; run the capture from there."""
    files = {
        "tensor_cast/__init__.py": "",
        "tensor_cast/compilation/__init__.py": COMPILATION,
        "tensor_cast/compilation/compile_backend.py": BACKEND.format(
            graph_hook=fake.graph_hook, inputs_hook=fake.inputs_hook
        ),
        "cli/__init__.py": "",
        "cli/inference/__init__.py": "",
        "cli/inference/text_generate.py": TEXT_GENERATE.format(
            main="main" if fake.has_main else "run", crash=fake.crash, compiles=fake.compiles
        ),
        MODEL + "/config.json": json.dumps(tinyglm.CONFIG, indent=1),
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"))
    return root
