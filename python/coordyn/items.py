"""Item classes (nodes, objects, markers, loads, sensors) with Exudyn's names.

The classes are generated from the engine's item type tables (``coordyn._core.item_types()``),
which are the single source of truth for parameter names, defaults, units and documentation:
the C parser, these classes and the item reference in the docs all read the same table.

Example::

    from coordyn.items import NodePoint, MassPoint
    n = mbs.AddNode(NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(MassPoint(mass=2.0, nodeNumber=n))
"""
from __future__ import annotations

import copy
import enum

from . import _core
from . import beamsection as _beamsection

__all__ = ["OutputVariableType", "ConfigurationType", "ItemBase", "ITEM_TYPES", "item_class"]

#: kind name -> the key naming the type in a plain dict (Exudyn's convention)
TYPE_KEYS = _core.kind_keys()

OutputVariableType = enum.IntEnum(
    "OutputVariableType", {"_None": 0, **_core.outvar_names()}, module=__name__)
OutputVariableType.__doc__ = "Output variables of nodes, objects, markers and sensors."
# str() and f-strings give 'OutputVariableType.Position' as Exudyn's enum does (exudyn.plot
# makes its labels from str(); an IntEnum would give the number)
OutputVariableType.__str__ = enum.Enum.__str__
OutputVariableType.__format__ = lambda self, spec: format(str(self), spec)


class ConfigurationType(enum.IntEnum):
    """Which coordinates an output or coordinate access refers to: Current (the solver's
    state), Initial (where a solve starts), Reference (the items' reference coordinates),
    StartOfStep (during a solve the state at the start of the current step; after it
    the start of the last step) and Visualization (in coordyn the Current configuration: the viewer draws the
    current state)."""
    Current = 0
    Initial = 1
    Reference = 2
    StartOfStep = 3
    Visualization = 4


# str() and f-strings as Exudyn's enum: 'ConfigurationType.Current'
ConfigurationType.__str__ = enum.Enum.__str__
ConfigurationType.__format__ = lambda self, spec: format(str(self), spec)


def _parse_default(field):
    """The Python default of a field from its textual default in the C table."""
    text, kind = field["default"], field["type"]
    if kind == "function":
        return 0
    if kind == "str":
        return text
    if kind == "bool":
        return text.strip() not in ("", "0")
    if kind in ("index", "outputvariable"):
        return -1 if kind == "index" else OutputVariableType._None
    if kind == "indexlist":   # a list of any length may give its default ("-1 -1")
        if text.strip():
            return [int(float(x)) for x in text.split()]
        return [-1] * field["size"] if field["size"] else []
    if kind == "int":
        return int(float(text)) if text.strip() else -1
    numbers = [float(x) for x in text.split()]
    if kind == "float":
        return numbers[0] if numbers else 0.0
    if kind == "matrix":
        if not numbers:
            return None
        rows = field["size"] or 1
        cols = len(numbers) // rows
        return [numbers[r * cols:(r + 1) * cols] for r in range(rows)]
    return numbers


class ItemBase:
    """Common behaviour of all item classes: keyword construction with validation of the
    parameter names, attribute access, ``dict(item)`` and a readable repr."""

    _kind = ""
    _typename = ""
    _fields: list = []
    _aliases: dict = {}

    def __init__(self, *args, **kwargs):
        names = [f["name"] for f in self._fields if not f["alias_of"]]
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__} takes at most {len(names)} positional "
                            f"arguments ({len(args)} given)")
        given = dict(zip(names, args))
        for key in kwargs:
            if key in given:
                raise TypeError(f"{type(self).__name__}: parameter '{key}' given twice")
        given.update(kwargs)
        # Exudyn's visualization parameters (VObjectGround(graphicsData=[...]), ...): kept
        # with the item for a viewer, the engine never sees them
        object.__setattr__(self, "_visualization", given.pop("visualization", None))
        valid = {f["name"] for f in self._fields}
        if self._has_section():
            valid.add("sectionData")
        for key in given:
            if key not in valid:
                import difflib
                close = difflib.get_close_matches(key, sorted(valid), n=1)
                hint = f"; did you mean '{close[0]}'?" if close else ""
                raise TypeError(f"{type(self).__name__}: unknown parameter '{key}'{hint} "
                                f"(valid: {', '.join(names)})")
        for f in self._fields:
            if not f["alias_of"]:
                object.__setattr__(self, f["name"], _parse_default(f))
        object.__setattr__(self, "_given", set())
        object.__setattr__(self, "_deprecated", [])
        # the deprecated aliases last: given together with their parameter they win (Exudyn)
        for key, value in sorted(given.items(), key=lambda kv: kv[0] in self._aliases):
            if key in self._aliases:
                self._deprecated.append(key)
                if value is None:  # None is no value: not a silent default (mass 0, say)
                    target = self._aliases[key]
                    ftype = next(f["type"] for f in self._fields if f["name"] == target)
                    if ftype in ("matrix", "function"):
                        continue
                    raise TypeError(f"{type(self).__name__}: parameter '{key}' (the name of "
                                    f"'{target}') must be "
                                    f"{'a number' if ftype == 'float' else 'a list of numbers'}"
                                    f", got None")
                key = self._aliases[key]
            setattr(self, key, value)

    def __setattr__(self, key, value):
        if key == "sectionData" and self._has_section():
            # Exudyn's BeamSection structure: stored in the flat section* parameters
            for k, v in _beamsection.expand_section(value, type(self).__name__).items():
                setattr(self, k, v)
            return
        if key in self._aliases:
            key = self._aliases[key]
        if key not in {f["name"] for f in self._fields}:
            raise AttributeError(f"{type(self).__name__} has no parameter '{key}'")
        object.__setattr__(self, key, value)
        self._given.add(key)

    @classmethod
    def _has_section(cls):
        return any(f["name"] == "sectionStiffnessMatrix" for f in cls._fields)

    def __getattr__(self, key):
        if key == "sectionData" and self._has_section():
            return _beamsection.collect_section({k: getattr(self, k)
                                                 for k in _beamsection.FLAT.values()})
        raise AttributeError(f"{type(self).__name__} has no parameter '{key}'")

    def parameters(self):
        """The parameters given explicitly (the engine fills in the defaults)."""
        return {k: getattr(self, k) for k in self._given}

    def __iter__(self):
        yield TYPE_KEYS[self._kind], self._typename
        flat = set(_beamsection.FLAT.values()) if self._has_section() else set()
        for f in self._fields:
            if not f["alias_of"] and f["name"] not in flat:
                yield f["name"], getattr(self, f["name"])
        if flat:
            yield "sectionData", self.sectionData

    def __repr__(self):
        body = ", ".join(f"{k}={getattr(self, k)!r}" for k in sorted(self._given))
        return f"{type(self).__name__}({body})"


