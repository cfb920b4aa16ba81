"""Exudyn's processing under coordyn's name: parameter variation, optimization, sensitivities.

``ParameterVariation``, ``GeneticOptimization``, ``Minimize`` and ``ComputeSensitivities`` take
Exudyn 1.13.6's arguments and return what Exudyn's return. The parameter function receives a
dictionary of parameter values and usually builds, solves and evaluates a coordyn system.

Parallel runs (``useMultiProcessing=True``) use threads, not processes: coordyn's solves release
the GIL, so several solves run at the same time, and the parameter function need not be
picklable. Results are collected in parameter order, so a threaded run gives the same values as
a serial run. With ``useDask=True`` (a local cluster) or ``daskScheduler='tcp://host:port'`` the
parameter sets are evaluated on a Dask cluster instead (needs ``dask[distributed]``).
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .exudyn._notyet import missing_function

__all__ = ["GetVersionPlatformString", "SingleIndex2SubIndices",
           "AddComputationIndexAndFunctionData", "WriteToFile", "ProcessParameterList",
           "ParameterVariation", "GeneticOptimization", "Minimize", "ComputeSensitivities",
           "PlotOptimizationResults2D", "PlotSensitivityResults"]

_MODULE = "coordyn.processing"

PlotOptimizationResults2D = missing_function(
    "PlotOptimizationResults2D", _MODULE, "plotting of optimization results is not in coordyn "
    "yet", "matplotlib on the returned parameterList and valueList")
PlotSensitivityResults = missing_function(
    "PlotSensitivityResults", _MODULE, "plotting of sensitivity results is not in coordyn yet",
    "matplotlib on ComputeSensitivities' valuesSorted and sensitivity")

# keyword arguments of Exudyn's processing functions that coordyn refuses, with the reason
_REFUSED = {
    "useMPI": "MPI parallelization is not in coordyn; use useMultiProcessing=True (threads) "
              "or useDask=True / daskScheduler=...",
    "useDispyWebMonitor": "dispy cluster computation is not in coordyn; use daskScheduler=...",
}


def _check_refused(where, kwargs, clusterHostNames):
    if clusterHostNames:
        raise ValueError(f"{where}: clusterHostNames (dispy clusters) is not supported by "
                         "coordyn; use daskScheduler='tcp://host:port' (Dask) instead")
    for key, value in kwargs.items():
        if key in _REFUSED:
            if value in (False, "", None):
                continue
            raise ValueError(f"{where}: {key}: {_REFUSED[key]}")


def _check_threads(where, numberOfThreads):
    if numberOfThreads is None:
        return os.cpu_count() or 1
    if isinstance(numberOfThreads, bool) or not isinstance(numberOfThreads, (int, np.integer)) \
            or numberOfThreads < 1:
        raise ValueError(f"{where}: numberOfThreads must be a positive integer or None, "
                         f"got {numberOfThreads!r}")
    return int(numberOfThreads)


def GetVersionPlatformString():
    """'coordyn version = ...; Python ...; <system> <release>; <machine>', the version line of
    the results files."""
    import platform
    import sys
    from . import __version__
    u = platform.uname()
    v = sys.version_info
    return (f"coordyn version = {__version__}; Python{v.major}.{v.minor}.{v.micro}; "
            f"{u.system}{u.release}; {u.machine}; {u.processor}")


def WriteToFile(resultsFile, parameters, currentGeneration, values, globalCnt, writeHeader=False,
                fileType='genetic optimization', multiProcessingMode=''):
    """Append one line 'globalIndex, value, parameter values...' per entry of values to
    resultsFile (Exudyn's results-file layout), after a header when writeHeader; returns the
    next globalIndex. An empty resultsFile writes nothing."""
    if not resultsFile:
        return globalCnt
    if writeHeader:
        folder = os.path.dirname(resultsFile)
        if folder:
            os.makedirs(folder, exist_ok=True)
        version = GetVersionPlatformString()
        if multiProcessingMode:
            version += f"(processing={multiProcessingMode})"
        keys = [k for k in parameters if k != "functionData"]
        with open(resultsFile, "w") as f:
            f.write(f"#EXUDYN {fileType} results file:{resultsFile}\n")
            f.write("#results stored columnwise for every parameter and individual\n")
            f.write(f"#{version}\n")
            f.write(f"functionData:{parameters['functionData']}\n" if "functionData" in parameters
                    else "#\n")
            f.write("#columns:\n")
            f.write("#globalIndex,value" + "".join("," + k for k in keys) + ",computationIndex\n")
            f.write("#parameter ranges [format: (begin, end, numberOfVariations) or list, "
                    "parameters separated with \";\"]:\n")
            f.write("#" + ";".join(str(parameters[k]) for k in keys) + "\n")
    with open(resultsFile, "a") as f:
        for ind, value in zip(currentGeneration, values):
            f.write(f"{globalCnt}, {value}" + "".join(f", {v}" for k, v in ind.items()
                                                       if k != "functionData") + "\n")
            globalCnt += 1
    return globalCnt


def SingleIndex2SubIndices(i, subIndexRanges):
    """The sub-indices (row-major, last index fastest) of the flat index i into ranges of the
    sizes subIndexRanges."""
    out = []
    for k in range(len(subIndexRanges)):
        stride = int(np.prod(subIndexRanges[k + 1:], dtype=int)) if k + 1 < len(subIndexRanges) \
            else 1
        out.append(int(i / stride) % subIndexRanges[k])
    return out


def AddComputationIndexAndFunctionData(ind, cnt, addComputationIndex, parameterFunctionData):
    """Add 'computationIndex' (if asked for) and 'functionData' (if not empty) to the parameter
    dictionary ind, in place."""
    if addComputationIndex:
        ind["computationIndex"] = cnt
    if parameterFunctionData:
        ind["functionData"] = parameterFunctionData


def _dask_client(where, daskScheduler):
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:
        raise ImportError(
            f"{where}: useDask=True / daskScheduler needs Dask's distributed scheduler, which "
            "is not installed (pip install 'dask[distributed]'); or use "
            "useMultiProcessing=True (threads)") from exc
    if daskScheduler:
        return Client(daskScheduler)
    return Client(LocalCluster())


def ProcessParameterList(parameterFunction, parameterList, useMultiProcessing,
                         clusterHostNames=[], **kwargs):
    """Evaluate parameterFunction for every parameter dictionary in parameterList.

    Serial by default; threads with useMultiProcessing=True (numberOfThreads of them, default
    the number of CPUs); Dask with useDask=True or daskScheduler='tcp://host:port'. Returns the
    list of values in the order of parameterList.
    """
    where = "ProcessParameterList"
    if not callable(parameterFunction):
        raise TypeError(f"{where}: parameterFunction must be callable, got "
                        f"{type(parameterFunction).__name__}")
    useDask = kwargs.pop("useDask", False)
    daskScheduler = kwargs.pop("daskScheduler", None)
    showProgress = kwargs.pop("showProgress", False)
    numberOfThreads = _check_threads(where, kwargs.pop("numberOfThreads", None))
    parameters = kwargs.pop("parameters", {})
    resultsFile = kwargs.pop("resultsFile", "")
    _check_refused(where, kwargs, clusterHostNames)
    parameterList = list(parameterList)
    n = len(parameterList)
    if useDask or daskScheduler:
        client = _dask_client(where, daskScheduler)
        try:
            futures = client.map(parameterFunction, parameterList, pure=False)
            values = list(client.gather(futures))
        finally:
            client.close()
        WriteToFile(resultsFile, parameters, parameterList, values, 0, writeHeader=True,
                    fileType="parameter variation", multiProcessingMode="dask")
        return values
    if useMultiProcessing and n > 1 and numberOfThreads > 1:
        nt = min(numberOfThreads, n)
        with ThreadPoolExecutor(max_workers=nt) as pool:
            values = list(pool.map(parameterFunction, parameterList))
        if showProgress:
            print(f"{where}: {n} parameter sets done on {nt} threads", flush=True)
        WriteToFile(resultsFile, parameters, parameterList, values, 0, writeHeader=True,
                    fileType="parameter variation", multiProcessingMode=f"threads, {nt}")
        return values
    values = []
    for i, p in enumerate(parameterList):
        values.append(parameterFunction(p))
        WriteToFile(resultsFile, parameters, [p], [values[-1]], i, writeHeader=(i == 0),
                    fileType="parameter variation", multiProcessingMode="serial")
        if showProgress:
            print(f"\rrun {i + 1} / {n}", end="", flush=True)
    if showProgress and n:
        print("", flush=True)
    return values


def _is_int(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


def ParameterVariation(parameterFunction, parameters, useLogSpace=False, debugMode=False,
                       addComputationIndex=False, useMultiProcessing=False, showProgress=True,
                       parameterFunctionData={}, clusterHostNames=[], numberOfThreads=None,
                       resultsFile='', useDask=False, daskScheduler=None, **kwargs):
    """Evaluate parameterFunction(parameterDict) on the full grid of the given parameters.

    Args:
        parameterFunction: called with a dictionary {name: value, ...} per grid point
        parameters: {name: (begin, end, numberOfValues)} (as numpy.linspace) or
            {name: [v0, v1, ...]}; the last parameter varies fastest
        useLogSpace: ranges are spaced logarithmically (numpy.logspace)
        addComputationIndex: add 'computationIndex' (0, 1, ...) to every parameter dictionary
        useMultiProcessing: evaluate on numberOfThreads threads (default: number of CPUs)
        parameterFunctionData: passed to the function as parameterDict['functionData']
        useDask, daskScheduler: evaluate on a Dask cluster (local one, or at this address)

    Returns:
        [parameterDict, values]: parameterDict maps every name to the array of its values over
        all runs, values is the list of the function's results in the same order.
    """
    where = "ParameterVariation"
    if not callable(parameterFunction):
        raise TypeError(f"{where}: parameterFunction must be callable, got "
                        f"{type(parameterFunction).__name__}")
    if not isinstance(parameters, dict):
        raise TypeError(f"{where}: parameters must be a dict {{name: (begin, end, "
                        f"numberOfValues)}} or {{name: [values]}}, got {type(parameters).__name__}")
    _check_refused(where, kwargs, clusterHostNames)
    unknown = [k for k in kwargs if k not in _REFUSED]
    if unknown:
        raise TypeError(f"{where}: unknown argument(s) {unknown}")
    numberOfThreads = _check_threads(where, numberOfThreads)

    spaces, isInt = [], []
    for key, value in parameters.items():
        if isinstance(value, tuple):
            if len(value) != 3:
                raise ValueError(f"{where}: parameter '{key}': a range must be (begin, end, "
                                 f"numberOfValues), got {value!r}")
            begin, end, num = value
            if num == 0:
                raise ValueError(f"{where}: parameter '{key}': numberOfValues may not be zero")
            if int(num) != num or num < 0:
                raise ValueError(f"{where}: parameter '{key}': numberOfValues must be a "
                                 f"positive integer, got {num!r}")
            if begin > end:
                raise ValueError(f"{where}: parameter '{key}': begin must be <= end, got "
                                 f"begin={begin!r}, end={end!r}")
            num = int(num)
            if useLogSpace:
                if begin <= 0:
                    raise ValueError(f"{where}: parameter '{key}': useLogSpace needs begin > 0, "
                                     f"got {begin!r}")
                space = np.logspace(np.log10(begin), np.log10(end), num)
            else:
                space = np.linspace(begin, end, num)
            step = (end - begin + 1) / num
            isInt.append(_is_int(begin) and _is_int(end) and step == int(step))
        elif isinstance(value, list):
            space = value
            isInt.append(all(_is_int(v) for v in value))
        else:
            raise ValueError(f"{where}: parameter '{key}' must be a tuple (begin, end, "
                             f"numberOfValues) or a list of values, got {type(value).__name__}")
        spaces.append(space)

    sizes = [len(s) for s in spaces]
    nVariations = int(np.prod(sizes, dtype=int))
    if nVariations == 0:
        print(f"WARNING: {where}: number of variations = 0")
        return []
    if debugMode:
        print(f"{where}: number of variations = {nVariations}")

    parameterDict = {}
    for k, (key, space) in enumerate(zip(parameters, spaces)):
        before = int(np.prod(sizes[:k], dtype=int))
        after = int(np.prod(sizes[k + 1:], dtype=int))
        parameterDict[key] = np.kron(np.kron([1] * before, space), [1] * after)
    if addComputationIndex:
        parameterDict["computationIndex"] = np.arange(nVariations, dtype=int)

    flags = isInt + [True]
    parameterList = []
    for i in range(nVariations):
        ps = {}
        for (key, arr), asInt in zip(parameterDict.items(), flags):
            ps[key] = int(arr[i]) if asInt else float(arr[i])
        if parameterFunctionData:
            ps["functionData"] = parameterFunctionData
        parameterList.append(ps)

    values = ProcessParameterList(parameterFunction, parameterList, useMultiProcessing,
                                  showProgress=showProgress, numberOfThreads=numberOfThreads,
                                  useDask=useDask, daskScheduler=daskScheduler,
                                  resultsFile=resultsFile, parameters=parameters)
    return [parameterDict, values]


def _scalar(where, v):
    if isinstance(v, (float, int, np.floating, np.integer)) and not isinstance(v, bool):
        return float(v)
    a = np.asarray(v, dtype=float)
    return float(np.sqrt(np.dot(a.ravel(), a.ravel())))


def _check_bounds(where, parameters):
    if not isinstance(parameters, dict) or not parameters:
        raise TypeError(f"{where}: parameters must be a non-empty dict {{name: (begin, end)}}")
    for key, value in parameters.items():
        if not isinstance(value, (tuple, list)) or len(value) != 2:
            raise ValueError(f"{where}: parameter '{key}' must be a range (begin, end), got "
                             f"{value!r}")
        if value[1] - value[0] <= 0:
            raise ValueError(f"{where}: parameter '{key}' has a zero or negative range "
                             f"{tuple(value)!r} (needs begin < end)")


def GeneticOptimization(objectiveFunction, parameters, populationSize=100, numberOfGenerations=10,
                        elitistRatio=0.1, crossoverProbability=0.25, crossoverAmount=0.5,
                        rangeReductionFactor=0.7, distanceFactor=0.1, childDistribution="uniform",
                        distanceFactorGenerations=-1, debugMode=False, addComputationIndex=False,
                        useMultiProcessing=False, showProgress=True, clusterHostNames=[],
                        parameterFunctionData={}, **kwargs):
    """Minimize objectiveFunction(parameterDict) over the box parameters={name: (begin, end)}
    with a genetic algorithm (Exudyn's scheme: elitist survivors, optional gene crossover,
    children drawn around the survivors in a range shrinking by rangeReductionFactor per
    generation, survivors kept apart by distanceFactor).

    Extra keyword arguments as in Exudyn: initialPopulationSize, randomizerInitialization (seed
    of numpy's global random generator, for reproducible runs), numberOfThreads; coordyn adds
    useDask and daskScheduler. A list-valued objective is minimized in its 2-norm.

    Returns:
        [optimumParameter, optimumValue, parameterList, valueList]
    """
    where = "GeneticOptimization"
    if not callable(objectiveFunction):
        raise TypeError(f"{where}: objectiveFunction must be callable")
    _check_bounds(where, parameters)
    if childDistribution not in ("uniform", "normal"):
        raise ValueError(f"{where}: childDistribution must be 'uniform' or 'normal', got "
                         f"{childDistribution!r}")
    if int(populationSize) != populationSize or populationSize < 1:
        raise ValueError(f"{where}: populationSize must be a positive integer, got "
                         f"{populationSize!r}")
    if int(numberOfGenerations) != numberOfGenerations or numberOfGenerations < 1:
        raise ValueError(f"{where}: numberOfGenerations must be a positive integer, got "
                         f"{numberOfGenerations!r}")
    numberOfThreads = _check_threads(where, kwargs.pop("numberOfThreads", None))
    useDask = kwargs.pop("useDask", False)
    daskScheduler = kwargs.pop("daskScheduler", None)
    initialPopulationSize = kwargs.pop("initialPopulationSize", populationSize)
    resultsFile = kwargs.pop("resultsFile", "")
    resultsCnt = 0
    survivors = int(elitistRatio * populationSize)
    if "survivingIndividuals" in kwargs:
        survivors = kwargs.pop("survivingIndividuals")
    if "numberOfChildren" in kwargs:
        raise ValueError(f"{where}: numberOfChildren was removed in Exudyn 1.11; use "
                         "populationSize and elitistRatio")
    if "randomizerInitialization" in kwargs:
        seed = kwargs.pop("randomizerInitialization")
        if not _is_int(seed) or not 0 <= seed < 2**32:
            raise ValueError(f"{where}: randomizerInitialization must be an integer in "
                             f"[0, 2**32), got {seed!r}")
        np.random.seed(seed)
    _check_refused(where, kwargs, clusterHostNames)
    unknown = [k for k in kwargs if k not in _REFUSED]
    if unknown:
        raise TypeError(f"{where}: unknown argument(s) {unknown}")
    if survivors < 1:
        survivors = 1
        print(f"WARNING: {where}: elitistRatio*populationSize < 1: keeping 1 survivor")
    if distanceFactor >= 1:
        distanceFactor = 0.5
        print(f"WARNING: {where}: distanceFactor >= 1, using 0.5")
    if distanceFactorGenerations < 0:
        distanceFactorGenerations = numberOfGenerations + 1

    keys = list(parameters)
    lo = {k: parameters[k][0] for k in keys}
    hi = {k: parameters[k][1] for k in keys}
    width = {k: hi[k] - lo[k] for k in keys}
    dim = len(keys)

    def draw(a, b, vmin, vmax):
        v = vmax + 1
        while v < vmin or v > vmax:
            if childDistribution == "uniform":
                v = np.random.uniform(a, b)
            else:
                v = np.random.normal(loc=0.5 * (a + b), scale=0.5 * (b - a))
        return v

    generation = [{k: np.random.uniform(lo[k], hi[k]) for k in keys}
                  for _ in range(initialPopulationSize)]
    allParams, valueList = [], []
    elite, eliteValues = [], []
    optimumParameter, optimumValue = None, None
    for gen in range(numberOfGenerations):
        for i, ind in enumerate(generation):
            AddComputationIndexAndFunctionData(ind, i, addComputationIndex, parameterFunctionData)
        values = ProcessParameterList(objectiveFunction, generation, useMultiProcessing,
                                      showProgress=False, numberOfThreads=numberOfThreads,
                                      useDask=useDask, daskScheduler=daskScheduler)
        resultsCnt = WriteToFile(resultsFile, parameters, generation, values, resultsCnt,
                                 writeHeader=(gen == 0), multiProcessingMode=(
                                     f"threads, {numberOfThreads}" if useMultiProcessing else ""))
        for ind in generation:
            ind.pop("computationIndex", None)
            ind.pop("functionData", None)
        allParams += generation
        valueList += list(values)
        pool = generation + elite
        poolValues = list(values) + eliteValues
        scalars = np.array([_scalar(where, v) for v in poolValues])
        order = np.argsort(scalars, kind="stable")
        if showProgress:
            print(f"{where}: generation {gen + 1} / {numberOfGenerations}, best value "
                  f"{scalars[order[0]]:.6g}", flush=True)
        if gen == numberOfGenerations - 1:
            optimumParameter = pool[int(order[0])]
            optimumValue = float(scalars[order[0]])
            break
        shrink = rangeReductionFactor ** (gen + 1)
        elite, eliteValues = [], []
        nKeep = min(survivors, len(order))
        if distanceFactor == 0 or gen >= distanceFactorGenerations:
            for j in order[:nKeep]:
                elite.append(pool[int(j)])
                eliteValues.append(poolValues[int(j)])
        else:
            dist = [1.0] * len(pool)
            for j in order:
                if len(elite) >= nKeep:
                    break
                j = int(j)
                if dist[j] <= distanceFactor:
                    continue
                elite.append(pool[j])
                eliteValues.append(poolValues[j])
                for m in range(len(pool)):
                    d = np.sqrt(sum((pool[j][k] - pool[m][k])**2 / width[k]**2
                                    for k in keys) / dim)
                    dist[m] = min(dist[m], d)
        if debugMode:
            print(f"{where}: best values {scalars[order[:4]]}")
        generation = []
        if not elite:
            print(f"WARNING: {where}: no survivors, stopping")
            break
        while len(generation) < populationSize:
            for parent in elite:
                parents = [parent]
                children = [{}]
                if crossoverProbability > 0 and np.random.random() < crossoverProbability:
                    p0 = elite[np.random.randint(len(elite))]
                    p1 = elite[np.random.randint(len(elite))]
                    parents = [p0, p1]
                    children = [{}, {}]
                    for k in keys:
                        if np.random.random() < crossoverAmount:
                            children[0][k], children[1][k] = p1[k], p0[k]
                for par, child in zip(parents, children):
                    for k in keys:
                        r = width[k] * shrink
                        a = max(par[k] - 0.5 * r, lo[k])
                        b = min(par[k] + 0.5 * r, hi[k])
                        child[k] = draw(a, b, lo[k], hi[k])
                    if len(generation) < populationSize:
                        generation.append({k: child[k] for k in keys})
    parameterList = {k: np.array([p[k] for p in allParams]) for k in keys}
    return [optimumParameter, optimumValue, parameterList, valueList]


def Minimize(objectiveFunction, parameters, initialGuess=[], method='Nelder-Mead', tol=1e-4,
             options={}, enforceBounds=True, debugMode=False, showProgress=True,
             addComputationIndex=False, storeFunctionValues=True, **kwargs):
    """Minimize objectiveFunction(parameterDict) with scipy.optimize.minimize, with the interface
    of GeneticOptimization.

    parameters={name: (begin, end)} gives the bounds (and the initial guess, their midpoints,
    when initialGuess is empty); enforceBounds clips the trial parameters to the bounds; the
    keyword useScipyBounds=True passes the bounds to scipy instead. storeFunctionValues
    evaluates the objective once more per iteration to fill valueList.

    Returns:
        [optimumParameter, optimumValue, parameterList, valueList]
    """
    where = "Minimize"
    try:
        from scipy import optimize
    except ImportError as exc:
        raise ImportError(f"{where} needs scipy (pip install scipy)") from exc
    if not callable(objectiveFunction):
        raise TypeError(f"{where}: objectiveFunction must be callable")
    _check_bounds(where, parameters)
    useScipyBounds = bool(kwargs.pop("useScipyBounds", False))
    resultsFile = kwargs.pop("resultsFile", "")
    args = kwargs.pop("args", None)
    if args:
        raise ValueError(f"{where}: args is not supported; pass data through the parameter "
                         "function's closure")
    _check_refused(where, kwargs, [])
    unknown = [k for k in kwargs if k not in _REFUSED]
    if unknown:
        raise TypeError(f"{where}: unknown argument(s) {unknown}")
    keys = list(parameters)
    n = len(keys)
    bounds = tuple(tuple(parameters[k]) for k in keys)
    x0 = list(initialGuess)
    if not x0:
        x0 = [float(np.mean(b)) for b in bounds]
    elif len(x0) != n:
        raise ValueError(f"{where}: initialGuess has {len(x0)} values, parameters has {n}")
    maxiter = options.get("maxiter", 200 * n)

    def to_dict(x):
        d = {k: x[i] for i, k in enumerate(keys)}
        if addComputationIndex:
            d["computationIndex"] = 0
        return d

    history = {k: [] for k in keys}
    valueList = []
    count = [0]

    def record(x, *_):
        for i, k in enumerate(keys):
            history[k].append(x[i])
        count[0] += 1
        if storeFunctionValues or resultsFile:
            valueList.append(objectiveFunction(to_dict(x)))
            WriteToFile(resultsFile, parameters, [to_dict(x)], [valueList[-1]], count[0] - 1,
                        writeHeader=(count[0] == 1),
                        fileType=f"optimization using scipy.optimize.minimize(method={method})")
        if showProgress:
            last = f", loss: {valueList[-1]:.3g}" if valueList and \
                np.isscalar(valueList[-1]) else ""
            print(f"{where}: iteration {count[0]} / {maxiter}{last}", flush=True)

    def fun(x):
        if enforceBounds and not useScipyBounds:
            for i, (a, b) in enumerate(bounds):
                x[i] = min(max(x[i], min(a, b)), max(a, b))
        return objectiveFunction(to_dict(x))

    res = optimize.minimize(fun, x0, method=method, tol=tol, options=options,
                            bounds=bounds if useScipyBounds else None, callback=record)
    record(res["x"])
    if debugMode:
        print(res)
    optimumParameter = {k: res["x"][i] for i, k in enumerate(keys)}
    return [optimumParameter, res["fun"], history, valueList]


def ComputeSensitivities(parameterFunction, parameters, scaledByReference=False, debugMode=False,
                         addComputationIndex=False, useMultiProcessing=False, showProgress=True,
                         parameterFunctionData=dict(), **kwargs):
    """Finite-difference sensitivities of parameterFunction's outputs to each parameter, varied
    one at a time around a reference.

    parameters: {name: (reference, relativeStep, numberOfSteps)}; numberOfSteps > 0 evaluates
    reference*(1 + j*relativeStep) for j = -n..-1, 1..n and takes the central difference of
    j = -1 and j = 1; numberOfSteps = 0 (or a 2-tuple (reference, relativeStep), or a plain
    reference value with relativeStep 1e-3) takes the forward difference of j = 1 and the
    reference. A varied value that is exactly 0 is moved to max(relativeStep, 1e-6).

    Returns:
        [parameterList, valRef, valuesSorted, sensitivity]: the parameter dictionaries
        evaluated (the reference first), the reference result, {name: array of the results of
        that parameter's variations}, and sensitivity[i, j] = d output j / d parameter i
        (times the reference of parameter i if scaledByReference).
    """
    where = "ComputeSensitivities"
    if not callable(parameterFunction):
        raise TypeError(f"{where}: parameterFunction must be callable")
    if not isinstance(parameters, dict) or not parameters:
        raise TypeError(f"{where}: parameters must be a non-empty dict {{name: (reference, "
                        f"relativeStep, numberOfSteps)}}")
    numberOfThreads = _check_threads(where, kwargs.pop("numberOfThreads", None))
    useDask = kwargs.pop("useDask", False)
    daskScheduler = kwargs.pop("daskScheduler", None)
    resultsFile = kwargs.pop("resultsFile", "")
    _check_refused(where, kwargs, [])
    unknown = [k for k in kwargs if k not in _REFUSED]
    if unknown:
        raise TypeError(f"{where}: unknown argument(s) {unknown}")
    keys = list(parameters)
    spec = {}
    for key in keys:
        v = parameters[key]
        if not hasattr(v, "__iter__"):
            v = (v, 1e-3)
        v = tuple(v)
        if len(v) == 2:
            v = v + (0,)
        if len(v) != 3 or int(v[2]) != v[2] or v[2] < 0:
            raise ValueError(f"{where}: parameter '{key}' must be (reference, relativeStep, "
                             f"numberOfSteps >= 0), (reference, relativeStep) or a reference "
                             f"value, got {parameters[key]!r}")
        if v[1] == 0:
            raise ValueError(f"{where}: parameter '{key}': relativeStep may not be zero")
        spec[key] = (v[0], v[1], int(v[2]))

    reference = {k: spec[k][0] for k in keys}
    parameterList = [dict(reference)]
    blocks = []  # per parameter: (first index, count, backward index, forward index)
    for key in keys:
        ref, step, n = spec[key]
        first = len(parameterList)
        factors = [1 + step] if n == 0 else [1 + j * step for j in
                                               list(range(-n, 0)) + list(range(1, n + 1))]
        for f in factors:
            ps = dict(reference)
            ps[key] = ref * f
            if ps[key] == 0:
                ps[key] += max(step, 1e-6)
            parameterList.append(ps)
        if n == 0:
            blocks.append((first, 1, 0, first))
        else:
            blocks.append((first, 2 * n, first + n - 1, first + n))
        if debugMode:
            print(f"{where}: vary {key} by {step} in {max(n, 1)} step(s)")
    if addComputationIndex:
        for i in range(1, len(parameterList)):
            parameterList[i]["computationIndex"] = i
    if parameterFunctionData:
        for ps in parameterList:
            ps["functionData"] = parameterFunctionData

    values = ProcessParameterList(parameterFunction, parameterList, useMultiProcessing,
                                  showProgress=showProgress, numberOfThreads=numberOfThreads,
                                  useDask=useDask, daskScheduler=daskScheduler,
                                  resultsFile=resultsFile, parameters=spec)
    if not hasattr(values[0], "__iter__"):
        values = np.reshape(values, [-1, 1])
    nOut = len(values[0])
    sensitivity = np.zeros([len(keys), nOut])
    valuesSorted = {}
    for i, (key, (first, count, ib, iF)) in enumerate(zip(keys, blocks)):
        dp = parameterList[iF][key] - parameterList[ib][key]
        if dp == 0:
            raise ValueError(f"{where}: parameter '{key}': its reference is 0, so relative "
                             "steps do not vary it; use numberOfSteps=0 (forward difference)")
        for j in range(nOut):
            sensitivity[i][j] = (values[iF][j] - values[ib][j]) / dp
            if scaledByReference:
                sensitivity[i][j] *= parameterList[0][key]
        valuesSorted[key] = np.array(values[first:first + count])
    return [parameterList, values[0], valuesSorted, sensitivity]


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from copy import deepcopy  # noqa: E402,F401

from ._libmisc import DeprecatedArgument, docmeta  # noqa: E402,F401
from .advancedUtilities import IsEmptyList, IsInteger  # noqa: E402,F401
from .basicUtilities import (CreateDirectoryForFile, OutputFilePath,  # noqa: E402,F401
                             UIWindowSuppressed)
