"""Small library helpers that Exudyn's Python modules carry as module attributes (they come from
exudyn.misc): the deprecation decorators, the documentation-metadata decorator and ``extends``.
coordyn's modules hold them under the same names, so ``exudyn.X.Deprecated`` and the like
resolve when a script runs on coordyn."""
from __future__ import annotations

import functools
import sys
import warnings

__all__ = ["Deprecated", "DeprecatedArgument", "docmeta", "extends"]


def _library_name(module, name):
    """'module.name' without a leading 'coordyn.' or 'exudyn.'"""
    for prefix in ("coordyn.", "exudyn."):
        if module.startswith(prefix):
            module = module[len(prefix):]
    return f"{module}.{name}"


def _message(name, since, expires, use):
    text = f"{name} is deprecated since {since} and removed in {expires}"
    return text + (f"; use {use} instead" if use else "")


class Deprecated:
    """Decorator of a deprecated function, ``@Deprecated(since, expires, use='...')``: each call
    issues a DeprecationWarning 'module.function is deprecated since <since> and removed in
    <expires>; use <use> instead' (pointing at the caller's line) and returns what the
    function returns."""

    def __init__(self, since, expires, use=""):
        self.since, self.expires, self.use = since, expires, use

    def __call__(self, function):
        message = _message(_library_name(function.__module__, function.__qualname__),
                           self.since, self.expires, self.use)

        @functools.wraps(function)
        def deprecated(*args, **kwargs):
            warnings.warn(message, DeprecationWarning, stacklevel=2)
            return function(*args, **kwargs)
        return deprecated


def DeprecatedArgument(argument, since, expires, use="", function=None, stackLevel=3):
    """Called by a function that received the deprecated argument: issues a DeprecationWarning
    'the argument <function>.<argument> is deprecated since ...'. function is the name to report
    (default: module and name of the calling function); stackLevel 3 points at the line that
    called the calling function."""
    if function is None:
        frame = sys._getframe(1)
        function = _library_name(frame.f_globals.get("__name__", ""), frame.f_code.co_name)
    name = f"{function}.{argument}"
    warnings.warn(_message("the argument " + name, since, expires, use), DeprecationWarning,
                  stacklevel=stackLevel)


def docmeta(*, author=None, date=None, status=None, public=True):
    """Decorator that attaches documentation metadata to a function or class, as the dict
    ``__docmeta__`` = {'author', 'date', 'status', 'public'}; the item itself is unchanged."""
    def attach(item):
        item.__docmeta__ = {"author": author, "date": date, "status": status, "public": public}
        return item
    return attach


def extends(cls, name=None):
    """Decorator that makes a function a method of cls under name (default: the function's name
    with cls's name removed from its front, MainSystemCreateX -> CreateX) and returns the
    function unchanged. coordyn binds the method at once (Exudyn binds at its next install());
    a name that cls already has raises AttributeError, as Exudyn's install does."""
    def register(function):
        method = name
        if method is None:
            method = function.__name__
            if method.startswith(cls.__name__):
                method = method[len(cls.__name__):]
        key = (method, function.__qualname__)
        if hasattr(cls, method) and getattr(getattr(cls, method), "_coordyn_extension",
                                            None) != key:
            raise AttributeError(f"extends: {cls.__name__}.{method} already exists; the "
                                 f"function {function.__module__}.{function.__qualname__} "
                                 "cannot be bound under this name")
        function._coordyn_extension = key
        setattr(cls, method, function)
        return function
    return register
