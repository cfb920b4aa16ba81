"""Build of coordyn's C extension (coordyn._core). Metadata lives in pyproject.toml."""
import glob
import os
import sys

import numpy
from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINE_DIRS = ["core", "math", "items", "linalg", "solvers"]


def _require(header, package):
    """Stop with a clear message when a system library's header is missing."""
    for base in ("/usr/include", "/usr/local/include"):
        if os.path.exists(os.path.join(base, header)):
            return
    sys.exit(f"coordyn build: {header} not found. Install it with:\n"
             f"    sudo apt-get install {package}\n"
             f"(or run `make demo` / `make test`, which install it when they can)")


if not any(a in sys.argv for a in ("egg_info", "sdist", "dist_info")):
    _require("suitesparse/cs.h", "libsuitesparse-dev")
    if not glob.glob("/usr/lib/*/liblapack.so*") + glob.glob("/usr/lib/liblapack.so*"):
        sys.exit("coordyn build: LAPACK not found. Install it with:\n"
                 "    sudo apt-get install liblapack-dev")

sources = sorted(glob.glob("csrc/pyext/*.c"))
for d in ENGINE_DIRS:
    sources += sorted(glob.glob(f"csrc/{d}/**/*.c", recursive=True))
headers = sorted(glob.glob("csrc/**/*.h", recursive=True))

setup(
    ext_modules=[
        Extension(
            "coordyn._core",
            sources=sources,
            depends=headers,
            include_dirs=[numpy.get_include()],
            libraries=["cxsparse", "lapack", "blas", "m"],
            extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra", "-Wno-missing-field-initializers"],
        )
    ],
)
