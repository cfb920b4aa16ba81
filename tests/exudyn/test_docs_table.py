"""docs/coming_from_exudyn.rst carries the status tables generated from the data in
coordyn.exudyn._status (modules, missing functions and items, top-level names, settings that
warn); regenerate them with
python -c "from coordyn.exudyn._status import write_docs; write_docs()"."""
import os

from coordyn.exudyn._status import BEGIN, END, render_rst
from conftest import REPO


def test_status_tables_are_up_to_date():
    text = open(os.path.join(str(REPO), "docs", "coming_from_exudyn.rst")).read()
    generated = BEGIN + text.split(BEGIN, 1)[1].split(END, 1)[0] + END + "\n"
    assert generated == render_rst(), "regenerate: " + __doc__.splitlines()[-1]


def test_tables_name_every_stand_in():
    text = render_rst()
    for name in ("ObjectFFRF", "exu.GeneralContact", "interactive.InteractiveDialog",
                 "exudyn.robotics.motion", "robotics.utilities.AddLidar",
                 "timeIntegration.adaptiveStepDecrease"):
        assert name in text, name