def _docstring(t):
    lines = [t["doc"], "", "Args:"]
    for f in t["fields"]:
        unit = f" [{f['unit']}]" if f["unit"] else ""
        default = f" (default: {f['default']})" if f["default"] else ""
        lines.append(f"    {f['name']} ({f['type']}){unit}: {f['doc']}{default}")
    if t["outputVariables"]:
        lines += ["", "Output variables: " + ", ".join(t["outputVariables"])]
    return "\n".join(lines)


def _make_class(t):
    aliases = {f["name"]: f["alias_of"] for f in t["fields"] if f["alias_of"]}
    attrs = {"_kind": t["kind"], "_typename": t["typename"], "_fields": t["fields"],
             "_aliases": aliases, "__doc__": _docstring(t), "__module__": __name__,
             "__slots__": ()}
    return type(t["name"], (ItemBase,), attrs)


ITEM_TYPES = _core.item_types()
_classes = {}
for _t in ITEM_TYPES:
    _cls = _make_class(_t)
    _classes[_t["name"]] = _cls
    globals()[_t["name"]] = _cls
    __all__.append(_t["name"])
    if _t["alias"]:
        globals()[_t["alias"]] = _cls
        __all__.append(_t["alias"])
    # Exudyn also names objects without the "Object" prefix (MassPoint = ObjectMassPoint)
    if _t["kind"] == "object" and _t["name"].startswith("Object"):
        short = _t["name"][len("Object"):]
        if short not in globals():
            globals()[short] = _cls
            __all__.append(short)


class VisualizationBase:
    """Visualization parameters of an item, Exudyn's V* classes (VObjectGround(show=True,
    graphicsData=[...]), VMassPoint(...)): keyword arguments kept as attributes; show is True
    unless given. MainSystem keeps them with the item (GetObject(i)['VgraphicsData'])."""

    def __init__(self, **kwargs):
        self.show = True
        for key, value in kwargs.items():
            setattr(self, key, value)

    def __iter__(self):
        yield from vars(self).items()

    def __repr__(self):
        body = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({body})"


#: V* classes with Exudyn's own parameter list and defaults (others accept any keyword)
_V_PARAMETERS = {
    "ObjectKinematicTree": dict(show=True, showLinks=True, showJoints=True,
                                color=[-1.0, -1.0, -1.0, -1.0], graphicsDataList=[]),
}


def _strict_visualization(name, defaults):
    """a V* class with Exudyn's parameters and defaults; an unknown keyword raises TypeError"""
    def __init__(self, **kwargs):
        for key in kwargs:
            if key not in defaults:
                raise TypeError(f"V{name}: unknown parameter '{key}' (Exudyn's parameters: "
                                f"{', '.join(defaults)})")
        for key, value in defaults.items():
            setattr(self, key, copy.copy(kwargs.get(key, value)))
    return type("V" + name, (VisualizationBase,),
                {"__module__": __name__, "__init__": __init__,
                 "__doc__": f"Visualization parameters of {name} (Exudyn's: "
                            f"{', '.join(f'{k}={v!r}' for k, v in defaults.items())})."})


for _name, _defaults in _V_PARAMETERS.items():
    globals()["V" + _name] = _strict_visualization(_name, _defaults)
    __all__.append("V" + _name)
    _short = _name[len("Object"):]
    if globals().get(_short) is _classes[_name]:
        globals()["V" + _short] = globals()["V" + _name]
        __all__.append("V" + _short)

for _name in list(_classes) + [a for a in __all__ if globals().get(a) in _classes.values()]:
    if "V" + _name not in globals():
        globals()["V" + _name] = type("V" + _name, (VisualizationBase,),
                                      {"__module__": __name__,
                                       "__doc__": f"Visualization parameters of {_name}."})
        __all__.append("V" + _name)


def item_class(name):
    """The item class of a full type name ('ObjectMassPoint')."""
    return _classes[name]
