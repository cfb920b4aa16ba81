"""The C unit test of the planar deformation kinematics (csrc/tests/test_defkin_planar.c: De and
H against finite differences, rigid-body invariance, closed forms), built with the flags of
csrc/tests/Makefile.frag (warnings are errors) and run; it prints "N passed, M failed"."""
import re
import shutil
import subprocess

import pytest

from conftest import REPO


def test_defkin_planar_c(tmp_path):
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler")
    exe = tmp_path / "test_defkin_planar"
    src = [REPO / "csrc/tests/test_defkin_planar.c",
           REPO / "csrc/items/deformation/defkin_planar.c"]
    build = subprocess.run([cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-o", str(exe)]
                           + [str(s) for s in src] + ["-lm"], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60)
    m = re.search(r"(\d+) passed, (\d+) failed", run.stdout)
    assert run.returncode == 0 and m and int(m.group(2)) == 0, run.stdout
    assert int(m.group(1)) > 300
