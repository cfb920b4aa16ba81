#!/bin/bash
# make sanitize: the C tests and the whole pytest suite on code built with AddressSanitizer and
# UndefinedBehaviorSanitizer. Run from the repository root (the Makefile does):
#     bash tools/sanitize.sh [pytest arguments; default: tests]
# Steps:
#  1. the C tests (build/sanitize/test_linalg, test_engine, built by the Makefile with SANFLAGS):
#     ASan with LeakSanitizer on, UBSan aborting on the first finding;
#  2. the extension built with the same flags into build/sanitize/python (a copy of python/ with
#     the sanitized _core next to it; the normal in-place build is left alone);
#  3. pytest on that copy, the ASan runtime preloaded (python itself is not instrumented), leak
#     detection off: CPython keeps interned objects, module state and caches until exit by
#     design, so LeakSanitizer would report thousands of blocks; a suppressions file cannot
#     separate those from ours because every allocation of the extension also has the
#     interpreter on its stack. Leaks of the engine are checked by the C tests (LeakSanitizer
#     here, valgrind in `make memcheck`, the live-block count of the allocation-failure test).
# The sanitizer flags are set in the Makefile (SANFLAGS) and passed in the environment.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-python3}
CC=${CC:-gcc}
SANFLAGS=${SANFLAGS:?set by the Makefile}
OUT=build/sanitize

LIBASAN=$($CC -print-file-name=libasan.so)
if [ ! -e "$LIBASAN" ]; then
    echo "sanitize: libasan.so not found for $CC (Debian: apt-get install libasan8 / gcc)" >&2
    exit 1
fi
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export PYTHONFAULTHANDLER=1

echo "== C tests under ASan + UBSan (leak detection on)"
ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1 \
    "$OUT/test_linalg"
ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1 \
    "$OUT/test_engine"

echo "== the extension with ASan + UBSan into $OUT/python"
rm -rf "$OUT/python"
cp -r python "$OUT/python"
find "$OUT/python" -name "*.so" -delete
find "$OUT/python" -name __pycache__ -type d -prune -exec rm -rf {} +
# the flags go after Python's own (its CFLAGS carry -fwrapv and -O3): setup.py appends these last
COORDYN_EXTRA_CFLAGS="$SANFLAGS" COORDYN_EXTRA_LDFLAGS="-fsanitize=address,undefined" \
    "$PY" setup.py -q build_ext --build-lib "$OUT/python" --build-temp "$OUT/temp" 2>&1 \
    | grep -v -E "BetaConfiguration|warnings.warn|FutureWarning|^  warn\(|gen_stubs.py failed|ASan runtime does not come first" || true
ls "$OUT"/python/coordyn/_core*.so >/dev/null

# the sanitized library needs the ASan runtime loaded first; libstdc++ too, or ASan cannot
# intercept the C++ exceptions of other extensions (matplotlib's ft2font) and aborts
PRELOAD="$LIBASAN libstdc++.so.6"
run_py() {
    LD_PRELOAD="$PRELOAD" ASAN_OPTIONS=detect_leaks=0 PYTHONMALLOC=malloc \
        PYTHONPATH="$PWD/$OUT/python" "$PY" "$@"
}
# the item stubs (setup.py's own attempt ran without the preload)
run_py tools/gen_stubs.py --path "$OUT/python" --out "$OUT/python/coordyn/items.pyi"
run_py -c "import coordyn, coordyn._core as c; assert '$OUT' in c.__file__, c.__file__"

echo "== pytest on the sanitized extension (PYTHONMALLOC=malloc: Python's objects in ASan's heap)"
run_py -m pytest -p no:cacheprovider "${@:-tests}"
