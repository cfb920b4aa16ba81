/* cd_solfile: the coordinates solution file of a solve in Exudyn's text or binary format
 * (private; docs/solution_files.rst).
 *
 * Header (solutionSettings.writeFileHeader), as Exudyn 1.13 writes it:
 *     #Exudyn <solver name> [static ]solver solution file
 *     #simulation started=YYYY-MM-DD,HH:MM:SS
 *     #columns contain: time, ODE2 displacements[, ODE2 velocities, ...]
 *     #number of system coordinates [nODE2, nODE1, nAlgebraic, nData] = [n2,n1,nae,nd]
 *     #number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] = [...]
 *     #total columns exported  (excl. time) = <sum>
 *     #number of time steps (planned) = N          (static: #number of load steps (planned))
 *     #Exudyn version = coordyn (Exudyn 1.13 solution file format)
 *     #
 * then one row per output time: t, q, [q'], [q''], y, [y'], [lambda], [data], comma-separated
 * with outputPrecision significant digits (%.<p>g, as C++ streams print), and the footer
 * (writeFileFooter): "#simulation finished=..." and "#Solver Info: ...". Velocities,
 * accelerations and ODE1 velocities are not written by the static solver.
 *
 * Binary (binarySolutionFile): the same header fields as (length, items) after 16 bytes
 * "EXUBIN\n" + sizes, rows as (number of values, doubles or floats), the end mark -1 and a
 * binary footer, as Exudyn's ExuFile::BinaryWrite writes them. */
#ifndef CD_SOLFILE_H
#define CD_SOLFILE_H

#include "cd_solver.h"

typedef struct cd_solfile cd_solfile;

/* open name (append: solutionSettings.appendToFile, text only), write the header and, with
 * writeInitialValues, the row of st; NULL with err set (CD_ERR_IO naming the file, or
 * CD_ERR_NOMEM) */
cd_solfile *cd_solfile_open(const cd_settings *set, const char *name, int statik,
                            const cd_state *st, cd_error *err);
/* after an accepted step: the row of st if an output time is due (Exudyn's rule: t at least
 * the next output time minus 1e-10; the next one is then max(next + period, t)) */
int cd_solfile_step(cd_solfile *f, const cd_state *st, cd_error *err);
/* an output time is due at time t */
int cd_solfile_due(const cd_solfile *f, double t);
/* "YYYY-MM-DD,HH:MM:SS" local time, as Exudyn's GetDateTimeString (empty if unknown) */
void cd_date_time(char *buf, size_t n);
/* Exudyn's closing lines of solution and sensor files ("#simulation finished=...",
 * "#Solver Info: ..."); fprintf's result */
int cd_write_footer(FILE *f, const cd_stats *stats);

/* the footer (with the statistics; none if stats is NULL), close and free f (accepts NULL):
 * CD_OK, or CD_ERR_IO naming the file if a write or the close failed */
int cd_solfile_close(cd_solfile *f, const cd_stats *stats, cd_error *err);

#endif
