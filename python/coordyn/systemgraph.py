"""mbs.DrawSystemGraph: the items of a system and how they refer to each other, as a networkx
graph drawn with matplotlib (Exudyn's MainSystem.DrawSystemGraph, with its arguments).

Graph nodes are the system's nodes, markers, objects, loads and sensors; an edge joins two
items when one names the other: an object its nodes (and, for connectors, joints and contacts,
its markers), a marker its body, object or node, a load its marker (or node), a sensor the item
it reads. Labels are "Node0", "Object3", ... (Exudyn's), the item names (useItemNames) or the
type names (useItemTypes).
"""
from __future__ import annotations

#: colours per kind of item (objects split into connectors, joints and contacts)
KIND_COLORS = {"Node": "red", "Object": "skyblue", "Oconnector": "dodgerblue",
               "Ojoint": "dodgerblue", "Ocontact": "dodgerblue", "Marker": "orange",
               "Load": "mediumorchid", "Sensor": "forestgreen"}
_KIND_LEGEND = {"Node": "nodes", "Object": "bodies and other objects",
                "Oconnector": "connectors, joints, contacts", "Marker": "markers",
                "Load": "loads", "Sensor": "sensors"}
#: dictionary keys that name another item: key -> kind of the item it names
_REFERENCES = {"nodeNumber": "Node", "nodeNumbers": "Node", "markerNumber": "Marker",
               "markerNumbers": "Marker", "bodyNumber": "Object", "bodyNumbers": "Object",
               "objectNumber": "Object", "objectNumbers": "Object", "loadNumber": "Load",
               "sensorNumber": "Sensor", "sensorNumbers": "Sensor"}
_TYPE_KEY = {"Node": "nodeType", "Object": "objectType", "Marker": "markerType",
             "Load": "loadType", "Sensor": "sensorType"}


def _object_kind(object_type):
    for word, kind in (("Connector", "Oconnector"), ("Contact", "Ocontact"),
                       ("Joint", "Ojoint")):
        if word in object_type:
            return kind
    return "Object"


def _refs(item):
    """[(kind, number)] of the items an item dictionary names"""
    out = []
    for key, kind in _REFERENCES.items():
        if key not in item:
            continue
        value = item[key]
        numbers = value if isinstance(value, (list, tuple)) else [value]
        for v in numbers:
            try:
                n = int(v)
            except (TypeError, ValueError):
                continue
            if n >= 0:
                out.append((kind, n))
    return out


def system_graph_items(mbs, showLoads=True, showSensors=True):
    """[(kind, number, item dict)] and [((kind, number), (kind, number))] edges: the data of the
    graph, without networkx"""
    getters = [("Node", mbs.GetNode, mbs.systemData.NumberOfNodes()),
               ("Marker", mbs.GetMarker, mbs.systemData.NumberOfMarkers()),
               ("Object", mbs.GetObject, mbs.systemData.NumberOfObjects())]
    if showLoads:
        getters.append(("Load", mbs.GetLoad, mbs.systemData.NumberOfLoads()))
    if showSensors:
        getters.append(("Sensor", mbs.GetSensor, mbs.systemData.NumberOfSensors()))
    items, edges = [], []
    present = set()
    for kind, get, count in getters:
        for i in range(count):
            items.append((kind, i, get(i)))
            present.add((kind, i))
    for kind, i, item in items:
        for ref in _refs(item):
            if ref in present and ref != (kind, i):
                edges.append(((kind, i), ref))
    return items, edges


def DrawSystemGraph(mbs, showLoads=True, showSensors=True, useItemNames=False,
                    useItemTypes=False, addItemTypeNames=True, multiLine=True,
                    fontSizeFactor=1., layoutDistanceFactor=3., layoutIterations=100,
                    showLegend=True, tightLayout=True, showGraph=True, addItemData=False,
                    addAnnotations=False) -> list:
    """Draws the system graph with matplotlib (showGraph) and returns [networkx, G, labels]:
    the networkx module, the graph and the label artists of the drawing (None without
    drawing). Graph node names are the labels; with addItemData each graph node has 'type',
    'basicType', 'ID' and 'name', with addAnnotations the item's parameters ('annotations').
    The layout is networkx's spring layout (random: it differs between calls)."""
    try:
        import networkx as nx
    except ImportError as e:
        raise ImportError("DrawSystemGraph needs networkx (and matplotlib to draw): "
                          "pip install networkx matplotlib") from e
    items, edges = system_graph_items(mbs, showLoads, showSensors)
    brk = "-\n" if (multiLine and showGraph) else ""
    labels = {}
    for kind, i, item in items:
        shown = _object_kind(item.get("objectType", "")) if kind == "Object" else kind
        if useItemNames:
            label = str(item.get("name") or kind.lower() + str(i))   # Exudyn's default names
        elif useItemTypes:
            label = str(item.get(_TYPE_KEY[kind], "")) + str(i)
            if addItemTypeNames:
                label = kind + brk + label
        else:
            label = shown + str(i)
        labels[(kind, i)] = label
    if len(set(labels.values())) != len(labels):
        seen = {}
        for key, label in labels.items():
            seen.setdefault(label, []).append(key)
        twice = [f"'{lab}' ({', '.join(f'{k} {n}' for k, n in keys)})"
                 for lab, keys in seen.items() if len(keys) > 1]
        raise ValueError("DrawSystemGraph: items share a label, so the graph would merge them: "
                         + "; ".join(twice) + " (use useItemNames=False or unique names)")
    G = nx.Graph()
    colors = []
    for kind, i, item in items:
        label = labels[(kind, i)]
        G.add_node(label)
        colorkind = _object_kind(item.get("objectType", "")) if kind == "Object" else kind
        colors.append(KIND_COLORS[colorkind])
        if addItemData:
            G.nodes[label].update({"type": kind + str(item.get(_TYPE_KEY[kind], "")),
                                   "basicType": kind, "ID": i, "name": item.get("name", "")})
        if addAnnotations:
            G.nodes[label]["annotations"] = {
                k: v for k, v in item.items()
                if not (k.startswith("V") or k == "name" or k in _REFERENCES
                        or k == _TYPE_KEY[kind])}
    for a, b in edges:
        G.add_edge(labels[a], labels[b])
    if not showGraph:
        return [nx, G, None]
    try:
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise ImportError("DrawSystemGraph needs matplotlib to draw (or showGraph=False): "
                          "pip install matplotlib") from e
    n = max(G.number_of_nodes(), 1)
    pos = nx.spring_layout(G, k=layoutDistanceFactor / n ** 0.5, iterations=layoutIterations)
    plt.figure("system graph")
    plt.clf()
    nx.draw_networkx_nodes(G, pos, node_color=colors, node_size=300 * fontSizeFactor)
    nx.draw_networkx_edges(G, pos)
    drawn = nx.draw_networkx_labels(G, pos, font_size=10 * fontSizeFactor)
    if showLegend:
        from matplotlib.lines import Line2D
        kinds = [k for k in _KIND_LEGEND if KIND_COLORS[k] in colors]
        plt.legend(handles=[Line2D([0], [0], marker="o", color="w", label=_KIND_LEGEND[k],
                                   markerfacecolor=KIND_COLORS[k], markersize=10)
                            for k in kinds])
    plt.axis("off")
    if tightLayout:
        plt.tight_layout()
    return [nx, G, drawn]
