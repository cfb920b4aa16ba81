/* cd_error: status codes and messages (see cd_error.h) */
#include "cd_error.h"
#include <stdarg.h>
#include <stdio.h>

int cd_error_set(cd_error *err, int code, const char *fmt, ...)
{
    if (!err) return code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, CD_MSG_LEN, fmt, ap);
    va_end(ap);
    err->code = code;
    return code;
}

void cd_error_clear(cd_error *err)
{
    if (!err) return;
    err->code = CD_OK;
    err->msg[0] = '\0';
}

#define CD_ERROR_CASE_NAME(name, value, meaning) case name: return #name;
#define CD_ERROR_CASE_MEANING(name, value, meaning) case name: return meaning;

const char *cd_error_name(int code)
{
    switch (code) {
    CD_ERROR_LIST(CD_ERROR_CASE_NAME)
    default: return code > 0 ? "CD_RETRY_STEP" : "CD_ERR_UNKNOWN";
    }
}

const char *cd_error_meaning(int code)
{
    switch (code) {
    CD_ERROR_LIST(CD_ERROR_CASE_MEANING)
    default: return code > 0 ? "recoverable failure of a user function" : "unknown status code";
    }
}
