/* cd_solfile: the coordinates solution file in Exudyn's text format (see cd_solfile.h) */
#define _POSIX_C_SOURCE 200112L  /* localtime_r */
#include "cd_solfile.h"
#include <errno.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct cd_solfile {
    FILE *f;
    char *name;            /* the file's name (messages) */
    char *buf;             /* stdio buffer (CD_SOLFILE_BUF bytes) */
    char *row;             /* one row's text (32 bytes per value and the time, + 2) */
    size_t nrow;           /* characters in row */
    int statik;            /* static solver: no velocities or accelerations */
    int vel, acc, vel1;    /* write q', q'', y' */
    int ae, data;          /* write lambda, the Data coordinates */
    int prec;              /* significant digits */
    double period;         /* solutionWritePeriod */
    double next;           /* the next output time */
    int failed;            /* a write failed (reported at close) */
    int footer;            /* writeFileFooter */
    int binary;            /* Exudyn's binary format: 4-byte Index, rsize-byte Real */
    int rsize;             /* 8 (double) or 4 (float: outputPrecision < 8) */
};

enum { CD_SOLFILE_BUF = 1 << 20 };

/* 10^k, exact for 0 <= k <= 22 */
static double pow10_exact(int k)
{
    static const double p[23] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21,
                                 1e22};
    return p[k];
}

/* x (finite, > 0) = m 10^(e - prec + 1) with the integer m rounded to prec digits
 * (10^(prec-1) <= m < 10^prec), as printf rounds; 0 if that is not certain in double
 * arithmetic (a scale beyond 10^44, or a product within its round-off of a tie): then the
 * caller uses snprintf */
static int decimal_digits(double x, int prec, long long *m, int *e)
{
    int e2;
    frexp(x, &e2);                                  /* 2^(e2-1) <= x < 2^e2 */
    int ex = (int)floor((e2 - 1) * 0.30102999566398120);  /* log10(x), low by at most 1 */
    for (int tries = 0; tries < 4; tries++) {
        int k = prec - 1 - ex;  /* p = x 10^k: one or two correctly rounded operations */
        if (k > 44 || k < -44) return 0;
        double p = x;
        if (k > 22) p *= 1e22;
        if (k < -22) p /= 1e22;
        p = k >= 0 ? p * pow10_exact(k > 22 ? k - 22 : k) : p / pow10_exact(k < -22 ? -k - 22 : -k);
        double lo = pow10_exact(prec - 1), hi = pow10_exact(prec);
        if (p < lo) { ex--; continue; }   /* log10 rounded across a power of 10 */
        if (p >= hi) { ex++; continue; }
        double r = floor(p), f = p - r;
        if (fabs(f - 0.5) < 8e-16 * p) return 0;  /* within round-off of a tie: not certain */
        *m = (long long)r + (f > 0.5);
        if ((double)*m >= hi) { *m /= 10; ex++; }    /* 9.99...95 rounded up to 10 */
        if ((double)*m < lo) return 0;
        *e = ex;
        return 1;
    }
    return 0;
}

/* x as printf's "%.<prec>g" into out (at least 32 bytes): the shortest of the fixed and the
 * exponential form with trailing zeros removed; returns the length */
static int format_g(char *out, double x, int prec)
{
    long long m;
    int e, n = 0;
    char dig[24];
    if (x == 0) {  /* "0", "-0" */
        int n0 = 0;
        if (signbit(x)) out[n0++] = '-';
        out[n0++] = '0';
        return n0;
    }
    if (!isfinite(x) || prec > 15 || !decimal_digits(fabs(x), prec, &m, &e))
        return snprintf(out, 32, "%.*g", prec, x);
    static const char pairs[] = "00010203040506070809101112131415161718192021222324252627282930"
                                "31323334353637383940414243444546474849505152535455565758596061"
                                "62636465666768697071727374757677787980818283848586878889909192"
                                "939495969798990";
    int i = prec;
    for (; i >= 2; i -= 2, m /= 100) memcpy(dig + i - 2, pairs + 2 * (m % 100), 2);
    if (i) dig[0] = (char)('0' + m);
    int nd = prec;
    while (nd > 1 && dig[nd - 1] == '0') nd--;  /* trailing zeros */
    if (x < 0) out[n++] = '-';
    if (e < -4 || e >= prec) {                    /* d.ddde+XX */
        out[n++] = dig[0];
        if (nd > 1) out[n++] = '.';
        for (int i = 1; i < nd; i++) out[n++] = dig[i];
        int ae = e < 0 ? -e : e;                  /* e+XX, e-XXX: at least two digits */
        out[n++] = 'e';
        out[n++] = e < 0 ? '-' : '+';
        if (ae >= 100) out[n++] = (char)('0' + ae / 100);
        out[n++] = (char)('0' + ae / 10 % 10);
        out[n++] = (char)('0' + ae % 10);
        return n;
    }
    if (e < 0) {                                  /* 0.000ddd */
        out[n++] = '0';
        out[n++] = '.';
        for (int i = -1; i > e; i--) out[n++] = '0';
        for (int i = 0; i < nd; i++) out[n++] = dig[i];
        return n;
    }
    for (int i = 0; i <= e; i++) out[n++] = dig[i];  /* ddd.ddd (e < prec digits before) */
    if (nd > e + 1) {
        out[n++] = '.';
        for (int i = e + 1; i < nd; i++) out[n++] = dig[i];
    }
    return n;
}

