"""python -m coordyn.exudyn script.py [args]: run an unmodified Exudyn script on coordyn.

The script runs as __main__ with sys.argv = [script.py, args...] and its folder first on
sys.path, as ``python script.py`` would run it; its ``import exudyn`` gives coordyn.
"""
import os
import runpy
import sys

from . import use_as_exudyn


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m coordyn.exudyn script.py [args]\n"
              "runs an Exudyn script with 'import exudyn' resolved to coordyn")
        return 0 if argv else 2
    script = argv[0]
    if not os.path.isfile(script):
        print(f"coordyn.exudyn: no such script: '{script}'", file=sys.stderr)
        return 2
    use_as_exudyn()
    sys.argv = argv
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    runpy.run_path(script, run_name="__main__")
    return 0


if __name__ == "__main__":
    sys.exit(main())
