/* cd_error: status codes and the error record every fallible engine function fills.
 * Codes: 0 success, positive = non-error outcome, negative = failure (SUNDIALS style). */
#ifndef CD_ERROR_H
#define CD_ERROR_H

enum {
    CD_OK = 0,
    CD_ERR_NOMEM = -1,        /* an allocation failed */
    CD_ERR_INPUT = -2,        /* an invalid parameter or index */
    CD_ERR_SINGULAR = -3,     /* a linear system could not be factored */
    CD_ERR_NEWTON = -4,       /* Newton did not converge at the minimum step */
    CD_ERR_NOTASSEMBLED = -5, /* the system must be assembled first */
    CD_ERR_USERFUNC = -6,     /* a user function failed (fatal) */
    CD_ERR_NONFINITE = -7,    /* NaN or Inf in a residual or solution */
    CD_ERR_IO = -8,           /* a sensor file could not be written */
    CD_ERR_INTERNAL = -9      /* a broken invariant: a bug in coordyn */
};

#define CD_MSG_LEN 1024
#define CD_MAXOUT 256   /* most values one output variable may have */

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

/* static name of a code ("CD_ERR_NOMEM", ...) */
const char *cd_error_name(int code);

#endif
