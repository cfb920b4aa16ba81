"""MatrixContainer: Exudyn's dense-or-sparse matrix holder, as SystemJacobianUserFunction returns
it (and as ObjectGenericODE2's massMatrixUserFunction and jacobianUserFunction may)."""
import numpy as np

__all__ = ["MatrixContainer"]


class MatrixContainer:
    """A matrix stored dense (a NumPy array) or sparse (triplets row, column, value; duplicates
    add up), with Exudyn's methods."""

    def __init__(self, matrix=None):
        self._dense = True
        self._shape = (0, 0)
        self._triplets = np.zeros((0, 3))
        self._array = np.zeros((0, 0))
        if matrix is not None and hasattr(matrix, "tocoo"):     # scipy sparse: kept sparse
            self.SetWithSparseMatrix(matrix)
        elif matrix is not None:
            self.SetWithDenseMatrix(matrix, useDenseMatrix=True)

    def Initialize(self, numberOfRows, numberOfColumns, useDenseMatrix=True):
        """An all-zero matrix of the given size, dense or sparse."""
        self._shape = (int(numberOfRows), int(numberOfColumns))
        self._dense = bool(useDenseMatrix)
        self._array = np.zeros(self._shape)
        self._triplets = np.zeros((0, 3))

    def SetWithDenseMatrix(self, pyArray, useDenseMatrix=False, factor=1.0):
        """Set from a 2D array (times factor), stored dense or as triplets of its nonzeros."""
        a = np.array(pyArray, dtype=float, ndmin=2) * factor
        if a.ndim != 2:
            raise ValueError(f"MatrixContainer.SetWithDenseMatrix: expected a 2D array, got "
                             f"shape {a.shape}")
        self._shape = a.shape
        self._dense = bool(useDenseMatrix)
        self._array = a
        r, c = np.nonzero(a)
        self._triplets = np.column_stack([r, c, a[r, c]]).astype(float)

    def SetWithSparseMatrix(self, sparseMatrix, numberOfRows=-1, numberOfColumns=-1,
                            useDenseMatrix=False, factor=1.0):
        """Set from a scipy sparse matrix or from triplets [[row, col, value], ...] (times
        factor); numberOfRows and numberOfColumns give the size (-1: from the matrix or the
        triplets). As in Exudyn, sparse storage keeps triplets as given (a system Jacobian's
        triplets carry global indices whatever the size says); dense storage and
        Convert2DenseMatrix need every triplet inside the size."""
        given = [None if n is None or n < 0 else int(n) for n in (numberOfRows, numberOfColumns)]
        if hasattr(sparseMatrix, "tocoo"):
            m = sparseMatrix.tocoo()
            t = np.column_stack([m.row, m.col, m.data]).astype(float)
            if any(g is not None and g < d for g, d in zip(given, m.shape)):
                raise ValueError(f"MatrixContainer.SetWithSparseMatrix: numberOfRows and "
                                 f"numberOfColumns ({numberOfRows}, {numberOfColumns}) must be -1 "
                                 f"or at least the size {m.shape[0]} x {m.shape[1]} of "
                                 f"sparseMatrix")
            natural = m.shape
        else:
            t = np.array(sparseMatrix, dtype=float).reshape(-1, 3)
            if len(t) and (np.any(t[:, :2] < 0) or np.any(t[:, :2] != np.round(t[:, :2]))):
                raise ValueError("MatrixContainer.SetWithSparseMatrix: row and column indices "
                                 "must be non-negative integers")
            natural = (int(t[:, 0].max()) + 1 if len(t) else 0,
                       int(t[:, 1].max()) + 1 if len(t) else 0)
        shape = tuple(n if g is None else g for g, n in zip(given, natural))
        t = t.copy()
        t[:, 2] *= factor
        self._shape = shape
        self._triplets = t
        self._dense = bool(useDenseMatrix)
        self._array = None
        if self._dense:
            self._array = self._dense_from(t, "SetWithSparseMatrix")

    def _dense_from(self, t, caller):
        """The dense matrix of triplets t (duplicates add up); every triplet inside the size."""
        rows, cols = t[:, 0].astype(int), t[:, 1].astype(int)
        outside = (rows >= self._shape[0]) | (cols >= self._shape[1])
        if np.any(outside):
            r, c = rows[outside][0], cols[outside][0]
            raise ValueError(f"MatrixContainer.{caller}: the entry ({r}, {c}) lies outside the "
                             f"{self._shape[0]} x {self._shape[1]} matrix")
        a = np.zeros(self._shape)
        np.add.at(a, (rows, cols), t[:, 2])
        return a

    def SetWithSparseMatrixCSR(self, numberOfRowsInit, numberOfColumnsInit, pyArrayCSR,
                               useDenseMatrix=False, factor=1.0):
        """Set from triplets (Exudyn's deprecated form of SetWithSparseMatrix)."""
        self.SetWithSparseMatrix(pyArrayCSR, numberOfRowsInit, numberOfColumnsInit,
                                 useDenseMatrix, factor)

    def AddSparseMatrix(self, sparseMatrix, factor=1.0):
        """Add a scipy sparse matrix (times factor) to this one."""
        m = sparseMatrix.tocoo()
        t = np.column_stack([m.row, m.col, m.data * factor]).astype(float)
        if self._dense:
            self._array = self._array + self._dense_from(t, "AddSparseMatrix")
        else:
            self._triplets = np.vstack([self._triplets, t])
            self._array = None

    def SetAllZero(self):
        """All entries zero (the size stays)."""
        self._triplets = np.zeros((0, 3))
        self._array = np.zeros(self._shape) if self._dense else None

    def UseDenseMatrix(self):
        """True if the matrix is stored dense."""
        return self._dense

    def GetTriplets(self):
        """The entries as a k x 3 array [row, column, value] (duplicates add up)."""
        if self._array is not None and self._dense:
            r, c = np.nonzero(self._array)
            return np.column_stack([r, c, self._array[r, c]]).astype(float)
        return self._triplets

    def Convert2DenseMatrix(self):
        """The matrix as a dense NumPy array."""
        if self._dense and self._array is not None:
            return self._array.copy()
        return self._dense_from(self._triplets, "Convert2DenseMatrix")

    def GetPythonObject(self):
        """Dense: the array; sparse: {'numberOfRows', 'numberOfColumns', 'triplets'}."""
        if self._dense:
            return self.Convert2DenseMatrix()
        return {"numberOfRows": self._shape[0], "numberOfColumns": self._shape[1],
                "triplets": self._triplets.copy()}

    def __repr__(self):
        return (f"<MatrixContainer {self._shape[0]} x {self._shape[1]} "
                f"{'dense' if self._dense else 'sparse'}>")
