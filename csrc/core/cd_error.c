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

const char *cd_error_name(int code)
{
    switch (code) {
    case CD_OK: return "CD_OK";
    case CD_ERR_NOMEM: return "CD_ERR_NOMEM";
    case CD_ERR_INPUT: return "CD_ERR_INPUT";
    case CD_ERR_SINGULAR: return "CD_ERR_SINGULAR";
    case CD_ERR_NEWTON: return "CD_ERR_NEWTON";
    case CD_ERR_NOTASSEMBLED: return "CD_ERR_NOTASSEMBLED";
    case CD_ERR_USERFUNC: return "CD_ERR_USERFUNC";
    case CD_ERR_NONFINITE: return "CD_ERR_NONFINITE";
    case CD_ERR_IO: return "CD_ERR_IO";
    case CD_ERR_INTERNAL: return "CD_ERR_INTERNAL";
    default: return "CD_ERR_UNKNOWN";
    }
}