/* ",x0,x1,...": n values with prec significant digits, appended to the row */
static void put_values(cd_solfile *f, const double *x, int n)
{
    char *r = f->row + f->nrow;
    for (int i = 0; i < n; i++) {
        *r++ = ',';
        r += format_g(r, x[i], f->prec);
    }
    f->nrow = (size_t)(r - f->row);
}

/* binary: an Index (int32), a Real (double or float), values (native byte order, recorded
 * in the file's first 16 bytes) appended to the row */
static void bin_index(cd_solfile *f, int i)
{
    int32_t v = (int32_t)i;
    memcpy(f->row + f->nrow, &v, 4);
    f->nrow += 4;
}

static void bin_values(cd_solfile *f, const double *x, int n)
{
    if (f->rsize == 8) {
        memcpy(f->row + f->nrow, x, 8 * (size_t)n);
        f->nrow += 8 * (size_t)n;
        return;
    }
    for (int i = 0; i < n; i++, f->nrow += 4) {
        float v = (float)x[i];
        memcpy(f->row + f->nrow, &v, 4);
    }
}

/* binary row: the number of values (with the time), the time, the values */
static void put_row_binary(cd_solfile *f, const cd_state *st)
{
    f->nrow = 0;
    bin_index(f, 1 + st->n2 * (1 + f->vel + f->acc) + st->n1 * (1 + f->vel1) +
                 (f->ae ? st->nae : 0) + (f->data ? st->nd : 0));
    bin_values(f, &st->t, 1);
    bin_values(f, st->q, st->n2);
    if (f->vel) bin_values(f, st->v, st->n2);
    if (f->acc) bin_values(f, st->a, st->n2);
    bin_values(f, st->y, st->n1);
    if (f->vel1) bin_values(f, st->yd, st->n1);
    if (f->ae) bin_values(f, st->lam, st->nae);
    if (f->data) bin_values(f, st->data, st->nd);
    if (fwrite(f->row, 1, f->nrow, f->f) != f->nrow) f->failed = 1;
}

/* binary: a string (its length as an Index, then its bytes) and an Index array (length, then
 * the values), written directly */
static void bin_string(cd_solfile *f, const char *str)
{
    int32_t n = (int32_t)strlen(str);
    if (fwrite(&n, 4, 1, f->f) != 1 || fwrite(str, 1, (size_t)n, f->f) != (size_t)n)
        f->failed = 1;
}

static void bin_indices(cd_solfile *f, const int *v, int n)
{
    int32_t w[8];
    w[0] = n;
    for (int i = 0; i < n && i < 7; i++) w[1 + i] = v[i];
    if (fwrite(w, 4, (size_t)n + 1, f->f) != (size_t)n + 1) f->failed = 1;
}

/* the row of st: formatted into f->row, then written at once */
static void put_row(cd_solfile *f, const cd_state *st)
{
    if (f->binary) {
        put_row_binary(f, st);
        return;
    }
    f->nrow = (size_t)format_g(f->row, st->t, f->prec);
    put_values(f, st->q, st->n2);
    if (f->vel) put_values(f, st->v, st->n2);
    if (f->acc) put_values(f, st->a, st->n2);
    put_values(f, st->y, st->n1);
    if (f->vel1) put_values(f, st->yd, st->n1);
    if (f->ae) put_values(f, st->lam, st->nae);
    if (f->data) put_values(f, st->data, st->nd);
    f->row[f->nrow++] = '\n';
    if (fwrite(f->row, 1, f->nrow, f->f) != f->nrow) f->failed = 1;
}

