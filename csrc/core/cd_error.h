/* cd_error: status codes and the error record every fallible engine function fills.
 * Codes (SUNDIALS style): 0 success, positive = recoverable (the solver retries the step with a
 * smaller step size), negative = failure. */
#ifndef CD_ERROR_H
#define CD_ERROR_H

/* THE list of status codes: X(name, value, meaning). The enum, cd_error_name(),
 * cd_error_meaning() and _core.error_codes() are generated from it. */
#define CD_ERROR_LIST(X)                                                                          \
    X(CD_OK, 0, "success")                                                                        \
    X(CD_RETRY_STEP, 1, "recoverable: retry the step with a smaller step size (no convergence, "  \
      "singular matrix, non-finite residual, or a user function asked for it)")                  \
    X(CD_ERR_NOMEM, -1, "an allocation failed")                                                   \
    X(CD_ERR_INPUT, -2, "an invalid parameter or index")                                          \
    X(CD_ERR_SINGULAR, -3, "a linear system could not be factored")                               \
    X(CD_ERR_NEWTON, -4, "Newton did not converge at the minimum step")                           \
    X(CD_ERR_NOTASSEMBLED, -5, "the system must be assembled first")                              \
    X(CD_ERR_USERFUNC, -6, "a user function failed, or the solve was interrupted (fatal)")       \
    X(CD_ERR_NONFINITE, -7, "NaN or Inf in a residual or solution")                               \
    X(CD_ERR_IO, -8, "a sensor or solution file could not be written")                            \
    X(CD_ERR_INTERNAL, -9, "a broken invariant: a bug in coordyn")                              \
    X(CD_ERR_BLOWUP, -10, "a step's local error estimate exceeded the blow-up bound")

#define CD_ERROR_ENUM(name, value, meaning) name = value,
enum { CD_ERROR_LIST(CD_ERROR_ENUM) };
#undef CD_ERROR_ENUM

#define CD_MSG_LEN 1024
#define CD_MAXOUT 256   /* least capacity of an output buffer (cd_output_capacity) */

/* the caller's error record: a code and a human-readable message */
typedef struct cd_error {
    int code;               /* last status, CD_OK when nothing failed */
    char msg[CD_MSG_LEN];   /* message, NUL-terminated; empty when code == CD_OK */
} cd_error;

/* set code and printf-style message; returns code so callers can `return cd_error_set(...)`.
 * err may be NULL (then only the code is returned). */
int cd_error_set(cd_error *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* clear the record */
void cd_error_clear(cd_error *err);

/* static name of a code ("CD_ERR_NOMEM", ...; "CD_ERR_UNKNOWN" for other values; positive
 * codes not in the list are recoverable codes of user functions: "CD_RETRY_STEP") */
const char *cd_error_name(int code);

/* static one-line meaning of a code, from the list */
const char *cd_error_meaning(int code);

#endif
