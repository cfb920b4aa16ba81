"""BeamSection: the section data of a beam, as Exudyn's ``exudyn.BeamSection``.

Attributes (numpy arrays, zero by default, as in Exudyn 1.13):

- ``stiffnessMatrix`` (6x6): section stiffness on the strains [axial, shear y, shear z,
  torsion, bending y, bending z], e.g. ``diag([EA, GA ky, GA kz, GJ, EIyy, EIzz])``;
- ``dampingMatrix`` (6x6): section damping on the strain rates;
- ``inertia`` (3x3): section inertia per length (rho J) [kg m];
- ``massPerLength``: rho A [kg/m].

An item that takes ``sectionData=BeamSection(...)`` (ObjectBeamGeometricallyExact) stores it
in its flat parameters ``sectionStiffnessMatrix``, ``sectionDampingMatrix``,
``sectionInertia`` and ``sectionMassPerLength`` (see :func:`expand_section`)."""
import numpy as np

__all__ = ["BeamSection", "BeamSectionGeometry"]

_SHAPES = {"stiffnessMatrix": (6, 6), "dampingMatrix": (6, 6), "inertia": (3, 3)}
#: BeamSection attribute -> the flat parameter of the items that take sectionData
FLAT = {"stiffnessMatrix": "sectionStiffnessMatrix", "dampingMatrix": "sectionDampingMatrix",
        "inertia": "sectionInertia", "massPerLength": "sectionMassPerLength"}


class BeamSection:
    """Section data of a beam: stiffnessMatrix (6x6), dampingMatrix (6x6), inertia (3x3),
    massPerLength; as exudyn.BeamSection()."""

    __slots__ = ("_stiffnessMatrix", "_dampingMatrix", "_inertia", "_massPerLength")

    def __init__(self, stiffnessMatrix=None, dampingMatrix=None, inertia=None,
                 massPerLength=0.0):
        self.stiffnessMatrix = np.zeros((6, 6)) if stiffnessMatrix is None else stiffnessMatrix
        self.dampingMatrix = np.zeros((6, 6)) if dampingMatrix is None else dampingMatrix
        self.inertia = np.zeros((3, 3)) if inertia is None else inertia
        self.massPerLength = massPerLength

    @staticmethod
    def _matrix(name, value):
        try:
            m = np.array(value, dtype=float)
        except (TypeError, ValueError):
            raise TypeError(f"BeamSection.{name} must be a {_SHAPES[name][0]}x"
                            f"{_SHAPES[name][1]} matrix of numbers, got {value!r}") from None
        if m.shape != _SHAPES[name]:
            raise ValueError(f"BeamSection.{name} must be a {_SHAPES[name][0]}x"
                             f"{_SHAPES[name][1]} matrix, got shape {m.shape}")
        if not np.all(np.isfinite(m)):
            raise ValueError(f"BeamSection.{name} must be finite")
        return m

    stiffnessMatrix = property(lambda self: self._stiffnessMatrix,
                               lambda self, v: object.__setattr__(
                                   self, "_stiffnessMatrix",
                                   BeamSection._matrix("stiffnessMatrix", v)),
                               doc="6x6 section stiffness")
    dampingMatrix = property(lambda self: self._dampingMatrix,
                             lambda self, v: object.__setattr__(
                                 self, "_dampingMatrix", BeamSection._matrix("dampingMatrix", v)),
                             doc="6x6 section damping")
    inertia = property(lambda self: self._inertia,
                       lambda self, v: object.__setattr__(
                           self, "_inertia", BeamSection._matrix("inertia", v)),
                       doc="3x3 section inertia per length [kg m]")

    @property
    def massPerLength(self):
        """mass per length rho A [kg/m]"""
        return self._massPerLength

    @massPerLength.setter
    def massPerLength(self, v):
        try:
            x = float(v)
        except (TypeError, ValueError):
            raise TypeError(f"BeamSection.massPerLength must be a number, got {v!r}") from None
        if not np.isfinite(x):
            raise ValueError("BeamSection.massPerLength must be finite")
        self._massPerLength = x

    def GetDictionary(self):
        """the attributes as a dict (lists), as Exudyn's BeamSection.GetDictionary()"""
        return {"dampingMatrix": self.dampingMatrix.tolist(), "inertia": self.inertia.tolist(),
                "massPerLength": self.massPerLength,
                "stiffnessMatrix": self.stiffnessMatrix.tolist()}

    def SetDictionary(self, d):
        """set the attributes from a dict as GetDictionary returns"""
        unknown = set(d) - set(FLAT)
        if unknown:
            raise KeyError(f"BeamSection.SetDictionary: unknown keys {sorted(unknown)} "
                           f"(valid: {sorted(FLAT)})")
        for k, v in d.items():
            setattr(self, k, v)

    def __repr__(self):
        return (f"BeamSection(stiffnessMatrix={self.stiffnessMatrix.tolist()}, "
                f"dampingMatrix={self.dampingMatrix.tolist()}, inertia={self.inertia.tolist()}, "
                f"massPerLength={self.massPerLength})")

    def __eq__(self, other):
        return isinstance(other, BeamSection) and all(
            np.array_equal(getattr(self, k), getattr(other, k)) for k in FLAT)

    __hash__ = None