void cd_date_time(char *buf, size_t n)
{
    time_t now = time(NULL);
    struct tm tmv;
    buf[0] = 0;
#ifdef _WIN32
    if (localtime_s(&tmv, &now) == 0) strftime(buf, n, "%Y-%m-%d,%H:%M:%S", &tmv);
#else
    if (localtime_r(&now, &tmv)) strftime(buf, n, "%Y-%m-%d,%H:%M:%S", &tmv);
#endif
}

int cd_write_footer(FILE *f, const cd_stats *stats)
{
    char date[64];
    cd_date_time(date, sizeof date);
    return fprintf(f, "#simulation finished=%s\n#Solver Info: cpuTime=%g,stepReductionFailed(or "
                   "step failed)=%ld,discontinuousIterationSuccessful=1,newtonSolutionDiverged=0,"
                   "massMatrixNotInvertible=0,total time steps=%ld,total Newton iterations=%ld,"
                   "total Newton jacobians=%ld\n", date, stats->cpu_seconds, stats->rejected,
                   stats->steps, stats->newton, stats->jacobians);
}

/* the binary header: 16 bytes ("EXUBIN\n", the sizes of Index, Real and a pointer, big-endian
 * flag, 5 zero bytes), then version, mode, solver, date, the system's and the written
 * coordinates' counts, their total, the planned steps, the (empty) solution information and
 * "EndOfHeader" */
static void put_header_binary(cd_solfile *f, const char *date, const int *sys, const int *cols,
                              int tot, int steps)
{
    const uint16_t one = 1;
    unsigned char head[16] = {'E', 'X', 'U', 'B', 'I', 'N', '\n', 4, (unsigned char)f->rsize,
                              (unsigned char)sizeof(void *), *(const unsigned char *)&one ? 0 : 1};
    int32_t w[2] = {tot, steps};
    if (fwrite(head, 1, 16, f->f) != 16) f->failed = 1;
    bin_string(f, "coordyn (Exudyn 1.13 format)");
    bin_string(f, "Mode0000");
    bin_string(f, f->statik ? "Exudyn nonlinear static solver static solver solution file"
                            : "Exudyn implicit second order time integration solver solution file");
    bin_string(f, date);
    bin_indices(f, sys, 4);
    bin_indices(f, cols, 7);
    if (fwrite(w, 4, 2, f->f) != 2) f->failed = 1;
    bin_string(f, "");
    bin_string(f, "EndOfHeader");
}

static void put_header(cd_solfile *f, const cd_settings *set, const cd_state *st)
{
    char date[64];
    int n2 = st->n2, n1 = st->n1, nv2 = f->vel ? n2 : 0, na2 = f->acc ? n2 : 0;
    int nv1 = f->statik || !set->exportVelocities ? 0 : n1;  /* Exudyn's header count */
    int nae = f->ae ? st->nae : 0, nd = f->data ? st->nd : 0;
    cd_date_time(date, sizeof date);
    if (f->binary) {
        int sys[4] = {n2, n1, st->nae, st->nd}, cols[7] = {n2, nv2, na2, n1, nv1, nae, nd};
        int tot = n2 + nv2 + na2 + n1 + nv1 + nae + nd;
        int steps = f->statik ? set->numberOfLoadSteps : set->numberOfSteps;
        put_header_binary(f, date, sys, cols, tot, steps);
        return;
    }
    fprintf(f->f, "#Exudyn %s %ssolver solution file\n#simulation started=%s\n#columns contain: "
            "time", f->statik ? "nonlinear static solver" :
            "implicit second order time integration", f->statik ? "static " : "", date);
    if (n2) fputs(", ODE2 displacements", f->f);
    if (n2 && f->vel) fputs(", ODE2 velocities", f->f);
    if (n2 && f->acc) fputs(", ODE2 accelerations", f->f);
    if (n1) fputs(", ODE1 coordinates", f->f);
    if (nv1) fputs(", ODE1 velocities", f->f);
    if (nae) fputs(", AE coordinates", f->f);
    if (nd) fputs(", Data coordinates", f->f);
    fprintf(f->f, "\n#number of system coordinates [nODE2, nODE1, nAlgebraic, nData] = "
            "[%d,%d,%d,%d]\n", n2, n1, st->nae, st->nd);
    fprintf(f->f, "#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, "
            "nAlgebraic, nData] = [%d,%d,%d,%d,%d,%d,%d]\n", n2, nv2, na2, n1, nv1, nae, nd);
    fprintf(f->f, "#total columns exported  (excl. time) = %d\n",
            n2 + nv2 + na2 + n1 + nv1 + nae + nd);
    if (f->statik)
        fprintf(f->f, "#number of load steps (planned) = %d\n", set->numberOfLoadSteps);
    else
        fprintf(f->f, "#number of time steps (planned) = %d\n", set->numberOfSteps);
    fputs("#Exudyn version = coordyn (Exudyn 1.13 solution file format)\n#\n", f->f);
}

