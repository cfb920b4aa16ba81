"""Create* helpers of MainSystem (filled in by coordyn.create; see install)."""


def install(cls):
    """Attach the Create* functions of this module to MainSystem."""
    for name, fn in list(globals().items()):
        if name.startswith("Create") and callable(fn):
            setattr(cls, name, fn)
