"""Solution files: coordyn.LoadSolutionFile reads the coordinates solution file of a solve
(solutionSettings.writeSolutionToFile) in Exudyn's text format, written by coordyn or Exudyn."""
from __future__ import annotations

import ast

import numpy as np

_WRITTEN = "#number of written coordinates"


def _columns(fileName, lines):
    """[nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic, nData] from the first header"""
    for line in lines:
        if not line.startswith("#"):
            break
        if line.startswith(_WRITTEN):
            try:
                cols = ast.literal_eval(line.split("=", 1)[1].strip())
            except (ValueError, SyntaxError, IndexError):
                cols = None
            if (not isinstance(cols, list) or len(cols) != 7
                    or not all(isinstance(c, int) and c >= 0 for c in cols)):
                raise ValueError(f"LoadSolutionFile: '{fileName}': corrupted header line "
                                 f"{line.strip()!r}")
            return cols
    raise ValueError(f"LoadSolutionFile: '{fileName}': no header line starting with "
                     f"'{_WRITTEN}' (file empty, not a solution file, or written with "
                     "writeFileHeader = False: use hasHeader=False)")


def _load_binary(fileName, maxRows):
    """Exudyn's binary solution file: 16 bytes (EXUBIN, newline, sizes of Index and Real, pointer
    size, big-endian flag), strings and Index arrays as (length, items), header up to
    'EndOfHeader', then rows (number of values, values) until the Index -1"""
    raw = open(fileName, "rb").read()
    isz, rsz, big = raw[7], raw[8], raw[10]
    if isz not in (4, 8) or rsz not in (4, 8):
        raise ValueError(f"LoadSolutionFile: '{fileName}': invalid binary header (Index size "
                         f"{isz}, Real size {rsz})")
    order = ">" if big else "<"
    itype, rtype = np.dtype(f"{order}i{isz}"), np.dtype(f"{order}f{rsz}")
    pos = 16

    def index():
        nonlocal pos
        if pos + isz > len(raw):
            raise ValueError(f"LoadSolutionFile: '{fileName}': the binary header is cut off")
        v = int(np.frombuffer(raw, itype, 1, pos)[0])
        pos += isz
        return v

    def string():
        nonlocal pos
        n = index()
        pos += n
        return raw[pos - n:pos].decode("utf-8", "replace")

    def indices():
        n = index()
        return [index() for _ in range(n)]

    for _ in range(4):              # version, mode, solver, date
        string()
    indices()                       # system coordinates
    columnsExported = indices()
    index(), index()                # total columns, planned steps
    string()                        # solution information
    if string() != "EndOfHeader":
        raise ValueError(f"LoadSolutionFile: '{fileName}': 'EndOfHeader' not found in the "
                         "binary header")
    nColumns = sum(columnsExported)
    rows = []
    while maxRows is None or maxRows < 0 or len(rows) < maxRows:
        if pos + isz > len(raw):
            break
        n = index()
        if n == -1 or pos + n * rsz > len(raw):
            break
        if n != nColumns + 1:
            raise ValueError(f"LoadSolutionFile: '{fileName}': a binary row has {n} values, "
                             f"the header says {nColumns + 1}")
        rows.append(np.frombuffer(raw, rtype, n, pos))
        pos += n * rsz
    data = np.array(rows, dtype=float).reshape(len(rows), nColumns + 1)
    return {"data": data, "columnsExported": columnsExported, "nColumns": nColumns,
            "nRows": data.shape[0]}


def LoadSolutionFile(fileName, safeMode=False, maxRows=-1, verbose=True, hasHeader=True):
    """Read a coordinates solution file in Exudyn's text format (coordyn's or Exudyn's) into a
    dict as Exudyn's LoadSolutionFile returns it: 'data' (rows x (1 + nColumns): time, then the
    written coordinates), 'columnsExported' ([nODE2, nVel2, nAcc2, nODE1, nVel1, nAlgebraic,
    nData]; [] without a header), 'nColumns' and 'nRows'.

    Lines starting with '#' are skipped (files written with appendToFile hold several headers);
    an incomplete last row (a solve that was stopped) is left out. maxRows >= 0 reads at most
    that many rows. safeMode and verbose are accepted for Exudyn scripts (coordyn prints
    nothing). Binary files (binarySolutionFile, first bytes 'EXUBIN') are read as Exudyn's
    LoadBinarySolutionFile reads them: rows up to the end mark (-1) or an incomplete row."""
    with open(fileName, "rb") as f:
        if f.read(6) == b"EXUBIN":
            return _load_binary(fileName, maxRows)
    with open(fileName) as f:
        lines = f.read().splitlines()
    rows = [ln for ln in lines if ln and not ln.startswith("#")]
    if hasHeader:
        columnsExported = _columns(fileName, lines)
        nColumns = sum(columnsExported)
    else:
        if not rows:
            raise ValueError(f"LoadSolutionFile: '{fileName}': no data rows")
        columnsExported = []
        nColumns = rows[0].count(",")
    if rows and rows[-1].count(",") != nColumns:
        rows = rows[:-1]  # incomplete last row
    if maxRows is not None and maxRows >= 0:
        rows = rows[:maxRows]
    for k, ln in enumerate(rows):
        if ln.count(",") != nColumns:
            raise ValueError(f"LoadSolutionFile: '{fileName}': data row {k} has "
                             f"{ln.count(',') + 1} columns, the header says {nColumns + 1} "
                             "(time and the written coordinates)")
    data = (np.loadtxt(rows, delimiter=",", ndmin=2) if rows
            else np.zeros((0, nColumns + 1)))
    return {"data": data, "columnsExported": columnsExported, "nColumns": nColumns,
            "nRows": data.shape[0]}