/* the error of a file that cannot be opened or written */
static int io_error(cd_error *err, const char *what, const char *name, int e)
{
    return cd_error_set(err, CD_ERR_IO, "solutionSettings.coordinatesSolutionFileName: cannot "
                        "%s '%s': %s", what, name, e ? strerror(e) : "write error");
}

/* free f and what it holds, the file closed (no footer); accepts NULL, returns NULL */
static cd_solfile *solfile_free(cd_solfile *f)
{
    if (!f) return NULL;
    if (f->f) fclose(f->f);
    free(f->buf);
    free(f->row);
    free(f->name);
    free(f);
    return NULL;
}

cd_solfile *cd_solfile_open(const cd_settings *set, const char *name, int statik,
                            const cd_state *st, cd_error *err)
{
    cd_solfile *f = calloc(1, sizeof *f);
    size_t len = strlen(name);
    if (f) f->name = malloc(len + 1);
    size_t nval = 1 + 3 * (size_t)st->n2 + 2 * (size_t)st->n1 + (size_t)st->nae + (size_t)st->nd;
    if (f && f->name) f->buf = malloc(CD_SOLFILE_BUF);
    if (f && f->buf) f->row = malloc(32 * nval + 2);
    if (!f || !f->name || !f->buf || !f->row) {
        cd_error_set(err, CD_ERR_NOMEM, "out of memory opening the solution file '%s'", name);
        return solfile_free(f);
    }
    memcpy(f->name, name, len + 1);
    errno = 0;
    /* binary: always a new file (as Exudyn: its reader expects one header) */
    f->f = fopen(name, set->binarySolutionFile ? "wb" : set->appendToFile ? "a" : "w");
    if (!f->f) {
        io_error(err, "open for writing", name, errno);
        return solfile_free(f);
    }
    setvbuf(f->f, f->buf, _IOFBF, CD_SOLFILE_BUF);
    f->statik = statik;
    f->vel = !statik && set->exportVelocities;
    f->acc = !statik && set->exportAccelerations;
    f->vel1 = !statik && set->exportODE1Velocities;
    f->ae = set->exportAlgebraicCoordinates;
    f->data = set->exportDataCoordinates;
    f->prec = set->outputPrecision < 17 ? set->outputPrecision : 17;  /* 17 digits: exact */
    f->footer = set->writeFileFooter;
    f->binary = set->binarySolutionFile;
    f->rsize = set->outputPrecision >= 8 ? 8 : 4;
    f->period = set->solutionWritePeriod;
    f->next = st->t;
    if (set->writeFileHeader) put_header(f, set, st);
    if (set->writeInitialValues) put_row(f, st);
    f->next = st->t + f->period;
    if (ferror(f->f)) f->failed = 1;
    return f;
}

int cd_solfile_step(cd_solfile *f, const cd_state *st, cd_error *err)
{
    if (!cd_solfile_due(f, st->t)) return CD_OK;
    f->next += f->period;
    if (f->next < st->t) f->next = st->t;  /* never behind the time (large steps) */
    put_row(f, st);
    if (f->failed) return io_error(err, "write", f->name, errno);
    return CD_OK;
}

int cd_solfile_due(const cd_solfile *f, double t)
{
    return f && t - f->next >= -1e-10;
}

int cd_solfile_close(cd_solfile *f, const cd_stats *stats, cd_error *err)
{
    if (!f) return CD_OK;
    if (stats && f->footer && f->binary) {  /* -1, the date, the statistics, "EXUEND" */
        char date[64];
        int32_t end = -1;
        int info[7] = {(int)stats->rejected, 1, 0, 0, (int)stats->steps, (int)stats->newton,
                       (int)stats->jacobians};
        cd_date_time(date, sizeof date);
        if (fwrite(&end, 4, 1, f->f) != 1) f->failed = 1;
        bin_string(f, "simulation finished=");
        bin_string(f, date);
        bin_indices(f, info, 7);
        bin_string(f, "EXUEND");
    } else if (stats && f->footer) {
        if (cd_write_footer(f->f, stats) < 0) f->failed = 1;
    }
    if (ferror(f->f)) f->failed = 1;
    errno = 0;
    if (fclose(f->f)) f->failed = 1;
    f->f = NULL;
    int rc = f->failed ? io_error(err, "write", f->name, errno) : CD_OK;
    solfile_free(f);
    return rc;
}