def as_section(value, where):
    """a BeamSection from a BeamSection, anything with its four attributes (exudyn's
    BeamSection) or a dict as GetDictionary returns; TypeError naming where otherwise"""
    if isinstance(value, BeamSection):
        return value
    if isinstance(value, dict):
        s = BeamSection()
        s.SetDictionary(value)
        return s
    if all(hasattr(value, k) for k in FLAT):
        return BeamSection(*(getattr(value, k) for k in
                             ("stiffnessMatrix", "dampingMatrix", "inertia", "massPerLength")))
    raise TypeError(f"{where}: parameter 'sectionData' must be a BeamSection "
                    f"(coordyn.BeamSection()), got {type(value).__name__}")


def expand_section(value, where):
    """the flat parameters {sectionStiffnessMatrix: ..., ...} of a sectionData value"""
    s = as_section(value, where)
    return {FLAT[k]: (getattr(s, k).tolist() if k != "massPerLength" else s.massPerLength)
            for k in FLAT}


def collect_section(params):
    """a BeamSection from the flat parameters in params (a dict)"""
    s = BeamSection()
    for k, f in FLAT.items():
        if f in params and params[f] is not None:
            setattr(s, k, params[f])
    return s


class BeamSectionGeometry:
    """The cross-section geometry a beam is drawn with, as Exudyn's
    ``exudyn.BeamSectionGeometry`` (the items' ``visualization=VBeam3D(sectionGeometry=...)``
    / ``VANCFBeam(...)``; it does not enter the mechanics):

    - ``crossSectionType``: CrossSectionType.Polygon (default) or CrossSectionType.Circular;
    - ``crossSectionRadiusY``, ``crossSectionRadiusZ``: radii of a circular section [m], >= 0;
    - ``polygonalPoints``: a Vector2DList of the section's [Y, Z] points in positive rotation
      sense seen along the beam axis (not closed).
    """

    __slots__ = ("_crossSectionType", "_crossSectionRadiusY", "_crossSectionRadiusZ",
                 "_polygonalPoints")

    def __init__(self):
        from .exudyn._api import CrossSectionType
        from .veclists import Vector2DList
        self._crossSectionType = CrossSectionType.Polygon
        self._crossSectionRadiusY = 0.0
        self._crossSectionRadiusZ = 0.0
        self._polygonalPoints = Vector2DList()

    @property
    def crossSectionType(self):
        """CrossSectionType.Polygon or CrossSectionType.Circular"""
        return self._crossSectionType

    @crossSectionType.setter
    def crossSectionType(self, value):
        from .exudyn._api import CrossSectionType
        name = getattr(value, "name", None)
        if name not in CrossSectionType.__members__:
            raise TypeError(f"BeamSectionGeometry.crossSectionType must be a CrossSectionType "
                            f"(Polygon, Circular), got {value!r}")
        self._crossSectionType = CrossSectionType[name]

    def _radius(self, name, value):
        try:
            x = float(value)
        except (TypeError, ValueError):
            raise TypeError(f"BeamSectionGeometry.{name} must be a number, got "
                            f"{value!r}") from None
        if not (np.isfinite(x) and x >= 0):
            raise ValueError(f"BeamSectionGeometry.{name} must be finite and >= 0, got {x}")
        return x

    crossSectionRadiusY = property(
        lambda self: self._crossSectionRadiusY,
        lambda self, v: object.__setattr__(self, "_crossSectionRadiusY",
                                           self._radius("crossSectionRadiusY", v)),
        doc="Y radius of a circular section [m]")
    crossSectionRadiusZ = property(
        lambda self: self._crossSectionRadiusZ,
        lambda self, v: object.__setattr__(self, "_crossSectionRadiusZ",
                                           self._radius("crossSectionRadiusZ", v)),
        doc="Z radius of a circular section [m]")

    @property
    def polygonalPoints(self):
        """Vector2DList of the [Y, Z] section points"""
        return self._polygonalPoints

    @polygonalPoints.setter
    def polygonalPoints(self, value):
        from .veclists import Vector2DList
        try:
            pts = value if isinstance(value, Vector2DList) else Vector2DList(list(value))
        except (TypeError, ValueError) as err:
            raise ValueError(f"BeamSectionGeometry.polygonalPoints must be a Vector2DList of "
                             f"[Y, Z] points: {err}") from None
        self._polygonalPoints = pts

    def GetDictionary(self):
        """the attributes as a dict"""
        return {"crossSectionType": self.crossSectionType,
                "crossSectionRadiusY": self.crossSectionRadiusY,
                "crossSectionRadiusZ": self.crossSectionRadiusZ,
                "polygonalPoints": [list(map(float, p)) for p in self.polygonalPoints]}

    def SetDictionary(self, d):
        """set the attributes from a dict as GetDictionary returns"""
        names = ("crossSectionType", "crossSectionRadiusY", "crossSectionRadiusZ",
                 "polygonalPoints")
        unknown = set(d) - set(names)
        if unknown:
            raise KeyError(f"BeamSectionGeometry.SetDictionary: unknown keys {sorted(unknown)} "
                           f"(valid: {sorted(names)})")
        for k, v in d.items():
            setattr(self, k, v)

    def __repr__(self):
        return (f"BeamSectionGeometry(crossSectionType={self.crossSectionType.name}, "
                f"crossSectionRadiusY={self.crossSectionRadiusY}, crossSectionRadiusZ="
                f"{self.crossSectionRadiusZ}, polygonalPoints="
                f"{[list(map(float, p)) for p in self.polygonalPoints]})")
