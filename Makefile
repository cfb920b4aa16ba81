# coordyn: `make demo` runs the main example, `make test` runs the C tests and pytest.
# Both install what is missing first: system libraries (apt-get), then the package (pip, editable).
PY ?= python3
CC ?= cc
CFLAGS_TEST = -std=c11 -O2 -Wall -Wextra -Werror
LIBS = -lcxsparse -llapack -lblas -lm
MATH_SRC = $(wildcard csrc/math/*.c)
ENGINE_SRC = $(wildcard csrc/core/*.c) $(MATH_SRC) $(wildcard csrc/items/*.c csrc/items/*/*.c csrc/linalg/*.c csrc/solvers/*.c csrc/analysis/*.c)
ENGINE_HDR = $(wildcard csrc/*/*.h csrc/*/*/*.h)

.PHONY: demo test build ctest pytest bench docs clean deps memcheck sanitize fuzz

build/.deps: tools/install_deps.sh
	@mkdir -p build
	bash tools/install_deps.sh
	@touch $@

build/.pyinstall: build/.deps pyproject.toml setup.py
	$(PY) -m pip install -q -e ".[test]"
	@touch $@

build: build/.pyinstall
	$(PY) setup.py -q build_ext --inplace 2>&1 | grep -v -E "BetaConfiguration|warnings.warn|FutureWarning|bdist_wheel" || true
	@$(PY) -c "import coordyn" || (echo "coordyn failed to import" >&2; exit 1)

demo: build
	$(PY) examples/pendulum.py

build/test_linalg: csrc/tests/test_linalg.c $(wildcard csrc/linalg/*.c) $(MATH_SRC) csrc/core/cd_error.c $(ENGINE_HDR) build/.deps
	$(CC) $(CFLAGS_TEST) -o $@ csrc/tests/test_linalg.c $(wildcard csrc/linalg/*.c) $(MATH_SRC) csrc/core/cd_error.c $(LIBS)

build/test_engine: csrc/tests/test_engine.c $(ENGINE_SRC) $(ENGINE_HDR) build/.deps
	$(CC) $(CFLAGS_TEST) -o $@ csrc/tests/test_engine.c $(ENGINE_SRC) $(LIBS)

# the spatial deformation kinematics: pure functions, only the math layer and libm
DEFKIN3D_SRC = csrc/tests/test_defkin_spatial.c csrc/items/deformation/defkin_spatial.c $(MATH_SRC)

build/test_defkin_spatial: $(DEFKIN3D_SRC) $(ENGINE_HDR)
	@mkdir -p build
	$(CC) $(CFLAGS_TEST) -o $@ $(DEFKIN3D_SRC) -lm

DEFKIN2D_SRC = csrc/tests/test_defkin_planar.c csrc/items/deformation/defkin_planar.c

build/test_defkin_planar: $(DEFKIN2D_SRC) $(ENGINE_HDR)
	@mkdir -p build
	$(CC) $(CFLAGS_TEST) -o $@ $(DEFKIN2D_SRC) -lm

ctest: build/test_linalg build/test_engine build/test_defkin_spatial build/test_defkin_planar
	./build/test_linalg
	./build/test_engine
	./build/test_defkin_spatial
	./build/test_defkin_planar

# the C tests under valgrind (the tests count allocations with their own malloc: keep it)
memcheck: build/test_linalg build/test_engine build/test_defkin_spatial build/test_defkin_planar
	valgrind --soname-synonyms=somalloc=nouserintercepts --leak-check=full --error-exitcode=1 ./build/test_linalg
	valgrind --soname-synonyms=somalloc=nouserintercepts --leak-check=full --error-exitcode=1 ./build/test_engine
	valgrind --leak-check=full --error-exitcode=1 ./build/test_defkin_spatial
	valgrind --leak-check=full --error-exitcode=1 ./build/test_defkin_planar

# the C tests and the whole pytest suite built with AddressSanitizer and UndefinedBehaviorSanitizer
# (tools/sanitize.sh; the extension goes to build/sanitize/python, the in-place build stays).
# -fno-wrapv after Python's -fwrapv makes signed overflow undefined again, so UBSan sees it;
# float-cast-overflow is not in GCC's -fsanitize=undefined set.
SANFLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-wrapv \
	-fsanitize=float-cast-overflow -fno-omit-frame-pointer -g -O1
CFLAGS_SAN = -std=c11 -Wall -Wextra -Werror $(SANFLAGS)

build/sanitize/test_linalg: csrc/tests/test_linalg.c $(wildcard csrc/linalg/*.c) $(MATH_SRC) csrc/core/cd_error.c $(ENGINE_HDR) build/.deps
	@mkdir -p build/sanitize
	$(CC) $(CFLAGS_SAN) -o $@ csrc/tests/test_linalg.c $(wildcard csrc/linalg/*.c) $(MATH_SRC) csrc/core/cd_error.c $(LIBS)

build/sanitize/test_engine: csrc/tests/test_engine.c $(ENGINE_SRC) $(ENGINE_HDR) build/.deps
	@mkdir -p build/sanitize
	$(CC) $(CFLAGS_SAN) -o $@ csrc/tests/test_engine.c $(ENGINE_SRC) $(LIBS)

build/sanitize/test_defkin_spatial: $(DEFKIN3D_SRC) $(ENGINE_HDR)
	@mkdir -p build/sanitize
	$(CC) $(CFLAGS_SAN) -o $@ $(DEFKIN3D_SRC) -lm

build/sanitize/test_defkin_planar: $(DEFKIN2D_SRC) $(ENGINE_HDR)
	@mkdir -p build/sanitize
	$(CC) $(CFLAGS_SAN) -o $@ $(DEFKIN2D_SRC) -lm

# SANITIZE_ARGS: pytest arguments instead of the whole suite, e.g. SANITIZE_ARGS="tests/core -x"
sanitize: build/sanitize/test_linalg build/sanitize/test_engine build/sanitize/test_defkin_spatial build/sanitize/test_defkin_planar
	ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    ./build/sanitize/test_defkin_spatial
	ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	    ./build/sanitize/test_defkin_planar
	SANFLAGS="$(SANFLAGS)" PY="$(PY)" CC="$(CC)" bash tools/sanitize.sh $(SANITIZE_ARGS)

# the browser the viewer's HTML test opens (tests/viewer): installed when possible, else skipped
build/.testdeps: tools/install_test_deps.sh
	@mkdir -p build
	bash tools/install_test_deps.sh || echo "chromium-headless-shell not installed: the viewer's browser test will be skipped"
	@touch $@

pytest: build build/.testdeps
	$(PY) -m pytest tests

test: build ctest pytest

# the long fuzzer run (tests/fuzz; the short run is part of pytest): FUZZ_EXAMPLES cases,
# every failure kept as a reproducer in build/fuzz/, the outcomes in build/fuzz_summary.json
FUZZ_EXAMPLES ?= 20000
fuzz: build
	COORDYN_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) COORDYN_FUZZ_KEEP_GOING=1 $(PY) -m pytest tests/fuzz/test_fuzz.py -p no:cacheprovider -s

bench: build
	$(PY) benchmarks/bench_chains.py
	$(PY) benchmarks/bench_rigid.py

docs: build
	$(PY) -m sphinx -q -b html docs docs/_build/html

clean:
	rm -rf build python/coordyn/*.so docs/_build
