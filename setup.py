"""Build of coordyn's C extension (coordyn._core). Metadata lives in pyproject.toml."""
import glob
import os
import sys

import subprocess

import numpy
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ENGINE_DIRS = ["core", "math", "items", "linalg", "solvers", "analysis"]


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

# extra compiler and linker flags from the environment, placed after every other flag (Python's
# own CFLAGS, with its -fwrapv and -O3, and ours): `make sanitize` builds with
# COORDYN_EXTRA_CFLAGS="-fsanitize=address,undefined -fno-wrapv ... -O1" this way
EXTRA_CFLAGS = os.environ.get("COORDYN_EXTRA_CFLAGS", "").split()
EXTRA_LDFLAGS = os.environ.get("COORDYN_EXTRA_LDFLAGS", "").split()



class BuildExtWithStubs(build_ext):
    """Builds the extension, then writes the item classes' type stub (items.pyi) from the
    engine's item tables with tools/gen_stubs.py, next to the built package: the stub is
    generated, never edited or committed."""

    def run(self):
        super().run()
        pkg = os.path.join(HERE, "python") if self.inplace else os.path.abspath(self.build_lib)
        out = os.path.join(pkg, "coordyn", "items.pyi")
        rc = subprocess.call([sys.executable, os.path.join(HERE, "tools", "gen_stubs.py"),
                              "--path", pkg, "--out", out], cwd=HERE)
        if rc:
            self.warn("coordyn build: tools/gen_stubs.py failed; items.pyi was not written")


setup(
    cmdclass={"build_ext": BuildExtWithStubs},
    ext_modules=[
        Extension(
            "coordyn._core",
            sources=sources,
            depends=headers,
            include_dirs=[numpy.get_include()],
            libraries=["cxsparse", "lapack", "blas", "m"],
            extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra", "-Wno-missing-field-initializers"]
            + EXTRA_CFLAGS,
            extra_link_args=EXTRA_LDFLAGS,
        )
    ],
)
