# Make fragment: the C unit test of the linear-solver layer. Run from the repository root:
#     make -f csrc/tests/Makefile.frag build/test_linalg && ./build/test_linalg
# Needs Debian's libsuitesparse-dev (CXSparse) and liblapack-dev (reference LAPACK and BLAS).

LINALG_CC ?= cc
LINALG_CFLAGS ?= -std=c11 -O2 -Wall -Wextra -Werror
LINALG_LIBS = -lcxsparse -llapack -lblas -lm
LINALG_SRC = csrc/tests/test_linalg.c $(wildcard csrc/linalg/*.c) csrc/core/cd_error.c
LINALG_HDR = $(wildcard csrc/linalg/*.h) csrc/core/cd_error.h

build/test_linalg: $(LINALG_SRC) $(LINALG_HDR)
	@mkdir -p build
	$(LINALG_CC) $(LINALG_CFLAGS) -o $@ $(LINALG_SRC) $(LINALG_LIBS)

# the same test under valgrind; the soname option keeps the test's own malloc (allocation
# counting and fault injection) instead of valgrind's replacement
.PHONY: valgrind-linalg
valgrind-linalg: build/test_linalg
	valgrind --soname-synonyms=somalloc=nouserintercepts --leak-check=full --error-exitcode=1 \
	    ./build/test_linalg

