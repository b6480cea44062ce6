#!/usr/bin/env python3
"""Print the subfolders of DIR that hold a meson.build, one per line.

meson has no glob; engines/ uses this so that adding an engine is adding a
folder, with no central list to edit.
"""
import os
import sys

root = sys.argv[1]
for name in sorted(os.listdir(root)):
    if os.path.isfile(os.path.join(root, name, "meson.build")):
        print(name)
