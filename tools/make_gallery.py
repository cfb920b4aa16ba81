"""Writes the gallery's pictures (docs/images/gallery/*.png, *.gif) with examples/animations.py.

    python tools/make_gallery.py

tests/examples runs the same example and compares its pictures with these files."""
import os
import runpy
import shutil
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.path.join(REPO, "docs", "images", "gallery")

if __name__ == "__main__":
    ns = runpy.run_path(os.path.join(REPO, "examples", "animations.py"), run_name="gallery")
    folder = tempfile.mkdtemp(prefix="coordyn_gallery_")
    result = ns["main"](folder)
    os.makedirs(TARGET, exist_ok=True)
    for r in result.values():
        for key in ("png", "gif"):
            shutil.copy(r[key], TARGET)
    shutil.rmtree(folder)
    print("gallery written to", TARGET)
